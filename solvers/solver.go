// Package solvers defines what a queens solver is (count, enumerate as a stream, find one) and the helpers
// built on any solver: one solution, counting solutions up to symmetry, and the cross-check of
// solvers against each other and against Model.Check.
package solvers

import (
	"context"
	"errors"

	"github.com/queens-dev/queens/constraints"
)

// Solver solves queens models. Every method takes the context first and returns promptly once it is done,
// with a Result whose Complete is false. A model the solver cannot take (too large for it, say) gives an
// error wrapping ErrUnsupported; an invalid model gives the error of Model.Validate.
type Solver interface {
	// Name is the solver's short name, as the command line spells it: "backtrack", "sat".
	Name() string
	// Count counts the solutions of m without holding them.
	Count(ctx context.Context, m constraints.Model) (Result, error)
	// Enumerate calls visit with each solution of m in turn, in increasing Solution.Compare order where the
	// solver documents that it keeps order. visit owns the solution it is given. Enumeration stops when
	// visit returns false, which leaves Complete false.
	Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (Result, error)
}

// UniqueCounter is a Solver that counts the classes of solutions under the model's symmetry group
// (constraints.Model.Symmetries) itself, faster than by enumeration.
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

// Result is what a solve found. Counts are exact.
type Result struct {
	// Count is the number of solutions found (all of them when Complete).
	Count uint64
	// Unique is the number of classes of solutions under the model's symmetry group; set only by
	// CountUnique.
	Unique uint64
	// Complete is true when the search ran to its end: not cancelled, not stopped by the caller.
	Complete bool
}

// ErrUnsupported is wrapped by the errors of solvers given a model beyond their limits.
var ErrUnsupported = errors.New("model not supported by this solver")

// First returns a solution of m, and false if m has none: the solver's own Find where it is a Finder,
// else the first solution s enumerates. Which solution comes back is up to the solver; it need not be the
// least in Solution.Compare order. The Result's Count is 1 when a solution was found, and its Complete is
// true only when the search proved there is none.
func First(ctx context.Context, s Solver, m constraints.Model) (constraints.Solution, bool, Result, error) {
	if f, ok := s.(Finder); ok {
		return f.Find(ctx, m)
	}
	var first constraints.Solution
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		first = sol
		return false
	})
	return first, first != nil, res, err
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
	group := m.Symmetries()
	var unique uint64
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		if m.IsCanonical(sol, group) {
			unique++
		}
		return true
	})
	res.Unique = unique
	return res, err
}
