package constraints_test

import (
	"fmt"

	"github.com/queens-dev/queens/constraints"
)

func ExampleModel_Check() {
	m := constraints.Classic(4)
	good := constraints.NewSolution(
		constraints.Cell{Row: 0, Col: 1}, constraints.Cell{Row: 1, Col: 3},
		constraints.Cell{Row: 2, Col: 0}, constraints.Cell{Row: 3, Col: 2},
	)
	bad := constraints.NewSolution(
		constraints.Cell{Row: 0, Col: 0}, constraints.Cell{Row: 1, Col: 2},
		constraints.Cell{Row: 2, Col: 1}, constraints.Cell{Row: 3, Col: 3},
	)
	fmt.Println(m.Check(good))
	fmt.Println(m.Check(bad))
	// Output:
	// <nil>
	// queens r0c0 and r3c3 attack each other (diagonal)
}

func ExampleModel_Board() {
	m := constraints.Classic(4)
	s := constraints.NewSolution(
		constraints.Cell{Row: 2, Col: 0}, constraints.Cell{Row: 0, Col: 1},
		constraints.Cell{Row: 3, Col: 2}, constraints.Cell{Row: 1, Col: 3},
	)
	for _, row := range m.Board(s) {
		fmt.Println(row)
	}
	// Output:
	// .Q..
	// ...Q
	// Q...
	// ..Q.
}
