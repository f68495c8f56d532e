package meet_test

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/meet"
	"github.com/queens-dev/queens/solvers/router"
)

var long = flag.Bool("long", false, "run the long counts (the rider tables to n=14 and 15, about a minute)")

// The fairy-piece tables: rook + one rider's eight directions (or the queen's), from the OEIS.
var tables = []struct {
	seq, attack string
	quick, long int // the largest n the quick tests and -long count
}{
	{"A189851", "rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)", 12, 15},
	{"A189837", "rook,nightrider", 10, 13},
	{"A189854", "rook,ride(2,3),ride(3,2),ride(2,-3),ride(3,-2)", 11, 14},
	{"A189858", "rook,ride(3,4),ride(4,3),ride(3,-4),ride(4,-3)", 11, 14},
	{"A189876", "queen,ride(2,3),ride(3,2),ride(2,-3),ride(3,-2)", 11, 14},
}

func attack(t testing.TB, s string) constraints.Attack {
	t.Helper()
	a, err := constraints.ParseAttack(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func square(n int, a constraints.Attack) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Attack: a}
}

// plan compiles m and plans its meet cut below row cut (0: the middle).
func plan(t testing.TB, m constraints.Model, cut int) *meet.Job {
	t.Helper()
	p, err := constraints.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	j, err := meet.Plan(context.Background(), p, cut)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// planOrbits compiles m and plans its meet by orbits cut below row cut (0: the middle).
func planOrbits(t testing.TB, m constraints.Model, cut int) *meet.Job {
	t.Helper()
	p, err := constraints.Compile(m)
	if err != nil {
		t.Fatal(err)
	}
	j, err := meet.PlanOrbits(context.Background(), p, cut)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// count counts m by the meet cut below row cut, on every core.
func count(t testing.TB, m constraints.Model, cut int) uint64 {
	t.Helper()
	return run(t, plan(t, m, cut))
}

// run runs j on every core.
func run(t testing.TB, j *meet.Job) uint64 {
	t.Helper()
	res, err := solvers.RunJob(context.Background(), j, solvers.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Count
}

// TestOEIS holds the meet to the fairy-piece tables, cut in the middle and a row above it, every column
// set its own task and one task an orbit.
func TestOEIS(t *testing.T) {
	for _, tc := range tables {
		terms := modeltest.OEIS(t, tc.seq)
		top := tc.quick
		if *long {
			top = tc.long
		}
		for n := 1; n <= top; n++ {
			m := square(n, attack(t, tc.attack))
			cuts := []int{0}
			if n >= 3 && n <= 9 {
				cuts = append(cuts, n/2-1, n-1)
			}
			for _, cut := range cuts {
				if got := count(t, m, cut); got != terms[n] {
					t.Errorf("%s a(%d) cut %d: %d, the OEIS %d", tc.seq, n, cut, got, terms[n])
				}
				if got := run(t, planOrbits(t, m, cut)); got != terms[n] {
					t.Errorf("%s a(%d) cut %d by orbits: %d, the OEIS %d", tc.seq, n, cut, got, terms[n])
				}
			}
		}
	}
}

// randomModel draws rook + up to three riders and up to two leapers, vectors from the pools and beyond
// them, on an n×n board.
func randomModel(rng *rand.Rand, n int) constraints.Model {
	parts := []constraints.Attack{constraints.Row, constraints.Column}
	vec := func() constraints.Vec {
		for {
			v := constraints.Vec{DR: rng.IntN(5), DC: rng.IntN(9) - 4}
			if v.DR != 0 || v.DC != 0 {
				return v
			}
		}
	}
	for range rng.IntN(4) {
		v := vec()
		parts = append(parts, constraints.Ride(v.DR, v.DC))
	}
	for range rng.IntN(3) {
		v := vec()
		parts = append(parts, constraints.Leap(v.DR, v.DC))
	}
	return square(n, constraints.Union(parts...))
}

// TestAgainstGeneral holds the meet, at random cuts, to the general path and to brute force on random
// rider and leaper sets.
func TestAgainstGeneral(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 1))
	general := backtrack.New(backtrack.GeneralOnly(), backtrack.Threads(1))
	for k := range 60 {
		n := 2 + rng.IntN(7)
		m := randomModel(rng, n)
		cut := 1 + rng.IntN(n-1)
		got := count(t, m, cut)
		want, err := general.Count(ctx, m)
		if err != nil {
			t.Fatal(err)
		}
		if got != want.Count {
			t.Fatalf("model %d, %v, cut %d: the meet %d, the general path %d", k, m, cut, got, want.Count)
		}
		if o := planOrbits(t, m, cut); run(t, o) != want.Count {
			t.Fatalf("model %d, %v, cut %d, %s: the meet by orbits %d, the general path %d", k, m, cut, o.Key(), run(t, o), want.Count)
		}
		if n <= 6 {
			b, err := brute.Solver{}.Count(ctx, m)
			if err != nil {
				t.Fatal(err)
			}
			if got != b.Count {
				t.Fatalf("model %d, %v, cut %d: the meet %d, brute force %d", k, m, cut, got, b.Count)
			}
		}
	}
}

// blockedTask returns m with the cells task i of j leaves empty blocked: the top rows off its columns,
// the bottom rows on them. Its count is the task's.
func blockedTask(m constraints.Model, j *meet.Job, i int) constraints.Model {
	s := j.Columns(i)
	b := m
	b.Blocked = nil
	for r := range m.Rows {
		for c := range m.Cols {
			if (r < j.Cut()) != (s>>c&1 != 0) {
				b.Blocked = append(b.Blocked, constraints.Cell{Row: r, Col: c})
			}
		}
	}
	return b
}

// TestTasksAgainstBlocked counts tasks one by one, and again by the general path with the cells the task
// leaves empty blocked.
func TestTasksAgainstBlocked(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 2))
	general := backtrack.New(backtrack.GeneralOnly(), backtrack.Threads(1))
	for range 8 {
		n := 5 + rng.IntN(4)
		m := randomModel(rng, n)
		j := plan(t, m, 1+rng.IntN(n-1))
		for range 4 {
			i := rng.IntN(j.Tasks())
			got, err := j.Run(ctx, i)
			if err != nil {
				t.Fatal(err)
			}
			want, err := general.Count(ctx, blockedTask(m, j, i))
			if err != nil {
				t.Fatal(err)
			}
			if got.Count != want.Count {
				t.Fatalf("%v, cut %d, task %d (columns %b): the meet %d, the general path %d", m, j.Cut(), i, j.Columns(i), got.Count, want.Count)
			}
		}
	}
}

func mirror(s uint64, n int) uint64 { return bits.Reverse64(s) >> (64 - n) }

// TestTaskSymmetry checks that every task of A189851 n=10 counts as its images do: the column mirror's
// task and, by the row flip, the complement's.
func TestTaskSymmetry(t *testing.T) {
	ctx := context.Background()
	n := 10
	j := plan(t, square(n, attack(t, tables[0].attack)), 0)
	counts := make([]uint64, j.Tasks())
	for i := range counts {
		c, err := j.Run(ctx, i)
		if err != nil {
			t.Fatal(err)
		}
		counts[i] = c.Count
	}
	full := uint64(1)<<n - 1
	for i, c := range counts {
		s := j.Columns(i)
		if k := j.Task(s); k != i {
			t.Fatalf("task %d: columns %b, and back task %d", i, s, k)
		}
		for _, img := range []uint64{mirror(s, n), full &^ s, mirror(full&^s, n)} {
			if k := j.Task(img); counts[k] != c {
				t.Fatalf("task %d (%b) counts %d, its image %d (%b) %d", i, s, c, k, img, counts[k])
			}
		}
	}
}

// TestOrbits checks the tasks by orbits against the plain ones, column set by column set: each plain
// task counts what the task of its orbit counts over the orbit's size, and the sizes add up to the
// plain tasks. The symmetries kept are the model's: all three for the girafferider on an even board cut
// in the middle, the mirror alone on an odd one, the half turn alone for ride(1,2), none for ride(1,2)
// on an odd board (the plain task list, under the plain key).
func TestOrbits(t *testing.T) {
	ctx := context.Background()
	giraffe, ride12 := attack(t, tables[0].attack), attack(t, "rook,ride(1,2)")
	cases := []struct {
		m   constraints.Model
		cut int
		key string
		why string
	}{
		{square(8, giraffe), 0, "mirror=true flip=true turn=true", "symmetric, cut in the middle"},
		{square(8, giraffe), 3, "mirror=true flip=false turn=false", "a cut off the middle: the mirror alone"},
		{square(9, giraffe), 0, "mirror=true flip=false turn=false", "an odd board: the mirror alone"},
		{square(8, ride12), 0, "mirror=false flip=false turn=true", "ride(1,2) keeps the half turn alone"},
		{square(9, ride12), 0, "meet/1", "no symmetry: the plain tasks"},
		{square(8, constraints.Union(constraints.Rook, constraints.Knight)), 0, "mirror=true flip=true turn=true", "leaps"},
	}
	for _, tc := range cases {
		plain, orb := plan(t, tc.m, tc.cut), planOrbits(t, tc.m, tc.cut)
		if !contains(orb.Key(), tc.key) {
			t.Errorf("%v cut %d (%s): key %q, want %q", tc.m, tc.cut, tc.why, orb.Key(), tc.key)
		}
		var weights uint64
		for i := range orb.Tasks() {
			weights += orb.Weight(i)
		}
		if weights != uint64(plain.Tasks()) {
			t.Errorf("%v cut %d: weights add up to %d, %d column sets", tc.m, tc.cut, weights, plain.Tasks())
		}
		for i := range plain.Tasks() {
			s := plain.Columns(i)
			k := orb.Task(s)
			want, err := plain.Run(ctx, i)
			if err != nil {
				t.Fatal(err)
			}
			got, err := orb.Run(ctx, k)
			if err != nil {
				t.Fatal(err)
			}
			if got.Count != want.Count*orb.Weight(k) {
				t.Fatalf("%v cut %d: columns %b count %d, its orbit's task %d (%b, weight %d) %d", tc.m, tc.cut, s, want.Count, k, orb.Columns(k), orb.Weight(k), got.Count)
			}
		}
	}
}

// TestColumns checks that the tasks' column sets are every set of cut columns, in increasing order.
func TestColumns(t *testing.T) {
	for _, tc := range []struct{ n, cut int }{{1, 0}, {2, 1}, {7, 3}, {10, 5}, {12, 1}, {12, 11}} {
		j := plan(t, square(tc.n, constraints.Rook), tc.cut)
		prev := uint64(0)
		for i := range j.Tasks() {
			s := j.Columns(i)
			if bits.OnesCount64(s) != j.Cut() || s>>tc.n != 0 || (i > 0 && s <= prev) || j.Task(s) != i {
				t.Fatalf("n=%d cut %d task %d: columns %b after %b, back %d", tc.n, tc.cut, i, s, prev, j.Task(s))
			}
			prev = s
		}
		if j.Task(1<<tc.n) != -1 {
			t.Errorf("n=%d: a column off the board makes a task", tc.n)
		}
	}
}

// TestRefuses checks that the meet refuses what it does not count, saying what the model lacks, and that
// the backtracker's --method meet refuses it by name.
func TestRefuses(t *testing.T) {
	ctx := context.Background()
	queen := square(8, constraints.Queen)
	regions := queen
	regions.Regions = modeltest.Regions(8, 8, 1, false)
	regions.Queens, regions.Each.Region = 8, constraints.AtMost(2)
	quota := square(6, constraints.Union(constraints.Rook, constraints.Diagonal))
	quota.Each.AntiDiagonal = constraints.AtMost(2)
	cases := []struct {
		name string
		m    constraints.Model
		why  string
	}{
		{"torus", constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}, "not flat"},
		{"rectangle", constraints.Model{Rows: 6, Cols: 7, Attack: constraints.Queen}, "not square"},
		{"too large", square(meet.MaxN+1, constraints.Queen), "side at most"},
		{"fewer queens", constraints.Model{Rows: 8, Cols: 8, Queens: 7, Attack: constraints.Queen}, "another number"},
		{"blocked", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 1, Col: 1}}}, "every cell open"},
		{"fixed", constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Queen, Fixed: []constraints.Cell{{Row: 0, Col: 0}}}, "every cell open"},
		{"regions", regions, "regions"},
		{"quota", quota, "anti-diagonal"},
		{"no column", square(8, constraints.Union(constraints.Row, constraints.Diagonal)), "column"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := constraints.Compile(tc.m)
			if err != nil {
				t.Fatal(err)
			}
			why := meet.Fits(p)
			if !contains(why, tc.why) {
				t.Errorf("Fits: %q, want it to say %q", why, tc.why)
			}
			if _, err := meet.Plan(ctx, p, 0); err == nil {
				t.Errorf("Plan took it")
			}
			_, err = router.New(router.NativeOnly(), router.Method("meet")).Count(ctx, tc.m)
			if !errors.Is(err, solvers.ErrUnsupported) {
				t.Errorf("the meet's row, named: %v, want solvers.ErrUnsupported", err)
			}
		})
	}
	p, _ := constraints.Compile(queen)
	for _, cut := range []int{-1, 8, 9} {
		if _, err := meet.Plan(ctx, p, cut); err == nil {
			t.Errorf("cut %d of 8 rows: planned", cut)
		}
	}
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// TestCancelled checks that a task stops with ctx's error and no count.
func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	j := plan(t, square(12, attack(t, tables[0].attack)), 0)
	if c, err := j.Run(ctx, 100); !errors.Is(err, context.Canceled) || c.Count != 0 {
		t.Errorf("a cancelled task: %d, %v", c.Count, err)
	}
	if _, err := j.Run(context.Background(), j.Tasks()); err == nil {
		t.Errorf("task %d of %d: counted", j.Tasks(), j.Tasks())
	}
}

// TestBackend checks that the backtracker routes --method meet here, and Fastest too where Pays.
func TestBackend(t *testing.T) {
	ctx := context.Background()
	a := attack(t, tables[0].attack)
	res, err := router.New(router.NativeOnly(), router.Method("meet")).Count(ctx, square(9, a))
	if err != nil || res.Count != modeltest.OEIS(t, "A189851")[9] || res.Stats.Method != "meet" {
		t.Fatalf("--method meet: %d by %q, %v", res.Count, res.Stats.Method, err)
	}
	res, err = router.New(router.NativeOnly()).Count(ctx, square(meet.MinPays-1, a))
	if err != nil || res.Stats.Method == "meet" {
		t.Fatalf("fastest, n=%d: by %q, %v", meet.MinPays-1, res.Stats.Method, err)
	}
	res, err = router.New(router.NativeOnly()).Count(ctx, square(meet.MinPays, a))
	if err != nil || res.Stats.Method != "meet" {
		t.Fatalf("fastest, n=%d: by %q, %v", meet.MinPays, res.Stats.Method, err)
	}
	// The kernels the rule's costs were not fitted to keep their models, the meet fits them or not.
	for _, m := range []constraints.Model{constraints.Classic(24), square(16, constraints.Superqueen), square(16, constraints.Union(constraints.Rook, constraints.Knight))} {
		j, err := router.New(router.NativeOnly()).Plan(ctx, m, false)
		if err != nil || j.Method() == "meet" {
			t.Errorf("fastest, %v: planned by %v (%v)", m, j, err)
		}
	}
}

// The measured choice: whole-process CPU of --method meet (by orbits) over --method classes (the rider
// kernel), one thread, the median of paired runs. Where
// the kernel takes over a minute the meet is the faster by its own CPU against the kernel's CPU a
// solution at the n before (a ratio of 0.014 at A189851 n=14).
var measured = []struct {
	seq   string
	n     int
	ratio float64 // meet / kernel; 0 where the kernel was not run
}{
	{"A189837", 10, 0.91}, {"A189837", 11, 0.61}, {"A189837", 12, 0.65}, {"A189837", 13, 1.04},
	{"A189837", 14, 0.50}, {"A189837", 15, 0.80}, {"A189837", 16, 0.31},
	{"A189851", 10, 0.46}, {"A189851", 11, 0.23}, {"A189851", 12, 0.060}, {"A189851", 13, 0.051},
	{"A189851", 14, 0.014}, {"A189851", 15, 0}, {"A189851", 16, 0},
	{"A189854", 10, 0.54}, {"A189854", 11, 0.32}, {"A189854", 12, 0.12}, {"A189854", 13, 0.12},
	{"A189854", 14, 0.029}, {"A189854", 15, 0}, {"A189854", 16, 0},
	{"A189858", 10, 0.29}, {"A189858", 11, 0.15}, {"A189858", 12, 0.038}, {"A189858", 13, 0.032},
	{"A189858", 14, 0}, {"A189858", 15, 0}, {"A189858", 16, 0},
	{"A189876", 10, 1.11}, {"A189876", 11, 1.23}, {"A189876", 12, 1.01}, {"A189876", 13, 1.38},
	{"A189876", 14, 1.41}, {"A189876", 15, 4.40}, {"A189876", 16, 2.72},
	{"A189873", 10, 0.91}, {"A189873", 11, 1.07}, {"A189873", 14, 1.40},
	{"A189874", 12, 1.02}, {"A189874", 16, 2.20}, {"A189874", 17, 3.61}, {"A189874", 18, 1.53},
	{"A189869", 12, 0.85}, {"A189869", 14, 0.74},
}

func tableAttack(t testing.TB, seq string) constraints.Attack {
	t.Helper()
	for _, tc := range tables {
		if tc.seq == seq {
			return attack(t, tc.attack)
		}
	}
	switch seq {
	case "A189873":
		return attack(t, "queen,ride(1,3),ride(3,1),ride(1,-3),ride(3,-1)")
	case "A189874":
		return attack(t, "queen,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)")
	case "A189869":
		return attack(t, "queen,leap(2,5)")
	}
	t.Fatalf("no table %s", seq)
	return constraints.Attack{}
}

// TestPays holds the rule to the measured table: on every table and n measured, Pays says meet exactly
// where the meet took less CPU than the kernel.
func TestPays(t *testing.T) {
	for _, tc := range measured {
		p, err := constraints.Compile(square(tc.n, tableAttack(t, tc.seq)))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := meet.Pays(p), tc.ratio < 1; got != want {
			t.Errorf("%s n=%d: Pays %t, measured meet/kernel CPU %.2f", tc.seq, tc.n, got, tc.ratio)
		}
	}
}

// TestPaysSmallBoards checks that below MinPays nothing moves to the meet: the tables and random rider
// and leaper sets keep their routes, and Pays says no.
func TestPaysSmallBoards(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(22, 4))
	var models []constraints.Model
	for _, tc := range tables {
		for n := 1; n < meet.MinPays; n++ {
			models = append(models, square(n, attack(t, tc.attack)))
		}
	}
	for range 20 {
		models = append(models, randomModel(rng, 2+rng.IntN(meet.MinPays-2)))
	}
	for _, m := range models {
		p, err := constraints.Compile(m)
		if err != nil {
			t.Fatal(err)
		}
		if meet.Pays(p) {
			t.Errorf("%v: Pays below side %d", m, meet.MinPays)
		}
		res, err := router.New(router.NativeOnly(), router.Threads(1)).Count(ctx, m)
		if err != nil || res.Stats.Method == "meet" {
			t.Errorf("%v: Fastest by %q (%v)", m, res.Stats.Method, err)
		}
	}
}

// TestFastestMatchesOEIS counts the tables by Fastest where the rule routes them, the meet or a kernel,
// against the OEIS.
func TestFastestMatchesOEIS(t *testing.T) {
	ctx := context.Background()
	for _, tc := range measured {
		if tc.n > 12 && tc.ratio < 1 || tc.n > 14 || len(modeltest.OEIS(t, tc.seq)) <= tc.n {
			continue // the quick ones
		}
		res, err := router.New(router.NativeOnly()).Count(ctx, square(tc.n, tableAttack(t, tc.seq)))
		if want := modeltest.OEIS(t, tc.seq)[tc.n]; err != nil || res.Count != want || (res.Stats.Method == "meet") != (tc.ratio < 1) {
			t.Errorf("%s n=%d: %d by %s (%v), the OEIS %d, measured meet/kernel %.2f", tc.seq, tc.n, res.Count, res.Stats.Method, err, want, tc.ratio)
		}
	}
}

// TestFastestKeepsTaskDepth holds Fastest to the row path when a task depth is asked: the depth splits
// the row path's tasks, and the meet's forecast is of its cut in the middle, so a model the meet would
// take keeps its kernel, and still counts right.
func TestFastestKeepsTaskDepth(t *testing.T) {
	ctx := context.Background()
	m := square(12, tableAttack(t, "A189851"))
	want := modeltest.OEIS(t, "A189851")[12]
	for _, tc := range []struct {
		depth    int
		wantMeet bool
	}{{0, true}, {2, false}, {12, false}} {
		res, err := router.New(router.NativeOnly(), router.TaskDepth(tc.depth)).Count(ctx, m)
		if err != nil || res.Count != want || (res.Stats.Method == "meet") != tc.wantMeet {
			t.Errorf("task depth %d: %d by %s (%v), want %d by the meet %v", tc.depth, res.Count, res.Stats.Method, err, want, tc.wantMeet)
		}
	}
}

// FuzzMeet holds the meet to the general path on models drawn from the fuzzer's bytes.
func FuzzMeet(f *testing.F) {
	f.Add(uint64(1), uint8(6))
	f.Add(uint64(99), uint8(8))
	f.Add(uint64(1234567), uint8(5))
	general := backtrack.New(backtrack.GeneralOnly(), backtrack.Threads(1))
	f.Fuzz(func(t *testing.T, seed uint64, size uint8) {
		rng := rand.New(rand.NewPCG(seed, 3))
		n := 2 + int(size)%7
		m := randomModel(rng, n)
		cut := 1 + rng.IntN(n-1)
		want, err := general.Count(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if got := count(t, m, cut); got != want.Count {
			t.Fatalf("%v, cut %d: the meet %d, the general path %d", m, cut, got, want.Count)
		}
	})
}

func ExampleJob() {
	a, _ := constraints.ParseAttack("rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)") // A189851: rook + girafferider
	p, _ := constraints.Compile(constraints.Model{Rows: 10, Cols: 10, Attack: a})
	j, _ := meet.Plan(context.Background(), p, 0)
	res, _ := solvers.RunJob(context.Background(), j, solvers.RunOptions{})
	fmt.Println(j.Key())
	fmt.Println(res.Count)
	// Output:
	// meet/1 n=10 cut=5 tasks=252
	// 131766
}

func BenchmarkMeet(b *testing.B) {
	for _, n := range []int{12, 13} {
		b.Run(fmt.Sprintf("A189851/n=%d", n), func(b *testing.B) {
			j := plan(b, square(n, attack(b, tables[0].attack)), 0)
			for b.Loop() {
				if _, err := solvers.RunJob(context.Background(), j, solvers.RunOptions{Threads: 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

var computed = flag.Bool("meet-computed", false, "count the terms computed here past the OEIS (testdata/computed/A189851.txt: a(18), 75 minutes of CPU)")

// TestComputed counts again the terms of A189851 computed here past the OEIS, with -meet-computed.
func TestComputed(t *testing.T) {
	terms := modeltest.Computed(t, "A189851")
	if !*computed {
		t.Skipf("give -meet-computed to count %d terms again (75 minutes of CPU for a(18))", len(terms))
	}
	for n, want := range terms {
		if got := count(t, square(n, attack(t, tables[0].attack)), 0); got != want {
			t.Errorf("A189851 a(%d): %d, testdata/computed %d", n, got, want)
		}
	}
}
