package sat_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/sat"
)

// dimacsFile is a DIMACS CNF as read back by the tests.
type dimacsFile struct {
	vars, clauses int
	clauseList    [][]int
	names         map[int]string // cell variable → "r3c5"
	show          []int
}

// parseDIMACS reads what WriteDIMACS writes, strictly: a malformed line is an error.
func parseDIMACS(t *testing.T, text []byte) dimacsFile {
	t.Helper()
	f := dimacsFile{vars: -1, names: map[int]string{}}
	var cur []int
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(nil, 1<<24)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 0:
			t.Fatalf("line %d: empty", line)
		case fields[0] == "c":
			if len(fields) == 5 && fields[1] == "q" && fields[3] == "=" {
				v, err := strconv.Atoi(fields[4])
				if err != nil {
					t.Fatalf("line %d: %q: %v", line, sc.Text(), err)
				}
				f.names[v] = fields[2]
			}
			if len(fields) > 3 && fields[1] == "p" && fields[2] == "show" {
				for _, s := range fields[3:] {
					v, err := strconv.Atoi(s)
					if err != nil {
						t.Fatalf("line %d: %v", line, err)
					}
					f.show = append(f.show, v)
				}
			}
		case fields[0] == "p":
			if len(fields) != 4 || fields[1] != "cnf" || f.vars >= 0 {
				t.Fatalf("line %d: bad or second header %q", line, sc.Text())
			}
			f.vars, _ = strconv.Atoi(fields[2])
			f.clauses, _ = strconv.Atoi(fields[3])
		default:
			if f.vars < 0 {
				t.Fatalf("line %d: clause before the header", line)
			}
			for _, s := range fields {
				l, err := strconv.Atoi(s)
				if err != nil {
					t.Fatalf("line %d: %v", line, err)
				}
				if l == 0 {
					f.clauseList = append(f.clauseList, cur)
					cur = nil
					continue
				}
				if l > f.vars || -l > f.vars {
					t.Fatalf("line %d: literal %d beyond %d variables", line, l, f.vars)
				}
				cur = append(cur, l)
			}
		}
	}
	if cur != nil {
		t.Fatalf("last clause not ended by 0")
	}
	return f
}

var dimacsModels = []constraints.Model{
	constraints.Classic(8),
	{Rows: 5, Cols: 7, Queens: 4, Attack: constraints.Superqueen, Blocked: []constraints.Cell{rc(0, 0), rc(4, 6)}, Fixed: []constraints.Cell{rc(2, 3)}},
	{Rows: 6, Cols: 6, Attack: constraints.Queen, Surface: constraints.Torus, Blocked: []constraints.Cell{rc(1, 1)}},
	{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus},
	{Rows: 4, Cols: 4, Attack: constraints.Queen, Blocked: []constraints.Cell{rc(1, 0), rc(1, 1), rc(1, 2), rc(1, 3)}},
	{Rows: 12, Cols: 12, Queens: 6, Attack: constraints.Knight},
	constraints.Classic(30),
}

func TestDIMACSParsesBack(t *testing.T) {
	for _, m := range dimacsModels {
		var buf bytes.Buffer
		if err := sat.WriteDIMACS(context.Background(), &buf, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		f := parseDIMACS(t, buf.Bytes())
		if f.clauses != len(f.clauseList) {
			t.Errorf("%s: header says %d clauses, the body holds %d", m, f.clauses, len(f.clauseList))
		}
		maxVar := 0
		for _, c := range f.clauseList {
			if len(c) == 0 {
				t.Errorf("%s: an empty clause", m)
			}
			for _, l := range c {
				maxVar = max(maxVar, l, -l)
			}
		}
		if maxVar > f.vars {
			t.Errorf("%s: variable %d beyond the header's %d", m, maxVar, f.vars)
		}
		// Every free cell, in row-major order, is named by its variable and shown.
		v := 0
		for r := range m.Rows {
			for c := range m.Cols {
				cell := constraints.Cell{Row: r, Col: c}
				if m.IsBlocked(cell) {
					continue
				}
				v++
				if f.names[v] != cell.String() {
					t.Errorf("%s: variable %d is named %q, want %s", m, v, f.names[v], cell)
				}
			}
		}
		if len(f.names) != v {
			t.Errorf("%s: %d cell variables named, want %d", m, len(f.names), v)
		}
		if len(f.show) != v+1 || f.show[v] != 0 {
			t.Errorf("%s: show line %v, want 1..%d 0", m, f.show, v)
		}
		for i := 0; i < min(v, len(f.show)); i++ {
			if f.show[i] != i+1 {
				t.Errorf("%s: show line %v, want 1..%d 0", m, f.show, v)
				break
			}
		}
	}
}

// TestDIMACSOutsideSolver hands the exported CNF to minisat or cadical and checks the model it returns
// against Model.Check, or that it finds none when SAT finds none.
func TestDIMACSOutsideSolver(t *testing.T) {
	var tool string
	for _, name := range []string{"minisat", "cadical"} {
		if p, err := exec.LookPath(name); err == nil {
			tool = p
			break
		}
	}
	if tool == "" {
		t.Skip("neither minisat nor cadical is on PATH; install one to check the DIMACS export with an outside solver")
	}
	dir := t.TempDir()
	for i, m := range dimacsModels {
		var buf bytes.Buffer
		if err := sat.WriteDIMACS(context.Background(), &buf, m); err != nil {
			t.Fatal(err)
		}
		in := filepath.Join(dir, fmt.Sprintf("m%d.cnf", i))
		out := filepath.Join(dir, fmt.Sprintf("m%d.out", i))
		if err := os.WriteFile(in, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		var cmd *exec.Cmd
		if filepath.Base(tool) == "minisat" {
			cmd = exec.Command(tool, "-verb=0", in, out)
		} else {
			cmd = exec.Command(tool, "-q", "-w", out, in)
		}
		// Both exit 10 for sat and 20 for unsat.
		err := cmd.Run()
		code := cmd.ProcessState.ExitCode()
		if code != 10 && code != 20 {
			t.Fatalf("%s on %s: %v (exit %d)", tool, m, err, code)
		}
		sol, found := readModel(t, out, m)
		_, satFound, _, err := solvers.First(context.Background(), sat.New(), m)
		if err != nil {
			t.Fatal(err)
		}
		if found != satFound || (code == 10) != found {
			t.Errorf("%s: %s says sat=%v (exit %d), gini says %v", m, filepath.Base(tool), found, code, satFound)
		}
		if found {
			if err := m.Check(sol); err != nil {
				t.Errorf("%s: %s's model %s fails Check: %v", m, filepath.Base(tool), sol, err)
			}
		}
	}
}

// readModel reads minisat's or cadical's answer and maps the true cell variables back to cells.
func readModel(t *testing.T, path string, m constraints.Model) (constraints.Solution, bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var cells []constraints.Cell
	for r := range m.Rows {
		for c := range m.Cols {
			if cell := (constraints.Cell{Row: r, Col: c}); !m.IsBlocked(cell) {
				cells = append(cells, cell)
			}
		}
	}
	var sol []constraints.Cell
	found := false
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "SAT", "s":
			found = found || fields[len(fields)-1] == "SAT" || fields[len(fields)-1] == "SATISFIABLE"
			continue
		case "UNSAT":
			continue
		case "v":
			fields = fields[1:]
		}
		for _, f := range fields {
			l, err := strconv.Atoi(f)
			if err != nil {
				t.Fatalf("%s: %q: %v", path, line, err)
			}
			if l > 0 && l <= len(cells) {
				sol = append(sol, cells[l-1])
			}
		}
	}
	return constraints.NewSolution(sol...), found
}
