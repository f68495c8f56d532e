package puzzles_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/brute"
)

// Make draws a region grid with exactly one solution; the same options give the same puzzle. Here an
// independent brute-force count confirms that the puzzle has one solution.
func ExampleMake() {
	m, sol, err := puzzles.Make(context.Background(), puzzles.Options{Size: 7, Stars: 1, Seed: 1}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := brute.Solver{}.Count(context.Background(), m)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range m.Regions.Lines() {
		fmt.Println(line)
	}
	fmt.Println("solutions:", res.Count, "the hidden one verifies:", m.Verify(sol) == nil)
	// Output:
	// AAAABBB
	// CCAAABB
	// CDDDDEB
	// CFDDDEB
	// GFDDDEE
	// GFFDFFE
	// GFFFFFF
	// solutions: 1 the hidden one verifies: true
}
