package sat

import (
	"context"
	"errors"
	"fmt"
	"runtime"
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
}

// newSearch loads a fresh solver with the encoding's clauses, held in lits (a list), and the cube, given
// as the cells' variables set true and false. A fresh solver per cube rather than gini's Copy: the notes
// measured Copy 3–85× slower.
func newSearch(ctx context.Context, e *cnf, lits []lit, c cube) (*search, error) {
	g := newGini(e)
	if err := load(ctx, g, lits); err != nil {
		return nil, err
	}
	s := &search{e: e, g: g, skip: e.forced}
	if len(c.trues) > 0 {
		s.skip = append([]bool(nil), e.forced...)
	}
	for _, v := range c.trues {
		s.skip[v] = true
		g.Add(z.Dimacs2Lit(int(v)))
		g.Add(0)
	}
	for _, v := range c.falses {
		g.Add(z.Dimacs2Lit(int(-v)))
		g.Add(0)
	}
	return s, nil
}

// hintVars is the largest encoding, in variables, whose solver is made with size hints. gini allocates room
// for 8 watches of each literal up front, one allocation each: for the many small loads of counting by
// cubes that saved about a tenth of the time (classic n=10), but for a big board it is several times
// slower than letting gini grow (see streamSearch).
const hintVars = 1 << 16

// newGini returns an empty solver for e, with size hints where they pay.
func newGini(e *cnf) *gini.Gini {
	if e.size.vars > hintVars {
		return gini.New()
	}
	return gini.NewVc(e.size.vars, e.size.clauses)
}

// streamSearch loads a fresh solver with the encoding's clauses as the encoder makes them, never holding
// the whole list: the way to load a big board once. gini is given no size hints: a hint of V variables
// makes it allocate room for 8 watches of each of 2V literals up front, one allocation each, which made
// loading classic n=600 several times slower than letting it grow.
func streamSearch(ctx context.Context, e *cnf) (*search, error) {
	g := gini.New()
	if err := e.run(ctx, giniSink{g}); err != nil {
		return nil, fmt.Errorf("loading the clauses into gini: %w", err)
	}
	return &search{e: e, g: g, skip: e.forced}, nil
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

// next returns the next solution of the search, or nil when there is none left. Each solution is checked
// against the model before it is returned, and blocked so that it is not found again.
func (s *search) next(ctx context.Context) (constraints.Solution, error) {
	if s.done {
		return nil, nil
	}
	r, err := solve(ctx, s.g)
	if err != nil {
		return nil, err
	}
	if r == unsatisfiable {
		s.done = true
		return nil, nil
	}
	// Every value is read before the blocking clause is added: adding a clause backtracks gini to level 0
	// and drops the model.
	var sol constraints.Solution
	s.blocking = s.blocking[:0]
	for i, c := range s.e.cells {
		v := lit(i + 1)
		if s.g.Value(z.Dimacs2Lit(int(v))) {
			sol = append(sol, c)
			if !s.skip[v] {
				s.blocking = append(s.blocking, -v)
			}
		}
	}
	if err := solvers.Verify("sat", s.e.m, sol); err != nil {
		return nil, err
	}
	s.addBlock()
	return sol, nil
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
		if v := lit(s.e.varOf[c.Row*s.e.m.Cols+c.Col]); !s.skip[v] {
			s.blocking = append(s.blocking, -v)
		}
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

// solve runs g until it answers or ctx is done, and returns satisfiable or unsatisfiable with a nil error, or an error:
// the context's, or errUnknown. It never calls g.Try, whose deadline outlives the call and makes every
// later solve return unknown at once; it runs GoSolve and polls the handle, and stops the handle (once)
// if ctx ends first.
func solve(ctx context.Context, g *gini.Gini) (int, error) {
	r, err := solveOnce(ctx, g)
	if err == nil && r == unknown {
		err = errUnknown
	}
	return r, err
}

func solveOnce(ctx context.Context, g *gini.Gini) (int, error) {
	if ctx.Done() == nil {
		return g.Solve(), nil // the context can never end: no goroutine needed
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	h := g.GoSolve()
	// Most solves while enumerating take microseconds, so poll by yielding first and only then sleep,
	// backing off to a few milliseconds for long solves. The handle has no channel to select on: its Wait
	// holds a lock that Stop needs, so a goroutine blocked in Wait could never be stopped.
	for i := 0; i < 100; i++ {
		if r, ok := h.Test(); ok {
			return r, nil
		}
		runtime.Gosched()
	}
	pause := 20 * time.Microsecond
	timer := time.NewTimer(pause)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			// Stop waits for gini's next poll (every 20 000 propagations); a result that raced in is kept.
			if r := h.Stop(); r != unknown {
				return r, nil
			}
			return 0, ctx.Err()
		case <-timer.C:
			if r, ok := h.Test(); ok {
				return r, nil
			}
			pause = min(2*pause, 5*time.Millisecond)
			timer.Reset(pause)
		}
	}
}
