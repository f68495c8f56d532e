package deduce

import (
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// Value is what a cell holds: open (undecided), a queen, or empty (marked: no queen).
type Value int8

// The values of a cell.
const (
	Open  Value = 0
	Queen Value = 1
	Empty Value = -1
)

// State is a board being solved: every cell open, a queen or empty, with the queens and open cells of
// every unit counted. Changes go on a trail, so a search can Save, try, and Undo without copying; nothing
// is allocated after New but the trail's growth. A State is not safe for use by several goroutines; Clone
// gives each its own.
type State struct {
	p      *problem
	cells  []Value
	count  []unitCount // per unit
	trail  []int32     // the cells decided, in order
	head   int         // trail[:head] has been propagated
	broken int32       // a unit that can no longer meet its range, or -1
	brokAt int         // the trail length when it broke
	fresh  bool        // no unit has been looked at yet
	find   *finder     // Confine's, made on first use
	pack   *packer     // Pack's, made on first use
	// rowOpen and colOpen are the open cells as masks, per row (a bit per column) and per column (a bit
	// per row), kept on boards of at most 64 rows and columns for Pack; nil on larger ones.
	rowOpen, colOpen []uint64
}

// unitCount is a unit's queens and open cells, beside its range (the unit's, copied where the counts
// are read together).
type unitCount struct {
	queens, open, lo, hi int32
}

// New returns the start of a puzzle: blocked cells empty, fixed queens placed, every other cell open. It
// decides nothing else (see Propagate). The model must pass Validate and have at most MaxCells cells.
func New(m constraints.Model) (*State, error) {
	p, err := compile(m)
	if err != nil {
		return nil, err
	}
	return p.start(), nil
}

func (p *problem) start() *State {
	s := &State{p: p, cells: make([]Value, p.rows*p.cols), count: make([]unitCount, len(p.units)),
		trail: make([]int32, 0, p.rows*p.cols), broken: -1, fresh: true}
	for i, u := range p.units {
		s.count[i] = unitCount{open: int32(len(u.cells)), lo: int32(u.lo), hi: int32(u.hi)}
	}
	if p.rows <= 64 && p.cols <= 64 {
		s.rowOpen, s.colOpen = make([]uint64, p.rows), make([]uint64, p.cols)
		for i := range s.cells {
			s.opened(i)
		}
	}
	for _, b := range p.blocked {
		s.cells[b] = Empty // in no unit: units hold free cells only
		s.closed(int(b))
	}
	for _, f := range p.fixed {
		s.Place(int(f))
	}
	return s
}

// Clone returns an independent copy of s.
func (s *State) Clone() *State {
	t := *s
	t.cells = append([]Value(nil), s.cells...)
	t.count = slices.Clone(s.count)
	t.trail = append(make([]int32, 0, cap(s.trail)), s.trail...)
	t.find, t.pack = nil, nil
	if s.pack != nil {
		t.pack = s.pack.fork()
	}
	t.rowOpen, t.colOpen = slices.Clone(s.rowOpen), slices.Clone(s.colOpen)
	return &t
}

// Rows returns the board's rows.
func (s *State) Rows() int { return s.p.rows }

// Cols returns the board's columns.
func (s *State) Cols() int { return s.p.cols }

// Model returns the model the state solves.
func (s *State) Model() constraints.Model { return s.p.m }

// Index returns the number of cell c, row-major: the cell arguments of State's methods.
func (s *State) Index(c constraints.Cell) int { return s.p.index(c) }

// Cell returns the cell numbered i.
func (s *State) Cell(i int) constraints.Cell { return s.p.cell(i) }

// Value returns what cell i holds.
func (s *State) Value(i int) Value { return s.cells[i] }

// Attacks returns the cells a queen on cell i attacks. The slice is shared: do not change it.
func (s *State) Attacks(i int) []int32 { return s.p.attacks[i] }

// Place puts a queen on cell i and reports false if the state is now contradictory: the cell was empty,
// or some unit holds more queens than it may. A contradictory state stays so until Undo.
func (s *State) Place(i int) bool {
	switch s.cells[i] {
	case Queen:
		return s.broken < 0
	case Empty:
		s.breakAt(-2)
		return false
	}
	s.cells[i] = Queen
	s.closed(i)
	s.trail = append(s.trail, int32(i))
	for _, u := range s.p.cellUnits[i] {
		x := &s.count[u]
		x.queens++
		x.open--
		if x.queens > x.hi {
			s.breakAt(u)
		}
	}
	return s.broken < 0
}

// Exclude marks cell i empty and reports false if the state is now contradictory: the cell held a queen,
// or some unit can no longer reach its least number of queens.
func (s *State) Exclude(i int) bool {
	switch s.cells[i] {
	case Empty:
		return s.broken < 0
	case Queen:
		s.breakAt(-2)
		return false
	}
	s.cells[i] = Empty
	s.closed(i)
	s.trail = append(s.trail, int32(i))
	for _, u := range s.p.cellUnits[i] {
		x := &s.count[u]
		x.open--
		if x.queens+x.open < x.lo {
			s.breakAt(u)
		}
	}
	return s.broken < 0
}

// opened and closed keep the masks of open cells, where there are masks.
func (s *State) opened(i int) {
	if s.rowOpen != nil {
		r, c := i/s.p.cols, i%s.p.cols
		s.rowOpen[r] |= 1 << c
		s.colOpen[c] |= 1 << r
	}
}

func (s *State) closed(i int) {
	if s.rowOpen != nil {
		r, c := i/s.p.cols, i%s.p.cols
		s.rowOpen[r] &^= 1 << c
		s.colOpen[c] &^= 1 << r
	}
}

// breakAt records the first contradiction: unit u, or -2 for a cell asked to be both.
func (s *State) breakAt(u int32) {
	if s.broken == -1 {
		s.broken, s.brokAt = u, len(s.trail)
	}
}

// Broken reports whether the state is contradictory.
func (s *State) Broken() bool { return s.broken != -1 }

// Save returns a mark for Undo.
func (s *State) Save() int { return len(s.trail) }

// Undo takes back every change made since Save returned mark.
func (s *State) Undo(mark int) {
	for len(s.trail) > mark {
		i := s.trail[len(s.trail)-1]
		s.trail = s.trail[:len(s.trail)-1]
		v := s.cells[i]
		s.cells[i] = Open
		s.opened(int(i))
		q := int32(0)
		if v == Queen {
			q = 1
		}
		for _, u := range s.p.cellUnits[i] {
			x := &s.count[u]
			x.open++
			x.queens -= q
		}
	}
	s.head = min(s.head, mark)
	if s.pack != nil {
		s.pack.undo(mark)
	}
	if s.broken != -1 && s.brokAt >= mark {
		s.broken = -1
	}
}

// assume decides cell y (a queen, or no queen) as a supposition, and returns a mark for Decided and what
// takes the supposition back: every change since, and where Propagate had got to.
func (s *State) assume(y int32, queen bool) (mark int, back func()) {
	mark = s.Save()
	head, fresh := s.head, s.fresh
	if queen {
		s.Place(int(y))
	} else {
		s.Exclude(int(y))
	}
	return mark, func() {
		s.Undo(mark)
		s.head, s.fresh = head, fresh
	}
}

// Decided returns the cells decided since Save returned mark, in order: what Propagate forced.
func (s *State) Decided(mark int) []int32 { return s.trail[mark:] }

// Solved reports whether no cell is open and nothing contradicts: every queen stands unattacked and
// every unit holds its range (which Propagate ensures before it leaves no cell open).
func (s *State) Solved() bool {
	return s.broken == -1 && s.allDecided()
}

func (s *State) allDecided() bool {
	for _, v := range s.cells {
		if v == Open {
			return false
		}
	}
	for u, x := range s.p.units {
		if int(s.count[u].queens) < x.lo || int(s.count[u].queens) > x.hi {
			return false
		}
	}
	return true
}

// Solution returns the queens placed, in Solution order.
func (s *State) Solution() constraints.Solution {
	var out []constraints.Cell
	for i, v := range s.cells {
		if v == Queen {
			out = append(out, s.p.cell(i))
		}
	}
	return constraints.NewSolution(out...)
}

// Propagate decides what follows at once from the cells decided since it last ran, until nothing more
// does, and reports false on a contradiction. The rules are the ones every player applies without
// thinking: the cells a queen attacks are empty; a unit holding its most queens has its other cells
// empty; a unit with just as many open cells as queens still missing has them all. The cells it decided
// are Decided(mark) for a mark saved before.
func (s *State) Propagate() bool {
	if s.fresh {
		s.fresh = false
		for u := range s.p.units {
			if !s.settle(int32(u)) {
				return false
			}
		}
	}
	for s.head < len(s.trail) && s.broken == -1 {
		i := s.trail[s.head]
		s.head++
		if s.cells[i] == Queen {
			for _, a := range s.p.attacks[i] {
				if !s.Exclude(int(a)) {
					return false
				}
			}
		}
		for _, u := range s.p.cellUnits[i] {
			if !s.settle(u) {
				return false
			}
		}
	}
	return s.broken == -1
}

// settle fills or empties unit u when its count decides the rest of it.
func (s *State) settle(u int32) bool {
	n := s.count[u]
	if n.open == 0 {
		return s.broken == -1
	}
	switch {
	case n.queens == n.hi:
		for _, c := range s.p.units[u].cells {
			if s.cells[c] == Open && !s.Exclude(int(c)) {
				return false
			}
		}
	case n.queens+n.open == n.lo:
		for _, c := range s.p.units[u].cells {
			if s.cells[c] == Open && !s.Place(int(c)) {
				return false
			}
		}
	}
	return s.broken == -1
}

// Confine applies, until nothing changes, the techniques that reason about rows and regions together
// (a region confined to a line and the converse, k regions in k rows or columns and the converse),
// propagating after each. It reports false on a contradiction. It costs more than Propagate and saves a
// search nodes on region puzzles with several queens per line.
func (s *State) Confine() bool {
	if s.find == nil {
		s.find = newFinder(s)
	}
	for s.broken == -1 {
		st, ok := s.find.confined()
		if !ok {
			st, ok = s.find.groups()
		}
		if !ok {
			return true
		}
		for _, c := range st.exclude {
			s.Exclude(int(c))
		}
		if !s.Propagate() {
			return false
		}
	}
	return false
}
