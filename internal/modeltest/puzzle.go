package modeltest

import (
	"math/rand/v2"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// RegionPuzzle draws a small region puzzle for the packing bounds: a board of 4 to 6 rows and columns,
// regions at random (as many as rows, or fewer, some cells in none), quotas of one to three on rows,
// columns and regions, exact or ranges, the king's step (or a queen, or the king and a knight), a torus
// now and then, blocked cells and a fixed queen now and then. Many have no solution; brute force counts
// them all.
func RegionPuzzle(rng *rand.Rand) constraints.Model {
	rows, cols := 4+rng.IntN(3), 4+rng.IntN(3)
	if rng.IntN(2) == 0 {
		cols = rows
	}
	k := max(1, min(rows, cols)-rng.IntN(3))
	lines := make([]string, rows)
	for r := range rows {
		var b strings.Builder
		for range cols {
			if rng.IntN(12) == 0 {
				b.WriteByte('.')
			} else {
				b.WriteByte(byte('a' + rng.IntN(k)))
			}
		}
		lines[r] = b.String()
	}
	regions, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(err)
	}
	q := 1 + rng.IntN(3)
	quota := func() constraints.Range {
		if rng.IntN(4) == 0 {
			return constraints.Range{Lo: max(0, q-1), Hi: q}
		}
		return constraints.Exactly(q)
	}
	m := constraints.Model{Rows: rows, Cols: cols, Regions: regions, Attack: constraints.King,
		Each: constraints.Quota{Row: quota(), Column: quota(), Region: quota()}}
	switch rng.IntN(6) {
	case 0:
		m.Attack = constraints.Queen
	case 1:
		m.Attack = constraints.Union(constraints.King, constraints.Knight)
	case 2:
		m.Surface = constraints.Torus
	}
	if rng.IntN(4) == 0 {
		m.Blocked = []constraints.Cell{{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
	}
	if rng.IntN(5) == 0 {
		f := constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)}
		if len(m.Blocked) == 0 || m.Blocked[0] != f {
			m.Fixed = []constraints.Cell{f}
		}
	}
	return m
}
