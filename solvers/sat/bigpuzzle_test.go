package sat

import (
	"bufio"
	"context"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
)

// bigStarBattles reads the published big Star Battles of testdata/published/starbattle-big.txt with the
// given side.
func bigStarBattles(tb testing.TB, side int) []constraints.Model {
	tb.Helper()
	f, err := os.Open("../../testdata/published/starbattle-big.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []constraints.Model
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		m, err := codec.ParseURL(fs[1])
		if err != nil {
			tb.Fatal(err)
		}
		if m.Rows == side {
			out = append(out, m)
		}
	}
	return out
}

// cpu returns the process's CPU time so far (user and system).
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkBigStarBattleProof proves each published big Star Battle unique as a count does (Plan's
// encoding, one solver over the whole board, a blocking clause), and splits the CPU time of each puzzle
// into finding its solution and proving there is no other. The solver solves in one GoSolve a call, so
// that its search is the same every run (the count's slices of Try restart it by the clock); with -v it
// logs each puzzle. It reports the slowest puzzle's find and proof, and the sums; "plain" is the
// encoding without the implied clauses.
func BenchmarkBigStarBattleProof(b *testing.B) {
	for _, side := range []int{17, 21, 25} {
		for _, plain := range []bool{false, true} {
			name := fmt.Sprintf("%dx%d/implied", side, side)
			if plain {
				name = fmt.Sprintf("%dx%d/plain", side, side)
			}
			b.Run(name, func(b *testing.B) { benchmarkProof(b, side, plain) })
		}
	}
}

// benchmarkProof times the proofs of the puzzles of one side, with the solver's encoding or plain.
func benchmarkProof(b *testing.B, side int, plain bool) {
	ms := bigStarBattles(b, side)
	var maxFind, maxProof, sumFind, sumProof time.Duration
	for b.Loop() {
		for i, m := range ms {
			find, proof := proveUnique(b, m, plain, i+1, 0)
			maxFind, maxProof = max(maxFind, find), max(maxProof, proof)
			sumFind, sumProof = sumFind+find, sumProof+proof
		}
	}
	b.ReportMetric(maxFind.Seconds(), "max-find-s")
	b.ReportMetric(maxProof.Seconds(), "max-proof-s")
	b.ReportMetric(sumFind.Seconds()/float64(b.N), "sum-find-s")
	b.ReportMetric(sumProof.Seconds()/float64(b.N), "sum-proof-s")
}

// proveUnique finds the solution of puzzle number i, m, proves it the only one, and returns the CPU
// time of each. The solver is given the clauses in the order the encoder makes them (seed 0), or in an
// order shuffled by seed (shuffleClauses).
func proveUnique(b *testing.B, m constraints.Model, plain bool, i int, seed int64) (find, proof time.Duration) {
	ctx := context.Background()
	s := New()
	enc := s.encoding()
	enc.card = cardSequential // as Plan encodes a count
	if plain {
		enc.bands, enc.covers = bandsNone, 0
	}
	e, lits, err := s.prepareList(ctx, m, "proving", enc)
	if err != nil {
		b.Fatal(err)
	}
	srch, err := newSearch(ctx, e, shuffleClauses(lits, seed), cube{weight: 1})
	if err != nil {
		b.Fatal(err)
	}
	srch.async = true
	t0 := cpu()
	_, found, err := srch.next(ctx)
	t1 := cpu()
	_, again, err2 := srch.next(ctx)
	t2 := cpu()
	if err != nil || err2 != nil || !found || again {
		b.Fatalf("#%d: found %v (%v), a second %v (%v)", i, found, err, again, err2)
	}
	if seed != 0 {
		return t1 - t0, t2 - t1
	}
	b.Logf("#%d: %d variables, %d clauses (%d implied, %d blocks): find %.2f s, proof %.2f s",
		i, e.size.vars, e.size.clauses, len(e.extra.clauses), len(e.extra.blocks), (t1 - t0).Seconds(), (t2 - t1).Seconds())
	return t1 - t0, t2 - t1
}

// shuffleClauses returns the clauses of lits (each ended by 0) in an order shuffled by seed, or lits
// itself for seed 0. gini's search follows the order of the clauses: the same CNF in another order is
// another search, and on the hard puzzles another time.
func shuffleClauses(lits []lit, seed int64) []lit {
	if seed == 0 {
		return lits
	}
	var clauses [][]lit
	start := 0
	for i, l := range lits {
		if l == 0 {
			clauses = append(clauses, lits[start:i+1])
			start = i + 1
		}
	}
	rand.New(rand.NewSource(seed)).Shuffle(len(clauses), func(i, j int) { clauses[i], clauses[j] = clauses[j], clauses[i] })
	return slices.Concat(clauses...)
}

// orderSeeds is how many shuffled clause orders BenchmarkBigStarBattleOrders tries besides the
// encoder's own.
const orderSeeds = 4

// BenchmarkBigStarBattleOrders proves each 21×21 published Star Battle unique as
// BenchmarkBigStarBattleProof does, once in the encoder's clause order and once in each of orderSeeds
// orders shuffled by fixed seeds: the same clauses, another search. With -v it logs each puzzle's find
// and proof over the orders (median, least, most). It reports the median over the orders of the slowest
// puzzle's time and of the sum: a change to the encoding that a single order shows as a gain or a loss
// on one hard puzzle may be the order's luck, and these medians say more.
func BenchmarkBigStarBattleOrders(b *testing.B) {
	ms := bigStarBattles(b, 21)
	for b.Loop() {
		slowest := make([]time.Duration, orderSeeds+1)
		sums := make([]time.Duration, orderSeeds+1)
		for i, m := range ms {
			totals := make([]time.Duration, orderSeeds+1)
			for seed := range int64(orderSeeds + 1) {
				find, proof := proveUnique(b, m, false, i+1, seed)
				totals[seed] = find + proof
				slowest[seed] = max(slowest[seed], find+proof)
				sums[seed] += find + proof
			}
			b.Logf("#%d: find and proof over %d orders: median %.2f s, %.2f to %.2f s (the encoder's order %.2f s)",
				i+1, len(totals), median(totals).Seconds(), slices.Min(totals).Seconds(), slices.Max(totals).Seconds(), totals[0].Seconds())
		}
		b.ReportMetric(median(slowest).Seconds(), "median-max-s")
		b.ReportMetric(median(sums).Seconds(), "median-sum-s")
	}
}

// median returns the median of ds (the upper one of an even count).
func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

// TestShuffleClauses holds shuffleClauses to keeping every clause whole, each as often as before, and to
// moving them.
func TestShuffleClauses(t *testing.T) {
	lits := []lit{1, 2, 0, -1, 3, 0, 4, 0, -2, -3, -4, 0, 5, 0, -5, 1, 0}
	clauses := func(ls []lit) []string {
		var out []string
		for c := range strings.SplitSeq(fmt.Sprint(ls), " 0") {
			out = append(out, strings.Trim(c, "[] "))
		}
		slices.Sort(out)
		return out
	}
	if got := shuffleClauses(lits, 0); !slices.Equal(got, lits) {
		t.Errorf("seed 0: %v, want the clauses as made, %v", got, lits)
	}
	moved := false
	for seed := range int64(8) {
		got := shuffleClauses(lits, seed+1)
		if !slices.Equal(clauses(got), clauses(lits)) || got[len(got)-1] != 0 {
			t.Fatalf("seed %d: %v is not the clauses of %v", seed+1, got, lits)
		}
		moved = moved || !slices.Equal(got, lits)
	}
	if !moved {
		t.Error("no seed moved a clause")
	}
}
