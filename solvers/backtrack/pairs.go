package backtrack

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

// The row-pair kernel (route RowPairs) counts queens on a twisted surface, a Möbius strip or a Klein
// bottle, where the row rider's lines are pairs of rows, r and rows−1−r, and there are as many queens as
// pairs: one on each. It places the pairs one after another, a queen on either row of each, and carries
// the columns taken as a mask and the diagonals taken as a ring of bits. On the double cover (see
// constraints/cover.go) a diagonal is a residue of column − row, and a cell lies on two of them, one
// through each of its lifts; a diagonal that crosses the twist comes back as an anti-diagonal, so the two
// riders share one ring. The cells of row r a ring forbids are the ring turned by r's two offsets, and
// both rows of a pair sit in one word, the upper row low.
//
// Where the twisted shift by one column keeps the model, it carries every cell of a pair onto every
// other: the first pair's queen stands in column 0 of its upper row, for the pair's every cell. Where the
// mirror that fixes column 0 keeps the model too, it halves the next choice.

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

// pairs returns the plan of the row-pair kernel for p, built once, or why p's model does not take it.
func (p *plan) pairs(ctx context.Context) (*pairPlan, string) {
	if p.pairPlan == nil && p.pairWhy == "" {
		p.pairPlan, p.pairWhy = p.compilePairs(ctx)
	}
	return p.pairPlan, p.pairWhy
}

// pairsFits is the route's test.
func pairsFits(p *plan) string {
	_, why := p.pairs(context.Background())
	return why
}

// compilePairs builds the row-pair plan, after checking that the program's lines are what the kernel
// carries: the row rider's lines are pairs of rows, the diagonals are the ring's residues.
func (p *plan) compilePairs(ctx context.Context) (*pairPlan, string) {
	const needs = "needs one queen on each line of the row rider on a twisted surface (pairs of rows), the column rider or nothing on columns, the diagonals, no leaper, region or quota, at most 32 columns"
	m := p.m
	pairs := (p.rows + 1) / 2
	switch {
	case !p.words || !m.Surface.Twisted() || 2*p.cols > 64:
		return nil, needs
	case !slices.Contains(p.riders, vecRow) || !subsetOf(p.riders, vecRow, vecDiag, vecAnti):
		return nil, needs
	case p.queens != pairs || !p.rowRange.IsZero() || (!p.colRange.IsZero() && p.colRange != constraints.AtMost(1)):
		return nil, needs
	case len(p.leapers) > 0 || !p.region.IsZero() || len(p.counted) > 0 || p.rest != "":
		return nil, needs
	}
	pp := &pairPlan{rows: p.rows, cols: p.cols, ring: 2 * p.cols}
	if m.Surface.WrapsRows() {
		pp.ring = intmath.GCD(p.rows, 2*p.cols)
	}
	diagonals := slices.Contains(p.riders, vecDiag) || slices.Contains(p.riders, vecAnti)
	if diagonals && pp.ring < p.cols {
		return nil, needs + ": a ring of diagonals at least as long as a row"
	}
	pp.ringMask = mask(pp.ring)
	if why := pp.check(ctx, p); why != "" {
		return nil, why
	}
	colOn := p.colRange == constraints.AtMost(1)
	for _, i := range pp.order(pairs) {
		top, bot := i, p.rows-1-i
		if p.fixed[top] != 0 || p.fixed[bot] != 0 {
			continue // placed already; p.open holds what the fixed queen attacks
		}
		lv := pairLevel{top: top, bot: bot, allowed: p.open[top], topOff: pp.offsets(top), botOff: pp.offsets(bot)}
		if bot != top {
			lv.allowed |= p.open[bot] << p.cols
		}
		lv.colOf, lv.ringOf = make([]uint64, 2*p.cols), make([]uint64, 2*p.cols)
		for b := range 2 * p.cols {
			r, c := top, b
			if b >= p.cols {
				r, c = bot, b-p.cols
			}
			if colOn {
				lv.colOf[b] = 1<<c | 1<<(c+p.cols)
			}
			if diagonals {
				o := pp.offsets(r)
				lv.ringOf[b] = 1<<((c+int(o[0]))%pp.ring) | 1<<((c+int(o[1]))%pp.ring)
			}
		}
		pp.levels = append(pp.levels, lv)
	}
	pp.folded = pp.ring == 2*p.cols
	for _, lv := range pp.levels {
		half := uint(p.cols)
		if lv.top != lv.bot && lv.botOff != [2]uint{(lv.topOff[1] + half) % uint(pp.ring), (lv.topOff[0] + half) % uint(pp.ring)} {
			pp.folded = false
		}
	}
	pp.symmetries(p)
	return pp, ""
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

// check holds the program's lines to the kernel's reading of them: the row rider's lines are the pairs
// of rows, and each diagonal rider's lines are the ring's residues of two cells or more.
func (pp *pairPlan) check(ctx context.Context, p *plan) string {
	key := func(cells []int32) string {
		var b strings.Builder
		for _, x := range cells {
			fmt.Fprintf(&b, "%d,", x)
		}
		return b.String()
	}
	sameLines := func(f *constraints.Family, want map[string]bool) bool {
		l, err := f.Lines(ctx)
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
	for i := range (p.rows + 1) / 2 {
		var cells []int32
		for _, r := range []int{i, p.rows - 1 - i} {
			for c := range p.cols {
				cells = append(cells, int32(r*p.cols+c))
			}
			if r == p.rows-1-r {
				break
			}
		}
		if len(cells) > 1 {
			rowLines[key(cells)] = true
		}
	}
	on := make([][]int32, pp.ring)
	for r := range p.rows {
		o := pp.offsets(r)
		for c := range p.cols {
			x := int32(r*p.cols + c)
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
	for _, f := range p.excluding {
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
func (pp *pairPlan) symmetries(p *plan) {
	m := p.m
	if len(pp.levels) == 0 || len(p.prog.Fixed) > 0 || !m.Keeps(constraints.Symmetry{DCol: 1}) {
		return
	}
	first := pp.levels[0]
	start := constraints.Cell{Row: first.top, Col: 0}
	// The shift must carry the pinned cell round every open cell of its pair.
	orbit := map[constraints.Cell]bool{}
	shift := constraints.Symmetry{DCol: 1, Twist: true}
	for c := start; !orbit[c]; c = shift.Apply(c, pp.rows, pp.cols) {
		if c.Row != first.top && c.Row != first.bot || p.open[c.Row]>>c.Col&1 == 0 {
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
	if !m.Keeps(sigma) || sigma.Apply(start, pp.rows, pp.cols) != start {
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

// count counts the placements of the levels from t.level down, unweighted. It polls k every pollEvery
// backtracks.
func (pp *pairPlan) count(t pairTask, k *ctl) uint64 {
	last := len(pp.levels) - 1
	if t.level > last {
		return 1
	}
	if t.level == last {
		return uint64(bits.OnesCount64(pp.free(last, t.cols, t.ring)))
	}
	stack := scratch(&k.pairFrames, len(pp.levels))
	stack[t.level] = pairFrame{pp.free(t.level, t.cols, t.ring), t.cols, t.ring}
	var total uint64
	poll := k.nodes + pollEvery
	for l := t.level; l >= t.level; {
		f := &stack[l]
		if f.free == 0 {
			l--
			if k.nodes++; k.nodes >= poll {
				if poll = k.nodes + pollEvery; k.stop() {
					k.stopped = true
					return total
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
	return total
}

// pairsTasks returns the row-pair kernel's tasks: the placements of the first pairs, at the first level
// with at least minTasks of them (or the last level but one).
func (pp *pairPlan) tasks(ctx context.Context) ([]pairTask, error) {
	tasks := []pairTask{pp.root()}
	for len(tasks) < minTasks && tasks[0].level < len(pp.levels)-1 {
		if err := ctx.Err(); err != nil {
			return nil, err
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
	return tasks, nil
}

// pairsJob counts p's model by the row-pair kernel, a task for each of pp.tasks.
func pairsJob(ctx context.Context, p *plan, _ bool) (*job, error) {
	pp, why := p.pairs(ctx)
	if pp == nil {
		return nil, fmt.Errorf("backtrack: %s: %w", why, solvers.ErrUnsupported)
	}
	tasks, err := pp.tasks(ctx)
	if err != nil {
		return nil, err
	}
	j := &job{method: RowPairs, tasks: len(tasks), key: fmt.Sprintf("%s %s %s pinned=%t mirror=%t depth=%d tasks=%d",
		RowPairs, p.board(), p.m.Surface, pp.pinned, pp.mirror != nil, tasks[0].level, len(tasks))}
	j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
		t := tasks[i]
		var tally solvers.Tally
		if !addProduct(&tally.Count, t.weight, pp.count(t, k)) {
			return solvers.Tally{}, errOverflow
		}
		return tally, nil
	}
	return j, nil
}
