package halves

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
)

// BenchmarkCount times Count on one thread and on every core. Compare with backtrack's
// BenchmarkCountClasses and with ../shared/bench/vs-c; NOTES.md has the figures.
func BenchmarkCount(b *testing.B) {
	want := modeltest.OEIS(b, "A000170")
	for _, n := range []int{12, 14, 16, 17, 18} {
		for _, threads := range []int{1, 0} {
			b.Run(fmt.Sprintf("n=%d/threads=%d", n, threads), func(b *testing.B) {
				for b.Loop() {
					if got, err := Count(context.Background(), n, threads); err != nil || got != want[n] {
						b.Fatalf("Count(%d) = %d, %v; want %d", n, got, err, want[n])
					}
				}
			})
		}
	}
}
