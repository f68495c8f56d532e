package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
)

const boardUsage = `Usage: queens board [model flags] [--cnf-model FILE] [--format text|unicode|leetcode|json|cols|svg]

Draws the board of a model an outside SAT solver found for 'queens cnf' with the same model flags: reads
the solver's answer from FILE or stdin ("s SATISFIABLE" and "v ... 0" lines, as minisat -verb=0,
cadical and the SAT competition print them, or minisat's result file "SAT" then the literals), maps the
cell variables back to the board, and checks the board against the model before drawing it. A claim of
no solution is checked by looking for one for up to --check-timeout: one found is exit 1; neither one nor
a proof of none in that time prints "(not checked)" and exits 1. A second status line, a variable given
twice or both true and false, a literal past the CNF's variables, a model without its closing 0, or a
line that belongs to no answer is exit 1, naming the line.

Examples:
  queens cnf -n 8 > q8.cnf && cadical q8.cnf | queens board -n 8
  minisat q8.cnf q8.out; queens board -n 8 --cnf-model q8.out --format unicode
`

// maxModelFile bounds a solver's answer: a few literals per cell of the largest CNF queens writes.
const maxModelFile = 512 << 20

// defaultCheckTimeout is how long board looks for a solution by default to check a claim of none.
const defaultCheckTimeout = 10 * time.Second

func runBoard(ctx context.Context, e *env, args []string) error {
	var mf modelFlags
	fs := newFlagSet(e, "board", boardUsage)
	mf.register(fs)
	file := fs.String("cnf-model", "", "the SAT solver's answer (default: stdin)")
	format := fs.String("format", "text", "text, unicode, leetcode, json, cols or svg")
	checkTimeout := fs.Duration("check-timeout", defaultCheckTimeout, "how long to look for a solution to check a claim of none (0: leave it unchecked)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if mf.readsStdin(fs) && *file == "" {
		return usagef("the model and the solver's answer cannot both come from stdin: give the answer with --cnf-model FILE")
	}
	if *checkTimeout < 0 {
		return usagef("--check-timeout %v: must not be negative", *checkTimeout)
	}
	m, _, err := mf.model(ctx, e, fs)
	if err != nil {
		return err
	}
	if *format == "dimacs" {
		return usagef("--format dimacs: the answer is DIMACS already")
	}
	out, err := newSink(*format, e, m, modeFirst, false)
	if err != nil {
		return err
	}
	in, name := e.stdin, "stdin"
	if *file != "" {
		f, err := openInput(*file, maxModelFile)
		if err != nil {
			return usagef("--cnf-model: %v", err)
		}
		defer f.Close()
		in, name = f, escape(*file)
	}
	vars := func() (int, error) {
		_, vars, err := sat.Size(ctx, m)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", name, err)
		}
		return vars, nil
	}
	ans, err := readAnswer(&limitReader{r: in, n: maxModelFile, name: name}, name, freeCells(m), vars)
	if ctx.Err() != nil {
		return &interrupted{cause: ctx.Err()}
	}
	if err != nil {
		return err
	}
	res := solvers.Result{Stats: solvers.Stats{Method: "outside SAT solver"}}
	var sol constraints.Solution
	var unchecked error
	switch {
	case ans.status == statusUNSAT && *checkTimeout == 0:
		fmt.Fprintf(e.stderr, "# %s:%d: the claim that there is no solution was not checked (--check-timeout 0)\n", name, ans.line)
		unchecked = errSkipped
	case ans.status == statusUNSAT:
		if unchecked, err = checkNone(ctx, m, name, ans.line, *checkTimeout); err != nil {
			return err
		}
		res.Complete, res.Proved = unchecked == nil, unchecked == nil
	default:
		sol = cellsOfVars(m, ans.trues)
		if err := m.Verify(sol); err != nil {
			return fmt.Errorf("%s: the solver's model is not a solution of %s: %v", name, escape(m.String()), err)
		}
		res.Count, res.Proved = 1, true
	}
	if err := out.begin("outside SAT solver"); err != nil {
		return err
	}
	if res.Count > 0 {
		if err := out.solution(sol); err != nil {
			return err
		}
	}
	sum := summary{res: res}
	if unchecked != nil {
		sum.claim = "no solution, as the solver claims (not checked)"
	}
	if err := out.end(sum); err != nil {
		return err
	}
	if unchecked == errSkipped {
		return nil
	}
	return unchecked
}

// errSkipped marks a claim of no solution left unchecked because --check-timeout 0 asked for that.
var errSkipped = errors.New("not checked, as asked")

// checkNone checks a claim that m has no solution, made at line of the answer name, by looking for one
// for at most limit: a solution found makes the claim wrong (an error); none found without a proof
// leaves the claim unchecked (returned, to be said).
func checkNone(ctx context.Context, m constraints.Model, name string, line int, limit time.Duration) (unchecked, err error) {
	cctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	_, found, res, err := solvers.First(cctx, router.New(router.NativeOnly()), m)
	switch {
	case ctx.Err() != nil:
		return nil, &interrupted{cause: ctx.Err(), done: "while checking the claim that there is no solution"}
	case found:
		return nil, fmt.Errorf("%s:%d: the solver says UNSATISFIABLE, but %s has a solution ('queens solve --first' with the same model flags shows one): the solver or the CNF it was given is wrong", name, line, escape(m.String()))
	case err == nil && res.Complete && res.Proved:
		return nil, nil
	case err != nil && cctx.Err() == nil && !errors.Is(err, solvers.ErrUnsupported):
		return nil, err
	}
	return fmt.Errorf("%s:%d: the claim that there is no solution was not checked: queens found neither a solution nor a proof of none in %v (raise --check-timeout)", name, line, limit), nil
}

// openInput opens the regular file at path for reading, after checking that it holds at most limit
// bytes.
func openInput(path string, limit int64) (*os.File, error) {
	// Stat first: opening a FIFO would wait for a writer.
	if info, err := os.Stat(path); err != nil {
		return nil, err
	} else if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	switch {
	case err != nil:
	case !info.Mode().IsRegular():
		err = fmt.Errorf("%s: not a regular file", path)
	case info.Size() > limit:
		err = fmt.Errorf("%s: %d bytes, more than the %d a file may hold", path, info.Size(), limit)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// limitReader reads r, and fails once more than n bytes have come.
type limitReader struct {
	r    io.Reader
	n    int64
	name string
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.n < 0 {
		return 0, fmt.Errorf("%s: more than the %d bytes an answer may hold", l.name, maxModelFile)
	}
	if int64(len(p)) > l.n+1 {
		p = p[:l.n+1]
	}
	n, err := l.r.Read(p)
	l.n -= int64(n)
	if l.n < 0 {
		return n, fmt.Errorf("%s: more than the %d bytes an answer may hold", l.name, maxModelFile)
	}
	return n, err
}

// short cuts s to at most n bytes, marking the cut.
func short(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
