package deduce_test

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
)

type publishedPuzzle struct {
	label string
	url   string
	m     constraints.Model
}

// publishedPuzzles reads a list of puzzles in testdata/published (LABEL URL a line).
func publishedPuzzles(t testing.TB, file string) []publishedPuzzle {
	t.Helper()
	f, err := os.Open("../testdata/published/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []publishedPuzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		m, err := codec.ParseURL(fs[1])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, publishedPuzzle{fs[0], fs[1], m})
	}
	return out
}

// TestPublishedExplained explains every published Star Battle without guessing, each step sound, and
// holds the grades to the publisher's labels: the agreement measured when the grades were set (4 of
// the 6 labelled) must not drop.
func TestPublishedExplained(t *testing.T) {
	agree, labelled := 0, 0
	for _, p := range publishedPuzzles(t, "starbattle.txt") {
		sol := uniqueSolution(t, p.m)
		e, err := deduce.Explain(context.Background(), p.m, deduce.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSteps(t, e.Steps, sol)
		if !e.Solved {
			t.Errorf("%s: stalled with %d open: %s", p.url, e.Open, e.Stalled)
		}
		if p.label != "-" {
			labelled++
			if e.Grade.String() == p.label {
				agree++
			}
		}
		t.Logf("%-6s graded %-6s score %4d in %3d steps: %s", p.label, e.Grade, e.Score, len(e.Steps), p.url)
	}
	t.Logf("grades agree with the labels on %d of %d", agree, labelled)
	if agree < 4 {
		t.Errorf("grades agree with the labels on %d of %d, want at least 4", agree, labelled)
	}
}
