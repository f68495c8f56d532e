package sat

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// smallModels lists every board up to 5×5, both plain and wrapped, under every set of the five first
// attack kinds; then boards up to 7×7 under each rider and each leaper of modeltest's pools alone, and
// under pairs of them.
func smallModels() []constraints.Model {
	var out []constraints.Model
	for rows := 1; rows <= 5; rows++ {
		for cols := 1; cols <= 5; cols++ {
			for _, a := range modeltest.Kinds5() {
				for _, wrap := range []constraints.Surface{constraints.Flat, constraints.Torus} {
					out = append(out, constraints.Model{Rows: rows, Cols: cols, Attack: a, Surface: wrap})
				}
			}
		}
	}
	var pool []constraints.Attack
	for i := range modeltest.Riders {
		pool = append(pool, modeltest.Attack(1<<i, 0))
	}
	for i := range modeltest.Leapers {
		pool = append(pool, modeltest.Attack(0, 1<<i))
	}
	for _, side := range [][2]int{{1, 7}, {3, 4}, {5, 5}, {6, 4}, {7, 7}} {
		for i, a := range pool {
			for _, b := range pool[i:] {
				for _, wrap := range []constraints.Surface{constraints.Flat, constraints.Torus} {
					out = append(out, constraints.Model{Rows: side[0], Cols: side[1], Attack: constraints.Union(a, b), Surface: wrap})
				}
			}
		}
	}
	return out
}

// TestAttackRelation holds the encoding's idea of attack against Model.Attacks: two free cells share an
// at-most-one line of a rider or a clause of the leaps exactly when the model says they attack each other.
func TestAttackRelation(t *testing.T) {
	for _, m := range smallModels() {
		e, _ := encodeList(t, m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
		n := len(e.cells)
		together := make([]bool, (n+1)*(n+1))
		mark := func(a, b lit) { together[int(a)*(n+1)+int(b)], together[int(b)*(n+1)+int(a)] = true, true }
		for _, rl := range e.riders {
			for l := range rl.count() {
				line := rl.line(l)
				for i, a := range line {
					for _, b := range line[i+1:] {
						mark(a, b)
					}
				}
			}
		}
		// The leaps' clauses, made on their own: each is (¬a ∨ ¬b) over two cell variables.
		var leaps list
		e.ctx, e.out = context.Background(), &leaps
		e.leaps()
		var clause []lit
		for _, l := range leaps.lits {
			if l != 0 {
				clause = append(clause, l)
				continue
			}
			if len(clause) != 2 || clause[0] >= 0 || clause[1] >= 0 || -clause[0] > lit(n) || -clause[1] > lit(n) {
				t.Fatalf("%s: leap clause %v is not (¬a ∨ ¬b) over cells", m, clause)
			}
			mark(-clause[0], -clause[1])
			clause = clause[:0]
		}
		for i, a := range e.cells {
			for j, b := range e.cells {
				if i == j {
					continue
				}
				if got, want := together[(i+1)*(n+1)+j+1], m.Attacks(a, b); got != want {
					t.Errorf("%s: %s and %s: encoding keeps them apart %v, Model.Attacks says %v", m, a, b, got, want)
				}
			}
		}
	}
}

// TestSplitGeometryMatchesAttacks holds the geometry the split judges placements by against
// Model.Attacks, cell pair by cell pair: attacks, which the cubes' placements are filtered by, and the
// cells cubeValues sets false around a queen, on the small models and on models drawn from the whole
// space (blocked cells that lines pass over, small riders and leapers of any vector, tori).
func TestSplitGeometryMatchesAttacks(t *testing.T) {
	models := smallModels()
	rng := rand.New(rand.NewPCG(5, 8))
	data := make([]byte, 32)
	for drawn := 0; drawn < 1000; {
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		if m := modeltest.Model(data, 7); m.Validate() == nil {
			models = append(models, m)
			drawn++
		}
	}
	for _, m := range models {
		e, err := newCNF(context.Background(), m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
		if err != nil {
			t.Fatal(err)
		}
		e.buildLineOf()
		for i, a := range e.cells {
			q := int32(i + 1)
			val := e.cubeValues(cube{trues: []lit{lit(q)}, weight: 1})
			if val[q] != 1 {
				t.Fatalf("%s: a cube with a queen on %s gives it %d", m, a, val[q])
			}
			for j, b := range e.cells {
				if i == j {
					continue
				}
				want := m.Attacks(a, b)
				if got := e.attacks(q, int32(j+1)); got != want {
					t.Fatalf("%s blocked %v: attacks(%s, %s) = %v, Model.Attacks says %v", m, m.Blocked, a, b, got, want)
				}
				if got := val[j+1] == -1; got != want || val[j+1] == 1 {
					t.Fatalf("%s blocked %v: a cube with a queen on %s gives %s the value %d; Model.Attacks says %v", m, m.Blocked, a, b, val[j+1], want)
				}
			}
		}
	}
}

// encodeList encodes m, which must be valid, and returns the encoder and its clauses.
func encodeList(t testing.TB, m constraints.Model, opt encoding) (*cnf, []lit) {
	t.Helper()
	e, err := newCNF(context.Background(), m, opt)
	if err != nil {
		t.Fatal(err)
	}
	var l list
	if err := e.run(context.Background(), &l); err != nil {
		t.Fatal(err)
	}
	return e, l.lits
}

// record runs build on a bare encoder whose cells are the variables 1..n, given as xs, and returns the
// encoder and the clauses build made.
func record(n int, opt encoding, build func(e *cnf, xs []lit)) (*cnf, []lit) {
	var l list
	e := &cnf{m: constraints.Model{Rows: 1, Cols: n}, opt: opt, cells: make([]constraints.Cell, n),
		at: size{vars: n}, maxLiterals: MaxLiterals, ctx: context.Background(), out: &l}
	xs := make([]lit, n)
	for i := range xs {
		xs[i] = lit(i + 1)
	}
	build(e, xs)
	e.size = e.at
	return e, l.lits
}

// countModels counts every model of the clauses over all their variables, auxiliaries included, each
// checked by check with the number of cell variables true.
func countModels(t *testing.T, e *cnf, lits []lit, check func(trues int) bool) int {
	t.Helper()
	g := gini.New()
	for _, l := range lits {
		g.Add(z.Dimacs2Lit(int(l)))
	}
	count := 0
	for g.Solve() == 1 {
		count++
		block := make([]lit, 0, e.size.vars)
		trues := 0
		for v := lit(1); v <= lit(e.size.vars); v++ {
			val := g.Value(z.Dimacs2Lit(int(v)))
			if val {
				if v <= lit(len(e.cells)) {
					trues++
				}
				block = append(block, -v)
			} else {
				block = append(block, v)
			}
		}
		if !check(trues) {
			t.Fatalf("a model with %d cell variables true", trues)
		}
		for _, l := range block {
			g.Add(z.Dimacs2Lit(int(l)))
		}
		g.Add(0)
	}
	return count
}

// TestExactlyK checks each cardinality encoding over n cells: C(n, k) models over all variables, so the
// auxiliaries are a function of the cells (the solver's blocking clauses rely only on the count being
// exact, but a functional counter is what the comments claim).
func TestExactlyK(t *testing.T) {
	for _, enc := range []struct {
		name  string
		build func(e *cnf, xs []lit, k int)
	}{
		{"sequential counter", (*cnf).seqCounter},
		{"totalizer", (*cnf).totalize},
		{"exactly (default)", (*cnf).exactly},
	} {
		for n := 1; n <= 8; n++ {
			for k := 1; k <= n; k++ {
				e, lits := record(n, encoding{pairwiseUpTo: 3}, func(e *cnf, xs []lit) { enc.build(e, xs, k) })
				got := countModels(t, e, lits, func(trues int) bool { return trues == k })
				if want := binomial(n, k); got != want {
					t.Errorf("%s: exactly %d of %d: %d models over all variables, want C(n,k) = %d", enc.name, k, n, got, want)
				}
			}
		}
	}
}

// TestAtMostOne checks both at-most-one encodings on lines of 1..12 cells: L+1 assignments of the cells,
// whatever the auxiliaries do.
func TestAtMostOne(t *testing.T) {
	for l := 1; l <= 12; l++ {
		for _, opt := range []encoding{{pairwiseUpTo: 0, amo: Sequential}, {pairwiseUpTo: 100}, {pairwiseUpTo: 0, amo: Product}, {pairwiseUpTo: 2, amo: Product}} {
			upTo := opt
			e, lits := record(l, opt, func(e *cnf, xs []lit) {
				e.atMostOne(xs)
				e.clause(xs...) // and at least one, so that every cell variable is seen
			})
			srch := &search{e: e, g: gini.New(), skip: make([]bool, l+1)}
			for _, x := range lits {
				srch.g.Add(z.Dimacs2Lit(int(x)))
			}
			got := 0
			for {
				r, _ := solve(context.Background(), srch.g, true)
				if r != 1 {
					break
				}
				var trues []lit
				for v := lit(1); v <= lit(l); v++ {
					if srch.g.Value(z.Dimacs2Lit(int(v))) {
						trues = append(trues, -v)
					}
				}
				if len(trues) != 1 {
					t.Fatalf("line of %d, %s: %d true", l, upTo, len(trues))
				}
				got++
				srch.g.Add(z.Dimacs2Lit(int(trues[0])))
				srch.g.Add(0)
			}
			if got != l {
				t.Errorf("line of %d, %s: %d solutions with exactly one, want %d", l, upTo, got, l)
			}
		}
	}
}

func binomial(n, k int) int {
	r := 1
	for i := 1; i <= k; i++ {
		r = r * (n - k + i) / i
	}
	return r
}
