package deduce

import (
	"fmt"
	"slices"
)

// Placements: the ways a row, column or region (forced placement), or two neighbouring rows or columns
// (square counting), can take the queens they need, walked whole; what every way agrees on is so.

// arrangements enumerates the ways the units of group (disjoint, each with a fixed count) can take the
// queens they still need, no two attacking and no unit over its most, and draws the conclusions every
// way agrees on: cells no way uses (exclude), cells every way uses (place), and open cells outside the
// group that every way empties (exclude). It gives up past f.budget nodes.
func (f *finder) arrangements(group []int32) (place, exclude []int32, ways int, ok bool) {
	s := f.s
	p := s.p
	a := f.arrangeScratch()
	var cells [][]int32
	for _, u := range group {
		cells = append(cells, f.openIn(u))
	}
	var chosen []int32
	var outside []int32 // the cells a way has emptied outside the group, each once
	nodes := 0
	inGroup := f.next()
	for _, cs := range cells {
		for _, c := range cs {
			f.stamp[c] = inGroup
		}
	}
	defer func() {
		for _, cs := range cells {
			for _, c := range cs {
				a.used[c] = 0
			}
		}
		for _, c := range outside {
			a.hit[c] = 0
		}
	}()
	record := func() {
		ways++
		seen := f.next()
		for _, q := range chosen {
			a.used[q]++
		}
		mark := func(c int32) {
			if s.cells[c] == Open && f.stamp[c] != inGroup && f.stamp[c] != seen {
				f.stamp[c] = seen
				if a.hit[c] == 0 {
					outside = append(outside, c)
				}
				a.hit[c]++
			}
		}
		for _, q := range chosen {
			for _, c := range p.attacks[q] {
				mark(c)
			}
			for _, u := range p.cellUnits[q] {
				if int(s.count[u].queens+a.extra[u]) == p.units[u].hi {
					for _, c := range p.units[u].cells {
						mark(c)
					}
				}
			}
		}
	}
	var walk func(j, from, left int) bool
	walk = func(j, from, left int) bool {
		f.work++
		if nodes++; nodes > f.budget || nodes&1023 == 0 && f.halted() {
			return false
		}
		if left == 0 {
			if j+1 == len(group) {
				record()
				return true
			}
			return walk(j+1, 0, f.need(group[j+1]))
		}
		cs := cells[j]
		for i := from; i <= len(cs)-left; i++ {
			c := cs[i]
			if a.attacked[c] > 0 {
				continue
			}
			fits := true
			for _, u := range p.cellUnits[c] {
				if int(s.count[u].queens+a.extra[u]) >= p.units[u].hi {
					fits = false
					break
				}
			}
			if !fits {
				continue
			}
			chosen = append(chosen, c)
			for _, u := range p.cellUnits[c] {
				a.extra[u]++
			}
			for _, x := range p.attacks[c] {
				a.attacked[x]++
			}
			good := walk(j, i+1, left-1)
			for _, x := range p.attacks[c] {
				a.attacked[x]--
			}
			for _, u := range p.cellUnits[c] {
				a.extra[u]--
			}
			chosen = chosen[:len(chosen)-1]
			if !good {
				return false
			}
		}
		return true
	}
	if !walk(0, 0, f.need(group[0])) {
		return nil, nil, ways, false
	}
	if ways == 0 {
		return nil, nil, 0, true // no way at all: the state is contradictory
	}
	for _, cs := range cells {
		for _, c := range cs {
			switch int(a.used[c]) {
			case 0:
				exclude = append(exclude, c)
			case ways:
				place = append(place, c)
			}
		}
	}
	for _, c := range outside {
		if int(a.hit[c]) == ways {
			exclude = append(exclude, c)
		}
	}
	slices.Sort(place)
	slices.Sort(exclude)
	return place, exclude, ways, true
}

// arrangeScratch is arrangements' per-cell and per-unit counters, all zero between calls.
type arrangeScratch struct {
	used, hit, attacked []int32 // per cell: ways using it, ways emptying it, chosen queens attacking it
	extra               []int32 // per unit: queens chosen in it
}

func (f *finder) arrangeScratch() *arrangeScratch {
	if f.arrange == nil {
		n := len(f.s.cells)
		f.arrange = &arrangeScratch{used: make([]int32, n), hit: make([]int32, n), attacked: make([]int32, n), extra: make([]int32, len(f.s.p.units))}
	}
	return f.arrange
}

// packing looks at one row, column or region that needs two queens or more.
func (f *finder) packing() (step, bool) {
	s := f.s
	for u, x := range s.p.units {
		u := int32(u)
		if x.lo != x.hi || !f.human(u) || x.kind == KindLine || f.need(u) < 2 || int(s.count[u].open) <= f.need(u) {
			continue
		}
		if f.halted() {
			break
		}
		if choose(int(s.count[u].open), f.need(u)) > packingWays {
			continue // wide open yet: its ways rarely agree on a cell, and walking them costs the most
		}
		place, ex, ways, ok := f.arrangements([]int32{u})
		if !ok || ways == 0 || len(place)+len(ex) == 0 {
			continue
		}
		return step{place: place, exclude: ex, why: fmt.Sprintf("%s needs %s among %d open cells; %s%s",
			x.name, queensWord(f.need(u)), s.count[u].open, waysWord(ways), f.verdict(place, ex))}, true
	}
	return step{}, false
}

// packingWays bounds the choices of its open cells (queens attacking or not) a unit may have for packing
// to walk its ways: a row of a 10×10 with two stars has at most 45, a region of a 13×13 a few hundred,
// a row of a 21×21 with five stars at the start 20 349, each walked at every step that reaches packing.
const packingWays = 3_000

// choose returns n choose k.
func choose(n, k int) float64 {
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c
}

// squeeze looks at two neighbouring rows or columns at once.
func (f *finder) squeeze() (step, bool) {
	for _, b := range f.bands() {
		for l := 0; l+1 < len(b.lines); l++ {
			g := []int32{b.lines[l], b.lines[l+1]}
			if f.need(g[0]) <= 0 || f.need(g[1]) <= 0 {
				continue
			}
			if f.halted() {
				return step{}, false
			}
			// Past its budget the walk would give up, having spent it for nothing: the pair is too open
			// yet. Two rows of a 10×10 with two stars have at most 36 ways each, of a 21×21 with five at
			// the start C(17, 5) = 6,188.
			if f.lineWays(g[0])*f.lineWays(g[1]) > float64(f.budget) {
				continue
			}
			place, ex, ways, ok := f.arrangements(g)
			if !ok || ways == 0 || len(place)+len(ex) == 0 {
				continue
			}
			return step{place: place, exclude: ex, why: fmt.Sprintf("%s together need %s; %s%s",
				b.span(l, l+1), queensWord(f.need(g[0])+f.need(g[1])), waysWord(ways), f.verdict(place, ex))}, true
		}
	}
	return step{}, false
}

// lineWays returns at least the number of ways unit u (a row or a column, in its cells' order) can take
// the queens it still needs, no two attacking: the count of choices of its open cells with no two
// neighbours among them that attack each other.
func (f *finder) lineWays(u int32) float64 {
	s := f.s
	k := f.need(u)
	if k <= 0 {
		return 1
	}
	// with[j], without[j]: the choices of j cells among those seen, the last seen chosen or not.
	with := make([]float64, k+1)
	without := make([]float64, k+1)
	without[0] = 1
	prev := int32(-1)
	for _, c := range s.p.units[u].cells {
		if s.cells[c] != Open {
			continue
		}
		conflict := prev >= 0 && slices.Contains(s.p.attacks[c], prev)
		for j := k; j >= 0; j-- {
			w := 0.0
			if j > 0 {
				w = without[j-1]
				if !conflict {
					w += with[j-1]
				}
			}
			without[j] += with[j]
			with[j] = w
		}
		prev = c
	}
	return with[k] + without[k]
}
