package deduce

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// Step is one deduction: a technique, the cells it decides, and one sentence of reason.
type Step struct {
	Technique *Technique
	// Place are the cells that get a queen; Exclude the cells marked empty.
	Place, Exclude []constraints.Cell
	// Why says why, in a sentence.
	Why string
}

// IsGuess reports whether the step was a guess made by search, not a deduction.
func (s Step) IsGuess() bool { return s.Technique == guessing }

// MarshalJSON writes {"technique": id, "technique_name": name, "place": [[r,c],…], "exclude":
// [[r,c],…], "why": str}, and "guess": true on a guess. The pairs count rows and columns from 0, as
// every board of the JSON does; the sentence names cells as players do, from 1 (CellName).
func (s Step) MarshalJSON() ([]byte, error) {
	type out struct {
		Technique string   `json:"technique"`
		Name      string   `json:"technique_name"`
		Place     [][2]int `json:"place"`
		Exclude   [][2]int `json:"exclude"`
		Why       string   `json:"why"`
		Guess     bool     `json:"guess,omitempty"`
	}
	return json.Marshal(out{Technique: s.Technique.ID, Name: s.Technique.Name, Place: pairs(s.Place), Exclude: pairs(s.Exclude), Why: s.Why, Guess: s.IsGuess()})
}

func pairs(cells []constraints.Cell) [][2]int {
	out := make([][2]int, 0, len(cells))
	for _, c := range cells {
		out = append(out, [2]int{c.Row, c.Col})
	}
	return out
}

// Explanation is a puzzle worked through by deduction.
type Explanation struct {
	// Solved is true when every cell was decided.
	Solved bool `json:"solved"`
	// Grade is the puzzle's grade (see Grade); meaningful when Solved without a guess.
	Grade Level `json:"-"`
	// Score weighs every step by its technique's level: 1, 3, 9, 27 for easy to expert, 81 for a guess.
	Score int `json:"score"`
	// Steps are the deductions in order.
	Steps []Step `json:"steps"`
	// Open is the number of cells left open (0 when Solved).
	Open int `json:"open"`
	// Stalled says where deduction stopped, when it did: the units still missing queens.
	Stalled string `json:"stalled,omitempty"`
	// Guessed is true when search had to choose a cell.
	Guessed bool `json:"guessed,omitempty"`
	// NotUnique is true when the puzzle was found to have two solutions at least: no deduction can then
	// decide the cells where they differ, and Stalled says one.
	NotUnique bool `json:"not_unique,omitempty"`
	// Board is the board as deduction left it: 'Q' a queen, 'x' empty, '.' open.
	Board []string `json:"board,omitempty"`
}

// MarshalJSON adds "grade" as a word to the fields, and writes the steps as an array even when there
// are none.
func (e Explanation) MarshalJSON() ([]byte, error) {
	type plain Explanation
	if e.Steps == nil {
		e.Steps = []Step{}
	}
	return json.Marshal(struct {
		plain
		Grade string `json:"grade"`
	}{plain(e), e.Grade.String()})
}

// Options tune Explain.
type Options struct {
	// Guess lets search choose a cell when no technique decides one, and goes on.
	Guess bool
	// MaxLevel stops Explain from using techniques above it; 0 means every technique.
	MaxLevel Level
}

// ErrNoSolution is wrapped by the errors of a puzzle whose rules contradict themselves.
var ErrNoSolution = errors.New("no solution: the puzzle's rules contradict themselves")

// ErrNotRegionPuzzle is wrapped by the errors of Explain, ExplainBoards and HintFor for a model with no
// regions to fill (no region grid, or no quota on its regions): their techniques and sentences are a
// region puzzle's.
var ErrNotRegionPuzzle = errors.New("not a region puzzle: explain, hint and check take puzzles whose regions each hold their queens (a LinkedIn level, a Star Battle)")

// RegionPuzzle returns an error wrapping ErrNotRegionPuzzle unless m is a region puzzle: a region grid
// with a quota on its regions.
func RegionPuzzle(m constraints.Model) error {
	if m.Regions == nil || m.Each.Region.IsZero() {
		return fmt.Errorf("deduce: %w", ErrNotRegionPuzzle)
	}
	return nil
}

// Explain works the puzzle out step by step, easiest technique first, until every cell is decided or no
// technique applies. With o.Guess it then asks search for a solution and takes one cell from it, marked
// as a guess, and goes on. It stops with ctx's error when ctx ends.
func Explain(ctx context.Context, m constraints.Model, o Options) (Explanation, error) {
	if err := RegionPuzzle(m); err != nil {
		return Explanation{}, err
	}
	s, err := New(m)
	if err != nil {
		return Explanation{}, err
	}
	return explain(ctx, s, o)
}

// BoardSteps pairs each step with the board after it, for printing.
type BoardSteps struct {
	Step  Step
	Board []string
}

// ExplainBoards is Explain that also returns the board after each step.
func ExplainBoards(ctx context.Context, m constraints.Model, o Options) (Explanation, []BoardSteps, error) {
	if err := RegionPuzzle(m); err != nil {
		return Explanation{}, nil, err
	}
	s, err := New(m)
	if err != nil {
		return Explanation{}, nil, err
	}
	var boards []BoardSteps
	e, err := explainWith(ctx, s, o, func(st Step) { boards = append(boards, BoardSteps{st, s.Board()}) })
	return e, boards, err
}

func explain(ctx context.Context, s *State, o Options) (Explanation, error) {
	return explainWith(ctx, s, o, nil)
}

func explainWith(ctx context.Context, s *State, o Options, each func(Step)) (Explanation, error) {
	f := newFinder(s)
	f.stop = func() bool { return ctx.Err() != nil }
	var e Explanation
	var solution constraints.Solution
	for !s.Solved() {
		if err := ctx.Err(); err != nil {
			return e, err
		}
		if s.Broken() {
			return e, fmt.Errorf("deduce: %w", ErrNoSolution)
		}
		st, ok := f.find(o.MaxLevel)
		if err := ctx.Err(); err != nil {
			return e, err // a technique may have given up for it: no stall to report
		}
		if !ok && o.MaxLevel == 0 {
			if err := f.settle(); err != nil {
				return e, err
			}
		}
		if !ok {
			if !o.Guess || f.none {
				break
			}
			if solution == nil {
				sol, found, err := solve(ctx, s)
				if err != nil {
					return e, err
				}
				if !found {
					return e, fmt.Errorf("deduce: %w", ErrNoSolution)
				}
				solution = sol
			}
			st = f.guess(solution)
			e.Guessed = true
		}
		step := f.apply(st)
		e.Steps = append(e.Steps, step)
		if each != nil {
			each(step)
		}
	}
	e.Solved = s.Solved()
	e.Board = s.Board()
	for _, v := range s.cells {
		if v == Open {
			e.Open++
		}
	}
	if !e.Solved {
		e.Stalled = f.where()
	}
	if f.notUnique != nil {
		e.NotUnique = true
		if !e.Solved {
			e.Stalled = notUniqueWords(f.notUnique)
		}
	}
	e.Grade, e.Score = Grade(e.Steps)
	return e, nil
}

// settle finds out, when no technique applies, whether the state has no solution (ErrNoSolution) or two
// (notUnique), which by a thread may have found already; a state with one is a stall of the techniques.
func (f *finder) settle() error {
	if f.notUnique == nil && !f.none {
		sols, done, err := f.s.solutions(f.halted, 2)
		switch {
		case err != nil:
			return err
		case len(sols) >= 2:
			f.notUnique = sols
		case len(sols) == 0 && done:
			f.none = true
		}
	}
	if f.none {
		return fmt.Errorf("deduce: %w", ErrNoSolution)
	}
	return nil
}

// notUniqueWords says that the puzzle has two solutions at least, and where two of them differ.
func notUniqueWords(sols []constraints.Solution) string {
	a, b := constraints.NewCellSet(sols[0]), constraints.NewCellSet(sols[1])
	for _, c := range sols[0] {
		if !b.Has(c) {
			return fmt.Sprintf("not unique: at least 2 solutions (one has a queen on %s, another none)", CellName(c))
		}
	}
	for _, c := range sols[1] {
		if !a.Has(c) {
			return fmt.Sprintf("not unique: at least 2 solutions (one has a queen on %s, another none)", CellName(c))
		}
	}
	return "not unique: at least 2 solutions"
}

// find returns the first step of the easiest technique that has one, up to max (0: all).
func (f *finder) find(max Level) (step, bool) {
	f.gaveUp = false
	for _, t := range techniques {
		if max != 0 && t.Level > max || f.halted() {
			break
		}
		if t.find == nil {
			continue
		}
		if st, ok := t.find(f); ok {
			if st.tech == nil {
				st.tech = t
			}
			return st, true
		}
	}
	return step{}, false
}

// apply carries a step out on the state and returns it with cells.
func (f *finder) apply(st step) Step {
	out := Step{Technique: st.tech, Why: st.why}
	for _, c := range st.place {
		f.s.Place(int(c))
		out.Place = append(out.Place, f.s.p.cell(int(c)))
	}
	for _, c := range st.exclude {
		f.s.Exclude(int(c))
		out.Exclude = append(out.Exclude, f.s.p.cell(int(c)))
	}
	return out
}

// guess takes, from a solution, the value of the first open cell of the unit a search would branch on.
func (f *finder) guess(sol constraints.Solution) step {
	i := int32(f.s.Branch())
	c := f.s.p.cell(int(i))
	if slices.Contains(sol, c) {
		return step{tech: guessing, place: []int32{i}, why: fmt.Sprintf("no technique applies: guess a queen on %s (search finds the solution has one)", CellName(c))}
	}
	return step{tech: guessing, exclude: []int32{i}, why: fmt.Sprintf("no technique applies: guess %s empty (search finds the solution has no queen there)", CellName(c))}
}

// solve finds a solution from the state s, without changing s.
func solve(ctx context.Context, s *State) (constraints.Solution, bool, error) {
	sols, _, err := s.solutionsUntil(ctx, 1)
	if err != nil {
		return nil, false, err
	}
	if len(sols) == 0 {
		return nil, false, nil
	}
	return sols[0], true, nil
}

// where names the units still missing queens, for a stalled explanation.
func (f *finder) where() string {
	var names []string
	for u := range f.s.p.units {
		u := int32(u)
		if f.need(u) > 0 && f.human(u) {
			names = append(names, f.s.p.units[u].name)
		}
	}
	if len(names) > 8 {
		names = append(names[:7], fmt.Sprintf("%d more", len(names)-7))
	}
	var out string
	if len(names) == 0 {
		out = "every row, column and region has its queens, but cells are still open"
	} else {
		out = strings.Join(names, ", ") + " still need queens"
	}
	if f.gaveUp {
		out += fmt.Sprintf("; bifurcation gave up at its budget (%d steps of look-ahead)", f.trialBudget)
	}
	return out
}

// Board draws the state: 'Q' for a queen, 'x' for an empty cell, '.' for an open one.
func (s *State) Board() []string {
	out := make([]string, s.p.rows)
	b := make([]byte, s.p.cols)
	for r := range s.p.rows {
		for c := range s.p.cols {
			switch s.cells[r*s.p.cols+c] {
			case Queen:
				b[c] = 'Q'
			case Empty:
				b[c] = 'x'
			default:
				b[c] = '.'
			}
		}
		out[r] = string(b)
	}
	return out
}

// Grade returns a puzzle's grade and score from the steps that solve it: the grade is the level of the
// hardest technique used, raised by one (up to expert) when the puzzle needs that technique many times;
// the score adds up the steps weighed by level (1, 3, 9, 27, and 81 for a guess).
func Grade(steps []Step) (Level, int) {
	grade, score := Level(0), 0
	uses := map[Level]int{}
	for _, st := range steps {
		l := st.Technique.Level
		uses[l]++
		score += weight(l)
		grade = max(grade, l)
	}
	if grade == Guess {
		return Expert, score
	}
	if grade == 0 {
		return Easy, score
	}
	if grade < Expert && uses[grade] >= bump[grade] {
		grade++
	}
	return grade, score
}

// bump is how many uses of the hardest technique's level raise the grade by one. It was set on the
// published puzzles with difficulty labels (see the package's README).
var bump = map[Level]int{Easy: 1 << 30, Medium: 1 << 30, Hard: 1 << 30}

func weight(l Level) int {
	w := 1
	for range l - 1 {
		w *= 3
	}
	return w
}
