package local

// Min-conflicts local search after Sosič and Gu ("Efficient local search with conflict minimization: a
// case study of the n-queens problem", IEEE TKDE 6(5), 1994). A greedy pass places the rows in turn, each
// on a column that adds no conflict where a few random tries find one, so that only a few rows near the
// end are left in conflict. Then a queen in conflict is taken at random and moved, by swapping its column
// with a random row's where the columns are balanced (a permutation stays one), or to a random column
// otherwise, when the move lowers the cost. Now and then a move that leaves the cost as it is is taken
// too, to walk off a plateau, and more rarely any move at all, to leave a local minimum; the search
// starts over from a new greedy pass when it stalls. The queens in conflict are kept in a work list:
// a move can bring into conflict only the queens on the lines its queens join and those a leap away,
// and the counters name them (state.notice), so no step looks at the whole board.

const (
	// greedyTries is how many random columns the greedy pass tries for a row before it takes the best.
	greedyTries = 64
	// moveTries is how many random partners (or columns) a queen in conflict tries before it gives up.
	moveTries = 32
	// sidewaysOneIn makes one in this many queens that found no better move take a move of equal cost.
	sidewaysOneIn = 8
	// walkOneIn makes one in this many queens that found no move to take make a random one.
	walkOneIn = 16
)

// outcome is how a run of the local search ended.
type outcome int

const (
	solved  outcome = iota // the placement is a solution
	stalled                // no better placement for too long
	stopped                // the context is done
)

// searcher runs the local search on a state.
type searcher struct {
	*state
	fixedCols []int32 // the fixed queens' columns, by row; -1 for the other rows
	movable   []int32 // the rows not fixed
	stop      func() bool
	moves     uint64
}

func newSearcher(s *state, fixedCols []int32, stop func() bool) *searcher {
	x := &searcher{state: s, fixedCols: fixedCols, stop: stop}
	for i, c := range fixedCols {
		if c < 0 {
			x.movable = append(x.movable, int32(i))
		}
	}
	return x
}

// pool returns the columns the movable rows share where the columns are balanced: each column as many
// times as its capacity, less its fixed queens.
func (x *searcher) pool() []int32 {
	capacity := x.rows / x.cols
	left := make([]int32, x.cols)
	for c := range left {
		left[c] = int32(capacity)
	}
	for _, c := range x.fixedCols {
		if c >= 0 {
			left[c]--
		}
	}
	out := make([]int32, 0, len(x.movable))
	for c, k := range left {
		for range k {
			out = append(out, int32(c))
		}
	}
	return out
}

// greedy places every queen afresh: the fixed ones, then each movable row in turn on the first of
// greedyTries random columns that adds no cost, else on the best of them. Where the columns are
// balanced, the columns are drawn from those not yet taken, as Sosič and Gu draw from a permutation.
func (x *searcher) greedy() bool {
	x.clear()
	for i, c := range x.fixedCols {
		if c >= 0 {
			x.put(i, int(c))
		}
	}
	var pool []int32
	if x.balanced {
		pool = x.pool()
	}
	for idx, row := range x.movable {
		if idx&0xffff == 0 && x.stop() {
			return false
		}
		i := int(row)
		best, bestCost := -1, int64(-1)
		for range greedyTries {
			var k, c int
			if pool != nil {
				k = idx + x.rng.IntN(len(pool)-idx)
				c = int(pool[k])
			} else {
				k = x.rng.IntN(x.cols)
				c = k
			}
			if d := x.addCost(i, c); bestCost < 0 || d < bestCost {
				best, bestCost = k, d
				if d == 0 {
					break
				}
			}
		}
		c := best
		if pool != nil {
			pool[idx], pool[best] = pool[best], pool[idx]
			c = int(pool[idx])
		}
		x.put(i, c)
	}
	return true
}

// load places the queens of a construction, where cols[r] is row r's column for the rows it covers,
// then the fixed queens: where the columns are balanced, by swapping each fixed queen's column with the
// row that holds it, which keeps every column at its capacity.
func (x *searcher) load(cols []int32) {
	x.clear()
	place := make([]int32, x.rows)
	copy(place, cols)
	if x.balanced {
		// A construction covers every row exactly when the board is square, as balanced columns with
		// capacity 1 make it; holders lists the rows of each column.
		holder := make([]int32, x.cols)
		for r, c := range place {
			holder[c] = int32(r)
		}
		for r, c := range x.fixedCols {
			if c < 0 || place[r] == c {
				continue
			}
			j := holder[c]
			place[r], place[j] = c, place[r]
			holder[place[j]] = j
			holder[c] = int32(r)
		}
	} else {
		for r, c := range x.fixedCols {
			if c >= 0 {
				place[r] = c
			}
		}
	}
	for r, c := range place {
		x.put(r, int(c))
	}
}

// repair moves queens in conflict until the cost is zero, the context is done, or stallLimit moves in a
// row fail to lower the least cost met.
func (x *searcher) repair(stallLimit uint64) outcome {
	x.requeue()
	least, since := x.cost, uint64(0)
	for x.cost > 0 {
		if x.moves&1023 == 0 && x.stop() {
			return stopped
		}
		if x.sweep || len(x.work) == 0 {
			x.requeue()
			if len(x.work) == 0 {
				return stalled // a cost no queen is blamed for: not expected, as Takes refuses quotas that leave cells out
			}
		}
		k := x.rng.IntN(len(x.work))
		i := int(x.work[k])
		x.work[k] = x.work[len(x.work)-1]
		x.work = x.work[:len(x.work)-1]
		unset(x.queued, i)
		if x.fixedCols[i] >= 0 || !x.attacked(i) {
			continue
		}
		x.moves++
		x.move(i)
		if x.cost < least {
			least, since = x.cost, 0
		} else if since++; since > stallLimit {
			return stalled
		}
	}
	return solved
}

// move tries to lower the cost by moving row i's queen, which is in conflict: by a swap with a random
// movable row where the columns are balanced, else to another column (every one in turn on a narrow
// board, random ones on a wide one). It takes the first move that lowers the cost. Failing that, now
// and then it takes a move that keeps the cost, or, more rarely, any move at all, so that the search
// walks off plateaus and out of local minima. Row i is queued again while it is in conflict.
func (x *searcher) move(i int) {
	sideways := -1
	tries := moveTries
	first := 0
	if !x.balanced && x.cols <= moveTries {
		tries, first = x.cols, x.rng.IntN(x.cols)
	}
	for t := range tries {
		j := x.partner(i, t, first)
		if j < 0 {
			continue
		}
		ci, cj := x.col[i], int32(-1)
		if x.balanced {
			cj = x.col[j]
		}
		d, made := x.try(i, j, false)
		if made && d < 0 {
			x.made(i, j)
			return
		}
		if made {
			x.undo(i, j, ci, cj)
		}
		if d == 0 && sideways < 0 {
			sideways = j
		}
	}
	if sideways >= 0 && x.rng.IntN(sidewaysOneIn) == 0 {
		x.try(i, sideways, true)
		x.made(i, sideways)
		return
	}
	if x.rng.IntN(walkOneIn) == 0 {
		if j := x.partner(i, 0, x.rng.IntN(x.cols)); j >= 0 {
			x.try(i, j, true)
			x.made(i, j)
			return
		}
	}
	x.push(i)
}

// partner returns the t-th candidate for moving row i: a random movable row other than i, with another
// column, where the columns are balanced; else column (first + t) mod cols on a narrow board, a random
// column on a wide one; -1 when the candidate is no move.
func (x *searcher) partner(i, t, first int) int {
	if x.balanced {
		if len(x.movable) < 2 {
			return -1
		}
		j := int(x.movable[x.rng.IntN(len(x.movable))])
		if j == i || x.col[j] == x.col[i] {
			return -1
		}
		return j
	}
	j := (first + t) % x.cols
	if x.cols > moveTries {
		j = x.rng.IntN(x.cols)
	}
	if j == int(x.col[i]) {
		return -1
	}
	return j
}

// try moves row i's queen with j (a row to swap columns with where the columns are balanced, else a
// column) and returns the change in cost and true; or, unless force is set, a positive number and
// false, having changed nothing, when it is clear early that the move would raise the cost.
func (x *searcher) try(i, j int, force bool) (int64, bool) {
	ci := int(x.col[i])
	if !x.balanced {
		d := x.lift(i)
		if !force && d+x.addCost(i, j) > 0 {
			x.put(i, ci)
			return 1, false
		}
		return d + x.put(i, j), true
	}
	cj := int(x.col[j])
	d := x.lift(i) + x.lift(j)
	if !force && d+x.addCost(i, cj) > 0 {
		x.put(i, ci)
		x.put(j, cj)
		return 1, false
	}
	d += x.put(i, cj)
	return d + x.put(j, ci), true
}

// undo takes back the move try made: row i back to column ci and, where the columns are balanced, row j
// back to column cj.
func (x *searcher) undo(i, j int, ci, cj int32) {
	x.lift(i)
	if x.balanced {
		x.lift(j)
		x.put(j, int(cj))
	}
	x.put(i, int(ci))
}

// made queues the queens the move try made has brought into conflict.
func (x *searcher) made(i, j int) {
	if !x.balanced {
		x.notice(i, -1)
		return
	}
	x.notice(i, j)
	x.notice(j, i)
}
