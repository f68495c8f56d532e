// Package rowpairs counts queens on a twisted surface, a Möbius strip or a Klein bottle, where the row
// rider's lines are pairs of rows, r and rows−1−r, and there are as many queens as pairs: one on each
// (A137279's problem on the Möbius strip). It places the pairs one after another, a queen on either row
// of each, and carries the columns taken as a mask and the diagonals taken as a ring of bits. On the
// double cover (see constraints/cover.go) a diagonal is a residue of column − row, and a cell lies on two
// of them, one through each of its lifts; a diagonal that crosses the twist comes back as an
// anti-diagonal, so the two riders share one ring. The cells of row r a ring forbids are the ring turned
// by r's two offsets, and both rows of a pair sit in one word, the upper row low.
//
// Where the twisted shift by one column keeps the model, it carries every cell of a pair onto every
// other: the first pair's queen stands in column 0 of its upper row, for the pair's every cell. Where the
// mirror that fixes column 0 keeps the model too, it halves the next choice.
//
// New builds the plan from a constraints.Program alone (its families, their walked lines, blocked cells
// and fixed queens), or says what the model lacks for it; the Job is a solvers.Job whose tasks are the
// placements of the first pairs.
package rowpairs

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/solvers"
)

// Task lists aim at minTasks tasks, enough for progress, shards and every thread, and a level is not
// taken whole past maxTasks, which bounds the memory the list holds. pollEvery is how many backtracks a
// search makes between two looks at its stop flag. maxRows bounds the board's rows, as the backtracker's
// words do.
const (
	minTasks  = 1024
	maxTasks  = 1 << 16
	pollEvery = 1 << 14
	maxRows   = 1 << 16
)

var errOverflow = fmt.Errorf("rowpairs: %w", solvers.ErrOverflow)

// The riders the kernel carries, canonical.
var (
	vecRow  = constraints.Vec{DR: 0, DC: 1}
	vecDiag = constraints.Vec{DR: 1, DC: 1}
	vecAnti = constraints.Vec{DR: 1, DC: -1}
)

// pairPlan is the row-pair kernel's plan.
type pairPlan struct {
	rows, cols int
	ring       int    // the diagonals are residues modulo ring
	ringMask   uint64 // its ring low bits
	levels     []pairLevel
	// pinned says the first level's queen stands in column 0 of its upper row, weighted by weight.
	pinned bool
	weight uint64
	// mirror[l][b] is the bit of level l that the mirror fixing column 0 takes bit b to; nil where the
	// mirror does not keep the model.
	mirror [][]int8
	// folded says the ring is twice as long as a row and every pair's lower row reads it half a turn
	// from its upper row, with the two offsets swapped (a Möbius strip): two turns of the ring then give
	// both rows' forbidden cells at once, the upper row's low.
	folded bool
}

// pairLevel is one pair of rows: top and bot (the same row in the middle of a board of odd height).
type pairLevel struct {
	top, bot int
	// allowed holds the open cells: top's in the low cols bits, bot's above them.
	allowed uint64
	// A cell (r, c) lies on the diagonals (c + off[0]) and (c + off[1]) modulo ring: turning the ring
	// right by those offsets lines its taken diagonals up with row r's columns. topOff and botOff are
	// the two rows' offsets.
	topOff, botOff [2]uint
	// colOf[b] and ringOf[b] are the columns (in both rows' halves) and the diagonals that a queen on bit
	// b takes.
	colOf, ringOf []uint64
}

// Job is the row-pair kernel's plan for a model and its task list: the job that counts the model.
type Job struct {
	pp      *pairPlan
	surface constraints.Surface
	tasks   []pairTask
}

var _ solvers.Job = (*Job)(nil)

// needs says what the kernel takes.
const needs = "needs one queen on each line of the row rider on a twisted surface (pairs of rows), the column rider or nothing on columns, the diagonals, no leaper, region or quota, at most 32 columns"

// New builds the row-pair kernel's job for p's model, or says why the model does not take it: one queen
// on each line of the row rider on a Möbius strip or a Klein bottle (a pair of rows), the column rider or
// a column quota of one at most, the diagonals, nothing else, at most 32 columns. stop, if set, is polled
// while the task list is built; once it turns true New returns "stopped".
func New(p *constraints.Program, stop func() bool) (*Job, string) {
	if stop == nil {
		stop = func() bool { return false }
	}
	pp, why := compile(p)
	if pp == nil {
		return nil, why
	}
	tasks, ok := pp.tasks(stop)
	if !ok {
		return nil, "stopped"
	}
	return &Job{pp: pp, surface: p.Surface, tasks: tasks}, ""
}

// compile builds the row-pair plan, after checking that the program's lines are what the kernel
// carries: the row rider's lines are pairs of rows, the diagonals are the ring's residues.
func compile(p *constraints.Program) (*pairPlan, string) {
	r := p.Read()
	rows, cols := p.Rows, p.Cols
	pairs := (rows + 1) / 2
	switch {
	case rows > maxRows || !p.Surface.Twisted() || 2*cols > 64:
		return nil, needs
	case !slices.Contains(r.Riders, vecRow) || !subsetOf(r.Riders, vecRow, vecDiag, vecAnti):
		return nil, needs
	case p.Queens != pairs || !r.RowRange.IsZero() || (!r.ColRange.IsZero() && r.ColRange != constraints.AtMost(1)):
		return nil, needs
	case len(p.Leaps) > 0 || !r.Region.IsZero() || len(r.Counted) > 0 || r.Rest != nil:
		return nil, needs
	}
	pp := &pairPlan{rows: rows, cols: cols, ring: 2 * cols}
	if p.Surface.WrapsRows() {
		pp.ring = intmath.GCD(rows, 2*cols)
	}
	diagonals := slices.Contains(r.Riders, vecDiag) || slices.Contains(r.Riders, vecAnti)
	if diagonals && pp.ring < cols {
		return nil, needs + ": a ring of diagonals at least as long as a row"
	}
	pp.ringMask = mask(pp.ring)
	if why := pp.check(r.Excluding); why != "" {
		return nil, why
	}
	open, fixed, why := openCells(p)
	if why != "" {
		return nil, why
	}
	colOn := r.ColRange == constraints.AtMost(1)
	for _, i := range pp.order(pairs) {
		top, bot := i, rows-1-i
		if fixed[top] != 0 || fixed[bot] != 0 {
			continue // placed already; open holds what the fixed queen attacks
		}
		lv := pairLevel{top: top, bot: bot, allowed: open[top], topOff: pp.offsets(top), botOff: pp.offsets(bot)}
		if bot != top {
			lv.allowed |= open[bot] << cols
		}
		lv.colOf, lv.ringOf = make([]uint64, 2*cols), make([]uint64, 2*cols)
		for b := range 2 * cols {
			r, c := top, b
			if b >= cols {
				r, c = bot, b-cols
			}
			if colOn {
				lv.colOf[b] = 1<<c | 1<<(c+cols)
			}
			if diagonals {
				o := pp.offsets(r)
				lv.ringOf[b] = 1<<((c+int(o[0]))%pp.ring) | 1<<((c+int(o[1]))%pp.ring)
			}
		}
		pp.levels = append(pp.levels, lv)
	}
	pp.folded = pp.ring == 2*cols
	for _, lv := range pp.levels {
		half := uint(cols)
		if lv.top != lv.bot && lv.botOff != [2]uint{(lv.topOff[1] + half) % uint(pp.ring), (lv.topOff[0] + half) % uint(pp.ring)} {
			pp.folded = false
		}
	}
	pp.symmetries(p, open)
	return pp, ""
}

// openCells returns, by row, the cells a queen may take: not blocked, not a fixed queen's, not on a line
// of one queen at most through a fixed queen; and the fixed queens, by row.
func openCells(p *constraints.Program) (open, fixed []uint64, why string) {
	open, fixed = make([]uint64, p.Rows), make([]uint64, p.Rows)
	for r := range open {
		open[r] = mask(p.Cols)
	}
	for _, b := range p.Blocked {
		open[b.Row] &^= 1 << b.Col
	}
	for _, f := range p.Fixed {
		fixed[f.Row] |= 1 << f.Col
		open[f.Row] &^= 1 << f.Col
	}
	if len(p.Fixed) == 0 {
		return open, fixed, ""
	}
	for _, fam := range p.Families {
		if fam.Range.Hi != 1 || fam.Shape == constraints.ShapeRegions {
			continue
		}
		l, err := fam.Lines(context.Background())
		if err != nil {
			return nil, nil, fmt.Sprintf("the %s lines: %v", fam.Name, err)
		}
		for _, f := range p.Fixed {
			for _, i := range l.Of(int32(f.Row*p.Cols + f.Col)) {
				for _, y := range l.Line(int(i)) {
					open[int(y)/p.Cols] &^= 1 << (int(y) % p.Cols)
				}
			}
		}
	}
	return open, fixed, ""
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

func mask(n int) uint64 {
	if n >= 64 {
		return ^uint64(0)
	}
	return 1<<n - 1
}

// order lists the pairs in the order the kernel places them: from the outside and the middle by turns
// (0, pairs−1, 1, pairs−2, …), the outermost first. On odd boards the middle row, second, prunes best.
func (pp *pairPlan) order(pairs int) []int {
	out := make([]int, pairs)
	lo, hi := 0, pairs-1
	for i := range out {
		if i%2 == 0 {
			out[i], lo = lo, lo+1
		} else {
			out[i], hi = hi, hi-1
		}
	}
	return out
}

// offsets returns row r's two offsets: cell (r, c) lies on the diagonals c − r and c + cols − rows + 1 + r
// of the ring, the residues of column − row through its two lifts, (r, c) and (rows−1−r, c+cols).
func (pp *pairPlan) offsets(r int) [2]uint {
	return [2]uint{uint(intmath.Mod(-r, pp.ring)), uint(intmath.Mod(pp.cols-pp.rows+1+r, pp.ring))}
}

// check holds the families whose lines hold one queen at most to the kernel's reading of them: the row rider's lines are the pairs
// of rows, and each diagonal rider's lines are the ring's residues of two cells or more.
func (pp *pairPlan) check(excluding []*constraints.Family) string {
	key := func(cells []int32) string {
		var b strings.Builder
		for _, x := range cells {
			fmt.Fprintf(&b, "%d,", x)
		}
		return b.String()
	}
	sameLines := func(f *constraints.Family, want map[string]bool) bool {
		l, err := f.Lines(context.Background())
		if err != nil || l.Count() != len(want) {
			return false
		}
		for i := range l.Count() {
			if !want[key(l.Line(i))] {
				return false
			}
		}
		return true
	}
	rowLines, ringLines := map[string]bool{}, map[string]bool{}
	for i := range (pp.rows + 1) / 2 {
		var cells []int32
		for _, r := range []int{i, pp.rows - 1 - i} {
			for c := range pp.cols {
				cells = append(cells, int32(r*pp.cols+c))
			}
			if r == pp.rows-1-r {
				break
			}
		}
		if len(cells) > 1 {
			rowLines[key(cells)] = true
		}
	}
	on := make([][]int32, pp.ring)
	for r := range pp.rows {
		o := pp.offsets(r)
		for c := range pp.cols {
			x := int32(r*pp.cols + c)
			a, b := (c+int(o[0]))%pp.ring, (c+int(o[1]))%pp.ring
			on[a] = append(on[a], x)
			if b != a {
				on[b] = append(on[b], x)
			}
		}
	}
	for _, cells := range on {
		if len(cells) > 1 {
			ringLines[key(cells)] = true
		}
	}
	for _, f := range excluding {
		switch {
		case slices.Equal(f.Dirs, []constraints.Vec{vecRow}):
			if !sameLines(f, rowLines) {
				return "the row rider's lines are not the pairs of rows the kernel carries"
			}
		case slices.Equal(f.Dirs, []constraints.Vec{vecDiag}), slices.Equal(f.Dirs, []constraints.Vec{vecAnti}):
			if !sameLines(f, ringLines) {
				return fmt.Sprintf("the %s lines are not the ring of %d residues the kernel carries", f.Name, pp.ring)
			}
		}
	}
	return ""
}

// symmetries sets the pin and the mirror where the model keeps them.
func (pp *pairPlan) symmetries(p *constraints.Program, open []uint64) {
	if len(pp.levels) == 0 || len(p.Fixed) > 0 || !keeps(p, constraints.Symmetry{DCol: 1, Twist: true}) {
		return
	}
	first := pp.levels[0]
	start := constraints.Cell{Row: first.top, Col: 0}
	// The shift must carry the pinned cell round every open cell of its pair.
	orbit := map[constraints.Cell]bool{}
	shift := constraints.Symmetry{DCol: 1, Twist: true}
	for c := start; !orbit[c]; c = shift.Apply(c, pp.rows, pp.cols) {
		if c.Row != first.top && c.Row != first.bot || open[c.Row]>>c.Col&1 == 0 {
			return
		}
		orbit[c] = true
	}
	cells := bits.OnesCount64(first.allowed)
	if len(orbit) != cells {
		return
	}
	pp.pinned, pp.weight = true, uint64(cells)
	sigma := constraints.Symmetry{Turn: constraints.MirrorCols, DCol: pp.cols + 1, Twist: true}
	if !keeps(p, sigma) || sigma.Apply(start, pp.rows, pp.cols) != start {
		return
	}
	mirror := make([][]int8, len(pp.levels))
	for l, lv := range pp.levels {
		mirror[l] = make([]int8, 2*pp.cols)
		for b := range 2 * pp.cols {
			r, c := lv.top, b
			if b >= pp.cols {
				r, c = lv.bot, b-pp.cols
			}
			img := sigma.Apply(constraints.Cell{Row: r, Col: c}, pp.rows, pp.cols)
			switch {
			case img.Row == lv.top:
				mirror[l][b] = int8(img.Col)
			case img.Row == lv.bot:
				mirror[l][b] = int8(img.Col + pp.cols)
			default:
				return // the mirror does not keep the pairs
			}
		}
	}
	pp.mirror = mirror
}

// keeps reports whether the map s keeps p's model, which the kernel took and which holds no fixed queen:
// a shift along the rows and the mirror of the columns on a twisted surface keep its lines (the pairs
// of rows, the columns, the ring of diagonals), so s keeps the model where it keeps the blocked cells.
func keeps(p *constraints.Program, s constraints.Symmetry) bool {
	return s.KeepsSet(p.Blocked, p.Rows, p.Cols)
}

// free returns the open cells of level l, both rows in one word, with the columns and diagonals taken.
func (pp *pairPlan) free(l int, cols, ring uint64) uint64 {
	lv := &pp.levels[l]
	n, c := uint(pp.ring), uint(pp.cols)
	rot := func(x uint64, s uint) uint64 { return (x>>s | x<<(n-s)) & pp.ringMask }
	if pp.folded {
		// The middle row of an odd board has no lower row: its allowed cells are the low half alone.
		return lv.allowed &^ (rot(ring, lv.topOff[0]) | rot(ring, lv.topOff[1]) | cols)
	}
	low := mask(pp.cols)
	forb := (rot(ring, lv.topOff[0]) | rot(ring, lv.topOff[1])) & low
	forb |= ((rot(ring, lv.botOff[0]) | rot(ring, lv.botOff[1])) & low) << c
	return lv.allowed &^ (forb | cols)
}

// pairTask is a subtree of the row-pair kernel: the levels above level placed, weighted by weight; sym
// says the placement is its own mirror image.
type pairTask struct {
	level      int
	cols, ring uint64
	weight     uint64
	sym        bool
}

// roots returns the kernel's first task.
func (pp *pairPlan) root() pairTask {
	t := pairTask{weight: 1}
	if pp.pinned {
		lv := &pp.levels[0]
		t = pairTask{level: 1, cols: lv.colOf[0], ring: lv.ringOf[0], weight: pp.weight, sym: pp.mirror != nil}
	}
	return t
}

// deepen yields the tasks one level below t, halved by the mirror while the placement is its own image.
func (pp *pairPlan) deepen(t pairTask, yield func(pairTask) bool) bool {
	lv := &pp.levels[t.level]
	for f := pp.free(t.level, t.cols, t.ring); f != 0; f &= f - 1 {
		b := bits.TrailingZeros64(f)
		u := pairTask{level: t.level + 1, cols: t.cols | lv.colOf[b], ring: t.ring | lv.ringOf[b], weight: t.weight}
		if t.sym {
			img := int(pp.mirror[t.level][b])
			if img < b {
				continue
			}
			u.sym = img == b
			if !u.sym {
				u.weight *= 2
			}
		}
		if !yield(u) {
			return false
		}
	}
	return true
}

type pairFrame struct{ free, cols, ring uint64 }

// count counts the placements of the levels from t.level down, unweighted, and the backtracks it made;
// it polls stop every pollEvery backtracks, and ok is false once stop turned true.
func (pp *pairPlan) count(t pairTask, stop func() bool) (total, nodes uint64, ok bool) {
	last := len(pp.levels) - 1
	if t.level > last {
		return 1, 0, true
	}
	if t.level == last {
		return uint64(bits.OnesCount64(pp.free(last, t.cols, t.ring))), 0, true
	}
	stack := make([]pairFrame, len(pp.levels))
	stack[t.level] = pairFrame{pp.free(t.level, t.cols, t.ring), t.cols, t.ring}
	poll := uint64(pollEvery)
	for l := t.level; l >= t.level; {
		f := &stack[l]
		if f.free == 0 {
			l--
			if nodes++; nodes >= poll {
				if poll = nodes + pollEvery; stop() {
					return total, nodes, false
				}
			}
			continue
		}
		b := bits.TrailingZeros64(f.free)
		f.free &= f.free - 1
		lv := &pp.levels[l]
		nc, nr := f.cols|lv.colOf[b], f.ring|lv.ringOf[b]
		if l+1 == last {
			// The last pair's queens are counted, not placed.
			total += uint64(bits.OnesCount64(pp.free(last, nc, nr)))
			continue
		}
		l++
		stack[l] = pairFrame{pp.free(l, nc, nr), nc, nr}
	}
	return total, nodes, true
}

// tasks returns the row-pair kernel's tasks: the placements of the first pairs, at the first level with
// at least minTasks of them (or the last level but one); false once stop turned true.
func (pp *pairPlan) tasks(stop func() bool) ([]pairTask, bool) {
	tasks := []pairTask{pp.root()}
	for len(tasks) < minTasks && tasks[0].level < len(pp.levels)-1 {
		if stop() {
			return nil, false
		}
		var next []pairTask
		for _, t := range tasks {
			if !pp.deepen(t, func(u pairTask) bool { next = append(next, u); return len(next) <= maxTasks }) {
				break
			}
		}
		if len(next) > maxTasks || len(next) == 0 {
			break
		}
		tasks = next
	}
	return tasks, true
}

// Method names the way the job counts.
func (j *Job) Method() string { return "row-pairs" }

// Key describes the task list: the surface, the symmetries used, the level of the tasks and their
// number.
func (j *Job) Key() string {
	return fmt.Sprintf("%s pinned=%t mirror=%t depth=%d tasks=%d", j.surface, j.pp.pinned, j.pp.mirror != nil, j.tasks[0].level, len(j.tasks))
}

// Tasks returns the number of tasks.
func (j *Job) Tasks() int { return len(j.tasks) }

// Run counts task i: the placements below its first pairs, weighted by what the pin and the mirror
// stand for. It returns ctx's error, and no count, once ctx is done.
func (j *Job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(j.tasks) {
		return solvers.Tally{}, fmt.Errorf("rowpairs: task %d of %d: out of range", i, len(j.tasks))
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	t := j.tasks[i]
	n, nodes, ok := j.pp.count(t, stop)
	if !ok {
		if err := ctx.Err(); err != nil {
			return solvers.Tally{}, err
		}
		return solvers.Tally{}, errStopped
	}
	hi, count := bits.Mul64(t.weight, n)
	if hi != 0 {
		return solvers.Tally{}, errOverflow
	}
	return solvers.Tally{Count: count, Nodes: nodes}, nil
}

// Finish returns the number of solutions: the sum of the tasks' counts. The kernel counts no classes.
func (j *Job) Finish(sum solvers.Tally) (uint64, *uint64, error) { return sum.Count, nil, nil }

var errStopped = fmt.Errorf("rowpairs: stopped")
