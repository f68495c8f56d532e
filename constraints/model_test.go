package constraints

import (
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints/intmath"
)

// cellsOf turns a column per row into cells: cols[r] is the column of the queen in row r.
func cellsOf(cols ...int) Solution {
	cells := make([]Cell, len(cols))
	for r, c := range cols {
		cells[r] = Cell{r, c}
	}
	return NewSolution(cells...)
}

func TestValidate(t *testing.T) {
	torus5 := Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus}
	tests := []struct {
		name    string
		m       Model
		wantErr string // "" for a valid model
		reason  string
	}{
		{"classic 8", Classic(8), "", "the model every user starts from"},
		{"classic 1", Classic(1), "", "the smallest board is valid"},
		{"max side", Model{Rows: MaxSide, Cols: 1, Attack: Queen}, "", "MaxSide itself is allowed"},
		{"queens 0 means min side", Model{Rows: 3, Cols: 5, Attack: Queen}, "", "Queens 0 is the default, not an error"},
		{"no attacks", Model{Rows: 2, Cols: 2, Queens: 4, Attack: Attack{}}, "", "with no attacks every free cell may hold a queen"},
		{"fixed knight apart under queen", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{0, 0}, {1, 2}}}, "", "a knight's leap is no queen attack"},
		{"fixed wrap apart on flat board", Model{Rows: 5, Cols: 5, Attack: Queen, Fixed: []Cell{{0, 1}, {4, 0}}}, "", "r0c1 and r4c0 share a diagonal only across the edge"},
		{"fixed same row, no attacks", Model{Rows: 4, Cols: 4, Attack: Union(Diagonal, AntiDiagonal), Fixed: []Cell{{0, 0}, {0, 3}}}, "", "rows are not attacked in this model"},
		{"zero rows", Model{Rows: 0, Cols: 5, Attack: Queen}, "board 0×5: rows and columns must be at least 1", "an empty board"},
		{"negative cols", Model{Rows: 3, Cols: -3, Attack: Queen}, "must be at least 1", "negative sides"},
		{"zero value", Model{}, "must be at least 1", "the zero Model is documented as not valid"},
		{"too many rows", Model{Rows: MaxSide + 1, Cols: 1, Attack: Queen}, "must be at most 10000000", "one past MaxSide"},
		{"too many cols", Model{Rows: 1, Cols: MaxSide + 1, Attack: Queen}, "must be at most 10000000", "the column side is limited too"},
		{"leap zero", Model{Rows: 4, Cols: 4, Attack: Leap(0, 0)}, "a leap of (0,0) moves nowhere", "a leap must move"},
		{"ride zero", Model{Rows: 4, Cols: 4, Attack: Union(Queen, Ride(0, 0))}, "a ride of (0,0) moves nowhere", "a rider must move"},
		{"negative queens", Model{Rows: 4, Cols: 4, Queens: -1, Attack: Queen}, "queens -1", "a negative count"},
		{"queens over cells", Model{Rows: 3, Cols: 3, Queens: 10, Attack: Attack{}}, "queens 10: more than the 9 free cells", "10 queens cannot stand on 9 cells"},
		{"queens over free cells", Model{Rows: 2, Cols: 2, Attack: Attack{}, Blocked: []Cell{{0, 0}, {0, 1}, {1, 0}}}, "more than the 1 free cells", "default 2 queens but only one unblocked cell"},
		{"blocked off board", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{8, 0}}}, "blocked cell 8,0: off the 8×8 board", "rows are 0-based: row 8 is off"},
		{"blocked negative", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{0, -1}}}, "blocked cell 0,-1: off", "negative columns are off"},
		{"blocked twice", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{2, 3}, {4, 4}, {2, 3}}}, "blocked cell 2,3: named twice", "a duplicate would also miscount the free cells"},
		{"fixed off board", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{0, 9}}}, "fixed cell 0,9: off the 8×8 board", "fixed cells are checked like blocked ones"},
		{"fixed twice", Model{Rows: 8, Cols: 8, Attack: Attack{}, Fixed: []Cell{{1, 1}, {1, 1}}}, "fixed cell 1,1: named twice", "no attacks, so only the duplicate is wrong"},
		{"fixed on blocked", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{1, 1}}, Fixed: []Cell{{1, 1}}}, "fixed queen r1c1 stands on a blocked cell", "the two lists contradict each other"},
		{"more fixed than queens", Model{Rows: 8, Cols: 8, Queens: 1, Attack: Queen, Fixed: []Cell{{0, 0}, {1, 2}}}, "2 fixed queens: more than the 1 queen of a solution", "the fixed queens alone exceed the count"},
		{"fixed same row", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{0, 0}, {0, 5}}}, "fixed queens r0c0 and r0c5 attack each other (row)", "the error names both cells and the kind"},
		{"fixed same column", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{0, 3}, {6, 3}}}, "attack each other (column)", "column attack"},
		{"fixed anti-diagonal", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{0, 7}, {7, 0}}}, "attack each other (anti-diagonal)", "the long anti-diagonal"},
		{"fixed knight under superqueen", Model{Rows: 8, Cols: 8, Attack: Superqueen, Fixed: []Cell{{0, 0}, {1, 2}}}, "fixed queens r0c0 and r1c2 attack each other (knight)", "the knight's leap counts for superqueens"},
		{"fixed diagonal across the torus edge", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus, Fixed: []Cell{{0, 1}, {4, 0}}}, "attack each other (diagonal)", "(4,0)+(1,1) wraps to (0,1): dr−dc = −4−1 ≡ 0 mod 5"},
		{"fixed knight across the torus edge", Model{Rows: 5, Cols: 5, Attack: Superqueen, Surface: Torus, Fixed: []Cell{{0, 0}, {4, 2}}}, "attack each other (knight)", "(0,0)+(−1,2) wraps to (4,2); dr−dc=2, dr+dc=6≢0 mod 5: the knight alone"},
		{"fixed anti across the torus edge", torus5.withFixed(Cell{0, 0}, Cell{1, 4}), "attack each other (anti-diagonal)", "dr+dc = 1+4 = 5 ≡ 0 mod 5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Validate(%v) = %v, want nil (%s)", tt.m, err, tt.reason)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("Validate(%v) = nil, want an error containing %q (%s)", tt.m, tt.wantErr, tt.reason)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("Validate(%v) = %q, want it to contain %q (%s)", tt.m, err, tt.wantErr, tt.reason)
			}
		})
	}
}

// withFixed returns a copy of m with the fixed queens given.
func (m Model) withFixed(cells ...Cell) Model {
	m.Fixed = cells
	return m
}

func TestAttacks(t *testing.T) {
	flat8 := Classic(8)
	super8 := Model{Rows: 8, Cols: 8, Attack: Superqueen}
	flat5 := Classic(5)
	torus5 := Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus}
	knight5 := Model{Rows: 5, Cols: 5, Attack: Knight, Surface: Torus}
	flatKnight5 := Model{Rows: 5, Cols: 5, Attack: Knight}
	torus46 := Model{Rows: 4, Cols: 6, Attack: Queen, Surface: Torus}
	torus46super := Model{Rows: 4, Cols: 6, Attack: Superqueen, Surface: Torus}
	diag34 := Model{Rows: 3, Cols: 4, Attack: Diagonal, Surface: Torus}
	tests := []struct {
		name   string
		m      Model
		a, b   Cell
		want   bool
		reason string
	}{
		{"row", flat8, Cell{0, 0}, Cell{0, 5}, true, "dr = 0"},
		{"column", flat8, Cell{0, 3}, Cell{6, 3}, true, "dc = 0"},
		{"diagonal", flat8, Cell{1, 1}, Cell{4, 4}, true, "dr = dc = 3"},
		{"anti-diagonal", flat8, Cell{0, 7}, Cell{7, 0}, true, "dr = 7 = −dc"},
		{"knight under queen", flat8, Cell{0, 0}, Cell{1, 2}, false, "(1,2) is on no line: dr≠0, dc≠0, |dr|≠|dc|"},
		{"knight under superqueen", super8, Cell{0, 0}, Cell{1, 2}, true, "(1,2) is a knight's leap"},
		{"knight (2,-1)", super8, Cell{4, 4}, Cell{6, 3}, true, "(2,−1) is a leap too"},
		{"no line", flat8, Cell{0, 0}, Cell{2, 3}, false, "dr=2, dc=3: no line and no leap"},
		{"no line superqueen", super8, Cell{0, 0}, Cell{2, 3}, false, "(2,3) is not a leap"},
		{"self", flat8, Cell{2, 3}, Cell{2, 3}, false, "a cell does not attack itself, though dr = dc = 0 lies on every line"},
		{"self superqueen torus", torus46super, Cell{1, 1}, Cell{1, 1}, false, "not even on a torus where leaps could wrap home"},
		{"row kind missing", Model{Rows: 8, Cols: 8, Attack: Column}, Cell{0, 0}, Cell{0, 5}, false, "only the kinds in force attack"},
		{"diagonal kind missing", Model{Rows: 8, Cols: 8, Attack: Union(Row, Column, AntiDiagonal)}, Cell{1, 1}, Cell{4, 4}, false, "a diagonal without the Diagonal kind"},
		{"anti kind missing", Model{Rows: 8, Cols: 8, Attack: Union(Row, Column, Diagonal)}, Cell{0, 7}, Cell{7, 0}, false, "an anti-diagonal without the AntiDiagonal kind"},
		{"no attacks", Model{Rows: 8, Cols: 8, Attack: Attack{}}, Cell{0, 0}, Cell{0, 1}, false, "the empty set attacks nothing"},
		{"flat no wrap anti", flat5, Cell{0, 0}, Cell{1, 4}, false, "dr=1, dc=4: on no line of the flat board"},
		{"torus anti wrap", torus5, Cell{0, 0}, Cell{1, 4}, true, "dr+dc = 5 ≡ 0 mod 5: (0,0) steps (+1,−1) to (1,−1) ≡ (1,4)"},
		{"torus diagonal wrap", torus5, Cell{4, 0}, Cell{0, 1}, true, "(4,0)+(1,1) = (5,1) ≡ (0,1); dr−dc = −4−1 ≡ 0 mod 5"},
		{"flat diagonal no wrap", flat5, Cell{4, 0}, Cell{0, 1}, false, "the same pair on a flat board"},
		{"torus not a line", torus5, Cell{0, 0}, Cell{1, 3}, false, "dr−dc = −2, dr+dc = 4: neither ≡ 0 mod 5"},
		{"torus knight wrap (-1,2)", knight5, Cell{0, 0}, Cell{4, 2}, true, "(0,0)+(−1,2) = (−1,2) ≡ (4,2)"},
		{"torus knight wrap (-2,-1)", knight5, Cell{0, 0}, Cell{3, 4}, true, "(0,0)+(−2,−1) ≡ (3,4)"},
		{"flat knight no wrap", flatKnight5, Cell{0, 0}, Cell{4, 2}, false, "the same leap falls off a flat board"},
		{"torus knight not a leap", knight5, Cell{0, 0}, Cell{1, 1}, false, "(1,1) is no leap, even mod 5"},
		{"rect torus row", torus46, Cell{0, 0}, Cell{0, 2}, true, "dr = 0"},
		{"rect torus diagonal gcd 2", torus46, Cell{0, 0}, Cell{1, 3}, true, "gcd(4,6)=2, dr−dc = −2 ≡ 0: (k,k) mod (4,6) reaches (1,3) at k=9"},
		{"rect torus odd", torus46, Cell{0, 0}, Cell{1, 2}, false, "dr−dc = −1 and dr+dc = 3 are odd, and dr,dc ≠ 0"},
		{"rect torus knight", torus46super, Cell{0, 0}, Cell{1, 2}, true, "the same pair is a knight's leap"},
		{"rect torus knight wrap", torus46super, Cell{0, 0}, Cell{2, 5}, true, "(2,−1) ≡ (2,5) mod (4,6); dr−dc=−3, dr+dc=7 are odd so only the knight"},
		{"gcd 1 diagonal reaches all", diag34, Cell{0, 0}, Cell{0, 1}, true, "gcd(3,4)=1: (k,k) mod (3,4) reaches (0,1) at k=9; every pair is on one diagonal"},
		{"gcd 1 diagonal, another row", diag34, Cell{1, 0}, Cell{2, 2}, true, "(1,0)+(k,k) = (2,2) mod (3,4) at k=1+3j, k≡2 mod 4: k=10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.Attacks(tt.a, tt.b); got != tt.want {
				t.Errorf("(%v).Attacks(%v, %v) = %v, want %v (%s)", tt.m, tt.a, tt.b, got, tt.want, tt.reason)
			}
		})
	}
}

// TestAttacksTorusByWalking checks the torus diagonals against their definition: the cells a diagonal
// walker reaches by stepping (+1, ±1) with both coordinates reduced modulo the sides.
func TestAttacksTorusByWalking(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {1, 4}, {2, 2}, {3, 4}, {4, 6}, {5, 5}, {6, 4}, {6, 9}} {
		for _, kind := range []Attack{Diagonal, AntiDiagonal} {
			m := Model{Rows: sz[0], Cols: sz[1], Attack: kind, Surface: Torus}
			step := 1
			if kind.Equal(AntiDiagonal) {
				step = -1
			}
			for _, a := range allCells(m) {
				reach := map[Cell]bool{}
				for k := 1; k <= m.Rows*m.Cols; k++ {
					reach[Cell{intmath.Mod(a.Row+k, m.Rows), intmath.Mod(a.Col+step*k, m.Cols)}] = true
				}
				for _, b := range allCells(m) {
					if want := a != b && reach[b]; m.Attacks(a, b) != want {
						t.Errorf("%v: Attacks(%v, %v) = %v, walking says %v", m, a, b, !want, want)
					}
				}
			}
		}
	}
}

// TestAttacksSymmetric checks Attacks(a, b) == Attacks(b, a) for every pair of cells, over every attack set,
// flat and torus, square and rectangular.
func TestAttacksSymmetric(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {1, 5}, {2, 2}, {3, 3}, {4, 6}, {5, 5}, {6, 4}, {3, 7}} {
		for _, a := range attackPool() {
			for _, wrap := range Surfaces() {
				m := Model{Rows: sz[0], Cols: sz[1], Attack: a, Surface: wrap}
				cells := allCells(m)
				for _, p := range cells {
					for _, q := range cells {
						if m.Attacks(p, q) != m.Attacks(q, p) {
							t.Fatalf("%v: Attacks(%v, %v) = %v but Attacks(%v, %v) = %v", m, p, q, m.Attacks(p, q), q, p, m.Attacks(q, p))
						}
					}
				}
			}
		}
	}
}

func TestCheck(t *testing.T) {
	// The first classic 8-queens solution in lexicographic order.
	good := cellsOf(0, 4, 7, 5, 2, 6, 1, 3)
	replace := func(s Solution, i int, c Cell) Solution {
		out := slices.Clone(s)
		out[i] = c
		return out
	}
	tests := []struct {
		name    string
		m       Model
		s       Solution
		wantErr string
		reason  string
	}{
		{"classic 8 solution", Classic(8), good, "", "a known solution must pass"},
		{"classic 4 solution", Classic(4), cellsOf(1, 3, 0, 2), "", "LeetCode's first n=4 answer"},
		{"unsorted is fine", Classic(4), Solution{{3, 2}, {0, 1}, {2, 0}, {1, 3}}, "", "Check does not depend on order"},
		{"fixed present", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{2, 7}, {0, 0}}}, good, "", "both fixed queens are in the solution"},
		{"blocked elsewhere", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{0, 1}, {7, 7}}}, good, "", "blocked cells the solution avoids"},
		{"torus 5", Model{Rows: 5, Cols: 5, Attack: Queen, Surface: Torus}, cellsOf(0, 2, 4, 1, 3), "", "c = 2r mod 5 is a torus solution"},
		{"no attacks, full row", Model{Rows: 2, Cols: 3, Queens: 3, Attack: Union(Diagonal, AntiDiagonal)}, Solution{{0, 0}, {0, 1}, {0, 2}}, "", "rows are not attacked, so a whole row is fine"},
		{"too few", Classic(8), good[:7], "7 queens, want 8", "one queen missing"},
		{"too many", Classic(4), append(cellsOf(1, 3, 0, 2), Cell{0, 0}), "5 queens, want 4", "one queen too many, counted before anything else"},
		{"empty", Classic(4), nil, "0 queens, want 4", "no queens at all"},
		{"off board", Classic(8), replace(good, 7, Cell{7, 8}), "queen r7c8 is off the 8×8 board", "column 8 is past the edge"},
		{"off board negative", Classic(8), replace(good, 0, Cell{-1, 0}), "queen r-1c0 is off", "negative rows"},
		{"duplicate", Classic(8), replace(good, 7, good[6]), "two queens on r6c1", "the count is right but a cell is used twice"},
		{"on blocked", Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{3, 5}}}, good, "queen r3c5 stands on a blocked cell", "blocked cells hold no queen"},
		{"fixed missing", Model{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{0, 1}}}, good, "fixed queen r0c1 is missing", "a solution must include the fixed queens"},
		{"attacking row", Classic(4), Solution{{0, 0}, {0, 2}, {2, 1}, {3, 3}}, "queens r0c0 and r0c2 attack each other (row)", "the first attacking pair and its kind are named"},
		{"attacking diagonal", Classic(4), cellsOf(0, 1, 2, 3), "attack each other (diagonal)", "the main diagonal"},
		{"attacking across the torus", Model{Rows: 6, Cols: 6, Attack: Queen, Surface: Torus}, cellsOf(1, 3, 5, 0, 2, 4), "queens r0c1 and r2c5 attack each other (anti-diagonal)", "a flat 6-queens solution; (0,1)+(2,−2) wraps to (2,5): dr+dc = 6 ≡ 0 mod 6"},
		{"knight under superqueen", Model{Rows: 8, Cols: 8, Attack: Superqueen}, good, "attack each other (knight)", "every 8-queens solution has a knight pair: there are no superqueen solutions below n=10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Check(tt.s)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("Check(%v) = %v, want nil (%s)", tt.s, err, tt.reason)
			case tt.wantErr != "" && err == nil:
				t.Fatalf("Check(%v) = nil, want an error containing %q (%s)", tt.s, tt.wantErr, tt.reason)
			case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
				t.Fatalf("Check(%v) = %q, want it to contain %q (%s)", tt.s, err, tt.wantErr, tt.reason)
			}
		})
	}
}

func TestBoard(t *testing.T) {
	tests := []struct {
		name   string
		m      Model
		s      Solution
		want   []string
		reason string
	}{
		{"n=4", Classic(4), cellsOf(1, 3, 0, 2), []string{".Q..", "...Q", "Q...", "..Q."}, "LeetCode 51's first answer, verbatim"},
		{"rectangle wide", Model{Rows: 2, Cols: 5, Attack: Queen}, Solution{{0, 0}, {1, 4}}, []string{"Q....", "....Q"}, "rows are Cols long"},
		{"rectangle tall", Model{Rows: 3, Cols: 2, Attack: Queen}, Solution{{2, 1}, {0, 0}}, []string{"Q.", "..", ".Q"}, "Rows strings; order of cells does not matter"},
		{"empty", Classic(3), nil, []string{"...", "...", "..."}, "no queens draws an empty board"},
		{"off board left out", Classic(2), Solution{{0, 0}, {2, 0}, {0, -1}, {1, 2}}, []string{"Q.", ".."}, "documented: cells off the board are left out, not a panic"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.m.Board(tt.s); !slices.Equal(got, tt.want) {
				t.Errorf("Board(%v) = %q, want %q (%s)", tt.s, got, tt.want, tt.reason)
			}
		})
	}
}

func TestModelString(t *testing.T) {
	tests := []struct {
		name   string
		m      Model
		want   string
		reason string
	}{
		{"classic", Classic(8), "8×8, 8 queens, attacks row,column,diagonal,anti-diagonal", "the documented form"},
		{"everything", Model{Rows: 4, Cols: 6, Queens: 3, Attack: Knight, Surface: Torus, Blocked: []Cell{{0, 0}}, Fixed: []Cell{{1, 1}, {2, 2}}}, "4×6, 3 queens, attacks knight, torus, 1 blocked, 2 fixed", "every optional part"},
		{"no attacks", Model{Rows: 3, Cols: 2}, "3×2, 2 queens, attacks none", "QueenCount default and the empty set"},
	}
	for _, tt := range tests {
		if got := tt.m.String(); got != tt.want {
			t.Errorf("%s: String() = %q, want %q (%s)", tt.name, got, tt.want, tt.reason)
		}
	}
}

// allCells lists the cells of m's board in row-major order.
func allCells(m Model) []Cell {
	var cells []Cell
	for r := range m.Rows {
		for c := range m.Cols {
			cells = append(cells, Cell{r, c})
		}
	}
	return cells
}

func TestCanonical(t *testing.T) {
	a := Model{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{1, 2}, {0, 5}}}
	b := Model{Rows: 8, Cols: 8, Attack: Union(AntiDiagonal, Row, Column, Diagonal), Blocked: []Cell{{0, 5}, {1, 2}}, Queens: 8}
	if a.Canonical() != b.Canonical() {
		t.Errorf("equal models, different text:\n%s\n%s", a.Canonical(), b.Canonical())
	}
	for _, c := range []Model{
		{Rows: 8, Cols: 8, Attack: Queen, Blocked: []Cell{{1, 2}}},
		{Rows: 8, Cols: 8, Attack: Superqueen, Blocked: []Cell{{1, 2}, {0, 5}}},
		{Rows: 8, Cols: 8, Attack: Queen, Surface: Torus, Blocked: []Cell{{1, 2}, {0, 5}}},
		{Rows: 8, Cols: 8, Attack: Queen, Fixed: []Cell{{1, 2}, {0, 5}}},
		{Rows: 8, Cols: 8, Attack: Queen, Queens: 7, Blocked: []Cell{{1, 2}, {0, 5}}},
		{Rows: 8, Cols: 8, Attack: Queen, Each: Quota{Row: Exactly(1)}, Blocked: []Cell{{1, 2}, {0, 5}}},
	} {
		if c.Canonical() == a.Canonical() {
			t.Errorf("%v and %v give the same text", c, a)
		}
	}
}
