package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/internal/runfile"
	"github.com/queens-dev/queens/solvers"
)

// sink writes one solve in one format: a header, the solutions as they come, and the totals. Solutions
// are written as they arrive, so listing never holds them all. Every write error is returned, as a
// *writeError, at the first one: a full disk stops the run.
type sink interface {
	begin(solver string) error
	solution(s constraints.Solution) error
	end(s summary) error
	// exitCode returns the error that carries the format's own exit code for res, or nil for the usual.
	exitCode(res solvers.Result) error
}

// summary is the end of a solve.
type summary struct {
	res     solvers.Result
	elapsed time.Duration
	stopped bool // the context ended the run: the answer is partial
	// claim, when set, is what --first says in place of its own verdict: a claim of no solution from
	// outside, left unchecked.
	claim string
}

// MaxDrawnSide is the largest board drawn as a picture (text, unicode, svg) or written as board rows in
// JSON; larger boards are written as columns.
const MaxDrawnSide = report.MaxDrawnSide

// maxDIMACSCells bounds the cells a --format dimacs model line may list.
const maxDIMACSCells = 1 << 24

// newSink returns the sink of the format, after checking that the format can write the model in the mode.
func newSink(format string, e *env, m constraints.Model, mode string, shard bool) (sink, error) {
	w := &output{w: bufio.NewWriterSize(e.stdout, 64<<10)}
	big := m.Rows > MaxDrawnSide || m.Cols > MaxDrawnSide
	drawn := mode != modeCount && big
	switch format {
	case "text", "unicode", "svg":
		if format != "text" && mode == modeCount {
			// text writes the count in words; a picture of a count would be an empty board.
			return nil, usagef("--format %s draws boards, and a count (the default mode) has none: add --first for one board, or --all for every one", format)
		}
		if drawn {
			return nil, usagef("--format %s: a %d×%d board is too large to draw (at most %d a side); use --format cols or json", format, m.Rows, m.Cols, MaxDrawnSide)
		}
		if format == "svg" {
			return &svgSink{output: w, m: m, mode: mode}, nil
		}
		return &textSink{output: w, m: m, mode: mode, unicode: format == "unicode", colour: format == "unicode" && isTerminalWriter(e.stdout)}, nil
	case "leetcode":
		if drawn {
			return nil, usagef("--format leetcode: a %d×%d board is too large to write as rows (at most %d a side); use --format cols or json", m.Rows, m.Cols, MaxDrawnSide)
		}
		return &leetcodeSink{output: w, m: m, mode: mode}, nil
	case "json":
		return &jsonSink{output: w, m: m, mode: mode, shardMode: shard}, nil
	case "cols":
		if mode != modeCount && !onePerRow(m) {
			return nil, usagef("--format cols writes one column per row, but this model may put several queens, or none, on a row; use --format json")
		}
		return &colsSink{textSink: textSink{output: w, m: m, mode: mode}, diag: e.stderr}, nil
	case "dimacs":
		if mode != modeCount && int64(m.Rows)*int64(m.Cols) > maxDIMACSCells {
			return nil, usagef("--format dimacs: a %d×%d board has more than %d cell variables to list; use --format cols", m.Rows, m.Cols, maxDIMACSCells)
		}
		return &dimacsSink{output: w, m: m, mode: mode}, nil
	}
	return nil, oneOf("--format", format, "text", "unicode", "leetcode", "json", "cols", "dimacs", "svg")
}

// onePerRow reports whether every solution of m holds exactly one queen on each row.
func onePerRow(m constraints.Model) bool { return report.OnePerRow(m) }

// output is a buffered writer that keeps the first error.
type output struct {
	w   *bufio.Writer
	err error
}

// writeError is a failure to write the answer: the run stops at once.
type writeError struct{ err error }

func (e *writeError) Error() string { return "writing the answer: " + e.err.Error() }
func (e *writeError) Unwrap() error { return e.err }

func (o *output) write(s string) {
	if o.err == nil {
		if _, err := o.w.WriteString(s); err != nil {
			o.err = &writeError{err}
		}
	}
}

func (o *output) printf(format string, args ...any) { o.write(fmt.Sprintf(format, args...)) }

func (o *output) flush() error {
	if o.err == nil {
		if err := o.w.Flush(); err != nil {
			o.err = &writeError{err}
		}
	}
	return o.err
}

func (o *output) exitCode(solvers.Result) error { return nil }

// countLine says how many solutions a count or list found, and whether that is all: "92 solutions",
// "92 solutions, 12 unique", "1024 solutions in 12 of 40 tasks (incomplete)", "at least 2 solutions
// (incomplete)".
func countLine(s summary) string {
	res := s.res
	words := fmt.Sprintf("%d %s", res.Count, plural(res.Count, "solution", "solutions"))
	if res.Unique != nil {
		words += fmt.Sprintf(", %d unique", *res.Unique)
	}
	switch {
	case res.Complete:
		return words
	case res.Tasks.Total > 0 && res.Tasks.Done < res.Tasks.Total:
		return fmt.Sprintf("%s in %d of %d tasks (incomplete)", words, res.Tasks.Done, res.Tasks.Total)
	case res.Tasks.Total > 0:
		return fmt.Sprintf("%s in shard's %d tasks (part of a count)", words, res.Tasks.Total)
	}
	return "at least " + words + " (incomplete)"
}

// firstLine says what --first found when it found no board to draw.
func firstLine(s summary) string {
	switch {
	case s.claim != "":
		return s.claim
	case s.res.Count > 0:
		return ""
	case s.res.Complete && s.res.Proved:
		return "no solution"
	case s.stopped:
		return "unknown: stopped before a solution was found"
	}
	return "unknown: no solution found, none ruled out (" + orDash(s.res.Stats.Method) + " gave up)"
}

func plural(n uint64, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// textSink draws boards for a person: 'Q' a queen, '.' an empty cell, '#' a blocked one, a region's letter
// in an empty cell of that region. With unicode, a board in a frame: ♛ a queen (♕ one fixed in advance),
// · an empty cell, ▒ a blocked one; regions in colour on a terminal, else by their letters.
type textSink struct {
	*output
	m       constraints.Model
	mode    string
	unicode bool
	colour  bool
	n       int
	fixed   constraints.CellSet
}

func (t *textSink) begin(string) error {
	t.fixed = constraints.NewCellSet(t.m.Fixed)
	return nil
}

func (t *textSink) solution(s constraints.Solution) error {
	if t.n > 0 {
		t.write("\n")
	}
	t.n++
	if t.unicode {
		t.drawUnicode(s)
	} else {
		for _, row := range t.m.Diagram(s) {
			t.write(spaced(row))
			t.write("\n")
		}
	}
	return t.err
}

// spaced puts a space between the characters of a row.
func spaced(row string) string {
	var b strings.Builder
	for i, r := range row {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func (t *textSink) end(s summary) error {
	if t.n > 0 {
		t.write("\n")
	}
	if t.mode == modeFirst {
		if line := firstLine(s); line != "" {
			t.write(line + "\n")
		}
	} else {
		t.write(countLine(s) + "\n")
	}
	return t.flush()
}

// leetcodeSink writes LeetCode's forms: 51's list of boards for --all and --first, 52's bare count
// otherwise. The format has no room to say "incomplete": a list cut short is left unclosed, so that no JSON
// reader takes it for the whole, and an incomplete count is not written at all; stderr and the exit code
// say why.
type leetcodeSink struct {
	*output
	m    constraints.Model
	mode string
	n    int
}

func (l *leetcodeSink) begin(string) error {
	if l.mode != modeCount {
		l.write("[")
	}
	return l.err
}

func (l *leetcodeSink) solution(s constraints.Solution) error {
	if l.n > 0 {
		l.write(",")
	}
	l.n++
	b, _ := json.Marshal(l.m.Board(s))
	l.write(string(b))
	return l.err
}

func (l *leetcodeSink) end(s summary) error {
	complete := s.res.Complete || (l.mode == modeFirst && !s.stopped && (s.res.Count > 0 || s.res.Proved))
	switch {
	case l.mode == modeAll && !s.stopped, l.mode != modeCount && complete:
		// Whole, or cut where --limit asked: a list of what was asked for. Only a stop by a signal or
		// --timeout leaves it unclosed.
		l.write("]\n")
	case l.mode != modeCount:
		l.write("\n") // left unclosed: a partial list
	case complete && s.res.Unique != nil:
		l.printf("%d\n", *s.res.Unique)
	case complete:
		l.printf("%d\n", s.res.Count)
	}
	return l.flush()
}

// jsonSink writes the solve's document (internal/report), the API's answer to the same request: the
// model, the solver, the solutions (streamed) and the totals. A shard writes its shard result instead.
type jsonSink struct {
	*output
	m         constraints.Model
	mode      string
	doc       *report.SolveWriter
	shardMode bool
	shard     *runfile.ShardResult
}

func (j *jsonSink) begin(solver string) error {
	if j.shardMode {
		return nil
	}
	j.doc = report.NewSolveWriter(outputWriter{j.output}, j.m, solver, j.mode)
	return j.err
}

func (j *jsonSink) solution(s constraints.Solution) error {
	if err := j.doc.Solution(s); err != nil && j.err == nil {
		j.err = err
	}
	return j.err
}

func (j *jsonSink) end(s summary) error {
	if j.shardMode {
		if j.shard != nil {
			b, err := json.MarshalIndent(j.shard, "", " ")
			if err != nil {
				return err
			}
			j.write(string(b) + "\n")
		}
		return j.flush()
	}
	if err := j.doc.End(report.EndOf(j.mode, s.res, s.elapsed, s.stopped)); err != nil && j.err == nil {
		j.err = err
	}
	return j.flush()
}

// outputWriter is an output as an io.Writer: a write error is kept, as every write's is.
type outputWriter struct{ o *output }

func (w outputWriter) Write(b []byte) (int, error) {
	w.o.write(string(b))
	if w.o.err != nil {
		return 0, w.o.err
	}
	return len(b), nil
}

// colsText writes the columns of s, one queen per row, separated by sep.
func colsText(s constraints.Solution, sep string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(strconv.Itoa(c.Col))
	}
	return b.String()
}

// colsSink writes each solution as one line of 0-based columns, row by row: compact, for big boards and
// pipelines. stdout holds only solutions, and a whole count as a bare number: what a run found when it
// found no board, or a count cut short, is said on stderr (diag), where a pipe does not read it as data.
type colsSink struct {
	textSink
	diag io.Writer
}

func (c *colsSink) solution(s constraints.Solution) error {
	c.n++
	c.write(colsText(s, " "))
	c.write("\n")
	return c.err
}

func (c *colsSink) end(s summary) error {
	var status string
	switch {
	case c.mode == modeCount && s.res.Complete && s.res.Unique != nil:
		c.printf("%d\n", *s.res.Unique)
	case c.mode == modeCount && s.res.Complete:
		c.printf("%d\n", s.res.Count)
	case c.mode == modeCount:
		status = countLine(s)
	case c.mode == modeFirst:
		status = firstLine(s)
	}
	if err := c.flush(); err != nil {
		return err
	}
	if status != "" {
		fmt.Fprintf(c.diag, "# %s\n", status) // the answer in words, even with --quiet: it is no progress report
	}
	return nil
}

// dimacsSink writes the SAT competition's answer lines: "s SATISFIABLE" and "v" lines of the cell
// variables 'queens cnf' names (the free cells in row-major order, from 1), "s UNSATISFIABLE", or
// "s UNKNOWN"; for a count, the model counters' "s mc N". Its exit code is the competition's: 10 when a
// solution exists, 20 when none does.
type dimacsSink struct {
	*output
	m       constraints.Model
	mode    string
	n       int
	varOf   func(constraints.Cell) int
	freeVar int
}

func (d *dimacsSink) begin(solver string) error {
	d.printf("c queens: %s\nc solver: %s\n", escape(d.m.String()), solver)
	if d.mode == modeCount {
		return d.err
	}
	// Variable i is the i-th free cell in row-major order, as in 'queens cnf'.
	blocked := constraints.NewSolution(d.m.Blocked...)
	d.freeVar = d.m.Rows*d.m.Cols - len(blocked)
	d.varOf = func(c constraints.Cell) int {
		before := sort.Search(len(blocked), func(i int) bool { // blocked cells before c in row-major order
			b := blocked[i]
			return b.Row > c.Row || b.Row == c.Row && b.Col >= c.Col
		})
		return c.Row*d.m.Cols + c.Col + 1 - before
	}
	return d.err
}

func (d *dimacsSink) solution(s constraints.Solution) error {
	if d.n == 0 {
		d.write("s SATISFIABLE\n")
	}
	d.n++
	queen := make(map[int]bool, len(s))
	for _, c := range s {
		queen[d.varOf(c)] = true
	}
	line := "v"
	for v := 1; v <= d.freeVar; v++ {
		lit := strconv.Itoa(v)
		if !queen[v] {
			lit = "-" + lit
		}
		if len(line)+len(lit) > 78 {
			d.write(line + "\n")
			line = "v"
		}
		line += " " + lit
	}
	d.write(line + " 0\n")
	return d.err
}

func (d *dimacsSink) end(s summary) error {
	res := s.res
	switch {
	case d.mode == modeCount && res.Complete:
		d.printf("s mc %d\n", res.Count)
	case d.mode == modeCount:
		d.printf("c %s\ns UNKNOWN\n", countLine(s))
	case d.n == 0 && res.Complete && (d.mode == modeAll || res.Proved):
		d.write("s UNSATISFIABLE\n")
	case d.n == 0:
		d.write("s UNKNOWN\n")
	case !res.Complete && d.mode == modeAll:
		d.printf("c %s\n", countLine(s))
	}
	return d.flush()
}

func (d *dimacsSink) exitCode(res solvers.Result) error {
	switch {
	case res.Count > 0:
		return &codeError{code: ExitSAT}
	case res.Complete:
		return &codeError{code: ExitUNSAT}
	}
	return nil
}

// isTerminalWriter reports whether w is a terminal.
func isTerminalWriter(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && isTerminal(f)
}

// newWriter buffers w for an output.
func newWriter(w io.Writer) *bufio.Writer { return bufio.NewWriterSize(w, 64<<10) }
