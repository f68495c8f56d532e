package cli

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// runDefault is what queens does with no arguments: classic 8 queens, counted and its first board drawn.
func runDefault(ctx context.Context, e *env) error {
	m := constraints.Classic(8)
	s := backtrack.New()
	res, err := solvers.CountUnique(ctx, s, m)
	if err != nil {
		return err
	}
	first, ok, _, err := solvers.First(ctx, s, m)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "8 queens: %d solutions, %d unique up to rotation and reflection\n", res.Count, res.Unique)
	if ok {
		fmt.Fprintf(e.stdout, "the first, in row-major order:\n%s\n", boardLines(m, first))
	}
	fmt.Fprintln(e.stdout, "\nrun 'queens help' for more: other sizes, superqueens, tori, blocked cells, SAT")
	return nil
}
