package slopes

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

var long = flag.Bool("long", false, "count A000755 n = 11 and 12 too")

// noThree returns A000755's problem: 2n points on an n×n board, two on every row and column, at most two
// on any straight line.
func noThree(n int) constraints.Model {
	return constraints.Model{Rows: n, Cols: n, Queens: 2 * n, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Line: constraints.AtMost(2)}}
}

// build compiles m and builds its job; why says what the model lacks, if it does not take it.
func build(t *testing.T, m constraints.Model) (*Job, string) {
	t.Helper()
	p, err := constraints.Compile(m)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	return New(p, nil)
}

// count counts m by its job on two threads.
func count(t *testing.T, j *Job) uint64 {
	t.Helper()
	res, err := solvers.RunJob(context.Background(), j, solvers.RunOptions{Threads: 2})
	if err != nil || !res.Complete {
		t.Fatalf("%+v, %v", res, err)
	}
	return res.Count
}

// TestA000755 holds the kernel to OEIS A000755, no three in a line, n = 3..10 (and 11, 12 with -long):
// it counts one frame of each class, weighted by its images.
func TestA000755(t *testing.T) {
	want := modeltest.OEIS(t, "A000755")
	last := 10
	if *long {
		last = 12
	}
	for n := 3; n <= last; n++ {
		j, why := build(t, noThree(n))
		if why != "" {
			t.Fatalf("n=%d: %s", n, why)
		}
		if !strings.HasPrefix(j.Key(), "group=8 ") {
			t.Errorf("n=%d: key %q: want the group of the square", n, j.Key())
		}
		if got := count(t, j); got != want[n] {
			t.Errorf("n=%d: %d; A000755 says %d", n, got, want[n])
		}
	}
	// On 2×2 no line holds three cells, so the quota breaks nothing and leaves no family to count by.
	if j, why := build(t, noThree(2)); j != nil || why == "" {
		t.Errorf("2×2: built a job; want a refusal")
	}
}

// randomSlopes draws a small flat model of lines of every slope, mostly of the kernel's kind (one or two
// points on every row, at most two on every line, a column range) and sometimes not (three on a line, a
// diagonal quota, a rider, a row range): rectangular boards, blocked cells and fixed points.
func randomSlopes(rng *rand.Rand) constraints.Model {
	rows, cols := 2+rng.IntN(4), 2+rng.IntN(5)
	k := 1 + rng.IntN(2)
	m := constraints.Model{Rows: rows, Cols: cols, Queens: k * rows, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(k), Line: constraints.AtMost(2)}}
	m.Each.Column = []constraints.Range{{}, constraints.AtMost(2), constraints.Exactly(2), constraints.Between(1, 2),
		constraints.Exactly(1), constraints.AtMost(1), constraints.AtMost(3)}[rng.IntN(7)]
	switch rng.IntN(12) {
	case 0:
		m.Each.Line = constraints.AtMost(3)
	case 1:
		m.Each.Diagonal = constraints.AtMost(1)
	case 2:
		m.Attack = constraints.Knight
	case 3:
		m.Each.Row = constraints.Between(1, 2)
		m.Queens = rows + rng.IntN(rows+1)
	case 4:
		// The row and column riders share the lines of the quotas of one a line.
		m.Attack = constraints.Union(constraints.Row, constraints.Column)
		m.Each.Row, m.Each.Column, m.Queens = constraints.Exactly(1), constraints.Exactly(1), rows
	case 5:
		m.Attack, m.Each.Row, m.Queens = constraints.Row, constraints.Exactly(1), rows
	}
	for range rng.IntN(4) {
		m.Blocked = append(m.Blocked, constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
	}
	for range rng.IntN(3) {
		m.Fixed = append(m.Fixed, constraints.Cell{Row: rng.IntN(rows), Col: rng.IntN(cols)})
	}
	if rng.IntN(3) == 0 {
		// A symmetric board keeps its group, so that the frame's classes are at work.
		m.Rows, m.Cols, m.Blocked, m.Fixed = cols, cols, nil, nil
		m.Queens = k * cols
		if _, ok := m.Each.Row.Exact(); ok {
			m.Queens = m.Each.Row.Lo * cols
		} else {
			m.Queens = cols + rng.IntN(cols+1)
		}
		if rng.IntN(2) == 0 {
			// Blocked cells that keep a mirror or a turn, or none.
			c := constraints.Cell{Row: rng.IntN(cols), Col: rng.IntN(cols)}
			m.Blocked = []constraints.Cell{c, {Row: c.Row, Col: cols - 1 - c.Col}}
			if rng.IntN(2) == 0 {
				m.Blocked = []constraints.Cell{c, {Row: cols - 1 - c.Row, Col: cols - 1 - c.Col}}
			}
		}
	}
	return m
}

// TestMatchesBrute holds the kernel to brute force on random models of lines of every slope, and the
// order of the group it reads from the program to the model's own group (constraints.Model.Group), which
// knows nothing of the kernel; the models it refuses must be outside its kind, which the draws mostly are
// not.
func TestMatchesBrute(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(755, 2))
	took, groups := 0, 0
	for tries := 0; tries < 3000 && took < 300; tries++ {
		m := randomSlopes(rng)
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
		g, err := m.Group(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if g.Order() != j.sp.order {
			t.Errorf("%v blocked %v fixed %v: a group of %d read from the program, %d of the model", m, m.Blocked, m.Fixed, j.sp.order, g.Order())
		}
		if j.sp.order > 1 {
			groups++
		}
		if m.Rows*m.Cols > 25 {
			continue
		}
		oracle, err := brute.Solver{}.Count(ctx, m)
		if err != nil {
			t.Fatalf("%v: brute force: %v", m, err)
		}
		if got := count(t, j); got != oracle.Count {
			t.Errorf("%v blocked %v fixed %v: the kernel counts %d, brute force %d", m, m.Blocked, m.Fixed, got, oracle.Count)
		}
	}
	if took < 300 || groups < 50 {
		t.Errorf("the kernel took %d models, %d of them with a group of more than the identity: too few", took, groups)
	}
}

// TestRefuses holds New to what the kernel takes: each model lacks one thing, and New says so.
func TestRefuses(t *testing.T) {
	six := noThree(6)
	for _, tc := range []struct {
		name string
		m    func(m *constraints.Model)
		want string
	}{
		{"three on a line", func(m *constraints.Model) { m.Each.Line = constraints.AtMost(3) }, "at most two on every line"},
		{"a row range", func(m *constraints.Model) { m.Each.Row = constraints.Between(1, 2) }, "exactly one or two points on every row"},
		{"a diagonal rider", func(m *constraints.Model) { m.Attack = constraints.Diagonal }, "nothing else"},
		{"a leaper", func(m *constraints.Model) { m.Attack = constraints.Knight }, "nothing else"},
		{"three a row", func(m *constraints.Model) {
			m.Each.Row, m.Each.Column, m.Queens = constraints.Exactly(3), constraints.Exactly(3), 18
		}, "one or two points"},
	} {
		m := six
		tc.m(&m)
		if j, why := build(t, m); j != nil || !strings.Contains(why, tc.want) {
			t.Errorf("%s: built %v, %q; want a refusal saying %q", tc.name, j != nil, why, tc.want)
		}
	}
	p, err := constraints.Compile(constraints.Model{Rows: 33, Cols: 33, Queens: 66, Attack: constraints.Attack{},
		Each: constraints.Quota{Row: constraints.Exactly(2), Line: constraints.AtMost(2)}})
	if err != nil {
		t.Fatal(err)
	}
	if j, why := New(p, nil); j != nil || !strings.Contains(why, "at most 32 rows and columns") {
		t.Errorf("33×33: built %v, %q; want a refusal", j != nil, why)
	}
}

// TestStop holds the kernel to the contract of every kernel built from a Program (modeltest.KernelContract):
// it stops when asked while it builds, a cancelled task returns the context's error, a task out of range
// an error, and a task counts its nodes.
func TestStop(t *testing.T) {
	modeltest.KernelContract(t, func(p *constraints.Program, stop func() bool) (solvers.Job, string) {
		j, why := New(p, stop)
		if j == nil {
			return nil, why // a nil *Job is not a nil solvers.Job
		}
		return j, why
	}, noThree(20), noThree(6))
}
