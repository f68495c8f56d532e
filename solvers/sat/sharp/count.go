package sharp

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
)

// pollNodes is how many decisions the search makes between looks at its context.
const pollNodes = 1 << 10

// span is one component in the arena: its variables arena[v0:v1] and its long clauses arena[v1:c1].
type span struct{ v0, v1, c1 int32 }

// ErrBudget is returned by CountWithin when the count would take more decisions than it was given.
var ErrBudget = errors.New("sharp: the count needs more decisions than its budget")

// Count returns the number of models of the formula in which every literal of assume is true, projected
// onto the counted variables. It stops with ctx's error once ctx is done. Assumptions are held only for
// the call.
func (c *Counter) Count(ctx context.Context, assume []Lit) (*big.Int, error) {
	return c.CountWithin(ctx, assume, 0)
}

// CountWithin is Count, stopped with ErrBudget once it has taken more than decisions decisions (0: no
// bound). What it counted stays in the cache, and serves the next call.
func (c *Counter) CountWithin(ctx context.Context, assume []Lit, decisions uint64) (*big.Int, error) {
	c.budget = 0
	if decisions > 0 {
		c.budget = c.stats.Decisions + decisions
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if c.empty || c.rootConflict {
		return new(big.Int), nil
	}
	defer c.undo(c.rootTrail)
	c.decisions = c.decisions[:0]
	c.hasModel = false
	for _, l := range assume {
		v := int32(l)
		li := 2 * v
		if l < 0 {
			v = -v
			li = 2*v + 1
		}
		if l == 0 || v > c.vars {
			return nil, fmt.Errorf("sharp: assumption %d: the formula has %d variables", l, c.vars)
		}
		switch c.litVal(li) {
		case -1:
			return new(big.Int), nil
		case 0:
			c.assign(li)
		}
		c.decisions = append(c.decisions, l)
	}
	if !c.propagate() {
		return new(big.Int), nil
	}
	vars := make([]int32, 0, c.vars)
	for v := int32(1); v <= c.vars; v++ {
		vars = append(vars, v)
	}
	clauses := make([]int32, len(c.start)-1)
	for i := range clauses {
		clauses[i] = int32(i)
	}
	c.arena, c.spans = c.arena[:0], c.spans[:0]
	n, err := c.split(ctx, vars, clauses, true)
	if err != nil {
		return nil, err
	}
	return n.toBig(), nil
}

// split counts the models of what is left of a component (vars, clauses) under the current trail: it
// asks the oracle first where that pays, then splits the rest into components and multiplies their
// counts. outsideSat says that everything outside the component is known to be satisfiable, which is
// what lets the oracle's "no" be blamed on the component.
func (c *Counter) split(ctx context.Context, vars, clauses []int32, outsideSat bool) (num, error) {
	known := c.modelAgrees()
	if !known && c.oracle != nil && outsideSat && len(vars) >= c.oracleMin {
		c.stats.OracleCalls++
		ok, err := c.oracle.Solve(ctx, c.decisions)
		if err != nil {
			return zero, err
		}
		if !ok {
			c.stats.OracleUnsat++
			return zero, nil
		}
		c.hasModel = true
		for v := range c.model[1:] {
			c.model[v+1] = -1
			if c.oracle.Value(v + 1) {
				c.model[v+1] = 1
			}
		}
		known = true
	}
	amark, smark := len(c.arena), len(c.spans)
	defer func() { c.arena, c.spans = c.arena[:amark], c.spans[:smark] }()
	free := c.components(vars, clauses)
	prod := one.shift(free)
	for i := smark; i < len(c.spans); i++ {
		s := c.spans[i]
		n, err := c.countComponent(ctx, c.arena[s.v0:s.v1], c.arena[s.v1:s.c1], known)
		if err != nil {
			return zero, err
		}
		if n.isZero() {
			return zero, nil
		}
		prod = prod.mul(n)
	}
	return prod, nil
}

// countComponent counts the models of one component, through the cache. sat says that the whole formula
// under the current trail is known to be satisfiable, this component included.
func (c *Counter) countComponent(ctx context.Context, vars, clauses []int32, sat bool) (num, error) {
	c.stats.Components++
	c.keybuf = appendKey(c.keybuf[:0], vars, clauses)
	if n, ok := c.cache.get(c.keybuf); ok {
		c.stats.CacheHits++
		return n, nil
	}
	key := string(c.keybuf)
	v := c.pick(vars, clauses)
	total := zero
	if v == 0 {
		// Only existential variables are left: one model of the counted ones if they can be completed.
		if sat || c.satisfiable(vars) {
			total = one
		}
	} else {
		first := int32(2*v + 1) // false first, unless the oracle's model says true
		if c.hasModel && c.model[v] == 1 && c.modelAgrees() {
			first = 2 * v
		}
		for _, li := range []int32{first, first ^ 1} {
			c.stats.Decisions++
			if c.budget > 0 && c.stats.Decisions > c.budget {
				return zero, ErrBudget
			}
			if c.polls++; c.polls%pollNodes == 0 {
				if err := ctx.Err(); err != nil {
					return zero, err
				}
			}
			mark := len(c.trail)
			c.assign(li)
			c.decisions = append(c.decisions, toLit(li))
			var n num
			var err error
			if c.propagate() {
				n, err = c.split(ctx, vars, clauses, sat)
			}
			c.undo(mark)
			c.decisions = c.decisions[:len(c.decisions)-1]
			if err != nil {
				return zero, err
			}
			total = total.add(n)
		}
	}
	c.cache.put(key, total)
	return total, nil
}

// modelAgrees reports whether the oracle's last model holds every current assumption and decision, so
// that what is left of the formula is satisfiable without asking.
func (c *Counter) modelAgrees() bool {
	if !c.hasModel {
		return false
	}
	for _, l := range c.decisions {
		if v := int32(l); v > 0 {
			if c.model[v] != 1 {
				return false
			}
		} else if c.model[-v] != -1 {
			return false
		}
	}
	return true
}

// satisfiable decides by a plain search whether the component of the unset variables among vars has a
// model; it is asked only of components left without counted variables, which the propagation of the
// cells nearly always settles.
func (c *Counter) satisfiable(vars []int32) bool {
	for _, v := range vars {
		if c.val[v] != 0 {
			continue
		}
		for _, li := range []int32{2*v + 1, 2 * v} {
			mark := len(c.trail)
			c.assign(li)
			ok := c.propagate() && c.satisfiable(vars)
			c.undo(mark)
			if ok {
				return true
			}
		}
		return false
	}
	return true
}

// components splits the unset variables of vars into the components of the clauses not yet satisfied,
// and appends each, variables and clauses in increasing order, to the arena and its span to spans.
// Counted variables in no clause are left out: it returns their number, as each doubles the count.
func (c *Counter) components(vars, clauses []int32) int {
	c.epoch++
	if c.epoch == 0 { // wrapped: the marks of long ago could pass for new ones
		clear(c.vmark)
		clear(c.cmark)
		c.epoch = 1
	}
	e := c.epoch
	free, n := 0, int32(0)
	sizes := c.sizes[:0]
	for _, v := range vars {
		if c.val[v] != 0 || c.vmark[v] == e {
			continue
		}
		c.vmark[v] = e
		c.vcomp[v] = n
		stack := append(c.stack[:0], v)
		nv, nc := int32(0), int32(0)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			nv++
			for _, q := range c.bin[2*u] {
				if w := q >> 1; c.val[w] == 0 && c.vmark[w] != e {
					c.vmark[w], c.vcomp[w] = e, n
					stack = append(stack, w)
				}
			}
			for _, q := range c.bin[2*u+1] {
				if w := q >> 1; c.val[w] == 0 && c.vmark[w] != e {
					c.vmark[w], c.vcomp[w] = e, n
					stack = append(stack, w)
				}
			}
			for _, ci := range c.occ[u] {
				if c.cmark[ci] == e {
					continue
				}
				c.cmark[ci] = e
				if c.satisfied(ci) {
					c.ccomp[ci] = -1
					continue
				}
				c.ccomp[ci] = n
				nc++
				for _, li := range c.lits[c.start[ci]:c.start[ci+1]] {
					if w := li >> 1; c.val[w] == 0 && c.vmark[w] != e {
						c.vmark[w], c.vcomp[w] = e, n
						stack = append(stack, w)
					}
				}
			}
		}
		c.stack = stack
		if nv == 1 && nc == 0 {
			// A variable in no clause left: a factor of 2 if counted, 1 if not.
			if v <= c.project {
				free++
			}
			c.vcomp[v] = -1
			continue
		}
		sizes = append(sizes, nv, nc)
		n++
	}
	c.sizes = sizes
	if n == 0 {
		return free
	}
	// Lay the components out in the arena, each's variables then its clauses, in increasing order.
	base := int32(len(c.spans))
	at := int32(len(c.arena))
	for k := range n {
		nv, nc := sizes[2*k], sizes[2*k+1]
		c.spans = append(c.spans, span{v0: at, v1: at + nv, c1: at + nv + nc})
		at += nv + nc
	}
	c.arena = slices.Grow(c.arena, int(at)-len(c.arena))[:at]
	// The next free slot of each component's variables and clauses, in sizes, which is done with.
	fill := sizes[:2*n]
	for k := range n {
		s := c.spans[base+k]
		fill[2*k], fill[2*k+1] = s.v0, s.v1
	}
	for _, v := range vars {
		if c.val[v] == 0 && c.vmark[v] == e && c.vcomp[v] >= 0 {
			k := c.vcomp[v]
			c.arena[fill[2*k]] = v
			fill[2*k]++
		}
	}
	for _, ci := range clauses {
		if c.cmark[ci] == e && c.ccomp[ci] >= 0 {
			k := c.ccomp[ci]
			c.arena[fill[2*k+1]] = ci
			fill[2*k+1]++
		}
	}
	return free
}

// pick returns the counted variable to decide in a component, 0 if it has none.
func (c *Counter) pick(vars, clauses []int32) int32 {
	if len(vars) == 0 || vars[0] > c.project {
		return 0
	}
	if c.heur == First {
		return vars[0]
	}
	for _, v := range vars {
		if v > c.project {
			break
		}
		c.score[v] = 0
	}
	for _, ci := range clauses {
		for _, li := range c.lits[c.start[ci]:c.start[ci+1]] {
			if v := li >> 1; v <= c.project && c.val[v] == 0 {
				c.score[v]++
			}
		}
	}
	best, bestScore := int32(0), int32(-1)
	for _, v := range vars {
		if v > c.project {
			break
		}
		s := c.score[v]
		for _, q := range c.bin[2*v] {
			if c.val[q>>1] == 0 {
				s++
			}
		}
		for _, q := range c.bin[2*v+1] {
			if c.val[q>>1] == 0 {
				s++
			}
		}
		if s > bestScore {
			best, bestScore = v, s
		}
	}
	return best
}
