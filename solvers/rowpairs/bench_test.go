package rowpairs

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/solvers"
)

// BenchmarkRowPairs counts queens on a Möbius strip (A137279) by the kernel on one thread, as the row
// row-pairs of the router's table does: the program compiled, the plan and the task list built, every task
// counted.
func BenchmarkRowPairs(b *testing.B) {
	for _, tc := range []struct {
		n    int
		want uint64
	}{{12, 1550976}, {16, 1366190592}} {
		b.Run(fmt.Sprintf("n=%d", tc.n), func(b *testing.B) {
			ctx := context.Background()
			for b.Loop() {
				j, why := build(b, mobius(tc.n))
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
