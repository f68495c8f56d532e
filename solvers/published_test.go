package solvers_test

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
)

// bigPuzzles reads testdata/published/starbattle-big.txt, by side.
func bigPuzzles(t testing.TB) map[int][]constraints.Model {
	t.Helper()
	f, err := os.Open("../testdata/published/starbattle-big.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int][]constraints.Model{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		m, err := codec.ParseURL(fs[1])
		if err != nil {
			t.Fatalf("starbattle-big.txt:%d: %v", line, err)
		}
		out[m.Rows] = append(out[m.Rows], m)
	}
	return out
}

// TestPublishedBigUnique proves the published 25×25 Star Battles and the first 17×17 ones to have one
// solution each by backtracking (the propagate route), and the 25×25 and the first 21×21 ones by SAT
// (its first listing by the placements of a line); the rest are the benchmark's.
func TestPublishedBigUnique(t *testing.T) {
	all := bigPuzzles(t)
	if len(all[17]) != 13 || len(all[21]) != 12 || len(all[25]) != 12 {
		t.Fatalf("puzzles by side: 17: %d, 21: %d, 25: %d; want 13, 12 and 12", len(all[17]), len(all[21]), len(all[25]))
	}
	for _, m := range append(all[25], all[17][:3]...) {
		res, err := native().Count(context.Background(), m)
		if err != nil || res.Count != 1 || !res.Complete || res.Stats.Method != "propagate" {
			t.Errorf("%d×%d %q: %+v, %v; want 1 solution, by the propagate route", m.Rows, m.Cols, m.Regions.Lines(), res, err)
		}
	}
	// SAT's first listing goes by the placements of a line on these (a tenth of a second each), for a
	// count and for a listing; the solution listed is the one backtracking finds.
	for _, m := range append(all[25], all[21][:2]...) {
		res, err := sat.New().Count(context.Background(), m)
		if err != nil || res.Count != 1 || !res.Complete {
			t.Errorf("%d×%d %q: by SAT %+v, %v; want 1 solution", m.Rows, m.Cols, m.Regions.Lines(), res, err)
		}
		var listed []constraints.Solution
		res, err = sat.New().Enumerate(context.Background(), m, func(s constraints.Solution) bool {
			listed = append(listed, s)
			return true
		})
		found, ok, _, ferr := native().Find(context.Background(), m)
		if err != nil || ferr != nil || !ok || !res.Complete || len(listed) != 1 || !slices.Equal(listed[0], found) {
			t.Errorf("%d×%d %q: SAT lists %d solutions (%+v, %v), backtracking finds %v (%v)", m.Rows, m.Cols, m.Regions.Lines(), len(listed), res, err, found, ferr)
		}
	}
}

// BenchmarkPublishedStarBattles proves every published big Star Battle (testdata/published/
// starbattle-big.txt) to have one solution, by backtracking and by SAT, one thread each: a sub-benchmark
// per side and solver, an iteration counting every puzzle of that side. Besides the time per iteration
// it reports the slowest puzzle's time (max-s/puzzle), which the target (2 s) is about.
func BenchmarkPublishedStarBattles(b *testing.B) {
	all := bigPuzzles(b)
	for _, side := range []int{17, 21, 25} {
		for _, s := range []solvers.Solver{native(router.Threads(1)), sat.New(sat.Workers(1))} {
			b.Run(fmt.Sprintf("%dx%d/%s", side, side, s.Name()), func(b *testing.B) {
				slowest := time.Duration(0)
				for range b.N {
					for _, m := range all[side] {
						start := time.Now()
						res, err := s.Count(context.Background(), m)
						if err != nil || res.Count != 1 {
							b.Fatalf("%q: %+v, %v", m.Regions.Lines(), res, err)
						}
						slowest = max(slowest, time.Since(start))
					}
				}
				b.ReportMetric(slowest.Seconds(), "max-s/puzzle")
			})
		}
	}
}
