package backtrack

import (
	"errors"
	"math/bits"
	"sync"
	"sync/atomic"
)

// task is a subtree of the row path: the rows above row placed, to be counted weight times (2 for a
// placement whose mirror image is counted by the same task; the number of columns for a torus whose
// shifts the first row stands for). queens[r] is the queen of row r < row: valid only while the task is
// yielded, and cloned by those that keep it.
type task struct {
	row    int
	s      state
	weight uint64
	queens []uint64
}

// splitDepth is how many rows the tasks fix: enough tasks to keep every thread busy and to notice a
// cancellation between tasks, few enough that handing them out costs nothing. A torus prunes so hard
// that the last 13 rows hold little of the work, and the producer, which walks the rows above without a
// kernel, would do most of it on one thread; four rows make some 1,000 tasks at n=19 and 2,500 at n=23.
func (p *plan) splitDepth() int {
	d := p.rows - 13
	if p.kernel == kernelTorus {
		d = 4
	}
	return max(1, min(d, p.rows-1))
}

// tasks yields the placements of the first depth rows, skipping those whose mirror image it yields too
// and weighting the kept ones 2 instead, while the placement so far is its own mirror image (every queen
// in the mirror's fixed column). On a torus that keeps the shifts of the columns, every solution is the
// shift of exactly one with the first row's queen in column 0: that queen alone is tried, weighted by the
// number of columns, and the mirror becomes c → −c (mod cols), which keeps column 0. It returns false
// if yield asked to stop.
func (p *plan) tasks(depth int, yield func(task) bool) bool {
	queens := make([]uint64, depth)
	var walk func(r int, s state, weight uint64, symmetric bool) bool
	walk = func(r int, s state, weight uint64, symmetric bool) bool {
		if r == depth {
			return yield(task{r, s, weight, queens})
		}
		f := p.free(s, r)
		if r == 0 && p.shift {
			f, weight = f&1, weight*uint64(p.cols)
		}
		for ; f != 0; f &= f - 1 {
			bit := f & -f
			w, sym := weight, false
			if symmetric {
				c := bits.TrailingZeros64(bit)
				mc := p.cols - 1 - c
				if p.shift {
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
	return walk(0, state{}, 1, p.mirror)
}

// countParallel counts the row path's solutions on threads goroutines. It returns false if stop turned
// true before every task was counted, and errOverflow if the count does not fit in 64 bits.
func (p *plan) countParallel(threads int, stop func() bool) (uint64, bool, error) {
	var overflow atomic.Bool
	depth := p.splitDepth()
	sums := make([]uint64, threads)
	do := func(i int, t task) {
		if !addProduct(&sums[i], t.weight, p.count(t.row, t.s)) {
			overflow.Store(true)
		}
	}
	complete := spread(threads, stop, func(send func(task) bool) bool { return p.tasks(depth, send) }, do)
	var total uint64
	for _, s := range sums {
		if !addProduct(&total, 1, s) {
			overflow.Store(true)
		}
	}
	if overflow.Load() {
		return 0, false, errOverflow
	}
	return total, complete && !stop(), nil
}

// spread runs the tasks that produce makes, each by run(i, t) where i < threads names the goroutine, and
// returns what produce returns. produce stops once send returns false, which it does once stop turns true.
// On one thread each task runs as it is made, in the caller's goroutine: handing it over would only add
// a wake-up per task.
func spread[T any](threads int, stop func() bool, produce func(send func(T) bool) bool, run func(i int, t T)) bool {
	if threads == 1 {
		return produce(func(t T) bool {
			if stop() {
				return false
			}
			run(0, t)
			return true
		})
	}
	work := make(chan T, 4*threads)
	var wg sync.WaitGroup
	for i := range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range work {
				if !stop() { // once stopped, drain, so the producer never blocks
					run(i, t)
				}
			}
		}()
	}
	complete := produce(func(t T) bool {
		if stop() {
			return false
		}
		work <- t
		return true
	})
	close(work)
	wg.Wait()
	return complete
}

// errOverflow reports a count past 2^64 − 1.
var errOverflow = errors.New("backtrack: the count overflows 64 bits")

// addProduct adds a×b to *acc and reports false if the product or the sum overflows 64 bits. A single
// task's count cannot overflow in any time one could wait; the weighted sums of many might.
func addProduct(acc *uint64, a, b uint64) bool {
	hi, lo := bits.Mul64(a, b)
	sum, carry := bits.Add64(*acc, lo, 0)
	*acc = sum
	return hi == 0 && carry == 0
}
