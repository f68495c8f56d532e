// Package slopes counts points on a flat board with one or two on every row, at most two on every
// straight line of any slope, and a range on the columns: A000755's no-three-in-line problem (two per row
// and column). Its plan lists for every two cells in different rows and columns the other cells of the
// line through them, so that a point placed closes, with each point before it, the rest of their line;
// rows and columns close by their counts.
//
// The search (search.go) branches on the row or column with the fewest open cells to spare, and breaks
// the symmetry by the board's frame, its border rows and columns: a map of the model's group takes the
// solutions around one frame onto those around its image, so only the solutions whose frame is the least
// of its images are counted, each weighted by the number of those images. A branch is cut as soon as the
// frame cells decided so far show that an image is less, whatever the order they were decided in.
//
// New builds the plan from a constraints.Program alone (its families, blocked cells and fixed points), or
// says what the model lacks for it; the Job is a solvers.Job whose tasks are the points of the search's
// first levels.
package slopes

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/solvers"
)

// maxEntries bounds the table of lines, in cells, and maxSide the board's rows and columns.
const (
	maxEntries = 1 << 25
	maxSide    = 32
)

// Task lists aim at minTasks tasks, enough for progress, shards and every thread, and a level of the
// search is not taken whole past maxTasks, which bounds the memory the list holds. pollEvery is how many
// nodes a search visits between two looks at its stop flag.
const (
	minTasks  = 1024
	maxTasks  = 1 << 16
	pollEvery = 1 << 14
)

var errOverflow = fmt.Errorf("slopes: %w", solvers.ErrOverflow)

// plan is what the search reads of the model.
type plan struct {
	rows, cols int
	perRow     int // the points of every row
	colLo      int // the least points of a column
	colHi      int // the most points of a column: 2, or 1 where the column quota says so
	queens     int
	// lineStart and lineCells hold, for cells x and y in different rows and columns (indices r·cols+c),
	// the other cells of the line through them: lineCells[lineStart[x·n+y]:lineStart[x·n+y+1]], n the
	// board's cells, each packed as row<<8 | column.
	lineStart []int32
	lineCells []uint16
	// words is the words of a board's bit set, a bit per cell index; withLine[x·words:][:words] holds the
	// cells y whose line with x has other cells, so that a point placed skips the points whose line with
	// it closes nothing.
	words    int
	withLine []uint64
	// open holds the cells open at the start, by row: not blocked, not a fixed point.
	open  []uint64
	fixed []int // the fixed points, as cell indices
	// frame lists the border cells in row-major order, as canonical reads them; border marks them, by row.
	frame  []frameCell
	border []uint64
	// images[g][i] is the cell that the g-th map of the model's group, the identity left out, takes onto
	// frame[i]; order is the group's order.
	images [][]frameCell
	order  uint64
	// first are the rows the search completes before any other: the first and the last, where the group
	// has more than the identity, so that their comparisons with their images cut early.
	first []int
}

// Job is the slopes kernel's plan for a model and its task list: the job that counts the model.
type Job struct {
	sp    *plan
	depth int     // the depth of the search the tasks start at
	tasks [][]int // each task's points, the fixed ones first
	pool  sync.Pool
}

var _ solvers.Job = (*Job)(nil)

// needs says what the kernel takes.
const needs = "needs a flat board of at most 32 rows and columns with exactly one or two points on every row, at most two on every line of every slope, a column range within that, and nothing else"

// New builds the slopes kernel's job for p's model, or says why the model does not take it: a row quota
// of exactly one or two, every row filled, a column range of at most two, at most two points on every
// line of every slope, and nothing else, on a flat board of at most 32 rows and columns. stop, if set, is
// polled while the table of lines and the task list are built; once it turns true New returns
// "stopped".
func New(p *constraints.Program, stop func() bool) (*Job, string) {
	if stop == nil {
		stop = func() bool { return false }
	}
	sp, why := compile(p, stop)
	if sp == nil {
		return nil, why
	}
	j := &Job{sp: sp}
	if !j.split(stop) {
		return nil, "stopped"
	}
	return j, ""
}

// compile builds the plan after checking that the program asks what the kernel carries.
func compile(p *constraints.Program, stop func() bool) (*plan, string) {
	r := p.Read()
	k, exact := r.RowRange.Exact()
	switch {
	case p.Rows > maxSide || p.Cols > maxSide || p.Surface != constraints.Flat || !exact || k > 2 || p.Queens != k*p.Rows:
		return nil, needs
	case len(r.Riders) > 0 || len(r.Excluding) > 0 || len(p.Leaps) > 0 || !r.Region.IsZero():
		return nil, needs
	case len(r.Counted) != 1 || r.Counted[0].Shape != constraints.ShapeOther || r.Counted[0].Range != constraints.AtMost(2):
		return nil, needs
	case r.ColRange.Lo > 2:
		return nil, needs
	}
	if !slices.Equal(r.Counted[0].Dirs, constraints.LineDirs(p.Rows, p.Cols, 2)) {
		return nil, needs + ": the line family does not hold every slope"
	}
	n := p.Rows * p.Cols
	sp := &plan{rows: p.Rows, cols: p.Cols, perRow: k, colLo: r.ColRange.Lo, colHi: 2, queens: p.Queens}
	if !r.ColRange.IsZero() && r.ColRange.Hi < 2 {
		sp.colHi = r.ColRange.Hi
	}
	if sp.colLo > sp.colHi {
		return nil, needs
	}
	if why := sp.walkLines(n, stop); why != "" {
		return nil, why
	}
	// The fixed points close their lines, rows and columns when the search places them.
	sp.open = make([]uint64, p.Rows)
	for r := range sp.open {
		sp.open[r] = 1<<p.Cols - 1
	}
	for _, f := range p.Fixed {
		sp.fixed = append(sp.fixed, f.Row*p.Cols+f.Col)
		sp.open[f.Row] &^= 1 << f.Col
	}
	for _, b := range p.Blocked {
		sp.open[b.Row] &^= 1 << b.Col
	}
	sp.buildFrame()
	sp.order = 1 // the identity
	for _, t := range turns(p) {
		sp.order++
		s := constraints.Symmetry{Turn: t}
		inv := make([]int, n)
		for x := range inv {
			c := s.Apply(constraints.Cell{Row: x / p.Cols, Col: x % p.Cols}, p.Rows, p.Cols)
			inv[c.Row*p.Cols+c.Col] = x
		}
		img := make([]frameCell, len(sp.frame))
		for i, f := range sp.frame {
			y := inv[int(f.row)*p.Cols+bits.TrailingZeros64(f.bit)]
			img[i] = frameCell{int32(y / p.Cols), 1 << (y % p.Cols)}
		}
		sp.images = append(sp.images, img)
	}
	if sp.order > 1 {
		sp.first = []int{0, p.Rows - 1}
	}
	return sp, ""
}

// turns returns the turns of the board other than the identity that keep p's model, which the kernel
// took: a flat board keeps its lines of every slope under every turn that fits it, so a turn keeps the
// model when it fits the board, keeps the blocked cells and the fixed points, and, where it turns rows
// into columns, finds on the columns what the rows ask.
func turns(p *constraints.Program) []constraints.Turn {
	var out []constraints.Turn
	for t := constraints.Identity + 1; t <= constraints.AntiTranspose; t++ {
		if t.SwapsSides() && (p.Rows != p.Cols || asked(p, constraints.ShapeRows) != asked(p, constraints.ShapeColumns)) {
			continue
		}
		s := constraints.Symmetry{Turn: t}
		if s.KeepsSet(p.Blocked, p.Rows, p.Cols) && s.KeepsSet(p.Fixed, p.Rows, p.Cols) {
			out = append(out, t)
		}
	}
	return out
}

// ask is what the families of one shape ask: the range of queens on each line, and whether a rider's.
type ask struct {
	r     constraints.Range
	rider bool
}

// asked returns what p's families of shape s ask of their lines.
func asked(p *constraints.Program, s constraints.Shape) ask {
	var a ask
	for _, f := range p.Families {
		if f.Shape == s {
			a.r, _ = a.r.Meet(f.Range)
			a.rider = a.rider || f.Rider
		}
	}
	return a
}

// walkLines fills lineStart and lineCells, stepping from x along the line through y both ways to the
// edges; it returns why not where the table would be too large.
func (sp *plan) walkLines(n int, stop func() bool) string {
	if int64(n)*int64(n) > maxEntries {
		return fmt.Sprintf("a board of %d cells is too large for the table of lines", n)
	}
	sp.lineStart = make([]int32, n*n+1)
	sp.words = (n + 63) / 64
	sp.withLine = make([]uint64, n*sp.words)
	for x := range n {
		if x%64 == 0 && stop() {
			return "stopped"
		}
		xr, xc := x/sp.cols, x%sp.cols
		for y := range n {
			sp.lineStart[x*n+y] = int32(len(sp.lineCells))
			yr, yc := y/sp.cols, y%sp.cols
			if xr == yr || xc == yc {
				continue // rows and columns close by their counts
			}
			g := intmath.GCD(intmath.Abs(yr-xr), intmath.Abs(yc-xc))
			dr, dc := (yr-xr)/g, (yc-xc)/g
			for _, sign := range [2]int{1, -1} {
				for r, c := xr+sign*dr, xc+sign*dc; r >= 0 && r < sp.rows && c >= 0 && c < sp.cols; r, c = r+sign*dr, c+sign*dc {
					if r*sp.cols+c != y {
						sp.lineCells = append(sp.lineCells, uint16(r<<8|c))
					}
				}
			}
			if int32(len(sp.lineCells)) > sp.lineStart[x*n+y] {
				sp.withLine[x*sp.words+y/64] |= 1 << (y % 64)
			}
			if len(sp.lineCells) > maxEntries {
				return fmt.Sprintf("a board of %d cells is too large for the table of lines", n)
			}
		}
	}
	sp.lineStart[n*n] = int32(len(sp.lineCells))
	return ""
}

// frameCell is a cell of the frame: its row, and its column as a mask.
type frameCell struct {
	row int32
	bit uint64
}

// buildFrame lists the border cells.
func (sp *plan) buildFrame() {
	sp.border = make([]uint64, sp.rows)
	for r := range sp.rows {
		for c := range sp.cols {
			if r == 0 || r == sp.rows-1 || c == 0 || c == sp.cols-1 {
				sp.frame = append(sp.frame, frameCell{int32(r), 1 << c})
				sp.border[r] |= 1 << c
			}
		}
	}
}

// line returns the other cells of the line through cells x and y.
func (sp *plan) line(x, y int) []uint16 {
	i := x*sp.rows*sp.cols + y
	return sp.lineCells[sp.lineStart[i]:sp.lineStart[i+1]]
}

// split makes the task list: the points placed at the first depth of the search with at least minTasks
// nodes, the fixed points first; the search's state at a node is a function of its points alone. It
// returns false once stop turned true.
func (j *Job) split(stop func() bool) bool {
	sp := j.sp
	k := &ctl{stop: stop}
	s := newSearch(sp, k)
	s.reset()
	tasks := [][]int{slices.Clone(s.points)} // the fixed points
	depth := 0
	for len(tasks) < minTasks {
		var next [][]int
		s.reset()
		s.cut = depth + 1
		s.atCut = func(points []int) bool {
			next = append(next, slices.Clone(points))
			return len(next) <= maxTasks
		}
		done := s.search(0, -1)
		if k.stopped {
			return false
		}
		if !done || len(next) == 0 || sameTasks(next, tasks) {
			break // past maxTasks, or no deeper: keep the level above
		}
		tasks, depth = next, depth+1
	}
	j.tasks, j.depth = tasks, depth
	return true
}

// Method names the way the job counts.
func (j *Job) Method() string { return "slopes" }

// Key describes the task list: the order of the group whose frames it counts once, the depth of the
// tasks and their number.
func (j *Job) Key() string {
	return fmt.Sprintf("group=%d depth=%d tasks=%d", j.sp.order, j.depth, len(j.tasks))
}

// Tasks returns the number of tasks.
func (j *Job) Tasks() int { return len(j.tasks) }

// Run counts task i: the solutions below its points, each weighted by its frame's images. It returns
// ctx's error, and no count, once ctx is done.
func (j *Job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(j.tasks) {
		return solvers.Tally{}, fmt.Errorf("slopes: task %d of %d: out of range", i, len(j.tasks))
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	k := &ctl{stop: stop}
	// A search's stack of states is kept from task to task.
	s, _ := j.pool.Get().(*searcher)
	if s == nil {
		s = newSearch(j.sp, k)
	}
	defer j.pool.Put(s)
	s.k, s.poll, s.count, s.overflow = k, k.nodes+pollEvery, 0, false
	s.reset()
	for _, x := range j.tasks[i][len(j.sp.fixed):] {
		s.place(x)
	}
	s.search(j.depth, -1)
	switch {
	case k.stopped:
		if err := ctx.Err(); err != nil {
			return solvers.Tally{}, err
		}
		return solvers.Tally{}, errStopped
	case s.overflow:
		return solvers.Tally{}, errOverflow
	}
	return solvers.Tally{Count: s.count, Nodes: k.nodes}, nil
}

// Finish returns the number of solutions: the sum of the tasks' counts. The kernel counts no classes.
func (j *Job) Finish(sum solvers.Tally) (uint64, *uint64, error) { return sum.Count, nil, nil }

var errStopped = fmt.Errorf("slopes: stopped")

// sameTasks reports whether two lists of tasks are the same: a level that went no deeper.
func sameTasks(a, b [][]int) bool {
	return slices.EqualFunc(a, b, func(x, y []int) bool { return slices.Equal(x, y) })
}

// canonical compares the frame decided so far with its images: it returns false when some image is
// surely less (the frame is not the least of its class), and, when every frame cell is decided, the
// number of its distinct images (0 until then). A frame is read as its cells in row-major order, a point
// before an empty cell: the least frame is the one whose first difference from another holds a point. A
// cell is decided once it is no longer open: a point, or empty for good. Decided cells stay so below a
// node, so the comparison with each image goes on from where it stopped at the node's parent (the state's
// cmp), and an image found greater is done with for the whole subtree.
func (s *searcher) canonical(whole bool) (bool, uint64) {
	sp := s.sp
	st := s.state()
	open := &st.open
	same := uint64(1) // the identity
	for g, img := range sp.images {
		i := int(st.cmp[g])
		if i < 0 {
			continue // the image is greater
		}
		for ; i < len(sp.frame); i++ {
			// The image holds a point on x where the frame holds one on the cell the map takes onto x.
			x, y := sp.frame[i], img[i]
			if open[x.row&31]&x.bit != 0 || open[y.row&31]&y.bit != 0 {
				break
			}
			if a, b := s.onRow[x.row]&x.bit != 0, s.onRow[y.row]&y.bit != 0; a != b {
				if b {
					return false, 0
				}
				i = -1
				break
			}
		}
		st.cmp[g] = int16(i)
		if i == len(sp.frame) {
			same++
		}
	}
	if !whole {
		return true, 0
	}
	return true, sp.order / same
}
