package puzzles_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/puzzles"
)

// ExampleMake makes a 6×6 LinkedIn-style puzzle and prints its regions, how they are shaped, and the
// one solution: the same options and seed make the same puzzle on any machine.
func ExampleMake() {
	m, solution, err := puzzles.Make(context.Background(), puzzles.Options{Size: 6, Stars: 1, Seed: 1}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, line := range m.Regions.Lines() {
		fmt.Println(line)
	}
	s := puzzles.ShapeOf(m.Regions)
	fmt.Printf("%d regions, the largest of %d cells, each in one piece: %v\n", s.Regions, s.Largest, s.Connected)
	fmt.Println(solution)
	// Output:
	// AABBBC
	// DAAACC
	// DDEECC
	// DDEEFF
	// DDEEEF
	// EEEEEE
	// 6 regions, the largest of 13 cells, each in one piece: true
	// r0c3 r1c1 r2c4 r3c0 r4c5 r5c2
}
