package deduce

import (
	"fmt"
	"iter"
	"slices"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// A finder looks for the next step of each technique on a state; this file holds what the techniques
// share: the finder, its scratch, and the words of their sentences.

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
	// notUnique holds two solutions when thread found the puzzle has them; solution is thread's solution
	// of the state, per cell whether it holds a queen, found once.
	notUnique []constraints.Solution
	solution  []bool
	// none says that a walk from the state found no solution at all.
	none    bool
	arrange *arrangeScratch
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

// needsWord is "need" after a plural name ("rows 2–3"), else "needs".
func needsWord(name string) string {
	if strings.HasPrefix(name, "rows ") || strings.HasPrefix(name, "columns ") {
		return "need"
	}
	return "needs"
}

// itsWord is "their" after a plural name, else "its".
func itsWord(name string) string {
	if needsWord(name) == "need" {
		return "their"
	}
	return "its"
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

// emptiedByAll returns the open cells, outside cells, that a queen on any of cells (open) would empty
// at once: if one of cells holds a queen, they hold none.
func (f *finder) emptiedByAll(cells []int32) []int32 {
	touched := f.touched[:0]
	defer func() { f.touched = touched[:0] }()
	for _, y := range cells {
		t := f.next()
		f.effect(y, t)
		for _, c := range f.effected {
			if f.count[c] == 0 {
				touched = append(touched, c)
			}
			f.count[c]++
		}
	}
	var ex []int32
	for _, c := range touched {
		if int(f.count[c]) == len(cells) && !slices.Contains(cells, c) {
			ex = append(ex, c)
		}
		f.count[c] = 0
	}
	slices.Sort(ex)
	return ex
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

// regionCells returns, per cell, the exact region unit holding it, or −1, made on first use.
func (f *finder) regionCells() []int32 {
	if f.cellRegion == nil {
		f.cellRegion = make([]int32, len(f.s.cells))
		for i := range f.s.cells {
			f.cellRegion[i] = -1
			if u, ok := f.regionOf(int32(i)); ok {
				f.cellRegion[i] = u
			}
		}
	}
	return f.cellRegion
}

func (f *finder) regionOf(c int32) (int32, bool) {
	for _, u := range f.s.p.cellUnits[c] {
		if x := f.s.p.units[u]; x.kind == KindRegion && x.lo == x.hi {
			return u, true
		}
	}
	return 0, false
}

func (f *finder) unitNames(us []int32) string {
	return sentenceList(len(us), len(us), func(i int) string { return f.s.p.units[us[i]].name })
}

func (f *finder) verdict(place, ex []int32) string {
	var parts []string
	if len(place) > 0 {
		parts = append(parts, "put a queen on "+f.cellList(place))
	}
	if len(ex) > 0 {
		parts = append(parts, "leave "+f.cellList(ex)+" empty")
	}
	return strings.Join(parts, " and ")
}

func waysWord(n int) string {
	if n == 1 {
		return "there is 1 way to place them without two attacking, and it "
	}
	return fmt.Sprintf("all %d ways to place them without two attacking ", n)
}
