package report

import (
	"encoding/json"
	"io"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Modes of a solve.
const (
	ModeCount = "count"
	ModeAll   = "all"
	ModeFirst = "first"
)

// Solve is the document of a solve, as a reader gets it back:
//
//	{"schema": "queens/1", "command": "solve", "model": {...}, "solver": "backtrack", "mode": "first",
//	 "solutions": [board, ...], "count": 1, "complete": true, "found": true, "proved": true,
//	 "stats": {...}, "elapsed_ms": 0.42}
//
// "solutions" is there for the modes all and first only. For first, "complete" says the answer is
// final (a board, or a proof that there is none), as "proved" does.
type Solve struct {
	Schema    string            `json:"schema"`
	Command   string            `json:"command"`
	Model     Model             `json:"model"`
	Solver    string            `json:"solver"`
	Mode      string            `json:"mode"`
	Solutions []json.RawMessage `json:"solutions,omitempty"`
	SolveEnd
}

// SolveEnd is the end of a solve's document, written once the solutions are.
type SolveEnd struct {
	Count    uint64  `json:"count"`
	Unique   *uint64 `json:"unique,omitempty"`
	Complete bool    `json:"complete"`
	Found    *bool   `json:"found,omitempty"`
	Proved   *bool   `json:"proved,omitempty"`
	Tasks    *Tasks  `json:"tasks,omitempty"`
	Stats    Stats   `json:"stats"`
	// ElapsedMS is the solve's wall-clock time in milliseconds.
	ElapsedMS float64 `json:"elapsed_ms"`
}

// EndOf says how a solve in mode ended: res its result, elapsed its time, stopped whether its context
// cut it short.
func EndOf(mode string, res solvers.Result, elapsed time.Duration, stopped bool) SolveEnd {
	end := SolveEnd{Count: res.Count, Unique: res.Unique, Complete: res.Complete, ElapsedMS: Millis(elapsed), Stats: StatsOf(res.Stats)}
	if mode == ModeFirst {
		// A Result's Complete (the whole space searched) is false when a construction found the board,
		// which would read as a contradiction beside "proved": true.
		found, proved := res.Count > 0, res.Proved && !stopped
		end.Found, end.Proved, end.Complete = &found, &proved, proved
	}
	if res.Tasks.Total > 0 {
		end.Tasks = &Tasks{res.Tasks.Done, res.Tasks.Total}
	}
	return end
}

// SolveWriter writes a solve's document as the solve runs: the head at once, each solution as it
// comes (so that a list is never held whole), then the end. It keeps the first write error.
type SolveWriter struct {
	w    io.Writer
	m    constraints.Model
	mode string
	n    int
	err  error
}

// NewSolveWriter writes the head of the document of solver solving m in mode.
func NewSolveWriter(w io.Writer, m constraints.Model, solver, mode string) *SolveWriter {
	s := &SolveWriter{w: w, m: m, mode: mode}
	head, err := json.Marshal(struct {
		Schema  string `json:"schema"`
		Command string `json:"command"`
		Model   Model  `json:"model"`
		Solver  string `json:"solver"`
		Mode    string `json:"mode"`
	}{Schema, "solve", ModelOf(m), solver, mode})
	if err != nil {
		s.err = err
		return s
	}
	s.write(head[:len(head)-1]) // left open for the solutions and the end
	if mode != ModeCount {
		s.write([]byte(`,"solutions":[`))
	}
	return s
}

func (s *SolveWriter) write(b []byte) {
	if s.err == nil {
		_, s.err = s.w.Write(b)
	}
}

// Solution writes one solution.
func (s *SolveWriter) Solution(sol constraints.Solution) error {
	if s.n > 0 {
		s.write([]byte(","))
	}
	s.n++
	s.write([]byte("\n  "))
	s.write(Board(s.m, sol))
	return s.err
}

// End writes the end of the document.
func (s *SolveWriter) End(end SolveEnd) error {
	if s.mode != ModeCount {
		if s.n > 0 {
			s.write([]byte("\n"))
		}
		s.write([]byte("]"))
	}
	b, err := json.Marshal(end)
	if err != nil {
		return err
	}
	s.write([]byte(","))
	s.write(b[1:])
	s.write([]byte("\n"))
	return s.err
}
