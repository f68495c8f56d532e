package sat

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/irifrance/gini"
	"github.com/irifrance/gini/z"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// smallModels lists every board up to 5×5, on every surface, under every set of the five first attack
// kinds; then boards up to 7×7 under each rider and each leaper of modeltest's pools alone, and under
// pairs of them, flat and on a torus and a Möbius strip.
func smallModels() []constraints.Model {
	var out []constraints.Model
	for rows := 1; rows <= 5; rows++ {
		for cols := 1; cols <= 5; cols++ {
			for _, a := range modeltest.Kinds5() {
				for _, s := range constraints.Surfaces() {
					out = append(out, constraints.Model{Rows: rows, Cols: cols, Attack: a, Surface: s})
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
				for _, s := range []constraints.Surface{constraints.Flat, constraints.Torus, constraints.Mobius} {
					out = append(out, constraints.Model{Rows: side[0], Cols: side[1], Attack: constraints.Union(a, b), Surface: s})
				}
			}
		}
	}
	return out
}

// TestAttackRelation holds the encoding's idea of attack against Model.Attacks: two free cells share a
// line of a family that holds at most one queen, or a clause of the leaps, exactly when the model says
// they attack each other.
func TestAttackRelation(t *testing.T) {
	for _, m := range smallModels() {
		e, _ := encodeList(t, m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
		n := len(e.cells)
		together := make([]bool, (n+1)*(n+1))
		mark := func(a, b lit) { together[int(a)*(n+1)+int(b)], together[int(b)*(n+1)+int(a)] = true, true }
		for k := range e.fams {
			f := &e.fams[k]
			if f.rng.Hi > 1 {
				t.Fatalf("%s: family %s holds %s a line, in a model without quotas", m, f.name, f.rng)
			}
			for l := range f.lines.Count() {
				line := e.lineVars(nil, f, l)
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

// pairModel returns m with what forbids two queens alone: no fixed queens, two queens, and each quota cut
// to its upper end, so that Check({a, b}) fails exactly when a and b attack each other or fill a line past
// what a quota allows.
func pairModel(m constraints.Model) constraints.Model {
	m.Fixed, m.Queens = nil, 2
	for _, k := range constraints.QuotaKeys() {
		if r := m.Each.Get(k); !r.IsZero() {
			m.Each = m.Each.Set(k, constraints.AtMost(r.Hi))
		}
	}
	return m
}

// TestSplitGeometry holds the geometry the split judges placements by against the model's own, cell pair by
// cell pair: a tally with a queen on a refuses a second on b, and a cube with a queen on a gives b the
// value false, exactly when two queens on a and b break the model by Model.Check (they attack each other,
// or fill a line past a quota). The models are the small ones up to 5×5 and 1000 drawn from the whole space
// (every surface, blocked cells that lines pass over, quotas and ranges on rows, columns, regions,
// diagonals and lines of every slope, small riders and leapers of any vector). Where the queen count
// narrows a range's upper end (rows of one or two queens holding as many queens as rows: one each), the
// encoding refuses more pairs than Check does, never fewer.
func TestSplitGeometry(t *testing.T) {
	// The small boards up to 5×5 (the larger ones of smallModels repeat what TestAttackRelation holds).
	models := slices.DeleteFunc(smallModels(), func(m constraints.Model) bool { return m.Rows*m.Cols > 25 })
	rng := rand.New(rand.NewPCG(5, 8))
	for range 1000 {
		models = append(models, modeltest.ValidWide(rng, 6))
	}
	for _, m := range models {
		e, err := newCNF(context.Background(), m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
		if err != nil {
			t.Fatal(err)
		}
		narrowed := false
		for _, f := range e.fams {
			narrowed = narrowed || f.rng.Hi < f.declared.Hi
		}
		pm := pairModel(m)
		tl := newTally(e)
		for i, a := range e.cells {
			q := lit(i + 1)
			tl.place(q, 1)
			val := e.cubeValues(cube{trues: []lit{q}, weight: 1})
			if val[q] != 1 {
				t.Fatalf("%s: a cube with a queen on %s gives it %d", m, a, val[q])
			}
			for j, b := range e.cells {
				if i == j {
					continue
				}
				want := pm.Check(constraints.NewSolution(a, b)) != nil
				refused := !tl.fits(lit(j + 1))
				if refused != want && !(narrowed && refused) {
					t.Fatalf("%s %s: a tally with a queen on %s refuses one on %s: %v; Check on the two says %v", m, extras(m), a, b, refused, want)
				}
				if got := val[j+1] == -1; (got != want && !(narrowed && got)) || val[j+1] == 1 {
					t.Fatalf("%s %s: a cube with a queen on %s gives %s the value %d; Check on the two says %v", m, extras(m), a, b, val[j+1], want)
				}
			}
			tl.place(q, -1)
		}
	}
}

// extras describes what Model.String leaves out.
func extras(m constraints.Model) string {
	return fmt.Sprintf("(surface %s, each %s, regions %v, blocked %v, fixed %v)", m.Surface, m.Each, m.Regions, m.Blocked, m.Fixed)
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
	return countOver(t, e, lits, e.size.vars, check)
}

// countCells counts the assignments of the cell variables that the clauses allow (with some values of the
// auxiliaries), each checked by check with the number of cell variables true.
func countCells(t *testing.T, e *cnf, lits []lit, check func(trues int) bool) int {
	t.Helper()
	return countOver(t, e, lits, len(e.cells), check)
}

// countOver counts the assignments of variables 1..upTo that the clauses allow, blocking each once found.
func countOver(t *testing.T, e *cnf, lits []lit, upTo int, check func(trues int) bool) int {
	t.Helper()
	g := gini.New()
	for _, l := range lits {
		g.Add(z.Dimacs2Lit(int(l)))
	}
	for v := 1; v <= e.size.vars; v++ { // make every variable known to gini, as Value panics on one it has not seen
		g.Add(z.Dimacs2Lit(v))
		g.Add(z.Dimacs2Lit(-v))
		g.Add(0)
	}
	count := 0
	for g.Solve() == 1 {
		count++
		block := make([]lit, 0, upTo)
		trues := 0
		for v := lit(1); v <= lit(upTo); v++ {
			if g.Value(z.Dimacs2Lit(int(v))) {
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

// TestExactlyK checks each cardinality encoding of exact counts over n cells: C(n, k) models over all
// variables, so the auxiliaries are a function of the cells (the solver's blocking clauses rely only on
// the count being exact, but a functional counter is what the comments claim).
func TestExactlyK(t *testing.T) {
	for _, enc := range []struct {
		name  string
		build func(e *cnf, xs []lit, k int)
	}{
		{"sequential counter", func(e *cnf, xs []lit, k int) { e.seqCounter(xs, k, k, true) }},
		{"totalizer", func(e *cnf, xs []lit, k int) { e.totalize(xs, k, k, true) }},
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

// TestRanges checks every encoding of every range over lines of 1 to 8 cells: the assignments of the
// cells it allows are those whose count lies in the range, Σ C(n, j) for j from lo to hi. The encodings
// that go both ways (the counters for a least count, the exact ones) must allow as many models over all
// their variables, their auxiliaries a function of the cells.
func TestRanges(t *testing.T) {
	encodings := []encoding{{pairwiseUpTo: 3}, {pairwiseUpTo: 100}, {pairwiseUpTo: 0, amo: Sequential}, {pairwiseUpTo: 3, card: cardTotalizer},
		{pairwiseUpTo: 3, binomialUpTo: defaultBinomialUpTo}, {pairwiseUpTo: 3, binomialUpTo: 1 << 20, binomialExact: true}}
	for a := atMostCounter; a <= atMostTotalizer; a++ {
		encodings = append(encodings, encoding{pairwiseUpTo: 3, atMost: a})
	}
	for _, opt := range encodings {
		for n := 1; n <= 8; n++ {
			for lo := 0; lo <= n; lo++ {
				for hi := max(lo, 1); hi <= n+1; hi++ {
					r := constraints.Between(lo, hi)
					e, lits := record(n, opt, func(e *cnf, xs []lit) { e.inRange(xs, r) })
					want := 0
					for j := lo; j <= min(hi, n); j++ {
						want += binomial(n, j)
					}
					inside := func(trues int) bool { return r.Holds(trues) }
					if got := countCells(t, e, lits, inside); got != want {
						t.Errorf("%s: %s of %d: %d assignments of the cells, want %d", opt, r, n, got, want)
					}
					// Exactly one by a sequential at-most-one leaves its auxiliaries free; the counters do not.
					functional := lo > 0 && hi >= 2 && !(lo == 1 && hi >= n)
					if functional {
						if got := countModels(t, e, lits, inside); got != want {
							t.Errorf("%s: %s of %d: %d models over all variables, want %d: the auxiliaries are not a function of the cells", opt, r, n, got, want)
						}
					}
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
