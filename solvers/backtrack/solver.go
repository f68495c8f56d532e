// Package backtrack is the native solver: the model compiled to 64-bit row masks and searched depth first.
//
// A model in which every row holds exactly one queen (rows attack and there are as many queens as rows)
// takes the row path: one queen per row, the attacked columns carried from row to row as shifted masks,
// counted by tight loops split over every core and halved by the mirror where the model allows. Every
// other model takes the general path, which places queens cell by cell in row-major order. Both paths
// enumerate solutions in increasing constraints.Solution.Compare order, so classic n=4 comes out in
// LeetCode's order. Boards may be at most MaxCols wide, but for Find: one solution of any model, by the
// search of package search.
//
// Counting classic queens needs no search of the whole board: by default Count joins half-board
// placements instead (package halves), many times faster.
package backtrack

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/halves"
)

// Solver is the backtracking solver. Build it with New.
type Solver struct {
	threads int
	general bool
	method  Method
}

// Option sets up a Solver.
type Option func(*Solver)

// Threads sets how many goroutines count at once; n < 1 means one per core, the default.
func Threads(n int) Option { return func(s *Solver) { s.threads = n } }

// GeneralOnly makes the solver take the general path for every model. The general path must give the same
// answers as the row path; this option lets tests and benchmarks hold the two against each other.
func GeneralOnly() Option { return func(s *Solver) { s.general = true } }

// Method is how Count counts a model on the row path.
type Method int

const (
	// Fastest takes the quickest method the model allows: Join for classic queens, Classes where the
	// model keeps more symmetries than the mirror, Mirror otherwise. It is the default.
	Fastest Method = iota
	// Join counts classic queens of side at most halves.MaxN by joining half-board placements; other
	// models get an error wrapping solvers.ErrUnsupported.
	Join
	// Classes visits one solution of each class under the model's symmetries and weights it by the size
	// of its class; a model that keeps no more than the mirror is counted as by Mirror.
	Classes
	// Mirror is the plain row path, halved by the column mirror where the model keeps it (and on a torus
	// divided by the shifts of the columns too): for comparison with other counters and for tests.
	Mirror
)

// Joins reports whether Count can take the Join method for m: classic queens, a square board of side at
// most halves.MaxN with every cell open and nothing fixed.
func Joins(m constraints.Model) bool {
	p, err := compile(m, false)
	return err == nil && p.joins()
}

func (p *plan) joins() bool { return p.kernel == kernelQueen && p.rows <= halves.MaxN }

// Counting sets the method Count uses.
func Counting(m Method) Option { return func(s *Solver) { s.method = m } }

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

// Supports returns the model features the backtracker takes.
func (*Solver) Supports() constraints.Feature { return features }

func (s *Solver) compile(m constraints.Model) (*plan, error) {
	return compile(m, s.general)
}

// stopFlag returns a poll that turns true once ctx is done, cheap enough for a search loop, and a
// function to release it.
func stopFlag(ctx context.Context) (func() bool, func() bool) {
	var done atomic.Bool
	if ctx.Err() != nil {
		done.Store(true)
	}
	release := context.AfterFunc(ctx, func() { done.Store(true) })
	return done.Load, release
}

// Enumerate calls visit with every solution of m in increasing Solution.Compare order, until visit
// returns false or ctx is done. It runs on one goroutine: order matters more than speed here.
func (s *Solver) Enumerate(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	p, err := s.compile(m)
	if err != nil {
		return solvers.Result{}, err
	}
	stop, release := stopFlag(ctx)
	defer release()
	var res solvers.Result
	var bad error
	checked := solvers.VerifiedVisit("backtrack", m, visit, &bad)
	emit := func(queens []uint64) bool {
		res.Count++
		sol := make(constraints.Solution, 0, p.queens)
		for r, w := range queens {
			sol = cellsOf(sol, r, w)
		}
		return checked(sol)
	}
	var done bool
	if p.kernel == kernelNone {
		g, err := newGeneral(p, stop, emit)
		if err != nil {
			return solvers.Result{}, err
		}
		done = g.run()
	} else {
		done = p.enumerate(0, state{}, make([]uint64, p.rows), stop, emit)
	}
	res.Complete = done && !stop() && bad == nil
	if bad != nil {
		return res, bad
	}
	return res, ctx.Err()
}

var errNoJoin = fmt.Errorf("backtrack: the join counts classic queens of side at most %d only: %w", halves.MaxN, solvers.ErrUnsupported)

// Count counts the solutions of m on every thread the solver has.
func (s *Solver) Count(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	p, err := s.compile(m)
	if err != nil {
		return solvers.Result{}, err
	}
	stop, release := stopFlag(ctx)
	defer release()
	if p.kernel == kernelNone {
		g, err := newGeneral(p, stop, nil)
		if err != nil {
			return solvers.Result{}, err
		}
		done := g.run()
		return solvers.Result{Count: g.count, Complete: done && !stop()}, ctx.Err()
	}
	join := p.joins()
	switch {
	case s.method == Join && !join:
		return solvers.Result{}, errNoJoin
	case join && (s.method == Fastest || s.method == Join):
		count, err := halves.Count(ctx, m.Rows, s.threads)
		return solvers.Result{Count: count, Complete: err == nil}, err
	case (p.kernel == kernelQueen || p.kernel == kernelKnight) && s.method != Mirror && len(p.symmetryGroup().turns) > 2:
		// Visiting one solution per class does about half the work of the mirror alone.
		count, _, done, err := p.countClasses(s.threads, stop)
		return solvers.Result{Count: count, Complete: done}, errors.Join(err, ctx.Err())
	}
	count, done, err := p.countParallel(s.threads, stop)
	return solvers.Result{Count: count, Complete: done}, errors.Join(err, ctx.Err())
}

// CountUnique counts the solutions of m and their classes under the model's symmetry group. Classic
// queens that Count would join are joined here too, and their classes follow by Burnside's lemma from
// the symmetric solutions (see fixed.go). A torus that keeps its shifts is counted from the solutions
// with the first queen in column 0 (shifts.go). Elsewhere on the row path of a flat board it visits only
// the least solution of each class (see symmetric.go); off the row path it enumerates
// (solvers.CountClasses).
func (s *Solver) CountUnique(ctx context.Context, m constraints.Model) (solvers.Result, error) {
	p, err := s.compile(m)
	if err != nil {
		return solvers.Result{}, err
	}
	join := p.joins()
	if s.method == Join && !join {
		return solvers.Result{}, errNoJoin
	}
	if p.kernel == kernelNone || p.kernel == kernelTorus && !p.shift {
		return solvers.CountClasses(ctx, s, m)
	}
	stop, release := stopFlag(ctx)
	defer release()
	if p.kernel == kernelTorus {
		total, unique, done, err := p.torusClasses(ctx, s.threads, stop)
		return solvers.Result{Count: total, Unique: &unique, Complete: done}, errors.Join(err, ctx.Err())
	}
	if join && (s.method == Fastest || s.method == Join) {
		total, unique, err := p.burnside(ctx, s.threads, stop)
		return solvers.Result{Count: total, Unique: &unique, Complete: err == nil}, err
	}
	total, unique, done, err := p.countClasses(s.threads, stop)
	return solvers.Result{Count: total, Unique: &unique, Complete: done}, errors.Join(err, ctx.Err())
}
