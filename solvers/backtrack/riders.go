package backtrack

import (
	"math/bits"
	"sync"

	"github.com/queens-dev/queens/constraints/intmath"
)

// The rider kernel (kernelRiders): one queen per row on a flat board of at most 64 rows, with any riders
// and any leapers.
//
// A rider (a, b), a ≥ 1, moves a rows down and b columns across in one step. Its line through a cell meets
// the rows ≡ that cell's row (mod a), so what it attacks in row R comes from the rows R−a, R−2a, …: E(R),
// the cells of row R its lines reach from the rows above together with row R's own queen, obeys
//
//	E(R) = shift(E(R−a), b) | queen(R)
//
// and the rider attacks shift(E(R−a), b) in row R: a mask shifted once per step. A rider with a = 1 is the
// diagonal's mask of the line kernels; one with a > 1 has a masks in flight, one per row residue mod a,
// each read back from the row a above. A leaper (j, d) attacks shift(queen(R−j), d) in row R.
//
// What the next row's queen may not take splits in two: what the queens above the current row attack
// there, the same for every candidate of the current row and so computed once, on the way down (above);
// and what the candidate itself attacks there, a table by its column (near). A candidate then costs a
// lookup, an OR and an AND-NOT, as in the line kernels, and the last row is counted with a popcount.
//
// The column, one rider (1, b) with b > 0 and one with b < 0 ride in registers, as the line kernels'
// masks do; every other rider keeps E per row in a table (lanes), and every leaper reads the column of
// the row j above.

// Bounds of the rider kernel's tables: the rows it takes, and the riders it keeps per row.
const (
	riderMaxRows  = 64
	riderMaxLanes = 16
	riderRowMask  = 2*riderMaxRows - 1 // rows and the empty rows above them (off ≤ riderMaxRows)
)

// lane is a rider kept per row. own, prev and from are offsets into the kernel's table of E from the
// first entry of the row placed: the lane's E there, its E in the row a above (which one step carries
// here), and the E whose step reaches the row after next (the row 2 − a below; its own for a = 1,
// which takes two steps). A step moves sl columns up in the mask (to higher bits) or sr down.
type lane struct {
	own, prev, from int
	sl, sr          uint
	two             bool // a = 1: the row after next is two steps away
}

// riderPlan is what the rider kernel reads.
type riderPlan struct {
	// colOn is all ones where the column is carried; up and down are the columns one step of the
	// register riders (1, b), b > 0 and b < 0, moves (zero, with upOn or downOn zero, for none).
	colOn, upOn, downOn uint64
	up, down            uint
	// fixed are the kernel loop's own lanes, the first nfix of them in use; rest are the other riders
	// kept per row, which a loop of its own steps.
	fixed [4]lane
	nfix  int
	rest  []lane
	// off is the number of empty rows the kernel keeps above row 0, so that a lane's row R−a and a leap's
	// row R−j need no test.
	off int
	// near[c] is what a queen in column c attacks in the next row by itself: the first step of its riders
	// with a = 1 and its leaps one row down.
	near [64]uint64
}

// riderLanes compiles the plan's riders for the rider kernel, or returns nil if it keeps more riders per
// row than its table holds: the column's line where the model keeps one queen a column, the riders that
// step down (a row rider is void with one queen a row), and none whose first step leaves the board.
func (p *plan) riderLanes() *riderPlan {
	rp := &riderPlan{}
	if p.colRange.Hi == 1 {
		rp.colOn = ^uint64(0)
	}
	rp.off = max(2, p.down)
	for _, v := range p.riders {
		b := intmath.Abs(v.DC)
		switch {
		case v.DR == 0 || v.DR >= p.rows || b >= p.cols:
			continue // never meets a second queen
		case v == vecColumn:
			rp.colOn = ^uint64(0)
			continue
		case v.DR == 1 && v.DC > 0 && rp.upOn == 0:
			rp.upOn, rp.up = ^uint64(0), uint(b)
			continue
		case v.DR == 1 && v.DC < 0 && rp.downOn == 0:
			rp.downOn, rp.down = ^uint64(0), uint(b)
			continue
		}
		i := rp.nfix + len(rp.rest)
		if i == riderMaxLanes {
			return nil
		}
		rp.off = max(rp.off, v.DR)
		l := lane{own: i, prev: i - v.DR*riderMaxLanes, from: i + (2-v.DR)*riderMaxLanes}
		if v.DC > 0 {
			l.sl = uint(b)
		} else {
			l.sr = uint(b)
		}
		switch {
		case v.DR == 1:
			l.from, l.two = i, true
			rp.rest = append(rp.rest, l)
		case rp.nfix < len(rp.fixed):
			rp.fixed[rp.nfix] = l
			rp.nfix++
		default:
			rp.rest = append(rp.rest, l)
		}
	}
	for c := range p.cols {
		bit := uint64(1) << c
		rp.near[c] = bit&rp.colOn | bit<<rp.up&rp.upOn | bit>>rp.down&rp.downOn
		for _, l := range rp.rest {
			if l.two {
				rp.near[c] |= bit << l.sl >> l.sr
			}
		}
		if p.down >= 1 {
			rp.near[c] |= p.leapDown[1][c]
		}
	}
	return rp
}

// riderE is the rider kernel's table of E, row by row (see riderMem).
type riderE = [2 * riderMaxRows * riderMaxLanes]uint64

// step records the lane's E of the row placed, whose first entry in e is at, for its queen bit, and
// returns what the lane attacks in the row after next from the rows up to it.
func (l *lane) step(e *riderE, at int, bit uint64) uint64 {
	const em = len(e) - 1
	e[(at+l.own)&em] = e[(at+l.prev)&em]<<(l.sl&63)>>(l.sr&63) | bit
	return e[(at+l.from)&em] << (l.sl & 63) >> (l.sr & 63)
}

// restStep records E(r) of the rest lanes for row r's queen bit (at is row r's first entry in e), and
// returns what they attack in row r+2 from rows up to r, less row r+1's own queen.
func (rp *riderPlan) restStep(e *riderE, at int, bit uint64) uint64 {
	const em = len(e) - 1
	var above uint64
	for _, l := range rp.rest {
		x := e[(at+l.prev)&em]<<(l.sl&63)>>(l.sr&63) | bit
		e[(at+l.own)&em] = x
		if l.two {
			x = x << (l.sl & 63) >> (l.sr & 63)
		} else {
			x = e[(at+l.from)&em]
		}
		above |= x << (l.sl & 63) >> (l.sr & 63)
	}
	return above
}

// riderFrame is a row of the rider kernel's stack: the columns left to try, what the queens above the
// row attack in the next one, and the register riders' masks of the row.
type riderFrame struct {
	free, above, cols, up, down uint64
	row                         int
}

// riderMem is the rider kernel's memory for one call: e[(R+off)·riderMaxLanes + i] is E(R) of lane i,
// qc[R+off] the column of row R's queen (noQueen above row 0), al the open cells of each row, and the
// stack. Fixed sizes, indexed under a mask, spare the hot loop its bounds checks; they are pooled, as a
// count calls the kernel thousands of times.
type riderMem struct {
	e     riderE
	qc    [2 * riderMaxRows]uint8
	al    [riderMaxRows]uint64
	ahead [riderMaxRows + 1]uint64
	stack [riderMaxRows]riderFrame
}

var riderPool = sync.Pool{New: func() any { return new(riderMem) }}

// riderRegs are the register riders' masks: what the rows so far attack in the next row by the column and
// the two riders (1, b).
type riderRegs struct{ cols, up, down uint64 }

// riderStep places row r's queen in column c: it records E(r) of every lane and the queen's column, and
// returns the register riders' masks for row r+1 and what the queens of rows up to r attack in row r+2
// (above), less what row r+1's own queen adds. The kernel's loop makes the same step, written out.
func (p *plan) riderStep(m *riderMem, g riderRegs, r, c int) (riderRegs, uint64) {
	rp := p.rp
	const em = len(m.e) - 1
	e, bit, at := &m.e, uint64(1)<<c, (r+rp.off)*riderMaxLanes
	m.qc[(r+rp.off)&riderRowMask] = uint8(c)
	g = riderRegs{g.cols | bit&rp.colOn, (g.up | bit&rp.upOn) << (rp.up & 63), (g.down | bit&rp.downOn) >> (rp.down & 63)}
	above := g.cols | g.up<<(rp.up&63) | g.down>>(rp.down&63) | rp.restStep(e, at, bit)
	for i := range rp.nfix {
		above |= rp.fixed[i].step(e, at, bit)
	}
	for j := 2; j <= p.down; j++ {
		above |= p.leapDown[j][m.qc[(r+2-j+rp.off)&riderRowMask]]
	}
	return g, above
}

// riderStart takes kernel memory from the pool and lays it out for the rows placed as path says and the
// open cells al: it returns it with the register riders' masks for the row below them, what the queens
// attack there (att), and what they attack in the row after, less that row's own queen (above).
func (p *plan) riderStart(al []uint64, path []uint8) (m *riderMem, g riderRegs, att, above uint64) {
	m = riderPool.Get().(*riderMem)
	rp := p.rp
	copy(m.al[:], al)
	clear(m.e[:rp.off*riderMaxLanes])
	for i := range rp.off {
		m.qc[i] = noQueen
	}
	for r, c := range path {
		att = above | rp.near[c]
		g, above = p.riderStep(m, g, r, int(c))
	}
	return m, g, att, above
}

// riderClasses is what the rider kernel needs to count by classes (see classesFrom): the group, the first
// queen's column, and the columns of a full placement for classify.
type riderClasses struct {
	sym   symmetry
	order uint64
	q     []int
}

// countRiders is the rider kernel: it counts the completions of rows r0.. from state s on the cells al;
// with cl, only the least member of each class, weighted by its size (total), and the classes (unique).
// It polls k.stop every pollEvery backtracks and sets k.stopped when it stops.
func (p *plan) countRiders(al []uint64, r0 int, s state, k *ctl, cl *riderClasses) (total, unique uint64) {
	rp := p.rp
	m, g, att, above := p.riderStart(al, s.path)
	const em = len(m.e) - 1
	e, qc, open, stack, near, fx := &m.e, &m.qc, &m.al, &m.stack, &rp.near, &rp.fixed
	last, off, nfix := p.rows-1, rp.off, rp.nfix
	// fill is every column where each must hold a queen, and ahead[r] what rows r.. may take: from row
	// check on they lack a column, and a queen that leaves one empty is cut (the bounds of counting by
	// classes close columns 0 and n−1 to many rows).
	ahead, fill, check := &m.ahead, uint64(0), last+1
	if rp.colOn != 0 && p.queens == p.cols {
		fill = p.full
		ahead[last+1] = 0
		for i := last; i >= r0; i-- {
			if ahead[i] = ahead[i+1] | al[i]; ahead[i] != fill {
				check = i
			}
		}
	}
	sp, r := 0, r0
	free := open[r&63] &^ att
	cols, up, down := g.cols, g.up, g.down
	var nodes uint64
	for {
		if r == last {
			if cl != nil {
				p.riderLeaves(m, cl, r, free, &total, &unique)
			} else {
				total += ones(free)
			}
			free = 0
		}
		for free != 0 {
			bit := free & -free
			free ^= bit
			c := bits.TrailingZeros64(bit)
			nf := open[(r+1)&63] &^ (above | near[c&63])
			if r+1 == last {
				if cl != nil {
					qc[(r+off)&riderRowMask] = uint8(c)
					p.riderLeaves(m, cl, r+1, nf, &total, &unique)
				} else {
					total += ones(nf)
				}
				continue
			}
			if nf == 0 || (r+1 >= check && fill&^(cols|bit)&^ahead[(r+1)&63] != 0) {
				continue
			}
			stack[sp&63] = riderFrame{free, above, cols, up, down, r}
			sp += int((free | -free) >> 63)
			// riderStep, written out: the register riders, the kernel's own four lanes, the rest, the leaps.
			cols, up, down = cols|bit&rp.colOn, (up|bit&rp.upOn)<<(rp.up&63), (down|bit&rp.downOn)>>(rp.down&63)
			above = cols | up<<(rp.up&63) | down>>(rp.down&63)
			at := (r + off) * riderMaxLanes
			qc[(r+off)&riderRowMask] = uint8(c)
			if nfix > 0 {
				above |= fx[0].step(e, at, bit)
			}
			if nfix > 1 {
				above |= fx[1].step(e, at, bit)
			}
			if nfix > 2 {
				above |= fx[2].step(e, at, bit)
			}
			if nfix > 3 {
				above |= fx[3].step(e, at, bit)
			}
			if rp.rest != nil {
				above |= rp.restStep(e, at, bit)
			}
			for j := 2; j <= p.down; j++ {
				above |= p.leapDown[j][qc[(r+2-j+off)&riderRowMask]]
			}
			free, r = nf, r+1
		}
		if sp == 0 {
			break
		}
		if nodes++; nodes&(pollEvery-1) == 0 && k.stop() {
			k.stopped = true
			break
		}
		sp--
		f := &stack[sp&63]
		free, above, cols, up, down, r = f.free, f.above, f.cols, f.up, f.down, f.row
	}
	k.nodes += nodes
	riderPool.Put(m)
	return total, unique
}

// riderLeaves weighs, when the rider kernel counts by classes, the placements that the columns of free
// end in row r (the last), as classesFrom does: one none of whose edge queens ties with the first row's
// queen is the least of a class that no turn but the identity fixes.
func (p *plan) riderLeaves(m *riderMem, cl *riderClasses, r int, free uint64, total, unique *uint64) {
	off, n, q := p.rp.off, p.cols, cl.q
	k := int(m.qc[off])
	tie := uint64(1)<<k | uint64(1)<<(n-1-k)
	// edge reports whether row i's queen stands in column 0 or n−1, the queen of row r in column c.
	edge := func(i, c int) bool {
		if i < r {
			c = int(m.qc[(i+off)&riderRowMask])
		}
		return c == 0 || c == n-1
	}
	for ; free != 0; free &= free - 1 {
		c := bits.TrailingZeros64(free)
		if k != n-1-k && tie&(1<<c) == 0 && (k > r || !edge(k, c)) && (r-k < 0 || !edge(r-k, c)) {
			*total += cl.order
			*unique++
			continue
		}
		for i := range r {
			q[i] = int(m.qc[(i+off)&riderRowMask])
		}
		q[r] = c
		if least, stab := classify(cl.sym, q, n); least {
			*total += cl.order / stab
			*unique++
		}
	}
}
