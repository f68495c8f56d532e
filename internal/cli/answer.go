package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/queens-dev/queens/constraints"
)

// An outside SAT solver's answer is read as a stream of words, never a line at a time (minisat writes
// every literal of a model on one line): memory is two bits per variable of the CNF and the cells set
// true, whatever the input holds. The first line that is not an answer's stops the read, with its
// number: a file of columns or a YAML file is refused at line 1.

// Statuses an answer may give.
const (
	statusSAT     = "SATISFIABLE"
	statusUNSAT   = "UNSATISFIABLE"
	statusUnknown = "UNKNOWN"
)

// answer is what an outside solver said.
type answer struct {
	status string
	line   int   // the line of the status
	trues  []int // the cell variables set true, in the order given
}

// answerReader reads an answer, in the SAT competition's form ("s STATUS", "v" lines of literals ending
// with 0, "c" comments) or minisat's result file ("SAT" then the literals, "UNSAT", "INDET").
type answerReader struct {
	br   *bufio.Reader
	name string
	line int
	// cells is the number of cell variables, numbered first. vars returns the number of all variables of
	// the CNF, which takes a dry run of the encoder: it is called only at the first literal past the
	// cells (an answer may leave the auxiliaries out), never for an input that is no answer.
	cells, vars int
	size        func() (int, error)
	seen, neg   []uint64 // per variable: named, and named false
	gotLiteral  bool     // a literal has been read
	minisat     bool     // the form is minisat's: literals follow "SAT" without a "v"
	ended       bool     // the model's closing 0 has been read
	ans         answer
}

// readAnswer reads an outside solver's answer from r, named name in errors, to a CNF whose first cells
// variables are the cells; vars gives the number of all its variables.
func readAnswer(r io.Reader, name string, cells int, vars func() (int, error)) (answer, error) {
	a := &answerReader{br: bufio.NewReaderSize(r, 64<<10), name: name, cells: cells, size: vars}
	if err := a.read(); err != nil {
		return answer{}, err
	}
	return a.ans, nil
}

func (a *answerReader) errorf(format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", a.name, a.line, fmt.Sprintf(format, args...))
}

func (a *answerReader) read() error {
	for a.line = 1; ; a.line++ {
		first, end, err := a.word()
		if err != nil {
			return err
		}
		if first != "" {
			if end, err = a.lineOf(first, end); err != nil {
				return err
			}
		}
		if end == inputEnd {
			break
		}
	}
	switch {
	case a.ans.status == "" && !a.gotLiteral:
		return fmt.Errorf("%s: no answer found (want s SATISFIABLE and v lines)", a.name)
	case a.ans.status == statusUnknown:
		return fmt.Errorf("%s:%d: the solver answered %s", a.name, a.ans.line, a.ans.status)
	case a.ans.status == statusUNSAT:
		return nil
	case !a.ended:
		return fmt.Errorf("%s: the model's literals do not end with 0: the answer was cut short", a.name)
	}
	a.ans.status = statusSAT
	return nil
}

// ending is what ended a word.
type ending int

const (
	blank    ending = iota // a space or a tab: the line goes on
	lineEnd                // a newline, which has been read
	inputEnd               // the end of the input
)

// lineOf reads the rest of a line that starts with the word first, which end ended, and returns what
// ended the line.
func (a *answerReader) lineOf(first string, end ending) (ending, error) {
	switch first {
	case "c":
		return a.skipLine(end)
	case "s":
		if end != blank {
			return end, a.errorf("an s line without a status")
		}
		status, end, err := a.word()
		if err != nil {
			return end, err
		}
		if err := a.setStatus(status, false); err != nil {
			return end, err
		}
		return a.lineEnds(end)
	case "SAT", "UNSAT", "INDET":
		if err := a.setStatus(first, true); err != nil {
			return end, err
		}
		return a.lineEnds(end)
	case "v":
		if a.minisat || a.ans.status == statusUNSAT || a.ans.status == statusUnknown {
			return end, a.errorf("a v line after the status %s", a.ans.status)
		}
		return a.literals("", end)
	}
	if a.minisat && a.ans.status == statusSAT {
		return a.literals(first, end)
	}
	return end, a.errorf("%q does not start a line of a SAT solver's answer (want s SATISFIABLE and v lines, or minisat's SAT then the literals)", short(first, 20))
}

// setStatus takes the status of an s line (or minisat's word).
func (a *answerReader) setStatus(word string, minisat bool) error {
	status := map[string]string{"SAT": statusSAT, "UNSAT": statusUNSAT, "INDET": statusUnknown}[word]
	if !minisat {
		status = word
	}
	switch {
	case a.ans.status != "":
		return a.errorf("a second status line (the first, %s, at line %d)", a.ans.status, a.ans.line)
	case status != statusSAT && status != statusUNSAT && status != statusUnknown:
		return a.errorf("status %q: want SATISFIABLE, UNSATISFIABLE or UNKNOWN", short(word, 20))
	case a.gotLiteral && status != statusSAT:
		return a.errorf("status %s after the literals of a model", status)
	}
	a.ans.status, a.ans.line, a.minisat = status, a.line, minisat
	return nil
}

// literals reads the literals of a line, from first (if not "") on, which end ended.
func (a *answerReader) literals(first string, end ending) (ending, error) {
	for w := first; ; {
		if w != "" {
			if err := a.literal(w); err != nil {
				return end, err
			}
		}
		if end != blank {
			return end, nil
		}
		var err error
		if w, end, err = a.word(); err != nil {
			return end, err
		}
	}
}

// literal takes one literal of a model.
func (a *answerReader) literal(w string) error {
	l, err := strconv.Atoi(w)
	if err != nil {
		return a.errorf("%q is not a literal", short(w, 20))
	}
	if a.ended {
		return a.errorf("literal %d after the model's closing 0", l)
	}
	a.gotLiteral = true
	if l == 0 {
		a.ended = true
		return nil
	}
	v := max(l, -l)
	if (v < 0 || v > a.cells) && a.vars == 0 {
		if a.vars, err = a.size(); err != nil {
			return err
		}
	}
	if v < 0 || v > max(a.cells, a.vars) { // −l overflows for the smallest int
		return a.errorf("literal %s: the CNF has variables 1 to %d", w, max(a.cells, a.vars))
	}
	if n := max(a.cells, a.vars)/64 + 1; len(a.seen) < n {
		a.seen = append(a.seen, make([]uint64, n-len(a.seen))...)
		a.neg = append(a.neg, make([]uint64, n-len(a.neg))...)
	}
	word, bit := v/64, uint64(1)<<(v%64)
	if a.seen[word]&bit != 0 {
		if (a.neg[word]&bit != 0) == (l < 0) {
			return a.errorf("variable %d given twice", v)
		}
		return a.errorf("variable %d given both true and false", v)
	}
	a.seen[word] |= bit
	if l < 0 {
		a.neg[word] |= bit
	} else if v <= a.cells {
		a.ans.trues = append(a.ans.trues, v)
	}
	return nil
}

// maxAnswerWord bounds a word of an answer: a status, or a literal of the largest CNF queens writes.
const maxAnswerWord = 64

// word reads the next word of the current line, and returns it with what ended it. A word longer than
// any an answer holds, or a control character, is an error.
func (a *answerReader) word() (string, ending, error) {
	var w []byte
	for {
		c, err := a.br.ReadByte()
		switch {
		case errors.Is(err, io.EOF):
			return string(w), inputEnd, nil
		case err != nil:
			return "", inputEnd, fmt.Errorf("%s: %w", a.name, err)
		case c == '\n':
			return string(w), lineEnd, nil
		case c == ' ' || c == '\t' || c == '\r':
			if len(w) > 0 {
				return string(w), blank, nil
			}
		case c < 0x20 || c == 0x7f:
			return "", inputEnd, a.errorf("control character %U: not a SAT solver's answer", rune(c))
		default:
			if len(w) == maxAnswerWord {
				return "", inputEnd, a.errorf("a word of more than %d bytes: not a SAT solver's answer", maxAnswerWord)
			}
			w = append(w, c)
		}
	}
}

// lineEnds checks that nothing follows on the line, whose last word end ended.
func (a *answerReader) lineEnds(end ending) (ending, error) {
	for end == blank {
		w, e, err := a.word()
		if err != nil {
			return e, err
		}
		if w != "" {
			return e, a.errorf("%q after the status", short(w, 20))
		}
		end = e
	}
	return end, nil
}

// skipLine reads to the end of a comment line, whose last word end ended.
func (a *answerReader) skipLine(end ending) (ending, error) {
	if end != blank {
		return end, nil
	}
	for {
		c, err := a.br.ReadByte()
		switch {
		case errors.Is(err, io.EOF):
			return inputEnd, nil
		case err != nil:
			return inputEnd, fmt.Errorf("%s: %w", a.name, err)
		case c == '\n':
			return lineEnd, nil
		}
	}
}

// freeCells returns the number of cells of m that are not blocked: the cell variables of its CNF.
func freeCells(m constraints.Model) int {
	return m.Rows*m.Cols - len(constraints.NewCellSet(m.Blocked))
}

// cellsOfVars returns the queens that cell variables set true stand for: variable i is the i-th free cell
// of m in row-major order. Its time is in the variables and the blocked cells, never the board's area.
func cellsOfVars(m constraints.Model, trues []int) constraints.Solution {
	vars := slices.Clone(trues)
	slices.Sort(vars)
	blocked := make([]int64, len(m.Blocked))
	for i, c := range m.Blocked {
		blocked[i] = int64(c.Row)*int64(m.Cols) + int64(c.Col)
	}
	slices.Sort(blocked)
	blocked = slices.Compact(blocked)
	sol := make(constraints.Solution, 0, len(vars))
	b := 0
	for _, v := range vars {
		// The cell of variable v is the v-th free one: its index, v−1, plus the blocked cells before it.
		at := int64(v - 1)
		for b < len(blocked) && blocked[b] <= at+int64(b) {
			b++
		}
		at += int64(b)
		sol = append(sol, constraints.Cell{Row: int(at / int64(m.Cols)), Col: int(at % int64(m.Cols))})
	}
	return sol
}
