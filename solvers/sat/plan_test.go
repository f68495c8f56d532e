package sat_test

import (
	"context"
	"errors"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat"
)

// TestPlanTasks checks that the task list is the same whatever the workers, that each task's count is
// the same whenever and wherever it runs, and that the counts add up to the OEIS total.
func TestPlanTasks(t *testing.T) {
	ctx := context.Background()
	want := modeltest.OEIS(t, "A000170")
	for _, n := range []int{6, 8, 9} {
		m := constraints.Classic(n)
		one, err := sat.New(sat.Workers(1)).Plan(ctx, m, false)
		if err != nil {
			t.Fatal(err)
		}
		two, err := sat.New(sat.Workers(2)).Plan(ctx, m, false)
		if err != nil {
			t.Fatal(err)
		}
		if one.Key() != two.Key() || one.Tasks() != two.Tasks() || one.Method() != "cubes" {
			t.Fatalf("n=%d: plans differ by workers: %q (%d) and %q (%d)", n, one.Key(), one.Tasks(), two.Key(), two.Tasks())
		}
		var sum uint64
		for i := one.Tasks() - 1; i >= 0; i-- {
			a, err1 := one.Run(ctx, i)
			b, err2 := two.Run(ctx, i)
			if err1 != nil || err2 != nil || a != b {
				t.Fatalf("n=%d task %d: %+v, %v and %+v, %v", n, i, a, err1, b, err2)
			}
			sum += a.Count
		}
		if sum != want[n] {
			t.Errorf("n=%d: the tasks sum to %d, want %d (A000170)", n, sum, want[n])
		}
		// Two shards of an array job add up too.
		var shards uint64
		for i := range 2 {
			res, err := solvers.RunJob(ctx, one, solvers.RunOptions{Shard: solvers.Shard{Index: i, Of: 2}})
			if err != nil {
				t.Fatal(err)
			}
			shards += res.Count
		}
		if shards != want[n] {
			t.Errorf("n=%d: the shards sum to %d, want %d", n, shards, want[n])
		}
	}
	if _, err := sat.New().Plan(ctx, constraints.Classic(8), true); !errors.Is(err, solvers.ErrUnsupported) {
		t.Errorf("Plan(unique) = %v, want ErrUnsupported", err)
	}
}

// TestCountStats checks what Count says about how it ran: classic n=8 is counted by the model counter
// while Plan tries it (one task), classic n=11 needs more decisions than that and is split.
func TestCountStats(t *testing.T) {
	res, err := sat.New(sat.Workers(2)).Count(context.Background(), constraints.Classic(8))
	if err != nil || !res.Complete || res.Count != 92 {
		t.Fatalf("Count = %+v, %v", res, err)
	}
	if res.Stats.Method != "cubes" || res.Tasks.Done != 1 || res.Tasks.Total != 1 || res.Stats.Nodes == 0 {
		t.Errorf("n=8: Count's stats = %+v, tasks %+v; want method cubes, one task done, with the counter's decisions", res.Stats, res.Tasks)
	}
	res, err = sat.New(sat.Workers(2)).Count(context.Background(), constraints.Classic(11))
	if err != nil || !res.Complete || res.Count != 2680 {
		t.Fatalf("Count = %+v, %v", res, err)
	}
	if res.Stats.Method != "cubes" || res.Stats.Threads != 2 || res.Tasks.Done != res.Tasks.Total || res.Tasks.Total < 2 {
		t.Errorf("n=11: Count's stats = %+v, tasks %+v; want method cubes on 2 threads, every task done", res.Stats, res.Tasks)
	}
}
