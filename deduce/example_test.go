package deduce_test

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/deduce"
)

// A LinkedIn-style puzzle solved as a person solves it: a named technique at a time, then its grade.
func ExampleExplain() {
	m, err := codec.ParseGrid([]byte("ABBAA\nAAAAA\nCDAAA\nDDDEA\nDDDDD\n"), 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	ex, err := deduce.Explain(context.Background(), m, deduce.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	first := ex.Steps[0]
	fmt.Printf("1. %s: %s\n", first.Technique.Name, first.Why)
	fmt.Printf("solved: %v, in %d steps, grade %s\n", ex.Solved, len(ex.Steps), ex.Grade)
	// Output:
	// 1. exact fill: region C needs 1 more queen and r3c1 is its last open cell
	// solved: true, in 13 steps, grade easy
}
