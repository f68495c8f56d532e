package meet

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/solvers"
)

// half is one side of the cut: its rows, nearest the cut first, and the columns it takes.
type half struct {
	rows []int
	cols uint64
}

// worker is the scratch of one goroutine running tasks: the two halves' lists, the bit sets, the walk's
// partial ORs. Nothing is allocated per pair, and little per task once the buffers have grown.
type worker struct {
	// list[s] holds side s's placements, len(rows) columns each, in the order the backtracking made them.
	list [2][]uint8
	// avail is the backtracking's stack: avail[d·k+e] the open columns of the e-th row at depth d.
	avail []uint64
	// local[line] is the line's bit set's number in sets, −1 for a line no placement of the set side holds.
	local []int32
	held  []int32 // the lines numbered in local, to reset it
	sets  []uint64
	// walk[l] are the bit sets a queen on the walked side's l-th cell (row position × n + column) ORs in.
	walk [][]int32
	// or[d] is the partial OR after the walked placement's first d queens.
	or []uint64
}

// Run counts the solutions of task i: those whose top rows take the columns Columns(i), times the task's
// Weight. It returns ctx's error, and no count, once ctx is done.
func (j *Job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= j.tasks {
		return solvers.Tally{}, fmt.Errorf("meet: task %d out of range 0..%d", i, j.tasks-1)
	}
	if err := ctx.Err(); err != nil {
		return solvers.Tally{}, err
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	var w *worker
	select {
	case w = <-j.pool:
	default:
		w = &worker{local: make([]int32, j.lines)}
		for k := range w.local {
			w.local[k] = -1
		}
	}
	defer func() {
		select {
		case j.pool <- w:
		default:
		}
	}()
	count, ok := j.count(w, j.Columns(i), stop)
	if !ok {
		return solvers.Tally{}, ctx.Err()
	}
	return solvers.Tally{Count: count * j.Weight(i), Nodes: uint64(len(w.list[0])/max(1, j.cut) + len(w.list[1])/max(1, j.n-j.cut))}, nil
}

// Finish returns the number of solutions: the sum of the tasks' counts. The meet counts no classes.
func (j *Job) Finish(sum solvers.Tally) (uint64, *uint64, error) { return sum.Count, nil, nil }

// count returns the solutions whose top rows take the columns s, and false if stop turned true first.
func (j *Job) count(w *worker, s uint64, stop func() bool) (uint64, bool) {
	full := uint64(1)<<j.n - 1
	var sides [2]half
	for r := j.cut - 1; r >= 0; r-- {
		sides[0].rows = append(sides[0].rows, r)
	}
	for r := j.cut; r < j.n; r++ {
		sides[1].rows = append(sides[1].rows, r)
	}
	sides[0].cols, sides[1].cols = s, full&^s
	for k := range sides {
		w.list[k] = j.list(w, sides[k], w.list[k][:0])
		if len(w.list[k]) == 0 && len(sides[k].rows) > 0 {
			return 0, true
		}
	}
	if stop() {
		return 0, false
	}
	// The bit sets over the shorter list, the walk over the longer.
	set, walked := 0, 1
	size := func(k int) int {
		if len(sides[k].rows) == 0 {
			return 1 // the one empty placement
		}
		return len(w.list[k]) / len(sides[k].rows)
	}
	if size(1) < size(0) {
		set, walked = 1, 0
	}
	return j.join(w, &sides[set], w.list[set], size(set), &sides[walked], w.list[walked], stop)
}

// list appends to dst every placement of one queen on each of h's rows, on distinct columns of h.cols,
// that no two queens attack, as len(h.rows) columns each, in lexicographic order.
func (j *Job) list(w *worker, h half, dst []uint8) []uint8 {
	k := len(h.rows)
	if k == 0 {
		return dst
	}
	if need := (k + 1) * k; len(w.avail) < need {
		w.avail = make([]uint64, need)
	}
	for e := range k {
		w.avail[e] = h.cols
	}
	var cols [64]uint8
	var walk func(d int)
	walk = func(d int) {
		cur := w.avail[d*k : d*k+k]
		if d == k-1 {
			for m := cur[d]; m != 0; m &= m - 1 {
				cols[d] = uint8(bits.TrailingZeros64(m))
				dst = append(dst, cols[:k]...)
			}
			return
		}
		next := w.avail[(d+1)*k : (d+1)*k+k]
		for m := cur[d]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			att := j.att[h.rows[d]*j.n+c]
			free := true
			for e := d + 1; e < k; e++ {
				next[e] = cur[e] &^ (att[h.rows[e]] | 1<<c)
				if next[e] == 0 {
					free = false
					break
				}
			}
			if free {
				cols[d] = uint8(c)
				walk(d + 1)
			}
		}
	}
	walk(0)
	return dst
}

// join counts the pairs of a placement of the set side (m of them, in setList) and one of the walked
// side with no crossing line in common.
func (j *Job) join(w *worker, sh *half, setList []uint8, m int, wh *half, walkList []uint8, stop func() bool) (uint64, bool) {
	n := j.n
	ks, kw := len(sh.rows), len(wh.rows)
	words := (m + 63) / 64
	// Number the lines the set side holds, and set their bits.
	w.held = w.held[:0]
	for p := range m {
		for e, c := range setList[p*ks : p*ks+ks] {
			for _, l := range j.cross[sh.rows[e]*n+int(c)] {
				if w.local[l] < 0 {
					w.local[l] = int32(len(w.held))
					w.held = append(w.held, l)
				}
			}
		}
	}
	defer func() {
		for _, l := range w.held {
			w.local[l] = -1
		}
	}()
	if need := len(w.held) * words; cap(w.sets) < need {
		w.sets = make([]uint64, need)
	} else {
		w.sets = w.sets[:need]
		clear(w.sets)
	}
	for p := range m {
		for e, c := range setList[p*ks : p*ks+ks] {
			for _, l := range j.cross[sh.rows[e]*n+int(c)] {
				w.sets[int(w.local[l])*words+p/64] |= 1 << (p % 64)
			}
		}
	}
	// The bit sets each cell of the walked side ORs in: those of its lines that the set side holds.
	if len(w.walk) < kw*n {
		w.walk = make([][]int32, kw*n)
	}
	for e, r := range wh.rows {
		for c := range n {
			x := w.walk[e*n+c][:0]
			if wh.cols>>c&1 != 0 {
				for _, l := range j.cross[r*n+c] {
					if k := w.local[l]; k >= 0 {
						x = append(x, k*int32(words))
					}
				}
			}
			w.walk[e*n+c] = x
		}
	}
	if need := (kw + 1) * words; cap(w.or) < need {
		w.or = make([]uint64, need)
	} else {
		w.or = w.or[:need]
	}
	// The zeroth OR has the bits past m set, so that they never count as partners.
	clear(w.or[:words])
	if m%64 != 0 {
		w.or[words-1] = ^uint64(0) << (m % 64)
	}
	if kw == 0 {
		return uint64(m), true
	}
	// level[d] is the OR after d queens: or[d·words:], or an earlier level's where the d-th queen adds
	// no line (where reads from).
	where := make([]int, kw+1)
	var total uint64
	walked := len(walkList) / kw
	var prev []uint8
	for p := 0; p < walked; p++ {
		if p&1023 == 0 && stop() {
			return 0, false
		}
		cur := walkList[p*kw : p*kw+kw]
		d := 0
		if prev != nil {
			for d < kw-1 && cur[d] == prev[d] {
				d++
			}
		}
		prev = cur
		// Levels d+1 .. kw−1 are made anew; the last queen's OR is counted without being kept.
		for ; d < kw-1; d++ {
			src := w.walk[d*n+int(cur[d])]
			if len(src) == 0 {
				where[d+1] = where[d]
				continue
			}
			where[d+1] = (d + 1) * words
			if full := orInto(w.or[where[d+1]:where[d+1]+words], w.or[where[d]:where[d]+words], w.sets, src); full {
				// Every placement of the set side meets this prefix: skip the placements that share it.
				for p+1 < walked && equal(walkList[(p+1)*kw:(p+1)*kw+d+1], cur[:d+1]) {
					p++
				}
				goto next // the next placement differs within cur[:d+1], whose levels stay valid
			}
		}
		total += zeros(w.or[where[kw-1]:where[kw-1]+words], w.sets, w.walk[(kw-1)*n+int(cur[kw-1])])
	next:
	}
	return total, true
}

func equal(a, b []uint8) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// orInto sets dst to src OR the bit sets of sets at the offsets off, and reports whether every bit of dst
// is set.
func orInto(dst, src, sets []uint64, off []int32) bool {
	words := len(dst)
	all := ^uint64(0)
	switch len(off) {
	case 1:
		a := sets[off[0] : int(off[0])+words]
		for i := range dst {
			v := src[i] | a[i]
			dst[i] = v
			all &= v
		}
	case 2:
		a, b := sets[off[0]:int(off[0])+words], sets[off[1]:int(off[1])+words]
		for i := range dst {
			v := src[i] | a[i] | b[i]
			dst[i] = v
			all &= v
		}
	case 3:
		a, b, c := sets[off[0]:int(off[0])+words], sets[off[1]:int(off[1])+words], sets[off[2]:int(off[2])+words]
		for i := range dst {
			v := src[i] | a[i] | b[i] | c[i]
			dst[i] = v
			all &= v
		}
	default:
		copy(dst, src)
		for _, o := range off {
			a := sets[o : int(o)+words]
			for i := range dst {
				dst[i] |= a[i]
			}
		}
		for _, v := range dst {
			all &= v
		}
	}
	return all == ^uint64(0)
}

// zeros returns the number of bits that neither src nor any bit set of sets at the offsets off has.
func zeros(src, sets []uint64, off []int32) uint64 {
	words := len(src)
	var n int
	switch len(off) {
	case 0:
		for _, v := range src {
			n += bits.OnesCount64(^v)
		}
	case 1:
		a := sets[off[0] : int(off[0])+words]
		for i, v := range src {
			n += bits.OnesCount64(^(v | a[i]))
		}
	case 2:
		a, b := sets[off[0]:int(off[0])+words], sets[off[1]:int(off[1])+words]
		for i, v := range src {
			n += bits.OnesCount64(^(v | a[i] | b[i]))
		}
	case 3:
		a, b, c := sets[off[0]:int(off[0])+words], sets[off[1]:int(off[1])+words], sets[off[2]:int(off[2])+words]
		for i, v := range src {
			n += bits.OnesCount64(^(v | a[i] | b[i] | c[i]))
		}
	default:
		for i, v := range src {
			for _, o := range off {
				v |= sets[int(o)+i]
			}
			n += bits.OnesCount64(^v)
		}
	}
	return uint64(n)
}
