// Package report holds the JSON documents queens answers with, one Go type and one encoder each, so
// that `queens COMMAND --format json` and the API's answer to the same request are the same bytes
// (timings aside). Every document is an object that starts with "schema" (Schema) and "command", then
// the model it is about, then what the command found. Field names say their unit: elapsed_ms is
// milliseconds. Boards are LeetCode's rows of 'Q' and '.' up to MaxDrawnSide a side, larger ones
// {"cols": [...]} (one queen per row, 0-based columns) or {"cells": [[r, c], ...]} (0-based).
package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf16"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Schema names the documents' version: a reader checks it before it reads the rest. It changes when a
// field changes its meaning or goes; a new field does not change it.
const Schema = "queens/1"

// MaxDrawnSide is the largest board written as rows; larger ones are written as columns or cells.
const MaxDrawnSide = 200

// Model is a model as the documents show it.
type Model struct {
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	Queens  int      `json:"queens"`
	Attacks []string `json:"attacks"`
	// Wrap is true where any edge is joined; Surface names how ("flat", "torus", "cylinder", "mobius",
	// "klein").
	Wrap    bool     `json:"wrap"`
	Surface string   `json:"surface"`
	Blocked [][2]int `json:"blocked"`
	Fixed   [][2]int `json:"fixed"`
	Regions []string `json:"regions,omitempty"`
	// Each holds the quotas: an exact quota as a number, a range as its text ("<=2", "1..2").
	Each map[string]any `json:"each,omitempty"`
}

// ModelOf returns m as the documents show it.
func ModelOf(m constraints.Model) Model {
	j := Model{Rows: m.Rows, Cols: m.Cols, Queens: m.QueenCount(), Attacks: m.Attack.Kinds(),
		Wrap: m.Surface != constraints.Flat, Surface: m.Surface.String(), Blocked: [][2]int{}, Fixed: [][2]int{}}
	for _, c := range m.Blocked {
		j.Blocked = append(j.Blocked, [2]int{c.Row, c.Col})
	}
	for _, c := range m.Fixed {
		j.Fixed = append(j.Fixed, [2]int{c.Row, c.Col})
	}
	if m.Regions != nil {
		j.Regions = m.Regions.Lines()
	}
	if !m.Each.IsZero() {
		j.Each = map[string]any{}
		for _, k := range constraints.QuotaKeys() {
			r := m.Each.Get(k)
			if n, exact := r.Exact(); exact {
				j.Each[k.String()] = n
			} else if !r.IsZero() {
				j.Each[k.String()] = r.String()
			}
		}
	}
	return j
}

// Stats is how a solve ran: the engine that answered and why, its method, threads and counters.
type Stats struct {
	Engine    string `json:"engine,omitempty"`
	Method    string `json:"method"`
	Why       string `json:"why,omitempty"`
	Threads   int    `json:"threads"`
	Nodes     uint64 `json:"nodes,omitempty"`
	Variables uint64 `json:"variables,omitempty"`
	Clauses   uint64 `json:"clauses,omitempty"`
}

// StatsOf returns s as the documents show it.
func StatsOf(s solvers.Stats) Stats {
	return Stats{s.Engine, s.Method, s.Why, s.Threads, s.Nodes, s.Variables, s.Clauses}
}

// Tasks says how far a count in tasks got.
type Tasks struct {
	Done  int `json:"done"`
	Total int `json:"total"`
}

// Millis is a duration in milliseconds, to the microsecond.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// head is how every document begins.
type head struct {
	Schema  string `json:"schema"`
	Command string `json:"command"`
	Model   *Model `json:"model,omitempty"`
}

// Write writes the document of command about m (nil: none) whose other fields are body's, a value that
// encodes as a JSON object: {"schema", "command", "model", then body's fields}, and a newline.
func Write(w io.Writer, command string, m *constraints.Model, body any) error {
	data, err := Encode(command, m, body)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Encode returns the document Write writes.
func Encode(command string, m *constraints.Model, body any) ([]byte, error) {
	h := head{Schema: Schema, Command: command}
	if m != nil {
		mj := ModelOf(*m)
		h.Model = &mj
	}
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	bb, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	if len(bb) < 2 || bb[0] != '{' {
		return nil, fmt.Errorf("report: the body of %s is not a JSON object", command)
	}
	var out bytes.Buffer
	out.Write(hb[:len(hb)-1])
	if len(bb) > 2 {
		out.WriteByte(',')
		out.Write(bb[1:])
	} else {
		out.WriteByte('}')
	}
	out.WriteByte('\n')
	return Escape(out.Bytes()), nil
}

// Error is the document of a request refused or failed: the same message the command line prints.
type Error struct {
	Schema string `json:"schema"`
	Error  string `json:"error"`
}

// WriteError writes the error document of msg.
func WriteError(w io.Writer, msg string) error {
	data, err := json.Marshal(Error{Schema, msg})
	if err != nil {
		return err
	}
	_, err = w.Write(Escape(append(data, '\n')))
	return err
}

// Board writes a solution of m as a document writes it: rows, columns or cells (see the package doc).
func Board(m constraints.Model, s constraints.Solution) []byte {
	switch {
	case m.Rows <= MaxDrawnSide && m.Cols <= MaxDrawnSide:
		b, _ := json.Marshal(m.Board(s))
		return b
	case OnePerRow(m):
		var b strings.Builder
		b.WriteString(`{"cols":[`)
		for i, c := range s {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Itoa(c.Col))
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	cells := make([][2]int, len(s))
	for i, c := range s {
		cells[i] = [2]int{c.Row, c.Col}
	}
	b, _ := json.Marshal(map[string]any{"cells": cells})
	return b
}

// OnePerRow reports whether every solution of m holds exactly one queen on each row.
func OnePerRow(m constraints.Model) bool {
	return m.QueenCount() == m.Rows && (m.Attack.Has(constraints.Row) || m.Each.Row.Hi == 1)
}

// Escape writes the unprintable characters of JSON text b as \u escapes: the same strings to a reader
// of JSON, nothing a terminal shows the JSON on can be moved by (a right-to-left override in a name,
// say). Outside strings, JSON text is ASCII, so every such character stands in a string.
func Escape(b []byte) []byte {
	// encoding/json escapes the C0 controls itself; the rest pass raw.
	raw := func(r rune) bool {
		return r == 0x7f || r >= 0x80 && (r < 0xa0 || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp))
	}
	if !bytes.ContainsFunc(b, raw) {
		return b
	}
	var out bytes.Buffer
	for _, r := range string(b) {
		switch {
		case raw(r) && r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&out, "\\u%04x\\u%04x", r1, r2)
		case raw(r):
			fmt.Fprintf(&out, "\\u%04x", r)
		default:
			out.WriteRune(r)
		}
	}
	return out.Bytes()
}
