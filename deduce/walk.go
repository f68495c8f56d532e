package deduce

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
)

// Walk is the search below a State: a cell of the unit with the fewest open cells for the queens it
// still needs gets a queen, or, on the way back, is marked empty, and what follows is decided at every
// node (Propagate, with the packing bounds of Pack where the board has them). It is the one search of the
// project that reasons as a player does: package solvers/propagate runs it as a solver, with tasks, and
// Explain and HintFor run it to find the solution a guess takes and to tell one solution from several.
type Walk struct {
	// Confine, when set, also applies the line-and-region techniques (Confine) at every node: fewer
	// nodes, each dearer.
	Confine bool
	// Stop, when set, is polled every 256 nodes (a few milliseconds); once it reports true the walk ends,
	// and Stopped says so.
	Stop func() bool
	// Budget, when not zero, ends the walk once it has decided that many states; Stopped says so.
	Budget uint64
	// Visit is called with each solved state (read its Solution); returning false ends the walk.
	Visit func(*State) bool
	// Nodes counts the states decided.
	Nodes uint64
	// Stopped is set when Stop ended the walk.
	Stopped bool
}

// Run searches below s and reports false if it ended early (Visit said so, or Stop). It takes back the
// branches it tries but not what it decides at s itself: give it a state of its own (Clone).
func (w *Walk) Run(s *State) bool {
	w.Nodes++
	if w.Nodes&255 == 0 && w.Stop != nil && w.Stop() || w.Budget != 0 && w.Nodes > w.Budget {
		w.Stopped = true
		return false
	}
	if !w.Decide(s) {
		return true
	}
	i := s.Branch()
	if i < 0 {
		if !s.Solved() {
			return true
		}
		return w.Visit == nil || w.Visit(s)
	}
	mark := s.Save()
	s.Place(i)
	ok := w.Run(s)
	s.Undo(mark)
	if !ok {
		return false
	}
	s.Exclude(i)
	ok = w.Run(s)
	s.Undo(mark)
	return ok
}

// Decide decides what follows at a node of the walk, and reports false on a contradiction.
func (w *Walk) Decide(s *State) bool {
	return s.Pack() && (!w.Confine || s.Confine())
}

// Replay takes the branches of path (true: a queen on the cell Branch names, false: the cell empty)
// from s, deciding before each as the walk does; it reports false if the state breaks or has nothing to
// branch on part way. A task of a split walk is a path from the root.
func (w *Walk) Replay(s *State, path []bool) bool {
	for _, queen := range path {
		if !w.Decide(s) {
			return false
		}
		i := s.Branch()
		if i < 0 {
			return false
		}
		if queen {
			s.Place(i)
		} else {
			s.Exclude(i)
		}
	}
	return true
}

// Solutions returns up to limit solutions of m, found by the walk, each checked against the model
// (Model.Verify), and whether they are all of them. It stops with ctx's error when ctx ends.
func Solutions(ctx context.Context, m constraints.Model, limit int) ([]constraints.Solution, bool, error) {
	s, err := New(m)
	if err != nil {
		return nil, false, err
	}
	return s.solutionsUntil(ctx, limit)
}

// solutionsUntil is solutions stopped by ctx, with its error when it ended first.
func (s *State) solutionsUntil(ctx context.Context, limit int) ([]constraints.Solution, bool, error) {
	sols, done, err := s.solutions(func() bool { return ctx.Err() != nil }, limit)
	if err == nil && !done && ctx.Err() != nil {
		err = ctx.Err()
	}
	return sols, done, err
}

// solutions returns up to limit solutions below s, without changing s, and whether they are all: false
// when stop ended the walk.
func (s *State) solutions(stop func() bool, limit int) ([]constraints.Solution, bool, error) {
	var sols []constraints.Solution
	var bad error
	w := Walk{Stop: stop, Visit: func(t *State) bool {
		sol := t.Solution()
		if err := s.p.m.Verify(sol); err != nil {
			bad = fmt.Errorf("deduce: a solution fails the model's check: %w", err)
			return false
		}
		sols = append(sols, sol)
		return len(sols) < limit
	}}
	done := w.Run(s.Clone())
	if bad != nil {
		return nil, false, bad
	}
	return sols, done && !w.Stopped, nil
}

// Branch returns the cell a search should try next: the first open cell of the unit that needs queens
// and has the fewest open cells for each queen it needs, on a tie the last such unit (the board, then
// regions, before columns and rows); -1 when no unit needs one. On the published Star Battles the last
// unit of a tie makes a smaller tree for the largest ones than the first.
func (s *State) Branch() int {
	best, bestU := 0.0, int32(-1)
	for u := len(s.p.units) - 1; u >= 0; u-- {
		need := s.p.units[u].lo - int(s.count[u].queens)
		if need <= 0 || s.count[u].open == 0 {
			continue
		}
		r := float64(s.count[u].open) / float64(need)
		if bestU < 0 || r < best {
			best, bestU = r, int32(u)
		}
	}
	if bestU < 0 {
		for i, v := range s.cells {
			if v == Open {
				return i
			}
		}
		return -1
	}
	for _, c := range s.p.units[bestU].cells {
		if s.cells[c] == Open {
			return int(c)
		}
	}
	return -1
}
