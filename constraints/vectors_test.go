package constraints

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

// walk returns the cells a rider with direction v reaches from a by stepping, or a leaper jumps to, by
// the definitions in the doc comments of Attack and Surface, written with no arithmetic beyond stepping
// one row or column at a time: a rider walks both ways until it falls off an edge that is not joined, or
// for rows·cols steps, enough to come round to every cell of its line; a step off a joined edge comes back
// on the other side, and across a twist upside down, with the rider's vertical direction reversed. On a
// twisted surface the rider (a, b) rides as (−a, b) too. A leap moves its rows first, then its columns.
func walk(m Model, a Cell, v Vec, rider bool) map[Cell]bool {
	out := map[Cell]bool{}
	// move goes dr rows and dc columns from c, one at a time, and says whether c stays on the board and
	// whether it crossed the twist an odd number of times.
	move := func(c Cell, dr, dc int) (Cell, bool, bool) {
		flipped := false
		for range abs(dr) {
			c.Row += sign(dr)
			if m.Surface.WrapsRows() {
				c.Row = (c.Row + m.Rows) % m.Rows
			} else if c.Row < 0 || c.Row >= m.Rows {
				return c, false, false
			}
		}
		for range abs(dc) {
			c.Col += sign(dc)
			if c.Col < 0 || c.Col >= m.Cols {
				if !m.Surface.WrapsCols() {
					return c, false, false
				}
				c.Col = (c.Col + m.Cols) % m.Cols
				if m.Surface.Twisted() {
					c.Row = m.Rows - 1 - c.Row
					flipped = !flipped
				}
			}
		}
		return c, true, flipped
	}
	if !rider {
		for _, sv := range [][2]int{{v.DR, v.DC}, {v.DC, v.DR}} {
			for _, sg := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				if c, ok, _ := move(a, sg[0]*sv[0], sg[1]*sv[1]); ok && c != a {
					out[c] = true
				}
			}
		}
		return out
	}
	dirs := []Vec{v, {-v.DR, -v.DC}}
	if m.Surface.Twisted() {
		dirs = append(dirs, Vec{-v.DR, v.DC}, Vec{v.DR, -v.DC})
	}
	for _, d := range dirs {
		c := a
		for range 2 * m.Rows * m.Cols {
			next, ok, flipped := move(c, d.DR, d.DC)
			if !ok {
				break
			}
			if flipped {
				d.DR = -d.DR
			}
			c = next
			if c != a {
				out[c] = true
			}
		}
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// TestAttacksByWalking holds Attacks, for each rider and leaper of the pools alone, to walking, on flat
// boards and tori, square and rectangular, with gcds of the sides from 1 to 6.
func TestAttacksByWalking(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {1, 5}, {2, 3}, {3, 4}, {4, 6}, {5, 5}, {6, 4}, {6, 9}, {7, 3}, {6, 6}} {
		for _, wrap := range Surfaces() {
			for _, rider := range []bool{true, false} {
				pool := leaperPool
				if rider {
					pool = riderPool
				}
				for _, v := range pool {
					m := Model{Rows: sz[0], Cols: sz[1], Surface: wrap, Attack: Leap(v.DR, v.DC)}
					if rider {
						m.Attack = Ride(v.DR, v.DC)
					}
					for _, a := range allCells(m) {
						reach := walk(m, a, v, rider)
						for _, b := range allCells(m) {
							if got, want := m.Attacks(a, b), reach[b]; got != want {
								t.Fatalf("%v: Attacks(%v, %v) = %v, walking %v says %v", m, a, b, got, v, want)
							}
						}
					}
				}
			}
		}
	}
}

// randomModel draws a small model from the whole space: riders and leapers from the pools, a torus or
// not, blocked cells, regions and quotas. The model may be invalid; callers validate.
func randomModel(rng *rand.Rand) Model {
	m := Model{Rows: 1 + rng.IntN(6), Cols: 1 + rng.IntN(6), Surface: Surface(rng.IntN(7) % 5)}
	m.Attack = attackFromBytes(byte(rng.Uint32()), byte(rng.Uint32()))
	if rng.IntN(3) == 0 {
		m.Regions = regionsFromBytes(m.Rows, m.Cols, byte(rng.Uint32()))
	}
	switch rng.IntN(6) {
	case 0:
		m.Each.Row = Exactly(1 + rng.IntN(2))
	case 1:
		m.Each.Column = Between(rng.IntN(2), 1+rng.IntN(2))
	case 2:
		if m.Regions != nil {
			m.Each.Region = AtMost(1 + rng.IntN(2))
		}
	case 3:
		m.Each.Diagonal = Between(rng.IntN(2), 1+rng.IntN(2))
	case 4:
		if m.Surface == Flat {
			m.Each.Line = AtMost(1 + rng.IntN(2))
		}
	}
	for range rng.IntN(3) {
		m.Blocked = append(m.Blocked, Cell{rng.IntN(m.Rows), rng.IntN(m.Cols)})
	}
	if _, exact := m.Each.Row.Exact(); !exact {
		m.Queens = 1 + rng.IntN(min(4, m.Rows*m.Cols))
	}
	return m
}

// TestVerifyMatchesCheck holds Verify, which counts queens per line, to Check, which compares them pair by
// pair, on random placements of random models: both must accept the same placements.
func TestVerifyMatchesCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tried, accepted := 0, 0
	for range 20000 {
		m := randomModel(rng)
		if m.Validate() != nil {
			continue
		}
		k := m.QueenCount()
		cells := allCells(m)
		if k > len(cells) {
			continue
		}
		rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		s := NewSolution(cells[:k]...)
		tried++
		errC, errV := m.Check(s), m.Verify(s)
		if (errC == nil) != (errV == nil) {
			t.Fatalf("%v: %v: Check says %v, Verify says %v", m, s, errC, errV)
		}
		if errC == nil {
			accepted++
		}
	}
	if accepted < 100 || tried-accepted < 100 {
		t.Fatalf("of %d placements %d were solutions: too few of one kind to compare", tried, accepted)
	}
}

// TestVerifyLarge checks Verify on boards too large for Check: the classic construction for n = 10^5 + 4
// (n mod 6 = 2) passes, and swapping two of its queens' columns makes a diagonal clash Verify names.
func TestVerifyLarge(t *testing.T) {
	n := 100_004
	m := Classic(n)
	// Hoffman, Loessi & Moore: evens, then odds, with the n mod 6 = 2 repair (1-based columns).
	var cols []int
	for c := 2; c <= n; c += 2 {
		cols = append(cols, c)
	}
	cols = append(cols, 3, 1)
	for c := 7; c <= n; c += 2 {
		cols = append(cols, c)
	}
	cols = append(cols, 5)
	s := make(Solution, n)
	for r, c := range cols {
		s[r] = Cell{r, c - 1}
	}
	if err := m.Verify(s); err != nil {
		t.Fatalf("the construction for n=%d fails Verify: %v", n, err)
	}
	s[0].Col, s[1].Col = s[1].Col, s[0].Col
	if err := m.Verify(s); err == nil || !strings.Contains(err.Error(), "attack each other") {
		t.Fatalf("Verify after a swap = %v, want two queens that attack each other", err)
	}
}

func TestCheckQuotasAndRegions(t *testing.T) {
	regions, err := ParseRegions([]string{"aab", "abb", "ccc"})
	if err != nil {
		t.Fatal(err)
	}
	kings := Model{Rows: 3, Cols: 3, Attack: King, Regions: regions, Each: Quota{Region: Exactly(1)}}
	tests := []struct {
		name    string
		m       Model
		s       Solution
		wantErr string
		reason  string
	}{
		{"one per region", kings, Solution{{0, 0}, {1, 2}, {2, 0}}, "", "a, b and c hold a queen each, none touching"},
		{"region twice", kings, Solution{{0, 0}, {0, 1}, {2, 1}}, "region a holds 2 queens", "two queens in a; they also touch"},
		{"kings touch", kings, Solution{{0, 0}, {1, 1}, {2, 2}}, "attack each other (king)", "one per region, but (0,0) and (1,1) touch"},
		{"touching diagonally", Model{Rows: 3, Cols: 3, Queens: 2, Attack: King}, Solution{{0, 0}, {1, 1}}, "attack each other (king)", "the king's diagonal step"},
		{"row quota", Model{Rows: 2, Cols: 4, Attack: Attack{}, Each: Quota{Row: Exactly(2)}}, Solution{{0, 0}, {0, 1}, {1, 2}, {1, 3}}, "", "two per row"},
		{"row quota missed", Model{Rows: 2, Cols: 4, Attack: Attack{}, Each: Quota{Row: Exactly(2)}}, Solution{{0, 0}, {0, 1}, {0, 2}, {1, 3}}, "row 0 holds 3 queens, want 2", "the quota is exact"},
		{"column quota missed", Model{Rows: 4, Cols: 2, Attack: Attack{}, Each: Quota{Column: Exactly(2)}}, Solution{{0, 0}, {1, 0}, {2, 0}, {3, 1}}, "column 0 holds 3 queens, want 2", "columns likewise"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.m.Validate(); err != nil {
				t.Fatalf("bad test model: %v", err)
			}
			for _, check := range []func(Solution) error{tt.m.Check, tt.m.Verify} {
				err := check(NewSolution(tt.s...))
				if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
					t.Errorf("error %v, want %q (%s)", err, tt.wantErr, tt.reason)
				}
			}
		})
	}
}

func TestValidateModelFeatures(t *testing.T) {
	grid := func(lines ...string) *Regions {
		g, err := ParseRegions(lines)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	tests := []struct {
		name      string
		m         Model
		wantErr   string // "" for a valid model
		wantField string
		reason    string
	}{
		{"linkedin", Model{Rows: 3, Cols: 3, Attack: King, Regions: grid("aab", "abb", "ccc"), Each: Quota{Row: Exactly(1), Column: Exactly(1), Region: Exactly(1)}}, "", "", "the LinkedIn puzzle's shape"},
		{"star battle", Model{Rows: 4, Cols: 4, Attack: King, Each: Quota{Row: Exactly(1), Column: Exactly(1)}}, "", "", "rows and columns alone"},
		{"region quota without regions", Model{Rows: 3, Cols: 3, Attack: King, Each: Quota{Region: Exactly(1)}}, "the model has no regions", "each", "a quota on nothing"},
		{"region quota on a grid of no region", Model{Rows: 2, Cols: 2, Attack: Attack{}, Regions: grid("..", ".."), Each: Quota{Region: Exactly(1)}}, "the region grid names no region", "each", "it asked 0 queens and ran"},
		{"a grid of no region, no quota", Model{Rows: 2, Cols: 2, Attack: King, Regions: grid("..", "..")}, "", "", "the grid says nothing: a plain model"},
		{"wrong grid shape", Model{Rows: 3, Cols: 3, Attack: King, Regions: grid("ab", "ab")}, "a 2×2 grid for a 3×3 board", "regions", "one letter per cell"},
		{"row rider and quota 2", Model{Rows: 4, Cols: 4, Attack: Rook, Each: Quota{Row: Exactly(2)}}, "the row rider allows at most one queen per row", "each", "contradiction"},
		{"row rider and quota 1", Model{Rows: 4, Cols: 4, Attack: Rook, Each: Quota{Row: Exactly(1)}}, "", "", "the quota agrees with the rider"},
		{"column rider and quota 2", Model{Rows: 4, Cols: 4, Attack: Column, Each: Quota{Column: Exactly(2)}}, "the column rider allows at most one queen per column", "each", "contradiction"},
		{"quota over the row", Model{Rows: 2, Cols: 3, Attack: King, Each: Quota{Row: Exactly(4)}}, "", "each", "more than a row holds"},
		{"quotas disagree", Model{Rows: 2, Cols: 4, Attack: Attack{}, Each: Quota{Row: Exactly(1), Column: Exactly(1)}}, "each column=1 on 4 columns: 4 queens, but a solution holds 2", "each", "two per… no: 2 rows give 2 queens, 4 columns 4"},
		{"queens disagree", Model{Rows: 3, Cols: 3, Queens: 4, Attack: King, Each: Quota{Row: Exactly(1)}}, "a solution holds 4", "queens", "the queen count must follow the quota"},
		{"row short of free cells", Model{Rows: 2, Cols: 2, Attack: Attack{}, Each: Quota{Row: Exactly(2)}, Blocked: []Cell{{1, 1}}}, "row 1 has only 1 free cell", "each", "a blocked cell takes one of two"},
		{"region short", Model{Rows: 2, Cols: 2, Attack: Attack{}, Regions: grid("ab", "bb"), Each: Quota{Region: Exactly(2)}, Queens: 4}, "region a has only 1 free cell", "each", "region a is one cell"},
		{"fixed over the quota", Model{Rows: 3, Cols: 3, Attack: Attack{}, Each: Quota{Row: Exactly(1)}, Fixed: []Cell{{0, 0}, {0, 2}}}, "row 0 holds more than each row=1", "fixed", "two fixed queens in one row"},
		{"negative quota", Model{Rows: 3, Cols: 3, Attack: King, Each: Quota{Row: Exactly(-1)}}, "want a range from 0", "each", "no negative counts"},
		{"range upside down", Model{Rows: 3, Cols: 3, Attack: King, Queens: 3, Each: Quota{Column: Between(2, 1)}}, "want a range from 0", "each", "no count lies in 2..1"},
		{"range of rows", Model{Rows: 3, Cols: 3, Attack: King, Queens: 4, Each: Quota{Row: Between(1, 2)}}, "", "", "4 queens fit 3 rows of 1 or 2"},
		{"range of rows short", Model{Rows: 3, Cols: 3, Attack: King, Queens: 7, Each: Quota{Row: Between(1, 2)}}, "3 to 6 queens, but a solution holds 7", "queens", "3 rows of at most 2 hold at most 6"},
		{"line exact", Model{Rows: 4, Cols: 4, Attack: Attack{}, Queens: 8, Each: Quota{Line: Exactly(2)}}, "a line quota says at most how many", "each", "every line through two cells would need two queens"},
		{"line between", Model{Rows: 4, Cols: 4, Attack: Attack{}, Queens: 8, Each: Quota{Line: Between(1, 2)}}, "a line quota says at most how many", "each", "the same, for one queen"},
		{"line on a torus", Model{Rows: 4, Cols: 4, Attack: Attack{}, Queens: 8, Surface: Torus, Each: Quota{Line: AtMost(2)}}, "on a torus", "each", "lines of every slope are drawn on a flat board"},
		{"no three in a line", Model{Rows: 4, Cols: 4, Attack: Attack{}, Each: Quota{Row: Exactly(2), Column: Exactly(2), Line: AtMost(2)}}, "", "", "A000755's problem"},
		{"diagonal rider and quota 2", Model{Rows: 4, Cols: 4, Attack: Diagonal, Queens: 4, Each: Quota{Diagonal: Between(2, 3)}}, "the diagonal rider allows at most one queen per diagonal", "each", "contradiction"},
		{"mobius row rider and quota 2", Model{Rows: 4, Cols: 4, Attack: Row, Queens: 8, Surface: Mobius, Each: Quota{Row: Exactly(2)}}, "the row rider allows at most one queen per row", "each", "the row rider's line holds two rows there"},
		{"unknown surface", Model{Rows: 4, Cols: 4, Attack: Queen, Surface: Surface(9)}, "want flat, torus", "wrap", "a surface out of range"},
		{"fixed camel clash", Model{Rows: 5, Cols: 5, Queens: 2, Attack: Leap(1, 3), Fixed: []Cell{{0, 0}, {3, 1}}}, "attack each other (camel)", "fixed", "a camel's leap"},
		{"fixed nightrider clash", Model{Rows: 7, Cols: 7, Queens: 2, Attack: Ride(1, 2), Fixed: []Cell{{0, 0}, {2, 4}}}, "attack each other (ride(1,2))", "fixed", "two knight steps along one line"},
		{"too many vectors", Model{Rows: 3, Cols: 3, Attack: manyLeaps(MaxVectors + 1)}, "at most 64", "attacks", "the attack set is bounded"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.m.Validate()
			if tt.wantField == "" {
				if err != nil {
					t.Fatalf("Validate = %v, want nil (%s)", err, tt.reason)
				}
				return
			}
			ve := AsValidationError(err)
			if ve == nil || ve.Field != tt.wantField || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("Validate = %#v, want a *ValidationError on %q containing %q (%s)", err, tt.wantField, tt.wantErr, tt.reason)
			}
		})
	}
}

func manyLeaps(n int) Attack {
	var parts []Attack
	for i := range n {
		parts = append(parts, Leap(1, i+1))
	}
	return Union(parts...)
}

func TestParseRegions(t *testing.T) {
	tests := []struct {
		name     string
		lines    []string
		count    int
		wantErr  string
		wantCell Cell
		reason   string
	}{
		{"letters", []string{"aab", "abb"}, 2, "", Cell{}, "two regions"},
		{"digits and none", []string{"1.2", "1.2"}, 2, "", Cell{}, "'.' is no region"},
		{"case counts", []string{"aA"}, 2, "", Cell{}, "a and A differ"},
		{"unicode letter", []string{"éé", "ßß"}, 2, "", Cell{}, "any letter"},
		{"trailing spaces", []string{"ab  ", "ab\r"}, 2, "", Cell{}, "line ends are trimmed"},
		{"ragged", []string{"abc", "ab"}, 0, "line 2 has 2 cells, line 1 has 3", Cell{1, 2}, "every line as long as the first"},
		{"space inside", []string{"a b"}, 0, "is not a letter, digit or '.'", Cell{0, 1}, "no spaces between cells"},
		{"punctuation", []string{"ab", "a#"}, 0, `'#' is not a letter`, Cell{1, 1}, "the place is named"},
		{"empty", nil, 0, "empty grid", Cell{}, "no lines at all"},
		{"empty line", []string{""}, 0, "line 1 is empty", Cell{}, "a first line with no cells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := ParseRegions(tt.lines)
			if tt.wantErr != "" {
				ve := AsValidationError(err)
				if ve == nil || !strings.Contains(err.Error(), tt.wantErr) || ve.Field != "regions" {
					t.Fatalf("ParseRegions = %v, want an error containing %q (%s)", err, tt.wantErr, tt.reason)
				}
				if len(ve.Cells) > 0 && ve.Cells[0] != tt.wantCell {
					t.Errorf("error at %v, want %v", ve.Cells[0], tt.wantCell)
				}
				return
			}
			if err != nil || g.Count() != tt.count {
				t.Fatalf("ParseRegions = %v regions, %v; want %d (%s)", g, err, tt.count, tt.reason)
			}
			back, err := ParseRegions(g.Lines())
			if err != nil || !back.Equal(g) {
				t.Errorf("Lines() = %q does not read back to the same grid", g.Lines())
			}
		})
	}
}

func TestFeatures(t *testing.T) {
	g, _ := ParseRegions([]string{"ab", "ab"})
	m := Model{Rows: 2, Cols: 2, Attack: Union(Rook, Knight), Surface: Torus, Blocked: []Cell{{0, 0}}, Fixed: []Cell{{1, 1}}, Regions: g, Each: Quota{Row: Exactly(1), Column: Exactly(1), Region: Exactly(1)}}
	// The surfaces exclude each other, and lines of every slope stand on a flat board: three models
	// hold every feature between them.
	others := []Model{
		{Rows: 4, Cols: 4, Attack: Queen, Surface: Mobius, Each: Quota{Diagonal: AtMost(1)}},
		{Rows: 4, Cols: 4, Attack: Queen, Surface: Cylinder},
		{Rows: 4, Cols: 4, Attack: Attack{}, Each: Quota{Row: Exactly(2), Line: AtMost(2)}},
	}
	want := map[Feature]Feature{
		FeatureTwist | FeatureDiagonalQuota | FeatureRanges | FeatureRiders: others[0].Features(),
		FeatureCylinder | FeatureRiders:                                     others[1].Features(),
		FeatureRowQuota | FeatureLineQuota | FeatureRanges:                  others[2].Features(),
		FeatureRiders | FeatureLeapers | FeatureWrap | FeatureBlocked | FeatureFixed | FeatureRegions |
			FeatureRowQuota | FeatureColumnQuota | FeatureRegionQuota: m.Features(),
	}
	all := Feature(0)
	for w, got := range want {
		if got != w {
			t.Errorf("Features() = %v, want %v", got, w)
		}
		all |= got
	}
	if all != AllFeatures {
		t.Errorf("the models hold %v, want every feature", all)
	}
	if got := Classic(8).Features(); got != FeatureRiders {
		t.Errorf("Classic(8).Features() = %v, want riders alone", got)
	}
	if got := (FeatureWrap | FeatureRegions).String(); got != "torus, regions" {
		t.Errorf("String = %q", got)
	}
	if len(AllFeatures.Features()) != 14 {
		t.Errorf("AllFeatures lists %d features", len(AllFeatures.Features()))
	}
}

// TestGroupCancel checks that Group stops with the context's error, and that a torus too large to list
// its maps still gets its group at once.
func TestGroupCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := Model{Rows: 300, Cols: 300, Attack: Union(Row, Diagonal)} // not closed under the mirrors: the slow check
	if _, err := m.Group(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Group on a cancelled context = %v, want context.Canceled", err)
	}
	big := Model{Rows: 1001, Cols: 1001, Attack: Queen, Surface: Torus}
	g, err := big.Group(context.Background())
	if err != nil || g.Order() != 8*1001*1001 {
		t.Fatalf("Group of the 1001 torus: order %d, %v", g.Order(), err)
	}
}

// TestCheckLinesCollinear holds the line quota's check, which Check and Verify share, to a plain oracle:
// a placement breaks "at most hi a line" exactly when some two queens have more than hi−2 others on
// their line, found by the cross product. Random placements, few queens (counted pair by pair) and many
// (counted direction by direction), at most one to three a line; and a line quota as long as the board's
// longer side, which no placement breaks, on a board of a million cells (once, a million pairs named a
// map entry each and took minutes and gigabytes).
func TestCheckLinesCollinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	broken := 0
	for i := range 3000 {
		rows, cols, hi := 2+rng.IntN(8), 2+rng.IntN(8), 1+rng.IntN(3)
		m := Model{Rows: rows, Cols: cols, Each: Quota{Line: AtMost(hi)}}
		cells := allCells(m)
		rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		k := 2 + rng.IntN(5)
		if i%2 == 1 {
			k = len(cells) / (1 + rng.IntN(3))
		}
		s := NewSolution(cells[:min(k, len(cells))]...)
		want := false
		for a := range s {
			for b := a + 1; b < len(s); b++ {
				on := 0
				for _, c := range s {
					if (s[b].Row-s[a].Row)*(c.Col-s[a].Col) == (s[b].Col-s[a].Col)*(c.Row-s[a].Row) {
						on++
					}
				}
				want = want || on > hi
			}
		}
		err := m.checkLines(s, &poller{ctx: context.Background()})
		if (err != nil) != want {
			t.Fatalf("%d×%d, at most %d a line, %v: checkLines says %v, want broken %v", rows, cols, hi, s, err, want)
		}
		if want {
			broken++
		}
	}
	if broken < 300 || broken > 2700 {
		t.Errorf("%d of 3000 placements broke the quota: too few of one kind to compare", broken)
	}
	m := Model{Rows: 1000, Cols: 1000, Each: Quota{Line: AtMost(1000)}, Attack: Attack{}, Queens: 1000 * 1000}
	if err := m.Verify(NewSolution(allCells(m)...)); err != nil {
		t.Errorf("every cell of 1000×1000, at most 1000 a line: %v", err)
	}
}

// TestVerifyContextStops: a check stopped by its context returns the context's error, not a verdict,
// and stops within a poll's worth of cells: once, Ctrl-C waited for the whole check of 10^7 queens.
func TestVerifyContextStops(t *testing.T) {
	n := 1 << 20
	m := Classic(n)
	s := make(Solution, n)
	for r := range s {
		s[r] = Cell{r, r} // every queen on one diagonal: a full check would say so
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := m.VerifyContext(ctx, s); !errors.Is(err, context.Canceled) {
		t.Errorf("stopped check: %v; want context.Canceled", err)
	}
	if err := m.VerifyContext(context.Background(), s); err == nil || errors.Is(err, context.Canceled) {
		t.Errorf("full check: %v; want the diagonal named", err)
	}
	// The same queens under a diagonal quota and no attack: the quota's count is what stops.
	q := Model{Rows: n, Cols: n, Each: Quota{Diagonal: AtMost(1)}}
	if err := q.checkRiderLines(KeyDiagonal, []Vec{{1, 1}}, s, &poller{ctx: ctx}); !errors.Is(err, context.Canceled) {
		t.Errorf("stopped quota count: %v; want context.Canceled", err)
	}
	if err := q.VerifyContext(context.Background(), s); err == nil || !strings.Contains(err.Error(), "holds 1048576 queens, want <=1") {
		t.Errorf("full quota check: %v; want the diagonal through the first queen named", err)
	}
}
