package meet_test

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/internal/runfile"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/meet"
	"github.com/queens-dev/queens/solvers/router"
)

// A count of record size by the meet is trusted as record counts are. Every column set is its own task,
// and the board's symmetries map the solutions of one task onto another's, counted from other lists: the
// column mirror maps the top columns S to their mirror image, and on an even board cut in the middle the
// row flip maps them to the complement of S (the old bottom rows become the top). So count(S) =
// count(mirror S) = count(comp S) = count(mirror comp S), every task recounted up to three times. A second
// count cut at another row (other lists on both sides) must give the same total, and a random sample of
// tasks is counted again by the general path with the cells the task leaves empty blocked.
var (
	meetA         = flag.String("meet-a", "", "`glob` of the shard results of a count by --method meet")
	meetB         = flag.String("meet-b", "", "`glob` of the shard results of a second count of the same model cut at another row")
	meetSample    = flag.Int("meet-sample", 20, "tasks of the count to count again by the general path")
	meetSampleMax = flag.Uint64("meet-sample-max", 2_000_000, "draw the sample from the tasks of at most this many solutions")
	meetSeed      = flag.Uint64("meet-seed", 1, "seed of the sample")
)

// TestMeetChecks checks a count by the meet from its shard results (-meet-a; -meet-b for a second count
// cut at another row). TestMeetChecksSmall runs it on counts made here.
func TestMeetChecks(t *testing.T) {
	if *meetA == "" {
		t.Skip("give -meet-a (and -meet-b): the shard results of counts by --method meet")
	}
	a := modeltest.ReadShards(t, *meetA)
	var b []runfile.ShardResult
	if *meetB != "" {
		b = modeltest.ReadShards(t, *meetB)
	}
	t.Log(checkMeet(t, a, b, *meetSample, *meetSampleMax, *meetSeed))
}

var meetKey = regexp.MustCompile(`^meet \d+x\d+ meet/([12]) n=(\d+) cut=(\d+) .*tasks=(\d+)$`)

// meetCount is one whole count by the meet, read from its shards.
type meetCount struct {
	m      constraints.Model
	job    *meet.Job
	total  uint64
	counts []uint64
}

// orbits reports whether the count's tasks are orbits of column sets.
func (c meetCount) orbits() bool { return strings.HasPrefix(c.job.Key(), "meet/2") }

// readMeet merges shards (each task once), and checks that their task list is the one the solver makes
// for their model and cut.
func readMeet(t modeltest.Fataler, name string, shards []runfile.ShardResult) meetCount {
	t.Helper()
	ctx := context.Background()
	names := make([]string, len(shards))
	for i := range names {
		names[i] = fmt.Sprintf("%s shard %d", name, i)
	}
	merged, err := runfile.Merge(names, shards, false)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	key := meetKey.FindStringSubmatch(merged.Run.Key)
	if key == nil {
		t.Fatalf("%s: key %q: not a count by the meet", name, merged.Run.Key)
	}
	cut, _ := strconv.Atoi(key[3])
	m, err := modeltest.PlainModel(merged.Run.Model)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	// The plain split is asked for by its cut (--task-depth), the one by orbits is --method meet's own.
	plan, depth := meet.Plan, cut
	if key[1] == "2" {
		plan, depth = meet.PlanOrbits, 0
	}
	j, err := router.New(router.NativeOnly(), router.Method("meet"), router.TaskDepth(depth)).Plan(ctx, m, false)
	if err != nil || j.Key() != merged.Run.Key {
		t.Fatalf("%s: the solver plans %v (err %v) for the key %q", name, j, err, merged.Run.Key)
	}
	p, err := constraints.Compile(m)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	mj, err := plan(ctx, p, cut)
	if err != nil || mj.Tasks() != merged.Run.TotalTasks {
		t.Fatalf("%s: the meet plans %d tasks (err %v), the shards %d", name, mj.Tasks(), err, merged.Run.TotalTasks)
	}
	c := meetCount{m: m, job: mj, total: merged.Count, counts: make([]uint64, mj.Tasks())}
	for _, sh := range shards {
		for _, tc := range sh.Tasks {
			c.counts[tc[0]] = tc[1]
		}
	}
	return c
}

// checkMeet checks a count by the meet from its shards a: every task against its images under the
// column mirror and, cut in the middle of an even board, the row flip; b's total, if given, a count cut
// at another row; and sample tasks of at most sampleMax solutions, drawn with seed, by the general path
// with the cells the task leaves empty blocked. It returns a report of what it checked.
func checkMeet(t modeltest.Fataler, a, b []runfile.ShardResult, sample int, sampleMax, seed uint64) string {
	t.Helper()
	ctx := context.Background()
	ca := readMeet(t, "a", a)
	n, j := ca.m.Rows, ca.job
	full := uint64(1)<<n - 1
	flip := 2*j.Cut() == n
	recounts := 0
	for i, c := range ca.counts {
		if ca.orbits() {
			break // one task an orbit: no images among the tasks
		}
		s := j.Columns(i)
		images := []uint64{mirror(s, n)}
		if flip {
			images = append(images, full&^s, mirror(full&^s, n))
		}
		for _, img := range images {
			if k := j.Task(img); k != i {
				recounts++
				if ca.counts[k] != c {
					t.Fatalf("task %d (columns %b) counts %d, its image task %d (%b) %d", i, s, c, k, img, ca.counts[k])
				}
			}
		}
	}
	report := fmt.Sprintf("count %d: %d tasks cut below row %d, each against its images (%d pairs agree)", ca.total, j.Tasks(), j.Cut(), recounts)
	if ca.orbits() {
		report = fmt.Sprintf("count %d: %d tasks by orbits cut below row %d (%s)", ca.total, j.Tasks(), j.Cut(), j.Key())
	}
	if b != nil {
		cb := readMeet(t, "b", b)
		if cb.m.Canonical() != ca.m.Canonical() || (cb.job.Cut() == j.Cut() && cb.orbits() == ca.orbits()) {
			t.Fatalf("a and b: want one model cut at two rows, or at one row, one count by orbits (cuts %d and %d, %s and %s)", j.Cut(), cb.job.Cut(), j.Key(), cb.job.Key())
		}
		if cb.total != ca.total {
			t.Fatalf("a counts %d, b (cut below row %d) %d", ca.total, cb.job.Cut(), cb.total)
		}
		report += fmt.Sprintf("; b, cut below row %d in %d tasks, counts the same", cb.job.Cut(), cb.job.Tasks())
		if cb.job.Cut() == j.Cut() {
			// One count by orbits, one plain: every column set's count times its orbit's size is its
			// orbit's task's.
			plain, orb := ca, cb
			if ca.orbits() {
				plain, orb = cb, ca
			}
			for i, c := range plain.counts {
				k := orb.job.Task(plain.job.Columns(i))
				if w := orb.job.Weight(k); c*w != orb.counts[k] {
					t.Fatalf("columns %b: %d, its orbit's task %d (weight %d) %d", plain.job.Columns(i), c, k, w, orb.counts[k])
				}
			}
			report += ", task by task"
		}
	}
	// A task by orbits counts its column set times its orbit's size: the general path counts the set.
	var small []int
	for i, c := range ca.counts {
		if c/j.Weight(i) <= sampleMax {
			small = append(small, i)
		}
	}
	rng := rand.New(rand.NewPCG(seed, 22))
	rng.Shuffle(len(small), func(x, y int) { small[x], small[y] = small[y], small[x] })
	small = small[:min(sample, len(small))]
	slices.Sort(small)
	general := backtrack.New(backtrack.GeneralOnly())
	var sum uint64
	for _, i := range small {
		res, err := general.Count(ctx, blockedTask(ca.m, j, i))
		if w := j.Weight(i); err != nil || res.Count*w != ca.counts[i] {
			t.Fatalf("task %d (columns %b, weight %d): %d, the general path %d (err %v)", i, j.Columns(i), w, ca.counts[i], res.Count, err)
		}
		sum += res.Count
	}
	return report + fmt.Sprintf("; tasks %v (%d solutions) counted again by the general path", small, sum)
}

// TestMeetChecksSmall makes counts of A189851 n=10 cut in the middle and a row above, as shard results,
// and holds the check to them: it passes, and fails once a task is off by one.
func TestMeetChecksSmall(t *testing.T) {
	ctx := context.Background()
	m := square(10, attack(t, tables[0].attack))
	shards := func(cut int) []runfile.ShardResult {
		j, err := router.New(router.NativeOnly(), router.Method("meet"), router.TaskDepth(cut), router.Threads(1)).Plan(ctx, m, false)
		if err != nil {
			t.Fatal(err)
		}
		return modeltest.Shards(t, j, m, 3)
	}
	a, b := shards(5), shards(4)
	report := checkMeet(t, a, b, 3, 1000, 1)
	if want := "count 131766: 252 tasks"; !regexp.MustCompile(want).MatchString(report) {
		t.Fatalf("report %q lacks %q", report, want)
	}
	// A wrong task must show, wherever it is: off by one in a, or in b (its total).
	for _, set := range [][]runfile.ShardResult{a, b} {
		for _, k := range []int{0, 7} {
			set[1].Tasks[k][1]++
			set[1].Count++
			failed, msg := modeltest.Fails(func(t modeltest.Fataler) { checkMeet(t, a, b, 0, 0, 1) })
			if !failed {
				t.Errorf("a task off by one went unseen")
			}
			t.Log(msg)
			set[1].Tasks[k][1]--
			set[1].Count--
		}
	}
	// A count by orbits (--method meet's own split) against the plain one cut at the same row, task by
	// task; two orbits' tasks off by one each way, the total kept, show.
	o := shards(0)
	if report := checkMeet(t, o, a, 3, 1000, 1); !regexp.MustCompile(`task by task; tasks \[\d+ \d+ \d+\]`).MatchString(report) {
		t.Fatalf("orbits against the plain count: %q", report)
	}
	o[0].Tasks[3][1]++
	o[0].Tasks[4][1]--
	if failed, msg := modeltest.Fails(func(t modeltest.Fataler) { checkMeet(t, a, o, 0, 0, 1) }); !failed || !regexp.MustCompile("orbit's task").MatchString(msg) {
		t.Errorf("an orbit's task off by one went unseen task by task (%q)", msg)
	}
	// A task whose images agree with it but not with the general path: all four off together.
	j := plan(t, m, 5)
	i := slices.IndexFunc(a[0].Tasks, func(tc [2]uint64) bool { return tc[1] > 0 && tc[1] <= 1000 })
	if i < 0 {
		t.Fatal("no small task in shard 0")
	}
	task := int(a[0].Tasks[i][0])
	s := j.Columns(task)
	full := uint64(1)<<10 - 1
	orbit := map[int]bool{}
	for _, img := range []uint64{s, mirror(s, 10), full &^ s, mirror(full&^s, 10)} {
		orbit[j.Task(img)] = true
	}
	bump := func(d int64) {
		for x := range a {
			sh := &a[x]
			for k := range sh.Tasks {
				if orbit[int(sh.Tasks[k][0])] {
					sh.Tasks[k][1] = uint64(int64(sh.Tasks[k][1]) + d)
					sh.Count = uint64(int64(sh.Count) + d)
				}
			}
		}
	}
	bump(1)
	failed, msg := modeltest.Fails(func(t modeltest.Fataler) { checkMeet(t, a, nil, 200, 1001, 1) })
	bump(-1)
	if !failed || !regexp.MustCompile("the general path").MatchString(msg) {
		t.Errorf("an orbit of tasks off by one went unseen by the general path's sample (%q)", msg)
	}
}
