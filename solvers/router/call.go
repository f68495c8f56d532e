package router

import (
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/search"
)

// Op is what a caller asks of the routing table (solvers.Op).
type Op = solvers.Op

// The operations.
const (
	OpCount   = solvers.OpCount   // count the solutions
	OpClasses = solvers.OpClasses // count them and their classes
	OpList    = solvers.OpList    // list every solution, in order
	OpFind    = solvers.OpFind    // find one solution
)

// Call is what a row reads to decide whether it fits, and what it answers from: the operation, the
// model, and the model compiled once (backtrack's masks and the Program).
type Call struct {
	Op    Op
	Model constraints.Model

	native *backtrack.Compiled
	// given is the Program of the model as given, where the native engines count it on its side.
	given *constraints.Program
	// stop is the call's stop flag while the table is walked: a row may build a plan that takes a while.
	stop func() bool
	// built holds what a row built when it was asked whether it fits, by row name.
	built map[string]built
	// handedTo, where a row handed the call over to another row as it answered, names that row, and
	// handedWhy says why.
	handedTo, handedWhy string
}

// Counted returns the Program of the model as the native engines count it: turned on its side where a
// wide, short board was (backtrack.Compiled.Transposed).
func (c *Call) Counted() *constraints.Program { return c.native.Program() }

// Program returns the Program of the model as given.
func (c *Call) Program() *constraints.Program {
	if !c.native.Transposed() {
		return c.native.Program()
	}
	if c.given == nil {
		c.given, _ = constraints.Compile(c.Model) // the model compiled already, turned on its side
	}
	return c.given
}

// nativeErr is the error of a call that no row of the native engines takes, saying why, under the
// solver's name: the backtracker's general path where it counts or lists, the local and the complete
// search where it finds.
func (c *Call) nativeErr(solver string) error {
	switch c.Op {
	case OpList:
		if err := c.native.Listable(); err != nil {
			return err
		}
		return fmt.Errorf("%s: list: %v: %s: %w", solver, c.Model, c.native.Fits(backtrack.General, OpList), solvers.ErrUnsupported)
	case OpFind:
		return fmt.Errorf("%s: find: %v: the local search: %v; the complete search: %w", solver, c.Model, local.Takes(c.Model), search.Fits(c.Model))
	}
	return fmt.Errorf("%s: %d×%d board: %s: %w", solver, c.Model.Rows, c.Model.Cols, c.native.Fits(backtrack.General, OpCount), solvers.ErrUnsupported)
}

// built is what a row built for the call when it was first asked whether it fits: the engine's job,
// or why the model does not take it.
type built struct {
	job solvers.Job
	why string
}

// build returns the job the row of that name builds for the call, building it the first time: build
// reads the Program and polls stop while it works, and returns its job or why the model does not take
// it.
func build[J solvers.Job](c *Call, row string, make func(c *Call) (J, string)) built {
	b, ok := c.built[row]
	if !ok {
		j, why := make(c)
		b = built{why: why}
		if why == "" {
			b.job = j
		}
		if c.built == nil {
			c.built = map[string]built{}
		}
		c.built[row] = b
	}
	return b
}
