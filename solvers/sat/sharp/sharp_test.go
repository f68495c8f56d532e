package sharp

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"
)

// brute counts the models of f projected onto its counted variables by trying every assignment of all
// its variables, with the literals of assume true.
func brute(f Formula, assume []Lit) uint64 {
	seen := map[uint64]bool{}
	for a := uint64(0); a < 1<<f.Vars; a++ {
		if holds(f, assume, a) {
			seen[a&(1<<f.Project-1)] = true
		}
	}
	return uint64(len(seen))
}

// holds reports whether assignment a (bit v−1 for variable v) satisfies f and assume.
func holds(f Formula, assume []Lit, a uint64) bool {
	val := func(l Lit) bool {
		if l > 0 {
			return a>>(l-1)&1 == 1
		}
		return a>>(-l-1)&1 == 0
	}
	for _, l := range assume {
		if !val(l) {
			return false
		}
	}
	sat := false
	for _, l := range f.Clauses {
		if l == 0 {
			if !sat {
				return false
			}
			sat = false
			continue
		}
		sat = sat || val(l)
	}
	return true
}

// bruteOracle answers as a SAT solver would, by trying every assignment.
type bruteOracle struct {
	f     Formula
	model uint64
	calls int
}

func (o *bruteOracle) Solve(ctx context.Context, assume []Lit) (bool, error) {
	o.calls++
	for a := uint64(0); a < 1<<o.f.Vars; a++ {
		if holds(o.f, assume, a) {
			o.model = a
			return true, nil
		}
	}
	return false, nil
}

func (o *bruteOracle) Value(v int) bool { return o.model>>(v-1)&1 == 1 }

// randomFormula draws a formula of n variables, p counted, with clauses of 1 to maxLen literals (some
// with repeats and tautologies, which New must take).
func randomFormula(rng *rand.Rand, n, p, clauses, maxLen int) Formula {
	f := Formula{Vars: n, Project: p}
	for range clauses {
		k := 1 + rng.IntN(maxLen)
		for range k {
			l := Lit(1 + rng.IntN(n))
			if rng.IntN(2) == 0 {
				l = -l
			}
			f.Clauses = append(f.Clauses, l)
		}
		f.Clauses = append(f.Clauses, 0)
	}
	return f
}

// TestCountMatchesBrute holds the counter to brute force on random formulas, with and without an oracle,
// under both heuristics, with a cache shared by many formulas' calls and one so small that it evicts
// all the time, and under random assumptions.
func TestCountMatchesBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	ctx := context.Background()
	for i := range 3000 {
		n := 1 + rng.IntN(14)
		p := rng.IntN(n + 1)
		f := randomFormula(rng, n, p, rng.IntN(3*n+2), 1+rng.IntN(5))
		var assume []Lit
		for range rng.IntN(3) {
			l := Lit(1 + rng.IntN(n))
			if rng.IntN(2) == 0 {
				l = -l
			}
			assume = append(assume, l)
		}
		want := brute(f, assume)
		for _, tc := range []struct {
			name string
			opt  Options
		}{
			{"degree", Options{}},
			{"first", Options{Heuristic: First}},
			{"oracle", Options{Oracle: &bruteOracle{f: f}}},
			{"oracle from 4", Options{Oracle: &bruteOracle{f: f}, OracleMinVars: 4, Heuristic: First}},
			{"tiny cache", Options{Cache: NewCache(300)}},
		} {
			c, err := New(f, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // a second call meets the first one's cache
				got, err := c.Count(ctx, assume)
				if err != nil || !got.IsUint64() || got.Uint64() != want {
					t.Fatalf("formula %d %v (%d vars, %d counted), assuming %v, %s: got %v, %v; brute force %d", i, f.Clauses, n, p, assume, tc.name, got, err, want)
				}
			}
		}
	}
}

// TestProjection shows why counting must be projected: x ∨ y with y free beyond its clause has 3 models
// over both and 2 over x alone (x, or ¬x with y); an auxiliary variable with two ways to complete a cell
// counts once.
func TestProjection(t *testing.T) {
	for _, tc := range []struct {
		f    Formula
		want int64
	}{
		{Formula{Vars: 2, Project: 2, Clauses: []Lit{1, 2, 0}}, 3},
		{Formula{Vars: 2, Project: 1, Clauses: []Lit{1, 2, 0}}, 2},
		{Formula{Vars: 3, Project: 1, Clauses: []Lit{-1, 2, 3, 0}}, 2},
		{Formula{Vars: 3, Project: 0, Clauses: []Lit{1, 0, -1, 2, 0}}, 1},
		{Formula{Vars: 3, Project: 0, Clauses: []Lit{1, 0, -1, 0}}, 0},
		{Formula{Vars: 0, Project: 0}, 1},
		{Formula{Vars: 70, Project: 70}, 0}, // 2^70, checked below
	} {
		got, err := Count(context.Background(), tc.f, Options{})
		want := big.NewInt(tc.want)
		if tc.f.Vars == 70 {
			want = new(big.Int).Lsh(big.NewInt(1), 70)
		}
		if err != nil || got.Cmp(want) != 0 {
			t.Errorf("%+v: got %v, %v; want %v", tc.f, got, err, want)
		}
	}
}

// TestBigCounts counts past 2^64 through products of components: 40 independent pairs (x ∨ y) over 80
// counted variables have 3^40 models.
func TestBigCounts(t *testing.T) {
	f := Formula{Vars: 80, Project: 80}
	for i := 1; i <= 80; i += 2 {
		f.Clauses = append(f.Clauses, Lit(i), Lit(i+1), 0)
	}
	got, err := Count(context.Background(), f, Options{})
	want := new(big.Int).Exp(big.NewInt(3), big.NewInt(40), nil)
	if err != nil || got.Cmp(want) != 0 {
		t.Fatalf("got %v, %v; want %v", got, err, want)
	}
}

// TestCancel stops counts under a context already done, and one that ends while the count runs: a random
// 3-CNF of 300 variables and 600 clauses, which takes far longer than the deadline.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, Formula{Vars: 1, Project: 1}, Options{}); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled count returned %v", err)
	}
	rng := rand.New(rand.NewPCG(5, 5))
	f := Formula{Vars: 300, Project: 300}
	for range 600 {
		for range 3 {
			l := Lit(1 + rng.IntN(300))
			if rng.IntN(2) == 0 {
				l = -l
			}
			f.Clauses = append(f.Clauses, l)
		}
		f.Clauses = append(f.Clauses, 0)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if n, err := Count(ctx, f, Options{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a count past its deadline returned %v, %v", n, err)
	}
}

// TestBudget stops a count past its decisions, and counts it right once given enough.
func TestBudget(t *testing.T) {
	f := Formula{Vars: 12, Project: 12}
	for v := 1; v < 12; v++ {
		f.Clauses = append(f.Clauses, -Lit(v), -Lit(v+1), 0) // no two neighbours: Fibonacci(14) = 377
	}
	c, err := New(f, Options{Heuristic: First})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.CountWithin(context.Background(), nil, 3); !errors.Is(err, ErrBudget) {
		t.Fatalf("3 decisions: %v", err)
	}
	if n, err := c.CountWithin(context.Background(), nil, 1000); err != nil || n.Int64() != 377 {
		t.Fatalf("1000 decisions: %v, %v; want 377", n, err)
	}
}

func TestRefusals(t *testing.T) {
	for _, f := range []Formula{
		{Vars: 2, Project: 3},
		{Vars: 2, Project: 2, Clauses: []Lit{1, 3, 0}},
		{Vars: 2, Project: 2, Clauses: []Lit{1, 2}},
		{Vars: MaxVars + 1},
	} {
		if _, err := New(f, Options{}); err == nil {
			t.Errorf("%+v: no error", f)
		}
	}
	if _, err := New(Formula{Vars: MaxVars + 1}, Options{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("too many variables: %v", err)
	}
	cache := NewCache(1 << 20)
	if _, err := New(Formula{Vars: 1, Project: 1}, Options{Cache: cache}); err != nil {
		t.Fatal(err)
	}
	if _, err := New(Formula{Vars: 2, Project: 1}, Options{Cache: cache}); err == nil {
		t.Error("a cache shared by two formulas")
	}
}

// FuzzCount holds the counter to brute force on tiny formulas read from the fuzzer's bytes: the first
// byte gives the variables and the counted ones, the rest literals, 0 ending a clause.
func FuzzCount(f *testing.F) {
	f.Add([]byte{0x33, 1, 2, 0, 0x81, 0x83, 0})
	f.Add([]byte{0x52, 1, 2, 3, 0, 0x81, 4, 0, 5, 0x82, 0})
	f.Add([]byte{0x20, 1, 0, 0x81, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || len(data) > 64 {
			return
		}
		n := 1 + int(data[0]>>4)%12
		p := int(data[0]&15) % (n + 1)
		form := Formula{Vars: n, Project: p}
		for _, b := range data[1:] {
			l := Lit(int(b&0x7f) % (n + 1))
			if b&0x80 != 0 {
				l = -l
			}
			form.Clauses = append(form.Clauses, l)
		}
		form.Clauses = append(form.Clauses, 0)
		want := brute(form, nil)
		for _, opt := range []Options{{}, {Heuristic: First, Oracle: &bruteOracle{f: form}}, {Cache: NewCache(200)}} {
			got, err := Count(context.Background(), form, opt)
			if err != nil || !got.IsUint64() || got.Uint64() != want {
				t.Fatalf("%v over %d variables, %d counted: got %v, %v; brute force %d", form.Clauses, n, p, got, err, want)
			}
		}
	})
}

func ExampleCount() {
	// (x1 ∨ x2) ∧ (¬x1 ∨ ¬x3), and x4 an auxiliary variable with x4 → x2: counted over x1..x3.
	f := Formula{Vars: 4, Project: 3, Clauses: []Lit{1, 2, 0, -1, -3, 0, -4, 2, 0}}
	n, err := Count(context.Background(), f, Options{})
	fmt.Println(n, err)
	// Output: 4 <nil>
}
