package backtrack_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/internal/runfile"
	"github.com/queens-dev/queens/solvers/backtrack"
)

// A count of record size is trusted as record counts are: computed twice, cut into tasks at two depths
// by the mirror, the two compared task by task (each task of the shallower list is the sum of its
// children in the deeper), and a random sample of tasks counted again by the general path with the
// task's queens fixed. TestSplitsAgree does the comparing from the shard results of the two runs
// (queens solve --method mirror --task-depth D --shard I/M): every shard result carries each task's count.
var (
	splitA      = flag.String("split-a", "", "`glob` of the shard results of the count cut at the shallower depth")
	splitB      = flag.String("split-b", "", "`glob` of the shard results of the count cut at the deeper depth")
	splitSample = flag.Int("split-sample", 20, "tasks of the deeper count to count again by the general path")
	splitSeed   = flag.Uint64("split-seed", 1, "seed of the sample")
)

// TestSplitsAgree compares two counts of one model cut at two depths, task by task, and counts a sample
// of the deeper count's tasks again by the general path. It runs only when given both counts' shard
// results (-split-a, -split-b); TestSplitsAgreeSmall runs it on counts made here.
func TestSplitsAgree(t *testing.T) {
	if *splitA == "" || *splitB == "" {
		t.Skip("give -split-a and -split-b: the shard results of two counts of one model cut at two depths")
	}
	a, b := modeltest.ReadShards(t, *splitA), modeltest.ReadShards(t, *splitB)
	report := checkSplits(t, a, b, *splitSample, *splitSeed)
	t.Log(report)
}

// TestSplitsAgreeSmall makes two counts of A189837 n=11 cut at depths 2 and 4 and shard results of each,
// and holds the check to them: it passes, and it fails once a task of either is off by one.
func TestSplitsAgreeSmall(t *testing.T) {
	ctx := context.Background()
	a, err := constraints.ParseAttack("rook,nightrider")
	if err != nil {
		t.Fatal(err)
	}
	m := constraints.Model{Rows: 11, Cols: 11, Attack: a}
	shards := func(depth int) []runfile.ShardResult {
		j, err := backtrack.New(backtrack.Counting(backtrack.Mirror), backtrack.TaskDepth(depth), backtrack.Threads(1)).Plan(ctx, m, false)
		if err != nil {
			t.Fatal(err)
		}
		return modeltest.Shards(t, j, m, 3)
	}
	sa, sb := shards(2), shards(4)
	report := checkSplits(t, sa, sb, 5, 1)
	if want := "count 6508"; !regexp.MustCompile(want).MatchString(report) {
		t.Fatalf("report %q lacks %q", report, want)
	}
	// A wrong task must show: a count off by one in the shallower list, then in the deeper.
	for _, set := range [][]runfile.ShardResult{sa, sb} {
		set[1].Tasks[0][1]++
		set[1].Count++
		if failed, _ := modeltest.Fails(func(t modeltest.Fataler) { checkSplits(t, sa, sb, 0, 1) }); !failed {
			t.Errorf("a task off by one went unseen")
		}
		set[1].Tasks[0][1]--
		set[1].Count--
	}
}

var depthInKey = regexp.MustCompile(`^mirror .* depth=(\d+) `)

// checkSplits checks two counts of one model by the mirror, a cut at a shallower depth than b: each is
// whole (runfile.Merge), their task lists are the ones the solver makes at those depths, every task of a
// is the sum of its children in b, and sample tasks of b, drawn with seed, count the same by the general
// path with their queens fixed. It returns a report of what it checked.
func checkSplits(t modeltest.Fataler, a, b []runfile.ShardResult, sample int, seed uint64) string {
	t.Helper()
	ctx := context.Background()
	type count struct {
		depth  int
		total  uint64
		counts []uint64
		tasks  []backtrack.Task
	}
	var m constraints.Model
	read := func(name string, shards []runfile.ShardResult) count {
		names := make([]string, len(shards))
		for i := range names {
			names[i] = fmt.Sprintf("%s shard %d", name, i)
		}
		merged, err := runfile.Merge(names, shards, false)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		key := depthInKey.FindStringSubmatch(merged.Run.Key)
		if key == nil {
			t.Fatalf("%s: key %q: not a count by the mirror", name, merged.Run.Key)
		}
		depth, _ := strconv.Atoi(key[1])
		mm, err := modeltest.PlainModel(merged.Run.Model)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m = mm
		s := backtrack.New(backtrack.Counting(backtrack.Mirror), backtrack.TaskDepth(depth))
		j, err := s.Plan(ctx, m, false)
		if err != nil || j.Key() != merged.Run.Key {
			t.Fatalf("%s: the solver plans %q (err %v) for the key %q", name, j.Key(), err, merged.Run.Key)
		}
		tasks, err := s.Tasks(ctx, m)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		c := count{depth: depth, total: merged.Count, counts: make([]uint64, merged.Run.TotalTasks), tasks: tasks}
		for _, sh := range shards {
			for _, tc := range sh.Tasks {
				c.counts[tc[0]] = tc[1]
			}
		}
		return c
	}
	ca, cb := read("a", a), read("b", b)
	if a[0].Model != b[0].Model || ca.depth >= cb.depth {
		t.Fatalf("a and b: want one model, a cut shallower than b (depths %d and %d)", ca.depth, cb.depth)
	}
	parent := map[string]int{}
	for i, task := range ca.tasks {
		parent[fmt.Sprint(task.Queens)] = i
	}
	sums := make([]uint64, len(ca.tasks))
	for i, task := range cb.tasks {
		p, ok := parent[fmt.Sprint(task.Queens[:ca.depth])]
		if !ok {
			t.Fatalf("b's task %d (%v) has no parent in a", i, task.Queens)
		}
		sums[p] += cb.counts[i]
	}
	for i := range sums {
		if sums[i] != ca.counts[i] {
			t.Fatalf("a's task %d (%v): %d, its children in b %d", i, ca.tasks[i].Queens, ca.counts[i], sums[i])
		}
	}
	if ca.total != cb.total {
		t.Fatalf("a counts %d, b %d", ca.total, cb.total)
	}
	rng := rand.New(rand.NewPCG(seed, 22))
	general := backtrack.New(backtrack.GeneralOnly())
	var drawn []int
	for range min(sample, len(cb.tasks)) {
		i := rng.IntN(len(cb.tasks))
		task := cb.tasks[i]
		fixed := m
		for r, c := range task.Queens {
			fixed.Fixed = append(slices.Clip(fixed.Fixed), constraints.Cell{Row: r, Col: c})
		}
		res, err := general.Count(ctx, fixed)
		if err != nil || res.Count*task.Weight != cb.counts[i] {
			t.Fatalf("b's task %d (%v, weight %d): %d, the general path %d (err %v)", i, task.Queens, task.Weight, cb.counts[i], res.Count, err)
		}
		drawn = append(drawn, i)
	}
	return fmt.Sprintf("count %d: a %d tasks at depth %d, b %d tasks at depth %d, every task of a the sum of its children in b; "+
		"b's tasks %v counted again by the general path", ca.total, len(ca.tasks), ca.depth, len(cb.tasks), cb.depth, drawn)
}
