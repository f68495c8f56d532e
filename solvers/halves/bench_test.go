package halves

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkCount times Count on one thread and on every core. Compare with backtrack's
// BenchmarkCountClasses and with ../shared/bench/vs-c.
func BenchmarkCount(b *testing.B) {
	for _, n := range []int{12, 14, 16} {
		for _, threads := range []int{1, 0} {
			b.Run(fmt.Sprintf("n=%d/threads=%d", n, threads), func(b *testing.B) {
				for b.Loop() {
					if got, err := Count(context.Background(), n, threads); err != nil || got != a000170[n-1] {
						b.Fatalf("Count(%d) = %d, %v", n, got, err)
					}
				}
			})
		}
	}
}
