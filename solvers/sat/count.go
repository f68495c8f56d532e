package sat

import (
	"context"
	"fmt"
	"math/big"
	"sync"

	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat/sharp"
)

// CountCacheBytes is the memory a count's cache of component counts may take, shared by its workers; past
// it the cache drops the counts used longest ago (see sharp.Cache).
const CountCacheBytes = 512 << 20

// countOptions are the model counter's settings, fixed by the solver (and by tests).
type countOptions struct {
	heuristic  sharp.Heuristic
	oracleFrom int // the least component, in unset variables, that gini is asked about; < 0: never
	cacheBytes int64
}

// defaultCount decides cells in row-major order and asks gini about every component: the fastest of the
// settings measured on kings and classic boards.
var defaultCount = countOptions{heuristic: sharp.First, oracleFrom: 400, cacheBytes: CountCacheBytes}

func (o countOptions) String() string {
	h := "degree"
	if o.heuristic == sharp.First {
		h = "row-major"
	}
	g := "never"
	if o.oracleFrom >= 0 {
		g = fmt.Sprintf("on components of %d+ variables", o.oracleFrom)
	}
	return fmt.Sprintf("counter: decisions %s, gini %s", h, g)
}

// counting is what the tasks of a count share to count cubes with the model counter (package sharp): the
// formula, projected onto the cell variables, and one cache of component counts. A component is keyed by
// the sub-formula it is, whichever cube met it, so a cube counts only what the cubes before it left
// uncounted.
type counting struct {
	formula sharp.Formula
	clauses int
	lits    []lit
	opt     countOptions
	cache   *sharp.Cache
	// counters holds a counter and its oracle for each goroutine that has counted; a task takes one.
	counters sync.Pool
}

// counter is a model counter with its own gini oracle: one goroutine's.
type counter struct {
	c *sharp.Counter
	o *oracle
}

// newCounting prepares to count the encoding e, whose clauses lits holds, and makes its first counter,
// which refuses a formula too large for it with an error wrapping solvers.ErrUnsupported.
func newCounting(ctx context.Context, e *cnf, lits []lit, opt countOptions) (*counting, error) {
	k := &counting{lits: lits, clauses: e.size.clauses, opt: opt, cache: sharp.NewCache(opt.cacheBytes)}
	k.formula = sharp.Formula{Vars: e.size.vars, Project: len(e.cells), Clauses: make([]sharp.Lit, len(lits))}
	for i, x := range lits {
		k.formula.Clauses[i] = sharp.Lit(x)
	}
	first, err := k.newCounter(ctx)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", e.m, err)
	}
	k.counters.Put(first)
	return k, nil
}

// newCounter makes a counter of the formula, with its own oracle, sharing the cache.
func (k *counting) newCounter(ctx context.Context) (*counter, error) {
	w := &counter{}
	var err error
	opt := sharp.Options{Cache: k.cache, Heuristic: k.opt.heuristic}
	if k.opt.oracleFrom >= 0 {
		w.o, err = newOracle(ctx, k.formula.Vars, k.clauses, k.lits)
		if err != nil {
			return nil, err
		}
		opt.Oracle, opt.OracleMinVars = w.o, k.opt.oracleFrom

	}
	w.c, err = sharp.New(k.formula, opt)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", err, solvers.ErrUnsupported)
	}
	return w, nil
}

// count returns the number of solutions in the cube whose cell values are val (see cubeValues; nil for
// the whole board), and the decisions the counter took; past budget decisions (unless 0), it returns
// sharp.ErrBudget.
func (k *counting) count(ctx context.Context, val []int8, budget uint64) (*big.Int, uint64, error) {
	w, _ := k.counters.Get().(*counter)
	if w == nil {
		var err error
		if w, err = k.newCounter(ctx); err != nil {
			return nil, 0, err
		}
	}
	defer k.counters.Put(w)
	var assume []sharp.Lit
	for v, x := range val {
		switch {
		case x > 0:
			assume = append(assume, sharp.Lit(v))
		case x < 0:
			assume = append(assume, -sharp.Lit(v))
		}
	}
	before := w.c.Stats().Decisions
	n, err := w.c.CountWithin(ctx, assume, budget)
	return n, w.c.Stats().Decisions - before, err
}
