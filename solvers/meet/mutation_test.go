package meet

import (
	"context"
	"slices"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
)

// The tests must be able to fail: a meet that forgets one rider direction, everywhere or only across the
// cut, or the leaps across the cut, must disagree with the OEIS or with brute force.

func compile(t *testing.T, attack string, n int) *constraints.Program {
	t.Helper()
	a, err := constraints.ParseAttack(attack)
	if err != nil {
		t.Fatal(err)
	}
	p, err := constraints.Compile(constraints.Model{Rows: n, Cols: n, Attack: a})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func total(t *testing.T, j *Job) uint64 {
	t.Helper()
	res, err := solvers.RunJob(context.Background(), j, solvers.RunOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return res.Count
}

// without returns p without its k-th family: a copy, p stays whole.
func without(p *constraints.Program, k int) *constraints.Program {
	q := *p
	q.Families = slices.Delete(slices.Clone(p.Families), k, k+1)
	return &q
}

// mutants returns the jobs of the meet of p that miss one rider family: everywhere, and across the cut
// alone (the halves pruned by it, the join blind to it).
func mutants(t *testing.T, p *constraints.Program) (everywhere, across []*Job) {
	t.Helper()
	ctx := context.Background()
	for k, f := range p.Families {
		if f.Shape == constraints.ShapeRows || f.Shape == constraints.ShapeColumns {
			continue
		}
		full, err := Plan(ctx, p, 0)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Plan(ctx, without(p, k), 0)
		if err != nil {
			t.Fatal(err)
		}
		everywhere = append(everywhere, m)
		full.cross, full.lines = m.cross, m.lines
		across = append(across, full)
	}
	return everywhere, across
}

func TestMutantsFail(t *testing.T) {
	a189851 := modeltest.OEIS(t, "A189851")
	const girafferider = "rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)"
	for _, kind := range []string{"everywhere", "across the cut"} {
		for d := range 4 {
			caught := false
			for n := 5; n <= 10 && !caught; n++ {
				p := compile(t, girafferider, n)
				if got := total(t, planMiddle(t, p)); got != a189851[n] {
					t.Fatalf("the meet itself: a(%d) %d, the OEIS %d", n, got, a189851[n])
				}
				everywhere, across := mutants(t, p)
				js := everywhere
				if kind != "everywhere" {
					js = across
				}
				caught = d < len(js) && total(t, js[d]) != a189851[n]
			}
			if !caught {
				t.Errorf("a meet that misses direction %d %s matches A189851 to n=10", d, kind)
			}
		}
	}
	// The leaps across the cut: the knight and the camel with the rook, against brute force.
	ctx := context.Background()
	a, _ := constraints.ParseAttack("rook,knight,camel")
	m := constraints.Model{Rows: 6, Cols: 6, Attack: a}
	want, err := brute.Solver{}.Count(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := constraints.Compile(m)
	full := planMiddle(t, p)
	if got := total(t, full); got != want.Count {
		t.Fatalf("rook, knight and camel on 6×6: the meet %d, brute force %d", got, want.Count)
	}
	noLeaps := *p
	noLeaps.Leaps = nil
	blind := planMiddle(t, &noLeaps)
	full.cross, full.lines = blind.cross, blind.lines
	if got := total(t, full); got == want.Count {
		t.Errorf("a meet blind to leaps across the cut matches brute force (%d)", got)
	}
}

// planMiddle plans p's meet cut in the middle.
func planMiddle(t *testing.T, p *constraints.Program) *Job {
	t.Helper()
	j, err := Plan(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// TestOrbitMutantsFail: a meet by orbits that forgets the weights, or takes a symmetry the model does
// not keep, must disagree with the OEIS or with brute force.
func TestOrbitMutantsFail(t *testing.T) {
	ctx := context.Background()
	a189851 := modeltest.OEIS(t, "A189851")
	const girafferider = "rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)"
	p := compile(t, girafferider, 8)
	j, err := PlanOrbits(ctx, p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := total(t, j); got != a189851[8] {
		t.Fatalf("the meet by orbits itself: a(8) %d, the OEIS %d", got, a189851[8])
	}
	for i := range j.weight {
		j.weight[i] = 1
	}
	if got := total(t, j); got == a189851[8] {
		t.Errorf("a meet by orbits without weights matches A189851 a(8) (%d)", got)
	}
	// rook + ride(1,2) keeps the half turn alone: the mirror and the flip taken too must show.
	a, _ := constraints.ParseAttack("rook,ride(1,2)")
	m := constraints.Model{Rows: 6, Cols: 6, Attack: a}
	want, err := brute.Solver{}.Count(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	p, _ = constraints.Compile(m)
	j, err = PlanOrbits(ctx, p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := total(t, j); got != want.Count || j.mirror || j.flip || !j.turn {
		t.Fatalf("rook + ride(1,2) on 6×6 by orbits: %d (mirror %t, flip %t, turn %t), brute force %d", got, j.mirror, j.flip, j.turn, want.Count)
	}
	j.mirror, j.flip = true, true
	if err := j.orbitTasks(ctx); err != nil {
		t.Fatal(err)
	}
	if got := total(t, j); got == want.Count {
		t.Errorf("a meet that takes the mirror rook + ride(1,2) lacks matches brute force (%d)", got)
	}
}
