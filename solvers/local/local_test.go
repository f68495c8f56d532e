package local_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/local"
	"github.com/queens-dev/queens/solvers/search"
)

var (
	queen = constraints.Queen
	super = constraints.Superqueen
)

func square(n int, a constraints.Attack, wrap bool) constraints.Model {
	m := constraints.Model{Rows: n, Cols: n, Attack: a}
	if wrap {
		m.Surface = constraints.Torus
	}
	return m
}

// find runs Find and fails the test if it errs, returns a solution the model's checks reject (Check up
// to side 300, Verify beyond), or a Result that does not say what it found.
func find(t testing.TB, m constraints.Model, opts ...local.Option) (constraints.Solution, solvers.Result) {
	t.Helper()
	sol, ok, res, err := local.Find(context.Background(), m, opts...)
	if err != nil {
		t.Fatalf("%v: %v", m, err)
	}
	switch {
	case ok && res.Proved && !res.Complete && res.Count == 1:
		check := m.Check
		if m.Rows > 300 {
			check = m.Verify
		}
		if err := check(sol); err != nil {
			t.Fatalf("%v: %s solution fails the check: %v", m, res.Stats.Method, err)
		}
	case !ok && sol == nil && res.Count == 0 && res.Proved == res.Complete && res.Proved == (res.Stats.Method == local.MethodProof):
	default:
		t.Fatalf("%v: found %v with %+v: the Result does not say so", m, ok, res)
	}
	return sol, res
}

// superConstructs reports whether superqueens of side n have a linear placement: on the torus of side n
// or n + 1 that is prime to 6, with k = 3 for every such side but 5 and 7 (where none works).
func superConstructs(n int) bool {
	prime := func(p int) bool { return intmath.GCD(p, 6) == 1 && p != 5 && p != 7 }
	return prime(n) || prime(n+1)
}

// TestConstructions holds the constructions alone against Model.Check for every side up to 300: classic
// queens from n = 4 on, queens on a torus exactly when gcd(n, 6) = 1 (Pólya), and superqueens where
// superConstructs says, on the flat board and (from the torus of side n alone) on the torus.
func TestConstructions(t *testing.T) {
	for n := 1; n <= 300; n++ {
		for _, tc := range []struct {
			m    constraints.Model
			want bool
		}{
			{constraints.Classic(n), n >= 4},
			{square(n, queen, true), n >= 5 && intmath.GCD(n, 6) == 1},
			{square(n, super, false), n >= 10 && superConstructs(n)},
			{square(n, super, true), n >= 11 && intmath.GCD(n, 6) == 1},
			{constraints.Model{Rows: n, Cols: n, Attack: queen, Surface: constraints.Cylinder}, n >= 5 && intmath.GCD(n, 6) == 1},
			{square(n, constraints.Union(constraints.Rook, constraints.Leap(1, 3)), false), n >= 2},
			// Superqueens with a column quota for the column rider: the riders alone do not ask for
			// distinct columns.
			{constraints.Model{Rows: n, Cols: n, Attack: constraints.Union(constraints.Row, constraints.Bishop, constraints.Knight), Each: constraints.Quota{Column: constraints.Exactly(1)}}, n >= 10 && superConstructs(n)},
		} {
			_, res := find(t, tc.m, local.ConstructionOnly())
			if got := res.Stats.Method == local.MethodConstruction; got != tc.want {
				t.Errorf("%v: constructed %v (%+v), want %v", tc.m, got, res.Stats, tc.want)
			}
		}
	}
}

// TestLocalSearch holds the local search alone, from a greedy placement, against Model.Check for every
// side up to 300, on classic queens and superqueens, where solutions exist.
func TestLocalSearch(t *testing.T) {
	step := 1
	if testing.Short() {
		step = 7
	}
	for n := 4; n <= 300; n += step {
		models := []constraints.Model{constraints.Classic(n)}
		if n >= 10 {
			models = append(models, square(n, super, false))
		}
		for _, m := range models {
			if _, res := find(t, m, local.NoConstruction()); res.Count != 1 || res.Stats.Method != local.MethodLocal {
				t.Errorf("%v: the local search found none (%+v)", m, res.Stats)
			}
		}
	}
}

// withHoles returns m with blocked cells and fixed queens drawn at random around a solution of m, so that
// the model keeps at least that solution: one the local search finds from a greedy start, or on a torus
// (where it seldom finds one) a construction shifted by a random number of columns.
func withHoles(t testing.TB, m constraints.Model, blocked, fixed int, seed uint64) constraints.Model {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 99))
	opts := []local.Option{local.NoConstruction(), local.Seed(seed)}
	if m.Surface == constraints.Torus {
		opts = nil
	}
	sol, ok, _, err := local.Find(context.Background(), m, opts...)
	if err != nil || !ok {
		t.Fatalf("%v: no solution to draw cells around (%v)", m, err)
	}
	if m.Surface == constraints.Torus {
		shift := rng.IntN(m.Cols)
		for i := range sol {
			sol[i].Col = (sol[i].Col + shift) % m.Cols
		}
	}
	taken := constraints.NewCellSet(sol)
	for _, i := range rng.Perm(len(sol))[:fixed] {
		m.Fixed = append(m.Fixed, sol[i])
	}
	for len(m.Blocked) < blocked {
		c := constraints.Cell{Row: rng.IntN(m.Rows), Col: rng.IntN(m.Cols)}
		if !taken.Has(c) {
			taken.Add(c)
			m.Blocked = append(m.Blocked, c)
		}
	}
	return m
}

// TestBlockedAndFixed holds Find against Model.Check on boards with blocked cells and fixed queens
// that keep a solution, where the constructions miss some and the local search repairs them.
func TestBlockedAndFixed(t *testing.T) {
	for seed := range uint64(20) {
		for _, base := range []constraints.Model{constraints.Classic(50), constraints.Classic(300), square(200, super, false), square(31, queen, true), {Rows: 40, Cols: 60, Attack: queen}} {
			m := withHoles(t, base, int(seed)*base.Rows/10, int(seed%5), seed)
			if base.Surface == constraints.Torus {
				// Shifts of a linear placement serve a torus, where the local search seldom finds a
				// solution: one fixed queen leaves a single shift, two rule out most multipliers.
				m = withHoles(t, base, int(seed)%5, int(seed%2), seed)
			}
			if _, res := find(t, m); res.Count != 1 {
				t.Errorf("%v: none found (%+v)", m, res.Stats)
			}
		}
	}
	// Every side up to 300: classic queens and superqueens with a blocked cell in ten and a fixed queen
	// in fifty, tori with a few blocked cells and a fixed queen.
	step := 1
	if testing.Short() {
		step = 7
	}
	for n := 4; n <= 300; n += step {
		bases := []constraints.Model{constraints.Classic(n)}
		if n >= 10 {
			bases = append(bases, square(n, super, false))
		}
		for _, base := range bases {
			m := withHoles(t, base, n*n/10, n/50+1, uint64(n))
			if _, res := find(t, m); res.Count != 1 {
				t.Errorf("%v: none found (%+v)", m, res.Stats)
			}
		}
		if intmath.GCD(n, 6) == 1 {
			m := withHoles(t, square(n, queen, true), n/10, 1, uint64(n))
			if _, res := find(t, m); res.Count != 1 {
				t.Errorf("%v: none found (%+v)", m, res.Stats)
			}
		}
	}
}

// TestLarge holds Find against Model.Verify on large boards of random sides: classic queens and
// superqueens by construction and by local search, tori by construction, and boards with holes.
func TestLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("large boards")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 2 {
		n := 10_000 + rng.IntN(90_000)
		p := n | 1
		for intmath.GCD(p, 6) != 1 {
			p += 2
		}
		for _, tc := range []struct {
			m    constraints.Model
			opts []local.Option
		}{
			{constraints.Classic(n), nil},
			{constraints.Classic(n), []local.Option{local.NoConstruction()}},
			{square(n, super, false), nil},
			{square(n, super, false), []local.Option{local.NoConstruction()}},
			{square(p, queen, true), nil},
			{square(p, super, true), nil},
			{withHoles(t, constraints.Classic(n), 100, 10, uint64(n)), nil},
			{withHoles(t, square(n, super, false), 100, 10, uint64(n)), nil},
			{withHoles(t, square(p, queen, true), 100, 0, uint64(n)), nil},
		} {
			if _, res := find(t, tc.m, tc.opts...); res.Count != 1 {
				t.Errorf("%v: none found (%+v)", tc.m, res.Stats)
			}
		}
	}
}

// oneARow returns m, or else m with a queen on every row (the row rider added, the queen count the
// rows), and whether Find takes it: most models drawn from the whole space hold another number of
// queens.
func oneARow(m constraints.Model) (constraints.Model, bool) {
	if local.Takes(m) == nil {
		return m, true
	}
	m.Attack, m.Queens = constraints.Union(m.Attack, constraints.Row), m.Rows
	if m.Each.Row.Lo > 1 {
		m.Each.Row = constraints.Range{}
	}
	return m, m.Validate() == nil && local.Takes(m) == nil
}

// TestAgainstBruteForce holds Find against brute force on small models with a queen on every row,
// drawn from the whole space of the Program (surfaces, ranges, diagonal quotas, regions, riders,
// leapers, blocked and fixed cells): where brute force finds a solution, Find must find one too, and one
// of brute force's (one Model.Check passes); where there is none, Find must not find one, and may say so
// only by a proof.
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	draws, none, taken := 4000, 0, 0
	if testing.Short() {
		draws = 2000
	}
	surfaces := map[constraints.Surface]int{}
	for range draws {
		m, ok := oneARow(modeltest.ValidWide(rng, 7))
		if !ok {
			continue
		}
		want := false
		_, err := brute.Solver{}.Enumerate(context.Background(), m, func(constraints.Solution) bool {
			want = true
			return false
		})
		if err != nil {
			t.Fatal(err)
		}
		if !want {
			if none++; none > 40 {
				continue // the local search spends its whole budget on each: a few are enough
			}
		}
		taken++
		surfaces[m.Surface]++
		// find holds a solution to Model.Check, which passes exactly brute force's solutions.
		if _, res := find(t, m, local.Restarts(2)); (res.Count == 1) != want {
			t.Errorf("%v (blocked %v, fixed %v, regions %v): found %v, brute force %v", m, m.Blocked, m.Fixed, m.Regions, res.Count == 1, want)
		}
	}
	t.Logf("%d models taken, %d without a solution; surfaces %v", taken, none, surfaces)
	if surfaces[constraints.Cylinder] < draws/100 || surfaces[constraints.Torus] < draws/100 {
		t.Errorf("surfaces %v: too few cylinders or tori", surfaces)
	}
}

// TestAgainstSearch holds Find against the complete search on models with a queen on every row up to
// side 12, too large for brute force: where the search finds a solution, Find must find one too.
func TestAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	draws := 600
	if testing.Short() {
		draws = 150
	}
	for range draws {
		m, ok := oneARow(modeltest.ValidWide(rng, 12))
		if !ok {
			continue
		}
		_, want, _, err := search.Find(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if !want {
			continue
		}
		if _, res := find(t, m, local.Restarts(2)); res.Count != 1 {
			t.Errorf("%v (blocked %v, fixed %v, regions %v): none found, the search found one", m, m.Blocked, m.Fixed, m.Regions)
		}
	}
}

// TestProofs holds the proofs of "none" against the complete search: on tori of sides divisible by 2 or
// 3, with more rows than columns under a column rider, with a row blocked whole.
func TestProofs(t *testing.T) {
	for _, tc := range []struct {
		m     constraints.Model
		proof bool
	}{
		{square(4, queen, true), true},
		{square(6, super, true), true},
		{square(8, queen, true), true},
		{square(9, queen, true), true},
		{square(10, queen, true), true},
		{square(12, queen, true), true},
		{square(7, queen, true), false},
		{square(6, constraints.Union(constraints.Rook, constraints.Diagonal), true), false}, // not the queen's torus
		{constraints.Model{Rows: 6, Cols: 6, Attack: queen, Surface: constraints.Cylinder}, true},
		{constraints.Model{Rows: 9, Cols: 9, Attack: queen, Surface: constraints.Cylinder}, true},
		{constraints.Model{Rows: 7, Cols: 7, Attack: queen, Surface: constraints.Cylinder}, false},
		{constraints.Model{Rows: 6, Cols: 8, Attack: queen, Surface: constraints.Cylinder}, false}, // not square
		// The queen's lines as quotas of at most one.
		{constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Row, Surface: constraints.Torus,
			Each: constraints.Quota{Column: constraints.AtMost(1), Diagonal: constraints.AtMost(1), AntiDiagonal: constraints.Between(0, 1)}}, true},
		{constraints.Model{Rows: 6, Cols: 5, Queens: 6, Attack: queen}, true},
		{constraints.Model{Rows: 6, Cols: 5, Queens: 6, Attack: constraints.Union(constraints.Row, constraints.Knight)}, false},
		{constraints.Model{Rows: 5, Cols: 5, Attack: queen, Blocked: []constraints.Cell{{Row: 2, Col: 0}, {Row: 2, Col: 1}, {Row: 2, Col: 2}, {Row: 2, Col: 3}, {Row: 2, Col: 4}}}, true},
	} {
		_, res := find(t, tc.m, local.Restarts(0))
		if got := res.Stats.Method == local.MethodProof; got != tc.proof {
			t.Errorf("%v: proof %v, want %v", tc.m, got, tc.proof)
		}
		if res.Stats.Method == local.MethodProof {
			if _, ok, _, err := search.Find(context.Background(), tc.m); ok || err != nil {
				t.Errorf("%v: a proof of none, but the search found %v (%v)", tc.m, ok, err)
			}
		}
	}
}

// TestGivesUp checks that Find says "unknown", not "none", when the local search gives up on a model with
// no solution that no proof covers.
func TestGivesUp(t *testing.T) {
	m := square(9, super, false) // superqueens need n ≥ 10
	_, ok, res, err := local.Find(context.Background(), m, local.Restarts(1))
	if ok || err != nil || res.Proved || res.Complete || res.Stats.Method != local.MethodLocal {
		t.Errorf("%v: found %v, err %v, %+v; want false, nil, not proved, method local", m, ok, err, res)
	}
}

func TestTakes(t *testing.T) {
	g, err := constraints.ParseRegions([]string{"aab", "a.b", "ccb"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		m      constraints.Model
		reason string
	}{
		{constraints.Model{Rows: 8, Cols: 8, Queens: 7, Attack: queen}, "fewer queens than rows"},
		{constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Union(constraints.Column, constraints.Diagonal)}, "no row rider"},
		{constraints.Model{Rows: 4, Cols: 4, Attack: constraints.King, Each: constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2)}}, "two queens a row"},
		{constraints.Model{Rows: 3, Cols: 3, Attack: queen, Regions: g, Each: constraints.Quota{Region: constraints.Exactly(1)}}, "a region quota with a cell in no region"},
		{constraints.Model{Rows: 8, Cols: 8, Attack: queen, Surface: constraints.Mobius, Queens: 8}, "a Möbius strip: a cell on two lines of a rider"},
		{constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Rook, Surface: constraints.Klein}, "a Klein bottle"},
		{constraints.Model{Rows: 8, Cols: 8, Attack: constraints.Row, Each: constraints.Quota{Line: constraints.AtMost(2)}}, "lines of every slope"},
		{constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Rook, Each: constraints.Quota{Diagonal: constraints.Between(1, 2)}}, "a queen on every diagonal"},
		{constraints.Model{Rows: 6, Cols: 4, Attack: constraints.Row, Each: constraints.Quota{Column: constraints.Between(1, 3)}}, "a column's lower end that counting over the upper ends does not keep"},
	} {
		if tc.m.Validate() != nil {
			t.Fatalf("%s: bad test model: %v", tc.reason, tc.m.Validate())
		}
		if _, ok, _, err := local.Find(context.Background(), tc.m); ok || !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("%s: found %v, err %v; want ErrUnsupported", tc.reason, ok, err)
		}
	}
	// What it takes of the ranges and surfaces: each found, and held to the model's checks by find.
	for _, tc := range []struct {
		m      constraints.Model
		reason string
	}{
		{constraints.Model{Rows: 11, Cols: 11, Attack: queen, Surface: constraints.Cylinder}, "a cylinder"},
		{constraints.Model{Rows: 30, Cols: 30, Attack: constraints.Union(constraints.Row, constraints.Column), Each: constraints.Quota{Diagonal: constraints.AtMost(1), AntiDiagonal: constraints.AtMost(2)}}, "at most one and two a diagonal"},
		{constraints.Model{Rows: 12, Cols: 6, Queens: 12, Attack: constraints.Union(constraints.Row, constraints.King), Each: constraints.Quota{Column: constraints.Between(1, 2)}}, "two a column, as the upper ends add up to the rows"},
		{constraints.Model{Rows: 12, Cols: 4, Queens: 12, Attack: constraints.Union(constraints.Row, constraints.Knight), Each: constraints.Quota{Column: constraints.Between(3, 5)}}, "three a column, as the lower ends add up to the rows"},
		{constraints.Model{Rows: 20, Cols: 25, Attack: constraints.Union(constraints.Row, constraints.Knight), Each: constraints.Quota{Column: constraints.AtMost(1), Diagonal: constraints.AtMost(1)}}, "at most one a column on a wide board"},
	} {
		if err := local.Takes(tc.m); err != nil {
			t.Errorf("%s: %v", tc.reason, err)
			continue
		}
		if _, res := find(t, tc.m); res.Count != 1 {
			t.Errorf("%s: %v: none found (%+v)", tc.reason, tc.m, res.Stats)
		}
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok, _, err := local.Find(ctx, constraints.Classic(8)); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled before: ok %v, err %v", ok, err)
	}
	// Superqueens of side 9 have no solution and no proof covers them: only the cancellation ends this.
	ctx, cancel = context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	if _, ok, _, err := local.Find(ctx, square(9, super, false), local.Restarts(1<<30)); ok || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during: ok %v, err %v", ok, err)
	}
}

func TestDeterministic(t *testing.T) {
	for _, m := range []constraints.Model{square(100, super, false), withHoles(t, constraints.Classic(100), 50, 3, 1)} {
		first, _ := find(t, m, local.NoConstruction())
		for range 3 {
			if again, _ := find(t, m, local.NoConstruction()); again.Compare(first) != 0 {
				t.Errorf("%v: %s, then %s", m, first, again)
			}
		}
	}
}

// regionsAround returns a model of side n with kings' attacks, one queen per row, column and region, and
// n regions around a solution of classic queens (no two of whose queens touch): each queen's cell in a
// region of its own, every other cell in a region drawn at random. (Puzzles cut to have few solutions
// go to the complete search: see backtrack.Find.)
func regionsAround(t testing.TB, n int, seed uint64) constraints.Model {
	t.Helper()
	sol, ok, _, err := local.Find(context.Background(), constraints.Classic(n), local.NoConstruction(), local.Seed(seed))
	if !ok || err != nil {
		t.Fatalf("classic %d: %v", n, err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	lines := make([]string, n)
	for r := range n {
		row := make([]rune, n)
		for c := range n {
			k := rng.IntN(n)
			if c == sol[r].Col {
				k = r
			}
			row[c] = rune(0x4e00 + k) // CJK ideographs are letters: one for each region
		}
		lines[r] = string(row)
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		t.Fatal(err)
	}
	return constraints.Model{Rows: n, Cols: n, Attack: constraints.King, Regions: g, Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}}
}

// TestRegions holds Find against Model.Check on models with regions of side 30 to 200: regions drawn at
// random, each holding one queen of a known solution.
func TestRegions(t *testing.T) {
	for _, n := range []int{30, 100, 200} {
		m := regionsAround(t, n, uint64(n))
		if err := m.Validate(); err != nil {
			t.Fatalf("bad test model: %v", err)
		}
		if _, res := find(t, m); res.Count != 1 {
			t.Errorf("%v: none found (%+v)", m, res.Stats)
		}
	}
}

// TestQuotasAboveOne holds Find against the complete search on models whose columns or regions hold
// more than one queen each, where a line over its capacity has queens no counter names.
func TestQuotasAboveOne(t *testing.T) {
	quadrants := func(n int) *constraints.Regions {
		lines := make([]string, n)
		for r := range n {
			for c := range n {
				lines[r] += string("abcd"[2*(2*r/n)+2*c/n])
			}
		}
		g, err := constraints.ParseRegions(lines)
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	king, knight := constraints.King, constraints.Knight
	for _, m := range []constraints.Model{
		{Rows: 12, Cols: 12, Attack: constraints.Union(constraints.Rook, king), Regions: quadrants(12), Each: constraints.Quota{Region: constraints.Exactly(3)}},
		{Rows: 16, Cols: 16, Attack: constraints.Union(constraints.Rook, knight), Regions: quadrants(16), Each: constraints.Quota{Region: constraints.Exactly(4)}},
		{Rows: 20, Cols: 10, Attack: constraints.Union(constraints.Row, constraints.Bishop), Each: constraints.Quota{Column: constraints.Exactly(2)}},
		{Rows: 30, Cols: 10, Attack: constraints.Union(constraints.Row, king), Each: constraints.Quota{Column: constraints.Exactly(3)}},
		{Rows: 40, Cols: 40, Attack: constraints.Row, Regions: quadrants(40), Each: constraints.Quota{Column: constraints.Exactly(1), Region: constraints.Exactly(10)}},
	} {
		if err := m.Validate(); err != nil {
			t.Fatalf("bad test model: %v", err)
		}
		_, want, _, err := search.Find(context.Background(), m)
		if err != nil {
			t.Fatal(err)
		}
		if _, res := find(t, m); (res.Count == 1) != want {
			t.Errorf("%v: found %v (%+v), the search %v", m, res.Count == 1, res.Stats, want)
		}
	}
}

// FuzzFind holds Find against the complete search on small models with a queen on every row, drawn from
// the whole space of the model: an answer Find gives passes Model.Check, and a proof of none agrees with
// the search.
func FuzzFind(f *testing.F) {
	f.Add([]byte{5, 5, 0x0f, 0, 0, 0, 0})
	f.Add([]byte{6, 6, 0x01, 0x03, 1, 0, 3, 0, 1, 1, 2})
	f.Add([]byte{4, 4, 0x0f, 0, 1, 0, 3, 0, 0})
	f.Add([]byte{6, 6, 0x01, 0x04, 2, 7, 9, 13, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modeltest.Model(data, 7)
		if m.Validate() != nil || local.Takes(m) != nil {
			return
		}
		_, res := find(t, m, local.Restarts(0))
		if res.Count == 1 || res.Stats.Method != local.MethodProof {
			return
		}
		if _, ok, _, err := search.Find(context.Background(), m); ok || err != nil {
			t.Errorf("%v: a proof of none, but the search found %v (%v)", m, ok, err)
		}
	})
}
