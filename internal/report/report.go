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
	"slices"
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
	Blocked Blocked  `json:"blocked"`
	Fixed   Fixed    `json:"fixed"`
	Regions []string `json:"regions,omitempty"`
	// Each holds the quotas: an exact quota as a number, a range as its text ("<=2", "1..2").
	Each map[string]any `json:"each,omitempty"`
}

// Cell is a cell as the documents show it: [row, col], 0-based. Read back, it must be two numbers: a third
// is refused, never dropped.
type Cell [2]int

// UnmarshalJSON reads [row, col].
func (c *Cell) UnmarshalJSON(b []byte) error {
	var v []int
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("a cell: want [row, col]: %w", err)
	}
	return c.set(v)
}

// UnmarshalYAML reads [row, col] (yaml.v3 calls it with a function that decodes the node).
func (c *Cell) UnmarshalYAML(unmarshal func(any) error) error {
	var v []int
	if err := unmarshal(&v); err != nil {
		return fmt.Errorf("a cell: want [row, col]: %w", err)
	}
	return c.set(v)
}

// Blocked is a model's blocked cells. Read back, an error names the field.
type Blocked []Cell

// Fixed is a model's fixed queens. Read back, an error names the field.
type Fixed []Cell

// UnmarshalJSON reads a list of cells.
func (c *Blocked) UnmarshalJSON(b []byte) error {
	return field("blocked", json.Unmarshal(b, (*[]Cell)(c)))
}

// UnmarshalYAML reads a list of cells.
func (c *Blocked) UnmarshalYAML(unmarshal func(any) error) error {
	return field("blocked", unmarshal((*[]Cell)(c)))
}

// UnmarshalJSON reads a list of cells.
func (c *Fixed) UnmarshalJSON(b []byte) error { return field("fixed", json.Unmarshal(b, (*[]Cell)(c))) }

// UnmarshalYAML reads a list of cells.
func (c *Fixed) UnmarshalYAML(unmarshal func(any) error) error {
	return field("fixed", unmarshal((*[]Cell)(c)))
}

// field names the field an error of its value came from.
func field(name string, err error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func (c *Cell) set(v []int) error {
	if len(v) != 2 {
		return fmt.Errorf("a cell: want [row, col], got %d numbers", len(v))
	}
	*c = Cell{v[0], v[1]}
	return nil
}

// ModelOf returns m as the documents show it.
func ModelOf(m constraints.Model) Model {
	j := Model{Rows: m.Rows, Cols: m.Cols, Queens: m.QueenCount(), Attacks: m.Attack.Kinds(),
		Wrap: m.Surface != constraints.Flat, Surface: m.Surface.String(), Blocked: []Cell{}, Fixed: []Cell{}}
	for _, c := range m.Blocked {
		j.Blocked = append(j.Blocked, Cell{c.Row, c.Col})
	}
	for _, c := range m.Fixed {
		j.Fixed = append(j.Fixed, Cell{c.Row, c.Col})
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

// Model returns the model j shows: what ModelOf wrote reads back as the model it was written from, so
// that an answer's model can be sent again as a request. Surface names the surface; where it is empty,
// Wrap true is a torus. The model is validated; an error names the field.
func (j Model) Model() (constraints.Model, error) {
	m := constraints.Model{Rows: j.Rows, Cols: j.Cols, Queens: j.Queens, Surface: constraints.Flat}
	for _, name := range j.Attacks {
		k, err := constraints.ParseKind(name)
		if err != nil {
			return m, fmt.Errorf("model: attacks: %w", err)
		}
		m.Attack = constraints.Union(m.Attack, k)
	}
	switch {
	case j.Surface != "":
		s, err := constraints.ParseSurface(j.Surface)
		if err != nil {
			return m, fmt.Errorf("model: surface: %w", err)
		}
		if j.Wrap != (s != constraints.Flat) {
			return m, fmt.Errorf("model: wrap %t beside surface %s: wrap is true on every surface but flat", j.Wrap, s)
		}
		m.Surface = s
	case j.Wrap:
		m.Surface = constraints.Torus
	}
	cells := func(in []Cell) []constraints.Cell {
		var out []constraints.Cell
		for _, c := range in {
			out = append(out, constraints.Cell{Row: c[0], Col: c[1]})
		}
		return out
	}
	m.Blocked, m.Fixed = cells(j.Blocked), cells(j.Fixed)
	if j.Regions != nil {
		g, err := constraints.ParseRegions(j.Regions)
		if err != nil {
			return m, fmt.Errorf("model: %w", err)
		}
		m.Regions = g
	}
	if len(j.Each) > 0 {
		keys := make([]string, 0, len(j.Each))
		for k := range j.Each {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			switch v := j.Each[k].(type) {
			case string:
				parts[i] = k + "=" + v
			case float64: // a JSON number
				if v != float64(int64(v)) {
					return m, fmt.Errorf("model: each: %s: %v: want a whole number or a range such as \"<=2\"", k, v)
				}
				parts[i] = k + "=" + strconv.FormatInt(int64(v), 10)
			case int: // a YAML number
				parts[i] = k + "=" + strconv.Itoa(v)
			default:
				return m, fmt.Errorf("model: each: %s: want a whole number or a range such as \"<=2\"", k)
			}
		}
		q, err := constraints.ParseQuota(strings.Join(parts, ","))
		if err != nil {
			return m, fmt.Errorf("model: each: %w", err)
		}
		m.Each = q
	}
	if err := m.Validate(); err != nil {
		return m, fmt.Errorf("model: %w", err)
	}
	return m, nil
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
