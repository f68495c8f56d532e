package halves

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// a000170 is OEIS A000170, the number of ways to place n non-attacking queens on an n×n board, from n=1.
var a000170 = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624}

func TestCountOEIS(t *testing.T) {
	top := 16
	if testing.Short() {
		top = 14
	}
	for n := 1; n <= top; n++ {
		for _, threads := range []int{1, 3} {
			got, err := Count(context.Background(), n, threads)
			if err != nil || got != a000170[n-1] {
				t.Errorf("Count(%d, %d threads) = %d, %v; want %d (A000170)", n, threads, got, err, a000170[n-1])
			}
		}
	}
}

func TestCountErrors(t *testing.T) {
	for _, n := range []int{-1, 0, MaxN + 1} {
		if _, err := Count(context.Background(), n, 1); err == nil {
			t.Errorf("Count(%d) gave no error", n)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := Count(ctx, 12, 2); !errors.Is(err, context.Canceled) || got != 0 {
		t.Errorf("Count on a cancelled context = %d, %v; want 0, context.Canceled", got, err)
	}
}

// TestCountStops stops a count that would take most of an hour, part way through listing its quarters
// or joining them; it must return the deadline's error, not a count.
func TestCountStops(t *testing.T) {
	for _, wait := range []time.Duration{time.Millisecond, 300 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		got, err := Count(ctx, MaxN, 2)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || got != 0 {
			t.Errorf("Count(%d) with a %v deadline = %d, %v; want 0, context.DeadlineExceeded", MaxN, wait, got, err)
		}
	}
}

// TestRowSetsCoverAll checks the symmetry bookkeeping: the weights of one board's tasks add up to the
// number of row sets, and each task's weight is the size of its class.
func TestRowSetsCoverAll(t *testing.T) {
	for n := 2; n <= 13; n++ {
		for _, middle := range middleRows(n) {
			b := newHalf(n, middle)
			var sum uint64
			for _, task := range rowSets(b) {
				sum += task.weight
				if task.weight != 1 && task.weight != 2 && task.weight != 4 {
					t.Errorf("n=%d middle=%d rows=%b: weight %d", n, middle, task.rows, task.weight)
				}
			}
			free := bits.OnesCount32(b.rows)
			if want := binomial(free, b.h); sum != want {
				t.Errorf("n=%d middle=%d: weights add up to %d, want C(%d,%d) = %d", n, middle, sum, free, b.h, want)
			}
		}
	}
}

func middleRows(n int) []int {
	if n%2 == 0 {
		return []int{-1}
	}
	rows := make([]int, n)
	for r := range rows {
		rows[r] = r
	}
	return rows
}

func binomial(n, k int) uint64 {
	c := uint64(1)
	for i := range k {
		c = c * uint64(n-i) / uint64(i+1)
	}
	return c
}

// TestEastPlacements holds the quarter join against a plain search of the east half, cell by cell, on
// every board up to n=11, every middle row and every set of rows.
func TestEastPlacements(t *testing.T) {
	for n := 1; n <= 11; n++ {
		for _, middle := range middleRows(n) {
			b := newHalf(n, middle)
			b.upper, b.lower = b.quarters(n%2 == 0, func() bool { return false })
			forEachSubset(b.rows, b.h, func(rows uint32) {
				got := b.join(rows, nil)
				want := eastBySearch(b, rows)
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("n=%d middle=%d rows=%0*b: quarter join gives %d placements, search %d",
						n, middle, n, rows, len(got), len(want))
				}
			})
		}
	}
}

// eastBySearch lists the crossing diagonals of the east placements of b on rows by trying every queen in
// every east column against the queens before it and the middle column's queen, with no bit tricks.
func eastBySearch(b *half, rows uint32) []uint64 {
	var out []uint64
	type cell struct{ r, c int }
	var queens []cell
	if b.middleRow >= 0 {
		queens = append(queens, cell{b.middleRow, b.n / 2})
	}
	attacks := func(x, y cell) bool {
		return x.r == y.r || x.c == y.c || x.r-x.c == y.r-y.c || x.r+x.c == y.r+y.c
	}
	var rec func(j int, p uint64)
	rec = func(j int, p uint64) {
		if j == b.h {
			out = append(out, p)
			return
		}
		c := b.n - b.h + j
		for r := range b.n {
			if rows>>r&1 == 0 {
				continue
			}
			q := cell{r, c}
			if slices.ContainsFunc(queens, func(o cell) bool { return attacks(o, q) }) {
				continue
			}
			var cross uint64
			if d := r - c + b.h - 1; d >= 0 && d < int(b.width) {
				cross |= 1 << d
			}
			if a := r + c - (b.n - b.h); a >= 0 && a < int(b.width) {
				cross |= 1 << (b.width + uint(a))
			}
			queens = append(queens, q)
			rec(j+1, p|cross)
			queens = queens[:len(queens)-1]
		}
	}
	rec(0, 0)
	return out
}

// TestJoin holds the joiner against the count of pairs one by one, on random lists of every shape the
// joiner treats differently: empty, tiny, one side short, both long, dense and sparse words.
func TestJoin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var j joiner
	for trial := range 300 {
		nbits := uint(1 + rng.IntN(62))
		density := 0.05 + 0.5*rng.Float64()
		sizes := []int{0, 1, 7, 8, 40, 64, 65, 200, 700}
		ne, nw := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		east, west := randomWords(rng, ne, nbits, density), randomWords(rng, nw, nbits, density)
		keep := slices.Clone(east)
		var want uint64
		for _, e := range east {
			for _, w := range west {
				if e&w == 0 {
					want++
				}
			}
		}
		if got := j.count(east, west, nbits); got != want {
			t.Fatalf("trial %d (%d×%d words of %d bits, density %.2f): count %d, want %d", trial, ne, nw, nbits, density, got, want)
		}
		if !slices.Equal(east, keep) {
			t.Fatalf("trial %d: count reordered its input", trial)
		}
	}
}

func randomWords(rng *rand.Rand, n int, nbits uint, density float64) []uint64 {
	words := make([]uint64, n)
	for i := range words {
		for b := range nbits {
			if rng.Float64() < density {
				words[i] |= 1 << b
			}
		}
	}
	return words
}

func ExampleCount() {
	for _, n := range []int{8, 12} {
		count, err := Count(context.Background(), n, 0)
		fmt.Println(n, count, err)
	}
	// Output:
	// 8 92 <nil>
	// 12 14200 <nil>
}

// TestWordsFitTables checks that every board Count takes has words narrow enough for the joiner's
// tables: wider words would be counted right but without them, many times slower.
func TestWordsFitTables(t *testing.T) {
	for n := 1; n <= MaxN; n++ {
		if b := newHalf(n, n/2); b.bits > pieces*maxPiece {
			t.Errorf("n=%d: words of %d bits, tables take %d", n, b.bits, pieces*maxPiece)
		}
	}
}
