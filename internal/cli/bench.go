package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"text/tabwriter"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/variants"
)

// hardestStarBattle is the published 21×21 Star Battle that took SAT longest to prove unique (#11 of the
// 21×21 in testdata/published/starbattle-big.txt; the target is 2 s for each).
const hardestStarBattle = "https://puzz.link/p?starbattle/21/21/5/8850g49088gg4kg938qe4ohg890og4gkgsp455622222211232584logc6g824gk189j18682a88lhg400888440424812s24agok70ik48go428242241iik8664301100ghj0kl60hl11k40o148ig02kg9hg2d50gp1g8"

const benchUsage = `Usage: queens bench [-n N] [--runs R] [--long] [--format text|json]

Times the backtracker's counting methods on classic queens and superqueens of size N: the plain row path
(the column mirror only), the class-by-class count and, for classic queens, the join of half boards,
on one thread and on every core, plus --unique; then fixed cases: 25 kings on 10×10, the catalog's
LinkedIn 11×11 and two-star Star Battle 10×10 proved unique by both solvers, the published 21×21 Star
Battle that is hardest for SAT proved unique by both, SAT counting classic 12, and 'queens puzzle' making
a 10×10 two-star and a 17×17 four-star Star Battle (seed 1, 2, … a run: the median is over puzzles).
Then the default solver (auto) against the engine it should match where it races two: 39 knights and
alfils on 10×10 around two fixed queens found (SAT), a 62×62 region grid with no solution found and counted (the deductions' search), and
with --long 72 knights on 12×12 counted (SAT, seconds a run); each run by both, interleaved, with both
medians and their ratio. Each figure is the median of R runs in this one process; compare figures from one run only, as the
machine's load moves them all. Peak memory is the process's maximum resident set.

Examples:
  queens bench                  n=15, 3 runs
  queens bench -n 16 --runs 5
  queens bench --long           with the auto cases that take seconds a run
  queens bench --format json    the same figures for a script
`

// maxBenchRuns bounds --runs: a median of a hundred runs is as steady as a median gets on a shared
// machine, and ten times that is an afternoon at n=20.
const maxBenchRuns = 1000

// benchCase is one timed count.
type benchCase struct {
	Name    string  `json:"name"`
	N       int     `json:"n"`
	Method  string  `json:"method"`
	Threads int     `json:"threads"`
	Count   uint64  `json:"count"`
	Unique  *uint64 `json:"unique,omitempty"`
	Median  float64 `json:"median_seconds"`
	Rate    float64 `json:"solutions_per_second"`
}

func runBench(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "bench", benchUsage)
	var n intFlag
	n.v = 15
	fs.VarP(&n, "n", "n", "board size (default 15)")
	runs := fs.Int("runs", 3, "runs per case; the median is shown")
	format := fs.String("format", "text", "output: text or json")
	long := fs.Bool("long", false, "add the auto cases that take seconds a run")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *runs < 1 || *runs > maxBenchRuns {
		return usagef("--runs %d: want 1 to %d", *runs, maxBenchRuns)
	}
	if *format != "text" && *format != "json" {
		return usagef("--format %q: want text or json", *format)
	}
	if n.v > 20 {
		return usagef("-n %d: at most 20 (larger counts take hours)", n.v)
	}
	cores := runtime.NumCPU()
	classic := constraints.Classic(n.v)
	super := classic
	super.Attack = constraints.Superqueen
	type spec struct {
		name    string
		m       constraints.Model
		threads int
		opts    []router.Option
		unique  bool
		sat     bool // the SAT solver instead of the backtracker
		list    bool // list the solutions (a puzzle's one, and the proof there is no other)
		stars   int  // make a puzzle of this many stars and m's side, seed 1, 2, … a run (see docs/puzzles.md)
	}
	specs := []spec{
		{name: "classic, mirror only", m: classic, threads: 1, opts: []router.Option{router.Method("mirror")}},
		{name: "classic, by classes", m: classic, threads: 1, opts: []router.Option{router.Method("classes")}},
		{name: "classic, by classes", m: classic, threads: cores, opts: []router.Option{router.Method("classes")}},
		{name: "classic, half boards joined", m: classic, threads: 1},
		{name: "classic, half boards joined", m: classic, threads: cores},
		{name: "classic, unique by classes", m: classic, threads: cores, opts: []router.Option{router.Method("classes")}, unique: true},
		{name: "classic, unique joined (Burnside)", m: classic, threads: cores, unique: true},
		{name: "superqueens, mirror only", m: super, threads: 1, opts: []router.Option{router.Method("mirror")}},
		{name: "superqueens, by classes", m: super, threads: 1},
		{name: "superqueens, by classes", m: super, threads: cores},
	}
	kings := constraints.Model{Rows: 10, Cols: 10, Queens: 25, Attack: constraints.King}
	specs = append(specs, spec{name: "25 kings on 10×10", m: kings, threads: 1})
	for _, name := range []string{"linkedin-11", "starbattle-2-10"} {
		v, err := variants.LoadFS(variants.CatalogFS(), "catalog/"+name+".yaml")
		if err != nil {
			return err
		}
		specs = append(specs, spec{name: name + ", listed, proved unique", m: v.Model, threads: 1, list: true})
		specs = append(specs, spec{name: name + ", listed, proved unique, sat", m: v.Model, threads: 1, sat: true, list: true})
	}
	hardest, err := codec.ParseURL(hardestStarBattle)
	if err != nil {
		return err
	}
	specs = append(specs, spec{name: "published Star Battle 21×21 #11, proved unique", m: hardest, threads: 1})
	specs = append(specs, spec{name: "published Star Battle 21×21 #11, proved unique, sat", m: hardest, threads: 1, sat: true})
	specs = append(specs, spec{name: "classic 12, sat cubes", m: constraints.Classic(12), threads: cores, sat: true})
	specs = append(specs, spec{name: "puzzle made, 10×10 2★, a seed a run", m: constraints.Model{Rows: 10, Cols: 10}, threads: 1, stars: 2})
	specs = append(specs, spec{name: "puzzle made, 17×17 4★, a seed a run", m: constraints.Model{Rows: 17, Cols: 17}, threads: 1, stars: 4})
	var cases []benchCase
	defer func() {
		if e.stderrTerminal {
			fmt.Fprint(e.stderr, "\r\x1b[K")
		}
	}()
	for i, sp := range specs {
		if e.stderrTerminal {
			fmt.Fprintf(e.stderr, "\r[%d/%d] %s, %d %s\x1b[K", i+1, len(specs), sp.name, sp.threads, plural(uint64(sp.threads), "thread", "threads"))
		}
		var s solvers.Solver = router.New(append(sp.opts, router.NativeOnly(), router.Threads(sp.threads))...)
		if sp.sat {
			s = sat.New(sat.Workers(sp.threads))
		}
		var times []float64
		var res solvers.Result
		for run := range *runs {
			start := time.Now()
			var err error
			switch {
			case sp.stars > 0:
				_, _, err = puzzles.Make(ctx, puzzles.Options{Size: sp.m.Rows, Stars: sp.stars, Seed: uint64(run + 1)}, nil)
				res = solvers.Result{Count: 1, Stats: solvers.Stats{Method: "puzzle"}}
			case sp.list:
				res, err = s.Enumerate(ctx, sp.m, func(constraints.Solution) bool { return true })
			case sp.unique:
				res, err = solvers.CountUnique(ctx, s, sp.m)
			default:
				res, err = s.Count(ctx, sp.m)
			}
			if err != nil {
				return &interrupted{cause: err}
			}
			times = append(times, time.Since(start).Seconds())
		}
		slices.Sort(times)
		c := benchCase{Name: sp.name, N: sp.m.Rows, Method: res.Stats.Method, Threads: sp.threads, Count: res.Count, Median: times[len(times)/2]}
		if sp.unique {
			c.Unique = res.Unique
		}
		c.Rate = float64(c.Count) / c.Median
		cases = append(cases, c)
	}
	acs, err := autoCases(*long)
	if err != nil {
		return err
	}
	var autos []benchAuto
	for i, ac := range acs {
		if e.stderrTerminal {
			fmt.Fprintf(e.stderr, "\r[%d/%d] %s, auto and %s\x1b[K", i+1, len(acs), ac.name, ac.match.Name)
		}
		b, err := timeAuto(ctx, ac, cores, *runs)
		if err != nil {
			return err
		}
		autos = append(autos, b)
	}
	peakMB := peakRSS() / (1 << 20)
	if *format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			Cases  []benchCase `json:"cases"`
			Auto   []benchAuto `json:"auto"`
			Runs   int         `json:"runs"`
			PeakMB float64     `json:"peak_rss_mb"`
		}{cases, autos, *runs, peakMB})
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\tn\tmethod\tthreads\tcount\tmedian\tsolutions/s")
	for _, c := range cases {
		count := fmt.Sprint(c.Count)
		if c.Unique != nil {
			count += fmt.Sprintf(" (%d unique)", *c.Unique)
		}
		median := time.Duration(c.Median * float64(time.Second))
		fmt.Fprintf(tw, "%s\t%d\t%s\t%d\t%s\t%v\t%.3g\n", c.Name, c.N, c.Method, c.Threads, count, threeDigits(median), c.Rate)
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "auto against\top\tanswered by\tcount\tauto\talone\tauto/alone")
	for _, b := range autos {
		fmt.Fprintf(tw, "%s\t%s\t%s (%s)\t%d\t%v\t%s: %v\t%.2f\n", b.Name, b.Op, b.Engine, b.Method, b.Count,
			threeDigits(secs(b.AutoMedian)), b.Match, threeDigits(secs(b.MatchMedian)), b.Ratio)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "median of %d %s each; peak memory %s\n", *runs, plural(uint64(*runs), "run", "runs"), peakText(peakMB))
	return nil
}

// secs turns seconds into a Duration.
func secs(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// threeDigits rounds d to three significant digits.
func threeDigits(d time.Duration) time.Duration {
	unit := time.Duration(1)
	for d/unit >= 1000 {
		unit *= 10
	}
	return d.Round(unit)
}

// peakText writes a peak memory in MB, or says it is unknown.
func peakText(mb float64) string {
	if mb == 0 {
		return "unknown on this system"
	}
	return fmt.Sprintf("%.1f MB", mb)
}
