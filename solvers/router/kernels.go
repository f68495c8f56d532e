package router

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/closed"
	"github.com/queens-dev/queens/solvers/rowpairs"
	"github.com/queens-dev/queens/solvers/slopes"
	"github.com/queens-dev/queens/solvers/transfer"
)

// The rows of the kernels in packages of their own that count from the Program of the model as counted:
// Pólya's theorem and the closed formulas (package closed), the transfer matrix (package transfer), the
// row pairs of twisted surfaces (package rowpairs) and the slopes (package slopes).

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

// The row-pair and slopes kernels, each in a package of its own, build their jobs from the Program as
// the transfer matrix does, when their rows are first asked.

func rowPairsFits(c *Call) string {
	return build(c, "row-pairs", func(c *Call) (*rowpairs.Job, string) { return rowpairs.New(c.Counted(), c.stop) }).why
}

func slopesFits(c *Call) string {
	return build(c, "slopes", func(c *Call) (*slopes.Job, string) { return slopes.New(c.Counted(), c.stop) }).why
}

// builtJob returns the Count of a row whose Fits built its job.
func builtJob(row string) func(context.Context, *Call, bool) (solvers.Job, error) {
	return func(_ context.Context, c *Call, _ bool) (solvers.Job, error) {
		j := c.built[row].job
		if j == nil {
			return nil, fmt.Errorf("%s: %v: counted before its row fit", row, c.Model)
		}
		return named(row, c, j), nil
	}
}
