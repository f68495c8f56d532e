package cli

import (
	"bytes"
	"context"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
)

// TestReadAnswer reads answers in both forms, sound and broken: every break is refused naming its line,
// and a sound answer gives its status and the cell variables set true.
func TestReadAnswer(t *testing.T) {
	size := func() (int, error) { return 20, nil } // 16 cells, 4 auxiliaries
	tests := []struct {
		in, status string
		trues      []int
		err        string
		reason     string
	}{
		{"s SATISFIABLE\nv 1 -2 3\nv -4 17 0\n", statusSAT, []int{1, 3}, "", "the competition's form; 17 is an auxiliary"},
		{"c hello\ns SATISFIABLE \r\nv 1\t-2 0", statusSAT, []int{1}, "", "blanks of every kind, no last newline"},
		{"SAT\n1 -2 3\n-4 0\n", statusSAT, []int{1, 3}, "", "minisat's result file"},
		{"v 5 0\n", statusSAT, []int{5}, "", "v lines without a status"},
		{"s UNSATISFIABLE\n", statusUNSAT, nil, "", ""},
		{"UNSAT\n", statusUNSAT, nil, "", ""},
		{"s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n", "", nil, "x:3: a second status line (the first, SATISFIABLE, at line 1)", "once drawn as no solution, exit 0"},
		{"s UNSATISFIABLE\ns UNSATISFIABLE\n", "", nil, "x:2: a second status line", ""},
		{"v 2 -2 0\n", "", nil, "x:1: variable 2 given both true and false", "once drawn"},
		{"v 2 3\nv 2 0\n", "", nil, "x:2: variable 2 given twice", ""},
		{"v 21 0\n", "", nil, "x:1: literal 21: the CNF has variables 1 to 20", ""},
		{"v -9223372036854775808 0\n", "", nil, "x:1: literal -9223372036854775808: the CNF has variables 1 to 20", "−l overflows"},
		{"v 99999999999999999999 0\n", "", nil, `x:1: "99999999999999999999" is not a literal`, ""},
		{"s SATISFIABLE\nv 1 2\n", "", nil, "x: the model's literals do not end with 0", "a cut answer"},
		{"v 1 0 2\n", "", nil, "x:1: literal 2 after the model's closing 0", ""},
		{"s UNSATISFIABLE\nv 1 0\n", "", nil, "x:2: a v line after the status UNSATISFIABLE", ""},
		{"v 1 0\ns UNSATISFIABLE\n", "", nil, "x:2: status UNSATISFIABLE after the literals of a model", ""},
		{"s SATISFIABLE x\n", "", nil, `x:1: "x" after the status`, ""},
		{"s\n", "", nil, "x:1: an s line without a status", ""},
		{"s MAYBE\n", "", nil, `x:1: status "MAYBE"`, ""},
		{"s UNKNOWN\n", "", nil, "x:1: the solver answered UNKNOWN", ""},
		{"INDET\n", "", nil, "x:1: the solver answered UNKNOWN", ""},
		{"0 2 4 1 3\n", "", nil, `x:1: "0" does not start a line of a SAT solver's answer`, "a file of columns: once 10^12 cells walked"},
		{"board: 8\n", "", nil, `x:1: "board:" does not start a line`, "a variant file"},
		{"\n\nc only comments\n", "", nil, "x: no answer found", ""},
		{"s SATISFIABLE\nv 1 \x1b[2J 0\n", "", nil, "x:2: control character U+001B", ""},
		{"v " + strings.Repeat("1", 100) + " 0\n", "", nil, "x:1: a word of more than 64 bytes", ""},
	}
	for _, tt := range tests {
		got, err := readAnswer(strings.NewReader(tt.in), "x", 16, size)
		if tt.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tt.err) {
				t.Errorf("%q (%s): %+v, %v; want the error %q", tt.in, tt.reason, got, err, tt.err)
			}
			continue
		}
		if err != nil || got.status != tt.status || !slices.Equal(got.trues, tt.trues) {
			t.Errorf("%q (%s): %+v, %v; want %s %v", tt.in, tt.reason, got, err, tt.status, tt.trues)
		}
	}
}

// TestReadAnswerSizesLate holds that the CNF is sized (a dry run of the encoder, which takes a while on a
// big board) only once a literal past the cells comes: an input that is no answer is refused at its
// first line before, and an answer over the cells alone never needs it.
func TestReadAnswerSizesLate(t *testing.T) {
	sized := false
	size := func() (int, error) { sized = true; return 20, nil }
	if _, err := readAnswer(strings.NewReader("0 1 2 3\n"+strings.Repeat("1 2 3 4\n", 1000)), "x", 16, size); err == nil || sized {
		t.Errorf("a file of columns: %v, sized %v; want an error at line 1, before sizing", err, sized)
	}
	if a, err := readAnswer(strings.NewReader("v 1 -2 16 -15 0\n"), "x", 16, size); err != nil || sized || len(a.trues) != 2 {
		t.Errorf("an answer over the cells alone: %+v, %v, sized %v; want it read without sizing", a, err, sized)
	}
	if _, err := readAnswer(strings.NewReader("v 1 -2 16 -17 0\n"), "x", 16, size); err != nil || !sized {
		t.Errorf("an answer past the cells: %v, sized %v; want it sized, and read", err, sized)
	}
}

// TestCellsOfVars holds the variables-to-cells mapping, which skips blocked cells without walking the
// board, to the walk over every cell in row-major order that 'queens cnf' numbers by.
func TestCellsOfVars(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		m := constraints.Model{Rows: 1 + r.IntN(7), Cols: 1 + r.IntN(7)}
		blocked := constraints.CellSet{}
		for range r.IntN(m.Rows * m.Cols) {
			c := constraints.Cell{Row: r.IntN(m.Rows), Col: r.IntN(m.Cols)}
			m.Blocked = append(m.Blocked, c)
			blocked.Add(c)
		}
		var all constraints.Solution
		var vars []int
		for row := range m.Rows {
			for col := range m.Cols {
				if c := (constraints.Cell{Row: row, Col: col}); !blocked.Has(c) {
					all = append(all, c)
					vars = append(vars, len(all))
				}
			}
		}
		r.Shuffle(len(vars), func(i, j int) { vars[i], vars[j] = vars[j], vars[i] })
		if got := cellsOfVars(m, vars); !slices.Equal(got, all) {
			t.Fatalf("%d×%d, blocked %v: %v, want %v", m.Rows, m.Cols, m.Blocked, got, all)
		}
	}
}

// TestBoardStdinLeftOpen waits on a stdin that never closes, for a board of 10^6: the run must stop at
// once when it is cancelled (as by Ctrl-C), with exit 130.
func TestBoardStdinLeftOpen(t *testing.T) {
	pr, pw := io.Pipe()
	defer pw.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var stdout, stderr strings.Builder
	e := &env{stdin: pr, stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }, now: time.Now}
	done := make(chan int, 1)
	go func() { done <- e.main(ctx, []string{"board", "-n", "1000000", "--format", "cols"}) }()
	pw.Write([]byte("c a solver that stalls\n"))
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case code := <-done:
		if code != ExitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
			t.Errorf("exit %d, stderr %q; want 130, interrupted", code, stderr.String())
		}
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting on stdin 5 s after the cancel")
	}
}

// FuzzReadAnswer reads arbitrary text as an outside solver's answer: it must never panic, and what it
// accepts must be an answer: a status, and for a model cell variables in range, each once.
func FuzzReadAnswer(f *testing.F) {
	for _, seed := range []string{
		"s SATISFIABLE\nv 1 -2 3\nv -4 17 0\n", "SAT\n1 -2 3\n-4 0\n", "s UNSATISFIABLE\n", "c x\nv 5 0",
		"0 2 4 1 3\n", "v 2 -2 0\n", "s SATISFIABLE\nv 1 0\ns UNSATISFIABLE\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		size := func() (int, error) { return 20, nil }
		a, err := readAnswer(bytes.NewReader(data), "x", 16, size)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "x") {
				t.Fatalf("error %q does not name the input", err)
			}
			return
		}
		if a.status != statusSAT && a.status != statusUNSAT {
			t.Fatalf("accepted with status %q", a.status)
		}
		seen := map[int]bool{}
		for _, v := range a.trues {
			if v < 1 || v > 16 || seen[v] {
				t.Fatalf("cell variables %v: out of range or twice", a.trues)
			}
			seen[v] = true
		}
	})
}
