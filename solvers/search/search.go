// Package search holds the complete search for one solution of any queens model: every rider and
// leaper, a torus, blocked cells, fixed queens, regions and quotas. It proves "no solution" when there
// is none, and takes boards of up to MaxCells cells.
//
// The board is split into families of lines: for each rider, the lines it attacks along, which hold at
// most one queen each; for each quota, the rows, columns or regions, which hold exactly their quota.
// The search computes these lines itself, by walking the board along each rider's vector. It is depth
// first. At each step it takes the family with the least room to spare, and in it the line closest to
// being forced (the fewest free cells beyond the queens it still lacks), and tries each free cell of that
// line in turn, each branch leaving the cells tried before it empty; a line that may stay short of its
// queens is then also left as it is. After each step it checks forward: a step that leaves fewer free
// cells than queens still to place, a family with less room than that, or a line under a quota with too
// few free cells to meet it, is undone at once. A model with no line to branch on is searched cell by
// cell in row-major order instead.
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
	"sync/atomic"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// MaxCells is the largest board the search takes, in cells: it keeps a bit for each cell, and for each
// family of lines two numbers.
const MaxCells = 1 << 22

// maxEntries bounds the per-cell numbers of all families together, to keep the search's memory in the
// hundreds of megabytes.
const maxEntries = 1 << 24

// firstLimit is how many dead ends the first run may meet before the search restarts. Classic boards up
// to MaxCells mostly need none at all.
const firstLimit = 64

// features are the model features the search takes.
const features = constraints.AllFeatures &^ (constraints.FeatureCylinder | constraints.FeatureTwist | constraints.FeatureDiagonalQuota | constraints.FeatureLineQuota | constraints.FeatureRanges)

// Fits returns nil if the search takes a board of m's size, and otherwise an error wrapping
// solvers.ErrUnsupported that says why.
func Fits(m constraints.Model) error {
	if err := solvers.CheckFeatures("search", features, m); err != nil {
		return err
	}
	cells := int64(m.Rows) * int64(m.Cols)
	if cells > MaxCells {
		return fmt.Errorf("search: %d×%d board: more than %d cells: %w", m.Rows, m.Cols, MaxCells, solvers.ErrUnsupported)
	}
	if f := int64(families(m)); cells*f > maxEntries {
		return fmt.Errorf("search: %d×%d board with %d families of lines: more than %d line entries: %w", m.Rows, m.Cols, f, maxEntries, solvers.ErrUnsupported)
	}
	return nil
}

// Find returns one solution of m, or false if m has none. An invalid model gives the error of
// Model.Validate, a board beyond Fits an error wrapping solvers.ErrUnsupported. Find stops promptly once
// ctx is done, and then returns false with ctx's error: false with a nil error means the search proved
// there is no solution. The same model always gives the same solution, which need not be the least in
// Solution.Compare order, and which has passed solvers.Verify. The Result says so in the terms of
// solvers.Finder: Proved unless ctx ended first, Complete when there is none, Stats.Method "search" and
// the steps taken in Stats.Nodes.
func Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	res := solvers.Result{Stats: solvers.Stats{Method: "search", Threads: 1}}
	if err := m.Validate(); err != nil {
		return nil, false, res, err
	}
	if err := Fits(m); err != nil {
		return nil, false, res, err
	}
	if ctx.Err() != nil {
		return nil, false, res, ctx.Err()
	}
	var done atomic.Bool
	release := context.AfterFunc(ctx, func() { done.Store(true) })
	defer release()

	sol, out, steps := find(m, done.Load)
	res.Stats.Nodes = steps
	switch out {
	case found:
		if err := solvers.Verify("search", m, sol); err != nil {
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

// find runs the search with restarts until it finds a solution, proves there is none, or stop says so.
func find(m constraints.Model, stop func() bool) (constraints.Solution, outcome, uint64) {
	b := newBoard(m)
	for _, f := range m.Fixed {
		// Validate has made sure the fixed queens stand on free cells and leave each other alone, but a
		// quota they fill between them takes the rest of its line.
		x := b.index(f.Row, f.Col)
		if !b.isFree(x) {
			return nil, exhausted, 0
		}
		b.place(x)
	}
	if !b.feasible() {
		return nil, exhausted, 0
	}
	s := &searcher{b: b, rng: rand.New(rand.NewPCG(solvers.Seed(m), uint64(m.Rows)<<32|uint64(m.Cols))), stop: stop}
	root := len(b.trail)
	for limit := firstLimit; ; limit = min(2*limit, 1<<60) {
		b.undo(root)
		switch out := s.run(limit); out {
		case found:
			return b.solution(), found, uint64(s.steps)
		case exhausted, stopped:
			return nil, out, uint64(s.steps)
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
		// A line under a quota that still lacks queens may not be left as it is.
		f.empty = !fam.exact
	}
	f.next, f.end = f.start, len(s.cands)
	s.stack = append(s.stack, f)
}

// choose returns the line to branch on: among the families with the least slack that have a line that
// can still take a queen (the first such, in the order newBoard built them, when they tie), the line with
// the fewest free cells beyond the queens it lacks. A family with no slack must fill every line it has room
// on, so its lines are the most constrained. It returns nil when no family has a line that can take a
// queen.
func (s *searcher) choose() (*family, int32) {
	b := s.b
	var best *family
	bestLine, bestSlack, bestScore := int32(-1), 0, int32(0)
	for _, f := range b.fams {
		sl := f.slack(b.need)
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
// the queens it lacks, and that number; -1 when no line can take one.
func (f *family) tightest() (int32, int32) {
	best, bestScore := int32(-1), int32(1<<31-1)
	for l, fr := range f.free {
		lack := f.cap - f.placed[l]
		if fr == 0 || lack == 0 {
			continue
		}
		if score := fr - lack; score < bestScore {
			best, bestScore = int32(l), score
			if score == 0 {
				break // the line's free cells are all forced
			}
		}
	}
	return best, bestScore
}
