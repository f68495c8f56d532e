package deduce_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/modeltest"
)

// TestPublishedExplained explains every published Star Battle without guessing, each step sound, and
// holds the grades to the publisher's labels: the agreement measured when the grades were set (4 of
// the 6 labelled) must not drop, and every puzzle labelled easier grades below every one labelled
// harder (easy below hard and expert).
func TestPublishedExplained(t *testing.T) {
	agree, labelled := 0, 0
	byLabel := map[deduce.Level][]deduce.Level{} // the grades of the puzzles of each label
	for _, p := range modeltest.PublishedPuzzles(t, "starbattle.txt") {
		sol := uniqueSolution(t, p.Model)
		e, err := deduce.Explain(context.Background(), p.Model, deduce.Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkSteps(t, e.Steps, sol)
		if !e.Solved {
			t.Errorf("%s: stalled with %d open: %s", p.URL, e.Open, e.Stalled)
		}
		if p.Label != "-" {
			label, err := deduce.ParseLevel(p.Label)
			if err != nil {
				t.Fatal(err)
			}
			byLabel[label] = append(byLabel[label], e.Grade)
			labelled++
			if e.Grade.String() == p.Label {
				agree++
			}
		}
		t.Logf("%-6s graded %-6s score %4d in %3d steps: %s", p.Label, e.Grade, e.Score, len(e.Steps), p.URL)
	}
	t.Logf("grades agree with the labels on %d of %d", agree, labelled)
	if agree < 4 {
		t.Errorf("grades agree with the labels on %d of %d, want at least 4", agree, labelled)
	}
	if len(byLabel[deduce.Easy]) == 0 || len(byLabel[deduce.Hard]) == 0 {
		t.Fatalf("labels %v: want easy and hard puzzles", byLabel)
	}
	for easier, grades := range byLabel {
		for harder, others := range byLabel {
			if easier != deduce.Easy || harder < deduce.Hard {
				continue
			}
			if slices.Max(grades) >= slices.Min(others) {
				t.Errorf("puzzles labelled %s grade up to %s, and one labelled %s grades %s", easier, slices.Max(grades), harder, slices.Min(others))
			}
		}
	}
}

var (
	big       = flag.Bool("big", false, "TestPublishedBig: explain every big published Star Battle (testdata/published/starbattle-big.txt); TestPublishedBigSolutions: prove the solutions file")
	updateBig = flag.Bool("update-big", false, "TestPublishedBigSolutions: write testdata/published/starbattle-big-solutions.txt anew")
)

const bigSolutions = "../testdata/published/starbattle-big-solutions.txt"

// readSolutions reads the solutions of a list of published puzzles: a line each, in the list's order,
// "N ROW/ROW/…", each ROW the columns of its row's queens joined by commas.
func readSolutions(t testing.TB, file string) []constraints.Solution {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []constraints.Solution
	for n, line := range strings.Split(string(data), "\n") {
		fs := strings.Fields(line)
		if len(fs) == 0 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		if len(fs) != 2 || fs[0] != strconv.Itoa(len(out)+1) {
			t.Fatalf("%s:%d: want the puzzle's number, %d, and its solution", file, n+1, len(out)+1)
		}
		var cells []constraints.Cell
		for r, row := range strings.Split(fs[1], "/") {
			for _, c := range strings.Split(row, ",") {
				col, err := strconv.Atoi(c)
				if err != nil {
					t.Fatalf("%s:%d: row %d: %v", file, n+1, r, err)
				}
				cells = append(cells, constraints.Cell{Row: r, Col: col})
			}
		}
		out = append(out, constraints.NewSolution(cells...))
	}
	return out
}

func formatSolution(rows int, sol constraints.Solution) string {
	cols := make([][]string, rows)
	for _, c := range sol {
		cols[c.Row] = append(cols[c.Row], strconv.Itoa(c.Col))
	}
	parts := make([]string, rows)
	for r, cs := range cols {
		parts[r] = strings.Join(cs, ",")
	}
	return strings.Join(parts, "/")
}

// bigPublished returns the big published puzzles with their solutions from the solutions file, each
// held to its puzzle's rules.
func bigPublished(t testing.TB) ([]modeltest.Published, []constraints.Solution) {
	t.Helper()
	ps := modeltest.PublishedPuzzles(t, "starbattle-big.txt")
	sols := readSolutions(t, bigSolutions)
	if len(sols) != len(ps) {
		t.Fatalf("%s: %d solutions for %d puzzles", bigSolutions, len(sols), len(ps))
	}
	for i, p := range ps {
		if err := p.Model.Verify(sols[i]); err != nil {
			t.Fatalf("%s: puzzle %d: %v", bigSolutions, i+1, err)
		}
	}
	return ps, sols
}

// TestPublishedBigSolutions proves, with -big, that each big published puzzle has exactly the one
// solution the solutions file gives it (the search with packing bounds, about 6 s of CPU in all);
// -update-big writes the file from the search.
func TestPublishedBigSolutions(t *testing.T) {
	if !*big && !*updateBig {
		t.Skip("-big: prove the solutions of the big published puzzles")
	}
	ps := modeltest.PublishedPuzzles(t, "starbattle-big.txt")
	var b strings.Builder
	b.WriteString("# The solutions of testdata/published/starbattle-big.txt, a line each in its order: the puzzle's number\n")
	b.WriteString("# and its queens' columns, row by row (rows joined by \"/\", a row's columns by \",\"). Found and proved\n")
	b.WriteString("# the only ones by deduce's search with packing bounds (go test ./deduce -run PublishedBigSolutions\n")
	b.WriteString("# -update-big; -big checks them); the solvers' BenchmarkPublishedStarBattles proves each unique by\n")
	b.WriteString("# backtracking and by SAT. deduce's tests hold every step of an explanation to them.\n")
	found := make([]constraints.Solution, len(ps))
	for i, p := range ps {
		found[i] = uniqueSolution(t, p.Model)
		fmt.Fprintf(&b, "%d %s\n", i+1, formatSolution(p.Model.Rows, found[i]))
	}
	if *updateBig {
		if err := os.WriteFile(bigSolutions, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, sols := bigPublished(t)
	for i := range ps {
		if !slices.Equal(found[i], sols[i]) {
			t.Errorf("puzzle %d: the search finds %v, the file gives %v", i+1, found[i], sols[i])
		}
	}
}

// bigExplained is how many of the big published puzzles Explain solves without a guess: all of them,
// the twelve 25×25, two 17×17 and one 21×21 with the techniques up to Hard, the others with bifurcation
// and, for 19 of them, by a thread.
const bigExplained = 37

// bigSample are the big published puzzles (numbered from 1 in the list) that go test explains without
// -big, in a few seconds of CPU: a 17×17, a 21×21 and a 25×25 solved with the techniques up to Hard, a
// 17×17 and a 21×21 solved by bifurcation, and the 21×21 that only by a thread opens (stop_test's).
var bigSample = map[int]bool{1: true, 5: true, 14: true, 22: true, 26: true, 24: true}

// TestPublishedBig explains the big published Star Battles (17×17 to 25×25; with -big all 37, else
// bigSample), holds every step to the unique solution, and wants at least bigExplained solved (with
// -big) or the sample's solved ones solved; it logs how far each gets and its CPU.
func TestPublishedBig(t *testing.T) {
	ps, sols := bigPublished(t)
	solved, tried := 0, 0
	for i, p := range ps {
		want, inSample := bigSample[i+1]
		if !*big && !inSample {
			continue
		}
		tried++
		var before, after syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &before)
		e, err := deduce.Explain(context.Background(), p.Model, deduce.Options{})
		syscall.Getrusage(syscall.RUSAGE_SELF, &after)
		if err != nil {
			t.Fatal(err)
		}
		cpu := time.Duration(after.Utime.Nano() + after.Stime.Nano() - before.Utime.Nano() - before.Stime.Nano())
		checkSteps(t, e.Steps, sols[i])
		uses := map[string]int{}
		for _, st := range e.Steps {
			uses[st.Technique.ID]++
		}
		if e.Solved {
			solved++
		} else if want {
			t.Errorf("#%d: stalled with %d open: %s", i+1, e.Open, e.Stalled)
		}
		cells := p.Model.Rows * p.Model.Cols
		t.Logf("#%d %d×%d: solved %v, %d of %d decided, %d steps, grade %s, %.2f s CPU, %v", i+1, p.Model.Rows, p.Model.Cols, e.Solved, cells-e.Open, cells, len(e.Steps), e.Grade, cpu.Seconds(), uses)
	}
	t.Logf("%d of %d solved", solved, tried)
	if *big && solved < bigExplained {
		t.Errorf("%d of the %d big published puzzles solved, want %d", solved, tried, bigExplained)
	}
}
