package deduce

import (
	"fmt"
	"iter"
	"slices"
	"strings"
)

// step is a deduction found on a state: the technique, the cells it decides, and why.
type step struct {
	tech    *Technique
	place   []int32
	exclude []int32
	why     string
}

// finder looks for the next step of each technique on a state. Its buffers are reused between calls.
type finder struct {
	s      *State
	stamp  []uint32 // per cell, for marking sets without clearing
	tick   uint32
	count  []int32 // per cell
	budget int     // enumeration nodes allowed to one packing or squeeze look
	// stop, if set, says that the caller's context has ended; once it has, stopped stays true and every
	// technique gives up at its next check (a technique that gives up finds no step: never a wrong one).
	stop    func() bool
	stopped bool
	// work counts the arrangement nodes walked and the suppositions reasoned on, for trial's budget;
	// gaveUp says that trial stopped at its budget in the last find, so a stall can say so.
	work        int64
	trialBudget int64
	gaveUp      bool
	arrange     *arrangeScratch
	// lines is a scratch word per row or column; sets the blocks technique's sets, made on first use;
	// shareBuf counting's shares of a band.
	lines    []uint64
	sets     []blockSet
	shareBuf []share
	// views are counting's, kept with their storage from call to call; regionPlace is regionLines'
	// scratch, a word per unit, zero between calls.
	views       []countView
	regionPlace []int32
	// touched is emptiedByAll's list of the cells it counted, kept for its storage.
	touched []int32
	// trialFrom is where trial's quick and full sweeps start: after the cell of the last step each found.
	trialFrom [2]int
	// unitMark is per unit a tick of stamp's; unitCount, per unit marked with contradiction's tick, how
	// many of the cells effect listed last (effected) lie in it.
	unitMark  []uint32
	unitCount []int32
	effected  []int32
	// cellRegion is, per cell, the exact region unit holding it, or −1: made on first use.
	cellRegion []int32
}

// halted reports whether the finder should give up: its stop has said so.
func (f *finder) halted() bool {
	if !f.stopped && f.stop != nil && f.stop() {
		f.stopped = true
	}
	return f.stopped
}

// openCells yields the state's open cells in order, and ends once the caller's stop has come.
func (f *finder) openCells() iter.Seq[int32] {
	return func(yield func(int32) bool) {
		for y, v := range f.s.cells {
			if v != Open {
				continue
			}
			if f.halted() || !yield(int32(y)) {
				return
			}
		}
	}
}

func newFinder(s *State) *finder {
	n := len(s.cells)
	return &finder{s: s, stamp: make([]uint32, n), count: make([]int32, n), budget: 200_000, trialBudget: trialBudget}
}

func (f *finder) next() uint32 {
	f.tick++
	if f.tick == 0 {
		clear(f.stamp)
		f.tick = 1
	}
	return f.tick
}

func (f *finder) name(i int32) string { return CellName(f.s.p.cell(int(i))) }

// cellList names cells for a sentence: "r1c2, r1c3 and r2c4"; past six, "r1c2, r1c3, … and 7 more".
func (f *finder) cellList(cells []int32) string {
	return sentenceList(len(cells), 5, func(i int) string { return f.name(cells[i]) })
}

// sentenceList names n things for a sentence, "a, b and c", the i-th by name(i); past keep+1 of them,
// the first keep and "k more".
func sentenceList(n, keep int, name func(i int) string) string {
	var names []string
	for i := range n {
		if i == keep && n > keep+1 {
			names = append(names, fmt.Sprintf("%d more", n-keep))
			break
		}
		names = append(names, name(i))
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func queensWord(n int) string {
	if n == 1 {
		return "1 queen"
	}
	return fmt.Sprintf("%d queens", n)
}

func (f *finder) need(u int32) int { return f.s.p.units[u].lo - int(f.s.count[u].queens) }

func (f *finder) room(u int32) int { return f.s.p.units[u].hi - int(f.s.count[u].queens) }

// openIn returns the open cells of unit u.
func (f *finder) openIn(u int32) []int32 {
	var out []int32
	for _, c := range f.s.p.units[u].cells {
		if f.s.cells[c] == Open {
			out = append(out, c)
		}
	}
	return out
}

// human reports whether a unit is worth naming to a player: the board as a whole is left to the end.
func (f *finder) human(u int32) bool { return f.s.p.units[u].kind != KindBoard }

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

// confined finds a unit a whose open cells all lie in another unit b that can take no more queens than a
// still needs: b's other open cells are empty.
func (f *finder) confined() (step, bool) {
	s := f.s
	for a := range s.p.units {
		a := int32(a)
		need := f.need(a)
		if need <= 0 || s.count[a].open == 0 || !f.human(a) {
			continue
		}
		open := f.openIn(a)
		t := f.next()
		for _, c := range open {
			f.stamp[c] = t
		}
		for _, b := range s.p.cellUnits[open[0]] {
			if b == a || !f.human(b) || f.room(b) > need || !f.within(open, b) {
				continue
			}
			var ex []int32
			for _, c := range s.p.units[b].cells {
				if s.cells[c] == Open && f.stamp[c] != t {
					ex = append(ex, c)
				}
			}
			if len(ex) > 0 {
				return step{exclude: ex, why: fmt.Sprintf("%s's open cells all lie in %s, and %s takes no more than the %s %s needs: %s's other cells are empty",
					s.p.units[a].name, s.p.units[b].name, s.p.units[b].name, queensWord(need), s.p.units[a].name, s.p.units[b].name)}, true
			}
		}
	}
	return step{}, false
}

// within reports whether every cell of cells lies in unit b.
func (f *finder) within(cells []int32, b int32) bool {
	for _, c := range cells {
		if !slices.Contains(f.s.p.cellUnits[c], b) {
			return false
		}
	}
	return true
}

// effect marks with tick t the open cells that a queen on cell y empties at once: those it attacks, and
// the other open cells of every unit the queen fills. It returns how many it marked, and lists them in
// f.effected.
func (f *finder) effect(y int32, t uint32) int {
	s := f.s
	n := 0
	f.effected = f.effected[:0]
	mark := func(c int32) {
		if c != y && s.cells[c] == Open && f.stamp[c] != t {
			f.stamp[c] = t
			f.effected = append(f.effected, c)
			n++
		}
	}
	for _, a := range s.p.attacks[y] {
		mark(a)
	}
	for _, u := range s.p.cellUnits[y] {
		if f.room(u) == 1 {
			for _, c := range s.p.units[u].cells {
				mark(c)
			}
		}
	}
	return n
}

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

func roomWord(n int) string {
	switch n {
	case 0:
		return "no open cell"
	case 1:
		return "1 open cell"
	}
	return fmt.Sprintf("only %d open cells", n)
}

// markedIn counts the cells of unit u marked with t, as contradiction counted them per unit.
func (f *finder) markedIn(u int32, t uint32) int {
	if f.unitMark[u] != t {
		return 0
	}
	return int(f.unitCount[u])
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
