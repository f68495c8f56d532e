package constraints

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints/intmath"
)

// This file holds the test's own oracles, written from the doc comments and not from the code under test:
// the eight turns, the candidate maps of a board, the brute-force symmetry test, a plain search for
// solutions and an orbit count.

// turnCell applies t to c on a rows×cols board by the formulas of the Turn constants' comments. The turns
// that swap rows and columns are only asked for on square boards.
func turnCell(t Turn, c Cell, rows, cols int) Cell {
	r, k, mr, mc := c.Row, c.Col, rows-1, cols-1
	switch t {
	case Identity:
		return Cell{r, k}
	case Rotate90:
		return Cell{k, mr - r}
	case Rotate180:
		return Cell{mr - r, mc - k}
	case Rotate270:
		return Cell{mc - k, r}
	case MirrorCols:
		return Cell{r, mc - k}
	case MirrorRows:
		return Cell{mr - r, k}
	case Transpose:
		return Cell{k, r}
	case AntiTranspose:
		return Cell{mc - k, mr - r}
	}
	panic("unknown turn")
}

// image maps c by s: the turn, then the shift down modulo the rows, then the shift along the rows one
// column at a time, a step off the right edge coming back on the left, upside down where s is twisted.
func image(m Model, s Symmetry, c Cell) Cell {
	t := turnCell(s.Turn, c, m.Rows, m.Cols)
	r, k := intmath.Mod(t.Row+s.DRow, m.Rows), t.Col
	for range s.DCol {
		if k++; k == m.Cols {
			k = 0
			if s.Twist {
				r = m.Rows - 1 - r
			}
		}
	}
	return Cell{r, k}
}

// candidates lists the maps Symmetries chooses from: each turn that maps the board onto itself, times each
// shift where any edge is joined (only the zero shift on a flat board). On a torus: every turn and every
// shift. On a cylinder, the turns that keep the joined edges at the sides (the identity, the half turn
// and the two mirrors) and the shifts along the rows. On a twisted surface, the identity and the mirror of
// the columns, and the shifts along the rows up to twice the width (a shift by the width turns the rows
// upside down, so the other two turns are among these); on a Klein bottle also down by half the rows.
// The order is turn, then shift row-major.
func candidates(m Model) []Symmetry {
	var out []Symmetry
	for t := Identity; t <= AntiTranspose; t++ {
		onto := true
		for _, c := range allCells(m) {
			if !m.OnBoard(turnCell(t, c, m.Rows, m.Cols)) {
				onto = false
				break
			}
		}
		switch m.Surface {
		case Cylinder:
			onto = onto && t != Rotate90 && t != Rotate270 && t != Transpose && t != AntiTranspose
		case Mobius, Klein:
			onto = onto && (t == Identity || t == MirrorCols)
		}
		if !onto {
			continue
		}
		if m.Surface == Flat {
			out = append(out, Symmetry{Turn: t})
			continue
		}
		width, down := m.Cols, []int{0}
		switch m.Surface {
		case Torus:
			down = nil
			for dr := range m.Rows {
				down = append(down, dr)
			}
		case Mobius:
			width *= 2
		case Klein:
			width *= 2
			if m.Rows%2 == 0 {
				down = append(down, m.Rows/2)
			}
		}
		for _, dr := range down {
			for dc := range width {
				out = append(out, Symmetry{Turn: t, DRow: dr, DCol: dc, Twist: m.Surface.Twisted()})
			}
		}
	}
	return out
}

// isSymmetry reports whether s is a symmetry of m by brute force: a bijection of the board that maps the
// blocked cells onto the blocked cells, the fixed onto the fixed, and keeps Attacks for every pair of cells.
func isSymmetry(m Model, s Symmetry) bool {
	cells := allCells(m)
	seen := map[Cell]bool{}
	for _, c := range cells {
		d := image(m, s, c)
		if !m.OnBoard(d) || seen[d] {
			return false
		}
		seen[d] = true
	}
	for _, set := range [][]Cell{m.Blocked, m.Fixed} {
		for _, c := range set {
			if !slices.Contains(set, image(m, s, c)) {
				return false // a bijection maps a finite set into itself only if onto itself
			}
		}
	}
	for _, a := range cells {
		ia := image(m, s, a)
		for _, b := range cells {
			if m.Attacks(a, b) != m.Attacks(ia, image(m, s, b)) {
				return false
			}
			// Regions: two cells share a region exactly when their images do, and a cell in none maps to
			// a cell in none.
			if m.Regions != nil {
				ra, rb, ria, rib := m.Regions.At(a), m.Regions.At(b), m.Regions.At(ia), m.Regions.At(image(m, s, b))
				if (ra < 0) != (ria < 0) || (ra >= 0 && rb >= 0 && (ra == rb) != (ria == rib)) {
					return false
				}
			}
		}
	}
	// Quotas on rows and columns trade places under a turn that swaps the sides; either way a row under
	// a quota must go onto one row (or column), whole.
	swaps := s.Turn == Rotate90 || s.Turn == Rotate270 || s.Turn == Transpose || s.Turn == AntiTranspose
	if swaps && m.Each.Row != m.Each.Column {
		return false
	}
	line := func(c Cell, row bool) int {
		if row {
			return c.Row
		}
		return c.Col
	}
	for _, row := range []bool{true, false} {
		q := m.Each.Row
		if !row {
			q = m.Each.Column
		}
		if q.IsZero() {
			continue
		}
		for _, a := range cells {
			for _, b := range cells {
				if line(a, row) == line(b, row) && line(image(m, s, a), row != swaps) != line(image(m, s, b), row != swaps) {
					return false
				}
			}
		}
	}
	return true
}

// bruteGroup returns the candidates that pass isSymmetry, in the order of candidates.
func bruteGroup(m Model) []Symmetry {
	var g []Symmetry
	for _, s := range candidates(m) {
		if isSymmetry(m, s) {
			g = append(g, s)
		}
	}
	return g
}

// bruteSolutions finds every solution of m by a depth-first search over the free cells in row-major order,
// asking only m.Attacks, and keeps those m.Check accepts. The solutions come out in Solution.Compare order.
func bruteSolutions(t testing.TB, m Model) []Solution {
	t.Helper()
	var free []Cell
	for _, c := range allCells(m) {
		if !m.IsBlocked(c) {
			free = append(free, c)
		}
	}
	q := m.QueenCount()
	var out []Solution
	var cur []Cell
	var dfs func(from int)
	dfs = func(from int) {
		if len(cur) == q {
			s := NewSolution(cur...)
			if m.Check(s) == nil {
				out = append(out, s)
			}
			return
		}
		for i := from; i < len(free); i++ {
			c := free[i]
			// With rows attacked each row holds at most one queen, so the rows left must fit the queens
			// left; this keeps n = 10 fast without trusting anything but the model's own attack kinds.
			if m.Attack.Has(Row) && q-len(cur) > m.Rows-c.Row {
				return
			}
			ok := true
			for _, d := range cur {
				if m.Attacks(c, d) {
					ok = false
					break
				}
			}
			if ok {
				cur = append(cur, c)
				dfs(i + 1)
				cur = cur[:len(cur)-1]
			}
		}
	}
	dfs(0)
	return out
}

// orbitCount counts the classes of sols under the maps of group, by union-find over the images, applying
// each map with the test's own image function.
func orbitCount(t testing.TB, m Model, sols []Solution, group []Symmetry) int {
	t.Helper()
	index := make(map[string]int, len(sols))
	for i, s := range sols {
		index[s.String()] = i
	}
	parent := make([]int, len(sols))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i, s := range sols {
		for _, g := range group {
			img := make([]Cell, len(s))
			for k, c := range s {
				img[k] = image(m, g, c)
			}
			j, ok := index[NewSolution(img...).String()]
			if !ok {
				t.Fatalf("%v: %v maps solution %v to %v, which is not a solution", m, g, s, NewSolution(img...))
			}
			parent[find(i)] = find(j)
		}
	}
	n := 0
	for i := range parent {
		if find(i) == i {
			n++
		}
	}
	return n
}

// riderPool and leaperPool are the vectors the tests draw attack sets from: the four lines, the
// nightrider's lines and a long rider; the knight, the king's two leaps and the other leaps of fairy
// chess. Sets drawn from them cover every kind of geometry the model knows.
var (
	riderPool  = []Vec{{0, 1}, {1, 0}, {1, 1}, {1, -1}, {1, 2}, {2, 1}, {1, -2}, {2, -1}, {3, 1}}
	leaperPool = []Vec{{1, 2}, {0, 1}, {1, 1}, {1, 3}, {0, 2}, {2, 2}, {2, 3}, {1, 4}}
)

// attackFromBytes draws an attack set: the riders of the pool marked in r, the leapers marked in l.
func attackFromBytes(r, l byte) Attack {
	var parts []Attack
	for i, v := range riderPool {
		if i < 8 && r&(1<<i) != 0 || i == 8 && r == 0xff {
			parts = append(parts, Ride(v.DR, v.DC))
		}
	}
	for i, v := range leaperPool {
		if l&(1<<i) != 0 {
			parts = append(parts, Leap(v.DR, v.DC))
		}
	}
	return Union(parts...)
}

// attackPool lists a spread of attack sets: each single rider and leaper, the named pieces, and a few
// mixtures.
func attackPool() []Attack {
	out := []Attack{{}, Queen, Superqueen, Rook, Bishop, King, Union(Queen, King), Chancellor, Archbishop,
		Union(Row, Diagonal), Union(Column, Knight), Union(Ride(1, 2), Leap(1, 3)), Union(Ride(3, 1), Leap(2, 2), Leap(0, 2))}
	for _, v := range riderPool {
		out = append(out, Ride(v.DR, v.DC))
	}
	for _, v := range leaperPool {
		out = append(out, Leap(v.DR, v.DC))
	}
	return out
}

// regionsFromBytes draws a region grid for a rows×cols board: cells take one of three letters, or none,
// by a pattern seeded from b.
func regionsFromBytes(rows, cols int, b byte) *Regions {
	lines := make([]string, rows)
	x := uint32(b) | 1
	for r := range rows {
		var line []byte
		for range cols {
			x = x*1103515245 + 12345
			line = append(line, "aabbc."[(x>>16)%6])
		}
		lines[r] = string(line)
	}
	g, err := ParseRegions(lines)
	if err != nil {
		panic(err)
	}
	return g
}

// TestMobiusQueensBruteForce holds Attacks on a Möbius strip to OEIS A137279: ceil(n/2) queens on an n×n
// Möbius board, n = 1..6, counted by the test's own search over Attacks and Check.
func TestMobiusQueensBruteForce(t *testing.T) {
	want := []int{1, 4, 0, 16, 40, 192} // A137279
	for n := 1; n <= len(want); n++ {
		m := Model{Rows: n, Cols: n, Attack: Queen, Surface: Mobius}
		if q := m.QueenCount(); q != (n+1)/2 {
			t.Fatalf("%v: QueenCount = %d, want ceil(n/2)", m, q)
		}
		if got := len(bruteSolutions(t, m)); got != want[n-1] {
			t.Errorf("%v: %d solutions, A137279 says %d", m, got, want[n-1])
		}
	}
}

// TestValidateLinesCountBruteForce holds ValidateLines' count of the queens a diagonal quota needs and
// allows against brute force: every model it refuses has no solution, on every surface, with and
// without a blocked cell; and it refuses the plain cases a person meets (each diagonal=1 on a 4×4 board
// with 4 queens, which asks 7).
func TestValidateLinesCountBruteForce(t *testing.T) {
	refused := 0
	for _, size := range [][2]int{{3, 3}, {3, 4}, {4, 4}} {
		for s := range surfaces {
			for _, each := range []Quota{{Diagonal: Exactly(1)}, {AntiDiagonal: Exactly(1)}, {Diagonal: Range{Lo: 1, Hi: 2}}} {
				for _, blocked := range [][]Cell{nil, {{1, 1}}} {
					if size[0]*size[1] > 12 && (blocked != nil || each.Diagonal.Hi > 1 || Surface(s) != Flat && Surface(s) != Mobius) {
						continue // 4×4 on two surfaces: brute force over 2^16 subsets is the cost
					}
					for q := 1; q <= size[0]*size[1]-len(blocked); q++ {
						m := Model{Rows: size[0], Cols: size[1], Queens: q, Surface: Surface(s), Each: each, Blocked: blocked}
						if m.Validate() != nil {
							continue
						}
						err := m.ValidateLines(context.Background())
						if err == nil {
							continue
						}
						refused++
						if sols := bruteSolutions(t, m); len(sols) > 0 {
							t.Errorf("%v: refused (%v), but it has %d solutions, %v the first", m, err, len(sols), sols[0])
						}
					}
				}
			}
		}
	}
	m := Model{Rows: 4, Cols: 4, Each: Quota{Diagonal: Exactly(1)}}
	if err := m.ValidateLines(context.Background()); err == nil || !strings.Contains(err.Error(), "7 queens, but a solution holds 4") {
		t.Errorf("each diagonal=1 on 4×4 with 4 queens: %v; want 7 queens asked, 4 held", err)
	}
	if refused < 20 {
		t.Errorf("only %d models refused: the check has lost its teeth", refused)
	}
}
