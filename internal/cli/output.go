package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/queens-dev/queens/constraints"
)

// sink writes one solve in one format: a header, the solutions as they come, and the totals. Solutions
// are written as they arrive, so listing never holds them all.
type sink interface {
	begin(m constraints.Model, solver, mode string) error
	solution(m constraints.Model, s constraints.Solution) error
	end(s summary) error
}

// summary is the end of a solve.
type summary struct {
	count    uint64
	unique   *uint64 // nil unless asked for
	complete bool
	elapsed  time.Duration
}

func newBuffered(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, 64<<10) }

func newSink(format string, e *env) (sink, error) {
	w := newBuffered(e.stdout)
	switch format {
	case "text":
		return &textSink{w: w}, nil
	case "leetcode":
		return &leetcodeSink{w: w}, nil
	case "json":
		return &jsonSink{w: w}, nil
	}
	return nil, usagef("--format %q: want text, leetcode or json", format)
}

// textSink draws boards for a person: 'Q' a queen, '.' an empty cell, '#' a blocked one.
type textSink struct {
	w    *bufio.Writer
	mode string
	n    int
}

func (t *textSink) begin(_ constraints.Model, _, mode string) error { t.mode = mode; return nil }

func (t *textSink) solution(m constraints.Model, s constraints.Solution) error {
	if t.n > 0 {
		t.w.WriteByte('\n')
	}
	t.n++
	for r, row := range m.Board(s) {
		for c, ch := range []byte(row) {
			if c > 0 {
				t.w.WriteByte(' ')
			}
			if ch == '.' && m.IsBlocked(constraints.Cell{Row: r, Col: c}) {
				ch = '#'
			}
			t.w.WriteByte(ch)
		}
		t.w.WriteByte('\n')
	}
	return nil
}

func (t *textSink) end(s summary) error {
	if t.n > 0 {
		t.w.WriteByte('\n')
	}
	switch {
	case t.mode == "first" && s.count == 0 && s.complete:
		t.w.WriteString("no solution\n")
	case t.mode == "first":
	default:
		prefix := ""
		if !s.complete {
			prefix = "at least "
		}
		fmt.Fprintf(t.w, "%s%d %s", prefix, s.count, plural(s.count, "solution", "solutions"))
		if s.unique != nil {
			fmt.Fprintf(t.w, ", %s%d unique", prefix, *s.unique)
		}
		if !s.complete {
			t.w.WriteString(" (incomplete)")
		}
		t.w.WriteByte('\n')
	}
	return t.w.Flush()
}

func plural(n uint64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// leetcodeSink writes LeetCode's forms: 51's list of boards for --all and --first, 52's bare count
// otherwise.
type leetcodeSink struct {
	w    *bufio.Writer
	mode string
	n    int
}

func (l *leetcodeSink) begin(_ constraints.Model, _, mode string) error {
	l.mode = mode
	if mode != "count" {
		l.w.WriteByte('[')
	}
	return nil
}

func (l *leetcodeSink) solution(m constraints.Model, s constraints.Solution) error {
	if l.n > 0 {
		l.w.WriteByte(',')
	}
	l.n++
	b, err := json.Marshal(m.Board(s))
	if err != nil {
		return err
	}
	_, err = l.w.Write(b)
	return err
}

func (l *leetcodeSink) end(s summary) error {
	if l.mode == "count" {
		if s.unique != nil {
			fmt.Fprintf(l.w, "%d\n", *s.unique)
		} else {
			fmt.Fprintf(l.w, "%d\n", s.count)
		}
	} else {
		l.w.WriteString("]\n")
	}
	return l.w.Flush()
}

// jsonSink writes one JSON object: the model, the solver, the solutions (streamed) and the totals.
type jsonSink struct {
	w    *bufio.Writer
	mode string
	n    int
}

// modelJSON is the model as JSON shows it.
type modelJSON struct {
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	Queens  int      `json:"queens"`
	Attacks []string `json:"attacks"`
	Wrap    bool     `json:"wrap"`
	Blocked [][2]int `json:"blocked"`
	Fixed   [][2]int `json:"fixed"`
}

func toJSON(m constraints.Model) modelJSON {
	j := modelJSON{Rows: m.Rows, Cols: m.Cols, Queens: m.QueenCount(), Attacks: m.Attack.Kinds(), Wrap: m.Wrap,
		Blocked: [][2]int{}, Fixed: [][2]int{}}
	for _, c := range m.Blocked {
		j.Blocked = append(j.Blocked, [2]int{c.Row, c.Col})
	}
	for _, c := range m.Fixed {
		j.Fixed = append(j.Fixed, [2]int{c.Row, c.Col})
	}
	return j
}

func (j *jsonSink) begin(m constraints.Model, solver, mode string) error {
	j.mode = mode
	head, err := json.Marshal(struct {
		Model  modelJSON `json:"model"`
		Solver string    `json:"solver"`
		Mode   string    `json:"mode"`
	}{toJSON(m), solver, mode})
	if err != nil {
		return err
	}
	j.w.Write(head[:len(head)-1]) // left open for the solutions and totals
	if mode != "count" {
		j.w.WriteString(`,"solutions":[`)
	}
	return nil
}

func (j *jsonSink) solution(m constraints.Model, s constraints.Solution) error {
	if j.n > 0 {
		j.w.WriteByte(',')
	}
	j.n++
	j.w.WriteString("\n  ")
	b, err := json.Marshal(m.Board(s))
	if err != nil {
		return err
	}
	_, err = j.w.Write(b)
	return err
}

func (j *jsonSink) end(s summary) error {
	if j.mode != "count" {
		if j.n > 0 {
			j.w.WriteByte('\n')
		}
		j.w.WriteByte(']')
	}
	tail, err := json.Marshal(struct {
		Count    uint64  `json:"count"`
		Unique   *uint64 `json:"unique,omitempty"`
		Complete bool    `json:"complete"`
		Elapsed  float64 `json:"elapsed_seconds"`
	}{s.count, s.unique, s.complete, s.elapsed.Seconds()})
	if err != nil {
		return err
	}
	j.w.WriteByte(',')
	j.w.Write(tail[1:])
	j.w.WriteByte('\n')
	return j.w.Flush()
}
