package puzzles_test

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/puzzles"
)

// publishedShapes measures the region grids of a list in testdata/published (LABEL URL a line) by their
// side and stars.
func publishedShapes(t *testing.T, file string) map[[2]int][]puzzles.Shape {
	t.Helper()
	f, err := os.Open("../testdata/published/" + file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[[2]int][]puzzles.Shape{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 2 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		m, err := codec.ParseURL(fs[1])
		if err != nil {
			t.Fatalf("%s: %s: %v", file, fs[0], err)
		}
		k := [2]int{m.Rows, m.Each.Region.Hi}
		out[k] = append(out[k], puzzles.ShapeOf(m.Regions))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPublishedShapes measures the published puzzles the generator is held to (docs/puzzles.md quotes
// the figures): LinkedIn's levels have about 0.3 one-cell regions a level and under 10% of regions of at
// most two cells, every region in one piece; published Star Battles of two stars or more have no
// one-cell region.
func TestPublishedShapes(t *testing.T) {
	var all []puzzles.Shape
	for k, shapes := range publishedShapes(t, "linkedin.txt") {
		t.Logf("LinkedIn %d×%d: %s", k[0], k[0], summary(shapes))
		all = append(all, shapes...)
	}
	t.Logf("LinkedIn, all: %s", summary(all))
	singles, small, regions := sums(all)
	if len(all) < 600 || singles*10 > 3*len(all) || small*10 > regions {
		t.Errorf("LinkedIn: %d levels, %d one-cell regions, %d of %d regions of at most 2 cells", len(all), singles, small, regions)
	}
	for _, file := range []string{"starbattle.txt", "starbattle-big.txt"} {
		for k, shapes := range publishedShapes(t, file) {
			t.Logf("%s %d×%d %d★: %s", file, k[0], k[0], k[1], summary(shapes))
			if singles, _, _ := sums(shapes); k[1] > 1 && singles > 0 {
				t.Errorf("%s %d×%d %d★: %d one-cell regions", file, k[0], k[0], k[1], singles)
			}
		}
	}
}

func sums(shapes []puzzles.Shape) (singles, small, regions int) {
	for _, s := range shapes {
		singles, small, regions = singles+s.Singles, small+s.Small, regions+s.Regions
	}
	return
}

// summary says what docs/puzzles.md tabulates of a set of puzzles.
func summary(shapes []puzzles.Shape) string {
	singles, small, regions := sums(shapes)
	largest, mean, split := 0.0, 0.0, 0
	for _, s := range shapes {
		largest = max(largest, float64(s.Largest)/float64(s.Cells))
		mean += float64(s.Largest) / float64(s.Cells) / float64(len(shapes))
		if !s.Connected {
			split++
		}
	}
	return fmt.Sprintf("%d puzzles, %.2f one-cell regions a puzzle, %.1f%% of regions of at most 2 cells, the largest region %.0f%% of the board on average, %.0f%% at most, %d with a region in pieces",
		len(shapes), float64(singles)/float64(len(shapes)), 100*float64(small)/float64(regions), 100*mean, 100*largest, split)
}
