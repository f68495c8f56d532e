package router

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/solvers/packing"
	"github.com/queens-dev/queens/solvers/sat"
)

// TestRaceCancelsLoser holds the race to its promise: the first proof is taken, the other engine's
// context is cancelled, and the race returns only once the loser has stopped, within 100 ms of the
// winner's answer. An answer that proves nothing (a refusal) does not win.
func TestRaceCancelsLoser(t *testing.T) {
	var stopped time.Time
	slow := func(ctx context.Context) (outcome, error) {
		<-ctx.Done()
		stopped = time.Now()
		return outcome{}, ctx.Err()
	}
	var answered time.Time
	fast := func(context.Context) (outcome, error) {
		time.Sleep(10 * time.Millisecond)
		answered = time.Now()
		return outcome{res: solvers.Result{Count: 7, Complete: true}}, nil
	}
	refuse := func(context.Context) (outcome, error) {
		return outcome{}, solvers.ErrUnsupported
	}
	for _, tc := range []struct {
		name   string
		a, b   attempt
		winner ending
		count  uint64
	}{
		{"second wins", slow, fast, rivalFirst, 7},
		{"first wins", fast, slow, beforeRival, 7},
		{"a refusal does not win", refuse, fast, rivalFirst, 7},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stopped, answered = time.Time{}, time.Time{}
			out, err, winner := race(context.Background(), OpCount, tc.a, tc.b, headStart)
			if err != nil || winner != tc.winner || out.res.Count != tc.count {
				t.Fatalf("race = %+v, %v, winner %d; want count %d by %d", out.res, err, winner, tc.count, tc.winner)
			}
			if grace := modeltest.Grace(100 * time.Millisecond); !stopped.IsZero() && stopped.Sub(answered) > grace {
				t.Errorf("the loser stopped %v after the winner answered; want within %v", stopped.Sub(answered), grace)
			}
		})
	}
	// Neither proves: the first's answer, and no winner.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err, winner := race(ctx, OpFind, slow, slow, 0)
	if !errors.Is(err, context.DeadlineExceeded) || winner != neither {
		t.Errorf("race of two stopped engines = %v, ending %d; want the deadline and neither", err, winner)
	}
	// Stopped during the head start: the rival never starts.
	ctx, cancel = context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	started := make(chan struct{}, 1)
	rival := func(ctx context.Context) (outcome, error) {
		started <- struct{}{}
		return slow(ctx)
	}
	_, err, winner = race(ctx, OpFind, slow, rival, headStart)
	if !errors.Is(err, context.DeadlineExceeded) || winner != stoppedBeforeRival || len(started) != 0 {
		t.Errorf("race stopped in the head start = %v, ending %d, rival started %v; want the deadline, stopped before the rival, no rival", err, winner, len(started) != 0)
	}
}

// TestRaceEnginesStop races real engines on a model neither answers soon (72 knights on 12×12: the
// general path runs for minutes, SAT's counter for seconds) and cancels the call: both must be back
// within 100 ms of the cancellation, as every engine checks its context.
func TestRaceEnginesStop(t *testing.T) {
	m := constraints.Model{Rows: 12, Cols: 12, Queens: 72, Attack: constraints.Knight}
	s := New(Threads(2))
	_, r, err := s.choose(context.Background(), m, OpCount)
	if err != nil {
		t.Fatal(err)
	}
	if r.rival == nil {
		t.Fatalf("%v: row %q races nothing; the test needs a raced row", m, r.Name)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	res, err := s.Count(ctx, m)
	took := time.Since(start)
	if res.Complete {
		t.Skipf("%v counted in %v, before the cancellation: the test needs a longer count", m, took)
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled race: %v; want context.Canceled", err)
	}
	// 100 ms is the bound on an idle machine; Grace stretches it by the machine's load, so that the test
	// fails on an engine that ignores its context, not on a busy machine.
	if grace := modeltest.Grace(100 * time.Millisecond); took > 300*time.Millisecond+grace {
		t.Errorf("cancelled after 300ms, the race returned after %v; want within %v of the cancellation", took, grace)
	}
}

// TestPigeonholeRegions is a 62×62 LinkedIn-style grid whose columns 9–61 hold 54 whole regions: 54
// queens in 53 columns, no solution. Deductions see it at the root; the row path and SAT run past 100 s.
// The router must race them and take the deductions' proof.
func TestPigeonholeRegions(t *testing.T) {
	data, err := os.ReadFile("testdata/pigeonhole-62.txt")
	if err != nil {
		t.Fatal(err)
	}
	g, err := constraints.ParseRegions(strings.Fields(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	m := constraints.Model{Rows: 62, Cols: 62, Queens: 62, Attack: constraints.King, Regions: g,
		Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s := New()
	res, err := s.Count(ctx, m)
	if err != nil || !res.Complete || res.Count != 0 || res.Stats.Engine != Deductions.Name {
		t.Errorf("Count = %+v, %v; want 0, complete, by %s", res, err, Deductions.Name)
	}
	_, found, res, err := s.Find(ctx, m)
	if err != nil || found || !res.Proved || res.Stats.Engine != Deductions.Name {
		t.Errorf("Find = %v, %+v, %v; want none, proved, by %s", found, res, err, Deductions.Name)
	}
}

// knightsAlfils is 39 knights and alfils on 10×10 around two fixed queens: more than any lattice class
// holds, with a leap König's theorem does not take; SAT finds them at once, the complete search takes
// minutes.
func knightsAlfils() constraints.Model {
	return constraints.Model{Rows: 10, Cols: 10, Queens: 39, Attack: constraints.Union(constraints.Knight, constraints.Leap(2, 2)),
		Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 4, Col: 5}}}
}

// TestDenseKnights: 50 knights on 10×10 are one colour of the checkerboard, placed at once by the
// packing row; 49 knights with a fixed queen on each colour are on no class, and König's theorem places
// them at once. 39 knights and alfils (an even leap: no theorem) with two fixed queens are on no class
// either, and the complete search takes minutes to find them where SAT finds them at once; the router
// must race them and take SAT's.
func TestDenseKnights(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for _, tc := range []struct {
		m      constraints.Model
		engine string
		why    string
	}{
		{constraints.Model{Rows: 10, Cols: 10, Queens: 50, Attack: constraints.Knight}, "packing", "placed on a class"},
		{constraints.Model{Rows: 10, Cols: 10, Queens: 49, Attack: constraints.Knight, Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 9, Col: 8}}},
			"packing", "König's theorem"},
		{knightsAlfils(), SAT.Name, "sat proved first"},
	} {
		sol, found, res, err := New().Find(ctx, tc.m)
		if err != nil || !found || tc.m.Verify(sol) != nil {
			t.Fatalf("%v: Find = %v, %+v, %v", tc.m, found, res, err)
		}
		if res.Stats.Engine != tc.engine || !strings.Contains(res.Stats.Why, tc.why) {
			t.Errorf("%v: answered by %q (%s); want %s, %s", tc.m, res.Stats.Engine, res.Stats.Why, tc.engine, tc.why)
		}
	}
}

// TestPacking: the packing row takes the maxima of leapers at once and hands what it refuses to the
// rows below it.
func TestPacking(t *testing.T) {
	for _, tc := range []struct {
		m  constraints.Model
		id string
	}{
		{constraints.Model{Rows: 20, Cols: 20, Queens: 200, Attack: constraints.Knight}, "packing"},
		{constraints.Model{Rows: 30, Cols: 30, Queens: 225, Attack: constraints.King}, "packing"},
		{constraints.Model{Rows: 12, Cols: 12, Queens: 36, Attack: constraints.Leap(1, 3)}, "packing"},
		{constraints.Model{Rows: 10, Cols: 10, Queens: 10, Attack: constraints.Chancellor}, "local"},
		{constraints.Model{Rows: 20, Cols: 20, Queens: 201, Attack: constraints.Knight}, "konig"},
		{constraints.Model{Rows: 8, Cols: 8, Queens: 32, Attack: constraints.Knight, Blocked: []constraints.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 1}}}, "konig"},
		{constraints.Model{Rows: 9, Cols: 9, Queens: 41, Attack: constraints.Knight, Surface: constraints.Torus}, "search"},
		{constraints.Model{Rows: 8, Cols: 8, Queens: 17, Attack: constraints.King}, "search"},
	} {
		_, r, err := New().choose(context.Background(), tc.m, OpFind)
		if err != nil || r.Name != tc.id {
			t.Errorf("%v: row %v, %v; want %q", tc.m, r, err, tc.id)
		}
	}
	m := constraints.Model{Rows: 20, Cols: 20, Queens: 200, Attack: constraints.Knight}
	sol, found, res, err := New().Find(context.Background(), m)
	if err != nil || !found || !res.Proved || m.Verify(sol) != nil || res.Stats.Engine != "packing" || res.Stats.Method != packing.MethodPacking {
		t.Errorf("%v: Find = %v, %+v, %v", m, found, res, err)
	}
	// One knight more than a colour holds: König's theorem proves none, natively too.
	m.Queens++
	for _, s := range []*Solver{New(), New(NativeOnly())} {
		_, found, res, err = s.Find(context.Background(), m)
		if err != nil || found || !res.Proved || !res.Complete || res.Stats.Method != packing.MethodKonig {
			t.Errorf("%s: %v: Find = %v, %+v, %v; want none, proved by König's theorem", s.Name(), m, found, res, err)
		}
		if !strings.Contains(res.Stats.Why, "at most 200 queens") { // the row's reason keeps the engine's bound
			t.Errorf("%s: %v: Why = %q, want the bound", s.Name(), m, res.Stats.Why)
		}
	}
}

// TestSameKernels: where a native row is sure, the router hands the call to it, so that the counts
// the native engines are fastest at keep their kernel: classic queens by halves, superqueens by the row
// kernels, rooks by the formula, a large board's one solution by construction.
func TestSameKernels(t *testing.T) {
	super := constraints.Union(constraints.Queen, constraints.Knight)
	for _, tc := range []struct {
		m  constraints.Model
		o  Op
		id string
	}{
		{constraints.Model{Rows: 12, Cols: 12, Queens: 12, Attack: constraints.Queen}, OpCount, "join"},
		{constraints.Model{Rows: 12, Cols: 12, Queens: 12, Attack: super}, OpCount, "classes"},
		{constraints.Model{Rows: 9, Cols: 9, Queens: 9, Attack: constraints.Rook}, OpCount, "formula"},
		{constraints.Model{Rows: 1000, Cols: 1000, Queens: 1000, Attack: constraints.Queen}, OpFind, "local"},
		{constraints.Model{Rows: 2000, Cols: 2000, Queens: 2000, Attack: constraints.Queen}, OpCount, "sat"},
	} {
		_, r, err := New().choose(context.Background(), tc.m, tc.o)
		if err != nil || r.Name != tc.id || (r.rival != nil) {
			name := ""
			if r != nil {
				name = r.Name
			}
			t.Errorf("%v: row %q, %v; want %q alone", tc.m, name, err, tc.id)
		}
	}
}

// TestAutoAgrees holds the router to backtrack and SAT, each forced, on random small models of every
// kind (surfaces, riders, leapers, quotas, regions): the same counts, classes and verdicts of Find, and
// every answer names its engine.
func TestAutoAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 200))
	ctx := context.Background()
	auto, bt, st := New(), backtrack.New(), sat.New()
	models := 200
	if testing.Short() {
		models = 40
	}
	for i := range models {
		m := modeltest.ValidWide(rng, 5)
		if i%2 == 1 {
			m = modeltest.ValidShaped(rng, 6)
		}
		want, err := bt.Count(ctx, m)
		if err != nil {
			continue // a model the native engines refuse; sat's own tests take those
		}
		other, err := st.Count(ctx, m)
		if err != nil || other.Count != want.Count {
			t.Fatalf("%v: backtrack %d, sat %d (%v)", m, want.Count, other.Count, err)
		}
		got, err := auto.Count(ctx, m)
		if err != nil || !got.Complete || got.Count != want.Count || got.Stats.Engine == "" || got.Stats.Why == "" {
			t.Errorf("%v: auto Count = %+v, %v; backtrack and sat %d", m, got, err, want.Count)
		}
		sol, found, res, err := auto.Find(ctx, m)
		switch {
		case err != nil || !res.Proved || res.Stats.Engine == "":
			t.Errorf("%v: auto Find = %+v, %v", m, res, err)
		case found != (want.Count > 0):
			t.Errorf("%v: auto Find found %v; %d solutions", m, found, want.Count)
		case found && m.Verify(sol) != nil:
			t.Errorf("%v: auto Find: %v: %v", m, sol, m.Verify(sol))
		}
	}
}

// TestLimitSAT: with SAT bounded, a model only SAT would take is refused with both reasons, and a raced
// row runs its first engine alone.
func TestLimitSAT(t *testing.T) {
	s := New(LimitSAT(100, 100))
	wide := constraints.Model{Rows: 3, Cols: 100, Queens: 3, Attack: constraints.Queen, Surface: constraints.Cylinder}
	if _, err := s.Count(context.Background(), wide); !errors.Is(err, solvers.ErrUnsupported) || !strings.Contains(err.Error(), "SAT takes at most 100 cells") {
		t.Errorf("Count of %v with SAT bounded: %v; want both engines' refusals", wide, err)
	}
	// 121 cells, past the bound: SAT (which answers this model at once) must not be raced. The fixed
	// queens keep the packing row off it, the alfil's even leap the konig row.
	m := constraints.Model{Rows: 11, Cols: 11, Queens: 45, Attack: constraints.Union(constraints.Knight, constraints.Leap(2, 2)),
		Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 4, Col: 5}}}
	_, r, err := s.choose(context.Background(), m, OpFind)
	if err != nil || r.Rival != SAT {
		t.Fatalf("%v: row %v, %v; the test needs a row raced against SAT", m, r, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, _, res, _ := s.Find(ctx, m)
	if res.Stats.Engine != r.Engine || res.Stats.Method != r.Name || res.Stats.Why != r.Brief && !strings.HasPrefix(res.Stats.Why, r.Brief+": ") {
		t.Errorf("Find of %v with SAT bounded: %+v; want the row's engine %s alone, its brief and no race", m, res.Stats, r.Engine)
	}
}
