package backtrack

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// maxGeneralWords bounds the general path's work space: one row mask per row for every queen placed, in
// each search that runs at once.
const maxGeneralWords = 1 << 22

// general is the path for every model: queens are placed on cells in row-major order, each one taking
// from the rows below it (and the rest of its own row) the cells it attacks. It does not need one queen
// per row, so it serves attack subsets, fewer queens than rows, models without the row attack, quotas
// and ranges, and every surface: it counts the queens of every row and column, and of every line of the
// families the program asks it to count (regions, the lines of a quota, lines of every slope), closes a
// line once it holds its range's upper end, and cuts a branch once a line can no longer reach its lower
// end.
type general struct {
	p      *plan
	left   int        // queens still to place, the fixed ones already counted
	avail  [][]uint64 // avail[depth][row]: cells still open to the queen placed at that depth
	placed []uint64   // placed[row]: queens placed so far in the row
	path   []constraints.Cell
	k      *ctl
	emit   func([]uint64) bool // nil when only counting
	count  uint64
	poll   uint64
	// every is how many placements pass between two looks at the stop flag: pollEvery on a board of 64
	// rows or fewer, fewer on a taller one, as each placement copies the open cells of every row below.
	every uint64

	// rowLo, rowHi, colLo and colHi are the ranges of every row and column, 0 for no bound; hot loops read
	// them as plain numbers.
	rowLo, rowHi, colLo, colHi int
	rowCount, colCount         []int
	colShort                   int // queens the columns still lack below their lower ends, in all
	// lines are the lines of the counted families: lines[i] holds line i's cells, row by row, and its
	// range; of[x] lists the lines through cell x; lineCount[i] the queens on line i. short is the
	// queens the lines still lack below their lower ends, in all; lower lists the lines with a lower end.
	lines     []countedLine
	of        [][]int32
	lineCount []int
	short     int
	lower     []int32
	openOf    []int // scratch: the open cells of each line with a lower end

	// cut, when positive, ends the search at that depth, calling atCut with the queens placed: the tasks.
	cut   int
	atCut func([]constraints.Cell) bool

	// The state before any queen is placed, which reset restores.
	initAvail                  []uint64
	initRow, initCol, initLine []int
	initColShort, initShort    int
}

// countedLine is one line a general search counts queens on: its cells row by row, and its range.
type countedLine struct {
	cells []rowCells
	lo    int
	hi    int // 0 for no upper end
}

type rowCells struct {
	row   int
	cells uint64
}

func newGeneral(p *plan, k *ctl, emit func([]uint64) bool) (*general, error) {
	prog := p.prog
	left := p.queens - len(prog.Fixed)
	if (left+1)*p.rows > maxGeneralWords {
		return nil, fmt.Errorf("backtrack: %d queens on %d rows: too large for the general path: %w", p.queens, p.rows, solvers.ErrUnsupported)
	}
	every := max(1, pollEvery*64/uint64(max(64, p.rows)))
	g := &general{p: p, left: left, k: k, emit: emit, placed: make([]uint64, p.rows), poll: every, every: every,
		rowLo: p.rowRange.Lo, rowHi: p.rowRange.Hi, colLo: p.colRange.Lo, colHi: p.colRange.Hi}
	g.avail = make([][]uint64, left+1)
	for i := range g.avail {
		g.avail[i] = make([]uint64, p.rows)
	}
	g.path = make([]constraints.Cell, left)
	start := g.avail[0]
	copy(start, p.open)
	g.rowCount, g.colCount = make([]int, p.rows), make([]int, p.cols)
	for _, f := range prog.Fixed {
		g.rowCount[f.Row]++
		g.colCount[f.Col]++
	}
	if err := g.countLines(); err != nil {
		return nil, err
	}
	g.lineCount = make([]int, len(g.lines))
	for _, f := range prog.Fixed {
		for _, i := range g.of[f.Row*p.cols+f.Col] {
			g.lineCount[i]++
		}
	}
	for i, l := range g.lines {
		n := g.lineCount[i]
		if n < l.lo {
			g.short += l.lo - n
		}
		if l.hi > 0 && n >= l.hi {
			g.closeLine(start, int32(i), 0)
		}
	}
	for r, n := range g.rowCount {
		if g.rowHi > 0 && n >= g.rowHi {
			start[r] = 0
		}
	}
	for c, n := range g.colCount {
		if g.colHi == 0 {
			break
		}
		g.colShort += max(0, g.colLo-n)
		if n >= g.colHi {
			for r := range start {
				start[r] &^= 1 << c
			}
		}
	}
	g.initAvail = slices.Clone(start)
	g.initRow, g.initCol, g.initLine = slices.Clone(g.rowCount), slices.Clone(g.colCount), slices.Clone(g.lineCount)
	g.initColShort, g.initShort = g.colShort, g.short
	return g, nil
}

// countLines gathers the lines of the plan's counted families.
func (g *general) countLines() error {
	p := g.p
	g.of = make([][]int32, p.rows*p.cols)
	for _, f := range p.counted {
		l, err := f.Lines(context.Background())
		if err != nil {
			return fmt.Errorf("backtrack: %w", err)
		}
		hi := f.Range.Hi
		for i := range l.Count() {
			cl := countedLine{lo: f.Range.Lo, hi: hi}
			for _, x := range l.Line(i) {
				r, c := int(x)/p.cols, int(x)%p.cols
				if n := len(cl.cells); n > 0 && cl.cells[n-1].row == r {
					cl.cells[n-1].cells |= 1 << c
				} else {
					cl.cells = append(cl.cells, rowCells{r, 1 << c})
				}
				g.of[x] = append(g.of[x], int32(len(g.lines)))
			}
			if cl.lo > 0 {
				g.lower = append(g.lower, int32(len(g.lines)))
			}
			g.lines = append(g.lines, cl)
		}
	}
	g.openOf = make([]int, len(g.lines))
	return nil
}

// reset readies g for another search, as newGeneral left it, with k and emit.
func (g *general) reset(k *ctl, emit func([]uint64) bool) {
	g.k, g.emit, g.count, g.poll = k, emit, 0, g.every
	copy(g.avail[0], g.initAvail)
	copy(g.rowCount, g.initRow)
	copy(g.colCount, g.initCol)
	copy(g.lineCount, g.initLine)
	g.colShort, g.short = g.initColShort, g.initShort
	clear(g.placed)
	g.cut, g.atCut = 0, nil
}

// closeLine takes line i's cells in rows from.. out of avail.
func (g *general) closeLine(avail []uint64, i int32, from int) {
	for _, rc := range g.lines[i].cells {
		if rc.row >= from {
			avail[rc.row] &^= rc.cells
		}
	}
}

// run walks the whole tree; it returns false if it was stopped.
func (g *general) run() bool { return g.walk(0, 0) }

// walk places the queen of the given depth on a cell at row r or below, using avail[depth]. It returns
// false once stopped.
func (g *general) walk(depth, r int) bool {
	p := g.p
	if g.k.nodes++; g.k.nodes >= g.poll {
		if g.poll = g.k.nodes + g.every; g.k.stop() {
			g.k.stopped = true
			return false
		}
	}
	if depth == g.cut && g.atCut != nil {
		return g.atCut(g.path[:depth])
	}
	if depth == g.left {
		if g.colShort != 0 || g.short != 0 || !g.rowsMet(r) {
			return true // a lower end missed
		}
		g.count++
		if g.emit != nil {
			sol := make([]uint64, p.rows)
			for i := range sol {
				sol[i] = g.placed[i] | p.fixed[i]
			}
			return g.emit(sol)
		}
		return true
	}
	avail := g.avail[depth]
	need := g.left - depth
	for ; r < p.rows; r++ {
		if !g.feasible(avail, r, need) {
			return true
		}
		for w := avail[r]; w != 0; w &= w - 1 {
			bit := w & -w
			if !g.place(depth, r, bit, w&^bit) {
				return false
			}
		}
		if g.rowLo > 0 && g.rowCount[r] < g.rowLo {
			return true // the row still lacks queens, and no later queen can stand in it
		}
	}
	return true
}

// rowsMet reports whether the rows from r on, which the last queen did not reach, hold their lower ends.
func (g *general) rowsMet(r int) bool {
	if g.rowLo == 0 {
		return true
	}
	for ; r < g.p.rows; r++ {
		if g.rowCount[r] < g.rowLo {
			return false
		}
	}
	return true
}

// place puts the queen of the given depth on row r's cell bit, with rest the cells of the row after it
// still open, walks on from there and takes it off again. It returns false once stopped.
func (g *general) place(depth, r int, bit, rest uint64) bool {
	g.put(depth, r, bit, rest)
	ok := g.walk(depth+1, r)
	g.take(r, bit)
	return ok
}

// put stands the queen of the given depth on row r's cell bit: it fills avail[depth+1] with what stays
// open, and counts the queen in its row, column and lines.
func (g *general) put(depth, r int, bit, rest uint64) {
	p := g.p
	c := bits.TrailingZeros64(bit)
	avail, next := g.avail[depth], g.avail[depth+1]
	down := p.reach.down(r, c, p.rows)
	next[r] = rest &^ down[0]
	for rr := r + 1; rr < p.rows; rr++ {
		next[rr] = avail[rr] &^ down[rr-r]
	}
	// A row or a column of one queen at most is in the queen's reach already (plan.masked).
	g.rowCount[r]++
	if g.rowHi > 1 && g.rowCount[r] >= g.rowHi {
		next[r] = 0
	}
	g.colCount[c]++
	if g.colLo > 0 && g.colCount[c] <= g.colLo {
		g.colShort--
	}
	if g.colHi > 1 && g.colCount[c] >= g.colHi {
		for rr := r; rr < p.rows; rr++ {
			next[rr] &^= bit
		}
	}
	if len(g.lines) > 0 {
		for _, i := range g.of[r*p.cols+c] {
			g.lineCount[i]++
			l := &g.lines[i]
			if g.lineCount[i] <= l.lo {
				g.short--
			}
			if l.hi > 0 && g.lineCount[i] >= l.hi {
				g.closeLine(next, i, r)
			}
		}
	}
	g.placed[r] |= bit
	g.path[depth] = constraints.Cell{Row: r, Col: c}
}

// take undoes put.
func (g *general) take(r int, bit uint64) {
	p := g.p
	c := bits.TrailingZeros64(bit)
	g.placed[r] &^= bit
	g.rowCount[r]--
	if g.colLo > 0 && g.colCount[c] <= g.colLo {
		g.colShort++
	}
	g.colCount[c]--
	if len(g.lines) > 0 {
		for _, i := range g.of[r*p.cols+c] {
			if g.lineCount[i] <= g.lines[i].lo {
				g.short++
			}
			g.lineCount[i]--
		}
	}
}

// feasible reports whether need more queens may still fit in rows r.. of avail: no more than the open
// cells, no more than the rows with an open cell times what a row may hold, no more than the open
// columns times what a column may hold; and whether every row, column and line that lacks queens has
// open cells enough.
func (g *general) feasible(avail []uint64, r, need int) bool {
	cells, rows := 0, 0
	var union, twice, thrice uint64
	for rr, w := range avail[r:] {
		n := bits.OnesCount64(w)
		if g.rowLo > 0 && n < g.rowLo-g.rowCount[r+rr] {
			return false
		}
		if w != 0 {
			cells += n
			rows++
			thrice |= twice & w
			twice |= union & w
			union |= w
		}
	}
	bound := cells
	if g.rowHi > 0 {
		bound = min(bound, rows*g.rowHi)
	}
	if g.colHi > 0 {
		bound = min(bound, bits.OnesCount64(union)*g.colHi)
	}
	if bound < need {
		return false
	}
	if g.colLo > 0 {
		// A column's cells lie in distinct rows, so one that lacks two queens must be open in two rows.
		for c, n := range g.colCount {
			short := g.colLo - n
			if short > 0 && (union>>c&1 == 0 || short > 1 && twice>>c&1 == 0 || short > 2 && thrice>>c&1 == 0) {
				return false
			}
		}
	}
	for _, i := range g.lower {
		l := &g.lines[i]
		lack := l.lo - g.lineCount[i]
		if lack <= 0 {
			continue
		}
		open := 0
		for _, rc := range l.cells {
			if rc.row >= r {
				open += bits.OnesCount64(avail[rc.row] & rc.cells)
			}
		}
		if open < lack {
			return false
		}
	}
	return true
}

// replay stands the queens of a task's prefix as the walk placed them, and returns the depth and row
// the walk goes on from.
func (g *general) replay(prefix []constraints.Cell) (depth, r int) {
	for _, c := range prefix {
		bit := uint64(1) << c.Col
		g.put(depth, c.Row, bit, g.avail[depth][c.Row]&^(bit|(bit-1)))
		depth, r = depth+1, c.Row
	}
	return depth, r
}

// generalJob counts p's model on the general path, and with unique its classes, each solution tested for
// being the least of its class. Its tasks are the first queens placed: the first depth at which the search
// has at least minTasks placements, or the depth of every queen.
func (p *plan) generalJob(ctx context.Context, unique bool) (*job, error) {
	var group *constraints.Group
	if unique {
		var err error
		if group, err = p.m.Group(ctx); err != nil {
			return nil, err
		}
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	k := &ctl{stop: stop}
	g, err := newGeneral(p, k, nil)
	if err != nil {
		return nil, err
	}
	tasks := [][]constraints.Cell{nil}
	depth := 0
	// A task is a few queens placed: at least one queen short of a solution, so that it has work to do.
	for depth < g.left-1 && len(tasks) < minTasks {
		var next [][]constraints.Cell
		g.cut = depth + 1
		g.atCut = func(prefix []constraints.Cell) bool {
			next = append(next, slices.Clone(prefix))
			return len(next) <= maxTasks || depth == 0
		}
		if !g.run() {
			if k.stopped {
				return nil, ctx.Err()
			}
			break // past maxTasks: keep the level above
		}
		tasks, depth = next, depth+1
	}
	j := &job{method: General, tasks: len(tasks), key: fmt.Sprintf("%s %s depth=%d tasks=%d", General, p.board(), depth, len(tasks))}
	if unique {
		j.finish = classesFinish
	}
	// Each search's work space is a row mask per row and queen: kept from task to task.
	var pool sync.Pool
	pool.Put(g)
	j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
		var classes uint64
		var emit func([]uint64) bool
		if unique {
			emit = func(queens []uint64) bool {
				sol := make(constraints.Solution, 0, p.queens)
				for r, w := range queens {
					sol = cellsOf(sol, r, w)
				}
				if group.IsCanonical(sol) {
					classes++
				}
				return true
			}
		}
		g, _ := pool.Get().(*general)
		if g == nil {
			var err error
			if g, err = newGeneral(p, k, emit); err != nil {
				return solvers.Tally{}, err
			}
		}
		g.reset(k, emit)
		defer pool.Put(g)
		depth, r := g.replay(tasks[i])
		g.walk(depth, r)
		return solvers.Tally{Count: g.count, Classes: classes}, nil
	}
	return j, nil
}

// listGeneral walks every solution of p's model on the general path, in order.
func listGeneral(p *plan, k *ctl, emit func([]uint64) bool) (bool, error) {
	g, err := newGeneral(p, k, emit)
	if err != nil {
		return false, err
	}
	return g.run(), nil
}
