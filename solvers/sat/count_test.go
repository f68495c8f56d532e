package sat

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/sat/sharp"
)

// TestCounterMatchesBrute holds the model counter to brute force on random models from the whole model
// space (modeltest.ValidWide: every surface, ranges, diagonal and line quotas), whatever the listing
// would do: over the whole board and cube by cube (the cubes' counts times their weights must add up),
// with gini asked at every component and never, with both heuristics, and on encodings whose auxiliary
// variables are not all functions of the cells (the product and the sequential at-most-one on every line
// of more than 4 cells), where counting over all variables would over-count.
func TestCounterMatchesBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 7))
	settings := []struct {
		name string
		enc  encoding
		opt  countOptions
	}{
		{"default", encoding{pairwiseUpTo: defaultPairwiseUpTo, card: cardSequential}, defaultCount},
		{"gini everywhere, products", encoding{pairwiseUpTo: 0, amo: Product, card: cardSequential}, countOptions{heuristic: sharp.First, cacheBytes: 1 << 20}},
		{"no gini, sequential lines, totalizer", encoding{pairwiseUpTo: 0, amo: Sequential, card: cardTotalizer}, countOptions{heuristic: sharp.Degree, oracleFrom: -1, cacheBytes: 1 << 20}},
		{"tiny cache", encoding{pairwiseUpTo: 2, amo: Product, card: cardMixed}, countOptions{heuristic: sharp.First, oracleFrom: 8, cacheBytes: 1 << 10}},
		{"the solver's own: implied clauses, units", impliedOn, defaultCount},
	}
	compared, withSolutions, auxiliaries, grouped := 0, 0, 0, 0
	for tries := 0; withSolutions < 150 && tries < 5000; tries++ {
		m := modeltest.ValidWide(rng, 5)
		if !m.Attack.Has(constraints.Row) && !m.Attack.Has(constraints.Column) && binomial(m.Rows*m.Cols-len(m.Blocked), m.QueenCount()) > 50000 {
			continue // brute force would walk long
		}
		want, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			continue // brute force refused it
		}
		compared++
		if want.Count > 0 {
			withSolutions++
		}
		for _, s := range settings {
			e, err := newCNF(ctx, m, s.enc)
			if err != nil {
				t.Fatalf("%s: %v", m, err)
			}
			if e.size.vars > len(e.cells) {
				auxiliaries++
			}
			for _, f := range e.fams {
				if f.groups != nil {
					grouped++
					break
				}
			}
			var l list
			if err := e.run(ctx, &l); err != nil {
				t.Fatal(err)
			}

			k, err := newCounting(ctx, e, l.lits, s.opt)
			if err != nil {
				t.Fatalf("%s: %v", m, err)
			}
			n, _, err := k.count(ctx, nil, 0)
			if err != nil || !n.IsUint64() || n.Uint64() != want.Count {
				t.Errorf("%s blocked %v fixed %v regions %v, %s: the counter counts %v, %v; brute force %d", m, m.Blocked, m.Fixed, m.Regions, s.name, n, err, want.Count)
				continue
			}
			cubes, _, _ := e.split(64, true)
			sum := uint64(0)
			for _, c := range cubes {
				var val []int8
				if c.frame.lines() > 0 {
					val = e.cubeValues(c)
				}
				n, _, err := k.count(ctx, val, 0)
				if err != nil {
					t.Fatal(err)
				}
				sum += n.Uint64() * c.weight
			}
			if sum != want.Count {
				t.Errorf("%s blocked %v fixed %v regions %v, %s: %d cubes count %d; brute force %d", m, m.Blocked, m.Fixed, m.Regions, s.name, len(cubes), sum, want.Count)
			}
		}
	}
	t.Logf("%d models compared, %d with solutions, %d encodings with auxiliaries, %d with units", compared, withSolutions, auxiliaries, grouped)
	if withSolutions < 150 || auxiliaries < 100 || grouped < 20 {
		t.Errorf("%d models compared, %d with solutions, %d encodings with auxiliaries, %d with units: too few", compared, withSolutions, auxiliaries, grouped)
	}
}

// TestCountTargets counts the models by Count, against the backtracker's counts (test data in the
// README): 16 kings on 8×8, and 9 kings on 7×7 with one fixed in a corner (about a million solutions).
func TestCountTargets(t *testing.T) {
	for _, tc := range []struct {
		m    constraints.Model
		want uint64
	}{
		{constraints.Model{Rows: 8, Cols: 8, Queens: 16, Attack: constraints.King}, 281571},
		{constraints.Model{Rows: 7, Cols: 7, Queens: 9, Attack: constraints.King, Fixed: []constraints.Cell{{Row: 0, Col: 0}}}, 1006157},
		{constraints.Model{Rows: 7, Cols: 7, Queens: 7, Attack: constraints.Knight, Fixed: []constraints.Cell{{Row: 3, Col: 3}}}, 963730},
	} {
		res, err := New().Count(context.Background(), tc.m)
		if err != nil || !res.Complete || res.Count != tc.want {
			t.Errorf("%s: %+v, %v; want %d", tc.m, res, err, tc.want)
		}
	}
}
