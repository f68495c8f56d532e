package deduce

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// stuckStarBattle is a published 21×21 Star Battle with five stars (testdata/published/starbattle-big.txt,
// the 24th) that no technique opens: the first look for a step runs every technique and both of trial's
// sweeps over its 441 cells, about half a second, and finds none.
const stuckStarBattle = "https://puzz.link/p?starbattle/21/21/5/8850g49088gg4kg938qe4ohg890og4gkgsp455622222211232584logc6g824gk189j18682a88lhg400888440424812s24agok70ik48go428242241iik8664301100ghj0kl60hl11k40o148ig02kg9hg2d50gp1g8"

// stuckFinder returns the stuck puzzle and a finder on it with the given trial budget.
func stuckFinder(t *testing.T, budget int64) (constraints.Model, *finder) {
	t.Helper()
	m, err := codec.ParseURL(stuckStarBattle)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	f := newFinder(s)
	f.trialBudget = budget
	return m, f
}

// TestFindStops asks for the stuck puzzle's first step with a context that ends 100 ms later: find must
// give up within a second of the end (stretched on a loaded machine by modeltest.Grace), and Explain,
// which looks for steps the same way, must return the context's error. Before the techniques looked at
// their stop, a step ran on for minutes after SIGINT.
func TestFindStops(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of deductions: not in -short")
	}
	m, f := stuckFinder(t, trialBudget)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	f.stop = func() bool { return ctx.Err() != nil }
	done := make(chan bool, 1)
	go func() {
		_, ok := f.find(0)
		done <- ok
	}()
	select {
	case ok := <-done:
		if ctx.Err() == nil {
			t.Errorf("the first step came back before its context ended (found %v): the test needs a slower step", ok)
		}
	case <-time.After(100*time.Millisecond + modeltest.Grace(time.Second)):
		t.Fatalf("find still running %v after its context ended", modeltest.Grace(time.Second))
	}
	// Explain from the start, with 100 ms: it must end with ctx's error.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel2()
	start := time.Now()
	_, err := Explain(ctx2, m, Options{})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 100*time.Millisecond+modeltest.Grace(time.Second) {
		t.Errorf("Explain: %v after %v; want the context's error within a second of its end", err, time.Since(start).Round(time.Millisecond))
	}
}

// TestTrialBudget: on the stuck puzzle, trial (bifurcation) gives up at its budget (set small here: less
// than one quick sweep), finds no step, and the stall says so; with a budget 50 times its own it sweeps
// every cell both ways and finds none, without giving up.
func TestTrialBudget(t *testing.T) {
	_, f := stuckFinder(t, 20_000)
	if st, ok := f.trial(); ok || !f.gaveUp {
		t.Fatalf("the first step: %+v (found %v), gave up %v; want trial to give up at its budget", st, ok, f.gaveUp)
	}
	if w := f.where(); !strings.Contains(w, "gave up at its budget (20000 steps") {
		t.Errorf("stall %q does not say that bifurcation gave up", w)
	}
	_, f = stuckFinder(t, 50*trialBudget)
	if st, ok := f.trial(); ok || f.gaveUp {
		t.Fatalf("the first step with the whole budget: %+v (found %v), gave up %v; want no step, both sweeps whole", st, ok, f.gaveUp)
	}
}
