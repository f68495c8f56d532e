package slopes

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// BenchmarkSlopes counts no three in a line (A000755) by the kernel on one thread, as the row slopes of
// the router's table does: the program compiled, the plan and the task list built, every task counted.
func BenchmarkSlopes(b *testing.B) {
	for _, tc := range []struct {
		n    int
		want uint64
	}{{8, 380}, {10, 1135}} {
		b.Run(fmt.Sprintf("n=%d", tc.n), func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				p, err := constraints.Compile(noThree(tc.n))
				if err != nil {
					b.Fatal(err)
				}
				j, why := New(p, nil)
				if j == nil {
					b.Fatal(why)
				}
				res, err := solvers.RunJob(ctx, j, solvers.RunOptions{Threads: 1})
				if err != nil || res.Count != tc.want {
					b.Fatalf("n=%d: %d, %v; want %d", tc.n, res.Count, err, tc.want)
				}
			}
		})
	}
}
