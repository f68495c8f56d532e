package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/variants"
)

// solveDoc is what TestSolversAgreeThroughTheCLI reads of 'queens solve --format json'.
type solveDoc struct {
	Solutions [][]string `json:"solutions"`
	Count     uint64     `json:"count"`
	Unique    *uint64    `json:"unique"`
	Complete  bool       `json:"complete"`
	Found     *bool      `json:"found"`
	Proved    *bool      `json:"proved"`
}

// TestSolversAgreeThroughTheCLI holds 'queens solve' with --solver auto, backtrack and sat to brute
// force on random small models of every kind (modeltest.ValidWide and ValidShaped: every surface,
// riders, leapers, quotas and ranges, regions, blocked and fixed cells, rectangular boards), each
// written as a variant file and read back as a user's would be: the count, --unique's classes, the
// boards of --all (the same set as brute force's), --all --limit K and --limit K (K solutions and
// "incomplete" below the count, the whole count and complete at or above it), and --first (a board
// that passes Model.Check where brute force has one, "no solution" proved where it has none). The
// solvers' own agreement is held in package solvers; this holds the command line's modes and its way
// from a file to a model and from an answer to its JSON.
func TestSolversAgreeThroughTheCLI(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 12))
	dir := t.TempDir()
	models := 150
	if testing.Short() {
		models = 40
	}
	compared, withSolutions, refused := 0, 0, 0
	surfaces := map[constraints.Surface]int{}
	for try := 0; compared < models && try < 50*models; try++ {
		m := modeltest.ValidWide(rng, 5)
		if try%2 == 1 {
			m = modeltest.ValidShaped(rng, 6)
		}
		want, ok := bruteSolutions(m, 200)
		if !ok {
			continue
		}
		file := filepath.Join(dir, fmt.Sprintf("m%d.yaml", try))
		data, err := variants.Format(variants.Variant{Name: fmt.Sprintf("m%d", try), Model: m})
		if err != nil {
			t.Fatalf("%v: Format: %v", m, err)
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// The loader refuses a model whose quotas contradict themselves (each knight-line=1 on 2×2 with
		// 1 queen; a diagonal=1..2 through blocked cells only) as a mistake in the file, naming its line,
		// before any solver: nothing to compare.
		if code, _, stderr := run("solve", file, "--format", "json"); code == 2 && strings.HasPrefix(stderr, "queens solve: "+file+":") {
			refused++
			continue
		}
		compared++
		surfaces[m.Surface]++
		if len(want) > 0 {
			withSolutions++
		}
		holdCLI(t, m, file, want)
	}
	if compared < models || withSolutions < models/4 || len(surfaces) < len(constraints.Surfaces()) {
		t.Errorf("%d models compared (want %d), %d with solutions, surfaces %v", compared, models, withSolutions, surfaces)
	}
	t.Logf("%d models compared, %d with solutions, surfaces %v; %d refused by the loader", compared, withSolutions, surfaces, refused)
}

// holdCLI runs each mode of 'queens solve FILE' with each solver and holds it to want, brute force's
// sorted solutions of m.
func holdCLI(t *testing.T, m constraints.Model, file string, want []constraints.Solution) {
	t.Helper()
	n := uint64(len(want))
	g, err := m.Group(context.Background())
	if err != nil {
		t.Fatalf("%v: Group: %v", m, err)
	}
	var classes uint64
	for _, s := range want {
		if g.IsCanonical(s) {
			classes++
		}
	}
	limit := n/2 + 1
	for _, solver := range []string{"auto", "backtrack", "sat"} {
		name := fmt.Sprintf("%s (%s, --solver %s)", m, file, solver)
		solve := func(args ...string) (solveDoc, bool) {
			args = append([]string{"solve", file, "--solver", solver, "--format", "json"}, args...)
			code, out, stderr := run(args...)
			if code == 2 && strings.Contains(stderr, "does not take") && solver != "auto" {
				return solveDoc{}, false // an engine that refuses the model; auto must not
			}
			var doc solveDoc
			if code != 0 && !(code == 1 && strings.Contains(stderr, "no solution")) {
				t.Errorf("%s: queens %s: exit %d: %s", name, strings.Join(args[2:], " "), code, stderr)
				return doc, false
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Errorf("%s: queens %s: %v\n%s", name, strings.Join(args[2:], " "), err, out)
				return doc, false
			}
			return doc, true
		}
		if doc, ok := solve(); ok && (doc.Count != n || !doc.Complete) {
			t.Errorf("%s: count %d (complete %v); brute force %d", name, doc.Count, doc.Complete, n)
		}
		if doc, ok := solve("--unique"); ok && (doc.Count != n || doc.Unique == nil || *doc.Unique != classes || !doc.Complete) {
			t.Errorf("%s: --unique: %d solutions, unique %v; brute force %d in %d classes", name, doc.Count, doc.Unique, n, classes)
		}
		if doc, ok := solve("--all"); ok {
			got := boards(t, name, m, doc.Solutions)
			if !slices.EqualFunc(got, want, func(a, b constraints.Solution) bool { return a.Compare(b) == 0 }) || doc.Count != n || !doc.Complete {
				t.Errorf("%s: --all lists %d boards (count %d); brute force %d\ngot  %v\nwant %v", name, len(got), doc.Count, n, got, want)
			}
		}
		for _, k := range []uint64{limit, n + 1} {
			wantCount, wantComplete := min(k, n), k > n
			if doc, ok := solve("--all", "--limit", fmt.Sprint(k)); ok {
				got := boards(t, name, m, doc.Solutions)
				if uint64(len(got)) != wantCount || doc.Count != wantCount || (doc.Complete != wantComplete && k != n) {
					t.Errorf("%s: --all --limit %d: %d boards, count %d, complete %v; brute force %d", name, k, len(got), doc.Count, doc.Complete, n)
				}
				for _, s := range got {
					if !member(want, s) {
						t.Errorf("%s: --all --limit %d: %v is not among brute force's", name, k, s)
					}
				}
			}
			if doc, ok := solve("--limit", fmt.Sprint(k)); ok && (doc.Count != wantCount || (doc.Complete != wantComplete && k != n)) {
				t.Errorf("%s: --limit %d: count %d, complete %v; brute force %d", name, k, doc.Count, doc.Complete, n)
			}
		}
		if doc, ok := solve("--first"); ok {
			got := boards(t, name, m, doc.Solutions)
			switch {
			case doc.Found == nil || *doc.Found != (n > 0) || doc.Proved == nil || !*doc.Proved:
				t.Errorf("%s: --first: found %v, proved %v; brute force %d solutions", name, doc.Found, doc.Proved, n)
			case n > 0 && (len(got) != 1 || !member(want, got[0])):
				t.Errorf("%s: --first gave %v, not one of brute force's", name, got)
			}
		}
	}
}

// bruteSolutions lists m's solutions by brute force, sorted; false if brute force refuses m, would walk
// too many placements, or finds more than most.
func bruteSolutions(m constraints.Model, most int) ([]constraints.Solution, bool) {
	bounded := m.Attack.Has(constraints.Row) || m.Attack.Has(constraints.Column) || !m.Each.Row.IsZero() || !m.Each.Column.IsZero()
	if free := m.Rows*m.Cols - len(m.Blocked); !bounded && new(big.Int).Binomial(int64(free), int64(m.QueenCount())).Cmp(big.NewInt(20000)) > 0 {
		return nil, false
	}
	var out []constraints.Solution
	res, err := brute.Solver{}.Enumerate(context.Background(), m, func(s constraints.Solution) bool {
		out = append(out, slices.Clone(s))
		return len(out) <= most
	})
	if errors.Is(err, solvers.ErrUnsupported) || err != nil || !res.Complete || len(out) > most {
		return nil, false
	}
	for i := range out {
		sortCells(out[i])
	}
	slices.SortFunc(out, constraints.Solution.Compare)
	return out, true
}

// boards reads the boards of a JSON answer as sorted solutions, each held to Model.Check.
func boards(t *testing.T, name string, m constraints.Model, rows [][]string) []constraints.Solution {
	t.Helper()
	var out []constraints.Solution
	for _, b := range rows {
		var s constraints.Solution
		for r, line := range b {
			for c, ch := range []rune(line) {
				if ch == 'Q' {
					s = append(s, constraints.Cell{Row: r, Col: c})
				}
			}
		}
		if err := m.Check(s); err != nil {
			t.Errorf("%s: the board %v fails Check: %v", name, b, err)
		}
		out = append(out, s)
	}
	slices.SortFunc(out, constraints.Solution.Compare)
	return out
}

func sortCells(s constraints.Solution) {
	slices.SortFunc(s, func(a, b constraints.Cell) int {
		if a.Row != b.Row {
			return a.Row - b.Row
		}
		return a.Col - b.Col
	})
}

func member(sols []constraints.Solution, s constraints.Solution) bool {
	for _, x := range sols {
		if x.Compare(s) == 0 {
			return true
		}
	}
	return false
}
