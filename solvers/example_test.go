package solvers_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/router"
)

// First finds one solution with any solver; the native engines find it by a construction or a search.
func ExampleFirst() {
	m := constraints.Classic(6)
	sol, found, res, err := solvers.First(context.Background(), router.New(router.NativeOnly()), m)
	if err != nil {
		panic(err)
	}
	fmt.Println(found, res.Proved, m.Check(sol))
	// Output: true true <nil>
}

// Compare holds two solvers against each other and against the model's own check: their counts, and
// their solution sets while there are at most limit solutions.
func ExampleCompare() {
	m := constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Queen, Surface: constraints.Torus} // queens on a torus
	c, err := solvers.Compare(context.Background(), m, 1000, router.New(router.NativeOnly()), brute.Solver{})
	if err != nil {
		panic(err)
	}
	fmt.Println(c.Count(), "solutions;", *c.Unique, "up to symmetry; agree:", c.Agree())
	// Output: 10 solutions; 1 up to symmetry; agree: true
}
