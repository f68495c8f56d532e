package sat_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat"
)

// BenchmarkFirst finds one classic solution, encoding and loading included. The sizes past 200 take
// seconds to minutes an iteration: run them alone, e.g. -bench 'First/n=1000' -benchtime 1x.
func BenchmarkFirst(b *testing.B) {
	for _, n := range []int{50, 100, 200, 500, 1000} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			m := constraints.Classic(n)
			for b.Loop() {
				sol, ok, _, err := solvers.First(context.Background(), sat.New(), m)
				if err != nil || !ok || m.Verify(sol) != nil {
					b.Fatal(ok, err)
				}
			}
		})
	}
}

// BenchmarkCount counts solutions by cubes on every core, against the OEIS: classic boards (A000170) and
// superqueens (A051223). The last ones take seconds an iteration.
func BenchmarkCount(b *testing.B) {
	classic := modeltest.OEIS(b, "A000170")
	super := modeltest.OEIS(b, "A051223")
	for _, tc := range []struct {
		name  string
		model constraints.Model
		want  uint64
	}{
		{"classic/n=8", constraints.Classic(8), classic[8]},
		{"classic/n=10", constraints.Classic(10), classic[10]},
		{"classic/n=12", constraints.Classic(12), classic[12]},
		{"classic/n=13", constraints.Classic(13), classic[13]},
		{"classic/n=14", constraints.Classic(14), classic[14]},
		{"superqueens/n=14", constraints.Model{Rows: 14, Cols: 14, Attack: constraints.Superqueen}, super[14]},
		{"superqueens/n=16", constraints.Model{Rows: 16, Cols: 16, Attack: constraints.Superqueen}, super[16]},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				res, err := sat.New().Count(context.Background(), tc.model)
				if err != nil || !res.Complete || res.Count != tc.want {
					b.Fatal(res, err)
				}
			}
		})
	}
}

// BenchmarkCountMany counts models with many solutions, which the model counter counts without listing
// (the targets): 16 kings on 8×8, 25 kings on 10×10, 9 kings on 7×7 with one fixed in a corner and
// 7 knights on 7×7 with one fixed in the centre (about a million each). Counts from the backtracker.
func BenchmarkCountMany(b *testing.B) {
	corner := []constraints.Cell{{Row: 0, Col: 0}}
	centre := []constraints.Cell{{Row: 3, Col: 3}}
	for _, tc := range []struct {
		name  string
		model constraints.Model
		want  uint64
	}{
		{"kings/8x8", constraints.Model{Rows: 8, Cols: 8, Queens: 16, Attack: constraints.King}, 281571},
		{"kings/10x10", constraints.Model{Rows: 10, Cols: 10, Queens: 25, Attack: constraints.King}, 32572756},
		{"kings/7x7-corner", constraints.Model{Rows: 7, Cols: 7, Queens: 9, Attack: constraints.King, Fixed: corner}, 1006157},
		{"knights/7x7-centre", constraints.Model{Rows: 7, Cols: 7, Queens: 7, Attack: constraints.Knight, Fixed: centre}, 963730},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				res, err := sat.New().Count(context.Background(), tc.model)
				if err != nil || !res.Complete || res.Count != tc.want {
					b.Fatal(res, err)
				}
			}
		})
	}
}

// BenchmarkPuzzle solves each region puzzle of testdata/ and proves its solution unique: it lists
// solutions until a second would show up, and needs the listing to end complete with one.
func BenchmarkPuzzle(b *testing.B) {
	for _, p := range puzzles {
		m := readPuzzle(b, p.file, p.quota)
		b.Run(strings.TrimSuffix(p.file, ".txt"), func(b *testing.B) {
			for b.Loop() {
				n := 0
				res, err := sat.New().Enumerate(context.Background(), m, func(constraints.Solution) bool {
					n++
					return n < 2
				})
				if err != nil || !res.Complete || n != 1 {
					b.Fatalf("%+v, %v after %d solutions; want one, proved unique", res, err, n)
				}
			}
		})
	}
}
