package router

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/closed"
	"github.com/queens-dev/queens/solvers/transfer"
)

// The rows that count without a search: Pólya's theorem and the closed formulas (package closed), and
// the transfer matrix (package transfer). Each reads the Program of the model as counted.

func polyaFits(c *Call) string { return closed.PolyaFits(c.Counted()) }

// polyaJob answers at once: no solution, no class.
func polyaJob(_ context.Context, c *Call, unique bool) (solvers.Job, error) {
	none := func(context.Context) (uint64, error) { return 0, nil }
	var classes func() uint64
	if unique {
		classes = func() uint64 { return 0 }
	}
	return newOneTask("polya", c, none, classes), nil
}

func formulaFits(c *Call) string { return closed.FormulaFits(c.Counted()) }

// formulaJob counts by the closed formula, as one task.
func formulaJob(_ context.Context, c *Call, _ bool) (solvers.Job, error) {
	prog := c.Counted()
	return newOneTask("formula", c, func(ctx context.Context) (uint64, error) { return closed.Formula(ctx, prog) }, nil), nil
}

// transferFits builds the transfer matrix the first time the row is asked, and keeps it for the count.
func transferFits(c *Call) string {
	return build(c, "transfer", func(c *Call) (*transfer.Matrix, string) { return transfer.New(c.Counted(), c.stop) }).why
}

// transferJob counts by the matrix transferFits built.
func transferJob(_ context.Context, c *Call, _ bool) (solvers.Job, error) {
	j := c.built["transfer"].job
	if j == nil {
		return nil, fmt.Errorf("transfer: %v: counted before its row fit", c.Model)
	}
	return named("transfer", c, j), nil
}
