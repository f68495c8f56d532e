package slopes_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/slopes"
)

// No three in a line on an 8×8 board: two points on every row and column, at most two on any straight
// line. The kernel builds its job from the compiled program, and RunJob counts it.
func ExampleNew() {
	m := constraints.Model{Rows: 8, Cols: 8, Queens: 16, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
	p, err := constraints.Compile(m)
	if err != nil {
		panic(err)
	}
	job, why := slopes.New(p, nil)
	if job == nil {
		panic(why)
	}
	res, err := solvers.RunJob(context.Background(), job, solvers.RunOptions{Threads: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, "placements, counted by", job.Method())
	// Output: 380 placements, counted by slopes
}
