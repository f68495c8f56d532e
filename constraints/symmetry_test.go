package constraints

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// TestApplyMatchesTurns holds Apply to the formulas in the Turn constants' comments, on every cell of
// square and rectangular boards, with and without a shift.
func TestApplyMatchesTurns(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {3, 3}, {4, 4}, {5, 5}, {2, 5}, {4, 3}} {
		for _, wrap := range Surfaces() {
			m := Model{Rows: sz[0], Cols: sz[1], Attack: Queen, Surface: wrap}
			for _, s := range candidates(m) {
				for _, c := range allCells(m) {
					if got, want := s.Apply(c, m.Rows, m.Cols), image(m, s, c); got != want {
						t.Errorf("%d×%d: %v.Apply(%v) = %v, want %v", m.Rows, m.Cols, s, c, got, want)
					}
				}
			}
		}
	}
}

func TestApplyHandChecked(t *testing.T) {
	tests := []struct {
		name       string
		s          Symmetry
		c          Cell
		rows, cols int
		want       Cell
		reason     string
	}{
		{"rotate90 clockwise", Symmetry{Turn: Rotate90}, Cell{0, 0}, 4, 4, Cell{0, 3}, "clockwise: the top-left corner goes to the top-right"},
		{"rotate270", Symmetry{Turn: Rotate270}, Cell{0, 0}, 4, 4, Cell{3, 0}, "counter-clockwise: top-left to bottom-left"},
		{"mirror cols rect", Symmetry{Turn: MirrorCols}, Cell{1, 0}, 2, 5, Cell{1, 4}, "columns mirror about the rectangle's own width"},
		{"mirror rows rect", Symmetry{Turn: MirrorRows}, Cell{0, 3}, 2, 5, Cell{1, 3}, "rows mirror about the rectangle's own height"},
		{"rotate180 rect", Symmetry{Turn: Rotate180}, Cell{0, 1}, 3, 5, Cell{2, 3}, "each coordinate by its own side"},
		{"anti-transpose", Symmetry{Turn: AntiTranspose}, Cell{0, 1}, 4, 4, Cell{2, 3}, "(r,c) → (n−1−c, n−1−r)"},
		{"shift wraps", Symmetry{Turn: Identity, DRow: 3, DCol: 4}, Cell{2, 3}, 4, 6, Cell{1, 1}, "(2+3, 3+4) mod (4,6)"},
		{"turn then shift", Symmetry{Turn: Rotate90, DRow: 1}, Cell{0, 0}, 3, 3, Cell{1, 2}, "the turn first: (0,2), then down one"},
	}
	for _, tt := range tests {
		if got := tt.s.Apply(tt.c, tt.rows, tt.cols); got != tt.want {
			t.Errorf("%s: %v.Apply(%v, %d, %d) = %v, want %v (%s)", tt.name, tt.s, tt.c, tt.rows, tt.cols, got, tt.want, tt.reason)
		}
	}
}

// symmetryModels are small models for the brute-force symmetry comparison: square and rectangular, flat and
// torus, the attack sets whose symmetries differ, and blocked or fixed cells placed symmetrically and not.
var symmetryModels = []struct {
	name   string
	m      Model
	reason string
}{
	{"classic 5", Classic(5), "all 8 turns"},
	{"classic 6", Classic(6), "even side: no centre cell"},
	{"rook 5", Model{Rows: 5, Cols: 5, Attack: Union(Row, Column)}, "no diagonals: all 8 turns"},
	{"row only 4", Model{Rows: 4, Cols: 4, Attack: Row}, "rows alone: no turn may swap rows and columns"},
	{"diagonal only 5", Model{Rows: 5, Cols: 5, Attack: Diagonal}, "one diagonal: only turns that keep diagonals (identity, 180, transpose, anti-transpose)"},
	{"anti only 4", Model{Rows: 4, Cols: 4, Attack: AntiDiagonal}, "the other diagonal alone"},
	{"row diag anti 5", Model{Rows: 5, Cols: 5, Attack: Union(Row, Diagonal, AntiDiagonal)}, "rows without columns, both diagonals"},
	{"row diag 5", Model{Rows: 5, Cols: 5, Attack: Union(Row, Diagonal)}, "both restrictions: identity and rotate180"},
	{"knight 5", Model{Rows: 5, Cols: 5, Attack: Knight}, "the knight's leaps are D4-symmetric"},
	{"column knight 4", Model{Rows: 4, Cols: 4, Attack: Union(Column, Knight)}, "a knight does not make up for a missing row kind"},
	{"superqueen 5", Model{Rows: 5, Cols: 5, Attack: Superqueen}, "all 8"},
	{"none 4", Model{Rows: 4, Cols: 4, Attack: Attack{}}, "no attacks: every bijection that respects the (empty) cell sets"},
	{"rect queen 3×5", Model{Rows: 3, Cols: 5, Attack: Queen}, "a rectangle: only the 4 turns that keep the sides"},
	{"rect queen 4×2", Model{Rows: 4, Cols: 2, Attack: Queen}, "tall rectangle"},
	{"rect diagonal 3×4", Model{Rows: 3, Cols: 4, Attack: Diagonal}, "rectangle, one diagonal: identity and rotate180"},
	{"rect knight 3×4", Model{Rows: 3, Cols: 4, Attack: Knight}, "rectangle, knight"},
	{"blocked centre 5", Model{Rows: 5, Cols: 5, Attack: Queen, Blocked: []Cell{{2, 2}}}, "the centre is fixed by every turn"},
	{"blocked corner 5", Model{Rows: 5, Cols: 5, Attack: Queen, Blocked: []Cell{{0, 0}}}, "a corner: identity and transpose"},
	{"blocked corners 4", Model{Rows: 4, Cols: 4, Attack: Queen, Blocked: []Cell{{0, 0}, {0, 3}, {3, 0}, {3, 3}}}, "all four corners: symmetric"},
	{"blocked off-diagonal 4", Model{Rows: 4, Cols: 4, Attack: Queen, Blocked: []Cell{{0, 1}}}, "a cell on no axis of the square: identity alone"},
	{"blocked pair 4", Model{Rows: 4, Cols: 4, Attack: Queen, Blocked: []Cell{{0, 1}, {3, 2}}}, "a pair swapped by rotate180 only"},
	{"fixed corner 5", Model{Rows: 5, Cols: 5, Attack: Queen, Fixed: []Cell{{0, 0}}}, "a fixed queen breaks symmetry like a blocked cell"},
	{"blocked and fixed 5", Model{Rows: 5, Cols: 5, Attack: Queen, Blocked: []Cell{{0, 0}, {4, 4}}, Fixed: []Cell{{2, 2}}}, "both kinds of cell together"},
	{"blocked and fixed swapped 5", Model{Rows: 5, Cols: 5, Attack: Queen, Blocked: []Cell{{0, 0}}, Fixed: []Cell{{4, 4}}}, "a turn mapping a blocked cell to a fixed one is no symmetry"},
	{"rect blocked 3×4", Model{Rows: 3, Cols: 4, Attack: Queen, Blocked: []Cell{{0, 0}, {2, 3}}}, "rectangle, a pair swapped by rotate180"},
	{"torus queen 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus}, "every turn with every shift: 200"},
	{"torus queen 4", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Torus}, "even torus"},
	{"torus rook 4", Model{Rows: 4, Cols: 4, Attack: Union(Row, Column), Surface: Torus}, "lines that do not wrap differently"},
	{"torus diagonal 5", Model{Rows: 5, Cols: 5, Attack: Diagonal, Surface: Torus}, "one wrapped diagonal, gcd 5"},
	{"torus row diag anti 4", Model{Rows: 4, Cols: 4, Attack: Union(Row, Diagonal, AntiDiagonal), Surface: Torus}, "rows without columns on a torus"},
	{"torus knight 5", Model{Rows: 5, Cols: 5, Attack: Knight, Surface: Torus}, "wrapped leaps"},
	{"torus superqueen 5", Model{Rows: 5, Cols: 5, Attack: Superqueen, Surface: Torus}, "everything wraps"},
	{"torus rect queen 4×6", Model{Rows: 4, Cols: 6, Attack: Queen, Surface: Torus}, "rectangular torus, gcd 2"},
	{"torus rect queen 3×5", Model{Rows: 3, Cols: 5, Attack: Queen, Surface: Torus}, "rectangular torus, gcd 1: every pair on both diagonals"},
	{"torus rect knight 3×4", Model{Rows: 3, Cols: 4, Attack: Knight, Surface: Torus}, "rectangular torus, knight"},
	{"torus blocked 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus, Blocked: []Cell{{1, 3}}}, "one blocked cell: the shifts that move it are lost, the turns about it kept"},
	{"torus blocked pair 4", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Torus, Blocked: []Cell{{0, 0}, {2, 2}}}, "a pair swapped by the shift (2,2)"},
	{"torus fixed 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus, Fixed: []Cell{{0, 1}}}, "one fixed queen on a torus"},
	{"torus none 3", Model{Rows: 3, Cols: 3, Attack: Attack{}, Surface: Torus}, "no attacks on a torus"},

	// The cases below are boards on which one attack kind means the same as another, or nothing at all. The
	// brute-force definition counts the extra symmetries; Symmetries' rule "turns that swap diagonals need
	// both diagonal kinds" (and likewise rows and columns) does not see them.
	{"torus rect diagonal 4×6", Model{Rows: 4, Cols: 6, Attack: Union(Row, Column, Diagonal), Surface: Torus}, "gcd 2: dr−dc ≡ 0 ⇔ dr+dc ≡ 0 mod 2, so the diagonal is the anti-diagonal and the mirrors are symmetries"},
	{"torus rect diagonal 3×4", Model{Rows: 3, Cols: 4, Attack: Diagonal, Surface: Torus}, "gcd 1: every pair is on one diagonal, so every bijection of the board keeps the attacks"},
	{"torus 2×2 diagonal", Model{Rows: 2, Cols: 2, Attack: Diagonal, Surface: Torus}, "gcd 2: the same coincidence on a square torus"},
	{"one row diagonal", Model{Rows: 1, Cols: 4, Attack: Union(Row, Diagonal)}, "a 1-row board has no diagonal pairs, so mirroring the columns keeps the attacks"},
	{"1×1 row", Model{Rows: 1, Cols: 1, Attack: Row}, "one cell: every turn is the identity map"},
	{"torus 3×3 diagonal knight", Model{Rows: 3, Cols: 3, Attack: Union(Diagonal, Knight), Surface: Torus}, "on a 3×3 torus the leaps are (±1,±1): the knight covers both diagonals"},
	{"cylinder queens 4", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Cylinder}, "the turns that keep the joined edges at the sides, times the shifts along the rows"},
	{"cylinder rect knight", Model{Rows: 3, Cols: 5, Attack: Union(Row, Knight), Surface: Cylinder}, "a rectangle: four turns at most"},
	{"mobius queens 4", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Mobius}, "shifts along the rows modulo twice the width, the mirror of the columns; the mirror of the rows is the shift by the width"},
	{"mobius queens 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Mobius}, "an odd side: a middle row the twist keeps"},
	{"mobius diagonal 4×5", Model{Rows: 4, Cols: 5, Attack: Union(Column, Diagonal), Surface: Mobius}, "across the twist the diagonal rides on as the anti-diagonal"},
	{"mobius blocked", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Mobius, Blocked: []Cell{{0, 1}}}, "one blocked cell leaves few maps"},
	{"klein queens 4", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Klein}, "a shift down by half the rows meets the twist"},
	{"klein knight 3×4", Model{Rows: 3, Cols: 4, Attack: Union(Row, Knight), Surface: Klein}, "odd rows: no half shift"},
	{"klein row quota", Model{Rows: 4, Cols: 4, Attack: Knight, Surface: Klein, Each: Quota{Row: Exactly(1)}}, "a row quota: shifts along the rows carry part of a row into its mirror"},
}

// TestSymmetriesBruteForce holds Symmetries to the brute-force definition: among the candidate maps (each
// turn that fits the board, times each shift on a torus), exactly those that are bijections keeping the
// blocked cells, the fixed queens and Attacks for every pair.
func TestSymmetriesBruteForce(t *testing.T) {
	for _, tt := range symmetryModels {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.m.Validate(); err != nil {
				t.Fatalf("bad test model: %v", err)
			}
			checkGroup(t, tt.m, tt.reason)
		})
	}
}

// group returns m's symmetry group, failing the test on an error.
func group(t testing.TB, m Model) *Group {
	t.Helper()
	g, err := m.Group(context.Background())
	if err != nil {
		t.Fatalf("%v: Group: %v", m, err)
	}
	return g
}

// symmetries lists every map of m's group, and checks that Order counts them.
func symmetries(t testing.TB, m Model) []Symmetry {
	t.Helper()
	g := group(t, m)
	var out []Symmetry
	for s := range g.All() {
		out = append(out, s)
	}
	if uint64(len(out)) != g.Order() {
		t.Errorf("%v: All yields %d maps, Order says %d", m, len(out), g.Order())
	}
	return out
}

// checkGroup compares m's group with bruteGroup(m) as sets of maps of the board (two names may make one
// map: on a twisted surface the mirror of the rows is the shift by the width) and checks the identity
// comes first.
func checkGroup(t *testing.T, m Model, reason string) {
	t.Helper()
	got := symmetries(t, m)
	want := bruteGroup(m)
	if len(got) == 0 || got[0].Turn != Identity || got[0].DRow != 0 || got[0].DCol != 0 {
		t.Errorf("%v: Symmetries()[0] is not the identity: %v", m, got)
	}
	names := map[string]bool{}
	for _, s := range got {
		if names[s.String()] {
			t.Errorf("%v: %v listed twice", m, s)
		}
		names[s.String()] = true
	}
	cells := allCells(m)
	key := func(s Symmetry) string {
		b := make([]byte, 0, 8*len(cells))
		for _, c := range cells {
			d := image(m, s, c)
			b = fmt.Appendf(b, "%d,%d;", d.Row, d.Col)
		}
		return string(b)
	}
	gotSet := map[string]bool{}
	for _, s := range got {
		gotSet[key(s)] = true
	}
	wantSet := map[string]bool{}
	for _, s := range want {
		wantSet[key(s)] = true
	}
	var extra, missing []string
	for _, s := range got {
		if !wantSet[key(s)] {
			extra = append(extra, s.String())
		}
	}
	for _, s := range want {
		if !gotSet[key(s)] {
			missing = append(missing, s.String())
		}
	}
	if len(extra) > 0 || len(missing) > 0 {
		t.Errorf("%v: Symmetries has %d maps, brute force %d (%s)\n  not symmetries but returned: %v\n  symmetries but missing: %v",
			m, len(gotSet), len(wantSet), reason, short(extra), short(missing))
	}
}

func short(s []string) []string {
	if len(s) > 8 {
		return append(slices.Clone(s[:8]), fmt.Sprintf("… %d more", len(s)-8))
	}
	return s
}

// TestKeeps holds Keeps, which callers use to test one map without building the group, to the same
// brute-force definition on every candidate map, and checks it refuses maps that do not fit the board.
func TestKeeps(t *testing.T) {
	for _, tt := range symmetryModels {
		t.Run(tt.name, func(t *testing.T) {
			for _, s := range candidates(tt.m) {
				if got, want := tt.m.Keeps(s), isSymmetry(tt.m, s); got != want {
					t.Errorf("%v: Keeps(%v) = %v, brute force %v (%s)", tt.m, s, got, want, tt.reason)
				}
			}
		})
	}
	refused := []struct {
		name   string
		m      Model
		s      Symmetry
		reason string
	}{
		{"shift on a flat board", Model{Rows: 5, Cols: 5, Attack: Attack{}}, Symmetry{Turn: Identity, DCol: 1}, "a shift moves the last column off a flat board"},
		{"rotate on a rectangle", Model{Rows: 3, Cols: 5, Attack: Attack{}}, Symmetry{Turn: Rotate90}, "rows become columns: 5 columns do not fit in 3 rows"},
		{"transpose on a rectangular torus", Model{Rows: 4, Cols: 6, Attack: Attack{}, Surface: Torus}, Symmetry{Turn: Transpose, DRow: 1}, "wrapping does not make a 4×6 board square"},
	}
	for _, tt := range refused {
		if tt.m.Keeps(tt.s) {
			t.Errorf("%s: Keeps(%v) = true, want false (%s)", tt.name, tt.s, tt.reason)
		}
	}
}

func TestSymmetriesSize(t *testing.T) {
	tests := []struct {
		name   string
		m      Model
		want   []Symmetry // nil: only the size is checked
		size   int
		reason string
	}{
		{"classic 2", Classic(2), nil, 8, "the square's whole group, even with no solutions"},
		{"classic 8", Classic(8), nil, 8, "the group that takes 92 solutions to 12 classes"},
		{"rect 4×6", Model{Rows: 4, Cols: 6, Attack: Queen}, []Symmetry{{Turn: Identity}, {Turn: Rotate180}, {Turn: MirrorCols}, {Turn: MirrorRows}}, 4, "a rectangle keeps the turns that keep its sides"},
		{"rect 5×3", Model{Rows: 5, Cols: 3, Attack: Queen}, nil, 4, "tall rather than wide"},
		{"torus 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus}, nil, 200, "8 turns × 25 shifts"},
		{"classic 8 blocked corner", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{0, 0}}}, []Symmetry{{Turn: Identity}, {Turn: Transpose}}, 2,
			"(0,0) goes to (0,7) by rotate90 and mirror-cols, (7,7) by rotate180 and anti-transpose, (7,0) by rotate270 and mirror-rows; only identity and transpose keep it"},
		{"diagonal only 8", Model{Rows: 8, Cols: 8, Attack: Diagonal}, []Symmetry{{Turn: Identity}, {Turn: Rotate180}, {Turn: Transpose}, {Turn: AntiTranspose}}, 4, "the turns that keep each diagonal a diagonal"},
		{"row diag anti 8", Model{Rows: 8, Cols: 8, Attack: Union(Row, Diagonal, AntiDiagonal)}, []Symmetry{{Turn: Identity}, {Turn: Rotate180}, {Turn: MirrorCols}, {Turn: MirrorRows}}, 4, "the turns that keep rows rows"},
		{"row diag 8", Model{Rows: 8, Cols: 8, Attack: Union(Row, Diagonal)}, []Symmetry{{Turn: Identity}, {Turn: Rotate180}}, 2, "both restrictions at once"},
		{"torus rook 4", Model{Rows: 4, Cols: 4, Attack: Union(Row, Column), Surface: Torus}, nil, 128, "8 turns × 16 shifts"},
		{"torus blocked 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus, Blocked: []Cell{{1, 3}}}, nil, 8, "for each turn exactly one shift brings (1,3) home"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := symmetries(t, tt.m)
			if len(got) != tt.size {
				t.Errorf("len(Symmetries()) = %d, want %d (%s): %v", len(got), tt.size, tt.reason, short(strs(got)))
			}
			if tt.want != nil && !slices.Equal(got, tt.want) {
				t.Errorf("Symmetries() = %v, want %v (%s)", got, tt.want, tt.reason)
			}
			if len(got) > 0 && got[0] != (Symmetry{}) {
				t.Errorf("Symmetries()[0] = %v, want the identity first", got[0])
			}
		})
	}
}

func strs(g []Symmetry) []string {
	out := make([]string, len(g))
	for i, s := range g {
		out[i] = s.String()
	}
	return out
}

// TestSymmetriesClosed checks the returned maps form a group: the composite of any two, applied cell by cell,
// equals one of them. IsCanonical counts classes correctly only over a group.
func TestSymmetriesClosed(t *testing.T) {
	for _, tt := range symmetryModels {
		m := tt.m
		g := symmetries(t, m)
		cells := allCells(m)
		tables := make(map[string]bool, len(g))
		table := func(f func(Cell) Cell) string {
			b := make([]byte, 0, 8*len(cells))
			for _, c := range cells {
				d := f(c)
				b = fmt.Appendf(b, "%d,%d;", d.Row, d.Col)
			}
			return string(b)
		}
		for _, s := range g {
			tables[table(func(c Cell) Cell { return s.Apply(c, m.Rows, m.Cols) })] = true
		}
		for _, s := range g {
			for _, u := range g {
				comp := table(func(c Cell) Cell { return u.Apply(s.Apply(c, m.Rows, m.Cols), m.Rows, m.Cols) })
				if !tables[comp] {
					t.Fatalf("%s: %v then %v is no element of Symmetries()", tt.name, s, u)
				}
			}
		}
	}
}

// TestSymmetriesMapSolutions checks the promise "a solution mapped by any of them is again a solution" on
// every solution of a few models with blocked and fixed cells.
func TestSymmetriesMapSolutions(t *testing.T) {
	models := []Model{
		Classic(6),
		{Rows: 6, Cols: 6, Attack: Queen, Blocked: []Cell{{0, 0}, {5, 5}}},
		{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus, Fixed: []Cell{{2, 2}}},
		{Rows: 4, Cols: 6, Queens: 4, Attack: Union(Row, Column, Diagonal), Surface: Torus},
		{Rows: 3, Cols: 5, Queens: 3, Attack: Union(Row, Column, Knight)},
	}
	for _, m := range models {
		for _, sol := range bruteSolutions(t, m) {
			for _, s := range symmetries(t, m) {
				img := m.Map(s, sol)
				if err := m.Check(img); err != nil {
					t.Errorf("%v: %v maps %v to %v: %v", m, s, sol, img, err)
				}
				if !slices.IsSortedFunc(img, compareCells) {
					t.Errorf("%v: Map(%v, %v) = %v is not sorted", m, s, sol, img)
				}
			}
		}
	}
}

// permutationSolutions finds the classic n-queens solutions by trying every permutation (one queen per row
// and column) and asking Check.
func permutationSolutions(n int) []Solution {
	m := Classic(n)
	cols := make([]int, n)
	used := make([]bool, n)
	var out []Solution
	var rec func(r int)
	rec = func(r int) {
		if r == n {
			if s := cellsOf(cols...); m.Check(s) == nil {
				out = append(out, s)
			}
			return
		}
		for c := range n {
			if !used[c] {
				used[c], cols[r] = true, c
				rec(r + 1)
				used[c] = false
			}
		}
	}
	rec(0)
	return out
}

func countCanonical(t *testing.T, m Model, sols []Solution) int {
	g := group(t, m)
	n := 0
	for _, s := range sols {
		if g.IsCanonical(s) {
			n++
		}
	}
	return n
}

// TestIsCanonicalKnownCounts checks solution and class counts against published sequences.
func TestIsCanonicalKnownCounts(t *testing.T) {
	tests := []struct {
		name            string
		m               Model
		perm            bool // enumerate by permutations (classic only) rather than by search
		solutions, want int
		reason          string
	}{
		{"classic 4", Classic(4), true, 2, 1, "A000170(4)=2, A002562(4)=1: the two are mirror images"},
		{"classic 5", Classic(5), true, 10, 2, "A002562(5)=2"},
		{"classic 6", Classic(6), true, 4, 1, "A002562(6)=1: the four are one class"},
		{"classic 7", Classic(7), true, 40, 6, "A002562(7)=6"},
		{"classic 8", Classic(8), true, 92, 12, "A002562(8)=12: the famous 12 fundamental solutions"},
		{"superqueen 10", Model{Rows: 10, Cols: 10, Attack: Superqueen}, false, 4, 1, "A051223(10)=4, A051224(10)=1: the first superqueen board"},
		{"torus 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus}, false, 10, 1,
			"the 10 are c = 2r+k and c = 3r+k; shifts join each family and mirror-cols turns 2r into −2r = 3r: one class"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sols []Solution
			if tt.perm {
				sols = permutationSolutions(tt.m.Rows)
				if search := bruteSolutions(t, tt.m); !slices.EqualFunc(sols, search, func(a, b Solution) bool { return a.Compare(b) == 0 }) {
					t.Fatalf("permutations found %d solutions, search %d", len(sols), len(search))
				}
			} else {
				sols = bruteSolutions(t, tt.m)
			}
			if len(sols) != tt.solutions {
				t.Fatalf("%d solutions, want %d (%s)", len(sols), tt.solutions, tt.reason)
			}
			if got := countCanonical(t, tt.m, sols); got != tt.want {
				t.Errorf("%d canonical solutions, want %d (%s)", got, tt.want, tt.reason)
			}
			if got := orbitCount(t, tt.m, sols, bruteGroup(tt.m)); got != tt.want {
				t.Errorf("the test's own orbit count is %d, want %d: the oracle is wrong", got, tt.want)
			}
		})
	}
}

// TestIsCanonicalCountsOrbits compares, on several models, the number of canonical solutions with the
// number of orbits the test computes itself: union-find over the brute-force group's images.
func TestIsCanonicalCountsOrbits(t *testing.T) {
	tests := []struct {
		name   string
		m      Model
		reason string
	}{
		{"classic 7", Classic(7), "odd side, all 8 turns"},
		{"classic 6 blocked corners", Model{Rows: 6, Cols: 6, Attack: Queen, Blocked: []Cell{{0, 0}, {5, 5}}}, "blocked cells on the diagonal: a group of 4"},
		{"classic 6 blocked one", Model{Rows: 6, Cols: 6, Attack: Queen, Blocked: []Cell{{0, 2}}}, "a blocked cell on no axis: the identity alone, every solution canonical"},
		{"classic 7 fixed centre", Model{Rows: 7, Cols: 7, Attack: Queen, Fixed: []Cell{{3, 3}}}, "a fixed queen every turn keeps"},
		{"rect 4×6 queen", Model{Rows: 4, Cols: 6, Attack: Queen}, "a rectangle: 4 turns"},
		{"rect 5×3 knight rows", Model{Rows: 5, Cols: 3, Queens: 3, Attack: Union(Row, Column, Knight)}, "tall rectangle, rooks and knights"},
		{"diagonal only 4", Model{Rows: 4, Cols: 4, Queens: 4, Attack: Diagonal}, "one diagonal kind: a group of 4"},
		{"row diag anti 5", Model{Rows: 5, Cols: 5, Attack: Union(Row, Diagonal, AntiDiagonal)}, "rows without columns"},
		{"superqueen 11", Model{Rows: 11, Cols: 11, Attack: Superqueen}, "A051223(11)=44 solutions"},
		{"torus 7", Model{Rows: 7, Cols: 7, Attack: Queen, Surface: Torus}, "392 maps over the 7×7 torus solutions"},
		{"torus 5 fixed", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus, Fixed: []Cell{{0, 0}}}, "a fixed queen on a torus: the shifts go, the turns about it stay"},
		{"torus 5 knight", Model{Rows: 5, Cols: 5, Queens: 5, Attack: Union(Knight, Row), Surface: Torus}, "wrapped knights with rows"},
		{"torus 4×6 three kinds", Model{Rows: 4, Cols: 6, Queens: 2, Attack: Union(Row, Column, Diagonal), Surface: Torus}, "gcd 2: the diagonal equals the anti-diagonal, so the mirrors join classes Symmetries keeps apart (84 solutions, 3 orbits)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sols := bruteSolutions(t, tt.m)
			if len(sols) == 0 {
				t.Fatalf("no solutions: a useless case")
			}
			want := orbitCount(t, tt.m, sols, bruteGroup(tt.m))
			if got := countCanonical(t, tt.m, sols); got != want {
				t.Errorf("%v: %d solutions, %d canonical, but %d orbits (%s)", tt.m, len(sols), got, want, tt.reason)
			}
		})
	}
}

func TestIsCanonicalHandChecked(t *testing.T) {
	m := Classic(4)
	g := group(t, m)
	first, second := cellsOf(1, 3, 0, 2), cellsOf(2, 0, 3, 1)
	if !g.IsCanonical(first) {
		t.Errorf("%v is the least of the n=4 pair, want canonical", first)
	}
	if g.IsCanonical(second) {
		t.Errorf("%v mirrors to the lesser %v, want not canonical", second, first)
	}
	if got := g.Least(second); got.Compare(first) != 0 {
		t.Errorf("Least(%v) = %v, want %v", second, got, first)
	}
	if got := g.Stabilizer(first); got != 4 {
		t.Errorf("Stabilizer(%v) = %d, want 4: the four rotations fix it, and its class holds 8/4 = 2 solutions", first, got)
	}
	// A blocked cell on no axis of the square leaves the identity alone: every solution is canonical.
	b := Model{Rows: 4, Cols: 4, Attack: Queen, Blocked: []Cell{{0, 0}, {0, 1}}}
	if gb := group(t, b); gb.Order() != 1 || !gb.IsCanonical(cellsOf(2, 0, 3, 1)) {
		t.Errorf("over the identity alone every solution is canonical (order %d)", gb.Order())
	}
}

// FuzzSymmetries builds small models from bytes and holds Symmetries to the brute-force definition and to
// closure under composition.
func FuzzSymmetries(f *testing.F) {
	f.Add([]byte{5, 5, 0x0f, 0, 0, 0})
	f.Add([]byte{4, 6, 0x0f, 0, 1, 0})
	f.Add([]byte{5, 5, 0x0f, 0x01, 1, 0, 2, 2, 0, 1, 3})
	f.Add([]byte{3, 5, 0x03, 0x01, 0, 0, 3, 1, 2})
	f.Add([]byte{5, 5, 0x04, 0, 0, 0, 1, 1, 3, 3})
	f.Add([]byte{4, 4, 0x30, 0x06, 2, 0x55, 0xaa})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 6 {
			return
		}
		m := Model{
			Rows:    int(b[0]%6) + 1,
			Cols:    int(b[1]%6) + 1,
			Attack:  attackFromBytes(b[2], b[3]),
			Surface: Surface(b[4] % 5),
			Queens:  1,
		}
		if b[4]&2 != 0 {
			m.Regions = regionsFromBytes(m.Rows, m.Cols, b[5])
		}
		// The remaining bytes come in pairs: a cell, blocked if its row byte is even, else fixed.
		for rest := b[6:]; len(rest) >= 2 && len(m.Blocked)+len(m.Fixed) < 6; rest = rest[2:] {
			c := Cell{int(rest[0]>>1) % m.Rows, int(rest[1]) % m.Cols}
			if slices.Contains(m.Blocked, c) || slices.Contains(m.Fixed, c) {
				continue
			}
			if rest[0]&1 == 0 {
				m.Blocked = append(m.Blocked, c)
			} else {
				m.Fixed = append(m.Fixed, c)
			}
		}
		m.Queens = max(1, len(m.Fixed))
		if m.Validate() != nil {
			return
		}
		checkGroup(t, m, "fuzz")
		for _, s := range candidates(m) {
			if got, want := m.Keeps(s), isSymmetry(m, s); got != want {
				t.Fatalf("%v: Keeps(%v) = %v, brute force %v", m, s, got, want)
			}
		}
	})
}
