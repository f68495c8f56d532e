package router

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/variants"
)

// budgetModels are the catalog's variants and 200 random small models of every kind (surfaces,
// riders, leapers, quotas, regions): the models on which the default's time is held to the faster of
// backtrack and SAT.
func budgetModels(tb testing.TB) []constraints.Model {
	cat, err := variants.Catalog()
	if err != nil {
		tb.Fatal(err)
	}
	var ms []constraints.Model
	for _, v := range cat {
		ms = append(ms, v.Model)
	}
	rng := rand.New(rand.NewPCG(35, 1))
	for i := range 200 {
		m := modeltest.ValidWide(rng, 6)
		if i%2 == 1 {
			m = modeltest.ValidShaped(rng, 7)
		}
		ms = append(ms, m)
	}
	return ms
}

// timeCall returns the median time of three runs of call, at most limit each (a run cut off counts as
// limit).
func timeCall(call func(ctx context.Context) error, limit time.Duration) time.Duration {
	var ts []time.Duration
	for range 3 {
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		start := time.Now()
		err := call(ctx)
		took := time.Since(start)
		cancel()
		if err != nil {
			took = limit
		}
		ts = append(ts, took)
	}
	slices.Sort(ts)
	return ts[1]
}

// BenchmarkDefaultBudget times auto, backtrack and SAT on budgetModels, counting and finding one, and
// reports how many calls break the budget: auto's time at most 1.5× the faster of the two plus 50 ms.
// Each is cut off at 10 s. Run it alone (the machine's load moves every figure):
//
//	go test ./solvers/router -run '^$' -bench DefaultBudget -benchtime 1x
func BenchmarkDefaultBudget(b *testing.B) {
	const limit = 10 * time.Second
	ms := budgetModels(b)
	auto, bt, st := New(), backtrack.New(), sat.New()
	for range b.N {
		over, calls := 0, 0
		var worst float64
		for _, m := range ms {
			for _, op := range []string{"count", "first"} {
				run := func(s solvers.Solver) func(context.Context) error {
					return func(ctx context.Context) error {
						if op == "count" {
							_, err := s.Count(ctx, m)
							return err
						}
						_, _, _, err := solvers.First(ctx, s, m)
						return err
					}
				}
				tb, ts := timeCall(run(bt), limit), timeCall(run(st), limit)
				if tb == limit && ts == limit {
					continue
				}
				ta := timeCall(run(auto), limit)
				best := min(tb, ts)
				calls++
				worst = max(worst, float64(ta)/float64(best))
				if float64(ta) > 1.5*float64(best)+float64(50*time.Millisecond) {
					over++
					b.Logf("%v %s: auto %v, backtrack %v, sat %v: over budget", m, op, ta, tb, ts)
				}
			}
		}
		b.ReportMetric(float64(calls), "calls")
		b.ReportMetric(float64(over), "over-budget")
		b.ReportMetric(worst, "worst-ratio")
	}
}

// TestCatalogAgrees holds auto to backtrack and SAT on every catalog variant: the same count, the
// same verdict of Find, and the engine named.
func TestCatalogAgrees(t *testing.T) {
	cat, err := variants.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	auto := New()
	for _, v := range cat {
		t.Run(v.Name, func(t *testing.T) {
			m := v.Model
			ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			defer cancel()
			want, err := backtrack.New().Count(ctx, m)
			if err != nil {
				t.Skipf("backtrack: %v", err)
			}
			other, err := sat.New().Count(ctx, m)
			if err != nil || other.Count != want.Count {
				t.Fatalf("backtrack %d, sat %d (%v)", want.Count, other.Count, err)
			}
			got, err := auto.Count(ctx, m)
			if err != nil || got.Count != want.Count || !got.Complete || got.Stats.Engine == "" {
				t.Errorf("auto Count = %+v, %v; want %d", got, err, want.Count)
			}
			sol, found, res, err := auto.Find(ctx, m)
			if err != nil || found != (want.Count > 0) || (found && m.Verify(sol) != nil) || res.Stats.Engine == "" {
				t.Errorf("auto Find = %v, %v, %+v, %v; %d solutions", sol, found, res, err, want.Count)
			}
			if testing.Verbose() {
				fmt.Printf("%-28s count %-10d by %s/%s; find by %s/%s\n", v.Name, got.Count, got.Stats.Engine, got.Stats.Method, res.Stats.Engine, res.Stats.Method)
			}
		})
	}
}
