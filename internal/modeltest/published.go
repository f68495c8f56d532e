package modeltest

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
)

// Published is a puzzle of testdata/published: the publisher's label, its puzz.link URL and its model.
type Published struct {
	Label, URL string
	Model      constraints.Model
}

// PublishedPuzzles reads a list of testdata/published (a line "LABEL URL" a puzzle, # comments), in order.
func PublishedPuzzles(t testing.TB, file string) []Published {
	t.Helper()
	f, err := os.Open(filepath.Join(Root(t), "testdata", "published", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []Published
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		m, err := codec.ParseURL(fs[1])
		if err != nil {
			t.Fatalf("%s:%d: %v", file, line, err)
		}
		out = append(out, Published{fs[0], fs[1], m})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
