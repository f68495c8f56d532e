package router

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// TestStampNamesRow holds the answer to the row that gave it: its engine and its name, under auto and
// with NativeOnly alike, never "backtrack" for a row of another engine.
func TestStampNamesRow(t *testing.T) {
	ctx := context.Background()
	for _, s := range []*Solver{New(), New(NativeOnly())} {
		res, err := s.Count(ctx, constraints.Classic(8))
		if err != nil || res.Count != 92 || res.Stats.Engine != "halves" || res.Stats.Method != "join" {
			t.Errorf("%s: classic 8: %+v, %v; want 92 by halves, join", s.Name(), res, err)
		}
		torus := constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Queen, Surface: constraints.Torus}
		_, found, res, err := s.Find(ctx, torus)
		if err != nil || found || !res.Proved || res.Stats.Engine != "closed" || res.Stats.Method != "polya" {
			t.Errorf("%s: %v: Find = %v, %+v, %v; want none, by closed, polya", s.Name(), torus, found, res, err)
		}
	}
}

// TestNoRaceNoClaim: where no race runs (SAT kept off the board by LimitSAT, NativeOnly),
// the answer says nothing of a race, and Plan gives the row's own job, not a race's.
func TestNoRaceNoClaim(t *testing.T) {
	ctx := context.Background()
	m := constraints.Model{Rows: 6, Cols: 6, Queens: 7, Attack: constraints.Union(constraints.Knight, constraints.Diagonal)}
	_, p, err := New().choose(ctx, m, OpCount)
	if err != nil || p.Rival != SAT {
		t.Fatalf("%v: row %v, %v; the test needs a row raced against SAT", m, p, err)
	}
	if j, err := New(Threads(2)).Plan(ctx, m, false); err != nil || !strings.HasPrefix(j.Key(), "race ") {
		t.Fatalf("%v: Plan on two threads: %v, %v; want the race's job", m, j, err)
	}
	want, err := New(Threads(2)).Count(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*Solver{New(Threads(2), LimitSAT(1, 1)), New(Threads(2), NativeOnly())} {
		res, err := s.Count(ctx, m)
		if err != nil || res.Count != want.Count || res.Stats.Engine != p.Engine || res.Stats.Method != p.Name {
			t.Errorf("%s: %v: Count = %+v, %v; want %d by %s, %s", s.Name(), m, res, err, want.Count, p.Engine, p.Name)
		}
		for _, race := range []string{"raced", "neither", "started", "proved first"} {
			if strings.Contains(res.Stats.Why, race) {
				t.Errorf("%s: %v: Why = %q: a race that did not run", s.Name(), m, res.Stats.Why)
			}
		}
		j, err := s.Plan(ctx, m, false)
		if err != nil || strings.HasPrefix(j.Key(), "race ") {
			t.Errorf("%s: %v: Plan = %v, %v; want the row's own job", s.Name(), m, j, err)
			continue
		}
		if st := j.(solvers.Sized).Stats(); st.Engine != p.Engine || strings.Contains(st.Why, "raced") {
			t.Errorf("%s: %v: Plan's stats %+v", s.Name(), m, st)
		}
	}
}

// TestErrorsNameTheirSide: a Find no native row takes is refused under auto's name, with what the local
// search and the complete search each refused, not under the backtracker's.
func TestErrorsNameTheirSide(t *testing.T) {
	m := constraints.Model{Rows: 3000, Cols: 3000, Queens: 10, Attack: constraints.Diagonal}
	_, _, _, err := New().Find(context.Background(), m)
	if err == nil || strings.HasPrefix(err.Error(), "backtrack:") || !strings.HasPrefix(err.Error(), "auto: find:") || !strings.Contains(err.Error(), "the local search: local:") {
		t.Errorf("%v: Find: %v; want auto's refusal naming each engine's", m, err)
	}
}

// TestRaceOnOneThread: one thread still races (the two engines share it in time, so that a call one engine
// answers in milliseconds never waits on the other's minutes), and the race's job, which checkpoints and
// shards key, is the same on any number of threads.
func TestRaceOnOneThread(t *testing.T) {
	ctx := context.Background()
	m := constraints.Model{Rows: 6, Cols: 6, Queens: 7, Attack: constraints.Union(constraints.Knight, constraints.Diagonal)}
	one, err := New(Threads(1)).Plan(ctx, m, false)
	if err != nil {
		t.Fatal(err)
	}
	two, err := New(Threads(2)).Plan(ctx, m, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(one.Key(), "race ") || one.Key() != two.Key() {
		t.Errorf("%v: Plan's key on one thread %q, on two %q; want the same race", m, one.Key(), two.Key())
	}
	res, err := New(Threads(1)).Count(ctx, m)
	if err != nil || !strings.Contains(res.Stats.Why, "raced against") && !strings.Contains(res.Stats.Why, "before") {
		t.Errorf("%v: Count on one thread: %+v, %v; want a race", m, res, err)
	}
}

// TestTaskCutters: the rows the table marks as cut by a task depth are those whose job changes with it.
func TestTaskCutters(t *testing.T) {
	ctx := context.Background()
	rn := constraints.Model{Rows: 12, Cols: 12, Queens: 12, Attack: constraints.Union(constraints.Rook, constraints.Ride(1, 2), constraints.Ride(2, 1), constraints.Ride(1, -2), constraints.Ride(2, -1))}
	for _, tc := range []struct {
		method string
		m      constraints.Model
	}{
		{"mirror", constraints.Classic(12)}, {"classes", constraints.Classic(12)}, {"meet", rn}, {"join", constraints.Classic(12)},
	} {
		plain, err := New(NativeOnly(), Method(tc.method)).Plan(ctx, tc.m, false)
		if err != nil {
			t.Fatalf("%s: %v", tc.method, err)
		}
		cut, err := New(NativeOnly(), Method(tc.method), TaskDepth(3)).Plan(ctx, tc.m, false)
		if err != nil {
			t.Fatalf("%s, task depth 3: %v", tc.method, err)
		}
		cuts := plain.Key() != cut.Key()
		if marked := slices.Contains(TaskCutters(), tc.method); cuts != marked {
			t.Errorf("%s: the depth changes its job: %v (%q, %q); the table marks it: %v", tc.method, cuts, plain.Key(), cut.Key(), marked)
		}
	}
}
