package backtrack

import (
	"math/bits"
	"unsafe"
)

// state is what the rows placed so far forbid in the next row, on the row path: the columns taken, the
// diagonals and anti-diagonals already shifted to the next row, and the queens of the last two rows (for
// the knight's leap) and, on a torus with the knight's leap, of the first two (whose leaps wrap around
// the bottom edge onto the last rows). kernelRows keeps the regions used and the columns of the last
// rows' queens instead.
type state struct {
	cols, diag, anti uint64
	k1, k2           uint64 // queen of the row just placed, and of the row before it
	t0, t1           uint64 // queens of rows 0 and 1, kept on a torus with the knight's leap
	used             uint64 // kernelRows: the regions that hold their queen
	hist             uint64 // kernelRows: the columns of the last rows' queens, a byte each, the last lowest
	// path, for kernelRiders, holds the column of every row's queen so far: a rider's line reaches any
	// row below. place makes a new slice; the old one is never written.
	path []uint8
}

// emptyHist is the history of no queens at all.
const emptyHist = noQueen * 0x0101010101010101

// start returns the state before any row is placed.
func (p *plan) start() state { return state{hist: emptyHist} }

// ctl is what one task's search polls and counts into. The kernels that serve models which may prune
// weakly ask stop once every pollEvery backtracks; the kernels of the classic and superqueen boards do
// not, as the tasks give them at most splitRows rows, which takes milliseconds.
//
// nodes measures the search's work: on the general path, in walkClasses and in enumerate the placements
// visited; in the row kernels the backtracks, the frames they return to with columns left to try, which
// follow the placements and cost nothing beside the poll, where a count of every placement slowed the
// loop (README.md). The classic and superqueen kernels count their backtracks too, and return them.
type ctl struct {
	stop    func() bool
	stopped bool
	nodes   uint64
	// The kernels' stacks and masks, kept from call to call of one task.
	frames       []frame
	knightFrames []knightFrame
	torusFrames  []torusFrame
	rowsFrames   []rowsFrame
	masks        []uint64
}

// scratch returns (*buf)[:n], growing *buf first if it is shorter. The kernels run once per placement of
// the rows above them, thousands of times per task, and an allocation each time showed.
func scratch[T any](buf *[]T, n int) []T {
	if len(*buf) < n {
		*buf = make([]T, n)
	}
	return (*buf)[:n]
}

type torusFrame struct {
	free, cols, diag, anti, k1 uint64
	row                        int
}

type rowsFrame struct{ free, cols, diag, anti, used, hist uint64 }

// pollEvery is how many backtracks (or placements) a search makes between two looks at its stop flag:
// a few milliseconds' work at most.
const pollEvery = 1 << 14

// free returns the columns open to the queen of row r in state s.
func (p *plan) free(s state, r int) uint64 {
	f := p.allowed[r] &^ p.forbidden(s, r)
	if p.leap != nil {
		f &^= p.leaps(s, r)
	}
	return f
}

// leaps returns the cells of row r that the knights of state s reach on a torus: those of the two rows
// above, and those of rows 0 and 1, which reach the last rows around the bottom edge. Rows 0..r-1 hold
// one queen each.
func (p *plan) leaps(s state, r int) uint64 {
	var f uint64
	if r >= 1 {
		f |= p.leap[1][bits.TrailingZeros64(s.k1)] | p.leap[r][bits.TrailingZeros64(s.t0)]
	}
	if r >= 2 {
		f |= p.leap[2][bits.TrailingZeros64(s.k2)] | p.leap[r-1][bits.TrailingZeros64(s.t1)]
	}
	return f
}

// forbidden returns what state s forbids in row r, the next row: the lines, the knight's cells, and for
// kernelRows the leapers' cells and the cells of used regions. It returns every column when a region
// that had to hold its queen above row r holds none.
func (p *plan) forbidden(s state, r int) uint64 {
	f := s.cols | s.diag | s.anti
	switch p.kernel {
	case kernelKnight:
		f |= s.k1<<2 | s.k1>>2 | s.k2<<1 | s.k2>>1
	case kernelRiders:
		for i, c := range s.path {
			f |= p.reach.byCol[c][r-i]
		}
	case kernelRows:
		f |= p.leapsDown(s.hist)
		if rr := p.regions; rr != nil {
			if s.used&rr.mustBy[r] != rr.mustBy[r] {
				return ^uint64(0)
			}
			f |= rr.closed(r, s.used)
		}
	}
	return f
}

// leapsDown returns the cells of the next row that the leapers among the last rows' queens reach.
func (p *plan) leapsDown(hist uint64) uint64 {
	var f uint64
	for j := 1; j <= p.down; j++ {
		f |= p.leapDown[j][hist&0xff]
		hist >>= 8
	}
	return f
}

// place returns the state after a queen takes column bit of row r.
func (p *plan) place(s state, r int, bit uint64) state {
	col, dg, an := p.colOn, p.diagOn, p.antiOn
	switch p.kernel {
	case kernelTorus:
		pat := p.wrapPat[bits.TrailingZeros64(bit)]
		next := state{cols: s.cols | bit&col, diag: p.rotl(s.diag | pat&dg), anti: p.rotr(s.anti | pat&an), k1: bit, k2: s.k1, t0: s.t0, t1: s.t1}
		switch r {
		case 0:
			next.t0 = bit
		case 1:
			next.t1 = bit
		}
		return next
	case kernelRows:
		c := bits.TrailingZeros64(bit)
		next := state{cols: s.cols | bit&col, diag: (s.diag | bit&dg) << 1, anti: (s.anti | bit&an) >> 1, used: s.used, hist: s.hist<<8 | uint64(c)}
		if p.regions != nil {
			next.used |= p.regions.of[r*p.cols+c]
		}
		return next
	case kernelRiders:
		return state{path: append(s.path[:r:r], uint8(bits.TrailingZeros64(bit)))}
	}
	return state{cols: s.cols | bit&col, diag: (s.diag | bit&dg) << 1, anti: (s.anti | bit&an) >> 1, k1: bit, k2: s.k1}
}

// done reports whether a full placement in state s meets what the rows alone cannot check: every region
// holds its queen.
func (p *plan) done(s state) bool {
	return p.regions == nil || s.used&p.regions.mustBy[p.rows] == p.regions.mustBy[p.rows]
}

// wrap returns the diagonals of the next row on a torus after a queen takes column bit: its diagonals'
// cells in its own row (wrapPat) added, the masks turned by a column.
func (p *plan) wrap(diag, anti, bit uint64) (uint64, uint64) {
	w := p.wrapPat[bits.TrailingZeros64(bit)]
	return p.rotl(diag | w&p.diagOn), p.rotr(anti | w&p.antiOn)
}

// rotl and rotr turn a row mask by one column around the torus.
func (p *plan) rotl(x uint64) uint64 { return (x<<1 | x>>(p.cols-1)) & p.full }
func (p *plan) rotr(x uint64) uint64 { return (x>>1 | x<<(p.cols-1)) & p.full }

// enumerate walks the row path from row r in state s, calling emit with the queens' columns of every
// solution (queens[i] is the bit of row i), and counts its placements in k.nodes; it returns false once
// emit or k.stop asks to stop.
func (p *plan) enumerate(r int, s state, queens []uint64, k *ctl, emit func([]uint64) bool) bool {
	if r == p.rows {
		return !p.done(s) || emit(queens)
	}
	if k.stop() {
		return false
	}
	for f := p.free(s, r); f != 0; f &= f - 1 {
		bit := f & -f
		queens[r] = bit
		k.nodes++
		if !p.enumerate(r+1, p.place(s, r, bit), queens, k, emit) {
			return false
		}
	}
	return true
}

// count counts the completions of rows r.. from state s, with the kernel the plan chose. A kernel that
// polls sets k.stopped, and returns a partial count, once k.stop turns true.
func (p *plan) count(r int, s state, k *ctl) uint64 {
	if r == p.rows {
		if p.done(s) {
			return 1
		}
		return 0
	}
	return p.counter(r, s, k)
}

// chooseKernels picks, once, the row path's counting kernel, the loop that measures its tree and the
// loop that counts it by classes, from the kernel compile chose: no later step asks which kernel again.
func (p *plan) chooseKernels() {
	switch {
	case p.kernel == kernelQueen:
		p.counter = func(r int, s state, k *ctl) uint64 {
			total, nodes := countQueen(p.full, r, p.rows-1, s.cols, s.diag, s.anti)
			k.nodes += nodes
			return total
		}
	case p.kernel == kernelKnight && p.super:
		p.counter = func(r int, s state, k *ctl) uint64 {
			total, nodes := countSuper(p.full, r, p.rows-1, s.cols, s.diag, s.anti, s.k1, s.k2)
			k.nodes += nodes
			return total
		}
	case p.kernel == kernelKnight:
		p.counter = p.countKnight
	case p.kernel == kernelTorus && p.leap != nil:
		p.counter = p.countTorusLeaps
	case p.kernel == kernelTorus:
		p.counter = func(r int, s state, k *ctl) uint64 { return countLines[torusDiagonals](p, r, s, k) }
	case p.kernel == kernelRows:
		p.counter = p.countRows
	case p.kernel == kernelRiders:
		p.counter = func(r int, s state, k *ctl) uint64 {
			total, _ := p.countRiders(p.allowed, r, s, k, nil)
			return total
		}
	default:
		p.counter = func(r int, s state, k *ctl) uint64 { return countLines[flatDiagonals](p, r, s, k) }
	}
	switch {
	case p.rows > 64:
		p.sizer = p.sizeAny
	case p.kernel == kernelQueen || p.kernel == kernelLines:
		p.sizer = func(t task, al []uint64, _ bool, n, limit int) int { return p.sizeLines(t, al, n, limit) }
	case p.kernel == kernelKnight:
		p.sizer = func(t task, al []uint64, _ bool, n, limit int) int { return p.sizeKnight(t, al, n, limit) }
	case p.kernel == kernelTorus && p.leap == nil:
		p.sizer = p.sizeTorus
	default:
		p.sizer = p.sizeAny
	}
	switch {
	case p.kernel == kernelQueen || p.super:
		p.classer = func(sym symmetry, order uint64, al []uint64, r int, s state, q []int, k *ctl) (uint64, uint64) {
			if r == p.rows {
				return p.walkClasses(sym, order, al, r, s, q, k)
			}
			tot, uni, nodes := p.classesQueen(sym, order, al, r, s, q)
			k.nodes += nodes
			return tot, uni
		}
	case p.kernel == kernelRiders:
		p.classer = func(sym symmetry, order uint64, al []uint64, r int, s state, q []int, k *ctl) (uint64, uint64) {
			if r == p.rows {
				return p.walkClasses(sym, order, al, r, s, q, k)
			}
			return p.countRiders(al, r, s, k, &riderClasses{sym: sym, order: order, q: q})
		}
	case (p.kernel == kernelLines || p.kernel == kernelKnight) && p.rows <= 64:
		p.classer = func(sym symmetry, order uint64, al []uint64, r int, s state, q []int, k *ctl) (uint64, uint64) {
			if r == p.rows {
				return p.walkClasses(sym, order, al, r, s, q, k)
			}
			return p.classesFrom(sym, order, al, r, s, q, k)
		}
	default:
		p.classer = p.walkClasses
	}
}

// The kernels below are the hot loops. Each keeps an explicit stack, and keeps a row on it only when it
// has columns left to try, so a popped frame needs no test. The frame is written on every descent and the
// stack pointer moves by the test's result (free | -free has its top bit set iff free is not zero): a
// branch there would go either way at random, and mispredicted branches are most of a node's cost (the
// figures are in README.md). The last row is counted with a popcount, not visited.

type frame struct {
	free, cols, diag, anti uint64
	row                    int
}

// The diagonals of countLines, as a type argument: Go compiles a generic function once per shape (the
// underlying type), so the two types have different sizes, and in each instance the test of D's size is
// a constant and the other's code is left out: one loop in the source, neither paying a branch for the
// other.
type (
	flatDiagonals  uint8  // a queen's diagonals shift a column a row and leave the board
	torusDiagonals uint16 // they turn around the torus
	diagonals      interface{ flatDiagonals | torusDiagonals }
)

// countLines counts the row path of line attacks (columns, diagonals, any of them): with flatDiagonals
// the diagonals shift by a column a row; with torusDiagonals (kernelTorus) a queen's diagonals are its
// wrapPat and turn around the board.
func countLines[D diagonals](p *plan, r int, s state, k *ctl) uint64 {
	var d D
	torus := unsafe.Sizeof(d) == unsafe.Sizeof(torusDiagonals(0)) // a constant of each instance
	allowed := p.allowed
	last := p.rows - 1
	colOn, diagOn, antiOn := p.colOn, p.diagOn, p.antiOn
	stack := scratch(&k.frames, p.rows)
	sp := 0
	cols, diag, anti := s.cols, s.diag, s.anti
	free := allowed[r] &^ (cols | diag | anti)
	var total, nodes uint64
	for {
		if r == last {
			total += ones(free)
			free = 0
		}
		for free != 0 {
			bit := free & -free
			free ^= bit
			nc, nd, na := cols|bit&colOn, (diag|bit&diagOn)<<1, (anti|bit&antiOn)>>1
			if torus {
				nd, na = p.wrap(diag, anti, bit)
			}
			nf := allowed[r+1] &^ (nc | nd | na)
			if r+1 == last {
				total += ones(nf)
				continue
			}
			if nf == 0 {
				continue
			}
			stack[sp] = frame{free, cols, diag, anti, r}
			sp += int((free | -free) >> 63)
			cols, diag, anti, free, r = nc, nd, na, nf, r+1
		}
		if sp == 0 {
			k.nodes += nodes
			return total
		}
		if nodes++; nodes&(pollEvery-1) == 0 && k.stop() {
			k.stopped = true
			return total
		}
		sp--
		f := &stack[sp]
		free, cols, diag, anti, r = f.free, f.cols, f.diag, f.anti, f.row
	}
}

type knightFrame struct {
	free, cols, diag, anti, k1, k2 uint64
	row                            int
}

func (p *plan) countKnight(r int, s state, k *ctl) uint64 {
	allowed := p.allowed
	last := p.rows - 1
	colOn, diagOn, antiOn := p.colOn, p.diagOn, p.antiOn
	stack := scratch(&k.knightFrames, p.rows)
	sp := 0
	cols, diag, anti, k1, k2 := s.cols, s.diag, s.anti, s.k1, s.k2
	free := allowed[r] &^ (cols | diag | anti | k1<<2 | k1>>2 | k2<<1 | k2>>1)
	var total, nodes uint64
	for {
		if r == last {
			total += ones(free)
			free = 0
		}
		for free != 0 {
			bit := free & -free
			free ^= bit
			nc, nd, na := cols|bit&colOn, (diag|bit&diagOn)<<1, (anti|bit&antiOn)>>1
			// The new row's knight cells: two columns off from this queen, one off from the last.
			nf := allowed[r+1] &^ (nc | nd | na | bit<<2 | bit>>2 | k1<<1 | k1>>1)
			if r+1 == last {
				total += ones(nf)
				continue
			}
			if nf == 0 {
				continue
			}
			stack[sp] = knightFrame{free, cols, diag, anti, k1, k2, r}
			sp += int((free | -free) >> 63)
			cols, diag, anti, k2, k1, free, r = nc, nd, na, k1, bit, nf, r+1
		}
		if sp == 0 {
			k.nodes += nodes
			return total
		}
		if nodes++; nodes&(pollEvery-1) == 0 && k.stop() {
			k.stopped = true
			return total
		}
		sp--
		f := &stack[sp]
		free, cols, diag, anti, k1, k2, r = f.free, f.cols, f.diag, f.anti, f.k1, f.k2, f.row
	}
}

// countTorusLeaps is countLines on a torus with the knight's leap. Its first two rows are placed one queen at a
// time, since their knights reach the last two rows around the bottom edge; those cells are then taken
// out of the last rows' allowed columns once, and the loop carries only the queen of the row above. It
// is a kernel of its own so that the plain torus pays nothing for leaps it does not have.
func (p *plan) countTorusLeaps(r int, s state, k *ctl) uint64 {
	if r < 2 {
		var total uint64
		for f := p.free(s, r); f != 0; f &= f - 1 {
			if total += p.count(r+1, p.place(s, r, f&-f), k); k.stopped {
				break
			}
		}
		return total
	}
	tz := bits.TrailingZeros64
	allowed := scratch(&k.masks, p.rows)
	for i := r; i < p.rows; i++ {
		allowed[i] = p.allowed[i] &^ (p.leap[i][tz(s.t0)] | p.leap[i-1][tz(s.t1)])
	}
	pat, near, far := p.wrapPat, p.leap[1], p.leap[2]
	last := p.rows - 1
	colOn, diagOn, antiOn := p.colOn, p.diagOn, p.antiOn
	stack := scratch(&k.torusFrames, p.rows)
	sp := 0
	cols, diag, anti, k1 := s.cols, s.diag, s.anti, s.k1
	free := allowed[r] &^ (cols | diag | anti | near[tz(k1)] | far[tz(s.k2)])
	var total, nodes uint64
	for {
		if r == last {
			total += ones(free)
			free = 0
		}
		for free != 0 {
			bit := free & -free
			free ^= bit
			c := tz(bit)
			w := pat[c]
			nc, nd, na := cols|bit&colOn, p.rotl(diag|w&diagOn), p.rotr(anti|w&antiOn)
			nf := allowed[r+1] &^ (nc | nd | na | near[c] | far[tz(k1)])
			if r+1 == last {
				total += ones(nf)
				continue
			}
			if nf == 0 {
				continue
			}
			stack[sp] = torusFrame{free, cols, diag, anti, k1, r}
			sp += int((free | -free) >> 63)
			cols, diag, anti, k1, free, r = nc, nd, na, bit, nf, r+1
		}
		if sp == 0 {
			k.nodes += nodes
			return total
		}
		if nodes++; nodes&(pollEvery-1) == 0 && k.stop() {
			k.stopped = true
			return total
		}
		sp--
		f := &stack[sp]
		free, cols, diag, anti, k1, r = f.free, f.cols, f.diag, f.anti, f.k1, f.row
	}
}

// countRows is the kernel of kernelRows, for what the others do not carry: any leapers, found from the
// columns of the last rows' queens, and regions of one queen each, kept as a word of used regions and
// checked by a table from column to region per row. It is plain beside the kernels above: these models
// are puzzles, whose trees are small.
func (p *plan) countRows(r0 int, s state, k *ctl) uint64 {
	stack := scratch(&k.rowsFrames, p.rows+1)
	last := p.rows - 1
	var total, nodes uint64
	r := r0
	stack[r] = rowsFrame{p.free(s, r), s.cols, s.diag, s.anti, s.used, s.hist}
	for {
		f := &stack[r]
		if r == last && p.regions == nil {
			total += ones(f.free)
			f.free = 0
		}
		if f.free == 0 {
			if r == r0 {
				break
			}
			r--
			if nodes++; nodes&(pollEvery-1) == 0 && k.stop() {
				k.stopped = true
				break
			}
			continue
		}
		bit := f.free & -f.free
		f.free ^= bit
		next := p.place(state{cols: f.cols, diag: f.diag, anti: f.anti, used: f.used, hist: f.hist}, r, bit)
		if r == last {
			if p.done(next) {
				total++
			}
			continue
		}
		nf := p.allowed[r+1] &^ p.forbidden(next, r+1)
		if nf == 0 {
			continue
		}
		r++
		stack[r] = rowsFrame{nf, next.cols, next.diag, next.anti, next.used, next.hist}
	}
	k.nodes += nodes
	return total
}

// countQueen is countLines for the classic problem on a square board: no per-row masks to load, no
// attack kinds to mask in, a fixed stack indexed modulo its size (the depth never passes the 64 columns),
// which spares the bounds checks. The last two rows, which share the last two open columns, are settled by
// twoRows without a visit. A queen that leaves the row after next no open cell (by the columns and
// diagonals so far) is cut before its row is visited; a cut on the third row down gained nothing. It
// returns the count and its backtracks (the frames it pops), as the other kernels count them; it polls no
// stop flag.
func countQueen(full uint64, r, last int, cols, diag, anti uint64) (total, nodes uint64) {
	free := full &^ (cols | diag | anti)
	left := last - r // the rows below the current one
	if left < 2 {
		// The closure gets copies: were it to capture the loop's own variables, they would live in memory.
		c, d, a := cols, diag, anti
		return lastRows(free, left, func(bit uint64) uint64 { return full &^ (c | bit | (d|bit)<<1 | (a|bit)>>1) }), 0
	}
	type frame struct {
		free, cols, diag, anti uint64
		left                   int
	}
	var stack [64]frame
	// pops[d] counts the frames popped at depth d of the stack: a counter in memory, beside the frame the
	// pop loads, where a register for it spilled others of the loop (1% more instructions, against 6%).
	var pops [64]uint64
	sp := 0
	if free == 0 {
		return 0, 0
	}
	for {
		bit := free & -free
		free ^= bit
		nc, nd, na := cols|bit, (diag|bit)<<1, (anti|bit)>>1
		if left == 2 {
			rem := full &^ nc
			total += twoRows(rem, nd|na, nd<<1|na>>1, nearMul, nearShift)
		} else if nf := full &^ (nc | nd | na); nf != 0 && full&^(nc|nd<<1|na>>1) != 0 {
			f := &stack[sp&63]
			f.free, f.cols, f.diag, f.anti, f.left = free, cols, diag, anti, left
			sp += int((free | -free) >> 63)
			cols, diag, anti, free = nc, nd, na, nf
			left--
			continue
		}
		if free != 0 {
			continue
		}
		if sp == 0 {
			for _, n := range pops {
				nodes += n
			}
			return total, nodes
		}
		sp--
		pops[sp&63]++
		f := &stack[sp&63]
		free, cols, diag, anti, left = f.free, f.cols, f.diag, f.anti, f.left
	}
}

// countSuper is countQueen for superqueens (the four lines and the knight's leap on a square board with
// every cell open). A queen closes the five columns around it in each of the next two rows: the diagonals
// and the knight's leaps together, with its own column. The search cuts a queen that leaves no open cell
// in the next row, the row after, or the one after that, which the knight makes common. So each row keeps
// what the queens above it leave open in the next three rows (o1, o2, o3): a candidate is then tested with
// three AND-NOTs, and a child inherits two of its three masks from the test, fewer operations than the
// same cuts computed from the column and diagonal masks per candidate. It returns the count and its
// backtracks, as countQueen does.
func countSuper(full uint64, r, last int, cols, diag, anti, k1, k2 uint64) (total, nodes uint64) {
	pb := band(k1)
	free := full &^ (cols | diag | anti | pb | band(k2))
	left := last - r
	if left < 2 {
		c, d, a, b := cols, diag, anti, pb // copies, as in countQueen
		return lastRows(free, left, func(bit uint64) uint64 {
			return full &^ (c | bit | (d|bit)<<1 | (a|bit)>>1 | band(bit) | b)
		}), 0
	}
	// o1, o2 and o3 are the cells of the next three rows that the queens above this row leave open.
	o1 := full &^ (cols | diag<<1 | anti>>1 | pb)
	o2 := full &^ (cols | diag<<2 | anti>>2)
	o3 := full &^ (cols | diag<<3 | anti>>3)
	type frame struct {
		free, o1, o2, o3, cols, diag, anti uint64
		left                               int
	}
	var stack [64]frame
	var pops [64]uint64 // as in countQueen
	sp := 0
	if free == 0 {
		return 0, 0
	}
	for {
		bit := free & -free
		free ^= bit
		b := band(bit)
		n1, n2 := o1&^b, o2&^b
		if left == 2 {
			total += lastTwo(n1, n2)
		} else if n3 := o3 &^ (bit * farMul >> farShift); n1 != 0 && n2 != 0 && n3 != 0 {
			f := &stack[sp&63]
			f.free, f.o1, f.o2, f.o3, f.cols, f.diag, f.anti, f.left = free, o1, o2, o3, cols, diag, anti, left
			sp += int((free | -free) >> 63)
			cols, diag, anti = cols|bit, (diag|bit)<<1, (anti|bit)>>1
			free, o1, o2, o3 = n1, n2, n3, full&^(cols|diag<<3|anti>>3)
			left--
			continue
		}
		if free != 0 {
			continue
		}
		if sp == 0 {
			for _, n := range pops {
				nodes += n
			}
			return total, nodes
		}
		sp--
		pops[sp&63]++
		f := &stack[sp&63]
		free, o1, o2, o3, cols, diag, anti, left = f.free, f.o1, f.o2, f.o3, f.cols, f.diag, f.anti, f.left
	}
}

// lastTwo is twoRows for superqueens, from what countSuper holds: n1 are the open cells of the first of
// the last two rows (at most the two columns left), n2 those of the second before the first's queen
// closes its band there.
func lastTwo(n1, n2 uint64) uint64 {
	b1 := n1 & -n1
	b2 := n1 ^ b1
	x1, x2 := n2&^band(b1), n2&^band(b2)
	return ((b1|-b1)&(x1|-x1))>>63 + ((b2|-b2)&(x2|-x2))>>63
}

// band returns the five columns around the queen bit, clipped to the board's low edge: what a superqueen
// closes in each of the next two rows. The bits of bit·31 do not carry, bit being a single bit.
func band(bit uint64) uint64 { return bit * bandMul >> bandShift }

// A queen q closes q·mul >> shift in the next row besides its own column: its two diagonal neighbours
// (q·5 >> 1), or for a superqueen its band of five (q·31 >> 2).
const (
	nearMul, nearShift = 5, 1
	bandMul, bandShift = 31, 2
	farMul, farShift   = 73, 3 // three rows down, its column included: the column and the diagonals
)

// twoRows counts the ways to finish the last two rows when their two queens must take the two columns
// of rem: up1 is what the rows above close in the first of them, up2 in the second, and q·mul >> shift
// what a queen q in the first closes in the second besides its own column. Branch-free: the first row
// has at most two candidates, b1 and b2 (zero when missing).
func twoRows(rem, up1, up2, mul uint64, shift uint) uint64 {
	f := rem &^ up1
	b1 := f & -f
	b2 := f ^ b1
	x1 := (rem ^ b1) &^ (up2 | b1*mul>>shift)
	x2 := (rem ^ b2) &^ (up2 | b2*mul>>shift)
	// The top bit of x | -x is set iff x is not zero.
	return ((b1|-b1)&(x1|-x1))>>63 + ((b2|-b2)&(x2|-x2))>>63
}

// lastRows counts the completions from a row with open columns free when left (0 or 1) rows lie below
// it; next(bit) is the next row's open columns after a queen takes bit.
func lastRows(free uint64, left int, next func(bit uint64) uint64) uint64 {
	if left == 0 {
		return ones(free)
	}
	var total uint64
	for ; free != 0; free &= free - 1 {
		total += ones(next(free & -free))
	}
	return total
}

// ones counts the bits of x in a few register operations. bits.OnesCount64 checks for the POPCNT
// instruction at run time on a baseline amd64 build and may call a fallback, and around that call the
// compiler spills the kernels' masks to memory on every node.
func ones(x uint64) uint64 {
	x -= (x >> 1) & 0x5555555555555555
	x = x&0x3333333333333333 + (x>>2)&0x3333333333333333
	x = (x + x>>4) & 0x0f0f0f0f0f0f0f0f
	return x * 0x0101010101010101 >> 56
}
