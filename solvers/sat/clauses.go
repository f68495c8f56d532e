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
// learnt from those took most of its time and memory (classic n=1000 found in 38 s of CPU and 1.2 GB,
// against 51 s and 2.1 GB).
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

// exactly makes exactly k of the cells or auxiliaries xs of a line or region true: by units where k is 0
// or all of xs, by an at-most-one and a clause where k is 1, and by a cardinality encoding otherwise (a
// sequential counter, unless the options ask for totalizers). More than len(xs) is an empty clause.
func (e *cnf) exactly(xs []lit, k int) { e.exactlyBy(xs, k, e.opt.card == cardTotalizer) }

// exactlyBy is exactly, by a totalizer where k is 2 or more if totalizer is set.
func (e *cnf) exactlyBy(xs []lit, k int, totalizer bool) {
	switch {
	case k > len(xs):
		e.clause()
	case k == 0 || k == len(xs):
		for _, x := range xs {
			if k == 0 {
				x = -x
			}
			e.clause(x)
		}
	case k == 1 && e.opt.amo == Product && len(xs) > max(e.opt.pairwiseUpTo, 4):
		e.exactlyOneProduct(xs)
	case k == 1:
		e.atMostOne(xs)
		e.clause(xs...)
	case totalizer:
		e.totalize(xs, k)
	default:
		e.seqCounter(xs, k)
	}
}

// totalize makes exactly k of xs true with Bailleux and Boufkhad's totalizer: a tree whose nodes count
// their leaves in unary, each count cut at k+1 (at least k+1 is all that matters), with clauses both ways
// so that the auxiliaries are a function of the cells. The root must count at least k and not k+1.
func (e *cnf) totalize(xs []lit, k int) {
	out := e.totalizerNode(xs, k+1)
	if e.err != nil {
		return
	}
	e.clause(out[k-1])
	if len(out) > k {
		e.clause(-out[k])
	}
}

// totalizerNode returns the unary count of xs cut at limit: out[j] is true iff at least j+1 of xs are.
func (e *cnf) totalizerNode(xs []lit, limit int) []lit {
	if len(xs) == 1 || e.err != nil {
		return xs[:1:1] // a failed run makes nothing more: any slice will do
	}
	a := e.totalizerNode(xs[:len(xs)/2], limit)
	b := e.totalizerNode(xs[len(xs)/2:], limit)
	m := min(len(a)+len(b), limit)
	out := make([]lit, m)
	for i := range out {
		out[i] = e.fresh()
	}
	// at(u, i) is "at least i of u": true for 0, false past u's end.
	at := func(u []lit, i int) lit {
		switch {
		case i == 0:
			return litTrue
		case i > len(u):
			return litFalse
		}
		return u[i-1]
	}
	for i := 0; i <= len(a) && e.err == nil; i++ {
		for j := 0; j <= len(b); j++ {
			if s := i + j; s >= 1 {
				e.clause(-at(a, i), -at(b, j), out[min(s, m)-1]) // i of a and j of b: at least i+j
			}
			if s := i + j + 1; s <= m {
				e.clause(at(a, i+1), at(b, j+1), -out[s-1]) // at most i of a and j of b: not i+j+1
			}
		}
	}
	return out
}

// seqCounter makes exactly k of xs true with a sequential counter whose registers are defined both ways:
// s(i, j) is true iff at least j of xs[0..i) are. Both directions make the auxiliaries a function of the
// cells, and the constants at the edges keep only the registers that can still vary: s(i, j) is false for
// j > i and, as k must be reached, true for j ≤ k − (n − i). That leaves about n·min(k, n−k) auxiliaries.
func (e *cnf) seqCounter(xs []lit, k int) {
	n := len(xs)
	// reg[j] is s(i, j) for the current i, for j in 0..k+1; s(i, k+1) is false, which says "at most k".
	reg := make([]lit, k+2)
	next := make([]lit, k+2)
	for j := range reg {
		reg[j] = litFalse
	}
	reg[0] = litTrue
	for i := 1; i <= n && e.err == nil; i++ {
		x := xs[i-1]
		next[0] = litTrue
		for j := 1; j <= k+1; j++ {
			switch {
			case j > i || j > k:
				next[j] = litFalse
			case j <= k-(n-i):
				next[j] = litTrue
			default:
				next[j] = e.fresh()
			}
			s := next[j]
			e.clause(-reg[j], s)           // s(i−1, j) → s(i, j)
			e.clause(-x, -reg[j-1], s)     // x_i ∧ s(i−1, j−1) → s(i, j)
			e.clause(-s, reg[j], x)        // s(i, j) → s(i−1, j) ∨ x_i
			e.clause(-s, reg[j], reg[j-1]) // s(i, j) → s(i−1, j) ∨ s(i−1, j−1)
		}
		reg, next = next, reg
	}
}
