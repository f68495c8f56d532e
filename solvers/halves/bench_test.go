package halves

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
)

// BenchmarkCount times Count on one thread and on every core. Compare with backtrack's
// BenchmarkCountClasses and with ../shared/bench/vs-c.
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

// BenchmarkSample times one task in 1024 of the large boards on one thread, the list of a quarter's
// placements built before the clock starts: times 1024 is about a whole count's join, which estimates
// n=23. `-bench Sample/n=20` takes seconds, n=23 minutes and 1.7 GB.
func BenchmarkSample(b *testing.B) {
	for _, n := range []int{20, 21, 22, 23} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			job, err := Plan(n)
			if err != nil {
				b.Fatal(err)
			}
			q, err := job.quarters(context.Background()) // held, so that the tasks never build it
			if err != nil {
				b.Fatal(err)
			}
			opt := solvers.RunOptions{Threads: 1, Shard: solvers.Shard{Index: 0, Of: 1024}}
			for b.Loop() {
				if _, err := solvers.RunJob(context.Background(), job, opt); err != nil {
					b.Fatal(err)
				}
			}
			runtime.KeepAlive(q)
		})
	}
}
