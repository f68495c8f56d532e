package backtrack

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// task is a subtree of the row path: the rows above row placed, to be counted weight times (2 for a
// placement whose mirror image is counted by the same task; the number of columns for a torus whose
// shifts the first row stands for). sym says the placement is its own mirror image, so the rows below
// are halved too. queens[r] is the queen of row r < row (a listed task holds those rows alone; own gives it
// a slice to walk down with). On the class-by-class count, first is the column of row 0's queen, whose
// bounds apply.
type task struct {
	row    int
	s      state
	weight uint64
	sym    bool
	first  int
	queens []uint64
}

// splitRows is how many rows a task leaves to the kernels: a classic or superqueen kernel finishes 13
// rows in milliseconds at most, so stopping between kernel calls is prompt, and handing out the rows
// above costs nothing beside them. A task placed higher up walks down to that row first.
const splitRows = 13

// split returns the row at which the kernels take over.
func (p *plan) split() int { return max(1, min(p.rows-splitRows, p.rows)) }

// descend yields the placements of rows t.row.. depth-1 below task t, each as a task at depth, on the
// open cells al, skipping those whose mirror image it yields too and weighting the kept ones 2 instead,
// while the placement so far is its own mirror image (every queen in the mirror's fixed column). With
// shift, on a torus that keeps the shifts of the columns, every solution is the shift of exactly one with
// the first row's queen in column 0: that queen alone is tried, weighted by the number of columns, and the
// mirror becomes c → −c (mod cols), which keeps column 0. The queens of the yielded task are t.queens,
// valid only while it is yielded. descend returns false if yield asked to stop, or k's stop flag did: k,
// if not nil, is looked at every few thousand placements, as a walk down to the split may place millions
// without yielding one (classic queens on a torus of side 61 did, deaf to --timeout and Ctrl-C).
func (p *plan) descend(t task, depth int, al []uint64, shift bool, k *ctl, yield func(task) bool) bool {
	queens := t.queens
	placed := 0
	var walk func(r int, s state, weight uint64, symmetric bool) bool
	walk = func(r int, s state, weight uint64, symmetric bool) bool {
		if r == depth {
			return yield(task{r, s, weight, symmetric, t.first, queens})
		}
		if placed++; k != nil && placed&(1<<12-1) == 0 && k.stop() {
			k.stopped = true
			return false
		}
		f := al[r] &^ p.forbidden(s, r)
		if p.leap != nil {
			f &^= p.leaps(s, r)
		}
		if r == 0 && shift {
			f, weight = f&1, weight*uint64(p.cols)
		}
		for ; f != 0; f &= f - 1 {
			bit := f & -f
			w, sym := weight, false
			if symmetric {
				c := bits.TrailingZeros64(bit)
				mc := p.cols - 1 - c
				if shift {
					mc = (p.cols - c) % p.cols
				}
				if c > mc {
					continue
				}
				if c < mc {
					w *= 2
				} else {
					sym = true
				}
			}
			queens[r] = bit
			if !walk(r+1, p.place(s, r, bit), w, sym) {
				return false
			}
		}
		return true
	}
	return walk(t.row, t.s, t.weight, t.sym)
}

// treeSize counts the placements of the whole search below roots, every row down to the last (al returns
// the open cells of a root's tree; with shift, row 0 takes column 0 alone); past limit it stops and
// returns limit+1. It does not halve the tree by the mirror as descend does: it is a measure, and loops
// of its own keep it cheap: the lines, the knight and the torus in a few nanoseconds a placement.
func (p *plan) treeSize(roots []task, al func(task) []uint64, shift bool, limit int) int {
	n := 0
	for _, t := range roots {
		if t.row >= p.rows {
			continue
		}
		if n = p.sizer(t, al(t), shift, n, limit); n > limit {
			break
		}
	}
	return n
}

// sizeLines is treeSize's loop for the lines of a flat board of at most 64 rows: it adds the placements
// below t to n, up to limit+1.
func (p *plan) sizeLines(t task, al []uint64, n, limit int) int {
	type frame struct{ free, cols, diag, anti uint64 }
	var stack [64]frame
	colOn, diagOn, antiOn := p.colOn, p.diagOn, p.antiOn
	r0, last := t.row, p.rows-1
	s := t.s
	stack[r0&63] = frame{al[r0] &^ (s.cols | s.diag | s.anti), s.cols, s.diag, s.anti}
	for r := r0; r >= r0; {
		f := &stack[r&63]
		if f.free == 0 {
			r--
			continue
		}
		bit := f.free & -f.free
		f.free ^= bit
		if n++; n > limit {
			return n
		}
		if r < last {
			nc, nd, na := f.cols|bit&colOn, (f.diag|bit&diagOn)<<1, (f.anti|bit&antiOn)>>1
			r++
			stack[r&63] = frame{al[r] &^ (nc | nd | na), nc, nd, na}
		}
	}
	return n
}

// sizeKnight is sizeLines with the knight's leap: the loop of its own spares the lines half the time.
func (p *plan) sizeKnight(t task, al []uint64, n, limit int) int {
	type frame struct{ free, cols, diag, anti, k1, k2 uint64 }
	var stack [64]frame
	colOn, diagOn, antiOn := p.colOn, p.diagOn, p.antiOn
	r0, last := t.row, p.rows-1
	s := t.s
	free := al[r0] &^ (s.cols | s.diag | s.anti | s.k1<<2 | s.k1>>2 | s.k2<<1 | s.k2>>1)
	stack[r0&63] = frame{free, s.cols, s.diag, s.anti, s.k1, s.k2}
	for r := r0; r >= r0; {
		f := &stack[r&63]
		if f.free == 0 {
			r--
			continue
		}
		bit := f.free & -f.free
		f.free ^= bit
		if n++; n > limit {
			return n
		}
		if r < last {
			nc, nd, na, k1 := f.cols|bit&colOn, (f.diag|bit&diagOn)<<1, (f.anti|bit&antiOn)>>1, f.k1
			r++
			stack[r&63] = frame{al[r] &^ (nc | nd | na | bit<<2 | bit>>2 | k1<<1 | k1>>1), nc, nd, na, bit, k1}
		}
	}
	return n
}

// sizeTorus is sizeLines on a torus without leaps: the diagonals turn around the edges.
func (p *plan) sizeTorus(t task, al []uint64, shift bool, n, limit int) int {
	type frame struct{ free, cols, diag, anti uint64 }
	var stack [64]frame
	colOn, diagOn, antiOn, pat := p.colOn, p.diagOn, p.antiOn, p.wrapPat
	r0, last := t.row, p.rows-1
	s := t.s
	free := al[r0] &^ (s.cols | s.diag | s.anti)
	if r0 == 0 && shift {
		free &= 1
	}
	stack[r0&63] = frame{free, s.cols, s.diag, s.anti}
	for r := r0; r >= r0; {
		f := &stack[r&63]
		if f.free == 0 {
			r--
			continue
		}
		bit := f.free & -f.free
		f.free ^= bit
		if n++; n > limit {
			return n
		}
		if r < last {
			w := pat[bits.TrailingZeros64(bit)]
			nc, nd, na := f.cols|bit&colOn, p.rotl(f.diag|w&diagOn), p.rotr(f.anti|w&antiOn)
			r++
			stack[r&63] = frame{al[r] &^ (nc | nd | na), nc, nd, na}
		}
	}
	return n
}

// sizeAny is treeSize's loop for every other kernel, by the plan's own free and place.
func (p *plan) sizeAny(t task, al []uint64, shift bool, n, limit int) int {
	type frame struct {
		s    state
		free uint64
	}
	open := func(s state, r int) uint64 {
		f := al[r] &^ p.forbidden(s, r)
		if p.leap != nil {
			f &^= p.leaps(s, r)
		}
		if r == 0 && shift {
			f &= 1
		}
		return f
	}
	stack := make([]frame, p.rows)
	r0, last := t.row, p.rows-1
	stack[r0] = frame{t.s, open(t.s, r0)}
	for r := r0; r >= r0; {
		f := &stack[r]
		if f.free == 0 {
			r--
			continue
		}
		bit := f.free & -f.free
		f.free ^= bit
		if n++; n > limit {
			return n
		}
		if r < last {
			s := p.place(f.s, r, bit)
			r++
			stack[r] = frame{s, open(s, r)}
		}
	}
	return n
}

// levels lists the tasks of the row path: it deepens the roots row by row, each level from the last, and
// stops at the first level of at least minTasks tasks, or at row stop, or before a level past maxTasks; a
// small tree (see smallTree) at the first level of a task per smallTask of its placements. A task may lie
// below the split row, where its kernel then starts. al returns the open cells of a root's tree. It
// returns the tasks, their row, and ctx's error if ctx ends first.
func (p *plan) levels(ctx context.Context, roots []task, stop int, al func(task) []uint64, shift bool) ([]task, int, error) {
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	want := minTasks
	if p.taskDepth > 0 {
		// Asked for: the placements of the first taskDepth rows, whatever their number (within maxTasks).
		want, stop = maxTasks+1, min(stop, p.taskDepth)
	} else if n := p.treeSize(roots, al, shift, smallTree); n <= smallTree {
		want = max(1, n/smallTask)
	}
	level, row := roots, 0
	buf := make([]uint64, p.rows) // the queens of the task being deepened
	deepen := func(yield func(task) bool) {
		for _, t := range level {
			copy(buf, t.queens)
			t.queens = buf
			if !p.descend(t, row+1, al(t), shift, nil, yield) {
				return
			}
		}
	}
	for row < stop && len(level) < want {
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		// The level is counted first and then laid out in two blocks, the tasks and their queens (the rows
		// above theirs alone): a list grown by appends, and its queens one allocation each, cost more than
		// the walk, in memory first touched.
		n := 0
		deepen(func(task) bool { n++; return n <= maxTasks })
		if n > maxTasks {
			break
		}
		next := make([]task, 0, n)
		queens := make([]uint64, 0, n*(row+1))
		deepen(func(u task) bool {
			queens = append(queens, u.queens[:row+1]...)
			u.queens = queens[len(queens)-row-1 : len(queens) : len(queens)]
			next = append(next, u)
			return true
		})
		level, row = next, row+1
	}
	return level, row, nil
}

// own returns t with queens of its own, a slice as long as the board's rows, which descend may write.
func (p *plan) own(t task) task {
	q := make([]uint64, p.rows)
	copy(q, t.queens)
	t.queens = q
	return t
}

// rowJob counts the row path's solutions, halved by the mirror where the model keeps it, and with shift
// (a torus that keeps the shifts of its columns) counted from the first row's queen in column 0; with
// stabilizers it sums each solution's stabilizer under group instead, for Burnside's lemma.
func (p *plan) rowJob(ctx context.Context, method Method, shift bool, group *constraints.Group) (*job, error) {
	root := task{s: p.start(), weight: 1, sym: p.mirror, queens: make([]uint64, p.rows)}
	split := p.split()
	all := func(task) []uint64 { return p.allowed }
	tasks, depth, err := p.levels(ctx, []task{root}, p.rows-1, all, shift)
	if err != nil {
		return nil, err
	}
	j := &job{method: method, tasks: len(tasks), key: fmt.Sprintf("%s %s plan=%d depth=%d split=%d tasks=%d", method, p.board(), planScheme, depth, split, len(tasks))}
	j.prefix = func(i int) Task {
		t := tasks[i]
		q := make([]int, t.row)
		for r := range q {
			q[r] = bits.TrailingZeros64(t.queens[r])
		}
		return Task{Queens: q, Weight: t.weight}
	}
	if group == nil {
		j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
			t := p.own(tasks[i])
			var total uint64
			overflow := false
			p.descend(t, max(split, t.row), p.allowed, shift, k, func(u task) bool {
				if k.stop() {
					k.stopped = true
					return false
				}
				n := p.count(u.row, u.s, k)
				if !addProduct(&total, u.weight, n) {
					overflow = true
				}
				return !k.stopped
			})
			if overflow {
				return solvers.Tally{}, errOverflow
			}
			return solvers.Tally{Count: total}, nil
		}
		return j, nil
	}
	stab := p.stabilizers(group)
	j.run = func(_ context.Context, k *ctl, i int) (solvers.Tally, error) {
		t := p.own(tasks[i])
		queens := t.queens
		q := make([]int, p.rows)
		var tally solvers.Tally
		overflow := false
		done := p.enumerate(t.row, t.s, queens, k, func(sol []uint64) bool {
			for r, bit := range sol {
				q[r] = bits.TrailingZeros64(bit)
			}
			if !addProduct(&tally.Count, t.weight, 1) || !addProduct(&tally.Classes, t.weight, stab(q)) {
				overflow = true
			}
			return true
		})
		k.stopped = !done
		if overflow {
			return solvers.Tally{}, errOverflow
		}
		return tally, nil
	}
	j.finish = burnsideFinish(group.Order(), false)
	return j, nil
}

// board names the board for a job's key, and says if it was turned on its side.
func (p *plan) board() string {
	if p.transposed {
		return fmt.Sprintf("%dx%d (transposed)", p.rows, p.cols)
	}
	return fmt.Sprintf("%dx%d", p.rows, p.cols)
}

// addProduct adds a×b to *acc and reports false if the product or the sum overflows 64 bits. A single
// task's count cannot overflow in any time one could wait; the weighted sums of many might.
func addProduct(acc *uint64, a, b uint64) bool {
	hi, lo := bits.Mul64(a, b)
	sum, carry := bits.Add64(*acc, lo, 0)
	*acc = sum
	return hi == 0 && carry == 0
}
