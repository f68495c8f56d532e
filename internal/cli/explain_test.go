package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

func runQueens(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := MainWith(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestExplain(t *testing.T) {
	out, errs, code := runQueens(t, "", "explain", "--variant", "linkedin-09", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var ex struct {
		Solved bool   `json:"solved"`
		Grade  string `json:"grade"`
		Score  int    `json:"score"`
		Steps  []struct {
			Technique string   `json:"technique"`
			Place     [][2]int `json:"place"`
			Exclude   [][2]int `json:"exclude"`
			Why       string   `json:"why"`
		} `json:"steps"`
	}
	if err := json.Unmarshal([]byte(out), &ex); err != nil {
		t.Fatal(err)
	}
	if !ex.Solved || ex.Grade == "" || ex.Score <= 0 || len(ex.Steps) == 0 || ex.Steps[0].Why == "" {
		t.Errorf("explain json: %+v", ex)
	}
	// A model without regions is not a region puzzle: exit 2, for explain and hint alike.
	for _, cmd := range []string{"explain", "hint"} {
		out, errs, code = runQueens(t, "", cmd, "--variant", "classic-05")
		if code != ExitUsage || !strings.Contains(errs, "not a region puzzle") || out != "" {
			t.Errorf("%s classic-05: exit %d, %q, %q", cmd, code, out, errs)
		}
	}
	// A region puzzle of many solutions is not unique: exit 1, after the steps that hold in all of them;
	// --guess finishes it.
	many := writeFile(t, t.TempDir(), "many.txt", "AABB\nAABB\nCCDD\nCCDD\n")
	_, errs, code = runQueens(t, "", "explain", "--variant", many)
	if code != ExitFailure || !strings.Contains(errs, "not unique: at least 2 solutions") {
		t.Errorf("a puzzle of two solutions: exit %d, %q", code, errs)
	}
	out, errs, code = runQueens(t, "", "explain", "--variant", many, "--guess")
	if code != 0 || !strings.Contains(out, "guess]") || !strings.Contains(errs, "not unique") {
		t.Errorf("a puzzle of two solutions, --guess: exit %d\n%s%s", code, out, errs)
	}
	_, _, code = runQueens(t, "", "explain", "--variant", "starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g")
	if code != 0 {
		t.Errorf("a puzz.link URL: exit %d", code)
	}
}

func TestHint(t *testing.T) {
	out, _, code := runQueens(t, "", "hint", "--variant", "linkedin-09")
	if code != 0 || !strings.Contains(out, "[Q r6c9]") {
		t.Errorf("empty board: exit %d, %q", code, out)
	}
	wrong := "Q........\n" + strings.Repeat(".........\n", 8)
	out, _, code = runQueens(t, wrong, "hint", "--variant", "linkedin-09", "--state", "-", "--format", "json")
	if code != 0 || !strings.Contains(out, `"wrong_queens":[[0,0]]`) {
		t.Errorf("a wrong queen: exit %d, %s", code, out)
	}
	_, errs, code := runQueens(t, "Q\n", "hint", "--variant", "linkedin-09", "--state", "-")
	if code != ExitUsage {
		t.Errorf("a short board: exit %d, %s", code, errs)
	}
	two := "QQ.......\n" + strings.Repeat(".........\n", 8)
	out, _, code = runQueens(t, two, "hint", "--variant", "linkedin-09", "--state", "-")
	if code != 0 || !strings.Contains(out, "the queens on r1c1, r1c2 are wrong") {
		t.Errorf("two wrong queens: exit %d, %q", code, out)
	}

	// The solution's queens, with no cell marked empty, are the solved board.
	out, _, code = runQueens(t, "", "solve", "--variant", "linkedin-09", "--first", "--format", "leetcode")
	var sols [][]string
	if err := json.Unmarshal([]byte(out), &sols); code != 0 || err != nil || len(sols) != 1 {
		t.Fatalf("solve --first: exit %d, %v, %q", code, err, out)
	}
	out, _, code = runQueens(t, strings.Join(sols[0], "\n")+"\n", "hint", "--variant", "linkedin-09", "--state", "-", "--format", "json")
	if code != 0 || !strings.Contains(out, `"solved":true`) {
		t.Errorf("the solution's queens alone: exit %d, %s", code, out)
	}

	// A puzzle with no solution is said so, as explain says it, and fails.
	none := writeFile(t, t.TempDir(), "none.yaml", "name: none\nboard: 6\nattacks: [king]\nregions: |\n  AAABBB\n  AAABBB\n  CCCDDD\n  CCCDDD\n  EEEFFF\n  EEEFFF\neach: {row: 2, column: 2, region: 2}\n")
	for _, cmd := range []string{"hint", "explain"} {
		_, errs, code = runQueens(t, "", cmd, "--variant", none)
		if code != ExitFailure || !strings.Contains(errs, "no solution") {
			t.Errorf("%s on a puzzle with no solution: exit %d, %q", cmd, code, errs)
		}
	}
	// A letter grid with no solution at the default of one star says so; a 3×3 grid cannot hold two
	// stars a row that do not touch, so --stars 2 is no advice there (TestExplainStarsHint has a grid where
	// it is).
	grid := writeFile(t, t.TempDir(), "g.txt", "AAB\nACB\nCCB\n")
	for _, cmd := range []string{"hint", "explain"} {
		_, errs, code = runQueens(t, "", cmd, "--variant", grid)
		if code != ExitFailure || !strings.Contains(errs, "no solution") || strings.Contains(errs, "--stars 2") {
			t.Errorf("%s on a 3×3 one-star grid with no solution: exit %d, %q, want no advice of --stars 2", cmd, code, errs)
		}
	}

	// On a puzzle of two solutions, either one's queens, unmarked, are solved.
	two4 := writeFile(t, t.TempDir(), "two.yaml", "name: two\nboard: 4\nattacks: [king]\nregions: |\n  AABB\n  AABB\n  CCDD\n  CCDD\neach: {row: 1, column: 1, region: 1}\n")
	out, _, code = runQueens(t, ".Q..\n...Q\nQ...\n..Q.\n", "hint", "--variant", two4, "--state", "-", "--format", "json")
	if code != 0 || !strings.Contains(out, `"solved":true`) {
		t.Errorf("a solution of a two-solution puzzle: exit %d, %s", code, out)
	}

	_, errs, code = runQueens(t, "", "hint", "--variant", "linkedin-09", "--timeout", "-1s")
	if code != ExitUsage || !strings.Contains(errs, "--timeout") {
		t.Errorf("hint --timeout -1s: exit %d, %q", code, errs)
	}
}

// TestExplainStarsHint: a two-star letter grid read with --stars' default of one stalls, and the message
// says how the grid was read; with --stars 2 it is solved, and with --stars 1 said outright the message
// does not second-guess it.
func TestExplainStarsHint(t *testing.T) {
	const grid = "testdata/starbattle-2-10.grid"
	for _, tc := range []struct {
		args []string
		code int
		hint bool
	}{
		{nil, ExitFailure, true},
		{[]string{"--stars", "2"}, 0, false},
		{[]string{"--stars", "1"}, ExitFailure, false},
	} {
		_, errs, code := runQueens(t, "", append([]string{"explain", "--variant", grid}, tc.args...)...)
		if hint := strings.Contains(errs, "--stars 2"); code != tc.code || hint != tc.hint {
			t.Errorf("explain %v: exit %d (want %d), hint %v (want %v): %s", tc.args, code, tc.code, hint, tc.hint, errs)
		}
	}
}
