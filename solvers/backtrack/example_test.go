package backtrack_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// The backtracker counts a model by the fastest of its own rows for it: classic queens by the least
// solution of each class under the square's eight turns, each weighted by the size of its class.
func ExampleSolver_CountUnique() {
	res, err := backtrack.New().CountUnique(context.Background(), constraints.Classic(8))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, "solutions,", *res.Unique, "unique, by", res.Stats.Method)
	// Output: 92 solutions, 12 unique, by classes
}

// Enumerate lists the solutions in row-major order, as LeetCode 51 does.
func ExampleSolver_Enumerate() {
	m := constraints.Classic(4)
	_, err := backtrack.New().Enumerate(context.Background(), m, func(s constraints.Solution) bool {
		fmt.Println(m.Board(s))
		return true
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// [.Q.. ...Q Q... ..Q.]
	// [..Q. Q... ...Q .Q..]
}

// Superqueens (queens that also leap like a knight), counted with a chosen number of threads.
func ExampleNew() {
	m := constraints.Classic(10)
	m.Attack = constraints.Superqueen
	res, err := backtrack.New(backtrack.Threads(2)).Count(context.Background(), m)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, res.Complete)
	// Output: 4 true
}
