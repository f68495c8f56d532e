// Package search holds the complete search for one solution of any queens model: every rider and
// leaper, every surface, blocked cells, fixed queens, regions, and quotas of any range on rows, columns,
// regions, diagonals and lines of every slope. It proves "no solution" when there is none, and takes
// boards of up to MaxCells cells.
//
// It reads the model compiled (constraints.Program) and nothing else of its geometry: families of lines,
// each line to end with a number of queens within its family's range (a rider's lines at most one, a
// quota's its range), and leaps, pairs of cells that may not both hold a queen. The search is depth
// first. At each step it takes the family with the least room to spare, and in it the line closest to
// being forced (the fewest free cells beyond the queens it may still take), and tries each free cell of
// that line in turn, each branch leaving the cells tried before it empty; a line that holds the least its
// range asks may then also be left as it is. A line that holds the most its range allows takes no more:
// its free cells are taken away. After each step it checks forward: a step that leaves fewer free cells
// than queens still to place, a family with less room than that, a line that can no longer reach the
// least its range asks, or a family whose lines lack more queens than are left to place, is undone at
// once. A model with no line to branch on is searched cell by cell in row-major order instead.
//
// The free cells of a line are tried in an order shuffled by a generator seeded from the model, and the
// search restarts with a new order each time it has failed twice as often as the time before. Each run
// is the whole depth-first search, cut short only by that limit, so a run that ends within it proves
// that there is no solution; and the same model always gives the same solution.
package search

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// MaxCells is the largest board the search takes, in cells: it keeps a bit for each cell, and for each
// family of lines a few numbers per cell and per line.
const MaxCells = 1 << 22

// maxEntries bounds the cells of all families' lines together, a cell counted once for each line it lies
// on (constraints.Family.Entries), to keep the search's memory in the hundreds of megabytes.
const maxEntries = 1 << 24

// firstLimit is how many dead ends the first run may meet before the search restarts. Classic boards up
// to MaxCells mostly need none at all.
const firstLimit = 64

// features are the model features the search takes: all of them.
const features = constraints.AllFeatures

// Fits returns nil if the search takes a board of m's size, and otherwise an error wrapping
// solvers.ErrUnsupported that says why: more than MaxCells cells, or lines holding more than maxEntries
// cells in all. It compiles m, which is cheap, but walks no line; an invalid model passes, for Find to
// report. A caller that holds m compiled asks FitsProgram.
func Fits(m constraints.Model) error {
	if err := fitsBoard(m); err != nil {
		return err
	}
	p, err := constraints.Compile(m)
	if err != nil {
		return nil
	}
	return fits(p)
}

// FitsProgram is Fits for a model compiled already: it reads p alone, and compiles nothing.
func FitsProgram(p *constraints.Program) error {
	if err := fitsCells(p.Rows, p.Cols); err != nil {
		return err
	}
	return fits(p)
}

// fitsBoard is the part of Fits that needs no Program: the features, and the board's cells.
func fitsBoard(m constraints.Model) error {
	if err := solvers.CheckFeatures("search", features, m); err != nil {
		return err
	}
	return fitsCells(m.Rows, m.Cols)
}

// fitsCells refuses a board of more than MaxCells cells.
func fitsCells(rows, cols int) error {
	if cells := int64(rows) * int64(cols); cells > MaxCells {
		return fmt.Errorf("search: %d×%d board: more than %d cells: %w", rows, cols, MaxCells, solvers.ErrUnsupported)
	}
	return nil
}

// fits is the part of Fits that reads the Program: the cells its lines hold.
func fits(p *constraints.Program) error {
	var entries int64
	for _, f := range p.Families {
		entries += f.Entries()
	}
	if entries > maxEntries {
		return fmt.Errorf("search: the lines of a %d×%d board hold %d cells in all (%d families of lines, a cell once for each line through it), more than the %d the search keeps: %w", p.Rows, p.Cols, entries, len(p.Families), maxEntries, solvers.ErrUnsupported)
	}
	return nil
}

// Find returns one solution of m, or false if m has none. An invalid model gives the error of
// Model.Validate, a board beyond Fits an error wrapping solvers.ErrUnsupported. Find stops promptly once
// ctx is done, and then returns false with ctx's error: false with a nil error means the search proved
// there is no solution (a line with fewer free cells than its range asks among them). The same model
// always gives the same solution, which need not be the least in Solution.Compare order, and which has
// passed solvers.Verify. The Result says so in the terms of solvers.Finder: Proved unless ctx ended
// first, Complete when there is none, Stats.Method "search" and the steps taken in Stats.Nodes.
func Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	if err := fitsBoard(m); err != nil {
		if verr := m.Validate(); verr != nil {
			return nil, false, newResult(), verr
		}
		return nil, false, newResult(), err
	}
	p, err := constraints.Compile(m) // Validate's error for an invalid model
	if err != nil {
		return nil, false, newResult(), err
	}
	return FindProgram(ctx, m, p)
}

// FindProgram is Find for a model compiled already: p must be m compiled (constraints.Compile), and is
// read in place of compiling m again; m gives the seed and the check of the solution.
func FindProgram(ctx context.Context, m constraints.Model, p *constraints.Program) (constraints.Solution, bool, solvers.Result, error) {
	res := newResult()
	if err := FitsProgram(p); err != nil {
		return nil, false, res, err
	}
	if ctx.Err() != nil {
		return nil, false, res, ctx.Err()
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()

	sol, out, steps, err := find(ctx, p, solvers.Seed(m), stop)
	res.Stats.Nodes = steps
	if err != nil {
		return nil, false, res, fmt.Errorf("search: %w", err)
	}
	switch out {
	case found:
		if err := solvers.VerifyContext(ctx, "search", m, sol); err != nil {
			return nil, false, res, err
		}
		res.Count, res.Proved = 1, true
		return sol, true, res, nil
	case exhausted:
		res.Proved, res.Complete = true, true
		return nil, false, res, nil
	}
	return nil, false, res, ctx.Err()
}

// newResult is the Result Find starts from.
func newResult() solvers.Result {
	return solvers.Result{Stats: solvers.Stats{Method: "search", Threads: 1}}
}

// find runs the search on p, its choices drawn from seed, with restarts until it finds a solution,
// proves there is none, or stop says so. It fails with ctx's error when ctx ends while the lines are
// walked.
func find(ctx context.Context, p *constraints.Program, seed uint64, stop func() bool) (constraints.Solution, outcome, uint64, error) {
	b, err := newBoard(ctx, p)
	if constraints.AsValidationError(err) != nil {
		return nil, exhausted, 0, nil // a line with fewer free cells than its range asks
	}
	if err != nil {
		return nil, stopped, 0, err
	}
	for _, f := range p.Fixed {
		// Validate has made sure the fixed queens stand on free cells and leave each other alone, but a
		// quota they fill between them takes the rest of its line.
		x := b.index(f.Row, f.Col)
		if !b.isFree(x) {
			return nil, exhausted, 0, nil
		}
		b.place(x)
	}
	if !b.feasible() {
		return nil, exhausted, 0, nil
	}
	s := &searcher{b: b, rng: rand.New(rand.NewPCG(seed, uint64(p.Rows)<<32|uint64(p.Cols))), stop: stop}
	root := len(b.trail)
	for limit := firstLimit; ; limit = min(2*limit, 1<<60) {
		b.undo(root)
		switch out := s.run(limit); out {
		case found:
			return b.solution(), found, uint64(s.steps), nil
		case exhausted, stopped:
			return nil, out, uint64(s.steps), nil
		}
	}
}

// outcome is how a run of the search ended.
type outcome int

const (
	found     outcome = iota // a solution is on the board
	exhausted                // the whole tree was searched: there is no solution
	limited                  // the run met its limit of dead ends
	stopped                  // the context is done
)

// frame is a step of the search on its stack: the candidate cells it branches on and how far it has got.
// Branch i places candidate i on a board where candidates 0 to i−1 are taken away, so the branches
// part the solutions by the first candidate that holds a queen; the last branch, where allowed, takes
// every candidate away.
type frame struct {
	mark       int  // the trail's length at the step's base: the board before the step, less the candidates tried
	start, end int  // the candidate cells, in searcher.cands
	next       int  // the next candidate to try
	empty      bool // taking every candidate away is still to try
	cursor     int  // cell by cell: every cell before this one is decided
}

type searcher struct {
	b     *board
	rng   *rand.Rand
	stop  func() bool
	stack []frame
	cands []int32
	steps uint
}

// run searches depth first from the board as it stands, until it finds a solution, has searched every
// branch, or has met limit dead ends.
func (s *searcher) run(limit int) outcome {
	b := s.b
	if b.need == 0 {
		return found
	}
	s.stack, s.cands = s.stack[:0], s.cands[:0]
	s.push(0)
	fails := 0
	for len(s.stack) > 0 {
		s.steps++
		if s.steps%256 == 0 && s.stop() {
			return stopped
		}
		top := &s.stack[len(s.stack)-1]
		b.undo(top.mark)
		if top.next > top.start {
			// The candidate tried last holds no queen in the branches left.
			if x := s.cands[top.next-1]; b.isFree(x) {
				b.remove(x)
				top.mark = len(b.trail)
				if !b.feasible() {
					// Taking cells away never helps: no branch left can succeed.
					top.next, top.empty = top.end, false
				}
			}
		}
		cursor := top.cursor
		switch {
		case top.next < top.end:
			x := s.cands[top.next]
			top.next++
			b.place(x)
		case top.empty:
			top.empty = false
		default:
			s.cands = s.cands[:top.start]
			s.stack = s.stack[:len(s.stack)-1]
			continue
		}
		if !b.feasible() {
			if fails++; fails > limit {
				return limited
			}
			continue
		}
		if b.need == 0 {
			return found
		}
		s.push(cursor)
	}
	return exhausted
}

// push adds a step for the board as it stands, feasible with queens still to place: the line choose
// picks, or the first free cell at or after cursor when there is none.
func (s *searcher) push(cursor int) {
	b := s.b
	f := frame{mark: len(b.trail), start: len(s.cands)}
	fam, line := s.choose()
	if fam == nil {
		// feasible has made sure there is a free cell; every cell before cursor is decided.
		x := b.nextFree(cursor)
		s.cands = append(s.cands, x)
		f.empty = true
		f.cursor = int(x) + 1
	} else {
		s.cands = b.appendFree(s.cands, fam, line)
		c := s.cands[f.start:]
		s.rng.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
		// A line that lacks queens for its range may not be left as it is.
		f.empty = fam.placed[line] >= fam.lo
	}
	f.next, f.end = f.start, len(s.cands)
	s.stack = append(s.stack, f)
}

// choose returns the line to branch on: among the families with the least room to spare that have a
// line that can still take a queen (the first such, in the Program's order, when they tie), the line
// with the fewest free cells beyond the queens it may still take. A family with no room to spare must
// fill every line it has room on, so its lines are the most constrained. It returns nil when no family
// has a line that can take a queen.
func (s *searcher) choose() (*family, int32) {
	b := s.b
	var best *family
	bestLine, bestSlack, bestScore := int32(-1), 0, int32(0)
	for _, f := range b.fams {
		sl := f.room - b.need
		if best != nil && sl > bestSlack {
			continue
		}
		l, score := f.tightest()
		if l >= 0 && (best == nil || sl < bestSlack || score < bestScore) {
			best, bestLine, bestSlack, bestScore = f, l, sl, score
		}
	}
	return best, bestLine
}

// tightest returns the first of f's lines that can still take a queen with the fewest free cells beyond
// the queens it may still take, and that number; -1 when no line can take one. Where the family has no
// room to spare, a line with none beyond (zero or less) takes a queen on every free cell.
func (f *family) tightest() (int32, int32) {
	best, bestScore := int32(-1), int32(1<<31-1)
	for l, fr := range f.free {
		room := f.hi - f.placed[l]
		if fr == 0 || room == 0 {
			continue
		}
		if score := fr - room; score < bestScore {
			best, bestScore = int32(l), score
			if score <= 0 {
				break
			}
		}
	}
	return best, bestScore
}
