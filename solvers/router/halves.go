package router

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/halves"
)

// The join's row: classic queens counted from half boards (package halves), their classes by
// Burnside's lemma.

// MaxJoin is the largest side of the classic boards the join counts (halves.MaxN).
const MaxJoin = halves.MaxN

func joinFits(c *Call) string {
	if !c.native.Classic() || c.Model.Rows > halves.MaxN {
		return fmt.Sprintf("needs classic queens: a flat square board of side at most %d, the four lines, every cell open", halves.MaxN)
	}
	return ""
}

// joinJob counts by the join, whose tasks are runs of one half board's classes of row sets; with unique,
// one task more for each turn of the model's group but the identity.
func joinJob(_ context.Context, c *Call, unique bool) (solvers.Job, error) {
	n := c.Model.Rows
	if !unique {
		j, err := halves.Plan(n)
		if err != nil {
			return nil, err
		}
		return named("join", c, j), nil
	}
	var turns []constraints.Turn
	for t := constraints.Identity; t <= constraints.AntiTranspose; t++ {
		if c.Model.Keeps(constraints.Symmetry{Turn: t}) {
			turns = append(turns, t)
		}
	}
	j, err := halves.PlanClasses(n, turns)
	if err != nil {
		return nil, err
	}
	return named("join", c, j), nil
}
