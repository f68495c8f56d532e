package backtrack

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

// The slopes kernel (route Slopes) counts points on a flat board with one or two on every row, at most
// two on every straight line of any slope, and a range on the columns: A000755's no-three-in-line
// problem (two per row and column). Its plan, built here, lists for every two cells in different rows and
// columns the other cells of the line through them, so that a point placed closes, with each point
// before it, the rest of their line; rows and columns close by their counts.
//
// The search (slopesearch.go) branches on the row or column with the fewest open cells to spare, and
// breaks the symmetry by the board's frame, its border rows and columns: a map of the model's group takes
// the solutions around one frame onto those around its image, so only the solutions whose frame is the
// least of its images are counted, each weighted by the number of those images. A branch is cut as soon
// as the frame cells decided so far show that an image is less, whatever the order they were decided in.

// maxSlopeEntries bounds the slopes kernel's table of lines, in cells, and maxSlopeSide its board's
// rows and columns.
const (
	maxSlopeEntries = 1 << 25
	maxSlopeSide    = 32
)

// slopePlan is the slopes kernel's plan.
type slopePlan struct {
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

// slopes returns the plan of the slopes kernel for p, built once, or why p's model does not take it.
func (p *plan) slopes(ctx context.Context) (*slopePlan, string) {
	if p.slopePlan == nil && p.slopeWhy == "" {
		p.slopePlan, p.slopeWhy = p.compileSlopes(ctx)
	}
	return p.slopePlan, p.slopeWhy
}

// slopesFits is the route's test.
func slopesFits(p *plan) string {
	_, why := p.slopes(context.Background())
	return why
}

// compileSlopes builds the plan after checking that the program asks what the kernel carries: a row
// quota of exactly one or two, every row filled, a column range of at most two, at most two points on
// every line of every slope, and nothing else.
func (p *plan) compileSlopes(ctx context.Context) (*slopePlan, string) {
	const needs = "needs a flat board of at most 32 rows and columns with exactly one or two points on every row, at most two on every line of every slope, a column range within that, and nothing else"
	m := p.m
	k, exact := p.rowRange.Exact()
	switch {
	case !p.words || p.rows > maxSlopeSide || p.cols > maxSlopeSide || m.Surface != constraints.Flat || !exact || k > 2 || p.queens != k*p.rows:
		return nil, needs
	case len(p.riders) > 0 || len(p.excluding) > 0 || len(p.leapers) > 0 || !p.region.IsZero():
		return nil, needs
	case len(p.counted) != 1 || p.counted[0].Shape != constraints.ShapeOther || p.counted[0].Range != constraints.AtMost(2):
		return nil, needs
	case p.colRange.Lo > 2:
		return nil, needs
	}
	if !slices.Equal(p.counted[0].Dirs, constraints.LineDirs(p.rows, p.cols, 2)) {
		return nil, needs + ": the line family does not hold every slope"
	}
	n := p.rows * p.cols
	sp := &slopePlan{rows: p.rows, cols: p.cols, perRow: k, colLo: p.colRange.Lo, colHi: 2, queens: p.queens}
	if !p.colRange.IsZero() && p.colRange.Hi < 2 {
		sp.colHi = p.colRange.Hi
	}
	if sp.colLo > sp.colHi {
		return nil, needs
	}
	if err := sp.walkLines(ctx, n); err != "" {
		return nil, err
	}
	sp.open = slices.Clone(p.open)
	for _, f := range p.prog.Fixed {
		sp.fixed = append(sp.fixed, f.Row*p.cols+f.Col)
		sp.open[f.Row] &^= 1 << f.Col
	}
	// p.open leaves out what a fixed queen attacks by the riders, of which there are none here: the fixed
	// points close their lines when the search places them.
	for _, b := range p.prog.Blocked {
		sp.open[b.Row] &^= 1 << b.Col
	}
	sp.buildFrame()
	group, err := m.Group(ctx)
	if err != nil {
		return nil, "stopped: " + err.Error()
	}
	for s := range group.All() {
		sp.order++
		if sp.order == 1 {
			continue // the identity
		}
		inv := make([]int, n)
		for x := range inv {
			c := s.Apply(constraints.Cell{Row: x / p.cols, Col: x % p.cols}, p.rows, p.cols)
			inv[c.Row*p.cols+c.Col] = x
		}
		img := make([]frameCell, len(sp.frame))
		for i, f := range sp.frame {
			y := inv[int(f.row)*p.cols+bits.TrailingZeros64(f.bit)]
			img[i] = frameCell{int32(y / p.cols), 1 << (y % p.cols)}
		}
		sp.images = append(sp.images, img)
	}
	if len(sp.images) > len(slopeState{}.cmp) {
		return nil, needs + ": a group of at most 8 maps"
	}
	if sp.order > 1 {
		sp.first = []int{0, p.rows - 1}
	}
	return sp, ""
}

// walkLines fills lineStart and lineCells, stepping from x along the line through y both ways to the
// edges; it returns why not where the table would be too large.
func (sp *slopePlan) walkLines(ctx context.Context, n int) string {
	if int64(n)*int64(n) > maxSlopeEntries {
		return fmt.Sprintf("a board of %d cells is too large for the slopes kernel's table of lines", n)
	}
	sp.lineStart = make([]int32, n*n+1)
	sp.words = (n + 63) / 64
	sp.withLine = make([]uint64, n*sp.words)
	for x := range n {
		if x%64 == 0 && ctx.Err() != nil {
			return "stopped: " + ctx.Err().Error()
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
			if len(sp.lineCells) > maxSlopeEntries {
				return fmt.Sprintf("a board of %d cells is too large for the slopes kernel's table of lines", n)
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
func (sp *slopePlan) buildFrame() {
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
func (sp *slopePlan) line(x, y int) []uint16 {
	i := x*sp.rows*sp.cols + y
	return sp.lineCells[sp.lineStart[i]:sp.lineStart[i+1]]
}

// slopesJob counts p's model by the slopes kernel. Its tasks are the points placed at the first depth of
// the search with at least minTasks nodes, the fixed points first: the search's state at a node is a
// function of its points alone.
func slopesJob(ctx context.Context, p *plan, _ bool) (*job, error) {
	sp, why := p.slopes(ctx)
	if sp == nil {
		return nil, fmt.Errorf("backtrack: %s: %w", why, solvers.ErrUnsupported)
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	k := &ctl{stop: stop}
	s := newSlopeSearch(sp, k)
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
			return nil, ctx.Err()
		}
		if !done || len(next) == 0 || sameTasks(next, tasks) {
			break // past maxTasks, or no deeper: keep the level above
		}
		tasks, depth = next, depth+1
	}
	s.cut, s.atCut = 0, nil
	j := &job{method: Slopes, tasks: len(tasks), key: fmt.Sprintf("%s %s group=%d depth=%d tasks=%d", Slopes, p.board(), sp.order, depth, len(tasks))}
	// A search's stack of states is kept from task to task.
	var pool sync.Pool
	j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
		s, _ := pool.Get().(*slopeSearch)
		if s == nil {
			s = newSlopeSearch(sp, k)
		}
		defer pool.Put(s)
		s.k, s.poll, s.count, s.overflow = k, k.nodes+pollEvery, 0, false
		s.reset()
		for _, x := range tasks[i][len(sp.fixed):] {
			s.place(x)
		}
		s.search(depth, -1)
		if s.overflow {
			return solvers.Tally{}, errOverflow
		}
		return solvers.Tally{Count: s.count}, nil
	}
	return j, nil
}

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
func (s *slopeSearch) canonical(whole bool) (bool, uint64) {
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
