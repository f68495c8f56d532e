package deduce_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/deduce"
)

// BenchmarkPackSearch counts the hardest published 21×21 Star Battles (testdata/published/
// starbattle-big.txt, #11, #12, #7 and #5) with the search the backtrack route runs (Pack at every node,
// one thread), reporting the nodes: what a change of Pack or Branch does to the tree and to its cost.
func BenchmarkPackSearch(b *testing.B) {
	var big []publishedPuzzle
	for _, p := range publishedPuzzles(b, "starbattle-big.txt") {
		if p.m.Rows == 21 {
			big = append(big, p)
		}
	}
	if len(big) != 12 {
		b.Fatalf("%d 21×21 puzzles, want 12", len(big))
	}
	for _, n := range []int{11, 12, 7, 5} {
		m := big[n-1].m
		b.Run(fmt.Sprintf("21x21-%d", n), func(b *testing.B) {
			var nodes uint64
			for range b.N {
				res, err := deduce.Solver{Packing: true}.Count(context.Background(), m)
				if err != nil || res.Count != 1 || !res.Complete {
					b.Fatalf("#%d: %+v, %v; want one solution", n, res, err)
				}
				nodes = res.Stats.Nodes
			}
			b.ReportMetric(float64(nodes), "nodes")
		})
	}
}
