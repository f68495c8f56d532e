package constraints

import (
	"context"
	"testing"
)

// labelRiders are the riders the labeller is tested on: every vector with parts up to 3, and longer ones
// that cross a small board's edges many times or share factors with its sides.
func labelRiders() []Vec {
	var out []Vec
	for dr := 0; dr <= 3; dr++ {
		for dc := -3; dc <= 3; dc++ {
			if dr > 0 || dc > 0 {
				out = append(out, Vec{dr, dc})
			}
		}
	}
	return append(out, Vec{0, 4}, Vec{0, 6}, Vec{4, 0}, Vec{1, 5}, Vec{5, -1}, Vec{4, 6}, Vec{6, -4}, Vec{2, 9}, Vec{7, 7})
}

// TestLabellerMatchesLines holds the labeller to the lines Lines walks, pair by pair, on every board up
// to 7×7 (and a few wider) of every surface it serves, for each rider, rows, columns, diagonal quotas of
// several ranges, and regions with cells in none: two cells the lines hold get one label exactly when
// they lie on one line; a label of cells no line holds names a line the range leaves free; every label
// lies below Count; only a cell in no region has none; and AppendRow gives every row's labels as Label
// gives them cell by cell.
func TestLabellerMatchesLines(t *testing.T) {
	sizes := [][2]int{{1, 9}, {9, 1}, {2, 8}, {8, 3}}
	for r := 1; r <= 7; r++ {
		for c := 1; c <= 7; c++ {
			sizes = append(sizes, [2]int{r, c})
		}
	}
	checked := map[labelKind]int{}
	for _, sz := range sizes {
		grid := regions(sz[0], sz[1])
		for _, s := range []Surface{Flat, Cylinder, Torus} {
			var models []Model
			for _, v := range labelRiders() {
				models = append(models, Model{Rows: sz[0], Cols: sz[1], Surface: s, Attack: Ride(v.DR, v.DC), Queens: 1})
			}
			for _, e := range []Quota{{Row: Exactly(1)}, {Column: AtMost(2)}, {Diagonal: Between(1, 2)}, {AntiDiagonal: AtMost(2)}, {Region: AtMost(1)}} {
				models = append(models, Model{Rows: sz[0], Cols: sz[1], Surface: s, Regions: grid, Each: e, Queens: 1})
			}
			for _, m := range models {
				if m.Validate() != nil {
					continue
				}
				p, err := Compile(m)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range p.Families {
					if lab := checkLabels(t, m, f); lab != nil {
						checked[lab.kind]++
					}
				}
			}
		}
	}
	for k := labelRows; k <= labelTorus; k++ {
		if checked[k] < 20 {
			t.Errorf("labels of kind %d checked on %d families only", k, checked[k])
		}
	}
}

// regions returns a grid of three regions and cells in none, for the board.
func regions(rows, cols int) *Regions {
	lines := make([]string, rows)
	for r := range rows {
		for c := range cols {
			lines[r] += string("ab.c"[(r*5+c*3)%4])
		}
	}
	g, err := ParseRegions(lines)
	if err != nil {
		panic(err)
	}
	return g
}

// checkLabels holds f's labeller to its lines and returns it; nil when f has a line too short for its
// range, which Lines refuses.
func checkLabels(t *testing.T, m Model, f *Family) *Labeller {
	t.Helper()
	l, err := f.Lines(context.Background())
	if AsValidationError(err) != nil {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	checkEntries(t, m, f, l)
	lab, err := f.Labeller()
	if err != nil {
		t.Fatalf("%v: %s: %v", m, f.Name, err)
	}
	n := m.Rows * m.Cols
	labels := make([]int64, n)
	class := map[int64][]int32{}
	for x := range n {
		c := Cell{x / m.Cols, x % m.Cols}
		k, ok := lab.Label(c)
		inRegion := m.Regions == nil || m.Regions.At(c) >= 0
		if ok != (f.Shape != ShapeRegions || inRegion) {
			t.Fatalf("%v: %s: %v labelled %v", m, f.Name, c, ok)
		}
		if !ok {
			labels[x] = -1
			continue
		}
		if k < 0 || k >= lab.Count() {
			t.Fatalf("%v: %s: %v has label %d, not below %d", m, f.Name, c, k, lab.Count())
		}
		labels[x] = k
		class[k] = append(class[k], int32(x))
		if len(l.Of(int32(x))) > 1 {
			t.Fatalf("%v: %s: %v lies on %d lines", m, f.Name, c, len(l.Of(int32(x))))
		}
	}
	var row []int64
	for r := range m.Rows {
		row = lab.AppendRow(row[:0], r)
		for c, k := range row {
			if want := labels[r*m.Cols+c]; k != want {
				t.Fatalf("%v: %s: AppendRow gives r%dc%d the label %d, Label %d", m, f.Name, r, c, k, want)
			}
		}
	}
	covered := make([]bool, n)
	for i := range l.Count() {
		line := l.Line(i)
		k := labels[line[0]]
		if k < 0 || len(class[k]) != len(line) {
			t.Fatalf("%v: %s: line %v, but the label of its first cell names %v", m, f.Name, line, class[k])
		}
		for _, x := range line {
			covered[x] = true
			if labels[x] != k {
				t.Fatalf("%v: %s: line %v has labels %d and %d", m, f.Name, line, k, labels[x])
			}
		}
	}
	for x := range n {
		if k := labels[x]; k >= 0 && !covered[x] && (f.Range.Lo > 0 || len(class[k]) > max(f.Range.Hi, 1)) {
			t.Fatalf("%v: %s (%s): cells %v share a label, but Lines keeps no line of them", m, f.Name, f.Range, class[k])
		}
	}
	return lab
}

// TestLabellerRefuses checks that the lines a single label cannot name are refused with a reason: a
// rider's on a twisted surface, the line quota's.
func TestLabellerRefuses(t *testing.T) {
	for _, m := range []Model{
		{Rows: 5, Cols: 5, Surface: Mobius, Attack: Diagonal, Queens: 1},
		{Rows: 5, Cols: 5, Surface: Klein, Attack: Ride(1, 2), Queens: 1},
		{Rows: 5, Cols: 5, Each: Quota{Line: AtMost(2)}, Queens: 1},
	} {
		p, err := Compile(m)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := p.Families[0].Labeller(); err == nil {
			t.Errorf("%v: %s: a labeller", m, p.Families[0].Name)
		}
	}
	// Rows, columns and regions have labels on a twisted surface too.
	m := Model{Rows: 4, Cols: 6, Surface: Klein, Attack: Column, Regions: regions(4, 6), Each: Quota{Row: Exactly(1), Region: AtMost(2)}}
	p, err := Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range p.Families {
		if checkLabels(t, m, f) == nil {
			t.Fatalf("%v: %s: no lines walked", m, f.Name)
		}
	}
}

// checkEntries holds Entries to the cells the lines hold: equal on a flat board and for rows, columns and
// regions, no fewer elsewhere.
func checkEntries(t *testing.T, m Model, f *Family, l *Lines) {
	t.Helper()
	got, walked := f.Entries(), int64(len(l.Cells))
	exact := m.Surface == Flat || f.Shape != ShapeOther
	if got < walked || (exact && got != walked) {
		t.Fatalf("%v: %s (%s): Entries %d, the lines hold %d", m, f.Name, f.Range, got, walked)
	}
}

// TestEntriesOfEverySlope holds Entries to the lines of the line quota, which Lines walks over every
// slope, on flat boards up to 9×9 and at most one to three queens a line.
func TestEntriesOfEverySlope(t *testing.T) {
	for r := 1; r <= 9; r++ {
		for c := 1; c <= 9; c++ {
			for hi := 1; hi <= 3; hi++ {
				m := Model{Rows: r, Cols: c, Queens: 1, Each: Quota{Line: AtMost(hi)}}
				p, err := Compile(m)
				if err != nil {
					t.Fatal(err)
				}
				if len(p.Families) == 0 {
					if max(r, c) > hi {
						t.Fatalf("%v: no family, but a row or a column holds more than %d cells", m, hi)
					}
					continue // no line holds more than hi cells: the quota breaks nothing
				}
				f := p.Families[0]
				l, err := f.Lines(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				checkEntries(t, m, f, l)
			}
		}
	}
}
