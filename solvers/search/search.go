// Package search holds the search for one solution of a queens model, fast on boards of any side up to
// constraints.MaxSide.
//
// The search is depth first and complete. At each step it takes the line (row, column, diagonal or
// anti-diagonal) with the fewest free cells, preferring a kind of line of which every line left must hold a
// queen, and tries each free cell of it in turn, then leaving it empty where the queen count allows. After
// each step it checks forward: a step that leaves fewer free cells, or fewer lines of some kind with a free
// cell, than queens still to place is undone at once. A model with no row, column or diagonal attack is
// searched cell by cell in row-major order instead.
//
// The free cells of a line are tried in an order shuffled by a generator seeded from the model, and the
// search restarts with a new order each time it has failed twice as often as the time before. Each run is
// the whole depth-first search, cut short only by that limit, so a run that ends within it proves that
// there is no solution; and the same model always gives the same solution.
package search

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"sync/atomic"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// firstLimit is how many dead ends the first run may meet before the search restarts. Classic boards of
// every size up to constraints.MaxSide mostly need none at all.
const firstLimit = 64

// Find returns one solution of m, or false if m has none. An invalid model gives the error of
// Model.Validate. Find stops promptly once ctx is done, and then returns false with ctx's error: false
// with a nil error means the search proved there is no solution. The same model always gives the same
// solution, which need not be the least in Solution.Compare order.
func Find(ctx context.Context, m constraints.Model) (constraints.Solution, bool, error) {
	return find(ctx, m, true)
}

// find is Find, with the linear placements of a torus tried first or not.
func find(ctx context.Context, m constraints.Model, tryLinear bool) (constraints.Solution, bool, error) {
	if err := m.Validate(); err != nil {
		return nil, false, err
	}
	if err := supported(m); err != nil {
		return nil, false, err
	}
	var done atomic.Bool
	if ctx.Err() != nil {
		return nil, false, ctx.Err()
	}
	release := context.AfterFunc(ctx, func() { done.Store(true) })
	defer release()

	if tryLinear {
		if sol := linear(m, done.Load); sol != nil {
			return sol, true, nil
		}
	}
	b := newBoard(m)
	for _, f := range m.Fixed {
		// Validate has made sure the fixed queens stand on free cells and leave each other alone.
		b.place(b.index(f.Row, f.Col))
	}
	if !b.feasible() {
		return nil, false, nil
	}
	s := &searcher{b: b, rng: rand.New(rand.NewPCG(seed(m))), stop: done.Load}
	root, rootQueens := len(b.trail), len(b.queens)
	for limit := firstLimit; ; limit = min(2*limit, 1<<60) {
		b.undo(root, rootQueens)
		switch s.run(limit) {
		case found:
			return b.solution(), true, nil
		case exhausted:
			return nil, false, nil
		case stopped:
			return nil, false, ctx.Err()
		}
	}
}

// features are the model features the search takes.
const features = constraints.FeatureRiders | constraints.FeatureLeapers | constraints.FeatureWrap |
	constraints.FeatureBlocked | constraints.FeatureFixed

// supported returns an error wrapping solvers.ErrUnsupported for a model the search does not take: a
// feature outside features, or a rider other than the four lines.
func supported(m constraints.Model) error {
	if err := solvers.CheckFeatures("search", features, m); err != nil {
		return err
	}
	if extra := m.Attack.Without(constraints.Queen).Riders(); len(extra) > 0 {
		return fmt.Errorf("search: riders other than row, column, diagonal and anti-diagonal (%v): %w", extra, solvers.ErrUnsupported)
	}
	return nil
}

// seed derives the shuffling generator's seed from everything that makes up the model.
func seed(m constraints.Model) (uint64, uint64) {
	h := fnv.New64a()
	h.Write([]byte(m.String()))
	for _, cs := range [][]constraints.Cell{m.Blocked, m.Fixed} {
		for _, c := range cs {
			h.Write([]byte(c.String()))
		}
		h.Write([]byte{'/'})
	}
	return h.Sum64(), uint64(m.Rows)<<32 | uint64(m.Cols)
}

// outcome is how a run of the search ended.
type outcome int

const (
	found     outcome = iota // a solution is on the board
	exhausted                // the whole tree was searched: there is no solution
	limited                  // the run met its limit of dead ends
	stopped                  // the context is done
)

// frame is a step of the search on its stack: the line it branches on and how far it has got.
type frame struct {
	mark, queens int  // the trail and queens before the step
	start, end   int  // the candidate cells, in searcher.cands
	next         int  // the next candidate to try
	empty        bool // leaving the line empty is still to try
	fam          int  // the family of the line, or -1 for a single cell
	line         int
	cursor       int // cell by cell: every cell before this one is decided
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
		b.undo(top.mark, top.queens)
		cursor := top.cursor
		switch {
		case top.next < top.end:
			x := s.cands[top.next]
			top.next++
			b.place(x)
		case top.empty:
			top.empty = false
			if top.fam < 0 {
				b.remove(s.cands[top.start])
			} else {
				b.exclude(b.fams[top.fam].kind, top.line)
			}
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

// push adds a step for the board as it stands, feasible with queens still to place: the line with the
// fewest free cells, or the first free cell at or after cursor when no line attack is in force.
func (s *searcher) push(cursor int) {
	b := s.b
	f := frame{mark: len(b.trail), queens: len(b.queens), start: len(s.cands), fam: -1}
	fi, line := s.choose()
	if fi < 0 {
		// feasible has made sure there is a free cell; every cell before cursor is decided.
		x := b.nextFree(cursor)
		s.cands = append(s.cands, x)
		f.empty = true
		f.cursor = int(x) + 1
	} else {
		s.cands = b.appendLine(s.cands, b.fams[fi].kind, line)
		c := s.cands[f.start:]
		s.rng.Shuffle(len(c), func(i, j int) { c[i], c[j] = c[j], c[i] })
		f.fam, f.line = fi, line
		// Leaving the line empty gives up one line of its kind; feasible would undo it at once where the
		// kind has no line to spare.
		f.empty = b.fams[fi].live > b.need
	}
	f.next, f.end = f.start, len(s.cands)
	s.stack = append(s.stack, f)
}

// choose returns the family and line to branch on: the family with the fewest lines to spare (live lines
// beyond the queens still to place; the first such in row, column, diagonal, anti-diagonal order), and its
// line with the fewest free cells, the first such. A family with no line to spare needs a queen on every
// live line, so its lines branch only on their cells. It returns -1 when no line attack is in force.
func (s *searcher) choose() (int, int) {
	b := s.b
	fi := -1
	for i := range b.fams {
		if fi < 0 || b.fams[i].live < b.fams[fi].live {
			fi = i
		}
	}
	if fi < 0 {
		return -1, -1
	}
	best, bestN := -1, int32(1<<31-1)
	for l, n := range b.fams[fi].free {
		if n > 0 && n < bestN {
			best, bestN = l, n
			if n == 1 {
				break // a line with one free cell forces it
			}
		}
	}
	return fi, best
}
