// Package backtrack is the backtracker: the model compiled to 64-bit row masks and searched depth first.
//
// It holds four methods, each its own kernels: a torus's shifts, classes, the mirror (the row path) and
// the general path. A method fits by the model's geometry (its riders' and leapers' vectors, cells,
// quotas and regions), never by the names of its attacks. A model with exactly one queen in every row
// takes the row path: the attacked columns carried from row to row as shifted masks, in tight loops,
// halved by the mirror where the model allows, or one solution per class. Every other model takes the
// general path, which places queens cell by cell in row-major order and counts them per line and region
// for the quotas. Each method is a row of the router's table (package router), which compiles a model
// once here (Compile) and names the method that answers; used alone (New), the backtracker chooses among
// its methods itself (Fastest).
//
// Every count is a list of tasks (Plan, and solvers.Job), so it can report progress, be resumed and be
// shared out; Count and CountUnique run that list on the solver's threads. Both searches enumerate
// solutions in increasing constraints.Solution.Compare order, so classic n=4 comes out in LeetCode's
// order. Boards may be at most MaxCols wide, or as many rows tall to be counted on their side.
package backtrack

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Solver is the backtracking solver. Build it with New.
type Solver struct {
	threads  int
	counting Method
	depth    int
}

// Option sets up a Solver.
type Option func(*Solver)

// Threads sets how many goroutines count at once; n < 1 means one per core, the default. Above
// solvers.MaxThreads every call fails with an error that says so.
func Threads(n int) Option { return func(s *Solver) { s.threads = n } }

// TaskDepth makes the row path's tasks the placements of the first d rows (by the mirror or by classes),
// where the planner would choose the depth itself (d < 1, the default): a level of more than 65536
// placements is not taken, and the job's key says the depth it reached. Two counts of one model cut at
// two depths check each other task by task, each task of the shallower list the sum of its children
// in the deeper.
func TaskDepth(d int) Option { return func(s *Solver) { s.depth = d } }

// GeneralOnly makes the solver take the general path for every model, counting and listing: the same as
// Counting(General). The general path must give the same answers as every other; this option lets tests
// and benchmarks hold them against each other.
func GeneralOnly() Option { return Counting(General) }

// Method is one of the backtracker's ways to count and list, each its own kernels (methods.go). Fastest
// chooses among them; any other method counts by its own kernels, or fails with an error wrapping
// solvers.ErrUnsupported that says what the model lacks.
type Method int

// The methods. Each is its own declaration, so that go doc lists every one. Their numbers are never
// stored (a method is written by its name) and say nothing of order: the order Fastest tries them is
// fastest's, in methods.go, which Methods returns.

// Fastest chooses among the other methods: the first that fits the model, in Methods' order, where
// classes count a plain count only when the model's group is larger than the mirror. It is the default.
const Fastest Method = 0

// Classes counts the row path (one queen per row) on a flat board by visiting the least solution of each
// class under the model's group, weighted by the size of its class; it counts the classes too.
const Classes Method = 1

// Mirror counts the row path by its plain kernels, halved by the column mirror where the model keeps it.
// It counts no classes.
const Mirror Method = 2

// Shifts counts the row path on a torus that keeps the shifts of its columns, from the solutions with the
// first row's queen in column 0; their classes from each solution's stabilizer.
const Shifts Method = 3

// General counts any model by placing queens cell by cell; its classes by testing each solution.
const General Method = 4

// methods is the number of methods.
const methods = 5

var methodNames = [...]string{"fastest", "classes", "mirror", "shifts", "general"}

// Methods returns every method, Fastest first, then the others in the order Fastest tries them.
func Methods() []Method { return []Method{Fastest, Shifts, Classes, Mirror, General} }

// ParseMethod reads a method's name as String writes it: "fastest", "classes", "mirror", …
func ParseMethod(name string) (Method, error) {
	for m := range Method(methods) {
		if methodNames[m] == name {
			return m, nil
		}
	}
	return 0, fmt.Errorf("backtrack: method %q: want one of %s", name, strings.Join(methodNames[:], ", "))
}

// String names the method as Stats.Method does: "classes", "mirror", …
func (m Method) String() string {
	if m >= 0 && m < methods {
		return methodNames[m]
	}
	return fmt.Sprintf("method(%d)", int(m))
}

// Counting sets the method Count uses.
func Counting(m Method) Option { return func(s *Solver) { s.counting = m } }

// New returns a Solver with the given options.
func New(opts ...Option) *Solver {
	s := &Solver{}
	for _, o := range opts {
		o(s)
	}
	if s.threads < 1 {
		s.threads = runtime.NumCPU()
	}
	return s
}

// Name returns "backtrack".
func (*Solver) Name() string { return "backtrack" }

// Supports returns the model features the backtracker takes: every one.
func (*Solver) Supports() constraints.Feature { return features }

// check reports what is wrong with the solver's options.
func (s *Solver) check() error {
	if s.threads > solvers.MaxThreads() {
		return fmt.Errorf("backtrack: %d threads: at most %d (4 per core)", s.threads, solvers.MaxThreads())
	}
	if s.counting < 0 || s.counting >= methods {
		return fmt.Errorf("backtrack: method %d: no such method: %w", int(s.counting), solvers.ErrUnsupported)
	}
	return nil
}

var _ solvers.Planner = (*Solver)(nil)

// Plan returns the job that counts the solutions of m, and with unique their classes too, by the solver's
// method (see Method). Its tasks are fixed by the model and the method alone.
func (s *Solver) Plan(ctx context.Context, m constraints.Model, unique bool) (solvers.Job, error) {
	j, err := s.plan(ctx, m, unique)
	if err != nil {
		return nil, err
	}
	return j, nil
}

func (s *Solver) plan(ctx context.Context, m constraints.Model, unique bool) (*job, error) {
	c, err := s.Compile(m)
	if err != nil {
		return nil, err
	}
	p := c.p
	o := solvers.OpCount
	if unique {
		o = solvers.OpClasses
	}
	method, err := s.method(ctx, p, o)
	if err != nil {
		return nil, err
	}
	return method.count(ctx, p, unique)
}

// Count counts the solutions of m: the tasks of its plan, run on the solver's threads. Stopped by ctx, it
// returns the exact count of the tasks that finished, with Result.Tasks saying how many.
func (s *Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.run(ctx, m, false)
}

// CountUnique counts the solutions of m and their classes under the model's symmetry group, by the
// first method that counts classes and fits: the stabilizers of a torus's solutions, the least
// solution of each class on the row path, or each solution tested on the general path.
func (s *Solver) CountUnique(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	return s.run(ctx, m, true)
}

func (s *Solver) run(ctx context.Context, m constraints.Model, unique bool) (solvers.Result, error) {
	j, err := s.plan(ctx, m, unique)
	if err != nil {
		return solvers.Result{}, err
	}
	return solvers.RunJob(ctx, j, solvers.RunOptions{Threads: s.threads})
}

// Enumerate calls visit with every solution of m in increasing Solution.Compare order, until visit
// returns false or ctx is done, by the first method that lists solutions and fits the model: the row
// path's search where the model has one queen per row (method Mirror), else the general
// path's; GeneralOnly forces the general path. It runs on one goroutine: order matters more than speed
// here.
func (s *Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	c, err := s.Compile(m)
	if err != nil {
		return solvers.Result{}, err
	}
	if err := c.Listable(); err != nil {
		return solvers.Result{}, err
	}
	method, err := s.method(ctx, c.p, solvers.OpList)
	if err != nil {
		return solvers.Result{}, err
	}
	return c.enumerate(ctx, method, visit)
}

// Task is one task of a count on the row path: the columns of the queens of its first rows (Queens[r] for
// row r), and the weight its count carries: the task counts Weight times the completions of those rows
// (2 where the mirror image of its rows is counted with it; 1 on a torus's first row, whose shifts the
// count weighs otherwise; by classes a task weighs each class inside, and Tasks does not list it).
type Task struct {
	Queens []int
	Weight uint64
}

// Tasks lists the tasks of the job that Plan makes for m, in order, where its method is the row path's
// mirror (Counting(Mirror)): what a check of a count by another split, or by another method task by task,
// needs to know of each.
func (s *Solver) Tasks(ctx context.Context, m constraints.Model) ([]Task, error) {
	j, err := s.plan(ctx, m, false)
	if err != nil {
		return nil, err
	}
	if j.method != Mirror || j.prefix == nil {
		return nil, fmt.Errorf("backtrack: tasks of %v: the method is %s, not %s: %w", m, j.method, Mirror, solvers.ErrUnsupported)
	}
	out := make([]Task, j.tasks)
	for i := range out {
		out[i] = j.prefix(i)
	}
	return out, nil
}
