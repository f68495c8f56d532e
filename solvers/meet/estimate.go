package meet

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
)

// Estimate is a forecast of the work of two ways of counting a model, made by random probes before
// either runs (Knuth's estimator of a search tree's size: the product of the choices met on a random
// path, averaged): the meet's lists and pairs, and the nodes of a search row by row that looks ahead,
// as the row kernels do. Each tree's figures are unbiased estimates, whose error falls as the probes
// grow.
type Estimate struct {
	// Listed is the number of placements the meet lists, both halves of every column set: those of the
	// top rows that no two queens attack, and those of the bottom rows.
	Listed float64
	// Pairs is the number of pairs of a top and a bottom placement on complementary columns: what the
	// join looks at, a bit each.
	Pairs float64
	// Nodes is the number of placements of one to n−2 queens on the top rows, one a row and column, that
	// no two queens attack and that leave every later row a free column: the nodes of a search row by
	// row that counts the last row's queens at once.
	Nodes float64
	// Level[d] is the number of placements of the first d rows that a search looking ahead visits.
	Level []float64
	// Crossing is the mean number of lines crossing the cut that a cell lies on: the join's work for each
	// queen of a listed placement.
	Crossing float64
	// Lanes is the number of masks a row kernel shifts down a row for its riders: a rider (a, b) takes a
	// of them (one for each row residue modulo a).
	Lanes int
	// Leaps is the number of the leaps' forms.
	Leaps int
	// Share is the share of the column sets the meet by orbits counts: one over the size of the group
	// of symmetries it uses (1, 2 or 4), 1 for a job by Plan.
	Share float64
	// ColumnSets is the number of the top rows' column sets: C(n, cut).
	ColumnSets float64
}

// Estimate returns the forecast of j's count from probes random probes of each tree, drawn from seed:
// about 4·probes·n³ steps, whatever the board's count.
func (j *Job) Estimate(p *constraints.Program, probes int, seed uint64) Estimate {
	rng := rand.New(rand.NewPCG(seed, 0x6d656574))
	n := j.n
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	top := all[:j.cut]
	bottom := make([]int, n-j.cut)
	for i := range bottom {
		bottom[i] = n - 1 - i
	}
	var sums [4][]float64
	for k, rows := range [][]int{all, top, bottom, all} {
		sums[k] = make([]float64, len(rows)+1)
		split, look := len(rows), true
		if k == 3 {
			// The pairs: every row placed, the attacks counted within each half alone.
			split, look = j.cut, false
		}
		for range probes {
			j.probe(rng, rows, split, look, sums[k])
		}
	}
	q := float64(max(probes, 1))
	var e Estimate
	for d := 1; d < n-1; d++ {
		e.Nodes += sums[0][d] / q
	}
	e.Level = make([]float64, n+1)
	for d := range e.Level {
		e.Level[d] = sums[0][d] / q
	}
	e.Listed = (sums[1][len(top)] + sums[2][len(bottom)]) / q
	e.Pairs = sums[3][n] / q
	var crossing int
	for _, c := range j.cross {
		crossing += len(c)
	}
	e.Crossing = float64(crossing) / float64(n*n)
	for _, f := range p.Families {
		if f.Rider && f.Shape != constraints.ShapeRows && f.Shape != constraints.ShapeColumns {
			for _, d := range f.Dirs {
				e.Lanes += max(d.DR, -d.DR)
			}
		}
	}
	e.Leaps = len(p.Leaps)
	// The symmetries kept and the identity are a group of one, two or four (two of the three make the
	// third).
	group := 1
	for _, kept := range []bool{j.mirror, j.flip, j.turn} {
		if kept {
			group++
		}
	}
	e.Share = 1 / float64(group)
	e.ColumnSets = float64(j.binom[j.cut][n])
	return e
}

// KernelTasks returns the number of tasks a row kernel splits its count into: the placements of the
// first level of its tree that holds at least a thousand of them, or a task per thousand nodes of a tree
// of at most 32768 (solvers/backtrack's levels).
func (e Estimate) KernelTasks() float64 {
	if e.Nodes <= 1<<15 {
		return max(1, e.Nodes/(1<<10))
	}
	for _, l := range e.Level[1:] {
		if l >= 1<<10 {
			return l
		}
	}
	return e.Level[len(e.Level)-1]
}

// The costs of a unit of work in nanoseconds of one thread's CPU, fitted to paired whole-process times
// of --method meet against the row kernel (--method classes) on eight fairy-piece tables, n = 10 to 18:
// the meet's fixed cost, queen of a listed placement on
// a crossing line (the listing, the bit sets' build and the walk), column set (a task's lists and
// tables); a row kernel's fixed cost, node (its own, a rider's lane's, a leap's), and task. A pair
// costs the join a word operation for 64 of them, not fitted.
const (
	costMeet       = 0.45e6
	costCrossing   = 98.0
	costPair       = 1.0 / 64
	costColumnSet  = 11e3
	costKernel     = 1.33e6
	costNode       = 12.1
	costLane       = 0.87
	costLeap       = 2.0
	costKernelTask = 3.0e3
)

// Meet returns the forecast CPU of the meet by orbits, in nanoseconds.
func (e Estimate) Meet() float64 {
	return costMeet + e.Share*(costCrossing*e.Crossing*e.Listed+costPair*e.Pairs+costColumnSet*e.ColumnSets)
}

// Kernel returns the forecast CPU of a row kernel, in nanoseconds.
func (e Estimate) Kernel() float64 {
	return costKernel + (costNode+costLane*float64(e.Lanes)+costLeap*float64(e.Leaps))*e.Nodes + costKernelTask*e.KernelTasks()
}

// MinPays is the side below which Pays says no without a forecast: every count there takes a few
// milliseconds either way.
const MinPays = 10

// payProbes is the number of probes of each tree behind Pays: a millisecond or two at n = 10, a few at
// n = 16, and a forecast of the trees' sizes within some 10% on the fairy-piece tables.
const payProbes = 256

// Pays reports whether the meet by orbits (PlanOrbits cut in the middle) is forecast to count p's model
// with less CPU than a row kernel: false for a model the meet does not take (Fits) or a board of side
// under MinPays, else by the Estimate's costs. It reads only the program's lines and leaps and the
// board, and draws its probes from a fixed seed, so that one model is always routed alike.
func Pays(p *constraints.Program) bool {
	if Fits(p) != "" || p.Rows < MinPays {
		return false
	}
	j, err := Plan(context.Background(), p, 0)
	if err != nil {
		return false
	}
	j.symmetries()
	e := j.Estimate(p, payProbes, 1)
	return e.Meet() < e.Kernel()
}

// probe walks one random path down the rows in order, a queen a row on a free column, and adds to sum[d]
// the product of the choices met above depth d: Knuth's estimate of the placements of the first d rows.
// The queens of the first split rows attack none of the rows after them (only their columns are taken):
// with split = len(rows) every attack counts. With look, a choice is one that leaves every later row a
// free column, as a search that looks ahead makes them.
func (j *Job) probe(rng *rand.Rand, rows []int, split int, look bool, sum []float64) {
	n := j.n
	var avail, next [MaxN]uint64
	var ok [MaxN]int
	full := uint64(1)<<n - 1
	for i := range rows {
		avail[i] = full
	}
	w := 1.0
	sum[0] += w
	for d, r := range rows {
		k := 0
		for m := avail[d]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			if !look || j.leaves(rows, split, d, r*n+c, avail[:len(rows)], next[:len(rows)]) {
				ok[k] = c
				k++
			}
		}
		if k == 0 {
			return
		}
		w *= float64(k)
		sum[d+1] += w
		j.leaves(rows, split, d, r*n+ok[rng.IntN(k)], avail[:len(rows)], avail[:len(rows)])
	}
}

// leaves sets next[e] for the rows e after d to what a queen on cell (of row rows[d]) leaves of avail[e],
// and reports whether every one of them keeps a free column.
func (j *Job) leaves(rows []int, split, d, cell int, avail, next []uint64) bool {
	att := j.att[cell]
	c := uint64(1) << (cell % j.n)
	free := true
	for e := d + 1; e < len(rows); e++ {
		if d < split && e >= split {
			next[e] = avail[e] &^ c
		} else {
			next[e] = avail[e] &^ (att[rows[e]] | c)
		}
		free = free && next[e] != 0
	}
	return free
}
