package cli

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

const boardUsage = `Usage: queens board [model flags] [--cnf-model FILE] [--format text|unicode|leetcode|json|cols|svg]

Draws the board of a model an outside SAT solver found for 'queens cnf' with the same model flags: reads
the solver's answer from FILE or stdin ("s SATISFIABLE" and "v ... 0" lines, as minisat -verb=0,
cadical and the SAT competition print them, or minisat's result file "SAT" then the literals), maps the
cell variables back to the board, and checks the board against the model before drawing it.

Examples:
  queens cnf -n 8 > q8.cnf && cadical q8.cnf | queens board -n 8
  minisat q8.cnf q8.out; queens board -n 8 --cnf-model q8.out --format unicode
`

// maxModelFile bounds a solver's answer: a few literals per cell of the largest CNF queens writes.
const maxModelFile = 512 << 20

func runBoard(ctx context.Context, e *env, args []string) error {
	var mf modelFlags
	fs := newFlagSet(e, "board", boardUsage)
	mf.register(fs)
	file := fs.String("cnf-model", "", "the SAT solver's answer (default: stdin)")
	format := fs.String("format", "text", "text, unicode, leetcode, json, cols or svg")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	m, _, err := mf.model(fs)
	if err != nil {
		return err
	}
	if *format == "dimacs" {
		return usagef("--format dimacs: the answer is DIMACS already")
	}
	in := e.stdin
	name := "stdin"
	if *file != "" {
		data, err := readInput(*file, maxModelFile)
		if err != nil {
			return usagef("--cnf-model: %v", err)
		}
		in, name = strings.NewReader(string(data)), escape(*file)
	}
	trues, status, err := readCNFModel(io.LimitReader(in, maxModelFile), name)
	if ctx.Err() != nil {
		return &interrupted{cause: ctx.Err()}
	}
	if err != nil {
		return err
	}
	out, err := newSink(*format, e, m, modeFirst, false)
	if err != nil {
		return err
	}
	if err := out.begin("outside SAT solver"); err != nil {
		return err
	}
	res := solvers.Result{Stats: solvers.Stats{Method: "outside SAT solver"}}
	if status == "UNSATISFIABLE" {
		res.Complete, res.Proved = true, true
	} else if status == "SATISFIABLE" {
		sol := cellsOfModel(m, trues)
		if err := m.Verify(sol); err != nil {
			return fmt.Errorf("%s: the solver's model is not a solution of %s: %v", name, escape(m.String()), err)
		}
		res.Count, res.Proved = 1, true
		if err := out.solution(sol); err != nil {
			return err
		}
	}
	return out.end(summary{res: res})
}

// readCNFModel reads a SAT solver's answer: the status ("SATISFIABLE", "UNSATISFIABLE" or "UNKNOWN") and
// the variables set true.
func readCNFModel(r io.Reader, name string) (map[int]bool, string, error) {
	trues := map[int]bool{}
	status := ""
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		lits := fields
		switch fields[0] {
		case "c":
			continue
		case "s":
			if len(fields) < 2 {
				return nil, "", fmt.Errorf("%s:%d: an s line without a status", name, line)
			}
			status = fields[1]
			continue
		case "SAT":
			status = "SATISFIABLE"
			continue
		case "UNSAT":
			status = "UNSATISFIABLE"
			continue
		case "INDET":
			status = "UNKNOWN"
			continue
		case "v":
			lits = fields[1:]
		}
		for _, f := range lits {
			l, err := strconv.Atoi(f)
			if err != nil {
				return nil, "", fmt.Errorf("%s:%d: %q is not a literal", name, line, short(f, 20))
			}
			if l > 0 {
				trues[l] = true
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, "", fmt.Errorf("%s: %w", name, err)
	}
	switch status {
	case "SATISFIABLE", "UNSATISFIABLE":
		return trues, status, nil
	case "":
		if len(trues) > 0 {
			return trues, "SATISFIABLE", nil
		}
		return nil, "", fmt.Errorf("%s: no answer found (want s SATISFIABLE and v lines)", name)
	}
	return nil, "", fmt.Errorf("%s: the solver answered %s", name, status)
}

// short cuts s to at most n bytes, marking the cut.
func short(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// cellsOfModel returns the queens of a CNF model: variable i is the i-th free cell in row-major order.
// Variables past the cells are the encoding's own, and are ignored.
func cellsOfModel(m constraints.Model, trues map[int]bool) constraints.Solution {
	blocked := constraints.NewCellSet(m.Blocked)
	var sol constraints.Solution
	v := 0
	for r := range m.Rows {
		for c := range m.Cols {
			cell := constraints.Cell{Row: r, Col: c}
			if blocked.Has(cell) {
				continue
			}
			v++
			if trues[v] {
				sol = append(sol, cell)
			}
		}
	}
	return sol
}
