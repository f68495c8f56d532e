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
// per row, so it serves attack subsets, fewer queens than rows, models without the row attack, and quotas:
// it counts the queens of every row, column and region, closes a line or region once it is full, and
// cuts a branch once one can no longer reach its quota.
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

	rowRider, colRider bool
	q                  exactQuota
	rowCount, colCount []int
	regCount           []int
	// regionOf[r*cols+c] is the region of a cell, -1 for none; regionRows[i] lists region i's cells by
	// row. Both are nil unless the model asks a region quota.
	regionOf   []int32
	regionRows [][]rowCells
	colShort   int // queens the columns still lack in all
	regShort   int // queens the regions still lack in all
	open       []int

	// cut, when positive, ends the search at that depth, calling atCut with the queens placed: the tasks.
	cut   int
	atCut func([]constraints.Cell) bool

	// The state before any queen is placed, which reset restores.
	initAvail                  []uint64
	initRow, initCol, initReg  []int
	initColShort, initRegShort int
}

// exactQuota is the exact number of queens every row, column and region holds, 0 for none.
type exactQuota struct{ Row, Column, Region int }

type rowCells struct {
	row   int
	cells uint64
}

func newGeneral(p *plan, k *ctl, emit func([]uint64) bool) (*general, error) {
	m := p.m
	left := p.queens - len(m.Fixed)
	if (left+1)*p.rows > maxGeneralWords {
		return nil, fmt.Errorf("backtrack: %d queens on %d rows: too large for the general path: %w", p.queens, p.rows, solvers.ErrUnsupported)
	}
	riders := m.Attack.Riders()
	g := &general{p: p, left: left, k: k, emit: emit, placed: make([]uint64, p.rows), q: exactQuota{m.Each.Row.Hi, m.Each.Column.Hi, m.Each.Region.Hi},
		rowRider: slices.Contains(riders, vecRow), colRider: slices.Contains(riders, vecColumn), poll: pollEvery}
	g.avail = make([][]uint64, left+1)
	for i := range g.avail {
		g.avail[i] = make([]uint64, p.rows)
	}
	g.path = make([]constraints.Cell, left)
	start := g.avail[0]
	copy(start, p.open)
	g.rowCount, g.colCount = make([]int, p.rows), make([]int, p.cols)
	for _, f := range m.Fixed {
		g.rowCount[f.Row]++
		g.colCount[f.Col]++
	}
	if g.q.Region > 0 {
		rg := m.Regions
		g.regCount = make([]int, rg.Count())
		g.open = make([]int, rg.Count())
		g.regionOf = make([]int32, p.rows*p.cols)
		g.regionRows = make([][]rowCells, rg.Count())
		for r := range p.rows {
			for c := range p.cols {
				i := rg.At(constraints.Cell{Row: r, Col: c})
				g.regionOf[r*p.cols+c] = int32(i)
				if i < 0 {
					continue
				}
				rows := g.regionRows[i]
				if n := len(rows); n > 0 && rows[n-1].row == r {
					rows[n-1].cells |= 1 << c
				} else {
					g.regionRows[i] = append(rows, rowCells{r, 1 << c})
				}
			}
		}
		for _, f := range m.Fixed {
			if i := g.regionOf[f.Row*p.cols+f.Col]; i >= 0 {
				g.regCount[i]++
			}
		}
		for i, n := range g.regCount {
			g.regShort += g.q.Region - n
			if n == g.q.Region {
				g.closeRegion(start, i, 0)
			}
		}
	}
	for r, n := range g.rowCount {
		if g.q.Row > 0 && n == g.q.Row {
			start[r] = 0
		}
	}
	for c, n := range g.colCount {
		if g.q.Column > 0 {
			g.colShort += g.q.Column - n
			if n == g.q.Column {
				for r := range start {
					start[r] &^= 1 << c
				}
			}
		}
	}
	g.initAvail = slices.Clone(start)
	g.initRow, g.initCol, g.initReg = slices.Clone(g.rowCount), slices.Clone(g.colCount), slices.Clone(g.regCount)
	g.initColShort, g.initRegShort = g.colShort, g.regShort
	return g, nil
}

// reset readies g for another search, as newGeneral left it, with k and emit.
func (g *general) reset(k *ctl, emit func([]uint64) bool) {
	g.k, g.emit, g.count, g.poll = k, emit, 0, pollEvery
	copy(g.avail[0], g.initAvail)
	copy(g.rowCount, g.initRow)
	copy(g.colCount, g.initCol)
	copy(g.regCount, g.initReg)
	g.colShort, g.regShort = g.initColShort, g.initRegShort
	clear(g.placed)
	g.cut, g.atCut = 0, nil
}

// closeRegion takes region i's cells in rows from..  out of avail.
func (g *general) closeRegion(avail []uint64, i, from int) {
	for _, rc := range g.regionRows[i] {
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
		if g.poll = g.k.nodes + pollEvery; g.k.stop() {
			g.k.stopped = true
			return false
		}
	}
	if depth == g.cut && g.atCut != nil {
		return g.atCut(g.path[:depth])
	}
	if depth == g.left {
		if g.colShort != 0 || g.regShort != 0 {
			return true // a quota missed, which only queens outside any region can do
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
		if g.q.Row > 0 && g.rowCount[r] < g.q.Row {
			return true // the row still lacks queens, and no later queen can stand in it
		}
	}
	return true
}

// place puts the queen of the given depth on row r's cell bit, with rest the cells of the row after it
// still open, walks on from there and takes it off again. It returns false once stopped.
func (g *general) place(depth, r int, bit, rest uint64) bool {
	region := g.put(depth, r, bit, rest)
	ok := g.walk(depth+1, r)
	g.take(r, bit, region)
	return ok
}

// put stands the queen of the given depth on row r's cell bit: it fills avail[depth+1] with what stays
// open, and counts the queen in its row, column and region, which it returns (-1 for none).
func (g *general) put(depth, r int, bit, rest uint64) int32 {
	p := g.p
	c := bits.TrailingZeros64(bit)
	avail, next := g.avail[depth], g.avail[depth+1]
	next[r] = rest &^ p.reach[0][c]
	for rr := r + 1; rr < p.rows; rr++ {
		next[rr] = avail[rr] &^ p.reach[rr-r][c]
	}
	g.rowCount[r]++
	if g.q.Row > 0 && g.rowCount[r] == g.q.Row {
		next[r] = 0
	}
	g.colCount[c]++
	if g.q.Column > 0 {
		g.colShort--
		if g.colCount[c] == g.q.Column {
			for rr := r; rr < p.rows; rr++ {
				next[rr] &^= bit
			}
		}
	}
	region := int32(-1)
	if g.regionOf != nil {
		if region = g.regionOf[r*p.cols+c]; region >= 0 {
			g.regCount[region]++
			g.regShort--
			if g.regCount[region] == g.q.Region {
				g.closeRegion(next, int(region), r)
			}
		}
	}
	g.placed[r] |= bit
	g.path[depth] = constraints.Cell{Row: r, Col: c}
	return region
}

// take undoes put.
func (g *general) take(r int, bit uint64, region int32) {
	c := bits.TrailingZeros64(bit)
	g.placed[r] &^= bit
	g.rowCount[r]--
	g.colCount[c]--
	if g.q.Column > 0 {
		g.colShort++
	}
	if region >= 0 {
		g.regCount[region]--
		g.regShort++
	}
}

// feasible reports whether need more queens may still fit in rows r.. of avail: no more than the open
// cells, no more than the rows with an open cell when rows attack, no more than the open columns when
// columns attack; and whether every row, column and region that lacks queens has open cells enough.
func (g *general) feasible(avail []uint64, r, need int) bool {
	cells, rows := 0, 0
	var union, twice, thrice uint64
	for rr, w := range avail[r:] {
		n := bits.OnesCount64(w)
		if g.q.Row > 0 && n < g.q.Row-g.rowCount[r+rr] {
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
	if g.rowRider {
		bound = min(bound, rows)
	}
	if g.colRider {
		bound = min(bound, bits.OnesCount64(union))
	}
	if bound < need {
		return false
	}
	if g.q.Column > 0 {
		// A column's cells lie in distinct rows, so one that lacks two queens must be open in two rows.
		for c, n := range g.colCount {
			short := g.q.Column - n
			if short > 0 && (union>>c&1 == 0 || short > 1 && twice>>c&1 == 0 || short > 2 && thrice>>c&1 == 0) {
				return false
			}
		}
	}
	if g.q.Region > 0 {
		clear(g.open)
		for i, rows := range g.regionRows {
			if g.regCount[i] == g.q.Region {
				continue
			}
			for _, rc := range rows {
				if rc.row >= r {
					g.open[i] += bits.OnesCount64(avail[rc.row] & rc.cells)
				}
			}
			if g.open[i] < g.q.Region-g.regCount[i] {
				return false
			}
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
	stop, release := stopFlag(ctx)
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
