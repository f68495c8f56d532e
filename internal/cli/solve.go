package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/runfile"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/variants"
)

const solveUsage = `Usage: queens solve [MODEL | model flags] [--count|--all|--first] [flags]

Counts the solutions of one model (the default), lists them (--all; the backtracker in LeetCode's
order), or finds one (--first: proved on small boards, built or searched on huge ones). MODEL: a
built-in name, a file (YAML, level JSON, letter grid), - for stdin or a puzz.link URL.

Examples:
  queens solve -n 8 --unique                  92 solutions, 12 unique
  queens solve -n 4 --all --format leetcode   [[".Q..","...Q","Q...","..Q."],...]
  queens solve -n 10 --knight --all           the 4 superqueens boards
  queens solve linkedin-09 --first --format unicode
  queens solve -n 19 --checkpoint n19.ckpt    rerun after a crash to resume
  queens solve -n 20 --shard auto/64 > part.json   (then: queens merge part*.json)
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
	limit             uintFlag
	quiet, stats      bool
	progress          bool
	checkpoint        string
	shard             string
	taskDepth         int
}

// Modes.
const (
	modeCount = "count"
	modeAll   = "all"
	modeFirst = "first"
)

func (f *solveFlags) register(fs interface {
	StringVar(*string, string, string, string)
	BoolVar(*bool, string, bool, string)
	IntVar(*int, string, int, string)
	DurationVar(*time.Duration, string, time.Duration, string)
}) {
	fs.StringVar(&f.solver, "solver", "auto", "auto (per model), backtrack or sat")
	fs.BoolVar(&f.count, "count", false, "count the solutions (the default)")
	fs.BoolVar(&f.all, "all", false, "list every solution, as a stream")
	fs.BoolVar(&f.first, "first", false, "find one solution")
	fs.BoolVar(&f.unique, "unique", false, "classes under the board's symmetries: counted, or one board each")
	fs.StringVar(&f.format, "format", "text", "text, unicode, leetcode, json, cols, dimacs or svg")
	fs.IntVar(&f.threads, "threads", 0, fmt.Sprintf("goroutines at once, at most %d (default: one per core)", solvers.MaxThreads()))
	fs.StringVar(&f.method, "method", "fastest", "fastest, or a table row ('list' names them)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop after this long (e.g. 30s), print what was found, exit 1")
	fs.BoolVar(&f.quiet, "quiet", false, "no summary or progress on stderr, errors only")
	fs.BoolVar(&f.stats, "stats", false, "the method, threads and nodes that ran, on stderr and in JSON")
	fs.BoolVar(&f.progress, "progress", false, "progress on stderr; to a file, a line per 10s, then per minute")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "record each finished task in `FILE`; rerun to resume")
	fs.StringVar(&f.shard, "shard", "", "count tasks ≡ I mod M only, as `I/M`, into JSON for queens merge")
	fs.IntVar(&f.taskDepth, "task-depth", 0, "cut the tasks of --method mirror, classes or meet at row `D`")
}

func runSolve(ctx context.Context, e *env, args []string) error {
	var f solveFlags
	fs := newFlagSet(e, "solve", solveUsage)
	f.model.register(fs)
	f.register(fs)
	fs.Var(&f.limit, "limit", "stop after K solutions (--count, --all)")
	if err := parse(fs, args); err != nil {
		return err
	}
	mode, err := f.mode()
	if err != nil {
		return err
	}
	if f.shard != "" && !fs.Changed("format") {
		f.format = "json" // a shard's result is the JSON that queens merge reads
	}
	if f.method == "list" {
		// The methods --method takes, one a line: the native rows of the router's table, in its order.
		_, err := fmt.Fprintln(e.stdout, strings.Join(append([]string{"fastest"}, router.Methods()...), "\n"))
		return err
	}
	if !fs.Changed("solver") && (fs.Changed("method") || f.taskDepth > 0) {
		f.solver = "backtrack" // the flags that steer the backtracker's counts choose it
	}
	if err := f.check(mode, fs.Changed("method")); err != nil {
		return err
	}
	if fs.Changed("checkpoint") && f.checkpoint == "" {
		return usagef("--checkpoint: give a file name (leave the flag out for no checkpoint)")
	}
	if f.timeout > 0 {
		// The limit covers reading the model too: stdin or a FIFO may stay silent.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	m, l, err := f.model.model(ctx, e, fs)
	if err != nil {
		return withTimeoutOf(err, f.timeout)
	}
	var v *variants.Variant
	if l != nil {
		v = &l.Variant
	}
	if hint := f.model.presetHint(fs); hint != "" && !f.quiet {
		fmt.Fprintf(e.stderr, "# %s\n", hint)
	}
	out, err := newSink(f.format, e, m, mode, f.shard != "")
	if err != nil {
		return err
	}
	if sv, ok := out.(*svgSink); ok && v != nil {
		sv.name = v.Name
	}
	method := f.method
	if method == "join" && mode == modeCount && !router.Joins(m) {
		return usagef("--method join: counts classic queens only (a square board of side at most %d, the four lines, no blocked or fixed cells, no wrap)", router.MaxJoin)
	}
	if method == "meet" && f.taskDepth >= m.Rows {
		return usagef("--task-depth %d: --method meet cuts the board below the first D rows, 1 to %d on %d rows", f.taskDepth, m.Rows-1, m.Rows)
	}
	s, err := newSolver(f.solver, f.threads, router.Method(method), router.TaskDepth(f.taskDepth))
	if err != nil {
		return err
	}
	r := &solveRun{e: e, f: &f, m: m, s: s, mode: mode, out: out, start: e.now()}
	res, err := r.run(ctx)
	if err != nil {
		return err
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		// The signal came once the answer was whole (a board of 10^7 takes a while to write): it is
		// printed, and the exit code says that the run was interrupted all the same.
		return &interrupted{cause: ctx.Err(), done: "after the answer was written in full"}
	}
	if v != nil {
		if err := r.expect(v, res); err != nil {
			return err
		}
	}
	return out.exitCode(res)
}

// mode returns the mode the flags ask for.
func (f *solveFlags) mode() (string, error) {
	if btoi(f.count)+btoi(f.all)+btoi(f.first) > 1 {
		return "", usagef("--count, --all and --first exclude each other")
	}
	switch {
	case f.all:
		return modeAll, nil
	case f.first:
		return modeFirst, nil
	}
	return modeCount, nil
}

// check refuses flags that the mode or the solver would ignore.
// taskFlags names the flags of a count in tasks given, --checkpoint or --shard, or both, for messages.
func (f *solveFlags) taskFlags() string {
	switch {
	case f.checkpoint != "" && f.shard != "":
		return "--checkpoint with --shard"
	case f.checkpoint != "":
		return "--checkpoint"
	}
	return "--shard"
}

func (f *solveFlags) check(mode string, methodSet bool) error {
	if methods := append([]string{"fastest"}, router.Methods()...); !slices.Contains(methods, f.method) {
		return oneOf("--method", f.method, methods...)
	}
	switch {
	case f.threads < 0 || f.threads > solvers.MaxThreads():
		return usagef("--threads %d: want 0 (one per core) to %d (4 per core)", f.threads, solvers.MaxThreads())
	case f.timeout < 0:
		return usagef("--timeout %v: must not be negative", f.timeout)
	case f.solver != "backtrack" && methodSet:
		return usagef("--method chooses a row of the native engines' table; it does nothing with --solver %s", f.solver)
	case f.limit.set && mode == modeFirst:
		return usagef("--limit counts solutions of --count and --all; --first finds one")
	case f.limit.set && f.limit.v == 0:
		return usagef("--limit 0: want at least 1")
	case f.limit.set && mode == modeCount && f.unique:
		return usagef("--limit stops a count after so many solutions, which leaves their classes unknown: leave out --unique, or use --all --unique --limit")
	case f.limit.set && mode == modeCount && f.format == "leetcode":
		return usagef("--limit stops a count early, and LeetCode's count, a bare number, has no room for \"at least\": use --all --limit K for the boards, or another --format")
	case (f.checkpoint != "" || f.shard != "") && mode != modeCount:
		return usagef("%s: for counts only; --all and --first are not counted in tasks", f.taskFlags())
	case (f.checkpoint != "" || f.shard != "") && f.limit.set:
		return usagef("%s: counts every task; leave out --limit", f.taskFlags())
	case f.shard != "" && f.unique:
		return usagef("--shard counts solutions; their classes need the whole count (leave out --unique)")
	case f.shard != "" && f.format != "json":
		return usagef("--shard writes a JSON shard result for 'queens merge': leave out --format, or make it json")
	case f.taskDepth < 0:
		return usagef("--task-depth %d: want 1 or more rows (0, the default, lets the planner choose)", f.taskDepth)
	case f.taskDepth > 0 && methodSet && !slices.Contains(taskCutters, f.method):
		return usagef("--task-depth cuts the tasks of --method %s; --method %s does not cut its count at a row", strings.Join(taskCutters, ", "), f.method)
	case f.taskDepth > 0 && f.solver != "backtrack":
		return usagef("--task-depth cuts the tasks of the backtracker's counts; it does nothing with --solver %s", f.solver)
	case f.taskDepth > 0 && mode != modeCount:
		return usagef("--task-depth cuts the tasks of a count; --all and --first are not counted in tasks")
	case f.quiet && f.progress:
		return usagef("--progress draws on stderr, which --quiet silences: give one of them")
	case f.unique && f.format == "dimacs" && mode == modeCount:
		return usagef("--format dimacs prints a model count (s mc N), which has no place for the classes: leave out --unique, or use --format json")
	case f.stats && f.quiet && f.format != "json":
		return usagef("--stats prints on stderr, which --quiet silences (with --format json they go to stdout)")
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// taskCutters are the rows whose tasks --task-depth cuts, as the router's table marks them.
var taskCutters = router.TaskCutters()

// newSolver returns the solver the command line names: the router, all of it (auto) or its native
// engines alone (backtrack, where opts may name a method and a task depth), or SAT.
func newSolver(name string, threads int, opts ...router.Option) (solvers.Solver, error) {
	switch name {
	case "auto":
		return router.New(router.Threads(threads)), nil
	case "backtrack":
		return router.New(append([]router.Option{router.Threads(threads), router.NativeOnly()}, opts...)...), nil
	case "sat":
		return sat.New(sat.Workers(threads)), nil
	}
	return nil, oneOf("--solver", name, "auto", "backtrack", "sat")
}

// solveRun is one run of queens solve.
type solveRun struct {
	e     *env
	f     *solveFlags
	m     constraints.Model
	s     solvers.Solver
	mode  string
	out   sink
	start time.Time
}

// run solves in the run's mode, writes the answer and the summary, and returns what it found. A run cut
// short by its context prints what it has, marked incomplete, and returns an *interrupted error.
func (r *solveRun) run(ctx context.Context) (solvers.Result, error) {
	if err := r.out.begin(r.s.Name()); err != nil {
		return solvers.Result{}, err
	}
	var res solvers.Result
	var err error
	switch {
	case r.mode == modeFirst:
		res, err = r.first(ctx)
	case r.mode == modeAll || r.f.limit.set:
		res, err = r.list(ctx)
	default:
		res, err = r.count(ctx)
	}
	var writeErr *writeError
	if errors.As(err, &writeErr) {
		return res, err
	}
	stopped := err != nil && ctx.Err() != nil
	if err != nil && !stopped {
		return res, err
	}
	sum := summary{res: res, elapsed: r.e.now().Sub(r.start), stopped: stopped}
	if err := r.out.end(sum); err != nil {
		return res, err
	}
	r.summary(sum)
	if stopped {
		return res, &interrupted{cause: ctx.Err(), timeout: r.f.timeout, done: tasksDone(res)}
	}
	return res, nil
}

// tasksDone says how far a count that ran in tasks got.
func tasksDone(res solvers.Result) string {
	if res.Tasks.Total == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d tasks", res.Tasks.Done, res.Tasks.Total)
}

// summary writes the stderr line that says which solver ran on which model, and how long it took.
func (r *solveRun) summary(sum summary) {
	if r.f.quiet {
		return
	}
	line := fmt.Sprintf("# %s, %s: %s", engineName(r.s, sum.res), escape(r.m.String()), sum.elapsed.Round(time.Microsecond))
	switch {
	case r.f.stats:
		line += "; " + statsText(sum.res)
	case r.f.first && sum.res.Stats.Method != "" && sum.res.Stats.Why == "":
		// Which way found the board matters: a construction or local search proves nothing when it fails.
		line += "; method " + sum.res.Stats.Method
	}
	fmt.Fprintln(r.e.stderr, line)
}

// statsText says how a solve ran: method, threads, tasks, and the counters the solver keeps.
func statsText(res solvers.Result) string {
	st := res.Stats
	text := fmt.Sprintf("method %s", orDash(st.Method))
	if st.Threads > 0 {
		text += fmt.Sprintf(", %d %s", st.Threads, plural(uint64(st.Threads), "thread", "threads"))
	}
	if res.Tasks.Total > 0 {
		text += fmt.Sprintf(", %d of %d tasks", res.Tasks.Done, res.Tasks.Total)
	}
	if st.Nodes > 0 {
		text += fmt.Sprintf(", %d nodes", st.Nodes)
	}
	if st.Variables+st.Clauses > 0 {
		text += fmt.Sprintf(", CNF of %d variables and %d clauses", st.Variables, st.Clauses)
	}
	return text
}

// engineName names the solver that ran, and where it chose among engines, the one that answered, the
// way it took and why: "auto: sat (find: one solution by the complete search; raced against sat, sat
// proved first)".
func engineName(s solvers.Solver, res solvers.Result) string {
	st := res.Stats
	if st.Engine == "" || st.Engine == s.Name() && st.Why == "" {
		return s.Name() // an engine named alone (--solver sat), which says no more
	}
	name := s.Name() + ": " + st.Engine
	if st.Why != "" {
		name += " (" + orDash(st.Method) + ": " + st.Why + ")"
	}
	return name
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// first finds one solution.
func (r *solveRun) first(ctx context.Context) (solvers.Result, error) {
	stop := r.startProgress(ctx, nil)
	sol, found, res, err := solvers.First(ctx, r.s, r.m)
	stop()
	if err != nil {
		return res, err
	}
	if found {
		if r.f.unique {
			group, err := r.m.Group(ctx)
			if err != nil {
				return res, err
			}
			sol = group.Least(sol)
		}
		if err := r.out.solution(sol); err != nil {
			return res, err
		}
	}
	return res, nil
}

// list enumerates, writing each solution (each class's least one with --unique) as it comes, up to the
// limit. It stops at the first solution past the limit, not at the limit: a search that ends with the
// limit reached has proved there are exactly so many, and says so.
func (r *solveRun) list(ctx context.Context) (solvers.Result, error) {
	var group *constraints.Group
	if r.f.unique {
		var err error
		if group, err = r.m.Group(ctx); err != nil {
			return solvers.Result{}, err
		}
	}
	var listed uint64
	var writeErr error
	past := false // a solution past the limit was found
	p := &progress{}
	stop := r.startProgress(ctx, p)
	defer stop()
	res, err := r.s.Enumerate(ctx, r.m, func(sol constraints.Solution) bool {
		if group != nil && !group.IsCanonical(sol) {
			return true
		}
		if r.f.limit.set && listed == r.f.limit.v {
			past = true
			return false
		}
		listed++
		p.solutions.Store(listed)
		if r.mode == modeAll {
			if writeErr = r.out.solution(sol); writeErr != nil {
				return false
			}
		}
		return true
	})
	if writeErr != nil {
		return res, writeErr
	}
	if past && res.Count > 0 {
		res.Count-- // the solution past the limit was visited, not listed
	}
	if group != nil {
		res.Unique = &listed // the listed solutions are the classes' least members; Count counts them all
	}
	return res, err
}

// oneTask says, by the job's method, why a count is one task.
var oneTask = map[string]string{
	"cubes":   "sat counts it whole: few solutions, a count its counter ends at once, or a board its cubes do not split",
	"formula": "a closed formula",
	"polya":   "Pólya's theorem",
	"race":    "two engines raced, and which wins is not known ahead; --solver backtrack counts it by the native engines' tasks",
}

// count counts: in tasks where the solver plans them (with checkpoints, shards and progress), else in
// one call.
func (r *solveRun) count(ctx context.Context) (solvers.Result, error) {
	var shard solvers.Shard
	if r.f.shard != "" {
		var err error
		if shard, err = runfile.ParseShard(r.f.shard, r.e.getenv); err != nil {
			return solvers.Result{}, usagef("--shard: %v", err)
		}
	}
	planner, ok := r.s.(solvers.Planner)
	if !ok {
		if r.f.checkpoint != "" || r.f.shard != "" {
			return solvers.Result{}, usagef("%s needs a solver that counts in tasks; %s does not", r.f.taskFlags(), r.s.Name())
		}
		stop := r.startProgress(ctx, nil)
		defer stop()
		if r.f.unique {
			return solvers.CountUnique(ctx, r.s, r.m)
		}
		return r.s.Count(ctx, r.m)
	}
	job, err := planner.Plan(ctx, r.m, r.f.unique)
	if errors.Is(err, solvers.ErrUnsupported) && r.f.unique && r.f.checkpoint == "" {
		// The solver counts classes only by enumerating them.
		stop := r.startProgress(ctx, nil)
		defer stop()
		return solvers.CountUnique(ctx, r.s, r.m)
	}
	if err != nil {
		return solvers.Result{}, err
	}
	if r.f.taskDepth > 0 && !slices.Contains(taskCutters, job.Method()) {
		return solvers.Result{}, usagef("--task-depth %d cuts the row path's tasks (--method mirror or classes) or the meet's board (--method meet), but this count goes by %s, whose tasks it does not cut", r.f.taskDepth, job.Method())
	}
	switch {
	case shard.Of > 1 && job.Tasks() == 1:
		why := ""
		if j := oneTask[job.Method()]; j != "" {
			why = " (" + j + ")"
		}
		return solvers.Result{}, usagef("--shard %s: this count, by %s, is one task%s: it cannot be split among shards; leave out --shard", r.f.shard, job.Method(), why)
	case shard.Of > job.Tasks():
		return solvers.Result{}, usagef("--shard %s: this count has %d tasks, so at most %d shards", r.f.shard, job.Tasks(), job.Tasks())
	}
	opt := solvers.RunOptions{Threads: r.f.threads}
	run := runfile.Run{Model: r.m.Canonical(), Method: job.Method(), Key: job.Key(), Tasks: job.Tasks(), Version: Version()}
	if err := run.Check(); err != nil && (r.f.checkpoint != "" || r.f.shard != "") {
		return solvers.Result{}, &codeError{code: ExitUsage, err: err}
	}
	var ckpt *runfile.Checkpoint
	if r.f.checkpoint != "" {
		if err := notAnOutput(r.e, r.f.checkpoint); err != nil {
			return solvers.Result{}, err
		}
		if ckpt, err = runfile.Open(r.f.checkpoint, run); err != nil {
			code := ExitUsage // a file that is not this run's checkpoint
			if errors.Is(err, runfile.ErrLocked) {
				code = ExitFailure // a file that is, held by a count still running
			}
			return solvers.Result{}, &codeError{code: code, err: err}
		}
		defer ckpt.Close()
		opt.Done = ckpt.Done
		if !r.f.quiet && len(ckpt.Done) > 0 {
			fmt.Fprintf(r.e.stderr, "# resuming %s: %d of %d tasks done\n", escape(r.f.checkpoint), len(ckpt.Done), job.Tasks())
		}
	}
	opt.Shard = shard
	p := &progress{total: int64(job.Tasks())}
	if opt.Shard.Of > 1 {
		p.total = int64((job.Tasks() - opt.Shard.Index + opt.Shard.Of - 1) / opt.Shard.Of)
	}
	done := map[int]solvers.Tally{}
	for i, t := range opt.Done {
		if opt.Shard.Has(i) {
			done[i] = t
			p.add(t.Count)
		}
	}
	opt.OnTask = func(i int, t solvers.Tally) error {
		done[i] = t
		p.add(t.Count)
		if ckpt != nil {
			return ckpt.Record(i, t)
		}
		return nil
	}
	stop := r.startProgress(ctx, p)
	res, err := solvers.RunJob(ctx, job, opt)
	stop()
	if r.f.shard != "" && (err == nil || ctx.Err() != nil) {
		// A stopped shard still writes what it counted, marked so that merge refuses it: an empty file
		// would say nothing of why.
		var shard runfile.ShardResult
		var serr error
		if err == nil {
			shard, serr = runfile.NewShardResult(run, opt.Shard, done)
		} else {
			why := (&interrupted{cause: ctx.Err(), timeout: r.f.timeout}).Error()
			shard, serr = runfile.NewStoppedShardResult(run, opt.Shard, done, why)
		}
		if serr != nil {
			return res, serr
		}
		if j, ok := r.out.(*jsonSink); ok {
			j.shard = &shard
		}
	}
	return res, err
}

// notAnOutput refuses a --checkpoint that is the command's own stdout or stderr (/dev/stdout with stdout
// sent to a file): the records would be mixed with the answer.
func notAnOutput(e *env, path string) error {
	info, err := os.Stat(path)
	if err != nil {
		return nil // not there yet: runfile.Open makes it
	}
	for _, out := range []struct {
		name string
		w    any
	}{{"stdout", e.stdout}, {"stderr", e.stderr}} {
		if f, ok := out.w.(*os.File); ok {
			if oi, err := f.Stat(); err == nil && os.SameFile(info, oi) {
				return usagef("--checkpoint %s: that is this command's %s: give the checkpoint a file of its own", escape(path), out.name)
			}
		}
	}
	return nil
}

// startProgress draws progress on stderr until the returned function is called, when stderr is a
// terminal or --progress asks for it, and --quiet does not forbid it.
func (r *solveRun) startProgress(ctx context.Context, p *progress) func() {
	if r.f.quiet || !(r.e.stderrTerminal || r.f.progress) {
		return func() {}
	}
	if p == nil {
		p = &progress{}
	}
	return p.draw(ctx, r.e, r.start)
}

// expect holds the result against the variant file's expectations, in every mode: a count checks the
// count (and the classes, with --unique), a list checks the count of a complete list, --first checks
// whether there is a solution. What the mode cannot check is said on stderr.
func (r *solveRun) expect(v *variants.Variant, res solvers.Result) error {
	x := v.Expect
	if x.IsZero() {
		return nil
	}
	var err error
	var unchecked []string
	switch {
	case r.mode == modeFirst:
		if res.Count > 0 || res.Complete {
			err = x.CheckSatisfiable(res.Count > 0)
		} else {
			unchecked = append(unchecked, "satisfiable (the search gave up)")
		}
		if x.Unique != nil {
			unchecked = append(unchecked, "unique")
		}
		if x.Count != nil && res.Count > 0 && *x.Count > 1 {
			unchecked = append(unchecked, "count")
		}
	case !res.Complete:
		unchecked = append(unchecked, "count (the count is incomplete)")
	default:
		err = x.Check(res.Count, res.Unique)
		if x.Unique != nil && res.Unique == nil {
			unchecked = append(unchecked, "unique (add --unique)")
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", escape(v.Source), err)
	}
	if len(unchecked) > 0 && !r.f.quiet {
		fmt.Fprintf(r.e.stderr, "# %s: expectation not checked in this mode: %s\n", escape(v.Source), joinWords(unchecked))
	}
	return nil
}

func joinWords(words []string) string {
	out := ""
	for i, w := range words {
		if i > 0 {
			out += "; "
		}
		out += w
	}
	return out
}

// uintFlag is a non-negative whole-number flag that remembers whether it was set.
type uintFlag struct {
	v   uint64
	set bool
}

func (f *uintFlag) String() string {
	if !f.set {
		return ""
	}
	return strconv.FormatUint(f.v, 10)
}

func (f *uintFlag) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return fmt.Errorf("not a whole number from 0 to %d", uint64(1<<64-1))
	}
	f.v, f.set = v, true
	return nil
}

func (f *uintFlag) Type() string { return "K" }
