package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/internal/source"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/variants"
)

const compareUsage = `Usage: queens compare [MODEL|DIR ... | model flags [--sweep P=A..B]] [--timeout D] [--format F]

Solves each variant with both solvers, the bitboard backtracker and SAT (gini), and shows that they agree:
both count; when the count is at most --limit both also list every solution, each is checked against the
model's definition of attack, and the two sets must be equal (compared by digests, in constant memory);
then the file's expectations are checked. With no arguments, the built-in catalog. A MODEL is a built-in
name ('queens list'), a variant file, - for stdin, a puzz.link URL, a level JSON or a letter grid; a DIR,
every variant file in it; or the model flags describe one model. Exit 1 on any disagreement or unmet
expectation.

--sweep PARAM=FROM..TO counts a model given by flags with both solvers at each value, each count under
its own --timeout (a solver that times out is not run again): a row per value with counts, times, peak
heap and agreement; --format csv or json, --plot FILE.svg for the times on a log scale.

Examples:
  queens compare                             the built-in catalog
  queens compare -n 10 --knight              one model given by flags
  queens compare --attacks queen,knight --sweep n=4..14 --timeout 10s --plot times.svg
  queens compare superqueens-10 classic-8    built-in variants by name
  queens compare testdata/variants/good my.yaml --format json --timeout 1m
`

// compareRow is one variant's line of the comparison.
type compareRow struct {
	v      variants.Variant
	c      solvers.Comparison
	unique *uint64
	expect error
	// stopped, when set, is why the comparison of this variant was cut short ("timed out after 2s"):
	// the runs that finished are shown, the others marked so.
	stopped string
}

func runCompare(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "compare", compareUsage)
	var mf modelFlags
	mf.register(fs)
	limit := fs.Uint64("limit", 100000, fmt.Sprintf("compare the solution sets when there are at most this many solutions (at most %d)", solvers.MaxCompareLimit))
	format := fs.String("format", "text", "output: text, json, or csv (with --sweep)")
	threads := fs.Int("threads", 0, fmt.Sprintf("goroutines per solver, at most %d (default: one per core)", solvers.MaxThreads()))
	timeout := fs.Duration("timeout", 0, "stop after this long, with what was compared so far (with --sweep: each count's limit)")
	sweepFlag := fs.String("sweep", "", "compare the counts at each value of one model flag: `PARAM=FROM..TO` (n, rows, cols, queens)")
	plot := fs.String("plot", "", "with --sweep, draw the times against the parameter in `FILE.svg`")
	if err := parse(fs, args); err != nil {
		return err
	}
	formats := []string{"text", "json"}
	if *sweepFlag != "" {
		formats = append(formats, "csv")
	}
	if err := oneOf("--format", *format, formats...); err != nil {
		if *format == "csv" {
			return usagef("--format csv writes a sweep's rows: add --sweep PARAM=FROM..TO")
		}
		return err
	}
	switch {
	case fs.Changed("plot") && *plot == "":
		return usagef("--plot: give a file name, FILE.svg (leave the flag out for no plot)")
	case *plot != "" && *sweepFlag == "":
		return usagef("--plot draws a sweep: add --sweep PARAM=FROM..TO")
	case *threads < 0 || *threads > solvers.MaxThreads():
		return usagef("--threads %d: want 0 (one per core) to %d (4 per core)", *threads, solvers.MaxThreads())
	case *limit > solvers.MaxCompareLimit:
		return usagef("--limit %d: at most %d (listing more from both solvers would take days)", *limit, solvers.MaxCompareLimit)
	case *timeout < 0:
		return usagef("--timeout %v: must not be negative", *timeout)
	}
	if *sweepFlag != "" {
		sw, err := parseSweep(*sweepFlag)
		if err != nil {
			return err
		}
		if fs.Changed("limit") {
			return usagef("--limit bounds the solution sets compared; a sweep compares counts (leave it out)")
		}
		return runSweep(ctx, e, fs, &mf, sw, *threads, *timeout, *format, *plot)
	}
	if *timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *timeout)
		defer cancel()
	}
	vs, err := whileLoading(ctx, func() ([]variants.Variant, error) { return mf.variants(ctx, e, fs) })
	var ie *interrupted
	if errors.As(err, &ie) {
		if ie.done == "" {
			ie.done = "while reading the models"
		}
		if *format == "json" {
			// The document says that nothing was compared, as a run stopped later says how far it got.
			if err := writeCompareJSON(e, nil, 0, 0, 0, false); err != nil {
				return err
			}
		}
		return withTimeoutOf(err, *timeout)
	}
	if err != nil {
		return err
	}
	return compareVariants(ctx, e, vs, *limit, *threads, *format, *timeout)
}

// variants returns the variants to compare: the one model the flags describe, or every source given as an
// argument (or by --variant), a folder's variant files, or the catalog when nothing is given.
func (f *modelFlags) variants(ctx context.Context, e *env, fs *pflag.FlagSet) ([]variants.Variant, error) {
	paths := fs.Args()
	if fs.Changed("variant") {
		paths = append(paths, f.variant)
	}
	if f.set(fs) || f.preset.linkedin || f.preset.starbattle.set {
		if len(paths) > 0 {
			return nil, usagef("%s and the model flags both give models: give one or the other", escape(paths[0]))
		}
		m, _, err := f.model(ctx, e, fs)
		if err != nil {
			return nil, err
		}
		name := escape(m.String())
		return []variants.Variant{{Name: name, Source: "flags", Model: m}}, nil
	}
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
		l, err := source.Load(ctx, p, source.Options{Stars: f.stars.v, Stdin: e.stdin})
		if err != nil {
			return nil, sourceError(err, p)
		}
		all = append(all, l.Variant)
	}
	return all, nil
}

func compareVariants(ctx context.Context, e *env, vs []variants.Variant, limit uint64, threads int, format string, timeout time.Duration) error {
	start := e.now()
	bt, st := solverPair(threads)
	var rows []compareRow
	failed := 0
	var table *rowWriter
	if format == "text" {
		table = newRowWriter(e, vs)
	}
	// stopped ends a run that ctx cut short after i variants, in the comparison c of the next one: its
	// row shows the solver that finished and marks the other; the JSON report says what was compared
	// (the text table has shown it row by row), and the error says how far it got.
	stopped := func(i int, c solvers.Comparison) error {
		why := (&interrupted{cause: ctx.Err(), timeout: timeout}).Error()
		if len(c.Runs) > 0 {
			o := compareRow{v: vs[i], c: c, stopped: why}
			rows = append(rows, o)
			if table != nil {
				if err := table.row(o); err != nil {
					return err
				}
			}
		}
		if format == "json" {
			if err := writeCompareJSON(e, rows, e.now().Sub(start), i, len(vs), false); err != nil {
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
				return stopped(i, c)
			}
			return err
		}
		o.c, o.unique = c, c.Unique
		if o.unique == nil && v.Expect.Unique != nil && c.Agree() {
			// The sets were too large to compare; count the classes with the backtracker alone.
			res, err := solvers.CountUnique(ctx, bt, v.Model)
			if err != nil {
				if ctx.Err() != nil {
					return stopped(i, c)
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
		err = writeCompareJSON(e, rows, elapsed, len(vs), len(vs), true)
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

// solverPair returns the two solvers compare holds together: never auto, always both independent paths.
func solverPair(threads int) (solvers.Solver, solvers.Solver) {
	return router.New(router.NativeOnly(), router.Threads(threads)), sat.New(sat.Workers(threads))
}

// runCells are a run's two cells of the table, count and time; a run cut short says so across both:
// "timed out" "after 2s".
func runCells(o compareRow, i int) (string, string) {
	if i >= len(o.c.Runs) {
		return "-", "not run"
	}
	r := o.c.Runs[i]
	if o.stopped != "" && r.Err != nil {
		what, after, _ := strings.Cut(o.stopped, " after ")
		if after == "" {
			return what, fmt.Sprintf("at %.3fs", r.Elapsed.Seconds())
		}
		return what, "after " + after
	}
	return fmt.Sprint(r.Result.Count), fmt.Sprintf("%.3fs", r.Elapsed.Seconds())
}

// runReport is a run of the comparison o as the document shows it: solver i's.
func runReport(o compareRow, i int) report.Run {
	if i >= len(o.c.Runs) {
		return report.Run{Status: report.NotRun}
	}
	r := o.c.Runs[i]
	out := report.Run{Count: r.Result.Count, ElapsedMS: report.Millis(r.Elapsed), Status: report.Done}
	switch {
	case o.stopped != "" && r.Err != nil && strings.HasPrefix(o.stopped, "timed out"):
		out.Status, out.Count = report.TimedOut, 0
	case o.stopped != "" && r.Err != nil:
		out.Status, out.Count = report.Interrupted, 0
	case r.Err != nil:
		out.Status, out.Error = report.Failed, r.Err.Error()
	}
	return out
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
	switch {
	case o.stopped != "":
		agree = "-"
	case !o.c.Agree():
		agree = "NO"
	case !o.c.SetsCompared:
		agree = "counts"
	}
	expect := "met"
	switch {
	case o.stopped != "", !o.c.Agree():
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
	bc, bt := runCells(o, 0)
	sc, stime := runCells(o, 1)
	_, err := fmt.Fprintf(w.e.stdout, "%-*s  %12s  %8s  %12s  %8s  %8s  %6s  %s\n", w.name, escape(o.v.Name), bc, bt,
		sc, stime, unique, agree, expect)
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

// writeCompareJSON writes the document of the rows, done of total variants compared: "complete" is
// false, and "compared" says how far it got, when a run was cut short.
func writeCompareJSON(e *env, rows []compareRow, elapsed time.Duration, done, total int, complete bool) error {
	all := report.Compare{Variants: []report.CompareVariant{}, Agree: true, Met: true, Complete: complete,
		Compared: report.Tasks{Done: done, Total: total}, ElapsedMS: report.Millis(elapsed)}
	for _, o := range rows {
		j := report.CompareVariant{Variant: o.v.Name, Source: o.v.Source, Model: report.ModelOf(o.v.Model),
			Backtrack: runReport(o, 0), SAT: runReport(o, 1), Unique: o.unique, Agree: o.c.Agree() && o.stopped == "",
			SetsCompared: o.c.SetsCompared, Expect: o.v.Expect.String(), Problems: append([]string{}, o.c.Problems...)}
		j.ExpectMet = j.Agree && o.expect == nil
		if o.expect != nil {
			j.Problems = append(j.Problems, o.expect.Error())
		}
		if o.stopped != "" {
			j.Problems = append(j.Problems, o.stopped)
		}
		all.Agree = all.Agree && j.Agree
		all.Met = all.Met && j.ExpectMet
		all.Variants = append(all.Variants, j)
	}
	return report.Write(e.stdout, "compare", nil, all)
}
