// Package solvers defines what a queens solver is (count, enumerate as a stream, find one), how a long
// count is split into tasks that can be run, resumed and shared out (Job, Run), and the helpers built on
// any solver: one solution, counting solutions up to symmetry, and the cross-check of solvers against
// each other and against the model's own checks.
package solvers

import (
	"context"
	"errors"
	"fmt"

	"github.com/queens-dev/queens/constraints"
)

// Solver solves queens models. Every method takes the context first and returns promptly once it is done,
// with the context's error and a Result whose Complete is false. A model the solver cannot take (a feature
// it lacks, a board too large for it) gives an error wrapping ErrUnsupported that names what it lacks; an
// invalid model gives the error of Model.Validate. Every solution a solver hands out has passed
// Model.Verify.
type Solver interface {
	// Name is the solver's short name, as the command line spells it: "backtrack", "sat".
	Name() string
	// Supports returns the model features the solver takes (constraints.Model.Features).
	Supports() constraints.Feature
	// Count counts the solutions of m without holding them.
	Count(ctx context.Context, m constraints.Model) (Result, error)
	// Enumerate calls visit with each solution of m in turn, in increasing Solution.Compare order where the
	// solver documents that it keeps order. visit owns the solution it is given. Enumeration stops when
	// visit returns false, which leaves Complete false.
	Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (Result, error)
}

// UniqueCounter is a Solver that counts the classes of solutions under the model's symmetry group
// (constraints.Model.Group) itself, faster than by enumeration.
type UniqueCounter interface {
	// CountUnique returns a Result with both Count and Unique set.
	CountUnique(ctx context.Context, m constraints.Model) (Result, error)
}

// Finder is a Solver that finds one solution faster than by enumerating, not necessarily the least in
// Solution.Compare order.
type Finder interface {
	// Find returns one solution of m, and false if it has none or the search stopped first; the Result is
	// as First describes.
	Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, Result, error)
}

// Planner is a Solver that splits a count into a list of tasks (see Job and RunJob), so that the count can report its
// progress, be resumed from a checkpoint and be shared among machines.
type Planner interface {
	// Plan returns the job that counts the solutions of m, and with unique their classes too.
	Plan(ctx context.Context, m constraints.Model, unique bool) (Job, error)
}

// Result is what a solve found. Each field means one thing, whatever the call.
type Result struct {
	// Count is the number of solutions found. When Complete it is the number of solutions the model has.
	Count uint64
	// Unique is the number of classes of solutions under the model's symmetry group, when the call counted
	// them (CountUnique and its kin); nil otherwise. It is exact when Complete.
	Unique *uint64
	// Complete is true when the whole search space was covered, so that Count (and Unique) are the exact
	// totals. A search stopped by its context, by visit, or by a limit leaves it false; so does First
	// when it found a solution, as a search that stops at one solution does not know whether there are
	// more. First that proves there is no solution returns Count 0 and Complete true.
	Complete bool
	// Proved is set by First and Find: true when the answer is certain (a solution found and checked, or
	// the whole space searched), false when a search that cannot prove "none" gave up (local search, a
	// timeout).
	Proved bool
	// Tasks counts the tasks of a count that ran as a Job: how many of how many were counted. Zero for
	// calls that do not run in tasks.
	Tasks TaskCount
	// Stats says how the solver went about it.
	Stats Stats
}

// TaskCount is how far a job got: Done of Total tasks counted.
type TaskCount struct {
	Done, Total int
}

// Stats says how a solve ran. Fields a solver does not measure stay zero.
type Stats struct {
	// Engine is the package that answered, as the router's table names it: "halves", "closed",
	// "backtrack", "packing", "local", "search", "propagate", "sat", …
	Engine string
	// Method is the way it took: the router's row ("join", "classes", "mirror", "konig", …), or the
	// engine's own way where it answered alone or won a race ("cubes", "find", "enumerate", …).
	Method string
	// Why says, in a sentence, why that way was taken: the reason its row of the routing table gives.
	Why string
	// Threads is the number of goroutines that counted.
	Threads int
	// Nodes counts the partial placements a backtracking search visited, where it counts them.
	Nodes uint64
	// Variables and Clauses are the size of the SAT solver's CNF encoding of the whole model. gini v1.0.1
	// keeps its decision, conflict and propagation counters unexported, so they are not reported.
	Variables, Clauses uint64
}

// Add adds the counters of t to s; Engine, Method, Why and Threads stay s's unless s has none.
func (s *Stats) Add(t Stats) {
	if s.Engine == "" {
		s.Engine = t.Engine
	}
	if s.Method == "" {
		s.Method = t.Method
	}
	if s.Why == "" {
		s.Why = t.Why
	}
	if s.Threads == 0 {
		s.Threads = t.Threads
	}
	s.Nodes += t.Nodes
	s.Variables = max(s.Variables, t.Variables)
	s.Clauses = max(s.Clauses, t.Clauses)
}

// ErrUnsupported is wrapped by the errors of solvers given a model beyond their limits or features.
var ErrUnsupported = errors.New("model not supported by this solver")

// CheckFeatures returns an error wrapping ErrUnsupported that names the features of m outside supported,
// or nil if there are none. Solvers call it first thing, so that no feature is ever silently ignored.
func CheckFeatures(solver string, supported constraints.Feature, m constraints.Model) error {
	if missing := m.Features() &^ supported; missing != 0 {
		return fmt.Errorf("%s: %s: %w", solver, missing, ErrUnsupported)
	}
	return nil
}

// First returns a solution of m, and false if m has none: the solver's own Find where it is a Finder,
// else the first solution s enumerates. Which solution comes back is up to the solver; it need not be the
// least in Solution.Compare order. See Result for what Count, Complete and Proved then say.
func First(ctx context.Context, s Solver, m constraints.Model) (constraints.Solution, bool, Result, error) {
	if f, ok := s.(Finder); ok {
		return f.Find(ctx, m)
	}
	var first constraints.Solution
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		first = sol
		return false
	})
	found := first != nil
	res.Proved = found || (res.Complete && err == nil)
	if found {
		res.Count, res.Complete = 1, false
	}
	return first, found, res, err
}

// CountUnique counts the solutions of m and their classes under m's symmetry group. It uses the solver's
// own UniqueCounter where it has one, and CountClasses otherwise.
func CountUnique(ctx context.Context, s Solver, m constraints.Model) (Result, error) {
	if u, ok := s.(UniqueCounter); ok {
		return u.CountUnique(ctx, m)
	}
	return CountClasses(ctx, s, m)
}

// CountClasses counts the solutions of m and their classes under m's symmetry group by enumerating every
// solution with s and counting those that are the least of their class. It needs no memory beyond one
// solution, and serves any solver and any model.
func CountClasses(ctx context.Context, s Solver, m constraints.Model) (Result, error) {
	group, err := m.Group(ctx)
	if err != nil {
		return Result{}, err
	}
	var unique uint64
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		if group.IsCanonical(sol) {
			unique++
		}
		return true
	})
	if res.Complete {
		// A search stopped early has seen some classes only through members that are not their least:
		// the canonical ones counted so far are no bound on the classes, so none is given.
		res.Unique = &unique
	}
	res.Stats.Method += "+classes"
	return res, err
}
