package rowpairs_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/rowpairs"
)

// Five queens on a 10×10 Möbius strip, one on each pair of rows the twist joins (A137279). The kernel
// builds its job from the compiled program, and RunJob counts it.
func ExampleNew() {
	m := constraints.Model{Rows: 10, Cols: 10, Queens: 5, Attack: constraints.Queen, Surface: constraints.Mobius}
	p, err := constraints.Compile(m)
	if err != nil {
		panic(err)
	}
	job, why := rowpairs.New(p, nil)
	if job == nil {
		panic(why)
	}
	res, err := solvers.RunJob(context.Background(), job, solvers.RunOptions{Threads: 1})
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, "placements, counted by", job.Method())
	// Output: 63840 placements, counted by row-pairs
}
