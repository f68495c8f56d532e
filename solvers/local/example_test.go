package local_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers/local"
)

// Superqueens (queens that also leap like a knight) on a 10×10 board: the linear placement col = 3·r
// (mod 11) on an 11×11 torus, less its corner queen.
func ExampleFind() {
	m := constraints.Model{Rows: 10, Cols: 10, Attack: constraints.Superqueen}
	sol, ok, res, err := local.Find(context.Background(), m)
	fmt.Println(ok, res.Stats.Method, err)
	for _, row := range m.Board(sol) {
		fmt.Println(row)
	}
	// Output:
	// true construction <nil>
	// ..Q.......
	// .....Q....
	// ........Q.
	// Q.........
	// ...Q......
	// ......Q...
	// .........Q
	// .Q........
	// ....Q.....
	// .......Q..
}

// 200,000 queens with two cells blocked on the construction's path and a fixed queen off it: the local
// search repairs the construction.
func ExampleFind_huge() {
	m := constraints.Classic(200_000)
	m.Blocked = []constraints.Cell{{Row: 0, Col: 1}, {Row: 1, Col: 3}}
	m.Fixed = []constraints.Cell{{Row: 100_000, Col: 17}}
	sol, ok, res, err := local.Find(context.Background(), m)
	fmt.Println(ok, res.Stats.Method, err, len(sol), m.Verify(sol))
	// Output:
	// true local <nil> 200000 <nil>
}
