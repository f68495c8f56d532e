package backtrack

import (
	"testing"

	"github.com/queens-dev/queens/constraints"
)

// TestTreeSizeLoops holds treeSize's own loops (lines, lines and the knight, the torus) to the generic one,
// which walks by the plan's free and place: the same count of placements under every limit, from the root
// and from the class-by-class roots' bounded masks.
func TestTreeSizeLoops(t *testing.T) {
	r, c, d, a, k := constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal, constraints.Knight
	blocked := constraints.Classic(9)
	blocked.Blocked = []constraints.Cell{{Row: 0, Col: 4}, {Row: 3, Col: 3}, {Row: 8, Col: 0}}
	models := []constraints.Model{
		constraints.Classic(10),
		blocked,
		{Rows: 9, Cols: 9, Attack: constraints.Union(r, c, d)},
		{Rows: 7, Cols: 10, Attack: constraints.Queen},
		{Rows: 11, Cols: 11, Attack: constraints.Superqueen},
		{Rows: 9, Cols: 9, Attack: constraints.Union(r, c, k)},
		{Rows: 11, Cols: 11, Attack: constraints.Queen, Surface: constraints.Torus},
		{Rows: 9, Cols: 9, Attack: constraints.Union(r, c, a), Surface: constraints.Torus},
	}
	for _, m := range models {
		p, err := compile(m)
		if err != nil || p.kernel == kernelNone {
			t.Fatalf("%v: kernel %d, %v", m, p.kernel, err)
		}
		roots := []task{{s: p.start(), weight: 1}}
		var als [][]uint64
		if m.Surface != constraints.Torus {
			sym := p.symmetryGroup()
			for col := range p.cols {
				if al := p.bounded(sym, col); al != nil {
					als = append(als, al)
				}
			}
		}
		als = append(als, p.allowed)
		for _, al := range als {
			for _, shift := range []bool{false, p.shift} {
				for _, limit := range []int{0, 1, 100, 5000, 1 << 30} {
					got := p.treeSize(roots, func(task) []uint64 { return al }, shift, limit)
					want := p.sizeAny(roots[0], al, shift, 0, limit)
					if got != want {
						t.Fatalf("%v (shift %v, limit %d): treeSize %d, the generic loop %d", m, shift, limit, got, want)
					}
				}
			}
		}
	}
}
