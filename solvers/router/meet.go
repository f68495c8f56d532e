package router

import (
	"context"

	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/meet"
)

// The meet's row: one queen a row and a column with riders and leapers, the halves above and below a
// cut joined (package meet).

func meetFits(c *Call) string { return meet.Fits(c.Counted()) }

// meetPays says whether the default counts by the meet: where meet.Pays forecasts less CPU than the row
// kernel the model would take, for the kernels its costs were fitted to (the rider kernel and the
// generic one with leapers); the classic, lines and knight kernels and the general path keep the model.
// A task depth is the row path's (its forecast is of the meet cut in the middle): a count asked to split
// so keeps the row kernel.
func meetPays(c *Call) bool {
	return c.native.TaskDepth() == 0 && c.native.RiderKernels() && meet.Pays(c.Counted())
}

// meetJob counts by the meet, whose tasks are the top rows' column sets: cut in the middle, one task of
// each orbit of the board's symmetries; with a task depth, every column set of that many rows above the
// cut its own task (the split a record's checks compare task by task).
func meetJob(ctx context.Context, c *Call, _ bool) (solvers.Job, error) {
	plan := meet.PlanOrbits
	if c.native.TaskDepth() > 0 {
		plan = meet.Plan
	}
	j, err := plan(ctx, c.Counted(), c.native.TaskDepth())
	if err != nil {
		return nil, err
	}
	return named("meet", c, j), nil
}
