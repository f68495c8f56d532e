package sat

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// search is one gini solver loaded with the encoding and the units of one cube. It is used by a single
// goroutine, as gini requires.
type search struct {
	e *cnf
	g *gini.Gini
	// skip marks the cell variables that a blocking clause may leave out: those true in every solution of
	// this search (fixed queens, the cube's queens).
	skip     []bool
	blocking []lit
	done     bool // no further solution: unsat, or the last one was blocked by the units alone
	// async marks a search of a big board, loaded once: it solves in a goroutine it polls, never in slices.
	async bool
	// wholeLeft is how many of the next solves run whole (solveAsync) before the rest run in slices:
	// wholeSolves for the search over the whole board that a count or a listing starts with, 0 for a cube's.
	wholeLeft int
	// known holds the values the cube gives the cell variables (see cubeValues), nil for no cube: gini
	// has no clause about them. local renumbers the other cell variables for gini.
	known []int8
	local []lit
}

// newSearch loads a fresh solver with what is left of the encoding's clauses, held in lits (a list), once
// the cube's cells are known (see residual). Its variables are renumbered: the cells the cube leaves
// open first, then the auxiliaries the residual still holds, so that gini's heap holds no dead cell to
// decide at every solve. A fresh solver per cube rather than gini's Copy: the notes measured Copy 3–85×
// slower.
func newSearch(ctx context.Context, e *cnf, lits []lit, c cube) (*search, error) {
	if c.frame.lines() == 0 {
		g := newGini(e, e.size.clauses)
		return &search{e: e, g: g, skip: e.forced}, load(ctx, g, lits)
	}
	val := e.cubeValues(c)
	buf := residuals.Get().(*[]lit)
	defer residuals.Put(buf)
	rest, clauses, empty, err := residual(ctx, (*buf)[:0], lits, val)
	*buf = rest
	if err != nil {
		return nil, err
	}
	s := &search{e: e, skip: make([]bool, len(val)), known: val, local: make([]lit, len(val)), done: empty}
	n := lit(0)
	for v, x := range val[1:] {
		if x == 0 {
			n++
			s.local[v+1] = n
		}
		s.skip[v+1] = x != 0 || e.forced[v+1]
	}
	aux := map[lit]lit{}
	for i, l := range rest {
		v := l
		if v < 0 {
			v = -v
		}
		switch {
		case l == 0:
		case int(v) < len(val):
			rest[i] = s.local[v] * (l / v)
		default:
			w, ok := aux[v]
			if !ok {
				n++
				w = n
				aux[v] = w
			}
			rest[i] = w * (l / v)
		}
	}
	s.g = gini.NewVc(int(n), clauses)
	for _, l := range rest {
		s.g.Add(z.Dimacs2Lit(int(l)))
	}
	if n > 0 {
		// A tautology over the last variable makes every variable known to gini, as Value panics on one
		// it has never seen.
		s.g.Add(z.Dimacs2Lit(int(n)))
		s.g.Add(z.Dimacs2Lit(-int(n)))
		s.g.Add(0)
	}
	return s, nil
}

// residuals holds the buffers of residual, one per task at a time.
var residuals = sync.Pool{New: func() any { return new([]lit) }}

// cubeValues returns the values the cube gives the cell variables: 1 for its queens, −1 for the other
// cells of its frame, for every cell a leap away from a queen of the cube, and for the other cells of a
// line that the cube's queens fill to its range's most (a rider's line through a queen): the encoding's
// own geometry. 0 for the rest.
func (e *cnf) cubeValues(c cube) []int8 {
	val := make([]int8, len(e.cells)+1)
	for _, v := range c.trues {
		val[v] = 1
	}
	for i, cell := range e.cells {
		if val[i+1] == 0 && c.frame.holds(cell, e.m.Rows, e.m.Cols) {
			val[i+1] = -1
		}
	}
	var partners []lit
	var scratch []constraints.Cell
	for _, q := range c.trues {
		for k := range e.fams {
			f := &e.fams[k]
			for _, l := range e.linesOf(f, q) {
				if e.queensOn(f, l, c.trues) < f.rng.Hi {
					continue
				}
				for _, x := range f.lines.Line(int(l)) {
					if v := e.varOf[x]; v != 0 && val[v] == 0 {
						val[v] = -1
					}
				}
			}
		}
		partners = e.leapPartners(partners[:0], q, &scratch)
		for _, v := range partners {
			if val[v] == 0 {
				val[v] = -1
			}
		}
	}
	return val
}

// queensOn counts the queens of trues on line l of f.
func (e *cnf) queensOn(f *family, l int32, trues []lit) int {
	n := 0
	for _, q := range trues {
		for _, m := range e.linesOf(f, q) {
			if m == l {
				n++
				break
			}
		}
	}
	return n
}

// residual appends to out what is left of the clauses in lits under the known values val of the cell
// variables, and returns it with the number of its clauses: a clause with a true literal is dropped, and
// false literals are dropped from the rest. A clause left empty means no solution: residual reports it
// and stops.
func residual(ctx context.Context, out, lits []lit, val []int8) (rest []lit, clauses int, empty bool, err error) {
	clauses, start, sat := 0, len(out), false
	for i, l := range lits {
		if i%loadPoll == 0 {
			if err := ctx.Err(); err != nil {
				return out, 0, false, fmt.Errorf("loading the clauses into gini: stopped at literal %d of %d: %w", i, len(lits), err)
			}
		}
		if l == 0 {
			switch {
			case sat:
				out = out[:start]
			case len(out) == start:
				return out[:0], 0, true, nil
			default:
				out = append(out, 0)
				clauses++
			}
			start, sat = len(out), false
			continue
		}
		if sat {
			continue
		}
		v := l
		if v < 0 {
			v = -v
		}
		if int(v) < len(val) && val[v] != 0 {
			sat = (val[v] > 0) == (l > 0)
			continue
		}
		out = append(out, l)
	}
	return out, clauses, false, nil
}

// hintVars is the largest encoding, in variables, whose solver is made with size hints. gini allocates room
// for 8 watches of each literal up front, one allocation each: for the many small loads of counting by
// cubes that saved about a tenth of the time (classic n=10), but for a big board it is several times
// slower than letting gini grow (see streamSearch).
const hintVars = 1 << 16

// newGini returns an empty solver for e and the number of clauses it will hold, with size hints where they
// pay.
func newGini(e *cnf, clauses int) *gini.Gini {
	if e.size.vars > hintVars {
		return gini.New()
	}
	return gini.NewVc(e.size.vars, clauses)
}

// streamSearch loads a fresh solver with the encoding's clauses as the encoder makes them, never holding
// the whole list: the way to load a big board once, and solve it once. gini is given no size hints: a hint of V variables
// makes it allocate room for 8 watches of each of 2V literals up front, one allocation each, which made
// loading classic n=600 several times slower than letting it grow.
func streamSearch(ctx context.Context, e *cnf) (*search, error) {
	g := gini.New()
	if err := e.run(ctx, giniSink{g}); err != nil {
		return nil, fmt.Errorf("loading the clauses into gini: %w", err)
	}
	return &search{e: e, g: g, skip: e.forced, async: true}, nil
}

// loadPoll is how many literals load adds between looks at its context.
const loadPoll = 1 << 16

// load adds the clauses held in lits to g, and stops once ctx ends.
func load(ctx context.Context, g *gini.Gini, lits []lit) error {
	for i, l := range lits {
		if i%loadPoll == 0 {
			if err := ctx.Err(); err != nil {
				return fmt.Errorf("loading the clauses into gini: stopped at literal %d of %d: %w", i, len(lits), err)
			}
		}
		g.Add(z.Dimacs2Lit(int(l)))
	}
	return nil
}

// next returns the next solution of the search, and false when there is none left (a solution of no
// queens is empty, but there). Each solution is checked against the model before it is returned, and
// blocked so that it is not found again.
func (s *search) next(ctx context.Context) (constraints.Solution, bool, error) {
	if s.done {
		return nil, false, nil
	}
	r, err := solve(ctx, s.g, !s.async && s.wholeLeft == 0)
	if s.wholeLeft > 0 {
		s.wholeLeft--
	}
	if err != nil {
		return nil, false, err
	}
	if r == unsatisfiable {
		s.done = true
		return nil, false, nil
	}
	// Every value is read before the blocking clause is added: adding a clause backtracks gini to level 0
	// and drops the model.
	var sol constraints.Solution
	s.blocking = s.blocking[:0]
	for i, c := range s.e.cells {
		v := lit(i + 1)
		if s.known != nil {
			if s.known[v] > 0 {
				sol = append(sol, c)
			}
			if s.known[v] != 0 {
				continue
			}
			v = s.local[v]
		}
		if s.g.Value(z.Dimacs2Lit(int(v))) {
			sol = append(sol, c)
			if !s.skip[i+1] {
				s.blocking = append(s.blocking, -v)
			}
		}
	}
	if err := solvers.Verify("sat", s.e.m, sol); err != nil {
		return nil, false, err
	}
	s.addBlock()
	return sol, true, nil
}

// gini's three answers.
const (
	satisfiable   = 1
	unsatisfiable = -1
	unknown       = 0
)

// errUnknown is gini answering unknown while the context is still live: it gave up without an answer (a
// deadline left behind by Try, a stop from elsewhere). It must end a search with an error, never as "no
// more solutions", which would let a count or an enumeration be marked complete.
var errUnknown = errors.New("sat: gini stopped without an answer (neither satisfiable nor unsatisfiable)")

// block forbids sol, a solution listed elsewhere, in this search.
func (s *search) block(sol constraints.Solution) {
	s.blocking = s.blocking[:0]
	for _, c := range sol {
		v := lit(s.e.varOf[c.Row*s.e.m.Cols+c.Col])
		if s.skip[v] {
			continue
		}
		if s.local != nil {
			v = s.local[v]
		}
		s.blocking = append(s.blocking, -v)
	}
	s.addBlock()
}

// addBlock adds the blocking clause held in s.blocking. Every solution holds exactly k queens, so another one
// must lack one of its queens: blocking the queens alone is enough, and it ranges over cell variables
// only. Blocking a whole model, auxiliaries included, would over-count, since the at-most-one counters
// leave some auxiliaries free. A solution made by the units alone leaves no other: the search is done.
func (s *search) addBlock() {
	if len(s.blocking) == 0 {
		s.done = true
		return
	}
	for _, l := range s.blocking {
		s.g.Add(z.Dimacs2Lit(int(l)))
	}
	s.g.Add(0)
}

// solve runs g until it answers or ctx is done, and returns satisfiable or unsatisfiable with a nil error,
// or an error: the context's, or errUnknown. A search that solves many times (listing, counting) solves
// in slices (solveInSlices); one that solves once (Find), in a goroutine it polls (solveAsync). The two
// must never be mixed on one solver: a Try deadline outlives its call, and a later Solve or GoSolve gives
// up at gini's first poll.
func solve(ctx context.Context, g *gini.Gini, sliced bool) (int, error) {
	var r int
	var err error
	if sliced {
		r, err = solveInSlices(ctx, g)
	} else {
		r, err = solveAsync(ctx, g)
	}
	if err == nil && r == unknown {
		err = errUnknown
	}
	return r, err
}

// The slices of solveInSlices: the first is longer than most solves of a count, which then never look at
// the clock (gini checks its deadline every 20 000 propagations); they double up to the last, which
// bounds how long the context may wait.
const (
	firstSlice = 100 * time.Millisecond
	lastSlice  = time.Second
)

// wholeSolves is how many solves of the search over the whole board, which a count or a listing starts
// with, run whole, in a goroutine polled, before the rest run in slices. The first two (the first
// solution, and where a puzzle has one, the proof that there is no other) are the long ones of a hard
// puzzle, and restarting gini at each slice's end costs them about a third more CPU than solving them
// whole. The many short solves after them, and every cube's, keep the slices, which spare them a
// goroutine each (a goroutine for every cube's first two solves costs a count of classic queens more
// than it saves). GoSolve before Try is safe; Try before GoSolve
// is not (solve's comment), and the order never goes back.
const wholeSolves = 2

// solveInSlices runs g in the calling goroutine by g.Try, each time with a fresh deadline, and looks at
// ctx between slices. A solve cut short by its slice resumes in the next one from level 0 with what it
// learnt, as after a restart. This costs nothing to the thousands of solves of a count, which take
// microseconds each, whereas a goroutine per solve, polled, took half the CPU of counting classic n=13.
func solveInSlices(ctx context.Context, g *gini.Gini) (int, error) {
	slice := firstSlice
	for {
		if err := ctx.Err(); err != nil {
			return unknown, err
		}
		if r := g.Try(slice); r != unknown {
			return r, nil
		}
		slice = min(2*slice, lastSlice)
	}
}

// solveAsync runs g.GoSolve and polls its handle, and stops the handle (once) if ctx ends first. It never
// calls g.Try.
func solveAsync(ctx context.Context, g *gini.Gini) (int, error) {
	if ctx.Done() == nil {
		return g.Solve(), nil // the context can never end: no goroutine needed
	}
	if err := ctx.Err(); err != nil {
		return unknown, err
	}
	h := g.GoSolve()
	// The handle has no channel to select on: its Wait holds a lock that Stop needs, so a goroutine
	// blocked in Wait could never be stopped. Poll it, backing off to a few milliseconds.
	pause := 50 * time.Microsecond
	timer := time.NewTimer(pause)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			// Stop waits for gini's next poll (every 20 000 propagations); a result that raced in is kept.
			if r := h.Stop(); r != unknown {
				return r, nil
			}
			return unknown, ctx.Err()
		case <-timer.C:
			if r, ok := h.Test(); ok {
				return r, nil
			}
			pause = min(2*pause, 5*time.Millisecond)
			timer.Reset(pause)
		}
	}
}
