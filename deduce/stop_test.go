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

// bigStarBattle is a published 17×17 Star Battle with four stars (testdata/published/starbattle-big.txt):
// its first three steps take a fraction of a second each, and the fourth, found only by trial, minutes.
const bigStarBattle = "https://puzz.link/p?starbattle/17/17/4/0g40o40p5p2c90o88k82pb0ie0gn08a8ae22118h90930ea8462g2g00g40b38d55s5h110g4ia0q9e48g00a0ok8tq1ggoi09o1ea0449s11g"

// bigFinder returns the big puzzle and a finder on it with the given trial budget, its first three steps
// taken: none of them may need trial.
func bigFinder(t *testing.T, budget int64) (constraints.Model, *finder) {
	t.Helper()
	m, err := codec.ParseURL(bigStarBattle)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(m)
	if err != nil {
		t.Fatal(err)
	}
	f := newFinder(s)
	f.trialBudget = budget
	for i := range 3 {
		st, ok := f.find(0)
		if !ok || f.gaveUp {
			t.Fatalf("step %d: found %v, trial gave up %v", i+1, ok, f.gaveUp)
		}
		f.apply(st)
	}
	return m, f
}

// TestFindStops takes the big puzzle to its slow fourth step and asks for that step with a context that
// ends 100 ms later: find must give up within a second of the end (stretched on a loaded machine by
// modeltest.Grace), and Explain and HintFor, which look for steps the same way, must return the
// context's error. Before the techniques looked at their stop, a step ran on for minutes after SIGINT.
func TestFindStops(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of deductions: not in -short")
	}
	m, f := bigFinder(t, trialBudget)
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
			t.Errorf("the fourth step came back before its context ended (found %v): the test needs a slower step", ok)
		}
	case <-time.After(100*time.Millisecond + modeltest.Grace(time.Second)):
		t.Fatalf("find still running %v after its context ended", modeltest.Grace(time.Second))
	}
	// Explain from the start, with a second and a half for the quick steps: it must end with ctx's error.
	ctx2, cancel2 := context.WithTimeout(context.Background(), 1500*time.Millisecond)
	defer cancel2()
	start := time.Now()
	_, err := Explain(ctx2, m, Options{})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 1500*time.Millisecond+modeltest.Grace(time.Second) {
		t.Errorf("Explain: %v after %v; want the context's error within a second of its end", err, time.Since(start).Round(time.Millisecond))
	}
}

// TestTrialBudget: on the big puzzle's fourth step, trial gives up at its budget (set small here), finds
// no step, and the stall says so; the easier techniques' steps before it are unchanged.
func TestTrialBudget(t *testing.T) {
	_, f := bigFinder(t, 20_000)
	if st, ok := f.find(0); ok || !f.gaveUp {
		t.Fatalf("the fourth step: %+v (found %v), gave up %v; want trial to give up at its budget", st, ok, f.gaveUp)
	}
	if w := f.where(); !strings.Contains(w, "gave up at its budget (20000 steps") {
		t.Errorf("stall %q does not say that trial gave up", w)
	}
}
