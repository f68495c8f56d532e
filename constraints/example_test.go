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

// Attacks are riders and leapers: names and pieces are shorthands for their vectors, and ride(a,b) and
// leap(a,b) name any other.
func ExampleParseAttack() {
	a, err := constraints.ParseAttack("rook, leap(1,3)")
	if err != nil {
		panic(err)
	}
	fmt.Println(a, a.Riders(), a.Leapers())
	fmt.Println(constraints.Superqueen.Has(constraints.Knight), constraints.Union(constraints.Queen, constraints.King))
	// Output:
	// row,column,camel [(0,1) (1,0)] [(1,3)]
	// true row,column,diagonal,anti-diagonal,king
}

// Verify reaches Check's verdict by counting queens on each line, in linear time: it checks boards of
// millions of queens.
func ExampleModel_Verify() {
	n := 100_000 // n mod 6 = 4: the even columns, then the odd ones, solve it
	sol := make(constraints.Solution, 0, n)
	for c := 1; c < n; c += 2 {
		sol = append(sol, constraints.Cell{Row: len(sol), Col: c})
	}
	for c := 0; c < n; c += 2 {
		sol = append(sol, constraints.Cell{Row: len(sol), Col: c})
	}
	m := constraints.Classic(n)
	fmt.Println(m.Verify(sol))
	sol[0].Col, sol[1].Col = sol[1].Col, sol[0].Col
	fmt.Println(m.Verify(sol))
	// Output:
	// <nil>
	// queens r0c3 and r2c5 attack each other (diagonal)
}

// Regions and quotas: LinkedIn's "Queens" puzzle is the king's step with one queen per row, column and
// region.
func ExampleModel_Diagram() {
	regions, err := constraints.ParseRegions([]string{"AAB", "ACB", "CCB"})
	if err != nil {
		panic(err)
	}
	m := constraints.Model{Rows: 3, Cols: 3, Attack: constraints.King, Regions: regions,
		Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}}
	fmt.Println(m.Validate())
	for _, row := range m.Diagram(constraints.Solution{{Row: 0, Col: 0}}) {
		fmt.Println(row)
	}
	// Output:
	// <nil>
	// QAB
	// ACB
	// CCB
}

func ExampleStarBattle() {
	regions, _ := constraints.ParseRegions([]string{"AABB", "ACBB", "CCDD", "CDDD"})
	fmt.Println(constraints.StarBattle(regions, 1))
	// Output: 4×4, 4 queens, attacks king, 4 regions, each row=1,column=1,region=1
}
