package serve

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/solvers/sat"
)

// solve answers /api/solve with the document 'queens solve --format json' writes for the same model,
// solver and mode: count (the default, as on the command line), first, or all with a limit, as
// 'queens solve --all --limit K' writes it: the solutions up to the limit, complete false where one
// more was found.
func solve(ctx context.Context, r *http.Request) (any, error) {
	q, err := readRequest(ctx, r)
	if err != nil {
		return nil, err
	}
	if q.State != nil {
		return nil, bad("state: a played board is hint's; solve does not take it")
	}
	var s solvers.Solver
	switch q.Solver {
	case "", "auto":
		// The router keeps SAT within the budgets that a request for SAT itself has.
		s, q.Solver = router.New(router.LimitSAT(MaxSATCells, MaxSATCountCells)), "auto"
	case "backtrack":
		s = router.New(router.NativeOnly())
	case "sat":
		s = sat.New()
	default:
		return nil, choice("solver", q.Solver, "auto", "backtrack", "sat")
	}
	switch q.Mode {
	case "":
		q.Mode = report.ModeCount
	case report.ModeCount, report.ModeFirst, report.ModeAll:
	default:
		return nil, choice("mode", q.Mode, report.ModeCount, report.ModeFirst, report.ModeAll)
	}
	limit := MaxList
	switch {
	case q.Limit != nil && q.Mode != report.ModeAll:
		return nil, bad("limit: bounds a listing (mode=all); mode=%s does not take it", q.Mode)
	case q.Limit != nil && (*q.Limit < 1 || *q.Limit > MaxList):
		return nil, bad("limit=%d: want 1 to %d solutions", *q.Limit, MaxList)
	case q.Limit != nil:
		limit = *q.Limit
	}
	m, err := q.model(ctx)
	if err != nil {
		return nil, err
	}
	if err := budget(m, q.Solver, q.Mode); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	doc := report.NewSolveWriter(&buf, m, s.Name(), q.Mode)
	start := time.Now()
	var res solvers.Result
	switch q.Mode {
	case report.ModeFirst:
		var sol constraints.Solution
		var found bool
		if sol, found, res, err = solvers.First(ctx, s, m); err == nil && found {
			err = doc.Solution(sol)
		}
	case report.ModeAll:
		res, err = list(ctx, s, m, limit, doc)
	default:
		res, err = s.Count(ctx, m)
	}
	if err != nil {
		return nil, err
	}
	if err := doc.End(report.EndOf(q.Mode, res, time.Since(start), false)); err != nil {
		return nil, err
	}
	return document(buf.Bytes()), nil
}

// list writes the solutions of m to doc up to limit. It stops at the first solution past the limit, as
// the command line does: a listing that ends with the limit reached has every solution, and says so
// (complete); one stopped past it has not.
func list(ctx context.Context, s solvers.Solver, m constraints.Model, limit int, doc *report.SolveWriter) (solvers.Result, error) {
	listed, past := 0, false
	var werr error
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		if listed == limit {
			past = true
			return false
		}
		listed++
		werr = doc.Solution(sol)
		return werr == nil
	})
	if werr != nil {
		return res, werr
	}
	res.Count = uint64(listed)
	if past {
		res.Complete = false
	}
	return res, err
}

// puzzleRequest reads the request of a call on a region puzzle, and its model, bounded in cells.
func puzzleRequest(ctx context.Context, r *http.Request, what string) (Request, constraints.Model, error) {
	q, err := readRequest(ctx, r)
	if err != nil {
		return q, constraints.Model{}, err
	}
	if q.Solver != "" || q.Mode != "" || q.Limit != nil {
		return q, constraints.Model{}, bad("solver, mode and limit are solve's; %s does not take them", what)
	}
	if q.State != nil && what != "hint" {
		return q, constraints.Model{}, bad("state: a played board is hint's; %s does not take it", what)
	}
	m, err := q.model(ctx)
	if err != nil {
		return q, m, err
	}
	if m.Rows*m.Cols > deduce.MaxCells {
		return q, m, bad("a %d×%d board: more than %d cells", m.Rows, m.Cols, deduce.MaxCells)
	}
	return q, m, nil
}

// hint answers /api/hint with the document 'queens hint --format json' writes.
func hint(ctx context.Context, r *http.Request) (any, error) {
	q, m, err := puzzleRequest(ctx, r, "hint")
	if err != nil {
		return nil, err
	}
	board := q.State
	if board == nil {
		for range m.Rows {
			board = append(board, strings.Repeat(".", m.Cols))
		}
	}
	board, err = deduce.ParseBoard(strings.Join(board, "\n"), m.Rows, m.Cols)
	if err != nil {
		return nil, bad("state: %s", strings.TrimPrefix(err.Error(), "deduce: board: "))
	}
	h, err := deduce.HintFor(ctx, m, board)
	if err != nil {
		return nil, err
	}
	return encoded(report.Encode("hint", &m, h))
}

// explain answers /api/explain with the document 'queens explain --format json' writes.
func explain(ctx context.Context, r *http.Request) (any, error) {
	_, m, err := puzzleRequest(ctx, r, "explain")
	if err != nil {
		return nil, err
	}
	ex, err := deduce.Explain(ctx, m, deduce.Options{})
	if err != nil {
		return nil, err
	}
	return encoded(report.Encode("explain", &m, ex))
}

// Check says whether a model's regions make a puzzle: one solution, and how deduction fares.
type Check struct {
	Solutions uint64 `json:"solutions"` // up to 2
	Unique    bool   `json:"unique"`
	Grade     string `json:"grade,omitempty"`
	Solved    bool   `json:"explained"`
	URL       string `json:"url,omitempty"`
}

// CheckPuzzle checks m as a puzzle: its solutions counted up to 2, and when there is one, whether
// deduction finds it and at what grade; and its puzz.link URL where the format can say it. 'queens
// check' and /api/check answer with it.
func CheckPuzzle(ctx context.Context, m constraints.Model) (Check, error) {
	if err := deduce.RegionPuzzle(m); err != nil {
		return Check{}, err
	}
	sols, _, err := deduce.Solutions(ctx, m, 2)
	if err != nil {
		return Check{}, err
	}
	n := uint64(len(sols))
	out := Check{Solutions: n, Unique: n == 1}
	if out.Unique {
		ex, err := deduce.Explain(ctx, m, deduce.Options{})
		if err != nil {
			return out, err
		}
		out.Solved, out.Grade = ex.Solved, ex.Grade.String()
	}
	if url, err := codec.FormatURL(m); err == nil {
		out.URL = url
	}
	return out, nil
}

// check answers /api/check with the document 'queens check --format json' writes.
func check(ctx context.Context, r *http.Request) (any, error) {
	_, m, err := puzzleRequest(ctx, r, "check")
	if err != nil {
		return nil, err
	}
	out, err := CheckPuzzle(ctx, m)
	if err != nil {
		return nil, err
	}
	return encoded(report.Encode("check", &m, out))
}

func encoded(b []byte, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	return document(b), nil
}
