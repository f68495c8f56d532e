// Package halves counts the solutions of classic n-queens by meeting in the middle, many times faster
// than any row-by-row search.
//
// Cut the board down the middle. Every solution puts one queen in each column, so each half holds as
// many queens as it has columns, and the rows of the east queens are a set R that leaves the other rows
// to the west. Rows and columns then cannot clash across the cut; only diagonals can. So for each R the
// count is the number of pairs (east placement on rows R, west placement on the other rows) whose
// diagonals are disjoint. Each half's placements are built from two quarters' lists (quarter.go), and their
// diagonals are packed into one word so the pairs are counted by a bitwise join (join.go) instead of
// one by one.
//
// An odd board keeps its middle column out of both halves: its queen is placed first, in each row in
// turn. The mirror maps east placements to west ones, so each set of rows is searched once, and the
// mirror and the up-down flip together let one set of rows stand for up to four.
//
// The two transposes are left unused, on purpose. They could stand in for the mirror on an even board:
// weigh each solution with no east queen on either long diagonal by 2^k, k the long diagonals its west
// half holds, and drop the rest. That keeps a fourth of the east placements and halves the pairs. But the
// join already splits on the long diagonals' bits among the first, so most of those pairs never cost
// anything. Built and measured, the joiner's own work fell by a fifth and the weights' bookkeeping took
// it back: 4.64e9 instructions against 4.57e9 at n=16 (cachegrind), and no faster at n=18.
package halves

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// MaxN is the largest board Count takes. The quarters' lists grow about eightfold from one even n to
// the next: n=20 holds some 15 million parts (240 MB), n=22 would need gigabytes.
const MaxN = 21

// ErrOverflow is returned when a count does not fit 64 bits.
var ErrOverflow = errors.New("halves: count overflows 64 bits")

// Count returns the number of ways to place n non-attacking queens on an n×n board, split over threads
// goroutines (threads < 1 means one per core). It returns ctx's error, and no count, if ctx is done
// first.
func Count(ctx context.Context, n, threads int) (uint64, error) {
	if n < 1 || n > MaxN {
		return 0, fmt.Errorf("halves: board side %d out of range 1..%d", n, MaxN)
	}
	if threads < 1 {
		threads = runtime.NumCPU()
	}
	var stopped atomic.Bool
	release := context.AfterFunc(ctx, func() { stopped.Store(true) })
	defer release()
	var total uint64
	for _, b := range boards(n) {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		// One board at a time: its quarters' parts are shared by every goroutine, then dropped.
		b.upper, b.lower = b.quarters(threads > 1, stopped.Load)
		count, err := countBoard(ctx, b, threads)
		if err == nil {
			total, err = addProduct(total, count, b.weight)
		}
		if err != nil {
			return 0, err
		}
	}
	return total, nil
}

// countBoard returns the number of solutions of b, its sets of rows shared among threads goroutines.
func countBoard(ctx context.Context, b *half, threads int) (uint64, error) {
	ts := rowSets(b)
	var (
		next  atomic.Int64
		mu    sync.Mutex
		total uint64
		fail  error
		wg    sync.WaitGroup
	)
	for range min(threads, len(ts)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var w worker
			var sum uint64
			var err error
			for err == nil {
				i := next.Add(1) - 1
				if i >= int64(len(ts)) {
					break
				}
				if err = ctx.Err(); err != nil {
					break
				}
				sum, err = addProduct(sum, w.count(b, ts[i].rows), ts[i].weight)
			}
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				total, err = addProduct(total, sum, 1)
			}
			if fail == nil {
				fail = err
			}
		}()
	}
	wg.Wait()
	if fail != nil {
		return 0, fail
	}
	return total, nil
}

// addProduct returns sum + a*b, or ErrOverflow.
func addProduct(sum, a, b uint64) (uint64, error) {
	hi, lo := bits.Mul64(a, b)
	s, carry := bits.Add64(sum, lo, 0)
	if hi != 0 || carry != 0 {
		return 0, ErrOverflow
	}
	return s, nil
}

// task is one set of east rows, standing for weight sets of rows (itself and its images under the
// symmetries) that have the same count.
type task struct {
	rows   uint32
	weight uint64
}

// boards lists the boards whose counts make up the n×n count: for an even n the board itself; for an
// odd n, one for each row of the middle column's queen in the upper half, the rows above the middle
// weighted 2 for their up-down images below it.
func boards(n int) []*half {
	if n%2 == 0 {
		return []*half{newHalf(n, -1)}
	}
	var bs []*half
	for r0 := 0; r0 <= n/2; r0++ {
		b := newHalf(n, r0)
		if r0 < n/2 {
			b.weight = 2
		}
		bs = append(bs, b)
	}
	return bs
}

// rowSets lists one task for each class of east row sets of b under the symmetries b keeps: the mirror,
// which swaps a set with its complement, and where b is its own up-down image, the flip.
func rowSets(b *half) []task {
	open := b.rows
	flips := b.middleRow < 0 || 2*b.middleRow == b.n-1
	var ts []task
	forEachSubset(open, b.h, func(r uint32) {
		images := [4]uint32{r, open ^ r}
		k := 2
		if flips {
			f := b.flip(r)
			images[2], images[3] = f, open^f
			k = 4
		}
		var distinct uint64
		for i := range k {
			if images[i] < r {
				return // not the least of its class
			}
			if !slices.Contains(images[:i], images[i]) {
				distinct++
			}
		}
		ts = append(ts, task{rows: r, weight: distinct})
	})
	return ts
}

// forEachSubset calls f once with every subset of set that has k members.
func forEachSubset(set uint32, k int, f func(uint32)) {
	var pos []uint32
	for s := set; s != 0; s &= s - 1 {
		pos = append(pos, s&-s)
	}
	if k > len(pos) {
		return
	}
	var rec func(i, left int, acc uint32)
	rec = func(i, left int, acc uint32) {
		if left == 0 {
			f(acc)
			return
		}
		for j := i; j <= len(pos)-left; j++ {
			rec(j+1, left-1, acc|pos[j])
		}
	}
	rec(0, k, 0)
}

// worker holds one goroutine's buffers.
type worker struct {
	east, west []uint64
	join       joiner
}

// count returns the number of solutions of b whose east queens stand on rows.
func (w *worker) count(b *half, rows uint32) uint64 {
	w.east = b.join(rows, w.east[:0])
	w.west = b.join(b.rows^rows, w.west[:0])
	for i, p := range w.west {
		w.west[i] = b.mirror(p)
	}
	return w.join.count(w.east, w.west, b.bits)
}
