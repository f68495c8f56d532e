package halves

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
)

func TestCountOEIS(t *testing.T) {
	eachTable(t, testCountOEIS)
}

func testCountOEIS(t *testing.T) {
	want := modeltest.OEIS(t, "A000170")
	top := 16
	if testing.Short() {
		top = 14
	}
	for n := 1; n <= top; n++ {
		for _, threads := range []int{1, 3} {
			got, err := Count(context.Background(), n, threads)
			if err != nil || got != want[n] {
				t.Errorf("Count(%d, %d threads) = %d, %v; want %d (A000170)", n, threads, got, err, want[n])
			}
		}
	}
}

func TestCountErrors(t *testing.T) {
	for _, n := range []int{-1, 0, MaxN + 1} {
		if _, err := Count(context.Background(), n, 1); err == nil {
			t.Errorf("Count(%d) gave no error", n)
		}
		if _, err := Plan(n); err == nil {
			t.Errorf("Plan(%d) gave no error", n)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := Count(ctx, 12, 2); !errors.Is(err, context.Canceled) || got != 0 {
		t.Errorf("Count on a cancelled context = %d, %v; want 0, context.Canceled", got, err)
	}
	job, err := Plan(8)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{-1, job.Tasks()} {
		if _, err := job.Run(context.Background(), i); err == nil {
			t.Errorf("Run(%d) of %d tasks gave no error", i, job.Tasks())
		}
	}
}

// TestCountStops stops a count that would take hours, part way through listing a quarter's placements
// or joining them; it must return the deadline's error, not a count, and soon.
func TestCountStops(t *testing.T) {
	for _, wait := range []time.Duration{time.Millisecond, 300 * time.Millisecond, time.Second} {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		got, err := returnsWithin(t, 30*time.Second, func() (uint64, error) { return Count(ctx, MaxN, 2) })
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || got != 0 {
			t.Errorf("Count(%d) with a %v deadline = %d, %v; want 0, context.DeadlineExceeded", MaxN, wait, got, err)
		}
	}
}

// TestRunStops stops a task at each place it polls its context in turn, from listing a quarter's
// placements to the last join: it must give either its whole count or the context's error.
func TestRunStops(t *testing.T) {
	job, err := Plan(16)
	if err != nil {
		t.Fatal(err)
	}
	i := job.Tasks() / 2
	whole, err := job.Run(context.Background(), i)
	if err != nil {
		t.Fatal(err)
	}
	stopped := 0
	for polls := 0; ; polls++ {
		fresh, _ := Plan(16) // builds its list again, so that the build is stopped too
		ctx := &pollLimit{Context: context.Background(), left: polls}
		tally, err := fresh.Run(ctx, i)
		if err == nil {
			if tally != whole {
				t.Fatalf("stopped after %d polls: %+v and no error, want %+v or context.Canceled", polls, tally, whole)
			}
			break
		}
		if !errors.Is(err, context.Canceled) || tally != (solvers.Tally{}) {
			t.Fatalf("stopped after %d polls: %+v, %v; want context.Canceled and no count", polls, tally, err)
		}
		stopped++
	}
	t.Logf("task %d of n=16 polled its context %d times", i, stopped)
	if stopped < 10 {
		t.Errorf("the task polled its context %d times, want it polled all along", stopped)
	}
}

// pollLimit is a context that is cancelled once its Err has been asked left times.
type pollLimit struct {
	context.Context
	mu   sync.Mutex
	left int
}

func (c *pollLimit) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

// returnsWithin runs f and fails the test if it has not returned within limit: a guard against a hang,
// not a measure of speed.
func returnsWithin(t *testing.T, limit time.Duration, f func() (uint64, error)) (uint64, error) {
	t.Helper()
	type result struct {
		n   uint64
		err error
	}
	done := make(chan result, 1)
	go func() {
		n, err := f()
		done <- result{n, err}
	}()
	select {
	case r := <-done:
		return r.n, r.err
	case <-time.After(limit):
		t.Fatalf("still running %v after it should have stopped", limit)
		return 0, nil
	}
}

// TestTasksAnyOrder runs every task of each board up to n=16 in a random order, and a random subset of
// them on several goroutines at once, each task on its own: their counts must add up to A000170 and
// agree with one another.
func TestTasksAnyOrder(t *testing.T) {
	want := modeltest.OEIS(t, "A000170")
	rng := rand.New(rand.NewPCG(3, 4))
	top := 16
	if testing.Short() {
		top = 13
	}
	for n := 1; n <= top; n++ {
		job, err := Plan(n)
		if err != nil {
			t.Fatal(err)
		}
		counts := make([]uint64, job.Tasks())
		var sum uint64
		for _, i := range rng.Perm(job.Tasks()) {
			tally, err := job.Run(context.Background(), i)
			if err != nil {
				t.Fatalf("n=%d: task %d: %v", n, i, err)
			}
			counts[i] = tally.Count
			sum += tally.Count
		}
		if sum != want[n] {
			t.Errorf("n=%d: %d tasks in a random order add up to %d, want %d (A000170)", n, job.Tasks(), sum, want[n])
		}
		// A fresh job, so the subset builds its own list, from several goroutines at once.
		job, _ = Plan(n)
		subset := rng.Perm(job.Tasks())[:max(1, job.Tasks()/3)]
		var wg sync.WaitGroup
		for _, i := range subset {
			wg.Go(func() {
				tally, err := job.Run(context.Background(), i)
				if err != nil || tally.Count != counts[i] {
					t.Errorf("n=%d: task %d on its own gave %d, %v; in order %d", n, i, tally.Count, err, counts[i])
				}
			})
		}
		wg.Wait()
	}
}

// TestShards counts every shard I/M of a few boards by RunJob: each shard's count is the sum of its
// tasks, and the shards add up to A000170.
func TestShards(t *testing.T) {
	want := modeltest.OEIS(t, "A000170")
	for _, n := range []int{11, 14, 15} {
		job, err := Plan(n)
		if err != nil {
			t.Fatal(err)
		}
		counts := make([]uint64, job.Tasks())
		res, err := solvers.RunJob(context.Background(), job, solvers.RunOptions{Threads: 2, OnTask: func(i int, tally solvers.Tally) error {
			counts[i] = tally.Count
			return nil
		}})
		if err != nil || !res.Complete || res.Count != want[n] {
			t.Fatalf("n=%d: RunJob = %+v, %v; want %d (A000170)", n, res, err, want[n])
		}
		for _, m := range []int{2, 3, 7} {
			var total uint64
			for i := range m {
				shard := solvers.Shard{Index: i, Of: m}
				res, err := solvers.RunJob(context.Background(), job, solvers.RunOptions{Threads: 2, Shard: shard})
				if err != nil {
					t.Fatalf("n=%d shard %v: %v", n, shard, err)
				}
				var part uint64
				for k := range counts {
					if shard.Has(k) {
						part += counts[k]
					}
				}
				if res.Count != part {
					t.Errorf("n=%d shard %v: count %d, its tasks add up to %d", n, shard, res.Count, part)
				}
				total += res.Count
			}
			if total != want[n] {
				t.Errorf("n=%d: %d shards add up to %d, want %d (A000170)", n, m, total, want[n])
			}
		}
	}
}

// TestTaskList checks that the task list depends on n alone and that its tasks cover every class of
// every board once, in order.
func TestTaskList(t *testing.T) {
	for n := 1; n <= MaxN; n++ {
		a, err := Plan(n)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := Plan(n)
		if a.Key() != b.Key() || !slices.Equal(a.tasks, b.tasks) {
			t.Errorf("n=%d: two plans differ: %q and %q", n, a.Key(), b.Key())
		}
		next := task{}
		for i, tk := range a.tasks {
			if tk.board != next.board || tk.from != next.from || tk.to <= tk.from {
				t.Fatalf("n=%d: task %d is %+v, want one starting at board %d class %d", n, i, tk, next.board, next.from)
			}
			next = task{board: tk.board, from: tk.to}
			if tk.to == len(a.boards[tk.board].classes) {
				next = task{board: tk.board + 1}
			}
		}
		if next.board != len(a.boards) {
			t.Errorf("n=%d: the tasks end at board %d of %d", n, next.board, len(a.boards))
		}
	}
	if job, _ := Plan(18); job.Tasks() < 1000 {
		t.Errorf("n=18: %d tasks, want thousands", job.Tasks())
	}
}

// TestListShared checks that the tasks of one job build the list of a quarter's placements once, and
// that it is freed once no task runs.
func TestListShared(t *testing.T) {
	job, err := Plan(14)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := solvers.RunJob(context.Background(), job, solvers.RunOptions{Threads: 3}); err != nil {
		t.Fatal(err)
	}
	if job.builds.Load() != 1 {
		t.Errorf("the list was built %d times, want once", job.builds.Load())
	}
	runtime.GC()
	runtime.GC()
	if job.list.Value() != nil {
		t.Error("the list outlived the tasks by two collections")
	}
	if _, err := job.Run(context.Background(), 0); err != nil || job.builds.Load() != 2 {
		t.Errorf("a task after the list was freed: %v, %d builds; want it built again", err, job.builds.Load())
	}
}

// TestListingTogether lists a quarter's placements on several goroutines at once, each taking parts in
// turn: they must all return the list one goroutine makes alone, word for word.
func TestListingTogether(t *testing.T) {
	never := func() bool { return false }
	for _, shape := range [][2]int{{1, 1}, {4, 3}, {8, 8}, {9, 8}} {
		tt, h := shape[0], shape[1]
		want := newQuarters(tt, h, never)
		l := newListing(tt, h)
		got := make([]*quarters, 4)
		var wg sync.WaitGroup
		for i := range got {
			wg.Go(func() { got[i] = l.work(never) })
		}
		wg.Wait()
		for i, q := range got {
			if q == nil || !slices.Equal(q.index, want.index) || !slices.Equal(q.words, want.words) {
				t.Fatalf("%d×%d: goroutine %d of %d listed another list", tt, h, i, len(got))
			}
		}
	}
}

// TestListingStops stops one of two tasks that list a quarter's placements together, after each number
// of polls in turn: the stopped one must give its context's error or the list, the other the whole list,
// listing it again if the stop spoiled the first listing.
func TestListingStops(t *testing.T) {
	want := newQuarters(8, 8, func() bool { return false })
	for polls := 0; polls < 200; polls += 7 {
		job, err := Plan(16)
		if err != nil {
			t.Fatal(err)
		}
		var (
			wg       sync.WaitGroup
			stopped  *quarters
			stopErr  error
			live     *quarters
			liveErr  error
			stopping = &pollLimit{Context: context.Background(), left: polls}
		)
		wg.Go(func() { stopped, stopErr = job.quarters(stopping) })
		wg.Go(func() { live, liveErr = job.quarters(context.Background()) })
		// A listing spoiled by the stop and never begun again would leave the live task waiting: fail
		// then, rather than at go test's timeout.
		returnsWithin(t, 60*time.Second, func() (uint64, error) { wg.Wait(); return 0, nil })
		if liveErr != nil || !slices.Equal(live.index, want.index) || !slices.Equal(live.words, want.words) {
			t.Fatalf("stopped after %d polls: the live task got %v and another list", polls, liveErr)
		}
		if stopErr == nil && stopped != live || stopErr != nil && (!errors.Is(stopErr, context.Canceled) || stopped != nil) {
			t.Fatalf("stopped after %d polls: the stopped task got %v, %v", polls, stopped != nil, stopErr)
		}
	}
}

// TestRowClassesCoverAll checks the symmetry bookkeeping: the weights of one board's classes add up to
// the number of row sets, and each class's weight is the size of its class.
func TestRowClassesCoverAll(t *testing.T) {
	for n := 2; n <= 13; n++ {
		for _, b := range allBoards(n) {
			var sum uint64
			for _, c := range b.classes {
				sum += uint64(c.weight)
				if c.weight != 1 && c.weight != 2 && c.weight != 4 {
					t.Errorf("n=%d middle=%d rows=%b: weight %d", n, b.middleRow, c.rows, c.weight)
				}
			}
			free := bits.OnesCount32(b.rows)
			if want := binomial(free, b.h); sum != want {
				t.Errorf("n=%d middle=%d: weights add up to %d, want C(%d,%d) = %d", n, b.middleRow, sum, free, b.h, want)
			}
		}
	}
}

// allBoards returns the boards of side n with the middle column's queen in every row, not only the
// upper half's.
func allBoards(n int) []*board {
	if n%2 == 0 {
		return boards(n)
	}
	var bs []*board
	for r := range n {
		bs = append(bs, newBoard(n, r))
	}
	return bs
}

func binomial(n, k int) uint64 {
	c := uint64(1)
	for i := range k {
		c = c * uint64(n-i) / uint64(i+1)
	}
	return c
}

// TestQuarters holds the list of a quarter's placements against every set of cells of a few small
// rectangles, tried one by one.
func TestQuarters(t *testing.T) {
	for _, shape := range [][2]int{{1, 0}, {1, 1}, {2, 2}, {3, 2}, {3, 3}, {4, 3}, {4, 4}} {
		tt, h := shape[0], shape[1]
		q := newQuarters(tt, h, func() bool { return false })
		want := map[[2]uint32][]uint64{}
		for cells := range uint64(1) << (tt * h) {
			var rows, cols uint32
			var w uint64
			ok := true
			var queens [][2]int
			for i := range tt * h {
				if cells>>i&1 == 0 {
					continue
				}
				r, c := i/h, i%h
				for _, o := range queens {
					if o[0] == r || o[1] == c || o[0]-o[1] == r-c || o[0]+o[1] == r+c {
						ok = false
					}
				}
				queens = append(queens, [2]int{r, c})
				rows |= 1 << r
				cols |= 1 << c
				w |= 1<<(r-c+h-1) | 1<<(32+r+c)
			}
			if ok {
				k := [2]uint32{rows, cols}
				want[k] = append(want[k], w)
			}
		}
		for rows := range uint32(1) << tt {
			for cols := range uint32(1) << h {
				got := slices.Clone(q.group(rows, cols))
				w := want[[2]uint32{rows, cols}]
				slices.Sort(got)
				slices.Sort(w)
				if !slices.Equal(got, w) {
					t.Errorf("%d×%d rows %b cols %b: list %x, want %x", tt, h, rows, cols, got, w)
				}
			}
		}
	}
}

// TestHalves holds the placements of each half built from the quarters against a plain search of the
// half, cell by cell, on every board up to n=11, every middle row and every set of rows; with and
// without AVX-512 where the processor has it.
func TestHalves(t *testing.T) {
	eachTable(t, testHalves)
}

func testHalves(t *testing.T) {
	for n := 1; n <= 11; n++ {
		q := newQuarters((n+1)/2, n/2, func() bool { return false })
		for _, b := range allBoards(n) {
			forEachSubset(b.rows, b.h, func(rows uint32) {
				for _, west := range []bool{false, true} {
					got := b.half(q, rows, west, nil, new(scratch))
					want := halfBySearch(b, rows, west)
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Errorf("n=%d middle=%d rows=%0*b west=%v: quarters give %d placements, search %d",
							n, b.middleRow, n, rows, west, len(got), len(want))
					}
				}
			})
		}
	}
}

// halfBySearch lists the crossing diagonals of the placements of b's east half (west half, if west) on
// rows by trying every queen in every column of the half against the queens before it and the middle
// column's queen, with no bit tricks. The crossing diagonals are numbered from where the west half's
// start: down-right diagonal r-c from -(h-1) and anti-diagonal r+c from n-h, as the joiner's words.
func halfBySearch(b *board, rows uint32, west bool) []uint64 {
	var out []uint64
	type cell struct{ r, c int }
	var queens []cell
	if b.middleRow >= 0 {
		queens = append(queens, cell{b.middleRow, b.n / 2})
	}
	attacks := func(x, y cell) bool {
		return x.r == y.r || x.c == y.c || x.r-x.c == y.r-y.c || x.r+x.c == y.r+y.c
	}
	first := b.n - b.h
	if west {
		first = 0
	}
	var rec func(j int, p uint64)
	rec = func(j int, p uint64) {
		if j == b.h {
			out = append(out, p)
			return
		}
		c := first + j
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
// joiner treats differently: empty, tiny, one side short, both long, dense and sparse words; with the
// tables of uint64 and, where the processor has AVX-512, with those of 512 bits.
func TestJoin(t *testing.T) {
	eachTable(t, testJoin)
}

func testJoin(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var j joiner
	for trial := range 400 {
		nbits := uint(rng.IntN(maxPieces*piece + 1))
		density := 0.05 + 0.5*rng.Float64()
		sizes := []int{0, 1, 7, 8, 40, 64, 65, 128, 129, 200, 256, 257, 511, 512, 513, 700, 1500, 2100}
		ne, nw := sizes[rng.IntN(len(sizes))], sizes[rng.IntN(len(sizes))]
		east, west := randomWords(rng, ne, nbits, density), randomWords(rng, nw, nbits, density)
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
	}
}

// eachTable runs test with the joiner's tables of uint64, and where the processor has AVX-512, again with
// those of 512 bits.
func eachTable(t *testing.T, test func(t *testing.T)) {
	defer func(wide bool) { useWide = wide }(useWide)
	useWide = false
	t.Run("uint64", test)
	if !hasAVX512() {
		t.Log("no AVX-512 here: the 512-bit tables are not tested")
		return
	}
	useWide = true
	t.Run("512", test)
}

// listLengths returns the list lengths the split's tests try: every length up to a few groups of eight,
// and some longer ones.
func listLengths() []int {
	lengths := []int{100, 511, 1000, 4099}
	for n := range 50 {
		lengths = append(lengths, n)
	}
	return lengths
}

// TestWithout checks without, and with AVX-512 filter512, on lists of every length up to a few groups
// of eight and some longer: the words without the bit, in order, their OR, and the list unchanged.
func TestWithout(t *testing.T) {
	eachTable(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(9, 10))
		var j joiner
		lengths := listLengths()
		for d, n := range lengths {
			bit := uint(rng.IntN(40))
			list := randomWords(rng, n, 40, 0.5)
			keep := slices.Clone(list)
			var want []uint64
			var wantOr uint64
			for _, x := range list {
				if x>>bit&1 == 0 {
					want = append(want, x)
					wantOr |= x
				}
			}
			got, or := j.without(d%3, list, bit)
			if !slices.Equal(got, want) {
				t.Fatalf("len %d bit %d: %d words without the bit, want %d", n, bit, len(got), len(want))
			}
			if or != wantOr {
				t.Fatalf("len %d bit %d: their OR %#x, want %#x", n, bit, or, wantOr)
			}
			if !slices.Equal(list, keep) {
				t.Fatalf("len %d: the list changed", n)
			}
		}
	})
}

// TestPartition checks partition, and with AVX-512 partition512, on lists of every length up to a few
// groups of eight and some longer, held inside a larger buffer whose other words must not change: the
// words without the bit first, the same words, and the OR of each part.
func TestPartition(t *testing.T) {
	eachTable(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(7, 8))
		var j joiner
		lengths := listLengths()
		for _, n := range lengths {
			bit := uint(rng.IntN(40))
			buf := randomWords(rng, n+32, 40, 0.5)
			keep := slices.Clone(buf)
			list := buf[16 : 16+n]
			clear, orClear, orSet := j.partition(list, bit)
			for i, x := range list {
				if has := x>>bit&1 == 1; has != (i >= clear) {
					t.Fatalf("len %d bit %d: word %d of %d (%d without the bit) has it: %v", n, bit, i, n, clear, has)
				}
			}
			var ors [2]uint64 // of the words without the bit and with it
			for i, x := range list {
				if i < clear {
					ors[0] |= x
				} else {
					ors[1] |= x
				}
			}
			if got := [2]uint64{orClear, orSet}; got != ors {
				t.Fatalf("len %d bit %d: the parts' ORs %#x, want %#x", n, bit, got, ors)
			}
			got, want := slices.Clone(list), slices.Clone(keep[16:16+n])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("len %d: the words changed", n)
			}
			if !slices.Equal(buf[:16], keep[:16]) || !slices.Equal(buf[16+n:], keep[16+n:]) {
				t.Fatalf("len %d: words outside the list changed", n)
			}
		}
	})
}

// TestTranspose512 checks the gathering of the short words' bits for the tables of 512 bits against its
// definition, for every number of blocks and bytes.
func TestTranspose512(t *testing.T) {
	if !hasAVX512() {
		t.Skip("no AVX-512 here")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var words [512]uint64
	for i := range words {
		words[i] = rng.Uint64()
	}
	for blocks := range 9 {
		for bytes := range len(columns{})/8 + 1 {
			var cols columns
			transpose512(&cols, &words, blocks, bytes)
			for b := range cols {
				for k := range 8 {
					for i := range 64 {
						want := words[64*k+i] >> b & 1
						if k >= blocks || b >= 8*bytes {
							want = 0
						}
						if got := cols[b][k] >> i & 1; got != want {
							t.Fatalf("%d blocks, %d bytes: bit %d of cols[%d][%d] is %d, want %d", blocks, bytes, i, b, k, got, want)
						}
					}
				}
			}
		}
	}
}

// TestBuild512 checks the tables of 512 bits against their definition, for every width of word: each
// entry a piece's bits can look up is the OR of the columns of its value's bits.
func TestBuild512(t *testing.T) {
	if !hasAVX512() {
		t.Skip("no AVX-512 here")
	}
	rng := rand.New(rand.NewPCG(15, 16))
	var cols columns
	for b := range cols {
		for k := range cols[b] {
			cols[b][k] = rng.Uint64()
		}
	}
	tab := new(wideTables)
	for nb := range maxPieces*piece + 1 {
		pieces := max((nb+piece-1)/piece, 4)
		build512(tab, &cols, pieces, tableGroups(nb, pieces))
		for k := range pieces {
			width := min(piece, max(0, nb-k*piece))
			for v := range 1 << width {
				var want [8]uint64
				for b := range width {
					if v>>b&1 == 1 {
						for i := range want {
							want[i] |= cols[k*piece+b][i]
						}
					}
				}
				if tab[k][v] != want {
					t.Fatalf("%d bits: entry %d of piece %d is %x, want %x", nb, v, k, tab[k][v], want)
				}
			}
		}
	}
}

// TestScan1024 holds scan1024 to scan512 on each of its two tables, for every number of pieces and
// long lists of every length up to a few words and some longer.
func TestScan1024(t *testing.T) {
	if !hasAVX512() {
		t.Skip("no AVX-512 here")
	}
	rng := rand.New(rand.NewPCG(13, 14))
	var tabs [2]wideTables
	for i := range tabs {
		for k := range tabs[i] {
			for v := range tabs[i][k] {
				for w := range tabs[i][k][v] {
					tabs[i][k][v][w] = rng.Uint64() & rng.Uint64()
				}
			}
		}
	}
	for _, pieces := range []int{4, 5, 6} {
		for _, n := range []int{0, 1, 2, 3, 4, 5, 100, 1001} {
			large := randomWords(rng, n, 64, 0.4)
			live := rng.Uint64() | rng.Uint64()
			want := scan512(&tabs[0], large, pieces, live) + scan512(&tabs[1], large, pieces, live)
			if got := scan1024(&tabs[0], &tabs[1], large, pieces, live); got != want {
				t.Fatalf("%d pieces, %d long words: scan1024 = %d, two scan512 %d", pieces, n, got, want)
			}
		}
	}
}

// TestOrCompress checks or512 and compress, which pick and pack the bits both lists of a table use,
// against their definitions, on lists of every length up to a few groups of eight and some longer.
func TestOrCompress(t *testing.T) {
	if !hasAVX512() {
		t.Skip("no AVX-512 here")
	}
	rng := rand.New(rand.NewPCG(9, 10))
	lengths := []int{100, 513, 2048}
	for n := range 40 {
		lengths = append(lengths, n)
	}
	for _, n := range lengths {
		list := randomWords(rng, n, 64, 0.03)
		var want uint64
		for _, x := range list {
			want |= x
		}
		if got := or512(list); got != want {
			t.Fatalf("len %d: or512 = %#x, want %#x", n, got, want)
		}
		live := rng.Uint64()
		got := make([]uint64, n+1)
		got[n] = 12345
		if n > 0 {
			compress(&got[0], list, live)
		}
		for i, x := range list {
			var packed uint64
			k := 0
			for b := range 64 {
				if live>>b&1 == 1 {
					packed |= (x >> b & 1) << k
					k++
				}
			}
			if got[i] != packed {
				t.Fatalf("len %d: compress(%#x) of word %d = %#x, want %#x", n, live, i, got[i], packed)
			}
		}
		if got[n] != 12345 {
			t.Fatalf("len %d: compress wrote past the list", n)
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

// TestWordsFit checks what the packing assumes of every board Plan takes: a quarter's diagonals fit in
// 32 bits; in each half of a joined word, the diagonals a half keeps (those from shift on one bit lower,
// half) do too; the crossing diagonals fit the joiner's tables.
func TestWordsFit(t *testing.T) {
	for n := 1; n <= MaxN; n++ {
		b := newBoard(n, n/2)
		if b.t+b.h-1 > 32 {
			t.Errorf("n=%d: a quarter's diagonals take %d bits, over half a word", n, b.t+b.h-1)
		}
		// The lower quarter's, shifted by t, run to t+2h-2, kept one lower where it matters: the
		// crossing ones, from shift = t.
		if top := b.t + 2*b.h - 3; b.h > 0 && top > 31 {
			t.Errorf("n=%d: a half's crossing diagonals reach bit %d of a half word", n, top)
		}
		if b.bits > maxPieces*piece {
			t.Errorf("n=%d: words of %d bits, tables take %d", n, b.bits, maxPieces*piece)
		}
	}
}

// TestHalvesWide holds the halves of the largest boards, where the diagonals each half drops would
// otherwise overflow, against the plain search, on a set of rows drawn at random for each board Plan
// makes with the middle column's queen in the top or the middle row; the quarters' placements are
// listed for those rows only, by a search of their own.
func TestHalvesWide(t *testing.T) {
	eachTable(t, func(t *testing.T) {
		rng := rand.New(rand.NewPCG(11, 12))
		for _, n := range []int{MaxN - 1, MaxN} {
			tt, h := (n+1)/2, n/2
			for _, middle := range []int{0, n / 2} {
				b := newBoard(n, middle)
				if n%2 == 0 && middle > 0 {
					continue
				}
				for range 1 {
					var rows uint32
					for bits.OnesCount32(rows) != h {
						rows = rng.Uint32() & b.rows
					}
					q := quartersOn(tt, h, []uint32{rows & (1<<tt - 1), rows >> tt, b.rows &^ rows & (1<<tt - 1), (b.rows &^ rows) >> tt})
					for _, west := range []bool{false, true} {
						r := rows
						if west {
							r = b.rows ^ rows
						}
						got := b.half(q, r, west, nil, new(scratch))
						want := halfBySearch(b, r, west)
						slices.Sort(got)
						slices.Sort(want)
						if !slices.Equal(got, want) {
							t.Errorf("n=%d middle=%d rows=%0*b west=%v: quarters give %d placements, search %d",
								n, middle, n, r, west, len(got), len(want))
						}
					}
				}
			}
		}
	})
}

// quartersOn lists the placements of a t×h rectangle on the given sets of rows only, trying every
// column for each row in turn against the queens before it.
func quartersOn(tt, h int, sets []uint32) *quarters {
	groups := map[uint32][]uint64{}
	for _, rows := range sets {
		var rec func(r int, cols uint32, queens [][2]int, w uint64)
		rec = func(r int, cols uint32, queens [][2]int, w uint64) {
			if r == tt {
				groups[rows<<h|cols] = append(groups[rows<<h|cols], w)
				return
			}
			if rows>>r&1 == 0 {
				rec(r+1, cols, queens, w)
				return
			}
			for c := range h {
				ok := cols>>c&1 == 0
				for _, o := range queens {
					ok = ok && o[0]-o[1] != r-c && o[0]+o[1] != r+c
				}
				if ok {
					rec(r+1, cols|1<<c, append(queens, [2]int{r, c}), w|1<<(r-c+h-1)|1<<(32+r+c))
				}
			}
		}
		if _, done := groups[rows<<h]; !done {
			rec(0, 0, nil, 0)
		}
	}
	q := &quarters{t: tt, h: h, index: make([]uint32, 1<<(tt+h)+1)}
	for k := range 1 << (tt + h) {
		q.index[k] = uint32(len(q.words))
		q.words = append(q.words, groups[uint32(k)]...)
	}
	q.index[1<<(tt+h)] = uint32(len(q.words))
	return q
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

func ExamplePlan() {
	job, err := Plan(12)
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := solvers.RunJob(context.Background(), job, solvers.RunOptions{Threads: 2})
	fmt.Println(job.Key())
	fmt.Println(res.Count, res.Tasks.Done, "of", res.Tasks.Total, "tasks", err)
	// Output:
	// join/1 n=12 classes=252 tasks=32
	// 14200 32 of 32 tasks <nil>
}
