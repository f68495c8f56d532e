package backtrack_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// The backtracker counts a model by the fastest route it has for it: classic queens by the join of half
// boards, with the classes by Burnside's lemma.
func ExampleSolver_CountUnique() {
	res, err := backtrack.New().CountUnique(context.Background(), constraints.Classic(8))
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Count, "solutions,", *res.Unique, "unique, by", res.Stats.Method)
	// Output: 92 solutions, 12 unique, by join
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
