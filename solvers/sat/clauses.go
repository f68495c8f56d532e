package sat

import (
	"fmt"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/solvers"
)

// lit is a literal in DIMACS form: v or −v for the variable v ≥ 1.
type lit int32

// litTrue and litFalse stand for constants, which clause simplifies away, so that the counters can treat
// their edges (a count that cannot yet be reached, or must already have been) as plain literals.
const (
	litTrue  lit = 1 << 30
	litFalse lit = -litTrue
)

// sink takes the clauses of an encoding one at a time, as they are made. It must not keep the slice.
type sink interface {
	add(c []lit) error
}

// discard counts nothing itself: a dry run, whose size the encoder's own counters measure.
type discard struct{}

func (discard) add([]lit) error { return nil }

// list keeps the clauses flat, each ended by a 0, as DIMACS writes them.
type list struct{ lits []lit }

func (l *list) add(c []lit) error {
	l.lits = append(append(l.lits, c...), 0)
	return nil
}

// giniSink adds each clause to a gini solver.
type giniSink struct{ g *gini.Gini }

func (s giniSink) add(c []lit) error {
	for _, l := range c {
		s.g.Add(z.Dimacs2Lit(int(l)))
	}
	s.g.Add(0)
	return nil
}

// pollEvery is how many clauses the encoder makes between looks at its context: a few hundred
// microseconds of work.
const pollEvery = 1 << 12

// clause hands the disjunction of lits to the sink, dropping false constants and skipping the clause if it
// holds a true one. Once the run has failed (the context ended, the sink refused, the encoding grew past
// its bound), clause does nothing; the loops that call it check e.err to stop early.
func (e *cnf) clause(lits ...lit) {
	if e.err != nil {
		return
	}
	buf := e.buf[:0]
	for _, l := range lits {
		switch l {
		case litTrue:
			return
		case litFalse:
		default:
			buf = append(buf, l)
		}
	}
	e.buf = buf
	if len(buf) == 0 {
		// An empty clause: the model has no solution (a row with every cell blocked that must hold a
		// queen). Said as x1 and ¬x1, since an empty clause is a corner that DIMACS readers treat unevenly.
		e.emit(append(buf, 1))
		e.emit(append(buf[:0], -1))
		return
	}
	e.emit(buf)
}

// emit hands one clause to the sink and keeps the run's counts, its bound and its polls.
func (e *cnf) emit(c []lit) {
	e.at.clauses++
	e.at.literals += len(c)
	if e.at.literals > e.maxLiterals {
		e.err = fmt.Errorf("%s: the encoding needs more than %d literals: %w", e.m, e.maxLiterals, solvers.ErrUnsupported)
		return
	}
	if err := e.out.add(c); err != nil {
		e.err = err
		return
	}
	if e.at.clauses%pollEvery == 0 {
		e.poll(0)
	}
}

// fresh returns a new auxiliary variable.
func (e *cnf) fresh() lit {
	e.at.vars++
	return lit(e.at.vars)
}

// atMostOne allows at most one of xs: pairwise when the line is short, where the L(L−1)/2 binary clauses
// propagate best; when it is long, by the encoding the options choose, since pairwise clauses would grow
// the encoding to about (5/3)n³ clauses on an n×n board.
func (e *cnf) atMostOne(xs []lit) {
	switch {
	case len(xs) < 2:
	case len(xs) <= e.opt.pairwiseUpTo || (e.opt.amo == Product && len(xs) <= 4):
		// A product of four or fewer would not shrink.
		for i, a := range xs {
			for _, b := range xs[i+1:] {
				e.clause(-a, -b)
			}
		}
	case e.opt.amo == Product:
		e.product(xs)
	default:
		e.sequential(xs)
	}
}

// sequential is Sinz's sequential counter for at most one: 3L−5 clauses, L−2 auxiliaries.
func (e *cnf) sequential(xs []lit) {
	// s_i: some of xs[0..i] is true.
	prev := xs[0]
	for i := 1; i < len(xs)-1; i++ {
		s := e.fresh()
		e.clause(-prev, s)
		e.clause(-xs[i], s)
		e.clause(-xs[i], -prev)
		prev = s
	}
	e.clause(-xs[len(xs)-1], -prev)
}

// product is Chen's product encoding of at most one: the L variables are laid out on a grid of about √L
// by √L, a variable implies its grid row's and its grid column's, and at most one row and one column
// may be chosen, recursively. That takes about 2L + O(√L) clauses and only about 2√L auxiliaries, which
// matters to gini: it keeps two watch lists per variable, about 100 bytes.
func (e *cnf) product(xs []lit) {
	rows, cols := e.grid(xs)
	e.atMostOne(rows)
	e.atMostOne(cols)
}

// exactlyOneProduct makes exactly one of xs true on the product's grid: a grid row holds a queen exactly
// when one of its cells does (the product's implications, and one clause back from each row to its
// cells), exactly one grid row does, recursively, and at most one grid column. The line's at-least-one is
// then said over its √L grid rows instead of its L cells: with rows of a thousand cells, the clauses gini
// learns from the long at-least-one take most of its time and memory.
func (e *cnf) exactlyOneProduct(xs []lit) {
	rows, cols := e.grid(xs)
	p := len(cols)
	for i, r := range rows {
		e.buf2 = append(e.buf2[:0], -r)
		e.buf2 = append(e.buf2, xs[i*p:min((i+1)*p, len(xs))]...)
		e.clause(e.buf2...)
	}
	e.exactly(rows, 1)
	e.atMostOne(cols)
}

// grid lays xs out row by row on a grid of about √L by √L, and makes a variable for each grid row and grid
// column, which each cell implies.
func (e *cnf) grid(xs []lit) (rows, cols []lit) {
	p := 1
	for p*p < len(xs) {
		p++
	}
	rows, cols = make([]lit, (len(xs)+p-1)/p), make([]lit, p)
	for i := range rows {
		rows[i] = e.fresh()
	}
	for j := range cols {
		cols[j] = e.fresh()
	}
	for i, x := range xs {
		e.clause(-x, rows[i/p])
		e.clause(-x, cols[i%p])
	}
	return rows, cols
}
