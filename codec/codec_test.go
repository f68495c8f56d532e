package codec_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/variants"
)

// published reads the published Star Battle URLs with their labels.
func published(t testing.TB) [][2]string {
	t.Helper()
	f, err := os.Open("../testdata/published/starbattle.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 2 && !strings.HasPrefix(fs[0], "#") {
			out = append(out, [2]string{fs[0], fs[1]})
		}
	}
	return out
}

// TestPublishedURLs reads every published URL: as many regions as rows, exactly one solution (the
// propagating search), and a URL written back that reads as the same puzzle.
func TestPublishedURLs(t *testing.T) {
	for _, p := range published(t) {
		m, err := codec.ParseURL(p[1])
		if err != nil {
			t.Fatalf("%s: %v", p[1], err)
		}
		if m.Regions.Count() != m.Rows {
			t.Errorf("%s: %d regions on %d rows", p[1], m.Regions.Count(), m.Rows)
		}
		sols, _, err := deduce.Solutions(context.Background(), m, 2)
		if err != nil || len(sols) != 1 {
			t.Errorf("%s: %d solutions (%v), want 1", p[1], len(sols), err)
		}
		roundTrip(t, m)
	}
}

// TestRoundTripCatalog writes every built-in region puzzle (as many queens, exactly, on every row, column
// and region: what these formats say) in each format and reads it back.
func TestRoundTripCatalog(t *testing.T) {
	all, err := variants.Catalog()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range all {
		q := v.Model.Each
		if _, exact := q.Region.Exact(); v.Model.Regions != nil && exact && q.Row == q.Region && q.Column == q.Region {
			roundTrip(t, v.Model)
		}
	}
}

func roundTrip(t *testing.T, m constraints.Model) {
	t.Helper()
	same := func(format string, back constraints.Model, err error) {
		t.Helper()
		if err != nil {
			t.Errorf("%s: %v", format, err)
			return
		}
		if back.Canonical() != m.Canonical() {
			t.Errorf("%s: read back\n%s\nwant\n%s", format, back.Canonical(), m.Canonical())
		}
	}
	stars := m.Each.Row.Hi
	url, err := codec.FormatURL(m)
	if err != nil {
		t.Fatalf("url: %v", err)
	}
	back, err := codec.ParseURL(url)
	same("url "+url, back, err)
	js, err := codec.FormatLevel(m)
	if err != nil {
		t.Fatalf("level: %v", err)
	}
	back, err = codec.ParseLevel(js, stars)
	same("level "+string(js), back, err)
	grid, err := codec.FormatGrid(m)
	if err != nil {
		t.Fatalf("grid: %v", err)
	}
	back, err = codec.ParseGrid(grid, stars)
	same("grid", back, err)
}

func TestParseLevel(t *testing.T) {
	// The shape LinkedIn-Queens clones keep levels in; some label regions by number.
	const letters = `{"size": 4, "colorRegions": [["A","A","B","B"],["A","C","B","B"],["C","C","D","D"],["C","D","D","D"]], "regionColors": {"A": "#f00"}}`
	const numbers = `{"colorRegions": [[0,0,1,1],[0,2,1,1],[2,2,3,3],[2,3,3,3]]}`
	a, err1 := codec.ParseLevel([]byte(letters), 1)
	b, err2 := codec.ParseLevel([]byte(numbers), 1)
	if err1 != nil || err2 != nil || a.Canonical() != b.Canonical() {
		t.Fatalf("letters %v (%v) and numbers %v (%v) differ", a, err1, b, err2)
	}
	for _, in := range []string{`{}`, `{"size": 3, "colorRegions": [["A"]]}`, `{"colorRegions": [["A","B"],["A"]]}`, `[1]`, `{"colorRegions": [[{}]]}`,
		numbers + ` garbage`, `{"colorRegions": [["A"]], "colorRegions": [["B"]]}`, `{"size": 1, "size": 1, "colorRegions": [["A"]]}`} {
		if _, err := codec.ParseLevel([]byte(in), 1); err == nil {
			t.Errorf("%s: no error", in)
		}
	}
}

func TestRefusals(t *testing.T) {
	for _, in := range []string{"", "?slither/5/5/abc", "?starbattle/10/10/2/0", "?starbattle/99/99/2/0", "?starbattle/3/3/x/0000", "?starbattle/2/2/1/zz",
		"?starbattle/2/2/1/o00", "?starbattle/2/2/1/o0/x", "?starbattle/2/2/1/o0g"} { // the last three: data after the border code

		if _, err := codec.ParseURL(in); err == nil {
			t.Errorf("url %q: no error", in)
		}
	}
	for _, in := range []string{"?starbattle/2/2/1/o0", "?starbattle/2/2/1/o0/"} {
		if _, err := codec.ParseURL(in); err != nil {
			t.Errorf("url %q: %v", in, err)
		}
	}
	// A character that is not ASCII is one character, named as it is, not two digits.
	for _, in := range []string{"?starbattle/2/2/1/é", "?starbattle/2/2/1/oé", "?starbattle/3/3/1/0é00"} {
		if _, err := codec.ParseURL(in); err == nil || !strings.Contains(err.Error(), `'é' at character`) || !strings.Contains(err.Error(), "is not a base-32 digit") {
			t.Errorf("url %q: %v, want the é named", in, err)
		}
	}
	if _, err := codec.ParseGrid([]byte("AB\nA"), 1); err == nil {
		t.Error("a ragged grid: no error")
	}
	// A region in two pieces cannot be written as a URL.
	g, _ := constraints.ParseRegions([]string{"ABA", "BBB", "BBB"})
	m := constraints.Model{Rows: 3, Cols: 3, Attack: constraints.King, Regions: g, Queens: 2, Each: constraints.Quota{Region: constraints.Exactly(1)}}
	if _, err := codec.FormatURL(m); err == nil {
		t.Error("a region in two pieces: no error")
	}
}

func FuzzParseURL(f *testing.F) {
	for _, p := range published(f) {
		f.Add(p[1])
	}
	f.Add("?starbattle/4/4/1/00000")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := codec.ParseURL(s)
		if err != nil {
			return
		}
		url, err := codec.FormatURL(m)
		if err != nil {
			t.Fatalf("%q read, but not written: %v", s, err)
		}
		back, err := codec.ParseURL(url)
		if err != nil || back.Canonical() != m.Canonical() {
			t.Fatalf("%q: written as %q, read back differently (%v)", s, url, err)
		}
	})
}

func FuzzParseLevel(f *testing.F) {
	f.Add([]byte(`{"size": 2, "colorRegions": [["A","B"],["B","B"]]}`))
	f.Add([]byte(`{"colorRegions": [[0,1,1,1],[0,0,2,1],[3,2,2,1],[3,3,3,3]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := codec.ParseLevel(data, 1)
		if err != nil {
			return
		}
		out, err := codec.FormatLevel(m)
		if err != nil {
			t.Fatalf("read, but not written: %v", err)
		}
		back, err := codec.ParseLevel(out, 1)
		if err != nil || back.Canonical() != m.Canonical() {
			t.Fatalf("written as %s, read back differently (%v)", out, err)
		}
	})
}

func FuzzParseGrid(f *testing.F) {
	f.Add([]byte("AABB\nACBB\nCCDD\nCDDD\n"), 1)
	f.Add([]byte("A B\nB B\n"), 1)
	f.Fuzz(func(t *testing.T, data []byte, stars int) {
		m, err := codec.ParseGrid(data, stars)
		if err != nil {
			return
		}
		out, err := codec.FormatGrid(m)
		if err != nil {
			t.Fatalf("read, but not written: %v", err)
		}
		back, err := codec.ParseGrid(out, stars)
		if err != nil || back.Canonical() != m.Canonical() {
			t.Fatalf("written as %q, read back differently (%v)", out, err)
		}
	})
}
