package variants_test

import (
	"context"
	"io/fs"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/brute"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
	"github.com/queens-dev/queens/variants"
)

// tables names the public sequence each catalog family is held against (testdata/oeis).
var tables = map[string]string{
	"classic count":      "A000170",
	"classic unique":     "A002562",
	"superqueens count":  "A051223",
	"superqueens unique": "A051224",
	"torus count":        "A051906",
	"torus unique":       "A053994",
}

// oeisTerm names a term of a sequence in testdata/oeis: a(n) of seq.
type oeisTerm struct {
	seq string
	n   int
}

// counts names, for catalog variants outside the three families, the OEIS term their count must equal.
var counts = map[string]oeisTerm{
	"kings-02": {"A018807", 1}, "kings-04": {"A018807", 2}, "kings-06": {"A018807", 3},
	"knights-04": {"A201540", 4}, "knights-05": {"A201540", 5},
	"bishops-04": {"A002465", 4}, "bishops-05": {"A002465", 5},
	"waran-08":             {"A189837", 8},
	"zebrarider-queens-10": {"A189876", 10},
	"leap25-queens-10":     {"A189869", 10},
	"no-three-in-line-05":  {"A000755", 5}, "no-three-in-line-06": {"A000755", 6},
	"mobius-06": {"A137279", 6}, "mobius-08": {"A137279", 8},
}

// uniques names, for catalog variants outside the three families, the OEIS term their unique count must
// equal.
var uniques = map[string]oeisTerm{
	"no-three-in-line-05": {"A000769", 5}, "no-three-in-line-06": {"A000769", 6},
}

// family returns the model a catalog name in a family stands for: classic-N, superqueens-N or torus-N.
func family(name string) (fam string, n int, m constraints.Model, ok bool) {
	fam, num, ok := strings.Cut(name, "-")
	if !ok {
		return "", 0, constraints.Model{}, false
	}
	n, err := strconv.Atoi(num)
	if err != nil {
		return "", 0, constraints.Model{}, false
	}
	m = constraints.Classic(n)
	switch fam {
	case "classic":
	case "superqueens":
		m.Attack = constraints.Superqueen
	case "torus":
		m.Surface = constraints.Torus
	default:
		return "", 0, constraints.Model{}, false
	}
	return fam, n, m, true
}

// term returns a(n) of the table for what, and false if the table does not reach n.
func term(t *testing.T, what string, n int) (uint64, string, bool) {
	seq := tables[what]
	if seq == "" {
		return 0, "", false
	}
	v, ok := modeltest.OEIS(t, seq)[n]
	return v, seq, ok
}

func TestCatalog(t *testing.T) {
	vs, err := variants.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) == 0 {
		t.Fatal("the catalog is empty")
	}
	names := map[string]bool{}
	for _, v := range vs {
		if names[v.Name] {
			t.Errorf("catalog: name %s twice", v.Name)
		}
		names[v.Name] = true
		if want := "catalog/" + v.Name + ".yaml"; v.Source != want {
			t.Errorf("%s: Source %s, want %s: name and file should agree", v.Name, v.Source, want)
		}
		if v.Expect.Count == nil {
			t.Errorf("%s: no expected count", v.Name)
		}
		if v.Description == "" {
			t.Errorf("%s: no description (it should say where the expectation comes from)", v.Name)
		}
	}
	// Every file in the embedded folder is a catalog variant.
	entries, err := fs.ReadDir(variants.CatalogFS(), "catalog")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(vs) {
		t.Errorf("catalog: %d files, %d variants", len(entries), len(vs))
	}

	for _, v := range vs {
		t.Run(v.Name, func(t *testing.T) {
			t.Parallel()
			countChecked, uniqueChecked := false, v.Expect.Unique == nil
			if fam, n, m, ok := family(v.Name); ok {
				if !reflect.DeepEqual(v.Model, m) {
					t.Fatalf("model %v, want the %s model %v for its name", v.Model, fam, m)
				}
				if c, seq, ok := term(t, fam+" count", n); ok {
					if v.Expect.Count == nil || *v.Expect.Count != c {
						t.Errorf("expect %s, but %s(%d) = %d", v.Expect, seq, n, c)
					}
					countChecked = true
				}
				if u, seq, ok := term(t, fam+" unique", n); ok && v.Expect.Unique != nil {
					if *v.Expect.Unique != u {
						t.Errorf("expect %s, but %s(%d) = %d", v.Expect, seq, n, u)
					}
					uniqueChecked = true
				}
			}
			if c, ok := counts[v.Name]; ok {
				want, found := modeltest.OEIS(t, c.seq)[c.n]
				if !found || v.Expect.Count == nil || *v.Expect.Count != want {
					t.Errorf("expect %s, but %s(%d) = %d", v.Expect, c.seq, c.n, want)
				}
				countChecked = true
			}
			if u, ok := uniques[v.Name]; ok {
				want, found := modeltest.OEIS(t, u.seq)[u.n]
				if !found || v.Expect.Unique == nil || *v.Expect.Unique != want {
					t.Errorf("expect %s, but %s(%d) = %d", v.Expect, u.seq, u.n, want)
				}
				uniqueChecked = true
			}
			if strings.HasPrefix(v.Name, "linkedin-") || strings.HasPrefix(v.Name, "starbattle-") {
				// Made by queens puzzle: two solvers that share nothing must each find one solution alone.
				var found []constraints.Solution
				for _, s := range []solvers.Solver{router.New(router.NativeOnly()), sat.New()} {
					var sols []constraints.Solution
					res, err := s.Enumerate(context.Background(), v.Model, func(sol constraints.Solution) bool {
						sols = append(sols, sol)
						return len(sols) < 2
					})
					if err != nil || !res.Complete || len(sols) != 1 {
						t.Fatalf("%s: %d solutions (complete %v, %v), want exactly 1", s.Name(), len(sols), res.Complete, err)
					}
					found = append(found, sols[0])
				}
				if found[0].Compare(found[1]) != 0 {
					t.Errorf("backtrack finds %v, sat %v", found[0], found[1])
				}
				countChecked = v.Expect.Count != nil && *v.Expect.Count == 1
			} else if v.Model.Rows*v.Model.Cols <= brute.MaxCells && (!countChecked || !uniqueChecked) {
				// (A puzzle of 64 cells is left to the two solvers: brute force would try every placement
				// of its kings, quotas aside. Where the tables check the whole expectation, brute force
				// adds nothing to this test and may take long: it judges the lines of every slope of
				// no-three-in-line-06 only once all 12 points stand.)
				res, err := solvers.CountUnique(context.Background(), brute.Solver{}, v.Model)
				if err != nil || !res.Complete {
					t.Fatalf("brute: %+v, %v", res, err)
				}
				if err := v.Expect.Check(res.Count, res.Unique); err != nil {
					t.Errorf("brute force: %v", err)
				}
				countChecked, uniqueChecked = true, true
			}
			if !countChecked || !uniqueChecked {
				t.Errorf("expect %s: neither brute force (over %d cells) nor a table in this test checks all of it", v.Expect, brute.MaxCells)
			}
		})
	}
}
