package solvers_test

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/solvers/search"
)

// TestEverySolverAgrees draws models from the whole model space (modeltest.ValidWide: every surface,
// riders, leapers, blocked and fixed cells, regions, quotas and ranges on rows, columns, regions,
// diagonals and lines of every slope, rectangular boards), and as many again at the doors of the
// backtracker's kernels (modeltest.ValidShaped), and holds every solver to brute force on each (see
// agreeWithBrute). Every feature and every surface must turn up in at least 20 of the models compared,
// every counting method of the backtracker must count at least 5 of them, and at least 300 must have
// solutions. Each solver compiles riders, leapers, regions and quotas in its own way, and a slip may show
// only where they meet, so at least 100 models compared must combine all four (30 of them with
// solutions), at least 20 must ask for two queens a region, as Star Battle does (10 of them with
// solutions), and the local search must take at least 50 of them with solutions, so that its answers are
// held to something; the packing construction must place at least 20.
func TestEverySolverAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	counted := map[constraints.Feature]int{}
	surfaces := map[constraints.Surface]int{}
	methods := map[string]int{}
	counting := []string{"fastest"}
	for _, method := range router.Methods() {
		if method != "local" && method != "search" && method != "packing" && method != "konig" { // they find, and count nothing
			counting = append(counting, method)
		}
	}
	var compared, withSolutions, mixed, mixedWithSolutions, twoARegion, twoARegionWithSolutions, localTook, packed int
	enough := func() bool {
		for _, method := range counting {
			if methods[method] < 5 {
				return false
			}
		}
		return withSolutions >= 300 && mixed >= 100 && mixedWithSolutions >= 30 && twoARegion >= 20 && twoARegionWithSolutions >= 10 && localTook >= 50 && packed >= 20
	}
	for tries := 0; !enough() && tries < 20000; tries++ {
		m := modeltest.ValidWide(rng, 5)
		if tries%2 == 1 {
			m = modeltest.ValidShaped(rng, 6)
		}
		got, ok := agreeWithBrute(t, m, 300, 0, local.Seed(uint64(tries)), local.Restarts(1))
		if !ok {
			continue
		}
		compared++
		for _, method := range got.methods {
			methods[method]++
		}
		if got.solutions > 0 {
			withSolutions++
			if got.localTook {
				localTook++
			}
			if got.packed {
				packed++
			}
		}
		if isMixed(m) {
			mixed++
			if got.solutions > 0 {
				mixedWithSolutions++
			}
		}
		if m.Each.Region.Hi == 2 {
			twoARegion++
			if got.solutions > 0 {
				twoARegionWithSolutions++
			}
		}
		for _, f := range m.Features().Features() {
			counted[f]++
		}
		surfaces[m.Surface]++
	}
	if withSolutions < 300 {
		t.Errorf("only %d of %d models compared had solutions", withSolutions, compared)
	}
	if mixed < 100 || mixedWithSolutions < 30 {
		t.Errorf("only %d models compared combine riders, leapers, regions and a quota, %d of them with solutions", mixed, mixedWithSolutions)
	}
	if twoARegion < 20 || twoARegionWithSolutions < 10 {
		t.Errorf("only %d models compared have two queens a region, %d of them with solutions", twoARegion, twoARegionWithSolutions)
	}
	if localTook < 50 {
		t.Errorf("the local search took only %d of the models compared with solutions", localTook)
	}
	if packed < 20 {
		t.Errorf("the packing construction took only %d of the models compared", packed)
	}
	for _, f := range constraints.AllFeatures.Features() {
		if counted[f] < 20 {
			t.Errorf("feature %v in %d models only", f, counted[f])
		}
	}
	for _, s := range constraints.Surfaces() {
		if surfaces[s] < 20 {
			t.Errorf("surface %v in %d models only", s, surfaces[s])
		}
	}
	for _, method := range counting {
		if methods[method] < 5 {
			t.Errorf("backtrack method %v counted %d models only", method, methods[method])
		}
	}
	t.Logf("%d models compared, %d with solutions; %d combine riders, leapers, regions and a quota, %d of them with solutions; %d with two queens a region, %d of them with solutions; the local search took %d with solutions, the packing construction %d; features: %v; surfaces: %v; backtrack methods: %v",
		compared, withSolutions, mixed, mixedWithSolutions, twoARegion, twoARegionWithSolutions, localTook, packed, counted, surfaces, methods)
}

// FuzzEverySolver turns its input into a model and holds every solver to brute force on it (see
// agreeWithBrute): after a first byte that is even, a model of the whole model space (modeltest.Wide,
// boards of up to 5×5); after an odd one, a model at the door of one of the backtracker's kernels
// (modeltest.Shaped, boards of up to 7×7). The local search has 20 ms to give up in, where it would
// otherwise take a quarter of a second on a small board with no solution: a wrong answer it gives within
// them is still a failure. Inputs that once found a disagreement are kept in
// testdata/fuzz/FuzzEverySolver.
func FuzzEverySolver(f *testing.F) {
	for _, seed := range [][]byte{
		{0, 3, 3, 0x0f, 0, 0, 0, 0},                               // classic 4×4
		{0, 4, 4, 0x0f, 0x01, 1, 0, 0},                            // superqueens on a 5×5 torus
		{0, 3, 3, 0, 0x06, 2, 7, 9, 5, 0, 0},                      // kings, regions, one a row, column and region
		{0, 4, 4, 0x01, 0, 0, 0, 0, 0, 0, 0xe0, 0, 0, 3},          // a puzzle like Star Battle, one star
		{0, 3, 3, 0x0f, 0, 0, 0, 0, 0, 0, 0, 3},                   // queens on a 4×4 Möbius strip
		{0, 4, 4, 0x0f, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 2},          // two queens on a 5×5 Klein bottle
		{0, 3, 4, 0x03, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x0d},          // rooks on a 4×5 cylinder, at most two a diagonal, one an anti-diagonal
		{0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0x02, 8, 5, 0, 0xc0},       // no three in a line on 4×4
		{0, 4, 4, 0x0f, 0, 0x02, 1, 2, 4, 0, 0, 0, 0, 5, 9, 0, 4}, // four queens, at most one a region
		{0, 4, 4, 0x02, 0, 0, 9, 0, 0, 0, 0, 5, 2, 5, 5},          // columns, one or two a row, at most two a diagonal
		{1, 0, 5, 5, 0x0f, 0x01, 0x01},                            // superqueens on a 6×6 torus (the row kernels)
		{1, 0, 5, 5, 0x01, 0x06, 0x02, 1, 2},                      // the row and the wazir, one a region (the row kernels)
		{1, 1, 5, 5, 0x0f, 0, 0},                                  // queens on a 6×6 Möbius strip (the row-pair kernel)
		{1, 1, 6, 6, 0x0d, 0, 1},                                  // the row and both diagonals on a 7×7 Klein bottle
		{1, 2, 4, 4, 0, 0, 5},                                     // no three in a line on 5×5 (the slopes kernel)
		{1, 3, 3, 4, 0, 0x01, 0x13},                               // knights, one a row on 4×5 (the transfer matrix)
		{1, 4, 3, 6, 0x03, 0, 3},                                  // four rooks on 4×7 (the formula)
		{1, 5, 6, 6, 0, 0, 0},                                     // classic 7×7 (the join)
		{1, 6, 4, 4, 2, 0x0a, 0, 1, 2},                            // kings, two a region, one or two a row and column (propagation)
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var m constraints.Model
		switch {
		case len(data) == 0:
			t.Skip()
		case data[0]%2 == 0:
			m = modeltest.Wide(data[1:], 5)
		default:
			m = modeltest.Shaped(data[1:], 7)
		}
		if m.Validate() != nil {
			t.Skip()
		}
		if _, ok := agreeWithBrute(t, m, 300, 20*time.Millisecond, local.Restarts(1)); !ok {
			t.Skip()
		}
	})
}

// agreement is what agreeWithBrute saw of a model: its number of solutions, the backtracker's methods that
// counted it, and whether the local search and the packing construction took it.
type agreement struct {
	solutions int
	methods   []string
	localTook bool
	packed    bool
}

// agreeWithBrute holds every solver to brute force on m: the backtracker's count, classes and find by every
// method that takes m (every row of its routing table: each kernel on the models it fits, the general
// path on all), the backtracker's and the SAT solver's listings (solution by solution, in order), counts,
// classes and finds, and the solutions the search and the local search find. Brute force's classes are
// its solutions that Group.IsCanonical keeps, so the classes are held to the model's own group. A solution
// found passes Model.Check and is one of brute force's; none is found, or proved, only where brute force
// has none. A method other than the fastest and the general path may refuse m by solvers.ErrUnsupported,
// the local search too, and the local search may give up, but none may answer wrongly. agreeWithBrute
// reports false, comparing nothing, for a model brute force refuses, one it would take long on (no line
// through every row or column, and more than 50000 placements to walk), or one with more than most
// solutions (SAT pays a solve per solution listed). opts go to the local search (one restart keeps a model
// without solutions cheap: it gives up after thousands of moves a restart, and has no fewer answers to
// check), and so does localBudget, the time it has where it is more than 0 (running out is giving up).
func agreeWithBrute(t *testing.T, m constraints.Model, most int, localBudget time.Duration, opts ...local.Option) (agreement, bool) {
	t.Helper()
	ctx := context.Background()
	free := m.Rows*m.Cols - len(m.Blocked)
	bounded := m.Attack.Has(constraints.Row) || m.Attack.Has(constraints.Column) || !m.Each.Row.IsZero() || !m.Each.Column.IsZero()
	if !bounded && binomial(free, m.QueenCount()) > 50000 {
		return agreement{}, false
	}
	want := solutions(t, brute.Solver{}, m, most)
	if want == nil || len(want) > most {
		return agreement{}, false
	}
	got := agreement{solutions: len(want)}
	g, err := m.Group(ctx)
	if err != nil {
		t.Fatalf("%s %s: Group: %v", m, extras(m), err)
	}
	var classes uint64
	for _, s := range want {
		if g.IsCanonical(s) {
			classes++
		}
	}
	for _, method := range append([]string{"fastest"}, router.Methods()...) {
		s := native(router.Method(method))
		res, err := s.Count(ctx, m)
		switch {
		case errors.Is(err, solvers.ErrUnsupported) && method != "fastest" && method != "general":
		case err != nil || !res.Complete || res.Count != uint64(len(want)):
			t.Errorf("%s %s: backtrack method %v: Count = %+v, %v; brute force %d", m, extras(m), method, res, err, len(want))
		default:
			got.methods = append(got.methods, method)
		}
		res, err = s.CountUnique(ctx, m)
		switch {
		case errors.Is(err, solvers.ErrUnsupported) && method != "fastest" && method != "general":
		case err != nil || !res.Complete || res.Unique == nil || *res.Unique != classes || res.Count != uint64(len(want)):
			t.Errorf("%s %s: backtrack method %v: CountUnique = %+v, %v; brute force %d solutions in %d classes", m, extras(m), method, res, err, len(want), classes)
		}
		sol, found, res, err := s.Find(ctx, m)
		switch {
		case errors.Is(err, solvers.ErrUnsupported) && method != "fastest":
		case method == "local" && err == nil && !found && !res.Proved:
			// the local search gave up, and no complete search took over: unknown, not wrong
		default:
			got.packed = got.packed || method == "packing" && found
			holdFound(t, m, "backtrack method "+method, want, sol, found, err)
			if err == nil && !found && (len(want) > 0 || !res.Proved || !res.Complete) {
				t.Errorf("%s %s: backtrack method %v found none (%+v); brute force %d solutions", m, extras(m), method, res, len(want))
			}
		}
	}
	for _, s := range []solvers.Solver{native(), sat.New(), router.New()} {
		if list := solutions(t, s, m, most); !slices.EqualFunc(list, want, func(a, b constraints.Solution) bool { return a.Compare(b) == 0 }) {
			t.Errorf("%s %s: %s lists %d solutions, brute force %d\n%s: %v\nbrute: %v", m, extras(m), s.Name(), len(list), len(want), s.Name(), list, want)
		}
		res, err := s.Count(ctx, m)
		if err != nil || !res.Complete || res.Count != uint64(len(want)) {
			t.Errorf("%s %s: %s Count = %+v, %v; brute force %d", m, extras(m), s.Name(), res, err, len(want))
		}
		res, err = solvers.CountUnique(ctx, s, m)
		if err != nil || !res.Complete || res.Unique == nil || *res.Unique != classes || res.Count != uint64(len(want)) {
			t.Errorf("%s %s: %s CountUnique = %+v, %v; brute force %d solutions in %d classes", m, extras(m), s.Name(), res, err, len(want), classes)
		}
		sol, found, res, err := solvers.First(ctx, s, m)
		holdFound(t, m, s.Name(), want, sol, found, err)
		if err == nil && !found && (len(want) > 0 || !res.Proved || !res.Complete) {
			t.Errorf("%s %s: %s found none (%+v); brute force %d solutions", m, extras(m), s.Name(), res, len(want))
		}
	}
	sol, found, _, err := search.Find(ctx, m)
	holdFound(t, m, "search", want, sol, found, err)
	if err == nil && !found && len(want) > 0 {
		t.Errorf("%s %s: search found none, brute force %d solutions", m, extras(m), len(want))
	}
	lctx := ctx
	if localBudget > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithTimeout(ctx, localBudget)
		defer cancel()
	}
	sol, found, res, err := local.Find(lctx, m, opts...)
	switch {
	case errors.Is(err, solvers.ErrUnsupported):
		return got, true
	case !found && errors.Is(err, context.DeadlineExceeded) && lctx.Err() != nil:
		err = nil // out of time: given up
	}
	holdFound(t, m, "local", want, sol, found, err)
	if err == nil && !found && res.Proved && len(want) > 0 {
		t.Errorf("%s %s: local proved no solution; brute force has %d", m, extras(m), len(want))
	}
	got.localTook = true
	return got, true
}

// holdFound holds a solution a finder returned to brute force's list of solutions, want: it passes
// Model.Check and is among them; an error fails the test.
func holdFound(t *testing.T, m constraints.Model, name string, want []constraints.Solution, sol constraints.Solution, found bool, err error) {
	t.Helper()
	switch {
	case err != nil:
		t.Errorf("%s %s: %s Find: %v", m, extras(m), name, err)
	case !found:
	case m.Check(sol) != nil:
		t.Errorf("%s %s: %s found %v, which Check refuses: %v", m, extras(m), name, sol, m.Check(sol))
	case !member(want, sol):
		t.Errorf("%s %s: %s found %v, not among brute force's %d", m, extras(m), name, sol, len(want))
	}
}

// binomial returns n choose k, for the small n of a fuzzed board.
func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}

// isMixed reports whether m has riders, leapers, regions and a quota on rows, columns or regions.
func isMixed(m constraints.Model) bool {
	all := constraints.FeatureRiders | constraints.FeatureLeapers | constraints.FeatureRegions
	quotas := constraints.FeatureRowQuota | constraints.FeatureColumnQuota | constraints.FeatureRegionQuota
	f := m.Features()
	return f&all == all && f&quotas != 0
}

// solutions lists m's solutions by s, sorted, each checked by Model.Check; nil if s refuses m. It stops
// after most+1 solutions.
func solutions(t *testing.T, s solvers.Solver, m constraints.Model, most int) []constraints.Solution {
	t.Helper()
	out := []constraints.Solution{}
	res, err := s.Enumerate(context.Background(), m, func(sol constraints.Solution) bool {
		if err := m.Check(sol); err != nil {
			t.Fatalf("%s %s: %s gave %v: %v", m, extras(m), s.Name(), sol, err)
		}
		out = append(out, sol)
		return len(out) <= most
	})
	if errors.Is(err, solvers.ErrUnsupported) {
		return nil
	}
	if len(out) > most {
		return out
	}
	if err != nil || !res.Complete || res.Count != uint64(len(out)) {
		t.Fatalf("%s %s: %s Enumerate = %+v, %v after %d solutions", m, extras(m), s.Name(), res, err, len(out))
	}
	slices.SortFunc(out, constraints.Solution.Compare)
	return out
}

func member(sols []constraints.Solution, s constraints.Solution) bool {
	s = slices.Clone(s)
	slices.SortFunc(s, func(a, b constraints.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
	for _, x := range sols {
		if x.Compare(s) == 0 {
			return true
		}
	}
	return false
}

// extras spells the parts of m its String leaves out.
func extras(m constraints.Model) string {
	return "blocked " + cells(m.Blocked) + " fixed " + cells(m.Fixed) + " regions " + regions(m)
}

func cells(cs []constraints.Cell) string {
	return constraints.Solution(cs).String()
}

func regions(m constraints.Model) string {
	if m.Regions == nil {
		return "none"
	}
	return m.Regions.String()
}

// TestGiraffe checks that a leaper added as one line of the shorthand table (giraffe = leap(1,4)) is
// counted alike by every solver with no other change: queens that also leap like a giraffe, n = 1..8,
// held to brute force.
func TestGiraffe(t *testing.T) {
	a, err := constraints.ParseAttack("queen,giraffe")
	if err != nil || !a.Equal(constraints.Union(constraints.Queen, constraints.Leap(1, 4))) {
		t.Fatalf(`ParseAttack("queen,giraffe") = %v, %v`, a, err)
	}
	for n := 1; n <= 8; n++ {
		m := constraints.Model{Rows: n, Cols: n, Attack: a}
		want := uint64(len(solutions(t, brute.Solver{}, m, math.MaxInt)))
		for _, s := range []solvers.Solver{native(), sat.New(), router.New()} {
			res, err := s.Count(context.Background(), m)
			if err != nil || !res.Complete || res.Count != want {
				t.Errorf("%s: %s Count = %+v, %v; brute force %d", m, s.Name(), res, err, want)
			}
		}
	}
}

// TestTorusVectorsActModuloSides holds that on a torus a vector acts modulo the sides: ride(a, b) counts
// as ride(a mod rows, b mod cols) does, and on an n×n torus leap(a, b) as leap(a mod n, b mod n) (a
// leaper's forms swap its components, so only a square board reduces both by one side), by both solvers,
// for components drawn from the whole range the model takes (±constraints.MaxSide) and the small values
// that straddle the sides. The components at the int64 edge, whose absolute value is negative, once
// passed the bound and were counted as some other vector: they must be refused instead.
func TestTorusVectorsActModuloSides(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(25, 6))
	draw := func(side int) int {
		switch rng.IntN(3) {
		case 0:
			return rng.IntN(2*constraints.MaxSide+1) - constraints.MaxSide
		case 1:
			return constraints.MaxSide - rng.IntN(2*side+1)*side/2 - rng.IntN(side)
		}
		return rng.IntN(4*side+1) - 2*side
	}
	for i := range 40 {
		rows, cols := 4+rng.IntN(3), 4+rng.IntN(3)
		make := constraints.Ride
		if i%2 == 1 {
			make, cols = constraints.Leap, rows
		}
		a, b := draw(rows), draw(cols)
		ra, rb := ((a%rows)+rows)%rows, ((b%cols)+cols)%cols
		if (a == 0 && b == 0) || (ra == 0 && rb == 0) {
			continue // moves nowhere, or nowhere once reduced: Validate's business
		}
		base := constraints.Union(constraints.Rook)
		if i%4 >= 2 {
			base = constraints.Attack{}
		}
		m := constraints.Model{Rows: rows, Cols: cols, Queens: min(rows, cols) - 1, Surface: constraints.Torus, Attack: constraints.Union(base, make(a, b))}
		r := m
		r.Attack = constraints.Union(base, make(ra, rb))
		want, err := brute.Solver{}.Count(ctx, r)
		if err != nil {
			t.Fatalf("%s: brute: %v", r, err)
		}
		for _, s := range []solvers.Solver{native(), sat.New(), router.New()} {
			res, err := s.Count(ctx, m)
			if err != nil || !res.Complete || res.Count != want.Count {
				t.Errorf("%s: %s Count = %+v, %v; the same vector reduced modulo the sides (%s) gives %d", m, s.Name(), res, err, r.Attack, want.Count)
			}
		}
	}
	for _, a := range []constraints.Attack{
		constraints.Leap(math.MinInt64, 1), constraints.Leap(math.MinInt64, math.MinInt64),
		constraints.Union(constraints.Rook, constraints.Leap(math.MinInt64, 1)),
		constraints.Ride(math.MinInt64, 1), constraints.Ride(math.MinInt64, math.MinInt64),
		constraints.Leap(constraints.MaxSide+1, 0), constraints.Ride(0, -constraints.MaxSide-1),
	} {
		m := constraints.Model{Rows: 6, Cols: 6, Surface: constraints.Torus, Attack: a}
		for _, s := range []solvers.Solver{native(), sat.New(), brute.Solver{}} {
			if res, err := s.Count(ctx, m); err == nil {
				t.Errorf("%s: %s Count = %+v, want the model refused", m, s.Name(), res)
			}
		}
	}
}

// native returns the native engines alone (--solver backtrack), with the options given.
func native(opts ...router.Option) *router.Solver {
	return router.New(append([]router.Option{router.NativeOnly()}, opts...)...)
}
