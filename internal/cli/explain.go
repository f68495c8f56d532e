package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/internal/source"
)

const explainUsage = `Usage: queens explain PUZZLE [--format text|json] [--boards] [--guess]

Solves a region puzzle the way a person does, one named technique at a time, and prints every step: the
technique, the cells it decides (queens placed, cells marked empty) and why. Ends with the puzzle's grade
(easy, medium, hard, expert: the hardest technique needed, and how often) and score. Rows, columns and
cells are numbered from 1, as puzzle sites number them (r3c5 is row 3, column 5). A puzzle with two
solutions or more is "not unique", one with none has "no solution": either exits 1, after the steps
that hold in every solution. A model without regions to fill is not a region puzzle: exit 2. If no
technique applies before the end, it says where it stopped and how many cells are open, and exits 1;
--guess then lets search choose a cell (marked as a guess) and goes on.

PUZZLE (or --variant PUZZLE) is a built-in name (queens list), a variant file, - for stdin, a puzz.link
Star Battle URL, a LinkedIn-clone level's JSON, or a grid of region letters (--stars for the last two);
or the model flags (--regions FILE --linkedin).

Examples:
  queens explain linkedin-09
  queens explain 'https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g'
  queens explain starbattle-2-10 --format json --guess
  queens puzzle --size 8 --difficulty easy | queens explain -
`

func runExplain(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "explain", explainUsage)
	in := newPuzzleInput(fs, 0)
	boards := fs.Bool("boards", false, "draw the board after each step (text)")
	guess := fs.Bool("guess", false, "when deduction stalls, let search choose a cell, and go on")
	ctx, cancel, m, starsHintText, err := in.load(ctx, e, fs, args, nil)
	if err != nil {
		return err
	}
	defer cancel()
	format, timeout := in.format, in.timeout
	ex, steps, err := deduce.ExplainBoards(ctx, m, deduce.Options{Guess: *guess})
	if err != nil {
		if errors.Is(err, deduce.ErrNotRegionPuzzle) {
			return notRegionPuzzle(err)
		}
		if ctx.Err() != nil {
			return &interrupted{cause: ctx.Err(), timeout: *timeout, done: fmt.Sprintf("%d %s", len(steps), plural(uint64(len(steps)), "step", "steps"))}
		}
		return noSolution(err, starsHintText)
	}
	if *format == "json" {
		if err := report.Write(e.stdout, "explain", &m, ex); err != nil {
			return err
		}
	} else {
		for i, s := range steps {
			fmt.Fprintf(e.stdout, "%d. %s: %s%s\n", i+1, s.Step.Technique.Name, s.Step.Why, cellsDecided(s.Step))
			if *boards {
				fmt.Fprintf(e.stdout, "%s\n\n", strings.Join(boardWithRegions(m, s.Board), "\n"))
			}
		}
	}
	return explainEnd(e, m, ex, starsHintText)
}

// explainEnd writes the summary on stderr and turns a stall into exit 1; hint ends the stall's message.
func explainEnd(e *env, m constraints.Model, ex deduce.Explanation, hint string) error {
	if ex.NotUnique && !ex.Guessed {
		return &codeError{code: ExitFailure, err: fmt.Errorf("%s: the %d %s above hold in every solution%s",
			ex.Stalled, len(ex.Steps), plural(uint64(len(ex.Steps)), "step", "steps"), strings.Replace(hint, ":", ";", 1))}
	}
	if !ex.Solved {
		return &codeError{code: ExitFailure, err: fmt.Errorf("deduction stalls after %d %s with %d of %d cells open: %s (--guess finishes by search)%s",
			len(ex.Steps), plural(uint64(len(ex.Steps)), "step", "steps"), ex.Open, m.Rows*m.Cols, ex.Stalled, strings.Replace(hint, ":", ";", 1))}
	}
	how := "without guessing"
	switch {
	case ex.Guessed && ex.NotUnique:
		how = "with a guess, on a puzzle that is not unique"
	case ex.Guessed:
		how = "with a guess"
	}
	fmt.Fprintf(e.stderr, "# solved in %d %s %s: grade %s, score %d\n", len(ex.Steps), plural(uint64(len(ex.Steps)), "step", "steps"), how, ex.Grade, ex.Score)
	return nil
}

// cellsDecided lists a step's cells after its sentence: " [Q r1c2; x r3c4 r3c5]".
func cellsDecided(s deduce.Step) string {
	var parts []string
	if len(s.Place) > 0 {
		parts = append(parts, "Q "+cellNames(s.Place))
	}
	if len(s.Exclude) > 0 {
		parts = append(parts, "x "+cellNames(s.Exclude))
	}
	if s.IsGuess() {
		parts = append(parts, "guess")
	}
	return " [" + strings.Join(parts, "; ") + "]"
}

func cellNames(cells []constraints.Cell) string {
	var names []string
	for _, c := range cells {
		names = append(names, deduce.CellName(c))
	}
	return strings.Join(names, " ")
}

// boardWithRegions draws a played board with each open cell's region letter in lower case: "Q" a queen,
// "x" an empty cell.
func boardWithRegions(m constraints.Model, board []string) []string {
	out := make([]string, len(board))
	for r, line := range board {
		var b strings.Builder
		for c, ch := range line {
			if c > 0 {
				b.WriteByte(' ')
			}
			if ch == '.' && m.Regions != nil {
				if i := m.Regions.At(constraints.Cell{Row: r, Col: c}); i >= 0 {
					b.WriteString(strings.ToLower(string(m.Regions.Name(i))))
					continue
				}
			}
			b.WriteRune(ch)
		}
		out[r] = b.String()
	}
	return out
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc, error) {
	if d < 0 {
		return ctx, func() {}, usagef("--timeout %v: must not be negative (0: no limit)", d)
	}
	if d > 0 {
		ctx, cancel := context.WithTimeout(ctx, d)
		return ctx, cancel, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	return ctx, cancel, nil
}

// puzzleInput is what the commands on one region puzzle (explain, hint, check) read: the model,
// --format text|json and --timeout.
type puzzleInput struct {
	mf      modelFlags
	format  *string
	timeout *time.Duration
}

// newPuzzleInput registers the flags of a puzzleInput on fs, --timeout's default d (0: no limit).
func newPuzzleInput(fs *pflag.FlagSet, d time.Duration) *puzzleInput {
	in := &puzzleInput{}
	in.mf.register(fs)
	in.format = fs.String("format", "text", "text or json")
	limit := "stop after this long (e.g. 30s), exit 1"
	if d > 0 {
		limit = "stop after this long (e.g. 30s; 0: no limit), exit 1"
	}
	in.timeout = fs.Duration("timeout", d, limit)
	return in
}

// load parses args, checks them (and with check, when given, what the command adds), starts the
// time limit, which covers reading, and loads the puzzle; it returns the limit's context and its cancel,
// and the note a stall adds when the quota came from --stars' default.
func (in *puzzleInput) load(ctx context.Context, e *env, fs *pflag.FlagSet, args []string, check func() error) (context.Context, context.CancelFunc, constraints.Model, string, error) {
	none := func() {}
	if err := parse(fs, args); err != nil {
		return ctx, none, constraints.Model{}, "", err
	}
	if err := oneOf("--format", *in.format, "text", "json"); err != nil {
		return ctx, none, constraints.Model{}, "", err
	}
	if check != nil {
		if err := check(); err != nil {
			return ctx, none, constraints.Model{}, "", err
		}
	}
	ctx, cancel, err := withTimeout(ctx, *in.timeout)
	if err != nil {
		return ctx, none, constraints.Model{}, "", err
	}
	m, hint, err := in.mf.puzzle(ctx, e, fs, *in.timeout)
	if err != nil {
		cancel()
		return ctx, none, m, "", err
	}
	return ctx, cancel, m, hint, nil
}

// puzzle loads the puzzle of explain and hint, under ctx (whose limit, d, a stopped read names), and the
// note a stall adds when the quota came from --stars' default.
func (f *modelFlags) puzzle(ctx context.Context, e *env, fs *pflag.FlagSet, d time.Duration) (constraints.Model, string, error) {
	_, given, err := f.source(fs)
	if err != nil {
		return constraints.Model{}, "", err // two puzzles, or a --variant beside an argument
	}
	if !given && !f.set(fs) && !f.preset.linkedin && !f.preset.starbattle.set {
		return constraints.Model{}, "", usagef("give a puzzle: a built-in name, a variant file, - for stdin, a puzz.link URL, a level JSON or a letter grid")
	}
	m, l, err := f.model(ctx, e, fs)
	if err != nil {
		return m, "", withTimeoutOf(err, d)
	}
	stars := max(f.stars.v, 1)
	return m, starsHint(m, l != nil && l.StarsRead, f.stars.set, stars), nil
}

// starsHint is what a stall or a board with no solution adds when the quota came from --stars'
// default: the grid does not say it, so a two-star grid read with one star fails for no reason it shows.
func starsHint(m constraints.Model, fromFlag, flagGiven bool, stars int) string {
	if !fromFlag || flagGiven || !twoStarsFit(m) {
		return ""
	}
	return fmt.Sprintf(": the grid was read with %d %s a row, column and region (the default): for a two-star puzzle say --stars 2", stars, plural(uint64(stars), "queen", "queens"))
}

// twoStarsFit reports whether the grid of m could hold two stars a row, column and region: the model is
// valid, and where queens may not touch, each 2×2 block of the board holds at most one of them (a 6×6
// grid has 9 blocks for 12 stars). Where they cannot fit, --stars 2 is no advice.
func twoStarsFit(m constraints.Model) bool {
	two := m
	two.Queens = 0
	two.Each = constraints.Quota{Row: constraints.Exactly(2), Column: constraints.Exactly(2), Region: constraints.Exactly(2)}
	if two.Validate() != nil {
		return false
	}
	blocks := int64((m.Rows+1)/2) * int64((m.Cols+1)/2)
	return !m.Attack.Has(constraints.King) || int64(two.QueenCount()) <= blocks
}

// notRegionPuzzle is explain's and hint's refusal of a model without regions to fill: the input is not
// of the kind they take (exit 2).
func notRegionPuzzle(err error) error {
	return &codeError{code: ExitUsage, err: errors.New(strings.TrimPrefix(err.Error(), "deduce: "))}
}

// noSolution adds to a puzzle's "no solution" what --stars' default may have to do with it (hint, from
// starsHint); other errors pass as they are.
func noSolution(err error, hint string) error {
	if !errors.Is(err, deduce.ErrNoSolution) {
		return err
	}
	return &codeError{code: ExitFailure, err: fmt.Errorf("%s%s", strings.TrimPrefix(err.Error(), "deduce: "), strings.Replace(hint, ":", ";", 1))}
}

// readBounded reads the file at path, given by flag, up to codec.MaxInput bytes, until ctx ends.
func readBounded(ctx context.Context, flag, path string) ([]byte, error) {
	data, err := source.ReadFile(ctx, path, codec.MaxInput)
	var st *source.Stopped
	switch {
	case errors.As(err, &st):
		return nil, &interrupted{cause: st.Err, done: "while reading " + escape(path)}
	case err != nil:
		return nil, usagef("%s: %v", flag, err)
	}
	return data, nil
}

const hintUsage = `Usage: queens hint PUZZLE [--state FILE|-] [--format text|json] [--timeout D]

The next step from a partly played board: a named technique, the cells it decides, and why. The board
(--state, '-' for stdin) has one line per row and one character per cell: Q a queen, x a cell marked
empty, . an open cell; without it, the empty board. A queen or mark that disagrees with the puzzle's
solution is named as wrong instead. PUZZLE is as for 'queens explain'.

Examples:
  queens hint linkedin-09
  { echo Q........; yes ......... | head -8; } | queens hint linkedin-09 --state -
`

func runHint(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "hint", hintUsage)
	in := newPuzzleInput(fs, time.Minute)
	state := fs.String("state", "", "the played board: a file, or - for stdin (default: the empty board)")
	ctx, cancel, m, starsHintText, err := in.load(ctx, e, fs, args, func() error {
		if *state == "-" && in.mf.readsStdin(fs) {
			return usagef("the puzzle and --state cannot both come from stdin: give one of them as a file")
		}
		return nil
	})
	if err != nil {
		return err
	}
	defer cancel()
	format, timeout := in.format, in.timeout
	text := strings.Repeat(strings.Repeat(".", m.Cols)+"\n", m.Rows)
	switch *state {
	case "":
	case "-":
		// Read under the command's own deadline: --timeout covers a pipe that stays silent.
		data, err := source.ReadLimit(ctx, "the board from stdin", e.stdin, codec.MaxInput)
		if err != nil {
			var st *source.Stopped
			if errors.As(err, &st) {
				return &interrupted{cause: st.Err, timeout: *timeout, done: "while reading the board from stdin"}
			}
			return usagef("--state -: %v", strings.TrimPrefix(err.Error(), "the board from stdin: "))
		}
		text = string(data)
	default:
		data, err := readBounded(ctx, "--state", *state)
		if err != nil {
			return err
		}
		text = string(data)
	}
	board, err := deduce.ParseBoard(text, m.Rows, m.Cols)
	if err != nil {
		name := *state
		if name == "-" {
			name = "stdin"
		}
		return usagef("--state %s: %v", escape(name), strings.TrimPrefix(err.Error(), "deduce: board: "))
	}
	h, err := deduce.HintFor(ctx, m, board)
	if err != nil {
		if errors.Is(err, deduce.ErrNotRegionPuzzle) {
			return notRegionPuzzle(err)
		}
		if ctx.Err() != nil {
			return &interrupted{cause: ctx.Err(), timeout: *timeout}
		}
		return noSolution(err, starsHintText)
	}
	if hint := starsHintText; h.Step == nil && !h.Solved && hint != "" {
		fmt.Fprintf(e.stderr, "queens hint: note%s\n", hint)
	}
	if *format == "json" {
		if err := report.Write(e.stdout, "hint", &m, h); err != nil {
			return err
		}
	} else if h.Step != nil {
		fmt.Fprintf(e.stdout, "%s: %s%s\n", h.Step.Technique.Name, h.Step.Why, cellsDecided(*h.Step))
	} else if !h.NotUnique && h.Stalled == "" {
		fmt.Fprintln(e.stdout, h.Why) // solved, wrong cells, or a board that breaks the rules
	}
	if h.NotUnique || h.Stalled != "" {
		return &codeError{code: ExitFailure, err: errors.New(h.Why)} // no next step to give
	}
	return nil
}
