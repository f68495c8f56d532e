package meet

import (
	"context"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// exact returns what Estimate estimates, counted in full: the placements both halves list over every
// column set, their pairs, and the nodes of a search row by row with look-ahead to depth n−2.
func exact(j *Job) (listed, pairs, nodes float64) {
	n, full := j.n, uint64(1)<<j.n-1
	w := &worker{local: make([]int32, j.lines)}
	var top, bottom []int
	for r := range n {
		if r < j.cut {
			top = append(top, r)
		} else {
			bottom = append(bottom, r)
		}
	}
	for i := range j.binom[j.cut][n] {
		s := j.Columns(int(i))
		a := float64(len(j.list(w, half{rows: top, cols: s}, nil)) / len(top))
		b := float64(len(j.list(w, half{rows: bottom, cols: full &^ s}, nil)) / len(bottom))
		listed += a + b
		pairs += a * b
	}
	var walk func(d int, avail []uint64)
	walk = func(d int, avail []uint64) {
		if d >= 1 && d <= n-2 {
			nodes++
		}
		if d == n-2 {
			return
		}
		next := make([]uint64, n)
		for m := avail[d]; m != 0; m &= m - 1 {
			c := bits.TrailingZeros64(m)
			free := true
			for e := d + 1; e < n; e++ {
				next[e] = avail[e] &^ (j.att[d*n+c][e] | 1<<c)
				free = free && next[e] != 0
			}
			if free {
				walk(d+1, next)
			}
		}
	}
	avail := make([]uint64, n)
	for r := range avail {
		avail[r] = full
	}
	walk(0, avail)
	return listed, pairs, nodes
}

// TestEstimate holds Knuth's estimates to the sizes counted in full, on boards small enough to list:
// within 10% at 4000 probes; the pairs' tree with the attacks across the cut counted too, and the nodes
// without the look-ahead, miss by more somewhere (the look-ahead matters little to weak riders).
func TestEstimate(t *testing.T) {
	caught := map[string]bool{}
	for _, tc := range []struct {
		attack string
		n      int
	}{
		{"rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)", 8},
		{"rook,nightrider", 9},
		{"queen,ride(2,3),ride(3,2),ride(2,-3),ride(3,-2)", 9},
		{"rook,knight,ride(1,3)", 8},
	} {
		p := compile(t, tc.attack, tc.n)
		j, err := Plan(context.Background(), p, 0)
		if err != nil {
			t.Fatal(err)
		}
		listed, pairs, nodes := exact(j)
		e := j.Estimate(p, 4000, 1)
		// The mutants: the pairs' tree with every attack (its leaves are the solutions), the nodes' without
		// the look-ahead.
		rng := rand.New(rand.NewPCG(1, 2))
		rows := make([]int, tc.n)
		for i := range rows {
			rows[i] = i
		}
		withAttacks, blind := make([]float64, tc.n+1), make([]float64, tc.n+1)
		for range 4000 {
			j.probe(rng, rows, tc.n, false, withAttacks)
			j.probe(rng, rows, tc.n, false, blind)
		}
		var blindNodes float64
		for d := 1; d < tc.n-1; d++ {
			blindNodes += blind[d] / 4000
		}
		for _, f := range []struct {
			name      string
			got, want float64
			mutant    bool
		}{{"listed", e.Listed, listed, false}, {"pairs", e.Pairs, pairs, false}, {"nodes", e.Nodes, nodes, false},
			{"pairs with the attacks across the cut", withAttacks[tc.n] / 4000, pairs, true},
			{"nodes without the look-ahead", blindNodes, nodes, true}} {
			off := math.Abs(f.got/f.want-1) > 0.1
			if f.mutant && off {
				caught[f.name] = true
			} else if !f.mutant && off {
				t.Errorf("%s n=%d: %s estimated %.0f, counted %.0f", tc.attack, tc.n, f.name, f.got, f.want)
			}
		}
	}
	if len(caught) != 2 {
		t.Errorf("the mutants the sizes show: %v, want both", caught)
	}
}
