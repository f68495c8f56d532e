package backtrack_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/variants"
)

// Benchmarks for each path. Compare medians of one run (go test -bench . -count 5 | benchstat); the
// figures against the C baseline come from ../shared/bench/vs-c.

func benchCount(b *testing.B, s solvers.Solver, m constraints.Model, want uint64) {
	ctx := context.Background()
	for b.Loop() {
		res, err := s.Count(ctx, m)
		if err != nil || res.Count != want {
			b.Fatalf("%v: count %d, err %v; want %d", m, res.Count, err, want)
		}
	}
}

func BenchmarkRowPathClassic(b *testing.B) {
	for _, tc := range []struct {
		n    int
		want uint64
	}{{12, 14200}, {14, 365596}} {
		for _, threads := range []int{1, 0} {
			b.Run(fmt.Sprintf("n=%d/join/threads=%d", tc.n, threads), func(b *testing.B) {
				benchCount(b, backtrack.New(backtrack.Threads(threads)), constraints.Classic(tc.n), tc.want)
			})
			b.Run(fmt.Sprintf("n=%d/classes/threads=%d", tc.n, threads), func(b *testing.B) {
				benchCount(b, backtrack.New(backtrack.Threads(threads), backtrack.Counting(backtrack.Classes)), constraints.Classic(tc.n), tc.want)
			})
			b.Run(fmt.Sprintf("n=%d/mirror/threads=%d", tc.n, threads), func(b *testing.B) {
				benchCount(b, backtrack.New(backtrack.Threads(threads), backtrack.Counting(backtrack.Mirror)), constraints.Classic(tc.n), tc.want)
			})
		}
	}
}

func BenchmarkUnique(b *testing.B) {
	ctx := context.Background()
	for _, method := range []struct {
		name string
		m    backtrack.Method
	}{{"joined", backtrack.Fastest}, {"classes", backtrack.Classes}} {
		b.Run(method.name, func(b *testing.B) {
			s := backtrack.New(backtrack.Threads(1), backtrack.Counting(method.m))
			for b.Loop() {
				res, err := s.CountUnique(ctx, constraints.Classic(13))
				if err != nil || unique(res) != 9233 {
					b.Fatal(res, err)
				}
			}
		})
	}
}

func BenchmarkRowPathKnight(b *testing.B) {
	m := constraints.Model{Rows: 15, Cols: 15, Attack: constraints.Superqueen}
	benchCount(b, backtrack.New(backtrack.Threads(1)), m, 32516)
}

// BenchmarkRowPathRiders counts rook + nightrider (A189837, n=13) by the rider kernel: by classes, as
// Fastest does, and by the mirror.
func BenchmarkRowPathRiders(b *testing.B) {
	a, err := constraints.ParseAttack("rook,nightrider")
	if err != nil {
		b.Fatal(err)
	}
	m := constraints.Model{Rows: 13, Cols: 13, Attack: a}
	for _, method := range []backtrack.Method{backtrack.Classes, backtrack.Mirror} {
		b.Run(method.String(), func(b *testing.B) {
			benchCount(b, backtrack.New(backtrack.Threads(1), backtrack.Counting(method)), m, 96402)
		})
	}
}

func BenchmarkRowPathTorus(b *testing.B) {
	m := constraints.Model{Rows: 13, Cols: 13, Attack: constraints.Queen, Surface: constraints.Torus}
	benchCount(b, backtrack.New(backtrack.Threads(1)), m, 4524)
}

// BenchmarkRowPathTorusKnight counts superqueens on a torus. 16932 is what the general path counts too
// (cell by cell, no shifts: far slower than the row path, which pins the first queen in column 0).
func BenchmarkRowPathTorusKnight(b *testing.B) {
	m := constraints.Model{Rows: 17, Cols: 17, Attack: constraints.Superqueen, Surface: constraints.Torus}
	benchCount(b, backtrack.New(backtrack.Threads(1)), m, 16932)
}

func BenchmarkTorusUnique(b *testing.B) {
	ctx := context.Background()
	m := constraints.Model{Rows: 17, Cols: 17, Attack: constraints.Queen, Surface: constraints.Torus}
	s := backtrack.New(backtrack.Threads(1))
	for b.Loop() {
		res, err := s.CountUnique(ctx, m)
		if err != nil || unique(res) != 97 { // A053994
			b.Fatal(res, err)
		}
	}
}

func BenchmarkRowPathBlocked(b *testing.B) {
	m := constraints.Classic(12)
	m.Blocked = []constraints.Cell{{Row: 0, Col: 0}, {Row: 5, Col: 7}}
	s := backtrack.New(backtrack.Threads(1))
	res, _ := s.Count(context.Background(), m)
	benchCount(b, s, m, res.Count)
}

func BenchmarkGeneralPath(b *testing.B) {
	b.Run("classic n=10", func(b *testing.B) {
		benchCount(b, backtrack.New(backtrack.GeneralOnly()), constraints.Classic(10), 724)
	})
	b.Run("7 queens 8x8 column+diagonals", func(b *testing.B) {
		m := constraints.Model{Rows: 8, Cols: 8, Queens: 7, Attack: constraints.Union(constraints.Column, constraints.Diagonal, constraints.AntiDiagonal)}
		s := backtrack.New()
		res, _ := s.Count(context.Background(), m)
		benchCount(b, s, m, res.Count)
	})
	// The models of the kernels in packages of their own, counted here by the general path.
	b.Run("no three in a line n=8", func(b *testing.B) {
		benchCount(b, backtrack.New(backtrack.Threads(1), backtrack.GeneralOnly()), noThree(8), 380)
	})
	b.Run("Möbius strip n=12", func(b *testing.B) {
		benchCount(b, backtrack.New(backtrack.Threads(1), backtrack.GeneralOnly()), mobius(12), 1550976)
	})
}

func BenchmarkEnumerate(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		res, err := backtrack.New().Enumerate(ctx, constraints.Classic(12), func(constraints.Solution) bool { return true })
		if err != nil || res.Count != 14200 {
			b.Fatal(res, err)
		}
	}
}

// BenchmarkPuzzle solves each region puzzle of testdata and proves its solution unique: the list of its
// solutions, which stops only once the search has covered every placement.
func BenchmarkPuzzle(b *testing.B) {
	ctx := context.Background()
	for _, pz := range puzzles {
		m := loadPuzzle(b, pz)
		b.Run(pz.file, func(b *testing.B) {
			s := backtrack.New(backtrack.Threads(1))
			for b.Loop() {
				var first constraints.Solution
				res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
					first = sol
					return true
				})
				if err != nil || res.Count != 1 || !res.Complete || first == nil {
					b.Fatalf("%s: %d solutions, complete %v, err %v", pz.file, res.Count, res.Complete, err)
				}
			}
		})
	}
}

// BenchmarkKings counts n² kings on a 2n×2n board (A018807) by the transfer matrix: 25 kings on 10×10 and
// 36 on 12×12.
func BenchmarkKings(b *testing.B) {
	for _, tc := range []struct {
		n    int
		want uint64
	}{{5, 32572756}, {6, 5109144543}} {
		b.Run(fmt.Sprintf("%d kings on %dx%d", tc.n*tc.n, 2*tc.n, 2*tc.n), func(b *testing.B) {
			m := constraints.Model{Rows: 2 * tc.n, Cols: 2 * tc.n, Queens: tc.n * tc.n, Attack: constraints.King}
			benchCount(b, backtrack.New(backtrack.Threads(1)), m, tc.want)
		})
	}
}

// BenchmarkPuzzleCount counts the catalog's LinkedIn 11×11 and two-star Star Battle 10×10 puzzles, as
// `queens solve --variant NAME` does: the tasks of their plan on every core and on one thread. Their
// whole searches are a few thousand nodes, so the figure is mostly the plan and the cost of its tasks.
func BenchmarkPuzzleCount(b *testing.B) {
	for _, name := range []string{"linkedin-11", "starbattle-2-10"} {
		v, err := variants.LoadFS(variants.CatalogFS(), "catalog/"+name+".yaml")
		if err != nil {
			b.Fatal(err)
		}
		for _, threads := range []int{1, 0} {
			b.Run(fmt.Sprintf("%s/threads=%d", name, threads), func(b *testing.B) {
				benchCount(b, backtrack.New(backtrack.Threads(threads)), v.Model, 1)
			})
		}
	}
}
