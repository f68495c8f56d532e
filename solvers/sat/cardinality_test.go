package sat

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
)

// BenchmarkCardinality compares the two cardinality encodings, the sequential counter and the totalizer,
// each used for every count, by enumerating every solution with one solver: quotas of 2 (a Star Battle,
// and two queens a line on 8×8), and the count over the whole board of n² kings on 2n×2n (A018807, n=3)
// and n knights on n×n (A201540, n=5). The default takes the faster of the two for each: the counter
// for quotas, the totalizer for the board.
func BenchmarkCardinality(b *testing.B) {
	g := starbattleRegions(b)
	models := []struct {
		name string
		m    constraints.Model
	}{
		{"starbattle-10x2", constraints.Model{Rows: 10, Cols: 10, Attack: constraints.King, Regions: g, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Region: constraints.Exactly(2)}}},
		{"kings-6x6", constraints.Model{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King}},
		{"knights-5x5", constraints.Model{Rows: 5, Cols: 5, Queens: 5, Attack: constraints.Knight}},
		{"two-per-line-8x8", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}}},
	}
	for _, tc := range models {
		m := tc.m
		for _, tot := range []bool{false, true} {
			b.Run(tc.name+map[bool]string{false: "/sequential", true: "/totalizer"}[tot], func(b *testing.B) {
				var sz size
				for b.Loop() {
					card := cardSequential
					if tot {
						card = cardTotalizer
					}
					e, err := newCNF(context.Background(), m, encoding{pairwiseUpTo: 24, card: card})
					if err != nil {
						b.Fatal(err)
					}
					sz = e.size
					var l list
					e.run(context.Background(), &l)
					s, _ := newSearch(context.Background(), e, l.lits, cube{weight: 1})
					n := 0
					for {
						_, ok, err := s.next(context.Background())
						if err != nil {
							b.Fatal(err)
						}
						if !ok {
							break
						}
						n++
					}
					b.ReportMetric(float64(n), "sols")
				}
				b.ReportMetric(float64(sz.vars), "vars")
				b.ReportMetric(float64(sz.clauses), "clauses")
			})
		}
	}
}

// starbattleRegions reads the regions of the Star Battle 10×10 in testdata.
func starbattleRegions(b *testing.B) *constraints.Regions {
	data, err := os.ReadFile(filepath.Join("testdata", "starbattle-10x2.txt"))
	if err != nil {
		b.Fatal(err)
	}
	g, err := constraints.ParseRegions(strings.Fields(string(data)))
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkRanges counts models whose lines hold ranges (at most two, one or two, two exactly), by Count on
// one worker, under each encoding of ranges: the binomial one up to a number of clauses a line (0: never),
// then the counters; and counters alone of each kind.
func BenchmarkRanges(b *testing.B) {
	g := starbattleRegions(b)
	twoALine := constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}
	models := []struct {
		name string
		m    constraints.Model
		want uint64
	}{
		{"no-three-in-line-7", constraints.Model{Rows: 7, Cols: 7, Each: twoALine}, 132},
		{"no-three-in-line-8", constraints.Model{Rows: 8, Cols: 8, Each: twoALine}, 380},
		{"no-three-in-line-9", constraints.Model{Rows: 9, Cols: 9, Each: twoALine}, 368},
		{"starbattle-10x2", constraints.Model{Rows: 10, Cols: 10, Attack: constraints.King, Regions: g,
			Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Region: constraints.Exactly(2)}}, 1},
		{"rooks-two-a-diagonal-8", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Rook,
			Each: constraints.Quota{Diagonal: constraints.AtMost(2), AntiDiagonal: constraints.AtMost(2)}}, 17516},
		{"kings-one-or-two-a-line-6", constraints.Model{Rows: 6, Cols: 6, Queens: 9, Attack: constraints.King,
			Each: constraints.Quota{Row: constraints.Between(1, 2), Column: constraints.Between(1, 2)}}, 140},
	}
	tunes := []struct {
		name string
		tune func(*encoding)
	}{
		{"binomial=0,counter", func(o *encoding) { o.binomialUpTo = 0 }},
		{"binomial=0,counter-both", func(o *encoding) { o.binomialUpTo, o.atMost = 0, atMostCounterBoth }},
		{"binomial=0,totalizer", func(o *encoding) { o.binomialUpTo, o.atMost, o.card = 0, atMostTotalizer, cardTotalizer }},
		{"binomial=16", func(o *encoding) { o.binomialUpTo = 16 }},
		{"binomial=64", func(o *encoding) { o.binomialUpTo = 64 }},
		{"binomial=64,exact-too", func(o *encoding) { o.binomialUpTo, o.binomialExact = 64, true }},
		{"binomial=256,exact-too", func(o *encoding) { o.binomialUpTo, o.binomialExact = 256, true }},
		{"binomial=256", func(o *encoding) { o.binomialUpTo = 256 }},
		{"binomial=all", func(o *encoding) { o.binomialUpTo = 1 << 30 }},
		{"binomial=all,exact-too", func(o *encoding) { o.binomialUpTo, o.binomialExact = 1<<30, true }},
	}
	for _, tc := range models {
		for _, tn := range tunes {
			b.Run(tc.name+"/"+tn.name, func(b *testing.B) {
				s := New(Workers(1))
				s.tune = tn.tune
				for b.Loop() {
					res, err := s.Count(context.Background(), tc.m)
					if err != nil || res.Count != tc.want {
						b.Fatal(res, err)
					}
				}
			})
		}
	}
}
