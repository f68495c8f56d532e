package deduce

import (
	"fmt"
	"slices"
)

// The exclusion family: a cell whose queen would take away what some row, column or region needs holds
// none. Exclusion counts the cells the queen empties at once; adjacent exclusion looks at a cell that
// every open cell of a region empties; pressured exclusion counts the 2×2 blocks left.

// seesAll finds a cell emptied by a queen on any open cell of a unit that still needs one.
func (f *finder) seesAll() (step, bool) {
	s := f.s
	for a := range s.p.units {
		a := int32(a)
		if f.need(a) < 1 || s.count[a].open < 2 || !f.human(a) {
			continue
		}
		open := f.openIn(a)
		ex := f.emptiedByAll(open)
		if len(ex) > 0 {
			return step{exclude: ex, why: fmt.Sprintf("%s has a queen among %s, and wherever it stands it empties %s",
				s.p.units[a].name, f.cellList(open), f.cellList(ex))}, true
		}
	}
	return step{}, false
}

// contradiction finds an open cell whose queen would leave some unit too little room, counting only the
// cells that queen empties at once.
func (f *finder) contradiction() (step, bool) {
	s := f.s
	if len(f.unitMark) < len(s.p.units) {
		f.unitMark = make([]uint32, len(s.p.units))
	}
	if len(f.unitCount) < len(s.p.units) {
		f.unitCount = make([]int32, len(s.p.units))
	}
	for y := range f.openCells() {
		t := f.next()
		f.effect(y, t)
		// The cells emptied, counted per unit: markedIn reads them.
		for _, c := range f.effected {
			for _, u := range s.p.cellUnits[c] {
				if f.unitMark[u] != t {
					f.unitMark[u], f.unitCount[u] = t, 0
				}
				f.unitCount[u]++
			}
		}
		if u, ok := f.starved(y, t); ok {
			x := s.p.units[u]
			left := int(s.count[u].open) - f.markedIn(u, t)
			have := int(s.count[u].queens)
			if slices.Contains(s.p.cellUnits[y], u) {
				left--
				have++
			}
			return step{exclude: []int32{y}, why: fmt.Sprintf("a queen on %s would leave %s %s for the %s it still needs",
				f.name(y), x.name, roomWord(left), queensWord(x.lo-have))}, true
		}
	}
	return step{}, false
}

// starved returns a unit that a queen on y (whose effect is marked with t) leaves with fewer open cells
// than queens it still needs. It looks at the units near y only: the others lose no cell.
func (f *finder) starved(y int32, t uint32) (int32, bool) {
	s := f.s
	check := func(u int32) bool {
		left := int(s.count[u].open) - f.markedIn(u, t)
		have := int(s.count[u].queens)
		if slices.Contains(s.p.cellUnits[y], u) {
			left--
			have++
		}
		return have+left < s.p.units[u].lo
	}
	visit := func(c int32) (int32, bool) {
		for _, u := range s.p.cellUnits[c] {
			if check(u) && f.human(u) {
				return u, true
			}
		}
		return 0, false
	}
	if u, ok := visit(y); ok {
		return u, true
	}
	for _, a := range s.p.attacks[y] {
		if s.cells[a] == Open {
			if u, ok := visit(a); ok {
				return u, true
			}
		}
	}
	for _, u := range s.p.cellUnits[y] {
		if f.room(u) == 1 {
			for _, c := range s.p.units[u].cells {
				if s.cells[c] == Open {
					if v, ok := visit(c); ok {
						return v, true
					}
				}
			}
		}
	}
	return 0, false
}

// pressure finds an open cell whose queen would leave some set (a row, column, region or pair of
// neighbouring lines) more queens to place than the 2×2 blocks its open cells then fit in.
func (f *finder) pressure() (step, bool) {
	if !f.blocksOn() {
		return step{}, false
	}
	s := f.s
	sets := f.blockSets()
	if len(f.unitMark) < len(s.p.units) {
		f.unitMark = make([]uint32, len(s.p.units))
	}
	for y := range f.openCells() {
		t := f.next()
		f.effect(y, t)
		f.stamp[y] = t
		// The units that lose a cell: y's own and those of the cells it empties.
		for _, u := range s.p.cellUnits[y] {
			f.unitMark[u] = t
		}
		for _, c := range f.effected {
			for _, u := range s.p.cellUnits[c] {
				f.unitMark[u] = t
			}
		}
		for i := range sets {
			bs := &sets[i]
			touched, holds := false, 0
			for _, u := range bs.units {
				touched = touched || f.unitMark[u] == t
				if slices.Contains(s.p.cellUnits[y], u) {
					holds++
				}
			}
			if !touched {
				continue
			}
			masks, _, need := f.setMasks(bs, t)
			need -= holds
			if need <= 0 {
				continue
			}
			if blocks := coverLines(masks, nil); blocks < need {
				return step{exclude: []int32{y}, why: fmt.Sprintf("a queen on %s would leave %s %s to place in open cells that fit in %s",
					f.name(y), bs.name, queensWord(need), blocksWord(blocks))}, true
			}
		}
	}
	return step{}, false
}
