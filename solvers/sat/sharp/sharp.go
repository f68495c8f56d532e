// Package sharp counts the models of a CNF formula exactly (#SAT), projected onto its first variables,
// without listing them, in the way of sharpSAT: a search that decides one variable at a time with unit
// propagation of its own, splits what is left of the formula into independent components (the connected
// components of its variables through the clauses not yet satisfied) and multiplies their counts, and
// caches each component's count under the component itself, so that a sub-formula met again by another
// path is counted once. An Oracle (a SAT solver; the sat package hands gini in) may cut branches that have
// no model.
//
// Only variables 1..Project are counted: the others (the auxiliary variables of cardinality encodings)
// are existential, so an assignment of the counted variables counts once however many ways the others
// complete it. The search decides only counted variables; a component left with none counts 1 if it is
// satisfiable and 0 if not.
//
// A first program:
//
//	f := sharp.Formula{Vars: 3, Project: 3, Clauses: []sharp.Lit{1, 2, 0, -1, -3, 0}}
//	c, _ := sharp.New(f, sharp.Options{})
//	n, _ := c.Count(ctx, nil) // 4: (x1 ∨ x2) ∧ (¬x1 ∨ ¬x3)
package sharp

import (
	"context"
	"errors"
	"fmt"
	"math/big"
)

// Lit is a literal in DIMACS form: v or −v for a variable v ≥ 1; 0 ends a clause.
type Lit int32

// Formula is a CNF formula over variables 1..Vars. Clauses are flat, each ended by a 0. Variables
// 1..Project are counted; the rest are projected away.
type Formula struct {
	Vars, Project int
	Clauses       []Lit
}

// MaxLiterals bounds the formula New takes, in literals of all clauses; MaxVars bounds its variables.
// The counter keeps about 30 bytes a literal (the clauses, their watches and occurrence lists) and 100
// a variable, so the bounds hold it to about 1 GB; a bigger formula is refused with ErrTooLarge.
const (
	MaxLiterals = 1 << 25
	MaxVars     = 1 << 22
)

// ErrTooLarge is wrapped by the errors of New for a formula past MaxLiterals or MaxVars.
var ErrTooLarge = errors.New("formula too large for the counter")

// Oracle decides whether the formula is satisfiable under assumptions: a SAT solver loaded with the same
// formula. The counter asks it before it searches a big sub-formula, and skips the sub-formula when it
// has no model. It is used by one goroutine at a time.
type Oracle interface {
	// Solve reports whether the formula has a model in which every literal of assume is true. It stops
	// with an error once ctx is done; any other answer than yes or no is an error too.
	Solve(ctx context.Context, assume []Lit) (bool, error)
	// Value returns a variable's value in the model the last Solve found, when it answered yes.
	Value(v int) bool
}

// Options tune a Counter. The zero value is a counter without an oracle and with a cache of its own of
// DefaultCacheBytes.
type Options struct {
	// Cache holds component counts; counters of the same formula may share one (it is safe for
	// concurrent use). Nil gives the counter a cache of its own of DefaultCacheBytes.
	Cache *Cache
	// Oracle, if set, is asked before a component of at least OracleMinVars unset variables is split on.
	Oracle        Oracle
	OracleMinVars int
	// Heuristic picks the variable to decide; the zero value is Degree.
	Heuristic Heuristic
}

// Heuristic chooses the next variable to decide among a component's counted variables.
type Heuristic int

const (
	// Degree decides the variable in the most clauses of the component not yet satisfied, ties going to the
	// lowest variable.
	Degree Heuristic = iota
	// First decides the component's lowest counted variable: for a formula numbered along a board row by
	// row, a row-by-row sweep whose cache works like a transfer matrix.
	First
)

// Stats counts a counter's work.
type Stats struct {
	Decisions, CacheHits, Components uint64
	OracleCalls, OracleUnsat         uint64
}

// Count returns the number of models of f projected onto its counted variables, with a counter of the
// given options.
func Count(ctx context.Context, f Formula, opt Options) (*big.Int, error) {
	c, err := New(f, opt)
	if err != nil {
		return nil, err
	}
	return c.Count(ctx, nil)
}

// check validates f's shape and size.
func (f Formula) check() error {
	if f.Vars < 0 || f.Project < 0 || f.Project > f.Vars {
		return fmt.Errorf("sharp: %d variables, %d counted: want 0 ≤ counted ≤ variables", f.Vars, f.Project)
	}
	if f.Vars > MaxVars || len(f.Clauses) > MaxLiterals {
		return fmt.Errorf("sharp: %d variables and %d literals, more than the %d and %d the counter takes: %w",
			f.Vars, len(f.Clauses), MaxVars, MaxLiterals, ErrTooLarge)
	}
	if n := len(f.Clauses); n > 0 && f.Clauses[n-1] != 0 {
		return fmt.Errorf("sharp: the last clause is not ended by 0")
	}
	for i, l := range f.Clauses {
		if v := int64(l); v > int64(f.Vars) || -v > int64(f.Vars) {
			return fmt.Errorf("sharp: literal %d at %d: the formula has %d variables", l, i, f.Vars)
		}
	}
	return nil
}
