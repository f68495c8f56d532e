package backtrack_test

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// TestRowPairsA137279 holds the row-pair kernel to OEIS A137279, queens on a Möbius strip, n = 1..14, and
// the general path to it for n ≤ 9: the kernel pins the first queen and halves by the mirror, the
// general path uses no symmetry at all.
func TestRowPairsA137279(t *testing.T) {
	const n = 14
	want := oeis(t, "A137279", n)
	ctx := context.Background()
	for i := 1; i <= n; i++ {
		m := mobius(i)
		job, err := backtrack.New(backtrack.Counting(backtrack.RowPairs)).Plan(ctx, m, false)
		if err != nil {
			t.Fatalf("n=%d: %v; want the row-pair kernel", i, err)
		}
		if i >= 2 && !strings.Contains(job.Key(), "pinned=true mirror=true") {
			t.Errorf("n=%d: key %q: want the pin and the mirror on an open board", i, job.Key())
		}
		got, err := backtrack.New(backtrack.Counting(backtrack.RowPairs)).Count(ctx, m)
		if err != nil || !got.Complete || got.Count != want[i-1] {
			t.Errorf("n=%d: %+v, %v; A137279 says %d", i, got, err, want[i-1])
		}
		if job, err := backtrack.New().Plan(ctx, m, false); m.Queens > 1 && (err != nil || job.Method() != backtrack.RowPairs.String()) {
			t.Errorf("n=%d: planned %v, %v; want the row-pair kernel", i, job, err)
		}
		if i > 9 {
			continue
		}
		got, err = backtrack.New(backtrack.GeneralOnly()).Count(ctx, m)
		if err != nil || got.Count != want[i-1] {
			t.Errorf("n=%d, general path: %+v, %v; A137279 says %d", i, got, err, want[i-1])
		}
	}
}

// TestRowPairsComputed holds the row-pair kernel to the first term of A137279 computed here, past the
// OEIS (testdata/computed/A137279.txt, which says how each term was checked), and with -long to the
// OEIS's n = 15, 16 and the computed n = 18 too.
func TestRowPairsComputed(t *testing.T) {
	want := modeltest.OEIS(t, "A137279")
	for n, v := range modeltest.Computed(t, "A137279") {
		want[n] = v
	}
	first, last := 17, 17
	if *long {
		first, last = 15, 18
	}
	for n := first; n <= last; n++ {
		got, err := backtrack.New().Count(context.Background(), mobius(n))
		if err != nil || !got.Complete || got.Count != want[n] {
			t.Errorf("n=%d: %+v, %v; want %d", n, got, err, want[n])
		}
	}
}

// randomTwisted draws a small model on a Möbius strip or a Klein bottle, mostly of the row-pair kernel's
// kind (the row rider, one queen per pair of rows) and sometimes not: other riders, a leaper, queens
// short of the pairs, a column quota, blocked cells and fixed queens.
func randomTwisted(rng *rand.Rand) constraints.Model {
	rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
	m := constraints.Model{Rows: rows, Cols: cols, Queens: (rows + 1) / 2, Surface: constraints.Mobius}
	if rng.IntN(3) == 0 {
		m.Surface = constraints.Klein
	}
	parts := []constraints.Attack{constraints.Row}
	for _, a := range []constraints.Attack{constraints.Column, constraints.Diagonal, constraints.AntiDiagonal} {
		if rng.IntN(4) != 0 {
			parts = append(parts, a)
		}
	}
	switch rng.IntN(12) {
	case 0:
		parts = append(parts, constraints.Knight)
	case 1:
		parts = parts[1:] // no row rider
	case 2:
		m.Queens = max(1, m.Queens-1)
	case 3:
		m.Each.Column = constraints.AtMost(1)
	case 4:
		m.Each.Column = constraints.Exactly(1)
	}
	m.Attack = constraints.Union(parts...)
	for range rng.IntN(4) {
		m.Blocked = append(m.Blocked, constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
	}
	if rng.IntN(4) == 0 {
		m.Fixed = []constraints.Cell{{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
	}
	return m
}

// TestRowPairsMatchesGeneral holds the row-pair kernel to the general path and to brute force on random
// twisted models, pair by pair; the models it does not take must still count alike by their routes.
func TestRowPairsMatchesGeneral(t *testing.T) {
	holdToGeneral(t, rand.New(rand.NewPCG(137, 279)), randomTwisted, backtrack.RowPairs, 400, 150, 30)
}
