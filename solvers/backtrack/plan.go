package backtrack

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/solvers"
)

// MaxCols is the widest board the backtracker searches: a row is one 64-bit word. A wider board with at
// most MaxCols rows is counted as its transpose.
const MaxCols = 64

// MaxRows is the tallest board the backtracker searches. Its masks take a word per row and column.
const MaxRows = 1 << 16

// plan is a model compiled to bit masks, from its constraints.Program: the methods and their kernels read
// the program's families, lines and leaps, never the model's attacks. Bit c of a row mask stands for
// column c.
type plan struct {
	m     constraints.Model // the model as counted: the transpose of the one given when that made it fit
	given constraints.Model // the model as given, for messages
	prog  *constraints.Program
	// transposed says that m is the transpose of the model given.
	transposed bool
	rows, cols int
	queens     int
	// What the program asks, read once. rowRange and colRange are what the families of the board's
	// rows and columns allow (zero for none); riders are the directions whose lines hold at most one
	// queen and nothing else is asked of them; leapers are the leaps, canonical ((a, b), 0 ≤ a ≤ b);
	// region is the region quota's range (zero for none); counted are the families a search must count
	// queens on (a lower end, an upper end past one, lines of any other shape); rest says the program
	// holds something the row path does not carry.
	rowRange, colRange, region constraints.Range
	riders, leapers            []constraints.Vec
	excluding                  []*constraints.Family // the families whose lines hold at most one queen
	counted                    []*constraints.Family
	// masked are the families whose lines a queen's reach masks out (excluding, and rows and columns
	// that hold at most one queen): a search counts none of them to close them.
	masked []*constraints.Family
	rest   string
	// words is true when the masks below were built: at most MaxCols columns and MaxRows rows.
	words bool
	full  uint64 // the cols low bits
	// open[r] holds the columns of row r a queen may take on the general path: not blocked, not attacked
	// by a fixed queen, not a fixed queen's own cell, which is placed before the search.
	open []uint64
	// fixed[r] holds the fixed queens of row r.
	fixed []uint64
	// reach says what a queen attacks in the rows below it (and in its own row): see down.
	reach reach
	// mirror is true when mirroring the columns maps the model onto itself.
	mirror bool
	// shift is true on a torus that shifting the columns by one maps onto itself.
	shift bool
	// rowPath is the row path's own plan (rows.go), where the model holds one queen in every row.
	rowPath
	// taskDepth, if positive, is the depth the row path's tasks are cut at (TaskDepth).
	taskDepth int
}

// reach holds what a queen attacks in its own row and the rows below, by the families whose lines hold
// at most one queen and by the leaps: the general path takes those cells away from the queens after
// it. Where the attacks look the same from every row (a flat board, a cylinder, a torus) one table per
// column serves every row: byCol[c][d] is the mask of the row d below a queen in column c (its own row
// at d = 0, its own cell included). On a twisted surface they depend on the row, and byCell[r·cols+c]
// holds the masks of rows r.. for the queen of that cell.
type reach struct {
	byCol  [][]uint64
	byCell [][]uint64
	cols   int
}

// down returns the masks of rows r, r+1, … attacked by a queen at (r, c).
func (t *reach) down(r, c, rows int) []uint64 {
	if t.byCell != nil {
		return t.byCell[r*t.cols+c]
	}
	return t.byCol[c][:rows-r]
}

// subsetOf reports whether every vector of vs is one of set.
func subsetOf(vs []constraints.Vec, set ...constraints.Vec) bool {
	for _, v := range vs {
		if !slices.Contains(set, v) {
			return false
		}
	}
	return true
}

// compile checks m and compiles it.
func compile(m constraints.Model) (*plan, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	if err := solvers.CheckFeatures("backtrack", features, m); err != nil {
		return nil, err
	}
	p := &plan{m: m, given: m}
	if m.Cols > MaxCols && m.Rows <= MaxCols && (m.Surface == constraints.Flat || m.Surface == constraints.Torus) {
		// Rows are words: a wide, short board fits once turned on its side, and turning changes no count.
		p.m, p.transposed = transpose(m), true
	}
	m = p.m
	prog, err := constraints.Compile(m)
	if err != nil {
		return nil, err
	}
	p.prog = prog
	p.rows, p.cols, p.queens = m.Rows, m.Cols, prog.Queens
	p.read()
	if m.Cols > MaxCols || m.Rows > MaxRows {
		return p, nil // only the closed formulas take it: no kernel reads the symmetries below
	}
	p.mirror = m.Keeps(constraints.Symmetry{Turn: constraints.MirrorCols})
	p.shift = m.Surface == constraints.Torus && m.Keeps(constraints.Symmetry{DCol: 1})
	p.words = true
	p.full = mask(m.Cols)
	ctx := context.Background()
	if p.reach, err = p.reachOf(ctx); err != nil {
		return nil, err
	}
	p.fixed = make([]uint64, m.Rows)
	for _, f := range prog.Fixed {
		p.fixed[f.Row] |= 1 << f.Col
	}
	p.open = make([]uint64, m.Rows)
	for r := range p.open {
		p.open[r] = p.full
	}
	for _, b := range prog.Blocked {
		p.open[b.Row] &^= 1 << b.Col
	}
	for _, f := range prog.Fixed {
		for _, c := range p.attacked(f) {
			p.open[c.Row] &^= 1 << c.Col
		}
		p.open[f.Row] &^= 1 << f.Col // its own cell: placed, not free
	}
	p.compileRows()
	return p, nil
}

// read takes from the program what the methods and kernels ask of it.
func (p *plan) read() {
	for _, f := range p.prog.Families {
		if f.Range.Hi == 1 && f.Shape != constraints.ShapeRegions {
			p.masked = append(p.masked, f)
		}
	}
	r := p.prog.Read()
	p.rowRange, p.colRange, p.region = r.RowRange, r.ColRange, r.Region
	p.riders, p.excluding, p.counted = r.Riders, r.Excluding, r.Counted
	if r.Rest != nil {
		p.rest = fmt.Sprintf("%s=%s", r.Rest.Name, r.Rest.Range)
	}
	for _, v := range p.prog.Leaps {
		a, b := intmath.Abs(v.DR), intmath.Abs(v.DC)
		p.leapers = append(p.leapers, constraints.Vec{DR: min(a, b), DC: max(a, b)})
	}
	slices.SortFunc(p.leapers, func(a, b constraints.Vec) int {
		if a.DR != b.DR {
			return a.DR - b.DR
		}
		return a.DC - b.DC
	})
	p.leapers = slices.Compact(p.leapers)
}

// leapReach returns how many rows down the leapers reach on a flat board, at most the board's rows less
// one.
func (p *plan) leapReach() int {
	d := 0
	for _, l := range p.leapers {
		d = max(d, l.DC) // a leaper (a, b) with a <= b jumps b rows down in one of its forms
	}
	return min(d, p.rows-1)
}

// features are the model features the backtracker takes: all of them.
const features = constraints.AllFeatures

// maxReachWords bounds the per-cell table of a twisted surface, in words.
const maxReachWords = 1 << 23

// lines walks the lines of the families a queen's reach masks out.
func (p *plan) lines(ctx context.Context) ([]*constraints.Lines, error) {
	out := make([]*constraints.Lines, len(p.masked))
	for i, f := range p.masked {
		l, err := f.Lines(ctx)
		if err != nil {
			return nil, fmt.Errorf("backtrack: %w", err)
		}
		out[i] = l
	}
	return out, nil
}

// attackedBy appends to dst the cells a queen on c attacks by the program: the other cells of its lines
// that hold at most one queen, and the cells it leaps to.
func (p *plan) attackedBy(dst []constraints.Cell, ls []*constraints.Lines, c constraints.Cell) []constraints.Cell {
	x := int32(c.Row*p.cols + c.Col)
	for _, l := range ls {
		for _, i := range l.Of(x) {
			for _, y := range l.Line(int(i)) {
				if y != x {
					dst = append(dst, constraints.Cell{Row: int(y) / p.cols, Col: int(y) % p.cols})
				}
			}
		}
	}
	return p.prog.LeapTargets(dst, c)
}

// attacked returns the cells a queen on c attacks, by the program.
func (p *plan) attacked(c constraints.Cell) []constraints.Cell {
	ls, err := p.lines(context.Background())
	if err != nil {
		return nil // reachOf walked the same lines first, and would have failed
	}
	return p.attackedBy(nil, ls, c)
}

// reachOf builds the table of what a queen attacks in its row and below, from the program's lines and
// leaps (see reach). It is the backtracker's own reading of the program, held to Model.Attacks pair by
// pair in the tests.
func (p *plan) reachOf(ctx context.Context) (reach, error) {
	ls, err := p.lines(ctx)
	if err != nil {
		return reach{}, err
	}
	t := reach{cols: p.cols}
	if !p.m.Surface.Twisted() {
		// A queen in row r attacks row r+d as a queen in row 0 attacks row d: read row 0's.
		t.byCol = make([][]uint64, p.cols)
		var buf []constraints.Cell
		for c := range p.cols {
			col := make([]uint64, p.rows)
			col[0] = 1 << c
			buf = p.attackedBy(buf[:0], ls, constraints.Cell{Row: 0, Col: c})
			for _, a := range buf {
				col[a.Row] |= 1 << a.Col
			}
			t.byCol[c] = col
		}
		return t, nil
	}
	if words := int64(p.cols) * int64(p.rows) * int64(p.rows+1) / 2; words > maxReachWords {
		return reach{}, fmt.Errorf("backtrack: %d×%d %s: the attacks of every cell take %d words, more than %d: %w",
			p.rows, p.cols, p.m.Surface.Describe(), words, maxReachWords, solvers.ErrUnsupported)
	}
	t.byCell = make([][]uint64, p.rows*p.cols)
	var buf []constraints.Cell
	for r := range p.rows {
		if err := ctx.Err(); err != nil {
			return reach{}, err
		}
		for c := range p.cols {
			masks := make([]uint64, p.rows-r)
			masks[0] = 1 << c
			buf = p.attackedBy(buf[:0], ls, constraints.Cell{Row: r, Col: c})
			for _, a := range buf {
				if a.Row >= r {
					masks[a.Row-r] |= 1 << a.Col
				}
			}
			t.byCell[r*p.cols+c] = masks
		}
	}
	return t, nil
}

func mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// cellsOf appends the cells of row r's mask w to s.
func cellsOf(s constraints.Solution, r int, w uint64) constraints.Solution {
	for w != 0 {
		s = append(s, constraints.Cell{Row: r, Col: bits.TrailingZeros64(w)})
		w &= w - 1
	}
	return s
}

// transpose returns m turned on its side: rows become columns, and with them the riders, the blocked
// and fixed cells, the regions and the quotas. Leapers are the same set either way. Counts are the same,
// and so are the classes, the two groups being conjugate.
func transpose(m constraints.Model) constraints.Model {
	t := m
	t.Rows, t.Cols = m.Cols, m.Rows
	var parts []constraints.Attack
	for _, r := range m.Attack.Riders() {
		parts = append(parts, constraints.Ride(r.DC, r.DR))
	}
	for _, l := range m.Attack.Leapers() {
		parts = append(parts, constraints.Leap(l.DR, l.DC))
	}
	t.Attack = constraints.Union(parts...)
	turn := func(cells []constraints.Cell) []constraints.Cell {
		out := make([]constraints.Cell, len(cells))
		for i, c := range cells {
			out[i] = constraints.Cell{Row: c.Col, Col: c.Row}
		}
		return out
	}
	t.Blocked, t.Fixed = turn(m.Blocked), turn(m.Fixed)
	t.Each.Row, t.Each.Column = m.Each.Column, m.Each.Row
	if m.Regions != nil {
		lines := make([][]rune, m.Rows)
		for r, line := range m.Regions.Lines() {
			lines[r] = []rune(line)
		}
		out := make([]string, m.Cols)
		for c := range m.Cols {
			b := make([]rune, m.Rows)
			for r := range m.Rows {
				b[r] = lines[r][c]
			}
			out[c] = string(b)
		}
		g, err := constraints.ParseRegions(out)
		if err != nil {
			panic(fmt.Sprintf("backtrack: the transpose of a valid region grid: %v", err))
		}
		t.Regions = g
	}
	return t
}
