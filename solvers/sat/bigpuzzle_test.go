package sat

import (
	"bufio"
	"context"
	"fmt"
	"os"
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
// encoding without the implied clauses, as before issue 21.
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
			find, proof := proveUnique(b, m, plain, i+1)
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
// time of each.
func proveUnique(b *testing.B, m constraints.Model, plain bool, i int) (find, proof time.Duration) {
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
	srch, err := newSearch(ctx, e, lits, cube{weight: 1})
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
	b.Logf("#%d: %d variables, %d clauses (%d implied, %d blocks): find %.2f s, proof %.2f s",
		i, e.size.vars, e.size.clauses, len(e.extra.clauses), len(e.extra.blocks), (t1 - t0).Seconds(), (t2 - t1).Seconds())
	return t1 - t0, t2 - t1
}
