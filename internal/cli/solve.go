package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/halves"
	"github.com/queens-dev/queens/solvers/sat"
)

const solveUsage = `Usage: queens solve [model flags] [--count|--all|--first] [--unique] [--format text|leetcode|json]

Counts the solutions of one model (the default), lists them all as a stream, or finds one.
--all lists them in row-major order: rows top to bottom, columns left to right (LeetCode's order).
--first finds one solution, not necessarily the first in that order; with the backtrack solver it
takes any board up to 1024×1024 (classic n=1000 in well under a second).

Examples:
  queens solve -n 8                          count: 92 solutions
  queens solve -n 8 --unique                 92 solutions, 12 up to rotation and reflection
  queens solve -n 4 --all --format leetcode  LeetCode 51: [[".Q..","...Q","Q...","..Q."],...]
  queens solve -n 10 --knight --all          the 4 superqueens solutions, drawn
  queens solve -n 7 --wrap                   queens on a torus: 28
  queens solve --rows 6 --cols 7 --queens 5 --attacks column,diagonal --count
  queens solve -n 8 --fixed 0,0 --blocked '3,3;4,4' --first
  queens solve -n 1000 --first --format leetcode  one solution of 1000 queens
  queens solve -n 16 --threads 2 --format json
  queens solve -n 10 --knight --solver sat   the same count, by the SAT solver
  queens solve --variant superqueens-10      a built-in variant (or a YAML file); its expectations are checked
`

// solveFlags are the flags of queens solve.
type solveFlags struct {
	model             modelFlags
	solver            string
	count, all, first bool
	unique            bool
	format            string
	threads           int
	method            string
	timeout           time.Duration
}

func runSolve(ctx context.Context, e *env, args []string) error {
	var f solveFlags
	fs := newFlagSet(e, "solve", solveUsage)
	f.model.register(fs)
	fs.StringVar(&f.solver, "solver", "backtrack", "the solver: backtrack or sat")
	fs.BoolVar(&f.count, "count", false, "count the solutions (the default)")
	fs.BoolVar(&f.all, "all", false, "list every solution, as a stream")
	fs.BoolVar(&f.first, "first", false, "find one solution")
	fs.BoolVar(&f.unique, "unique", false, "count (or list) one solution per class under the model's symmetries")
	fs.StringVar(&f.format, "format", "text", "output: text, leetcode or json")
	fs.IntVar(&f.threads, "threads", 0, "goroutines counting at once (default: one per core)")
	fs.StringVar(&f.method, "method", "fastest", "how the backtracker counts: fastest; join (classic queens: half boards joined); classes (one solution per symmetry class, weighted); mirror (the plain row path)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long and print what was found, marked incomplete (e.g. 30s)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	mode := "count"
	switch {
	case btoi(f.count)+btoi(f.all)+btoi(f.first) > 1:
		return usagef("--count, --all and --first exclude each other")
	case f.all:
		mode = "all"
	case f.first:
		mode = "first"
	}
	out, err := newSink(f.format, e)
	if err != nil {
		return err
	}
	if f.threads < 0 {
		return usagef("--threads %d: must be at least 0", f.threads)
	}
	if f.timeout < 0 {
		return usagef("--timeout %v: must not be negative", f.timeout)
	}
	m, v, err := f.model.model(fs)
	if err != nil {
		return err
	}
	method, ok := methods[f.method]
	if !ok {
		return usagef("--method %q: want fastest, join, classes or mirror", f.method)
	}
	if method == backtrack.Join && mode == "count" && !backtrack.Joins(m) {
		return usagef("--method join: counts classic queens only (a square board of side at most %d, the four lines, no blocked or fixed cells, no wrap)", halves.MaxN)
	}
	s, err := newSolver(f.solver, f.threads, method)
	if err != nil {
		return err
	}
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	res, err := solve(ctx, e, s, m, mode, f.unique, out)
	if err != nil || v == nil || mode != "count" || !res.Complete {
		return err
	}
	if err := v.Expect.Check(res.Count, res.Unique); err != nil {
		return fmt.Errorf("%s: %w", v.Source, err)
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// methods are the values of --method.
var methods = map[string]backtrack.Method{
	"fastest": backtrack.Fastest,
	"join":    backtrack.Join,
	"classes": backtrack.Classes,
	"mirror":  backtrack.Mirror,
}

// newSolver returns the solver the command line names.
func newSolver(name string, threads int, method backtrack.Method) (solvers.Solver, error) {
	switch name {
	case "backtrack":
		return backtrack.New(backtrack.Threads(threads), backtrack.Counting(method)), nil
	case "sat":
		return sat.New(sat.Workers(threads)), nil
	}
	return nil, usagef("--solver %q: want backtrack or sat", name)
}

// solve runs one model in one mode, writes it to out and returns what it found.
func solve(ctx context.Context, e *env, s solvers.Solver, m constraints.Model, mode string, unique bool, out sink) (solvers.Result, error) {
	start := time.Now()
	if err := out.begin(m, s.Name(), mode); err != nil {
		return solvers.Result{}, err
	}
	var res solvers.Result
	var err error
	var writeErr error
	switch mode {
	case "count":
		if unique {
			res, err = solvers.CountUnique(ctx, s, m)
		} else {
			res, err = s.Count(ctx, m)
		}
	case "first":
		var sol constraints.Solution
		var found bool
		sol, found, res, err = solvers.First(ctx, s, m)
		if found {
			if unique {
				group, gerr := m.Group(ctx)
				if gerr != nil {
					return res, gerr
				}
				sol = group.Least(sol)
			}
			writeErr = out.solution(m, sol)
			res.Count, res.Complete = 1, true // the question, is there one, has its answer
		}
	default:
		group, gerr := m.Group(ctx)
		if gerr != nil {
			return solvers.Result{}, gerr
		}
		var listed uint64
		res, err = s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
			if unique && !group.IsCanonical(sol) {
				return true
			}
			listed++
			if writeErr = out.solution(m, sol); writeErr != nil {
				return false
			}
			return true
		})
		if unique {
			res.Unique = &listed
		}
	}
	if writeErr != nil {
		return res, writeErr
	}
	if err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return res, err
	}
	sum := summary{count: res.Count, complete: res.Complete, elapsed: time.Since(start), unique: res.Unique}
	if err := out.end(sum); err != nil {
		return res, err
	}
	fmt.Fprintf(e.stderr, "# %s, %s: %s\n", s.Name(), m, sum.elapsed.Round(time.Microsecond))
	if err != nil {
		return res, &interrupted{err}
	}
	return res, nil
}
