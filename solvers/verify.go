package solvers

import (
	"context"
	"errors"
	"fmt"

	"github.com/queens-dev/queens/constraints"
)

// Verify checks a solution a solver is about to hand out with m.Verify, and returns an error naming the
// solver and the solution if it fails: a bug in a solver's translation of the model then shows up as an
// error, never as a wrong answer.
func Verify(solver string, m constraints.Model, sol constraints.Solution) error {
	return VerifyContext(context.Background(), solver, m, sol)
}

// VerifyContext is Verify, stopping once ctx ends: it then returns ctx's error as it is, so that a
// solver hands out no solution it has not checked, and reports a stop rather than a fault. A check of
// ten million queens takes seconds.
func VerifyContext(ctx context.Context, solver string, m constraints.Model, sol constraints.Solution) error {
	if err := m.VerifyContext(ctx, sol); err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return err
		}
		return fmt.Errorf("%s: solution %s fails the model's check: %w", solver, short(sol), err)
	}
	return nil
}

// short writes a solution, cut after 8 queens.
func short(sol constraints.Solution) string {
	if len(sol) <= 8 {
		return sol.String()
	}
	return fmt.Sprintf("%s … (%d queens)", sol[:8].String(), len(sol))
}

// VerifiedVisit wraps visit so that each solution passes Verify before visit sees it. The first that
// fails stops the enumeration; its error is stored in *err.
func VerifiedVisit(solver string, m constraints.Model, visit func(constraints.Solution) bool, err *error) func(constraints.Solution) bool {
	return func(sol constraints.Solution) bool {
		if e := Verify(solver, m, sol); e != nil {
			*err = e
			return false
		}
		return visit(sol)
	}
}
