package deduce

import (
	"fmt"
)

// The basics, which every player applies without thinking: trivial marks (the cells a queen attacks),
// saturation (a row, column or region holding its queens) and exact fill (one with just as many open
// cells as queens missing).

func (f *finder) attacked() (step, bool) {
	s := f.s
	for i, v := range s.cells {
		if v != Queen {
			continue
		}
		var ex []int32
		for _, a := range s.p.attacks[i] {
			if s.cells[a] == Open {
				ex = append(ex, a)
			}
		}
		if len(ex) > 0 {
			return step{exclude: ex, why: fmt.Sprintf("the queen on %s attacks %s", f.name(int32(i)), f.cellList(ex))}, true
		}
	}
	return step{}, false
}

func (f *finder) full() (step, bool) {
	s := f.s
	for u := range s.p.units {
		u := int32(u)
		if s.count[u].open > 0 && f.room(u) == 0 {
			x := s.p.units[u]
			return step{exclude: f.openIn(u), why: fmt.Sprintf("%s holds its %s, so its other cells are empty", x.name, queensWord(x.hi))}, true
		}
	}
	return step{}, false
}

func (f *finder) lastCells() (step, bool) {
	s := f.s
	for u := range s.p.units {
		u := int32(u)
		if n := f.need(u); s.count[u].open > 0 && int(s.count[u].open) == n {
			open := f.openIn(u)
			why := fmt.Sprintf("%s needs %s more and has just %s open", s.p.units[u].name, queensWord(n), f.cellList(open))
			if n == 1 {
				why = fmt.Sprintf("%s needs 1 more queen and %s is its last open cell", s.p.units[u].name, f.name(open[0]))
			}
			return step{place: open, why: why}, true
		}
	}
	return step{}, false
}
