package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// madeBy finds the command a puzzle's variant file says made it (YAML doubles the quotes around it).
var madeBy = regexp.MustCompile(`Made by '+(queens puzzle [^']*)'`)

// TestPuzzleMadeAgain runs back the command that a puzzle's "Made by" line names and that a fresh seed's
// line on stderr names: each makes the same puzzle again, so every flag that shaped it is in the line.
func TestPuzzleMadeAgain(t *testing.T) {
	for _, args := range [][]string{
		{"--size", "8", "--seed", "3"},
		{"--size", "7", "--difficulty", "medium", "--seed", "2"},
		{"--size", "8", "--stars", "2", "--solver", "sat", "--seed", "4"},
		{"--size", "7", "--difficulty", "easy"},
	} {
		code, out, stderr := run(append([]string{"puzzle"}, args...)...)
		if code != 0 {
			t.Fatalf("puzzle %v: exit %d: %s", args, code, stderr)
		}
		m := madeBy.FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("puzzle %v: no 'Made by' line in\n%s", args, out)
		}
		if !slices.Contains(args, "--seed") {
			want := regexp.MustCompile(`^seed: (\d+); make it again with: (queens puzzle .*--seed \d+)\n$`).FindStringSubmatch(stderr)
			if want == nil || want[2] != m[1] {
				t.Errorf("puzzle %v: stderr %q, want the seed and the command %q", args, stderr, m[1])
			}
		} else if stderr != "" {
			t.Errorf("puzzle %v: stderr %q, want nothing (the seed was given)", args, stderr)
		}
		again := strings.Fields(m[1])[1:]
		code, out2, stderr := run(again...)
		if code != 0 || out2 != out {
			t.Errorf("puzzle %v made again by %q: exit %d, %s\n%s\nwant\n%s", args, m[1], code, stderr, out2, out)
		}
	}
}

// TestPuzzleSeedsDiffer: different seeds make different puzzles, at a grade too (the grade is looked for
// in each seed's own draws, not by stepping to the next seed, which once made seeds 1 to 5 of a hard 8×8
// one puzzle).
func TestPuzzleSeedsDiffer(t *testing.T) {
	for _, args := range [][]string{
		{"--size", "8", "--difficulty", "hard"},
		{"--size", "8", "--difficulty", "easy"},
		{"--size", "9"},
	} {
		seen := map[string]string{}
		for _, seed := range []string{"1", "2", "3", "4", "5"} {
			code, grid, stderr := run(append([]string{"puzzle", "--format", "grid", "--seed", seed}, args...)...)
			if code != 0 {
				t.Fatalf("puzzle %v --seed %s: exit %d: %s", args, seed, code, stderr)
			}
			if other, ok := seen[grid]; ok {
				t.Errorf("puzzle %v: seeds %s and %s make the same grid\n%s", args, other, seed, grid)
			}
			seen[grid] = seed
		}
	}
}
