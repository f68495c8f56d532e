package constraints

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/queens-dev/queens/constraints/intmath"
)

// Program is a model compiled into what every solver reads: the board and its surface, the queens a
// solution holds, the blocked cells and the fixed queens, and the model's constraints as families of
// lines, each line a set of cells with a range of queens it may hold, and leaps, the cells a queen jumps
// to. A rider is a family whose lines hold at most one queen; a quota is a family whose lines hold its
// range; a leaper forbids pairs of cells. Compile makes it from a valid Model.
//
// A Program is built in two steps. Compile is cheap: it names the families and what they hold, and
// gives each its lines' Shape, so that a solver can pick its path before anything is walked. Lines
// then walks a family's lines on the board, cell by cell, with Surface.Step, and keeps them; a solver
// asks only for the families it reads, and a board of 10^7 rows is never walked whole.
//
// The lines are found by walking, not by the arithmetic Attacks, Check and Verify use (cover.go,
// verify.go), and brute force asks only those: a slip in either shows as a disagreement between the
// solvers and brute force, never as a silent wrong count.
type Program struct {
	Rows, Cols int
	Surface    Surface
	// Queens is the number of queens in every solution.
	Queens int
	// Blocked and Fixed are the model's blocked cells and fixed queens, sorted row-major.
	Blocked, Fixed []Cell
	// Regions is the model's region grid, nil for none: a family of lines too, kept for the solvers that
	// name regions in what they say.
	Regions *Regions
	// Families are the lines and the queens each may hold: the riders, then the quotas, a rider and a
	// quota on the same lines made one family (Range the counts both allow). A rider whose step is longer
	// than the board across an edge that is not joined reaches no cell and has no family.
	Families []*Family
	// Leaps are the offsets the leapers jump by, each of a leaper's eight forms once, sorted: (dr, dc)
	// from a cell, read across the edges as Surface.Step reads one step.
	Leaps []Vec
}

// Shape says what a family's lines are, so that a solver can take them whole: the board's rows, its
// columns, its regions, or lines of any other shape.
type Shape uint8

// The shapes of a family's lines.
const (
	ShapeOther   Shape = iota
	ShapeRows          // every line is one row of the board, every row a line
	ShapeColumns       // every line is one column, every column a line
	ShapeRegions       // every line is one region of the grid
)

// Family is one set of lines, each holding a number of queens within Range.
type Family struct {
	// Name says where the family came from, for messages: "row", "column", "region", "diagonal",
	// "anti-diagonal", "line", or a rider's form "ride(1,2)"; a rider and a quota made one are "row
	// rider and quota", and so on.
	Name string
	// Range is how many queens each line may hold.
	Range Range
	// Shape says what the lines are, where they are rows, columns or regions.
	Shape Shape
	// Dirs are the riders whose lines these are, canonical: one for a rider's family; the primitive
	// directions of every slope for the line quota; none for rows, columns and regions under a quota
	// alone (Shape says what they are).
	Dirs []Vec
	// Rider says the lines are a rider's (or a quota's on a rider's lines): those of Dirs on the surface.
	Rider bool

	p     *Program
	mu    sync.Mutex
	lines *Lines
}

// Lines are a family's lines, walked: line i holds the cells Cells[Start[i]:Start[i+1]], each a cell
// index row·cols + col, in row-major order, each once; and cell x lies on the lines
// OfCell[CellStart[x]:CellStart[x+1]]. Only lines of two or more cells are kept where the range
// allows one queen or more on a line anyway (a line of one cell constrains nothing then), and lines
// that the range leaves free (no more cells than the range's upper end, and a lower end of zero).
type Lines struct {
	Start, Cells      []int32
	CellStart, OfCell []int32
}

// Count returns the number of lines.
func (l *Lines) Count() int { return len(l.Start) - 1 }

// Line returns the cells of line i.
func (l *Lines) Line(i int) []int32 { return l.Cells[l.Start[i]:l.Start[i+1]] }

// Of returns the lines cell x lies on.
func (l *Lines) Of(x int32) []int32 { return l.OfCell[l.CellStart[x]:l.CellStart[x+1]] }

// MaxProgramCells bounds the boards whose lines Lines walks, in cells; a solver that keeps a cell's
// lines takes no larger board anyway. MaxLineEntries bounds a family's cells over all its lines (the
// line quota's lines of every slope hold each cell many times).
const (
	MaxProgramCells = 1 << 24
	MaxLineEntries  = 1 << 27
)

// Compile compiles a valid model. It returns Validate's error for an invalid one, and takes time linear
// in the cells the model names and its riders and leapers, never in the board's area.
func Compile(m Model) (*Program, error) {
	if err := m.Validate(); err != nil {
		return nil, err
	}
	p := &Program{Rows: m.Rows, Cols: m.Cols, Surface: m.Surface, Queens: m.QueenCount(),
		Blocked: NewSolution(m.Blocked...), Fixed: NewSolution(m.Fixed...), Regions: m.Regions}
	if len(p.Blocked) == 0 {
		p.Blocked = nil
	}
	if len(p.Fixed) == 0 {
		p.Fixed = nil
	}
	e := m.Each
	add := func(f *Family) { f.p = p; p.Families = append(p.Families, f) }
	// The quotas whose lines a rider may share, and the rider that shares them on this surface.
	type keyed struct {
		key   QuotaKey
		shape Shape
		dir   Vec // the rider whose lines these are, where one is
		same  bool
	}
	keys := []keyed{
		{KeyRow, ShapeRows, Vec{0, 1}, !m.Surface.Twisted()}, // on a twisted surface the row rider's line is two rows
		{KeyColumn, ShapeColumns, Vec{1, 0}, true},
	}
	var multi []*Family // the keys of more than one rider's lines, after the riders
	for _, k := range riderKeys {
		if len(k.dirs) == 1 {
			keys = append(keys, keyed{k.key, ShapeOther, k.dirs[0], true})
		} else if r := e.Get(k.key); !r.IsZero() {
			multi = append(multi, &Family{Name: k.key.String(), Range: r, Shape: ShapeOther, Dirs: k.dirs, Rider: true})
		}
	}
	merged := map[Vec]bool{}
	for _, k := range keys {
		r := e.Get(k.key)
		rider := k.same && m.Attack.Has(Ride(k.dir.DR, k.dir.DC))
		if r.IsZero() && !rider {
			continue
		}
		f := &Family{Name: k.key.String(), Range: r, Shape: k.shape}
		if rider {
			merged[k.dir] = true
			f.Range, _ = r.Meet(AtMost(1))
			f.Name += " rider"
			if !r.IsZero() {
				f.Name += " and quota"
			}
		}
		if rider || k.shape == ShapeOther {
			f.Dirs, f.Rider = []Vec{k.dir}, true
		}
		add(f)
	}
	for _, v := range m.Attack.riders {
		if merged[v] {
			continue
		}
		if (!m.Surface.WrapsRows() && intmath.Abs(v.DR) >= m.Rows) || (!m.Surface.WrapsCols() && intmath.Abs(v.DC) >= m.Cols) {
			continue // its first step leaves the board from every cell: it attacks nothing here
		}
		f := &Family{Name: fmt.Sprintf("ride(%d,%d)", v.DR, v.DC), Range: AtMost(1), Dirs: []Vec{v}, Rider: true}
		f.Shape = riderShape(m, v)
		add(f)
	}
	for _, f := range multi {
		add(f)
	}
	if !e.Region.IsZero() {
		add(&Family{Name: "region", Range: e.Region, Shape: ShapeRegions})
	}
	if !e.Line.IsZero() {
		// Validate has bounded the lines' cells, and so their directions; a quota no line can break (every
		// line as short as its upper end) is no family at all.
		if dirs := LineDirs(m.Rows, m.Cols, e.Line.Hi); len(dirs) > 0 {
			add(&Family{Name: "line", Range: e.Line, Rider: true, Dirs: dirs})
		}
	}
	p.Leaps = m.Attack.Leaps()
	return p, nil
}

// riderShape says what a rider's lines are: the rows where it steps along a row and comes round every
// cell of it, the columns likewise; lines of another shape otherwise.
func riderShape(m Model, v Vec) Shape {
	switch {
	case v.DR == 0 && !m.Surface.Twisted() && (v.DC == 1 || (m.Surface.WrapsCols() && intmath.GCD(v.DC, m.Cols) == 1)):
		return ShapeRows
	case v.DC == 0 && (v.DR == 1 || (m.Surface.WrapsRows() && intmath.GCD(v.DR, m.Rows) == 1)):
		return ShapeColumns
	}
	return ShapeOther
}

// Step moves one step from the cell c in the direction d on a rows×cols board with surface s: it
// returns the cell reached, the direction a walk goes on in there, and false when the step leaves the
// board. A step off a joined edge comes back on the other side; across a twist it comes back upside down
// and goes on with its vertical part reversed. d may be longer than the board: a step by (dr, dc) goes
// dr rows and dc columns at once, crossing the edges as often as it must.
func (s Surface) Step(rows, cols int, c Cell, d Vec) (Cell, Vec, bool) {
	r, k := c.Row+d.DR, c.Col+d.DC
	if !s.WrapsRows() && (r < 0 || r >= rows) {
		return Cell{}, d, false
	}
	if s.WrapsCols() {
		q := k / cols
		if k < 0 && k%cols != 0 {
			q--
		}
		k -= q * cols
		if s.Twisted() && q&1 != 0 {
			r, d.DR = rows-1-r, -d.DR
		}
	} else if k < 0 || k >= cols {
		return Cell{}, d, false
	}
	if s.WrapsRows() {
		r = intmath.Mod(r, rows)
	}
	return Cell{r, k}, d, true
}

// LeapTargets appends to dst the cells a queen on c reaches by a leap, each once and never c itself,
// and returns it. Blocked cells are among them.
func (p *Program) LeapTargets(dst []Cell, c Cell) []Cell {
	start := len(dst)
	for _, v := range p.Leaps {
		t, _, ok := p.Surface.Step(p.Rows, p.Cols, c, v)
		if ok && t != c && !slices.Contains(dst[start:], t) {
			dst = append(dst, t)
		}
	}
	return dst
}

// BySlope returns the family as one family per direction of Dirs, each with the family's range: the
// lines of a family of several riders are those of each rider, held apart, so a solver that labels a
// line by one rider's arithmetic (Labeller) takes them slope by slope. A family of one direction or
// none is returned as it is.
func (f *Family) BySlope() []*Family {
	if len(f.Dirs) <= 1 {
		return []*Family{f}
	}
	out := make([]*Family, len(f.Dirs))
	for i, d := range f.Dirs {
		out[i] = &Family{Name: fmt.Sprintf("%s ride(%d,%d)", f.Name, d.DR, d.DC), Range: f.Range, Shape: ShapeOther,
			Dirs: []Vec{d}, Rider: f.Rider, p: f.p}
	}
	return out
}

// Lines walks the family's lines on the board, once; later calls return the same Lines. A board of more
// than MaxProgramCells cells, or lines holding more than MaxLineEntries cells in all, is refused with an
// error that says so. A line may have fewer free cells than its range's lower end: the model then has
// no solution, which the solvers find; ValidateLines says so to a person at once. ctx stops the walk.
func (f *Family) Lines(ctx context.Context) (*Lines, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.lines != nil {
		return f.lines, nil
	}
	p := f.p
	cells := int64(p.Rows) * int64(p.Cols)
	if cells > MaxProgramCells {
		return nil, fmt.Errorf("%s: a %d×%d board has more than the %d cells whose lines are walked", f.Name, p.Rows, p.Cols, MaxProgramCells)
	}
	w := walker{p: p, ctx: ctx, f: f}
	var err error
	switch {
	case f.Shape == ShapeRows && !f.Rider:
		err = w.straight(false)
	case f.Shape == ShapeColumns && !f.Rider:
		err = w.straight(true)
	case f.Shape == ShapeRegions:
		err = w.regions()
	default:
		for _, d := range f.Dirs {
			if err = w.rider(d); err != nil {
				break
			}
		}
	}
	if err != nil {
		return nil, err
	}
	l, err := w.finish()
	if err != nil {
		return nil, err
	}
	f.lines = l
	return l, nil
}

// walker gathers a family's lines.
type walker struct {
	p     *Program
	ctx   context.Context
	f     *Family
	start []int32 // the lines so far, as Lines holds them
	cells []int32
	steps int
}

// keep ends a line: it sorts and dedupes its cells, and drops it if the range leaves it free.
func (w *walker) keep(from int) error {
	line := w.cells[from:]
	slices.Sort(line)
	line = slices.Compact(line)
	w.cells = w.cells[:from+len(line)]
	r := w.f.Range
	if r.Lo == 0 && len(line) <= max(r.Hi, 1) {
		w.cells = w.cells[:from] // no count of queens on it can break the range
		return nil
	}
	if int64(len(w.cells)) > MaxLineEntries {
		return fmt.Errorf("%s: its lines hold more than %d cells in all on a %d×%d board", w.f.Name, MaxLineEntries, w.p.Rows, w.p.Cols)
	}
	w.start = append(w.start, int32(len(w.cells)))
	return nil
}

// poll fails the walk once its context has ended, looking every few thousand steps.
func (w *walker) poll() error {
	if w.steps++; w.steps%(1<<14) == 0 {
		if err := w.ctx.Err(); err != nil {
			return fmt.Errorf("%s: stopped while walking its lines: %w", w.f.Name, err)
		}
	}
	return nil
}

// straight walks the board's rows (or, with byColumn, its columns) as the family's lines.
func (w *walker) straight(byColumn bool) error {
	p := w.p
	lines, along := p.Rows, p.Cols
	if byColumn {
		lines, along = along, lines
	}
	w.start = append(w.start, 0)
	for i := range lines {
		from := len(w.cells)
		for j := range along {
			if err := w.poll(); err != nil {
				return err
			}
			x := i*p.Cols + j
			if byColumn {
				x = j*p.Cols + i
			}
			w.cells = append(w.cells, int32(x))
		}
		if err := w.keep(from); err != nil {
			return err
		}
	}
	return nil
}

func (w *walker) regions() error {
	p, g := w.p, w.p.Regions
	byRegion := make([][]int32, g.Count())
	for r := range p.Rows {
		for c := range p.Cols {
			if err := w.poll(); err != nil {
				return err
			}
			if i := g.At(Cell{r, c}); i >= 0 {
				byRegion[i] = append(byRegion[i], int32(r*p.Cols+c))
			}
		}
	}
	w.start = append(w.start, 0)
	for _, cells := range byRegion {
		from := len(w.cells)
		w.cells = append(w.cells, cells...)
		if err := w.keep(from); err != nil {
			return err
		}
	}
	return nil
}

// rider walks the lines of the rider d: from every cell, in d's direction and, on a twisted surface,
// in its mirror's, unless an earlier line has passed the cell going that way. A walk goes both ways from
// its cell until it falls off the board or comes back to where it began.
func (w *walker) rider(d Vec) error {
	p := w.p
	if len(w.start) == 0 {
		w.start = append(w.start, 0)
	}
	n := p.Rows * p.Cols
	// class says which of the rider's two ways (d, or its mirror on a twisted surface) a direction is.
	mirror := Vec{-d.DR, d.DC}
	classes := 1
	if p.Surface.Twisted() && rider(mirror) != rider(d) {
		classes = 2
	}
	class := func(v Vec) int {
		if classes == 2 && (v == mirror || v == (Vec{-mirror.DR, -mirror.DC})) {
			return 1
		}
		return 0
	}
	seen := make([]bool, classes*n)
	for x := range n {
		for cl := range classes {
			if seen[cl*n+x] {
				continue
			}
			dir := d
			if cl == 1 {
				dir = mirror
			}
			from := len(w.cells)
			c0 := Cell{x / p.Cols, x % p.Cols}
			seen[cl*n+x] = true
			w.cells = append(w.cells, int32(x))
			for _, sign := range []int{1, -1} {
				c, v := c0, Vec{sign * dir.DR, sign * dir.DC}
				cycle := false
				// A walk visits each cell at most once in each of four directions before it comes round.
				for steps := 0; ; steps++ {
					if err := w.poll(); err != nil {
						return err
					}
					if steps > 4*n {
						return fmt.Errorf("%s: the walk from %s does not come round (a bug in Surface.Step)", w.f.Name, c0)
					}
					var ok bool
					if c, v, ok = p.Surface.Step(p.Rows, p.Cols, c, v); !ok {
						break
					}
					y := c.Row*p.Cols + c.Col
					if y == x && v == dir {
						cycle = true // back where it began, going the same way: the line is a cycle
						break
					}
					seen[class(v)*n+y] = true
					w.cells = append(w.cells, int32(y))
				}
				if cycle {
					break // walked whole one way; the other way would walk it again
				}
			}
			if err := w.keep(from); err != nil {
				return err
			}
		}
	}
	return nil
}

// finish builds the cells' index of lines.
func (w *walker) finish() (*Lines, error) {
	p := w.p
	n := p.Rows * p.Cols
	if len(w.start) == 0 {
		w.start = []int32{0}
	}
	l := &Lines{Start: w.start, Cells: w.cells, CellStart: make([]int32, n+1)}
	for _, x := range l.Cells {
		l.CellStart[x+1]++
	}
	for x := range n {
		l.CellStart[x+1] += l.CellStart[x]
	}
	l.OfCell = make([]int32, len(l.Cells))
	next := slices.Clone(l.CellStart[:n])
	for i := range l.Count() {
		for _, x := range l.Line(i) {
			l.OfCell[next[x]] = int32(i)
			next[x]++
		}
	}
	return l, nil
}

// ValidateLines reports a line that cannot meet its quota's lower end, as a *ValidationError on "each":
// a diagonal of fewer free cells than each diagonal asks, say, which Validate, looking only at the cells
// the model names, does not see. It walks the lines of the quotas that ask for at least one queen, on
// boards of at most MaxProgramCells cells (the solvers that take larger boards walk no lines), and stops
// with ctx's error.
func (m Model) ValidateLines(ctx context.Context) error {
	p, err := Compile(m)
	if err != nil {
		return err
	}
	if int64(m.Rows)*int64(m.Cols) > MaxProgramCells {
		return nil
	}
	blocked := NewCellSet(m.Blocked)
	for _, f := range p.Families {
		r := f.Range
		if r.Lo == 0 || f.Shape == ShapeRows || f.Shape == ShapeColumns || f.Shape == ShapeRegions {
			continue // Validate has counted the free cells of rows, columns and regions
		}
		l, err := f.Lines(ctx)
		if err != nil {
			return err
		}
		for i := range l.Count() {
			line := l.Line(i)
			free := 0
			for _, x := range line {
				if !blocked.Has(Cell{int(x) / m.Cols, int(x) % m.Cols}) {
					free++
				}
			}
			if free < r.Lo {
				c := Cell{int(line[0]) / m.Cols, int(line[0]) % m.Cols}
				return invalidAt("each", []Cell{c}, "each %s: the %s through %s has only %d free %s", m.quotaText(f), f.quotaKey(), c, free, plural(free, "cell", "cells"))
			}
		}
		if err := m.validateLineCount(f, l, blocked, p.Queens); err != nil {
			return err
		}
	}
	return nil
}

// quotaKey returns the quota's key a family stands for: "diagonal" for the family "diagonal rider and
// quota".
func (f *Family) quotaKey() string {
	name, _, _ := strings.Cut(f.Name, " rider")
	return name
}

// quotaText writes the quota a family stands for as the model gives it, "diagonal=1..2", and where a
// rider on the same lines narrows it, what the two allow together: "diagonal=1..2 with the diagonal
// rider: 1".
func (m Model) quotaText(f *Family) string {
	key := f.quotaKey()
	text := fmt.Sprintf("%s=%s", key, f.Range)
	if k, err := ParseQuotaKey(key); err == nil {
		if given := m.Each.Get(k); !given.IsZero() && given != f.Range {
			text = fmt.Sprintf("%s=%s with the %s rider: %s", key, given, key, f.Range)
		}
	}
	return text
}

// validateLineCount holds the queens a solution holds, q, against the lines of a family that asks at
// least one queen of each (every line kept, a cell of its own included): a queen counts on at most as
// many lines as a cell lies on, so the lines need at least their lower ends' sum over that many; and
// where every cell lies on exactly one line (a diagonal on a board with no twist), the queens fit in the
// lines' upper ends. Validate does the same for rows, columns and regions.
func (m Model) validateLineCount(f *Family, l *Lines, blocked CellSet, q int) error {
	per, onLines := 0, 0
	for x := range len(l.CellStart) - 1 {
		n := int(l.CellStart[x+1] - l.CellStart[x])
		per = max(per, n)
		if n > 0 {
			onLines++
		}
	}
	field := "each"
	if m.Queens > 0 {
		field = "queens"
	}
	lines, r, key := l.Count(), f.Range, f.quotaKey()
	need := (int64(lines)*int64(r.Lo) + int64(per) - 1) / int64(max(per, 1))
	if int64(q) < need {
		what := fmt.Sprintf("%d queens", need)
		if per > 1 {
			what = "at least " + what
		}
		return invalid(field, "each %s on %d %s: %s, but a solution holds %d", m.quotaText(f), lines, plural(lines, key, key+"s"), what, q)
	}
	if per != 1 || onLines != m.Rows*m.Cols {
		return nil
	}
	var room int64
	for i := range lines {
		free := 0
		for _, x := range l.Line(i) {
			if !blocked.Has(Cell{int(x) / m.Cols, int(x) % m.Cols}) {
				free++
			}
		}
		room += int64(min(r.Hi, free))
	}
	if int64(q) > room {
		return invalid(field, "each %s on %d %s: at most %d queens, but a solution holds %d", m.quotaText(f), lines, plural(lines, key, key+"s"), room, q)
	}
	return nil
}

// LineDirs returns the directions of the straight lines of a rows×cols flat board that hold more than
// most cells, the lines a quota of at most most queens a line can break: every primitive (a, b), with
// gcd(a, |b|) = 1, 0 ≤ a and b > 0 where a = 0, that most steps of fit on the board, in order of a, then
// b. A line of no more than most cells holds any number of queens it has room for, so the others
// constrain nothing.
func LineDirs(rows, cols, most int) []Vec {
	var dirs []Vec
	lineDirs(rows, cols, most, func(v Vec) bool {
		dirs = append(dirs, v)
		return true
	})
	return dirs
}

// lineDirs hands LineDirs's directions to yield, in order, until it returns false.
func lineDirs(rows, cols, most int, yield func(Vec) bool) {
	most = max(most, 1)
	for a := 0; a*most < rows; a++ {
		for b := -(cols - 1) / most; b*most < cols; b++ {
			if (a == 0 && b <= 0) || intmath.GCD(a, intmath.Abs(b)) != 1 {
				continue
			}
			if !yield(Vec{a, b}) {
				return
			}
		}
	}
}

// Reading is a Program's families sorted by what they are to an engine, the way the row kernels and
// the closed forms ask: one reading, so that no engine classifies the families again.
type Reading struct {
	// RowRange and ColRange are what the families of the board's rows and columns allow (zero for none).
	RowRange, ColRange Range
	// Region is the region quota's range (zero for none).
	Region Range
	// Riders are the directions of the lone riders whose lines hold at most one queen.
	Riders []Vec
	// Excluding are the families other than rows, columns and regions whose lines hold at most one queen.
	Excluding []*Family
	// Counted are the families a search must count queens on: the regions, and any other family with a
	// lower end or an upper end past one.
	Counted []*Family
	// Rest is the last family that is neither rows, columns, regions nor a lone rider, or nil.
	Rest *Family
}

// Read sorts p's families into a Reading.
func (p *Program) Read() Reading {
	var r Reading
	for _, f := range p.Families {
		switch f.Shape {
		case ShapeRows:
			r.RowRange, _ = r.RowRange.Meet(f.Range)
			continue
		case ShapeColumns:
			r.ColRange, _ = r.ColRange.Meet(f.Range)
			continue
		case ShapeRegions:
			r.Region = f.Range
			r.Counted = append(r.Counted, f)
			continue
		}
		if f.Range.Hi == 1 {
			r.Excluding = append(r.Excluding, f)
			if f.Range.Lo == 0 && f.Rider && len(f.Dirs) == 1 {
				r.Riders = append(r.Riders, f.Dirs[0])
				continue
			}
		}
		if f.Range.Lo > 0 || f.Range.Hi > 1 {
			r.Counted = append(r.Counted, f)
		}
		r.Rest = f
	}
	return r
}
