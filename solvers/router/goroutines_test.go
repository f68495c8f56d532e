package router_test

import (
	"context"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers/router"
)

// TestAutoLeavesNoGoroutine holds auto to leaving nothing running once it has answered: on raced rows
// where either engine wins (the search before SAT starts, SAT proving what the search cannot), and
// where the caller's context ends the race, the goroutines come back to what they were before the
// call. A loser left searching would go on eating a core after the answer was printed, or the API's
// request had been answered.
func TestAutoLeavesNoGoroutine(t *testing.T) {
	kk := constraints.Union(constraints.Knight, constraints.King)
	cases := []struct {
		name    string
		m       constraints.Model
		timeout time.Duration // 0: none
		found   bool
		proved  bool
	}{
		// 36 is the most knights-and-kings on 12×12 (every other cell of every other row); the fixed
		// queens, three columns apart, keep the packing row off it.
		{"search wins", constraints.Model{Rows: 12, Cols: 12, Queens: 30, Attack: kk,
			Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 0, Col: 3}}}, 0, true, true},
		{"sat proves none", constraints.Model{Rows: 10, Cols: 10, Queens: 26, Attack: kk}, 0, false, true},
		{"cancelled", constraints.Model{Rows: 18, Cols: 18, Queens: 82, Attack: kk}, 200 * time.Millisecond, false, false},
	}
	s := router.New(router.Threads(2))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := runtime.NumGoroutine()
			ctx := context.Background()
			if c.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, c.timeout)
				defer cancel()
			}
			sol, found, res, err := s.Find(ctx, c.m)
			switch {
			case c.proved && (err != nil || !res.Proved || found != c.found):
				t.Fatalf("%v: Find = %v, %+v, %v; want found %v, proved", c.m, found, res, err, c.found)
			case found && c.m.Verify(sol) != nil:
				t.Fatalf("%v: Find: %v: %v", c.m, sol, c.m.Verify(sol))
			case !c.proved && res.Proved:
				t.Skipf("%v: proved within %v; the case needs a longer search", c.m, c.timeout)
			}
			if !strings.Contains(res.Stats.Why, "raced against") && !strings.Contains(res.Stats.Why, "before sat started") {
				t.Fatalf("%v: answered by %q, %q: the case needs a raced row", c.m, res.Stats.Engine, res.Stats.Why)
			}
			t.Logf("%v: %s answered (%s)", c.m, res.Stats.Engine, res.Stats.Why)
			deadline := time.Now().Add(modeltest.Grace(200 * time.Millisecond))
			for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
				time.Sleep(5 * time.Millisecond)
			}
			if after := runtime.NumGoroutine(); after > before {
				var dump strings.Builder
				pprof.Lookup("goroutine").WriteTo(&dump, 1)
				t.Errorf("%v: %d goroutines before Find, %d after it answered (%s, %s):\n%s", c.m, before, after, res.Stats.Engine, res.Stats.Why, dump.String())
			}
		})
	}
}
