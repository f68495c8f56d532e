package cli

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/report"
)

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "a-superqueens.yaml", "board: 10\nattacks: [row, column, diagonal, anti-diagonal, knight]\nexpect: {count: 4, unique: 1}\n")
	writeFile(t, dir, "b-torus.yaml", "board: 7\nwrap: true\nexpect: {count: 28}\n")
	code, out, stderr := run("compare", dir)
	if code != 0 || !strings.Contains(out, "2 variants: both solvers agree, every expectation met") {
		t.Errorf("compare %s: exit %d\n%s\nstderr %s", dir, code, out, stderr)
	}

	wrong := writeFile(t, t.TempDir(), "wrong.yaml", "board: 8\nexpect: {count: 91}\n")
	code, out, stderr = run("compare", wrong)
	if code != 1 || !strings.Contains(out, "UNMET") || !strings.Contains(stderr, "count 92, want 91") {
		t.Errorf("compare with a wrong expectation: exit %d\n%s\nstderr %s", code, out, stderr)
	}

	code, out, _ = run("compare", dir, "--format", "json")
	var got struct {
		Variants []struct {
			Variant      string
			Backtrack    struct{ Count uint64 }
			SAT          struct{ Count uint64 } `json:"sat"`
			Agree        bool
			SetsCompared bool `json:"sets_compared"`
			ExpectMet    bool `json:"expect_met"`
		}
		Agree bool
		Met   bool `json:"expectations_met"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || code != 0 {
		t.Fatalf("compare --format json: exit %d, %v\n%s", code, err, out)
	}
	if len(got.Variants) != 2 || !got.Agree || !got.Met || got.Variants[0].Backtrack.Count != 4 ||
		got.Variants[0].SAT.Count != 4 || !got.Variants[0].SetsCompared || got.Variants[1].SAT.Count != 28 {
		t.Errorf("compare --format json: %+v", got)
	}
}

func TestCompareBadFile(t *testing.T) {
	bad := writeFile(t, t.TempDir(), "bad.yaml", "board: 8\nattacks: [row, knigt]\n")
	code, out, stderr := run("compare", bad)
	want := "queens compare: " + bad + `:2:16: attacks: unknown attack "knigt"`
	if code != 2 || out != "" || !strings.HasPrefix(stderr, want) {
		t.Errorf("compare on a bad file: exit %d, stdout %q\nstderr %q\nwant prefix %q", code, out, stderr, want)
	}
	code, _, stderr = run("solve", "--variant", bad)
	if code != 2 || !strings.HasPrefix(stderr, "queens solve: "+bad+":2:16:") {
		t.Errorf("solve --variant on a bad file: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr = run("compare", filepath.Join(t.TempDir(), "missing.yaml"))
	if code != 2 || !strings.Contains(stderr, "no such file") {
		t.Errorf("compare on a missing file: exit %d, stderr %q", code, stderr)
	}
}

func TestSolveVariant(t *testing.T) {
	code, out, stderr := run("solve", "--variant", "superqueens-10", "--unique")
	if code != 0 || out != "4 solutions, 1 unique\n" {
		t.Errorf("solve --variant superqueens-10: exit %d, %q, %q", code, out, stderr)
	}
	wrong := writeFile(t, t.TempDir(), "wrong.yaml", "board: 6\nexpect: {count: 5}\n")
	code, out, stderr = run("solve", "--variant", wrong)
	if code != 1 || out != "4 solutions\n" || !strings.Contains(stderr, "count 4, want 5") {
		t.Errorf("solve --variant with a wrong expectation: exit %d, %q, %q", code, out, stderr)
	}
	code, _, stderr = run("solve", "--variant", "superqueens-10", "-n", "8")
	if code != 2 || !strings.Contains(stderr, "--variant gives the whole model") {
		t.Errorf("--variant with -n: exit %d, %q", code, stderr)
	}
}

func TestSolveSAT(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "-n", "8", "--solver", "sat"}, "92 solutions\n"},
		{[]string{"solve", "-n", "8", "--solver", "sat", "--unique"}, "92 solutions, 12 unique\n"},
		{[]string{"solve", "-n", "10", "--knight", "--solver", "sat", "--all", "--format", "leetcode"}, ""},
		{[]string{"solve", "-n", "3", "--solver", "sat", "--first"}, "no solution\n"},
	} {
		code, out, stderr := run(tc.args...)
		if code != 0 || (tc.want != "" && out != tc.want) {
			t.Errorf("queens %s: exit %d, %q, %q", strings.Join(tc.args, " "), code, out, stderr)
		}
	}
	// The SAT solver lists in its own order; as a set, its boards must be the backtracker's.
	_, satOut, _ := run("solve", "-n", "10", "--knight", "--solver", "sat", "--all", "--format", "leetcode")
	_, btOut, _ := run("solve", "-n", "10", "--knight", "--all", "--format", "leetcode")
	var satBoards, btBoards [][]string
	if json.Unmarshal([]byte(satOut), &satBoards) != nil || json.Unmarshal([]byte(btOut), &btBoards) != nil {
		t.Fatalf("not JSON: %q %q", satOut, btOut)
	}
	set := map[string]bool{}
	for _, b := range btBoards {
		set[strings.Join(b, "/")] = true
	}
	m := constraints.Model{Rows: 10, Cols: 10, Attack: constraints.Superqueen}
	for _, b := range satBoards {
		if !set[strings.Join(b, "/")] || m.Check(parseBoard(t, b)) != nil {
			t.Errorf("sat lists %q, which the backtracker does not, or which fails Check", b)
		}
	}
	if len(satBoards) != 4 || len(btBoards) != 4 {
		t.Errorf("superqueens 10: sat %d boards, backtrack %d, want 4", len(satBoards), len(btBoards))
	}
}

func TestCNF(t *testing.T) {
	code, out, stderr := run("cnf", "-n", "4", "--blocked", "0,0")
	if code != 0 {
		t.Fatalf("cnf: exit %d, %s", code, stderr)
	}
	lines := strings.Split(out, "\n")
	var header string
	vars := 0
	for _, l := range lines {
		if strings.HasPrefix(l, "p cnf ") {
			header = l
		}
		if strings.HasPrefix(l, "c q r") {
			vars++
		}
	}
	if header == "" || vars != 15 || !strings.Contains(out, "c q r0c1 = 1\n") || !strings.Contains(out, "c p show 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0") {
		t.Errorf("cnf -n 4 --blocked 0,0: header %q, %d cell variables (want 15, the blocked cell left out):\n%s", header, vars, out)
	}
}

// TestSweepPlot draws a sweep and reads the picture back: well-formed SVG, a line per solver, and a
// value where the counts differ marked.
func TestSweepPlot(t *testing.T) {
	plot := filepath.Join(t.TempDir(), "times.svg")
	code, out, stderr := run("compare", "--attacks", "queen,knight", "--sweep", "n=8..10", "--plot", plot)
	if code != 0 || !strings.Contains(out, "yes") {
		t.Fatalf("compare --sweep: exit %d\n%s\n%s", code, out, stderr)
	}
	data, err := os.ReadFile(plot)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(data, new(struct{})); err != nil {
		t.Errorf("the plot is not XML: %v", err)
	}
	if n := strings.Count(string(data), "<polyline"); n != 2 || strings.Contains(string(data), "counts differ") {
		t.Errorf("the plot has %d lines, want 2 and no disagreement:\n%s", n, data)
	}
	no, yes := false, true
	doc := report.Sweep{Parameter: "n", From: 4, To: 6, TimeoutMS: 1000, Rows: []report.SweepRow{
		{Value: 4, Backtrack: report.Run{Count: 2, ElapsedMS: 1, Status: report.Done}, SAT: report.Run{Count: 2, ElapsedMS: 3, Status: report.Done}, Agree: &yes},
		{Value: 5, Backtrack: report.Run{Count: 10, ElapsedMS: 1, Status: report.Done}, SAT: report.Run{Count: 9, ElapsedMS: 30, Status: report.Done}, Agree: &no},
		{Value: 6, Backtrack: report.Run{Count: 4, ElapsedMS: 2, Status: report.Done}, SAT: report.Run{Status: report.TimedOut, ElapsedMS: 1000}},
	}}
	svg := string(sweepSVG(doc))
	if !strings.Contains(svg, "counts differ at n=5") || !strings.Contains(svg, "sat timed out") {
		t.Errorf("the disagreement at n=5 or the time-out at n=6 is not marked:\n%s", svg)
	}
}
