package sat

import (
	"fmt"

	"github.com/queens-dev/queens/solvers"
)

// The clause builders. A literal is a DIMACS integer; litTrue and litFalse stand for constants, which
// clause simplifies away, so that the counters can treat their edges (a count that cannot yet be reached,
// or must already have been) as plain literals.
const (
	litTrue  int32 = 1 << 30
	litFalse int32 = -litTrue
)

// clause adds the disjunction of lits, dropping false constants and skipping the clause if it holds a true
// one.
func (e *cnf) clause(lits ...int32) {
	if e.err != nil {
		return
	}
	for _, l := range lits {
		if l == litTrue {
			return
		}
	}
	start := len(e.lits)
	for _, l := range lits {
		if l != litFalse {
			e.lits = append(e.lits, l)
		}
	}
	if len(e.lits) == start {
		// An empty clause: the model has no solution (a row with every cell blocked that must hold a
		// queen). Said as x1 and ¬x1, since an empty clause is a corner that DIMACS readers treat unevenly.
		e.lits = append(e.lits, 1, 0, -1)
		e.clauses++
	}
	e.lits = append(e.lits, 0)
	e.clauses++
	if len(e.lits) > MaxLiterals {
		e.err = fmt.Errorf("sat: %s: the encoding needs more than %d literals: %w", e.m, MaxLiterals, solvers.ErrUnsupported)
	}
}

// fresh returns a new auxiliary variable.
func (e *cnf) fresh() int32 {
	e.vars++
	return int32(e.vars)
}

// atMostOne allows at most one of xs: pairwise when the line is short, where the L(L−1)/2 binary clauses
// propagate best, and by Sinz's sequential counter (3L−5 clauses, L−2 auxiliaries) when it is long, where
// the pairwise clauses would grow the encoding to about (5/3)n³ clauses on an n×n board.
func (e *cnf) atMostOne(xs []int32, pairwiseUpTo int) {
	if len(xs) < 2 {
		return
	}
	if len(xs) <= pairwiseUpTo {
		for i, a := range xs {
			for _, b := range xs[i+1:] {
				e.clause(-a, -b)
			}
		}
		return
	}
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

// exactly makes exactly k of xs true with a sequential counter whose registers are defined both ways:
// s(i, j) is true iff at least j of xs[0..i) are. Both directions make the auxiliaries a function of the
// cells, and the constants at the edges keep only the registers that can still vary: s(i, j) is false for
// j > i and, as k must be reached, true for j ≤ k − (n − i). That leaves about n·min(k, n−k) auxiliaries.
func (e *cnf) exactly(xs []int32, k int) {
	n := len(xs)
	// reg[j] is s(i, j) for the current i, for j in 0..k+1; s(i, k+1) is false, which says "at most k".
	reg := make([]int32, k+2)
	next := make([]int32, k+2)
	for j := range reg {
		reg[j] = litFalse
	}
	reg[0] = litTrue
	for i := 1; i <= n; i++ {
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
