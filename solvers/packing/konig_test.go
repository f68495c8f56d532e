package packing_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/packing"
)

// oddLeapers are attack sets of leaps (a, b) with a + b odd alone, which the checkerboard's colours
// split in two; evenLeapers hold a leap with a + b even, which FindKonig must refuse.
var (
	oddLeapers = []struct {
		name   string
		attack constraints.Attack
	}{
		{"knight", constraints.Knight},
		{"zebra", constraints.Leap(2, 3)},
		{"giraffe", constraints.Leap(1, 4)},
		{"wazir", constraints.Leap(0, 1)},
		{"threeleaper", constraints.Leap(0, 3)},
		{"knight+zebra", constraints.Union(constraints.Knight, constraints.Leap(2, 3))},
		{"wazir+knight", constraints.Union(constraints.Leap(0, 1), constraints.Knight)},
	}
	evenLeapers = []constraints.Attack{constraints.King, constraints.Leap(1, 1), constraints.Leap(1, 3),
		constraints.Union(constraints.Knight, constraints.Leap(0, 2))}
)

// most returns the most queens FindKonig places on m (m.Queens ignored), asking it for one more each time
// until it proves there is none; every placement it makes on the way has passed Verify.
func most(t *testing.T, m constraints.Model) (int, bool) {
	t.Helper()
	for k := max(1, len(m.Fixed)); ; k++ {
		m.Queens = k
		if m.Validate() != nil {
			return k - 1, true
		}
		sol, ok, res, err := packing.FindKonig(context.Background(), m)
		switch {
		case errors.Is(err, solvers.ErrUnsupported):
			return 0, false
		case err != nil:
			t.Fatalf("%v %v: %v", m, m.Fixed, err)
		case !res.Proved:
			t.Fatalf("%v: not proved: %+v", m, res)
		case !ok:
			if !res.Complete || res.Stats.Why == "" {
				t.Fatalf("%v: none, but %+v", m, res)
			}
			return k - 1, true
		case len(sol) != k || res.Stats.Method != packing.MethodKonig:
			t.Fatalf("%v: %d queens by %s", m, len(sol), res.Stats.Method)
		}
	}
}

// holdToBrute checks that the most queens FindKonig places on m is brute force's largest k with a
// solution: brute force finds one of alpha queens and proves none of alpha + 1.
func holdToBrute(t *testing.T, m constraints.Model, alpha int) {
	t.Helper()
	ctx := context.Background()
	if alpha >= max(1, len(m.Fixed)) {
		m.Queens = alpha
		sol, ok, _, err := packing.FindKonig(ctx, m)
		if !ok || err != nil {
			t.Fatalf("%v: FindKonig = %v, %v", m, ok, err)
		}
		checkByBrute(t, m, sol)
	}
	m.Queens = alpha + 1
	if m.Validate() != nil {
		return // more queens than the model may ask for
	}
	res, err := brute.Solver{}.Count(ctx, m)
	if err != nil || !res.Complete || res.Count != 0 {
		t.Fatalf("%v blocked %v fixed %v: FindKonig proves none of %d queens, brute force counts %d (%v)", m, m.Blocked, m.Fixed, m.Queens, res.Count, err)
	}
}

// TestKonigBrute holds the most queens FindKonig places to brute force on every board of up to 5×5,
// 6×4, 4×6, 2×7 and 7×2, on every surface, for leapers that join the two colours alone, open and with
// random blocked cells and fixed queens.
func TestKonigBrute(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	type size struct{ rows, cols int }
	var sizes []size
	for r := 1; r <= 5; r++ {
		for c := 1; c <= 5; c++ {
			sizes = append(sizes, size{r, c})
		}
	}
	sizes = append(sizes, size{6, 4}, size{4, 6}, size{2, 7}, size{7, 2})
	taken, withFixed := 0, 0
	for _, l := range oddLeapers {
		for _, s := range constraints.Surfaces() {
			for _, z := range sizes {
				for draw := range 3 {
					m := constraints.Model{Rows: z.rows, Cols: z.cols, Attack: l.attack, Surface: s, Queens: 1}
					if m.Validate() != nil {
						continue
					}
					if draw > 0 {
						for r := range z.rows {
							for c := range z.cols {
								x := constraints.Cell{Row: r, Col: c}
								switch rng.IntN(8) {
								case 0:
									m.Blocked = append(m.Blocked, x)
								case 1:
									if draw == 2 && len(m.Fixed) < 2 {
										m.Fixed = append(m.Fixed, x)
									}
								}
							}
						}
					}
					if m.Validate() != nil {
						continue
					}
					alpha, ok := most(t, m)
					if !ok {
						continue
					}
					holdToBrute(t, m, alpha)
					taken++
					if len(m.Fixed) > 0 {
						withFixed++
					}
				}
			}
		}
	}
	if taken < 1000 || withFixed < 100 {
		t.Errorf("only %d models taken, %d with fixed queens", taken, withFixed)
	}
}

// TestKonigMaxima: the known maxima of independent knights, ⌈n²/2⌉ on an n×n board for n ≥ 3, and on a
// 2×n board 4·⌊n/4⌋ + 2·min(n mod 4, 2) (the knights in pairs of columns, two pairs on, two off), held to
// brute force where it reaches.
func TestKonigMaxima(t *testing.T) {
	for _, c := range []struct {
		name       string
		rows, cols func(n int) int
		want       func(n int) int
		from, to   int
		bruteUpTo  int
	}{
		{"n×n", func(n int) int { return n }, func(n int) int { return n }, func(n int) int { return (n*n + 1) / 2 }, 3, 24, 5},
		{"2×n", func(int) int { return 2 }, func(n int) int { return n }, func(n int) int { return 4*(n/4) + 2*min(n%4, 2) }, 1, 60, 12},
	} {
		for n := c.from; n <= c.to; n++ {
			m := constraints.Model{Rows: c.rows(n), Cols: c.cols(n), Attack: constraints.Knight}
			got, ok := most(t, m)
			if !ok || got != c.want(n) {
				t.Fatalf("%s, n = %d: the most knights %d (%v), want %d", c.name, n, got, ok, c.want(n))
			}
			if n <= c.bruteUpTo {
				holdToBrute(t, m, got)
			}
		}
	}
}

// TestKonigRefuses: leaps with a + b even, riders, row quotas a placement may break, a wrap that joins a
// colour to itself, regions.
func TestKonigRefuses(t *testing.T) {
	var models []constraints.Model
	for _, a := range evenLeapers {
		models = append(models, constraints.Model{Rows: 6, Cols: 6, Attack: a, Queens: 4})
	}
	models = append(models,
		constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Chancellor, Queens: 4},
		constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Knight, Queens: 6, Each: constraints.Quota{Row: constraints.AtMost(2)}},
		constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Knight, Queens: 6, Each: constraints.Quota{Row: constraints.Between(1, 6)}},
		constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Knight, Surface: constraints.Torus, Queens: 4},
		constraints.Model{Rows: 6, Cols: 5, Attack: constraints.Knight, Surface: constraints.Cylinder, Queens: 4},
	)
	for _, m := range models {
		p, err := constraints.Compile(m)
		if err != nil {
			t.Fatal(err)
		}
		if why := packing.FitsKonig(p); why == "" {
			t.Errorf("%v: FitsKonig takes it", m)
		}
		if _, _, _, err := packing.FindKonig(context.Background(), m); !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("%v: FindKonig: %v, want ErrUnsupported", m, err)
		}
	}
}

// TestKonigFixedAttack: fixed queens that attack each other are refused by Validate's error, as every
// solver refuses them, never answered.
func TestKonigFixedAttack(t *testing.T) {
	m := constraints.Model{Rows: 4, Cols: 4, Attack: constraints.Knight, Queens: 2,
		Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 2}}}
	sol, ok, _, err := packing.FindKonig(context.Background(), m)
	if ok || sol != nil || err == nil || errors.Is(err, solvers.ErrUnsupported) {
		t.Fatalf("FindKonig = %v, %v, %v; want Validate's error", sol, ok, err)
	}
}

// TestKonigCancelled: a cancelled context stops the matching on the largest board it takes.
func TestKonigCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m := constraints.Model{Rows: 2048, Cols: 2048, Attack: constraints.Knight, Queens: 2048*2048/2 + 1}
	if _, ok, _, err := packing.FindKonig(ctx, m); ok || !errors.Is(err, context.Canceled) {
		t.Fatalf("FindKonig = %v, %v; want context.Canceled", ok, err)
	}
}

// Two fixed queens, one on each colour, leave no colour of the checkerboard whole: König's theorem still
// gives the most knights the 6×6 board then holds, 17, places them, and proves that 18 have no room.
func ExampleFindKonig() {
	m := constraints.Model{Rows: 6, Cols: 6, Attack: constraints.Knight, Queens: 17,
		Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 5, Col: 0}}}
	sol, ok, res, err := packing.FindKonig(context.Background(), m)
	fmt.Println(ok, res.Stats.Method, err)
	for _, row := range m.Board(sol) {
		fmt.Println(row)
	}
	m.Queens++
	_, ok, res, err = packing.FindKonig(context.Background(), m)
	fmt.Println(ok, res.Proved, err)
	// Output:
	// true konig <nil>
	// QQ.Q.Q
	// Q...Q.
	// ...Q.Q
	// Q.Q.Q.
	// .Q.Q.Q
	// Q.Q.Q.
	// false true <nil>
}
