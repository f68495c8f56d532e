package rowpairs

import (
	"context"
	"flag"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
)

var long = flag.Bool("long", false, "count A137279 n = 15, 16 and the computed n = 18 too")

// mobius returns ceil(n/2) queens on an n×n Möbius strip, A137279's problem.
func mobius(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: (n + 1) / 2, Attack: constraints.Queen, Surface: constraints.Mobius}
}

// build compiles m and builds its job; why says what the model lacks, if it does not take it.
func build(t testing.TB, m constraints.Model) (*Job, string) {
	t.Helper()
	p, err := constraints.Compile(m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return New(p, nil)
}

// count counts by the job on two threads.
func count(t testing.TB, j *Job) uint64 {
	t.Helper()
	res, err := solvers.RunJob(context.Background(), j, solvers.RunOptions{Threads: 2})
	if err != nil || !res.Complete {
		t.Fatalf("%+v, %v", res, err)
	}
	return res.Count
}

// TestA137279 holds the kernel to OEIS A137279, queens on a Möbius strip, n = 1..14, and to brute force
// for n ≤ 7: the kernel pins the first queen and halves by the mirror, brute force uses no symmetry.
func TestA137279(t *testing.T) {
	want := modeltest.OEIS(t, "A137279")
	for n := 1; n <= 14; n++ {
		m := mobius(n)
		j, why := build(t, m)
		if why != "" {
			t.Fatalf("n=%d: %s; want the row-pair kernel", n, why)
		}
		if n >= 2 && !strings.Contains(j.Key(), "pinned=true mirror=true") {
			t.Errorf("n=%d: key %q: want the pin and the mirror on an open board", n, j.Key())
		}
		if got := count(t, j); got != want[n] {
			t.Errorf("n=%d: %d; A137279 says %d", n, got, want[n])
		}
		if n > 7 {
			continue
		}
		oracle, err := brute.Solver{}.Count(context.Background(), m)
		if err != nil || oracle.Count != want[n] {
			t.Errorf("n=%d, brute force: %+v, %v; A137279 says %d", n, oracle, err, want[n])
		}
	}
}

// TestComputed holds the kernel to the first term of A137279 computed here, past the OEIS
// (testdata/computed/A137279.txt, which says how each term was checked), and with -long to the OEIS's
// n = 15, 16 and the computed n = 18 too.
func TestComputed(t *testing.T) {
	want := modeltest.OEIS(t, "A137279")
	for n, v := range modeltest.Computed(t, "A137279") {
		want[n] = v
	}
	first, last := 17, 17
	if *long {
		first, last = 15, 18
	}
	for n := first; n <= last; n++ {
		j, why := build(t, mobius(n))
		if why != "" {
			t.Fatalf("n=%d: %s", n, why)
		}
		if got := count(t, j); got != want[n] {
			t.Errorf("n=%d: %d; want %d", n, got, want[n])
		}
	}
}

// randomTwisted draws a small model on a Möbius strip or a Klein bottle, mostly of the kernel's kind
// (the row rider, one queen per pair of rows) and sometimes not: other riders, a leaper, queens short of
// the pairs, a column quota, blocked cells (sometimes in mirror pairs, which keep the pin) and fixed
// queens.
func randomTwisted(rng *rand.Rand) constraints.Model {
	rows, cols := 1+rng.IntN(7), 1+rng.IntN(7)
	m := constraints.Model{Rows: rows, Cols: cols, Queens: (rows + 1) / 2, Surface: constraints.Mobius}
	if rng.IntN(3) == 0 {
		m.Surface = constraints.Klein
	}
	parts := []constraints.Attack{constraints.Row}
	for _, a := range []constraints.Attack{constraints.Column, constraints.Diagonal, constraints.AntiDiagonal} {
		if rng.IntN(4) != 0 {
			parts = append(parts, a)
		}
	}
	switch rng.IntN(12) {
	case 0:
		parts = append(parts, constraints.Knight)
	case 1:
		parts = parts[1:] // no row rider
	case 2:
		m.Queens = max(1, m.Queens-1)
	case 3:
		m.Each.Column = constraints.AtMost(1)
	case 4:
		m.Each.Column = constraints.Exactly(1)
	}
	m.Attack = constraints.Union(parts...)
	switch rng.IntN(4) {
	case 0:
		for range 1 + rng.IntN(3) {
			m.Blocked = append(m.Blocked, constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
		}
	case 1:
		// A whole pair of rows' worth of a column, both rows: the shift along the rows moves it, the
		// column's image under the mirror that fixes column 0 is blocked too where the column is 0.
		c := []int{0, rng.IntN(cols)}[rng.IntN(2)]
		m.Blocked = []constraints.Cell{{Row: 0, Col: c}, {Row: rows - 1, Col: c}}
	}
	if rng.IntN(4) == 0 {
		m.Fixed = []constraints.Cell{{Row: rng.IntN(rows), Col: rng.IntN(cols)}}
	}
	return m
}

// TestMatchesBrute holds the kernel to brute force on random twisted models, and the symmetries it reads
// from the program (the shift that pins the first queen, the mirror that halves the next choice) to
// Model.Keeps, which knows nothing of the kernel.
func TestMatchesBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(137, 279))
	took, pinned := 0, 0
	for tries := 0; tries < 4000 && took < 300; tries++ {
		m := randomTwisted(rng)
		if m.Validate() != nil || m.ValidateLines(ctx) != nil {
			continue
		}
		j, why := build(t, m)
		if j == nil {
			if why == "" {
				t.Fatalf("%v: no job and no reason", m)
			}
			continue
		}
		took++
		shift := len(m.Fixed) == 0 && m.Keeps(constraints.Symmetry{DCol: 1})
		if got := len(m.Fixed) == 0 && keeps(mustCompile(t, m), constraints.Symmetry{DCol: 1, Twist: true}); got != shift {
			t.Errorf("%v blocked %v: the program keeps the shift %v, the model %v", m, m.Blocked, got, shift)
		}
		sigma := constraints.Symmetry{Turn: constraints.MirrorCols, DCol: m.Cols + 1}
		if got, want := keeps(mustCompile(t, m), constraints.Symmetry{Turn: constraints.MirrorCols, DCol: m.Cols + 1, Twist: true}), m.Keeps(sigma); len(m.Fixed) == 0 && got != want {
			t.Errorf("%v blocked %v: the program keeps the mirror %v, the model %v", m, m.Blocked, got, want)
		}
		if j.pp.pinned {
			pinned++
		}
		oracle, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			t.Fatalf("%v: brute force: %v", m, err)
		}
		if got := count(t, j); got != oracle.Count {
			t.Errorf("%v blocked %v fixed %v: the kernel counts %d, brute force %d", m, m.Blocked, m.Fixed, got, oracle.Count)
		}
	}
	if took < 300 || pinned < 100 {
		t.Errorf("the kernel took %d models, %d of them pinned: too few", took, pinned)
	}
}

func mustCompile(t *testing.T, m constraints.Model) *constraints.Program {
	t.Helper()
	p, err := constraints.Compile(m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return p
}

// TestRefuses holds New to what the kernel takes: each model lacks one thing, and New says so.
func TestRefuses(t *testing.T) {
	for _, tc := range []struct {
		name string
		m    constraints.Model
		want string
	}{
		{"a flat board", constraints.Classic(8), "twisted surface"},
		{"a knight", constraints.Model{Rows: 8, Cols: 8, Queens: 4, Attack: constraints.Superqueen, Surface: constraints.Mobius}, "no leaper"},
		{"too few queens", constraints.Model{Rows: 8, Cols: 8, Queens: 3, Attack: constraints.Queen, Surface: constraints.Mobius}, "one queen on each line"},
		{"33 columns", constraints.Model{Rows: 4, Cols: 33, Queens: 2, Attack: constraints.Queen, Surface: constraints.Mobius}, "at most 32 columns"},
	} {
		if j, why := build(t, tc.m); j != nil || !strings.Contains(why, tc.want) {
			t.Errorf("%s: built %v, %q; want a refusal saying %q", tc.name, j != nil, why, tc.want)
		}
	}
}

// TestStop holds the kernel to the contract of every kernel built from a Program (modeltest.KernelContract):
// it stops when asked while it builds, a cancelled task returns the context's error, a task out of range
// an error, and a task counts its backtracks.
func TestStop(t *testing.T) {
	modeltest.KernelContract(t, func(p *constraints.Program, stop func() bool) (solvers.Job, string) {
		j, why := New(p, stop)
		if j == nil {
			return nil, why // a nil *Job is not a nil solvers.Job
		}
		return j, why
	}, mobius(32), mobius(13))
}
