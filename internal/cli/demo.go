package cli

import (
	"bufio"
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/variants"
)

// demoLimit is the largest solution set the demonstration lists with both solvers.
const demoLimit = 5000

// runDefault is what queens does with no arguments: the first board of classic 8 queens, then both
// solvers on the built-in catalog, with their agreement.
func runDefault(ctx context.Context, e *env) error {
	m := constraints.Classic(8)
	// The least board in row-major order, from the enumeration: solvers.First would ask the solver's
	// Find, which returns some board, not necessarily this one.
	var first constraints.Solution
	if _, err := router.New(router.NativeOnly()).Enumerate(ctx, m, func(s constraints.Solution) bool {
		first = s
		return false
	}); err != nil {
		return err
	}
	if first != nil {
		fmt.Fprintln(e.stdout, "The first solution of 8 queens, in row-major order:")
		out := &textSink{output: &output{w: bufio.NewWriter(e.stdout)}, m: m, mode: modeFirst}
		if err := out.begin(""); err != nil {
			return err
		}
		if err := out.solution(first); err != nil {
			return err
		}
		if err := out.end(summary{res: solvers.Result{Count: 1}}); err != nil {
			return err
		}
	}
	fmt.Fprintln(e.stdout, "Both solvers on the built-in catalog (queens compare):")
	vs, err := variants.Catalog()
	if err != nil {
		return err
	}
	// Sets larger than demoLimit are compared by count only, so the demonstration answers in seconds;
	// queens compare compares them all.
	if err := compareVariants(ctx, e, vs, demoLimit, 0, "text", 0); err != nil {
		return err
	}
	fmt.Fprintln(e.stdout, "\nRun 'queens help' for more: any size, fairy pieces, tori, regions and quotas, long counts.")
	return nil
}
