package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/variants"
)

const compareUsage = `Usage: queens compare [FILE|DIR|NAME ...] [--limit N] [--timeout D] [--format text|json]

Solves each variant with both solvers, the bitboard backtracker and SAT (gini), and shows that they agree:
both count; when the count is at most --limit both also list every solution, each is checked against the
model's definition of attack, and the two sets must be equal (compared by digests, in constant memory);
then the file's expectations are checked. With no arguments, the built-in catalog; a NAME is a built-in
variant ('queens list'). Exit 1 on any disagreement or unmet expectation.

Examples:
  queens compare                             the built-in catalog
  queens compare superqueens-10 classic-8    built-in variants by name
  queens compare testdata/variants/good      every variant file in a folder
  queens compare my.yaml --format json --timeout 1m
`

// compareRow is one variant's line of the comparison.
type compareRow struct {
	v      variants.Variant
	c      solvers.Comparison
	unique *uint64
	expect error
}

func runCompare(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "compare", compareUsage)
	limit := fs.Uint64("limit", 100000, fmt.Sprintf("compare the solution sets when there are at most this many solutions (at most %d)", solvers.MaxCompareLimit))
	format := fs.String("format", "text", "output: text or json")
	threads := fs.Int("threads", 0, fmt.Sprintf("goroutines per solver, at most %d (default: one per core)", solvers.MaxThreads()))
	timeout := fs.Duration("timeout", 0, "stop after this long, with what was compared so far (e.g. 5m)")
	if err := parse(fs, args); err != nil {
		return err
	}
	switch {
	case *format != "text" && *format != "json":
		return usagef("--format %q: want text or json", *format)
	case *threads < 0 || *threads > solvers.MaxThreads():
		return usagef("--threads %d: want 0 (one per core) to %d (4 per core)", *threads, solvers.MaxThreads())
	case *limit > solvers.MaxCompareLimit:
		return usagef("--limit %d: at most %d (listing more from both solvers would take days)", *limit, solvers.MaxCompareLimit)
	case *timeout < 0:
		return usagef("--timeout %v: must not be negative", *timeout)
	}
	vs, err := whileLoading(ctx, func() ([]variants.Variant, error) { return loadVariants(fs.Args()) })
	if err != nil {
		return err
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	return compareVariants(ctx, e, vs, *limit, *threads, *format, *timeout)
}

// loadVariants loads the files, folders and built-in names given, or the catalog when none is.
func loadVariants(paths []string) ([]variants.Variant, error) {
	if len(paths) == 0 {
		return variants.Catalog()
	}
	var all []variants.Variant
	for _, p := range paths {
		info, err := os.Stat(p)
		if err == nil && info.IsDir() {
			vs, err := variants.LoadDir(p)
			if err != nil {
				return nil, &usageError{err.Error()}
			}
			all = append(all, vs...)
			continue
		}
		v, err := loadVariant(p)
		if err != nil {
			return nil, err
		}
		all = append(all, v)
	}
	return all, nil
}

func compareVariants(ctx context.Context, e *env, vs []variants.Variant, limit uint64, threads int, format string, timeout time.Duration) error {
	start := e.now()
	bt, st := backtrack.New(backtrack.Threads(threads)), sat.New(sat.Workers(threads))
	var rows []compareRow
	failed := 0
	var table *rowWriter
	if format == "text" {
		table = newRowWriter(e, vs)
	}
	// stopped ends a run that ctx cut short after i variants: the JSON report says what was compared
	// (the text table has shown it row by row), and the error says how far it got.
	stopped := func(i int) error {
		if format == "json" {
			if err := writeCompareJSON(e, rows, e.now().Sub(start), i, len(vs)); err != nil {
				return err
			}
		}
		return &interrupted{cause: ctx.Err(), timeout: timeout, done: fmt.Sprintf("%d of %d variants compared", i, len(vs))}
	}
	for i, v := range vs {
		if e.stderrTerminal {
			fmt.Fprintf(e.stderr, "\r[%d/%d] %s\x1b[K", i+1, len(vs), escape(v.Name))
		}
		o := compareRow{v: v}
		c, err := solvers.Compare(ctx, v.Model, limit, bt, st)
		if e.stderrTerminal {
			fmt.Fprint(e.stderr, "\r\x1b[K")
		}
		if err != nil {
			if ctx.Err() != nil {
				return stopped(i)
			}
			return err
		}
		o.c, o.unique = c, c.Unique
		if o.unique == nil && v.Expect.Unique != nil && c.Agree() {
			// The sets were too large to compare; count the classes with the backtracker alone.
			res, err := solvers.CountUnique(ctx, bt, v.Model)
			if err != nil {
				if ctx.Err() != nil {
					return stopped(i)
				}
				return err
			}
			o.unique = res.Unique
		}
		if c.Agree() {
			o.expect = v.Expect.Check(c.Count(), o.unique)
		}
		if !c.Agree() || o.expect != nil {
			failed++
		}
		rows = append(rows, o)
		if table != nil {
			if err := table.row(o); err != nil {
				return err
			}
		}
	}
	elapsed := e.now().Sub(start)
	var err error
	if format == "json" {
		err = writeCompareJSON(e, rows, elapsed, len(vs), len(vs))
	} else {
		err = writeCompareSummary(e, rows, elapsed, limit)
	}
	if err != nil {
		return err
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d variants disagree or miss their expectations", failed, len(rows))
	}
	return nil
}

func runTime(r solvers.Run) string {
	return fmt.Sprintf("%.3fs", r.Elapsed.Seconds())
}

// rowWriter prints the comparison table a row at a time, in columns sized before the first row.
type rowWriter struct {
	e    *env
	name int
}

func newRowWriter(e *env, vs []variants.Variant) *rowWriter {
	w := &rowWriter{e: e, name: len("variant")}
	for _, v := range vs {
		w.name = max(w.name, len([]rune(escape(v.Name))))
	}
	fmt.Fprintf(e.stdout, "%-*s  %12s  %8s  %12s  %8s  %8s  %6s  %s\n", w.name, "variant", "backtrack", "time", "sat", "time", "unique", "agree", "expectation")
	return w
}

func (w *rowWriter) row(o compareRow) error {
	agree := "yes"
	if !o.c.Agree() {
		agree = "NO"
	} else if !o.c.SetsCompared {
		agree = "counts"
	}
	expect := "met"
	switch {
	case !o.c.Agree():
		expect = "-"
	case o.expect != nil:
		expect = "UNMET"
	case o.v.Expect.IsZero():
		expect = "none"
	}
	unique := "-"
	if o.unique != nil {
		unique = fmt.Sprint(*o.unique)
	}
	b, s := o.c.Runs[0], o.c.Runs[1]
	_, err := fmt.Fprintf(w.e.stdout, "%-*s  %12d  %8s  %12d  %8s  %8s  %6s  %s\n", w.name, escape(o.v.Name), b.Result.Count, runTime(b),
		s.Result.Count, runTime(s), unique, agree, expect)
	return err
}

// writeCompareSummary lists every problem on stderr and the verdict on stdout.
func writeCompareSummary(e *env, rows []compareRow, elapsed time.Duration, limit uint64) error {
	bad, counts := 0, 0
	for _, o := range rows {
		if o.c.Agree() && !o.c.SetsCompared {
			counts++
		}
		for _, p := range o.c.Problems {
			fmt.Fprintf(e.stderr, "%s: %s\n", escape(o.v.Source), escape(p))
		}
		if o.expect != nil {
			fmt.Fprintf(e.stderr, "%s: %s\n", escape(o.v.Source), escape(o.expect.Error()))
		}
		if !o.c.Agree() || o.expect != nil {
			bad++
		}
	}
	if counts > 0 {
		// The agree column's "counts": a word of its own, which the table does not explain.
		fmt.Fprintf(e.stdout, "(agree \"counts\": the counts agree; sets of more than %d solutions were not listed, see queens compare --limit)\n", limit)
	}
	if bad == 0 {
		_, err := fmt.Fprintf(e.stdout, "%d %s: both solvers agree, every expectation met (%.2fs)\n", len(rows), plural(uint64(len(rows)), "variant", "variants"), elapsed.Seconds())
		return err
	}
	_, err := fmt.Fprintf(e.stdout, "%d %s: %d %s or %s their expectations (%.2fs)\n", len(rows), plural(uint64(len(rows)), "variant", "variants"), bad, plural(uint64(bad), "disagrees", "disagree"), plural(uint64(bad), "misses", "miss"), elapsed.Seconds())
	return err
}

type runJSON struct {
	Count   uint64  `json:"count"`
	Seconds float64 `json:"seconds"`
}

type compareJSON struct {
	Variant      string    `json:"variant"`
	Source       string    `json:"source"`
	Model        modelJSON `json:"model"`
	Backtrack    runJSON   `json:"backtrack"`
	SAT          runJSON   `json:"sat"`
	Unique       *uint64   `json:"unique,omitempty"`
	Agree        bool      `json:"agree"`
	SetsCompared bool      `json:"sets_compared"`
	Expect       string    `json:"expect"`
	ExpectMet    bool      `json:"expect_met"`
	Problems     []string  `json:"problems"`
}

// writeCompareJSON writes the report of the rows, done of total variants compared: "complete" is false,
// and "compared" says how far it got, when a run was cut short.
func writeCompareJSON(e *env, rows []compareRow, elapsed time.Duration, done, total int) error {
	all := struct {
		Variants []compareJSON `json:"variants"`
		Agree    bool          `json:"agree"`
		Met      bool          `json:"expectations_met"`
		Complete bool          `json:"complete"`
		Compared tasksJSON     `json:"compared"`
		Seconds  float64       `json:"elapsed_seconds"`
	}{Variants: []compareJSON{}, Agree: true, Met: true, Complete: done == total, Compared: tasksJSON{done, total}, Seconds: elapsed.Seconds()}
	for _, o := range rows {
		b, s := o.c.Runs[0], o.c.Runs[1]
		j := compareJSON{Variant: o.v.Name, Source: o.v.Source, Model: toJSON(o.v.Model),
			Backtrack: runJSON{b.Result.Count, b.Elapsed.Seconds()}, SAT: runJSON{s.Result.Count, s.Elapsed.Seconds()},
			Unique: o.unique, Agree: o.c.Agree(), SetsCompared: o.c.SetsCompared, Expect: o.v.Expect.String(),
			ExpectMet: o.c.Agree() && o.expect == nil, Problems: append([]string{}, o.c.Problems...)}
		if o.expect != nil {
			j.Problems = append(j.Problems, o.expect.Error())
		}
		all.Agree = all.Agree && j.Agree
		all.Met = all.Met && j.ExpectMet
		all.Variants = append(all.Variants, j)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(all); err != nil {
		return err
	}
	_, err := e.stdout.Write(jsonEscape(buf.Bytes()))
	return err
}
