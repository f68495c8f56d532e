package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/queens-dev/queens"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/halves"
	"github.com/queens-dev/queens/solvers/router"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// wantMethods lists the router's methods as --method's refusal names them: "a, b or c".
func wantMethods() string {
	ms := router.Methods()
	return strings.Join(ms[:len(ms)-1], ", ") + " or " + ms[len(ms)-1]
}

// joinOnly is the refusal of --method join for a model it does not count.
var joinOnly = fmt.Sprintf("queens solve: --method join: counts classic queens only (a square board of side at most %d, the four lines, no blocked or fixed cells, no wrap) (see 'queens solve --help')\n", halves.MaxN)

// run runs the command line and returns its exit code, stdout and stderr.
func run(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(context.Background(), args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// TestLeetCodeGolden holds --format leetcode --all byte for byte against testdata/leetcode/nN.json, and
// holds each golden file itself against what LeetCode 51 asks: the count of A000170, boards that pass
// Model.Check, in increasing row-major order, and for n=4 the exact text of LeetCode's example.
func TestLeetCodeGolden(t *testing.T) {
	for n := 1; n <= 8; n++ {
		path := filepath.Join("..", "..", "testdata", "leetcode", fmt.Sprintf("n%d.json", n))
		code, out, stderr := run("solve", "-n", fmt.Sprint(n), "--all", "--format", "leetcode")
		if code != 0 {
			t.Fatalf("n=%d: exit %d: %s", n, code, stderr)
		}
		if *update {
			if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		golden, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./internal/cli -update to write it)", err)
		}
		if out != string(golden) {
			t.Errorf("n=%d: output differs from %s:\n got %q\nwant %q", n, path, out, golden)
		}
		var boards [][]string
		if err := json.Unmarshal(golden, &boards); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if a000170 := modeltest.OEIS(t, "A000170"); uint64(len(boards)) != a000170[n] {
			t.Errorf("%s: %d boards, A000170 says %d", path, len(boards), a000170[n])
		}
		m := constraints.Classic(n)
		var prev constraints.Solution
		for i, b := range boards {
			sol := parseBoard(t, b)
			if err := m.Check(sol); err != nil {
				t.Errorf("%s board %d: %v", path, i, err)
			}
			if prev != nil && prev.Compare(sol) >= 0 {
				t.Errorf("%s board %d: out of row-major order", path, i)
			}
			prev = sol
		}
	}
	four, _ := os.ReadFile(filepath.Join("..", "..", "testdata", "leetcode", "n4.json"))
	if want := `[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]` + "\n"; string(four) != want {
		t.Errorf("n4.json is %q, LeetCode 51's example is %q", four, want)
	}
}

func parseBoard(t *testing.T, rows []string) constraints.Solution {
	t.Helper()
	var cells []constraints.Cell
	for r, row := range rows {
		for c, ch := range row {
			if ch == 'Q' {
				cells = append(cells, constraints.Cell{Row: r, Col: c})
			} else if ch != '.' {
				t.Fatalf("board %q: unexpected %q", rows, ch)
			}
		}
	}
	return constraints.NewSolution(cells...)
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want string // the whole of stderr
	}{
		{"unknown command", []string{"solv"}, 2, `queens: unknown command "solv" (did you mean solve?) (run 'queens help')` + "\n"},
		{"unknown flag", []string{"solve", "--nn", "8"}, 2, "queens solve: unknown flag: --nn (did you mean -n?) (see 'queens solve --help')\n"},
		{"n not a number", []string{"solve", "-n", "eight"}, 2, `queens solve: invalid argument "eight" for "-n, --n" flag: not a whole number (see 'queens solve --help')` + "\n"},
		{"n zero", []string{"solve", "-n", "0"}, 2, `queens solve: invalid argument "0" for "-n, --n" flag: must be at least 1 (see 'queens solve --help')` + "\n"},
		{"n negative", []string{"solve", "-n", "-3"}, 2, `queens solve: invalid argument "-3" for "-n, --n" flag: must be at least 1 (see 'queens solve --help')` + "\n"},
		{"n too big", []string{"solve", "-n", "20000000"}, 2, "queens solve: -n/--rows/--cols: board 20000000×20000000: rows and columns must be at most 10000000 (see 'queens solve --help')\n"},
		{"n and rows", []string{"solve", "-n", "8", "--rows", "4", "--cols", "5"}, 2, "queens solve: -n sets rows and columns both; give -n or --rows and --cols, not both (see 'queens solve --help')\n"},
		{"rows alone", []string{"solve", "--rows", "4"}, 2, "queens solve: --rows and --cols go together (see 'queens solve --help')\n"},
		{"bad attack", []string{"solve", "--attacks", "row,knigt"}, 2, `queens solve: --attacks: unknown attack "knigt" (did you mean knight?) (see 'queens solve --help')` + "\n"},
		{"attack twice", []string{"solve", "--attacks", "row,row"}, 2, `queens solve: --attacks: attack "row" named twice (see 'queens solve --help')` + "\n"},
		{"bad cell", []string{"solve", "--blocked", "3"}, 2, `queens solve: --blocked: cell "3": want ROW,COL (see 'queens solve --help')` + "\n"},
		{"cell not a number", []string{"solve", "--fixed", "a,1"}, 2, `queens solve: --fixed: cell "a,1": row is not an integer (see 'queens solve --help')` + "\n"},
		{"cell off board", []string{"solve", "-n", "4", "--blocked", "4,0"}, 2, "queens solve: --blocked: blocked cell 4,0: off the 4×4 board (see 'queens solve --help')\n"},
		{"fixed on blocked", []string{"solve", "--fixed", "1,1", "--blocked", "1,1"}, 2, "queens solve: --fixed: fixed queen r1c1 stands on a blocked cell (see 'queens solve --help')\n"},
		{"fixed attack", []string{"solve", "--fixed", "0,0", "--fixed", "2,2"}, 2, "queens solve: --fixed: fixed queens r0c0 and r2c2 attack each other (diagonal) (see 'queens solve --help')\n"},
		{"too many queens", []string{"solve", "-n", "2", "--queens", "5"}, 2, "queens solve: --queens: queens 5: more than the 4 free cells of the board (see 'queens solve --help')\n"},
		{"modes exclusive", []string{"solve", "--all", "--first"}, 2, "queens solve: --count, --all and --first exclude each other (see 'queens solve --help')\n"},
		{"bad format", []string{"solve", "--format", "xml"}, 2, `queens solve: --format "xml": want text, unicode, leetcode, json, cols, dimacs or svg (see 'queens solve --help')` + "\n"},
		{"bad solver", []string{"solve", "--solver", "dlx"}, 2, `queens solve: --solver "dlx": want auto, backtrack or sat (see 'queens solve --help')` + "\n"},
		{"stray argument", []string{"solve", "8"}, 2, `queens solve: unexpected argument "8": for a board of side 8 say -n 8 (see 'queens solve --help')` + "\n"},
		{"negative threads", []string{"solve", "--threads", "-1"}, 2, fmt.Sprintf("queens solve: --threads -1: want 0 (one per core) to %d (4 per core) (see 'queens solve --help')\n", solvers.MaxThreads())},
		{"bad method", []string{"solve", "--method", "dfs"}, 2, `queens solve: --method "dfs": want fastest, ` + wantMethods() + ` (see 'queens solve --help')` + "\n"},
		{"join not classic", []string{"solve", "-n", "10", "--knight", "--method", "join"}, 2, joinOnly},
		{"join too big", []string{"solve", "-n", fmt.Sprint(halves.MaxN + 1), "--method", "join"}, 2, joinOnly},
		{"wide board", []string{"solve", "-n", "65", "--all", "--solver", "backtrack"}, 2, "queens solve: backtrack: 65×65 board: lists solutions of at most 64 columns and 65536 rows (counts turn a board of at most 64 rows on its side); the sat solver lists boards up to 2048×2048: model not supported by this solver\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(tt.args...)
			if code != tt.code || stderr != tt.want {
				t.Errorf("queens %s:\n exit %d, stderr %q\nwant exit %d, stderr %q", strings.Join(tt.args, " "), code, stderr, tt.code, tt.want)
			}
			if out != "" {
				t.Errorf("queens %s: wrote %q to stdout on an error", strings.Join(tt.args, " "), out)
			}
		})
	}
}

func TestSolveFormats(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"count text", []string{"solve", "-n", "8"}, "92 solutions\n"},
		{"count unique", []string{"solve", "-n", "8", "--unique"}, "92 solutions, 12 unique\n"},
		{"count leetcode", []string{"solve", "-n", "8", "--format", "leetcode"}, "92\n"},
		{"flags without solve", []string{"-n", "10", "--knight"}, "4 solutions\n"},
		{"torus", []string{"solve", "-n", "7", "--wrap"}, "28 solutions\n"},
		{"method join", []string{"solve", "-n", "12", "--method", "join"}, "14200 solutions\n"},
		{"method classes", []string{"solve", "-n", "12", "--method", "classes"}, "14200 solutions\n"},
		{"method mirror", []string{"solve", "-n", "12", "--method", "mirror"}, "14200 solutions\n"},
		{"method join, other modes", []string{"solve", "-n", "6", "--method", "join", "--unique"}, "4 solutions, 1 unique\n"},
		{"first none", []string{"solve", "-n", "3", "--first"}, "no solution\n"},
		{"all none leetcode", []string{"solve", "-n", "3", "--all", "--format", "leetcode"}, "[]\n"},
		{"first leetcode", []string{"solve", "-n", "4", "--first", "--format", "leetcode"}, `[[".Q..","...Q","Q...","..Q."]]` + "\n"},
		{"all text", []string{"solve", "-n", "4", "--all"}, ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n2 solutions\n"},
		{"blocked drawn", []string{"solve", "-n", "4", "--blocked", "0,0", "--first"}, "# Q . .\n. . . Q\nQ . . .\n. . Q .\n\n"},
		{"unique list", []string{"solve", "-n", "6", "--all", "--unique", "--format", "leetcode"}, `[[".Q....","...Q..",".....Q","Q.....","..Q...","....Q."]]` + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, stderr := run(tt.args...)
			if code != 0 || out != tt.want {
				t.Errorf("queens %s: exit %d, stdout %q (stderr %q), want %q", strings.Join(tt.args, " "), code, out, stderr, tt.want)
			}
		})
	}
}

// TestFirstLarge asks --first for boards beyond the backtracker's 64 columns, and holds what comes back
// against Model.Check; with --unique the board must be the least of its class.
func TestFirstLarge(t *testing.T) {
	for _, tc := range []struct {
		args []string
		m    constraints.Model
	}{
		{[]string{"-n", "65"}, constraints.Classic(65)},
		{[]string{"-n", "200", "--knight"}, constraints.Model{Rows: 200, Cols: 200, Attack: constraints.Superqueen}},
		{[]string{"--rows", "100", "--cols", "200", "--fixed", "0,0"}, constraints.Model{Rows: 100, Cols: 200, Attack: constraints.Queen, Fixed: []constraints.Cell{{}}}},
		{[]string{"-n", "8", "--unique"}, constraints.Classic(8)},
		{[]string{"-n", "9", "--knight", "--unique"}, constraints.Model{Rows: 9, Cols: 9, Attack: constraints.Superqueen}},
	} {
		args := append([]string{"solve", "--first", "--format", "leetcode"}, tc.args...)
		code, out, stderr := run(args...)
		if code != 0 {
			t.Fatalf("queens %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		var boards [][]string
		if err := json.Unmarshal([]byte(out), &boards); err != nil {
			t.Fatalf("queens %s: %v", strings.Join(args, " "), err)
		}
		if tc.m.Rows == 9 {
			if len(boards) != 0 {
				t.Errorf("queens %s: %d boards, superqueens 9 has none", strings.Join(args, " "), len(boards))
			}
			continue
		}
		if len(boards) != 1 {
			t.Fatalf("queens %s: %d boards, want 1", strings.Join(args, " "), len(boards))
		}
		sol := parseBoard(t, boards[0])
		if err := tc.m.Check(sol); err != nil {
			t.Errorf("queens %s: %v", strings.Join(args, " "), err)
		}
		g, err := tc.m.Group(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(tc.args, "--unique") && !g.IsCanonical(sol) {
			t.Errorf("queens %s: %s is not the least of its class", strings.Join(args, " "), sol)
		}
	}
}

func TestSolveJSON(t *testing.T) {
	code, out, _ := run("solve", "-n", "5", "--all", "--unique", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Model struct {
			Rows, Cols, Queens int
			Attacks            []string
		}
		Solver    string
		Mode      string
		Count     uint64
		Unique    *uint64
		Complete  bool
		Elapsed   *float64 `json:"elapsed_ms"`
		Solutions [][]string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if got.Model.Rows != 5 || got.Model.Queens != 5 || len(got.Model.Attacks) != 4 || got.Solver != "auto" ||
		got.Mode != "all" || got.Count != 10 || got.Unique == nil || *got.Unique != 2 || !got.Complete ||
		got.Elapsed == nil || len(got.Solutions) != 2 {
		t.Errorf("n=5 --all --unique: %+v", got)
	}
}

func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errOut bytes.Buffer
	code := Main(ctx, []string{"solve", "-n", "20", "--format", "json"}, &out, &errOut)
	if code != ExitInterrupted {
		t.Errorf("cancelled solve: exit %d, want %d (stderr %q)", code, ExitInterrupted, errOut.String())
	}
	var got struct{ Complete *bool }
	if err := json.Unmarshal(out.Bytes(), &got); err != nil || got.Complete == nil || *got.Complete {
		t.Errorf("cancelled solve: want JSON marked incomplete, got %q (%v)", out.String(), err)
	}
	code, _, stderr := run("solve", "-n", "22", "--timeout", "1ms")
	if code != ExitFailure || !strings.Contains(stderr, "timed out after 1ms") {
		t.Errorf("--timeout: exit %d, stderr %q", code, stderr)
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"solve", "--help"}, {"help", "solve"}} {
		code, out, stderr := run(args...)
		if code != 0 || !strings.Contains(out, "Usage") || stderr != "" {
			t.Errorf("queens %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, stderr)
		}
	}
	_, out, _ := run("solve", "--help")
	if !strings.Contains(out, "Examples:") || !strings.Contains(out, "--knight") {
		t.Errorf("solve --help lacks examples or flags:\n%s", out)
	}
}

func TestDefault(t *testing.T) {
	code, out, stderr := run()
	if code != 0 || !strings.Contains(out, "Q . . . . . . .\n. . . . Q . . .\n") || strings.Contains(out, "unknown") ||
		!strings.Contains(out, "variants: both solvers agree, every expectation met") || !regexp.MustCompile(`classic-08 +92 `).MatchString(out) {
		t.Errorf("queens: exit %d, stdout %q, stderr %q", code, out, stderr)
	}
}

// TestFirstHugeCols asks for one solution of boards far beyond a drawing, in --format cols, and holds the
// columns to the model's O(n) check.
func TestFirstHugeCols(t *testing.T) {
	for _, tc := range []struct {
		args []string
		m    constraints.Model
	}{
		{[]string{"-n", "100000"}, constraints.Classic(100000)},
		{[]string{"-n", "100003", "--wrap"}, constraints.Model{Rows: 100003, Cols: 100003, Attack: constraints.Queen, Surface: constraints.Torus}},
		{[]string{"-n", "20000", "--knight"}, constraints.Model{Rows: 20000, Cols: 20000, Attack: constraints.Superqueen}},
		{[]string{"-n", "5000", "--blocked", "0,0;1,1;2,2", "--fixed", "10,17"}, constraints.Model{Rows: 5000, Cols: 5000, Attack: constraints.Queen,
			Blocked: []constraints.Cell{{Row: 0, Col: 0}, {Row: 1, Col: 1}, {Row: 2, Col: 2}}, Fixed: []constraints.Cell{{Row: 10, Col: 17}}}},
	} {
		args := append([]string{"solve", "--first", "--format", "cols"}, tc.args...)
		code, out, stderr := run(args...)
		if code != 0 {
			t.Fatalf("queens %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		fields := strings.Fields(out)
		sol := make(constraints.Solution, len(fields))
		for r, f := range fields {
			c, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("queens %s: %q is not a column", strings.Join(args, " "), f)
			}
			sol[r] = constraints.Cell{Row: r, Col: c}
		}
		if err := tc.m.Verify(sol); err != nil {
			t.Errorf("queens %s: %v", strings.Join(args, " "), err)
		}
		args[3] = "json"
		code, out, stderr = run(args...)
		var got struct {
			Solutions []struct {
				Cols []int `json:"cols"`
			} `json:"solutions"`
			Stats struct {
				Method string `json:"method"`
			} `json:"stats"`
		}
		if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || len(got.Solutions) != 1 || got.Stats.Method == "" {
			t.Fatalf("queens %s: exit %d, %v, %d solutions, method %q: %s", strings.Join(args, " "), code, err, len(got.Solutions), got.Stats.Method, stderr)
		}
		for r, c := range got.Solutions[0].Cols {
			sol[r] = constraints.Cell{Row: r, Col: c}
		}
		if err := tc.m.Verify(sol); err != nil || len(got.Solutions[0].Cols) != len(sol) {
			t.Errorf("queens %s: %d columns: %v", strings.Join(args, " "), len(got.Solutions[0].Cols), err)
		}
	}
}

// TestHelpFitsAScreen checks that the help of queens and of each command is one screen (at most 50 lines
// of at most 100 columns) and shows examples.
func TestHelpFitsAScreen(t *testing.T) {
	for _, cmd := range []string{"", "solve", "compare", "list", "show", "puzzle", "explain", "hint", "serve", "cnf", "board", "merge", "bench", "version"} {
		args := []string{"--help"}
		if cmd != "" {
			args = []string{cmd, "--help"}
		}
		code, out, _ := run(args...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != 0 || len(lines) > 50 || !strings.Contains(out, "Examples:") {
			t.Errorf("queens %s: exit %d, %d lines, examples %v", strings.Join(args, " "), code, len(lines), strings.Contains(out, "Examples:"))
		}
		for _, l := range lines {
			if n := utf8.RuneCountInString(l); n > 100 {
				t.Errorf("queens %s: a line of %d columns: %q", strings.Join(args, " "), n, l)
			}
		}
	}
}

// TestVersionNamesTheCode: builds without VCS information all say "(devel)"; the digest of the counting
// code in the version line (which checkpoints and shard results carry) is what tells them apart.
func TestVersionNamesTheCode(t *testing.T) {
	code, out, _ := run("version")
	if want := "code " + queens.CodeFingerprint() + ", go1."; code != 0 || !strings.Contains(out, want) {
		t.Errorf("queens version: exit %d, %q; want it to hold %q", code, out, want)
	}
}

// TestHelpAttacksListsEveryName: every name the attack parser knows is on 'queens help attacks', with the
// vectors it stands for, and the page fits the help's width.
func TestHelpAttacksListsEveryName(t *testing.T) {
	code, out, _ := run("help", "attacks")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, names := range constraints.Names() {
		name := strings.SplitN(names, "/", 2)[0]
		a, err := constraints.ParseKind(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		line := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(names) + `\s`).FindStringIndex(out)
		if line == nil {
			t.Errorf("%s is not listed", names)
			continue
		}
		if first := vectors(a); !strings.Contains(out[line[0]:], strings.SplitN(first, ", ", 2)[0]) {
			t.Errorf("%s: its vectors %s are not shown", names, first)
		}
	}
	for _, l := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(l); n > helpWidth {
			t.Errorf("a line of %d columns: %q", n, l)
		}
	}
	// The tables of surfaces and quota keys hold every one the model knows, in its order.
	var names []string
	for _, s := range constraints.Surfaces() {
		names = append(names, s.String())
	}
	var listed []string
	for _, s := range surfaces {
		listed = append(listed, s.name)
	}
	if !slices.Equal(listed, names) {
		t.Errorf("help attacks lists the surfaces %v, the model knows %v", listed, names)
	}
	for _, k := range constraints.QuotaKeys() {
		if k.About() == "" {
			t.Errorf("quota key %s says nothing of its lines for help attacks", k)
		}
	}
}

// TestPuzzleTextReadsBack: a puzzle drawn by 'queens puzzle --format text' is a region file for --regions
// (the board's size taken from the grid), and solved by the rules it was made for it has one solution.
func TestPuzzleTextReadsBack(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		rules []string
	}{
		{[]string{"--size", "6", "--seed", "2"}, []string{"--linkedin"}},
		{[]string{"--size", "9", "--seed", "5"}, []string{"--starbattle", "1"}},
		{[]string{"--size", "8", "--stars", "2", "--seed", "1"}, []string{"--starbattle", "2"}},
	} {
		code, grid, stderr := run(append([]string{"puzzle", "--format", "text"}, tc.args...)...)
		if code != 0 {
			t.Fatalf("puzzle %v: exit %d: %s", tc.args, code, stderr)
		}
		path := filepath.Join(t.TempDir(), "grid.txt")
		if err := os.WriteFile(path, []byte(grid), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, stderr := run(append([]string{"solve", "--regions", path}, tc.rules...)...)
		if code != 0 || out != "1 solution\n" {
			t.Errorf("puzzle %v read back with %v: exit %d, %q, %s; want 1 solution", tc.args, tc.rules, code, out, stderr)
		}
	}
}

func TestUnspaced(t *testing.T) {
	for _, tc := range []struct {
		in, want []string
		reason   string
	}{
		{[]string{"A A B", "A . B"}, []string{"AAB", "A.B"}, "a drawn grid"},
		{[]string{"AAB", "A.B"}, []string{"AAB", "A.B"}, "a plain grid is kept"},
		{[]string{"A A B", "AAB"}, []string{"A A B", "AAB"}, "one line not drawn: kept whole, for the parser to refuse"},
		{[]string{"A  B"}, []string{"A  B"}, "two spaces are no drawing"},
		{[]string{"A"}, []string{"A"}, "one cell"},
		{[]string{"É É"}, []string{"ÉÉ"}, "runes, not bytes"},
	} {
		if got := unspaced(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("unspaced(%q) = %q, want %q (%s)", tc.in, got, tc.want, tc.reason)
		}
	}
}

// TestRegionsStdin: --regions - reads the grid from stdin, bounded as a file is; a sweep reads it
// once for all its models; a command that reads something else from stdin refuses it.
func TestRegionsStdin(t *testing.T) {
	code, grid, stderr := run("puzzle", "--format", "text", "--size", "6", "--seed", "2")
	if code != 0 {
		t.Fatalf("puzzle: exit %d: %s", code, stderr)
	}
	out, stderr, code := runQueens(t, grid, "solve", "--regions", "-", "--linkedin")
	if code != 0 || out != "1 solution\n" {
		t.Errorf("solve --regions - --linkedin: exit %d, %q, %s; want 1 solution", code, out, stderr)
	}
	out, stderr, code = runQueens(t, grid, "compare", "--regions", "-", "--attacks", "king", "--each", "region=<=1", "--sweep", "queens=1..3", "--format", "csv")
	if code != 0 || strings.Count(out, "\n") != 4 {
		t.Errorf("compare --sweep with --regions -: exit %d, %q, %s; want a header and three rows", code, out, stderr)
	}
	_, stderr, code = runQueens(t, strings.Repeat("a", maxRegionFile+1), "solve", "--regions", "-")
	if code != 2 || !strings.Contains(stderr, "--regions -: more than") {
		t.Errorf("solve --regions - of %d bytes: exit %d, %s; want a usage error naming the bound", maxRegionFile+1, code, stderr)
	}
	_, stderr, code = runQueens(t, "abc\nab\n", "solve", "--regions", "-")
	if code != 2 || !strings.Contains(stderr, "--regions: stdin:") {
		t.Errorf("solve --regions - of a ragged grid: exit %d, %s; want a usage error naming stdin", code, stderr)
	}
	_, stderr, code = runQueens(t, grid, "board", "--regions", "-")
	if code != 2 || !strings.Contains(stderr, "cannot both come from stdin") {
		t.Errorf("board --regions -: exit %d, %s; want the model and the answer refused from one stdin", code, stderr)
	}
}
