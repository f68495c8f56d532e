package constraints

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints/intmath"
)

// lines walks every family of p, failing the test on an error.
func lines(t testing.TB, p *Program) []*Lines {
	t.Helper()
	out := make([]*Lines, len(p.Families))
	for i, f := range p.Families {
		l, err := f.Lines(context.Background())
		if err != nil {
			t.Fatalf("%s: Lines: %v", f.Name, err)
		}
		out[i] = l
	}
	return out
}

// TestProgramMatchesAttacks holds the Program's lines and leaps to Attacks, pair by pair, for each rider
// and leaper of the pools alone, on every surface and on square and rectangular boards: two cells share
// a line of the rider's family, or one leaps to the other, exactly when Attacks says they attack.
func TestProgramMatchesAttacks(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {1, 5}, {2, 3}, {3, 4}, {4, 6}, {5, 5}, {6, 4}, {7, 3}, {6, 6}} {
		for _, s := range Surfaces() {
			for _, rider := range []bool{true, false} {
				pool := leaperPool
				if rider {
					pool = riderPool
				}
				for _, v := range pool {
					m := Model{Rows: sz[0], Cols: sz[1], Surface: s, Attack: Leap(v.DR, v.DC), Queens: 1}
					if rider {
						m.Attack = Ride(v.DR, v.DC)
					}
					p, err := Compile(m)
					if err != nil {
						t.Fatalf("%v: %v", m, err)
					}
					ls := lines(t, p)
					for _, a := range allCells(m) {
						xa := int32(a.Row*m.Cols + a.Col)
						targets := p.LeapTargets(nil, a)
						for _, b := range allCells(m) {
							xb := int32(b.Row*m.Cols + b.Col)
							got := a != b && slices.Contains(targets, b)
							for _, l := range ls {
								for _, i := range l.Of(xa) {
									got = got || (a != b && slices.Contains(l.Line(int(i)), xb))
								}
							}
							if want := m.Attacks(a, b); got != want {
								t.Fatalf("%v: the program says %v and %v attack: %v; Attacks says %v", m, a, b, got, want)
							}
						}
					}
				}
			}
		}
	}
}

// programCheck reports why s breaks p, reading only the program: the queen count, blocked and fixed
// cells, every family's range on every line, and the leaps.
func programCheck(p *Program, ls []*Lines, s Solution) error {
	if len(s) != p.Queens {
		return fmt.Errorf("%d queens", len(s))
	}
	on := map[int32]bool{}
	for _, c := range s {
		if slices.Contains(p.Blocked, c) {
			return fmt.Errorf("blocked %v", c)
		}
		on[int32(c.Row*p.Cols+c.Col)] = true
	}
	for _, f := range p.Fixed {
		if !on[int32(f.Row*p.Cols+f.Col)] {
			return fmt.Errorf("fixed %v missing", f)
		}
	}
	for k, l := range ls {
		for i := range l.Count() {
			n := 0
			for _, x := range l.Line(i) {
				if on[x] {
					n++
				}
			}
			if !p.Families[k].Range.Holds(n) {
				return fmt.Errorf("%s line %d holds %d", p.Families[k].Name, i, n)
			}
		}
	}
	for _, c := range s {
		for _, t := range p.LeapTargets(nil, c) {
			if on[int32(t.Row*p.Cols+t.Col)] {
				return fmt.Errorf("leap %v %v", c, t)
			}
		}
	}
	return nil
}

// TestProgramMatchesCheck holds the whole program (riders, leapers, every quota and range, regions,
// every surface, blocked and fixed cells) to Check on random placements of random models: both must
// accept the same placements. A model the program finds a line for that no count can meet must also be
// one Check accepts no placement of.
func TestProgramMatchesCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 2026))
	tried, accepted := 0, 0
	families := map[string]int{}
	for range 30000 {
		m := randomModel(rng)
		if rng.IntN(4) == 0 && m.Surface == Flat {
			m.Each.Line = AtMost(1 + rng.IntN(2))
			m.Each.Row = Range{}
			m.Queens = 1 + rng.IntN(min(5, m.Rows*m.Cols))
		}
		if rng.IntN(4) == 0 {
			m.Each.AntiDiagonal = Between(rng.IntN(2), 1+rng.IntN(2))
		}
		if len(m.Blocked) > 0 && rng.IntN(2) == 0 {
			m.Fixed = []Cell{{rng.IntN(m.Rows), rng.IntN(m.Cols)}}
		}
		if m.Validate() != nil {
			continue
		}
		p, err := Compile(m)
		if err != nil {
			t.Fatalf("%v: Compile: %v", m, err)
		}
		var ls []*Lines
		unmeetable := false
		for _, f := range p.Families {
			l, err := f.Lines(context.Background())
			if AsValidationError(err) != nil {
				unmeetable = true
				break
			}
			if err != nil {
				t.Fatalf("%v: %s: %v", m, f.Name, err)
			}
			ls = append(ls, l)
			families[f.Name]++
		}
		k := m.QueenCount()
		cells := allCells(m)
		if k > len(cells) {
			continue
		}
		for range 5 {
			rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
			s := NewSolution(cells[:k]...)
			if rng.IntN(2) == 0 && len(m.Fixed) > 0 && !slices.Contains(s, m.Fixed[0]) {
				s = NewSolution(append(slices.Clone(cells[:k-1]), m.Fixed[0])...)
				if len(slices.Compact(slices.Clone(s))) != k {
					continue
				}
			}
			tried++
			errC := m.Check(s)
			if unmeetable {
				if errC == nil {
					t.Fatalf("%v: the program finds a line no count meets, yet Check accepts %v", m, s)
				}
				continue
			}
			if errP := programCheck(p, ls, s); (errC == nil) != (errP == nil) {
				t.Fatalf("%v each %v blocked %v fixed %v regions %v: %v: Check says %v, the program %v", m, m.Each, m.Blocked, m.Fixed, m.Regions, s, errC, errP)
			}
			if errC == nil {
				accepted++
			}
		}
	}
	if accepted < 300 || tried-accepted < 300 {
		t.Fatalf("of %d placements %d were solutions: too few of one kind to compare", tried, accepted)
	}
	for _, name := range []string{"row", "column", "diagonal", "anti-diagonal", "line", "region", "row rider", "ride(1,2)"} {
		if families[name] < 20 {
			t.Errorf("family %q in %d models only: %v", name, families[name], families)
		}
	}
}

// TestProgramShapes holds a family's Shape to its lines: a family of rows has the board's rows for lines,
// and so on, on every surface.
func TestProgramShapes(t *testing.T) {
	for _, s := range Surfaces() {
		for _, a := range []Attack{Queen, Rook, Ride(0, 3), Ride(3, 0), Union(Ride(0, 2), Ride(2, 0))} {
			for _, e := range []Quota{{}, {Row: Exactly(1)}, {Column: Between(0, 1)}} {
				m := Model{Rows: 5, Cols: 7, Surface: s, Attack: a, Queens: 2, Each: e}
				if m.Validate() != nil {
					continue
				}
				p, err := Compile(m)
				if err != nil {
					t.Fatal(err)
				}
				for i, l := range lines(t, p) {
					f := p.Families[i]
					var want [][]int32
					switch f.Shape {
					case ShapeRows:
						for r := range m.Rows {
							var row []int32
							for c := range m.Cols {
								row = append(row, int32(r*m.Cols+c))
							}
							want = append(want, row)
						}
					case ShapeColumns:
						for c := range m.Cols {
							var col []int32
							for r := range m.Rows {
								col = append(col, int32(r*m.Cols+c))
							}
							want = append(want, col)
						}
					default:
						continue
					}
					var got [][]int32
					for i := range l.Count() {
						got = append(got, l.Line(i))
					}
					slices.SortFunc(got, slices.Compare)
					slices.SortFunc(want, slices.Compare)
					if !slices.EqualFunc(got, want, slices.Equal) {
						t.Errorf("%v: family %s has shape %d but lines %v", m, f.Name, f.Shape, got)
					}
				}
			}
		}
	}
}

// TestLineDirs holds LineDirs against its definition, counted the slow way: a direction is listed when
// some line of the board along it holds more than most cells, and the lines of the others, walked, hold
// no more than most. Once, Compile listed every direction of the board whatever the quota, which took
// rows × cols steps with no way to stop: a line quota on a board of 10^7 a side ran forever.
func TestLineDirs(t *testing.T) {
	for _, tt := range []struct{ rows, cols, most int }{{1, 1, 2}, {1, 5, 2}, {5, 1, 1}, {3, 7, 2}, {6, 6, 1}, {8, 8, 2}, {8, 8, 3}, {9, 4, 7}, {8, 8, 8}} {
		got := LineDirs(tt.rows, tt.cols, tt.most)
		var want []Vec
		for a := 0; a < tt.rows; a++ {
			for b := 1 - tt.cols; b < tt.cols; b++ {
				if (a == 0 && b <= 0) || intmath.GCD(a, intmath.Abs(b)) != 1 {
					continue
				}
				longest := 0
				for r := range tt.rows {
					for c := range tt.cols {
						n := 0
						for k := 0; r+k*a < tt.rows && c+k*b >= 0 && c+k*b < tt.cols; k++ {
							n++
						}
						longest = max(longest, n)
					}
				}
				if longest > tt.most {
					want = append(want, Vec{a, b})
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("LineDirs(%d, %d, %d) = %v, want %v", tt.rows, tt.cols, tt.most, got, want)
		}
	}
}

// TestLineQuotaBounded: a line quota on a board whose lines hold more cells than a solver walks is
// refused by Validate at once, however large the board, and a quota no line can break compiles to no
// family.
func TestLineQuotaBounded(t *testing.T) {
	for _, side := range []int{200, 5000, MaxSide} {
		m := Model{Rows: side, Cols: side, Queens: 3, Each: Quota{Line: AtMost(2)}}
		err := m.Validate()
		if ve := AsValidationError(err); ve == nil || ve.Field != "each" || !strings.Contains(err.Error(), "more than a solver walks") {
			t.Errorf("line=<=2 on %d×%d: %v; want an error on each saying the lines are too many", side, side, err)
		}
	}
	m := Model{Rows: MaxSide, Cols: MaxSide, Queens: 3, Each: Quota{Line: AtMost(MaxSide)}}
	p, err := Compile(m)
	if err != nil || len(p.Families) != 0 {
		t.Errorf("line=<=%d on %d×%d: %v, %d families; want no family: no line holds more", MaxSide, MaxSide, MaxSide, err, len(p.Families))
	}
	m = Model{Rows: 8, Cols: 8, Queens: 16, Each: Quota{Line: AtMost(2), Row: Exactly(2), Column: Exactly(2)}}
	if err := m.Validate(); err != nil {
		t.Errorf("no three in line on 8×8: %v", err)
	}
}

// TestRead: the families of the classic queens, of a Star Battle and of a model with a line quota,
// sorted as the engines read them.
func TestRead(t *testing.T) {
	regions, err := ParseRegions([]string{"AABB", "ACBB", "CCDD", "CDDD"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name                       string
		m                          Model
		rows, cols, region         Range
		riders, excluding, counted int
		rest                       bool
	}{
		{"classic", Classic(8), AtMost(1), AtMost(1), Range{}, 2, 2, 0, false},
		{"star battle", StarBattle(regions, 1), Exactly(1), Exactly(1), Exactly(1), 0, 0, 1, false},
		{"rooks, two a diagonal", Model{Rows: 6, Cols: 6, Queens: 6, Attack: Rook, Each: Quota{Diagonal: AtMost(2)}}, AtMost(1), AtMost(1), Range{}, 0, 0, 1, true},
	} {
		p, err := Compile(c.m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		r := p.Read()
		if r.RowRange != c.rows || r.ColRange != c.cols || r.Region != c.region || len(r.Riders) != c.riders ||
			len(r.Excluding) != c.excluding || len(r.Counted) != c.counted || (r.Rest != nil) != c.rest {
			t.Errorf("%s: Read = rows %v, columns %v, region %v, %d riders, %d excluding, %d counted, rest %v", c.name,
				r.RowRange, r.ColRange, r.Region, len(r.Riders), len(r.Excluding), len(r.Counted), r.Rest != nil)
		}
	}
}
