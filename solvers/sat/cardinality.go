package sat

import "github.com/queens-dev/queens/constraints"

// inRange makes the number of true literals among xs, the free cells of a line, lie in r. None, one or all
// of them take units and the at-most-one encodings; exactly k takes exactly (a sequential counter, as
// measured on Star Battle's quotas); a range of at most k or from lo to hi that the binomial encoding says
// in at most binomialUpTo clauses takes it, and a longer one a counter (atMost, between). A range past the
// line's end is cut to it, and one whose least count the line cannot hold is an empty clause.
func (e *cnf) inRange(xs []lit, r constraints.Range) {
	n := len(xs)
	lo, hi := r.Lo, min(r.Hi, n)
	switch {
	case lo > n:
		e.clause()
	case lo == 0 && hi == n:
	case lo == hi && (hi <= 1 || hi == n):
		e.exactly(xs, lo)
	case hi == 1:
		e.atMostOne(xs)
	case lo == 1 && hi == n:
		e.clause(xs...)
	case lo == hi && !e.opt.binomialExact:
		e.exactly(xs, lo)
	case binomialClauses(n, lo, hi) <= e.opt.binomialUpTo:
		e.binomial(xs, lo, hi)
	case lo == hi:
		e.exactly(xs, lo)
	case lo == 0:
		e.atMost(xs, hi)
	default:
		e.between(xs, lo, hi)
	}
}

// defaultBinomialUpTo is the most clauses the binomial encoding of a range may take on a line before
// counters take over (README.md, "The cardinality encodings").
const defaultBinomialUpTo = 64

// binomialClauses returns the clauses binomial takes for lo to hi of n: C(n, hi+1) for the most, C(n,
// lo−1) for the least; past 1<<20, a number past it.
func binomialClauses(n, lo, hi int) int {
	c := 0
	if hi < n {
		c += choose(n, hi+1)
	}
	if lo > 0 {
		c += choose(n, lo-1)
	}
	return c
}

// choose returns C(n, k), or a number past 1<<20 once it grows past that.
func choose(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	k = min(k, n-k)
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
		if r > 1<<20 {
			return r // past any bound worth asking about: stop before it can overflow
		}
	}
	return r
}

// binomial makes from lo to hi of xs true with no auxiliary: every hi+1 of them hold a false one, and every
// n−lo+1 a true one. Its clauses propagate at once (hi true cells make the rest false, n−lo false ones
// the rest true) and suit short lines, which most lines of any slope are; their number grows as C(n, hi+1).
func (e *cnf) binomial(xs []lit, lo, hi int) {
	if hi < len(xs) {
		e.subsets(xs, hi+1, -1)
	}
	if lo > 0 {
		e.subsets(xs, len(xs)-lo+1, 1)
	}
}

// subsets makes a clause of every k of xs, each literal times sign.
func (e *cnf) subsets(xs []lit, k int, sign lit) {
	pick := make([]int, k) // indexes into xs, increasing
	for i := range pick {
		pick[i] = i
	}
	clause := make([]lit, k)
	for e.err == nil {
		for i, j := range pick {
			clause[i] = sign * xs[j]
		}
		e.clause(clause...)
		// The next pick: raise the last index that can still rise, and reset those after it.
		i := k - 1
		for i >= 0 && pick[i] == len(xs)-k+i {
			i--
		}
		if i < 0 {
			return
		}
		pick[i]++
		for j := i + 1; j < k; j++ {
			pick[j] = pick[j-1] + 1
		}
	}
}

// atMostBy names an encoding of "at most k" by counters, for k of 2 and more.
type atMostBy int

const (
	// atMostCounter, the default: a sequential counter whose registers count upwards only, all that an
	// upper bound needs (README.md, "The cardinality encodings").
	atMostCounter atMostBy = iota
	atMostCounterBoth
	atMostTotalizer
)

func (a atMostBy) String() string {
	switch a {
	case atMostCounterBoth:
		return "at most k by two-way counters"
	case atMostTotalizer:
		return "at most k by one-way totalizers"
	}
	return "at most k by one-way counters"
}

// atMost allows at most k of xs, 2 ≤ k < len(xs), by the counter the options choose.
func (e *cnf) atMost(xs []lit, k int) {
	switch e.opt.atMost {
	case atMostCounterBoth:
		e.seqCounter(xs, 0, k, true)
	case atMostTotalizer:
		e.totalize(xs, 0, k, false)
	default:
		e.seqCounter(xs, 0, k, false)
	}
}

// between makes from lo to hi of xs true, 0 < lo < hi ≤ len(xs), by a sequential counter (or a
// totalizer if the options ask for totalizers).
func (e *cnf) between(xs []lit, lo, hi int) {
	if e.opt.card == cardTotalizer {
		e.totalize(xs, lo, hi, true)
		return
	}
	e.seqCounter(xs, lo, hi, true)
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
		e.totalize(xs, k, k, true)
	default:
		e.seqCounter(xs, k, k, true)
	}
}

// totalize makes from lo to hi of xs true with Bailleux and Boufkhad's totalizer: a tree whose nodes
// count their leaves in unary, each count cut at hi+1 (at least hi+1 is all that matters). The root must
// count at least lo and not hi+1. With both, the clauses go both ways, so that the auxiliaries are a
// function of the cells; without, only upwards (a node counts at least what its leaves hold), which is all
// "at most" needs.
func (e *cnf) totalize(xs []lit, lo, hi int, both bool) {
	out := e.totalizerNode(xs, hi+1, both)
	if e.err != nil {
		return
	}
	if lo > 0 {
		e.clause(out[lo-1])
	}
	if len(out) > hi {
		e.clause(-out[hi])
	}
}

// totalizerNode returns the unary count of xs cut at limit: out[j] is true iff at least j+1 of xs are
// (only "if" without both).
func (e *cnf) totalizerNode(xs []lit, limit int, both bool) []lit {
	if len(xs) == 1 || e.err != nil {
		return xs[:1:1] // a failed run makes nothing more: any slice will do
	}
	a := e.totalizerNode(xs[:len(xs)/2], limit, both)
	b := e.totalizerNode(xs[len(xs)/2:], limit, both)
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
			if s := i + j + 1; both && s <= m {
				e.clause(at(a, i+1), at(b, j+1), -out[s-1]) // at most i of a and j of b: not i+j+1
			}
		}
	}
	return out
}

// seqCounter makes from lo to hi of xs true with a sequential counter: s(i, j) says that at least j of
// xs[0..i) are true. Its registers count upwards (s(i−1, j) → s(i, j), x_i ∧ s(i−1, j−1) → s(i, j)), and
// with both downwards too (s(i, j) → s(i−1, j) ∨ x_i, s(i, j) → s(i−1, j) ∨ s(i−1, j−1)), which makes them
// a function of the cells and is what a least count needs. Constants at the edges keep only the registers
// that can still vary: s(i, j) is false for j > i and past hi (which says "at most hi"), and, as lo must
// be reached, true for j ≤ lo − (n − i). That leaves about n·min(hi, n−lo) auxiliaries.
func (e *cnf) seqCounter(xs []lit, lo, hi int, both bool) {
	n := len(xs)
	// reg[j] is s(i, j) for the current i, for j in 0..hi+1.
	reg := make([]lit, hi+2)
	next := make([]lit, hi+2)
	for j := range reg {
		reg[j] = litFalse
	}
	reg[0] = litTrue
	for i := 1; i <= n && e.err == nil; i++ {
		x := xs[i-1]
		next[0] = litTrue
		for j := 1; j <= hi+1; j++ {
			switch {
			case j > i || j > hi:
				next[j] = litFalse
			case j <= lo-(n-i):
				next[j] = litTrue
			case !both && i == n:
				next[j] = litTrue // counting upwards only, the last registers are read by nothing
			default:
				next[j] = e.fresh()
			}
			s := next[j]
			e.clause(-reg[j], s)       // s(i−1, j) → s(i, j)
			e.clause(-x, -reg[j-1], s) // x_i ∧ s(i−1, j−1) → s(i, j)
			if both {
				e.clause(-s, reg[j], x)        // s(i, j) → s(i−1, j) ∨ x_i
				e.clause(-s, reg[j], reg[j-1]) // s(i, j) → s(i−1, j) ∨ s(i−1, j−1)
			}
		}
		reg, next = next, reg
	}
}
