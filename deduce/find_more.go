package deduce

import (
	"fmt"
	"slices"
	"strings"
)

// band is a run of consecutive rows (or columns) seen as one: its units and their numbers.
type band struct {
	kind  Kind
	lines []int32 // unit of each row or column of the orientation, -1 where there is none
}

// bands returns the rows and the columns as unit lists, where every one of them is a unit with a fixed
// number of queens.
func (f *finder) bands() []band {
	p := f.s.p
	var out []band
	for _, k := range []Kind{KindRow, KindColumn} {
		n := p.rows
		if k == KindColumn {
			n = p.cols
		}
		b := band{kind: k, lines: slices.Repeat([]int32{-1}, n)}
		for u, x := range p.units {
			if x.kind == k && x.lo == x.hi {
				b.lines[x.index] = int32(u)
			}
		}
		if !slices.Contains(b.lines, -1) {
			out = append(out, b)
		}
	}
	return out
}

func (b band) span(lo, hi int) string {
	word := "row"
	if b.kind == KindColumn {
		word = "column"
	}
	if lo == hi {
		return fmt.Sprintf("%s %d", word, lo+1)
	}
	return fmt.Sprintf("%ss %d–%d", word, lo+1, hi+1)
}

// groups finds k regions whose open cells lie in k consecutive rows (or columns) that can take no more
// queens than the regions need, and k consecutive rows whose open cells lie in regions that can take no
// more than the rows need. It widens each band a line at a time from its first, keeping the counts of
// the regions within it (by their spans) and of the regions its open cells lie in (by each line's).
func (f *finder) groups() (step, bool) {
	s := f.s
	p := s.p
	var regions []int32
	for u, x := range p.units {
		if x.kind == KindRegion && x.lo == x.hi {
			regions = append(regions, int32(u))
		}
	}
	if len(regions) == 0 {
		return step{}, false
	}
	if len(f.unitMark) < len(p.units) {
		f.unitMark = make([]uint32, len(p.units))
	}
	for _, b := range f.bands() {
		n := len(b.lines)
		g := f.groupLines(b, regions)
		for lo := 0; lo < n && !f.halted(); lo++ {
			room, need, inNeed := f.room(b.lines[lo]), f.need(b.lines[lo]), 0
			for _, j := range g.endsAt[lo] {
				if g.span[j][0] >= lo {
					inNeed += f.need(regions[j])
				}
			}
			t := f.next()
			var touched []int32
			touchRoom, noRegion := 0, false
			touch := func(l int) {
				noRegion = noRegion || g.noRegion[l]
				for _, r := range g.lineRegs[l] {
					if f.unitMark[r] != t {
						f.unitMark[r] = t
						touched = append(touched, r)
						touchRoom += f.room(r)
					}
				}
			}
			touch(lo)
			for hi := lo + 1; hi < n && hi-lo+1 < n; hi++ {
				room += f.room(b.lines[hi])
				need += f.need(b.lines[hi])
				for _, j := range g.endsAt[hi] {
					if g.span[j][0] >= lo {
						inNeed += f.need(regions[j])
					}
				}
				touch(hi)
				if inNeed > 0 && inNeed >= room {
					if st, ok := f.regionsInBand(b, lo, hi, regions, g.span); ok {
						return st, true
					}
				}
				if need > 0 && !noRegion && need >= touchRoom {
					if st, ok := f.bandInRegions(b, lo, hi, touched, touchRoom); ok {
						return st, true
					}
				}
			}
		}
	}
	return step{}, false
}

// groupLines is groups' view of the regions along one orientation: the span of lines holding the open
// cells of each region that needs queens ({−1, −1} for the others), those regions by their span's last
// line, and each line's regions in the order of its open cells, with whether some open cell of the line
// lies in no region.
type groupLines struct {
	span     [][2]int
	endsAt   [][]int
	lineRegs [][]int32
	noRegion []bool
}

func (f *finder) groupLines(b band, regions []int32) groupLines {
	s := f.s
	n := len(b.lines)
	g := groupLines{span: make([][2]int, len(regions)), endsAt: make([][]int, n), lineRegs: make([][]int32, n), noRegion: make([]bool, n)}
	lineOf := func(c int32) int {
		if b.kind == KindColumn {
			return int(c) % s.p.cols
		}
		return int(c) / s.p.cols
	}
	for j, r := range regions {
		g.span[j] = [2]int{-1, -1}
		if f.need(r) <= 0 || s.count[r].open == 0 {
			continue
		}
		for _, c := range s.p.units[r].cells {
			if s.cells[c] == Open {
				l := lineOf(c)
				if g.span[j][0] < 0 || l < g.span[j][0] {
					g.span[j][0] = l
				}
				g.span[j][1] = max(g.span[j][1], l)
			}
		}
		g.endsAt[g.span[j][1]] = append(g.endsAt[g.span[j][1]], j)
	}
	region := f.regionCells()
	for l, u := range b.lines {
		for _, c := range s.p.units[u].cells {
			if s.cells[c] != Open {
				continue
			}
			r := region[c]
			if r < 0 {
				g.noRegion[l] = true
				continue
			}
			if !slices.Contains(g.lineRegs[l], r) {
				g.lineRegs[l] = append(g.lineRegs[l], r)
			}
		}
	}
	return g
}

// inBand marks with a new tick the cells of lines lo..hi of b and returns the tick.
func (f *finder) inBand(b band, lo, hi int) uint32 {
	t := f.next()
	for l := lo; l <= hi; l++ {
		for _, c := range f.s.p.units[b.lines[l]].cells {
			f.stamp[c] = t
		}
	}
	return t
}

// regionsInBand empties the open cells of lines lo..hi of b outside the regions whose open cells lie
// within them (span), once those need all that the lines take.
func (f *finder) regionsInBand(b band, lo, hi int, regions []int32, span [][2]int) (step, bool) {
	s := f.s
	need := 0
	var inside []int32
	for j, r := range regions {
		if span[j][0] >= lo && span[j][1] <= hi {
			inside = append(inside, r)
			need += f.need(r)
		}
	}
	in := f.next()
	for _, r := range inside {
		for _, c := range s.p.units[r].cells {
			f.stamp[c] = in
		}
	}
	var ex []int32
	for l := lo; l <= hi; l++ {
		for _, c := range s.p.units[b.lines[l]].cells {
			if s.cells[c] == Open && f.stamp[c] != in {
				ex = append(ex, c)
			}
		}
	}
	if len(ex) == 0 {
		return step{}, false
	}
	slices.Sort(ex)
	return step{exclude: ex, why: fmt.Sprintf("%s lie in %s and need %s, all that %s take: their other cells are empty",
		f.unitNames(inside), b.span(lo, hi), queensWord(need), b.span(lo, hi))}, true
}

// bandInRegions empties the open cells outside lines lo..hi of b of the regions touched, which the
// lines' open cells lie in, once the lines need all the room they have.
func (f *finder) bandInRegions(b band, lo, hi int, touched []int32, room int) (step, bool) {
	s := f.s
	t := f.inBand(b, lo, hi)
	var ex []int32
	for _, r := range touched {
		for _, c := range s.p.units[r].cells {
			if s.cells[c] == Open && f.stamp[c] != t {
				ex = append(ex, c)
			}
		}
	}
	if len(ex) == 0 {
		return step{}, false
	}
	slices.Sort(ex)
	return step{exclude: ex, why: fmt.Sprintf("the open cells of %s lie in %s, whose %s are all %s need: the regions' other cells are empty",
		b.span(lo, hi), f.unitNames(touched), queensWord(room), b.span(lo, hi))}, true
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

func waysWord(n int) string {
	if n == 1 {
		return "there is 1 way to place them without two attacking, and it "
	}
	return fmt.Sprintf("all %d ways to place them without two attacking ", n)
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

// chain tries each open cell both ways and follows the forced moves (Propagate): a way that breaks the
// puzzle decides the cell the other way.
func (f *finder) chain() (step, bool) {
	s := f.s
	for y := range f.openCells() {
		for _, queen := range []bool{true, false} {
			mark := s.Save()
			head, fresh := s.head, s.fresh
			if queen {
				s.Place(int(y))
			} else {
				s.Exclude(int(y))
			}
			ok := s.Propagate()
			var why string
			if !ok {
				why = f.chainWhy(y, queen, s.Decided(mark))
			}
			s.Undo(mark)
			s.head, s.fresh = head, fresh
			if ok {
				continue
			}
			if queen {
				return step{exclude: []int32{y}, why: why}, true
			}
			return step{place: []int32{y}, why: why}, true
		}
	}
	return step{}, false
}

func (f *finder) chainWhy(y int32, queen bool, decided []int32) string {
	s := f.s
	var forced []int32
	for _, c := range decided[1:] {
		if s.cells[c] == Queen {
			forced = append(forced, c)
		}
	}
	what := "a queen on " + f.name(y)
	if !queen {
		what = "leaving " + f.name(y) + " empty"
	}
	end := "a cell that would need to be both a queen and empty"
	if u := s.broken; u >= 0 {
		x := s.p.units[u]
		if int(s.count[u].queens) > x.hi {
			end = fmt.Sprintf("%s with more than %s", x.name, queensWord(x.hi))
		} else {
			end = fmt.Sprintf("%s with room for %d of its %s", x.name, int(s.count[u].queens+s.count[u].open), queensWord(x.lo))
		}
	}
	if len(forced) == 0 {
		return fmt.Sprintf("%s leaves, move by forced move, %s", what, end)
	}
	return fmt.Sprintf("%s forces queens on %s, and then leaves %s", what, f.cellList(forced), end)
}

// trial tries each open cell both ways and reasons on with every technique up to Hard (not only forced
// moves): a way that ends in a contradiction decides the cell the other way. Where the 2×2 bounds apply
// (Pack: blocks and regions counted in bands, the techniques blocks, group and counting as bounds), a
// first sweep reasons with them alone, a few hundred times cheaper a supposition than the named
// techniques; the second reasons with them and the named techniques that they do not stand in for.
func (f *finder) trial() (step, bool) {
	start := f.work
	if f.blocksOn() {
		if st, ok := f.trialSweep(start, true); ok || f.gaveUp || f.halted() {
			return st, ok
		}
	}
	return f.trialSweep(start, false)
}

// trialSweep is one sweep of trial over the open cells, quick with the 2×2 bounds alone.
func (f *finder) trialSweep(start int64, quick bool) (step, bool) {
	s := f.s
	n := len(s.cells)
	from := &f.trialFrom[0]
	if !quick {
		from = &f.trialFrom[1]
	}
	for k := range n {
		y := int32((*from + k) % n)
		if s.cells[y] != Open {
			continue
		}
		if f.halted() {
			break
		}
		if f.work-start > f.trialBudget {
			f.gaveUp = true
			break
		}
		for _, queen := range []bool{true, false} {
			mark := s.Save()
			head, fresh := s.head, s.fresh
			if queen {
				s.Place(int(y))
			} else {
				s.Exclude(int(y))
			}
			var end string
			var used []string
			var broke bool
			if quick {
				f.work += quickSupposition
				if broke = !s.Pack(); broke {
					end, used = f.brokenWords(), []string{packWords}
				}
			} else {
				end, used, broke = f.hypothesis()
			}
			s.Undo(mark)
			s.head, s.fresh = head, fresh
			if !broke {
				continue
			}
			*from = int(y) + 1 // the next sweep goes on from here: the cells before held no contradiction
			what := "a queen on " + f.name(y)
			if !queen {
				what = "leaving " + f.name(y) + " empty"
			}
			why := fmt.Sprintf("suppose %s: %s then leave %s", what, usedWords(used), end)
			if queen {
				return step{exclude: []int32{y}, why: why}, true
			}
			return step{place: []int32{y}, why: why}, true
		}
	}
	return step{}, false
}

// packWords names Pack's reasoning in a trial's sentence.
const packWords = "forced moves, 2×2 blocks and regions counted in bands"

// quickSupposition is what a supposition reasoned on by Pack alone counts toward trial's budget: about
// as long as 50 arrangement nodes.
const quickSupposition = 50

// hypothesisSteps bounds the deductions made on one supposition.
const hypothesisSteps = 400

// trialBudget bounds one look for a trial step, in arrangement nodes and suppositions' steps (each
// counted as 1,000): about 4 s of CPU. The trials of deduce's tests (every built-in and published
// puzzle up to 10×10) take at most 210,000, and the expert puzzles `queens puzzle` makes are the same
// with it as without; on a published 17×17 with four stars one look took minutes, and a stall that
// says why serves a player better than a wait.
const trialBudget = 5_000_000

// packAlongside are the named techniques that a supposition reasoned on with Pack uses besides: Pack's
// bounds stand in for the others' 2×2 and band arguments (blocks, packing, squeeze, confined, group),
// and the rest look one move ahead in turn (contradiction, sees-all, pressure, chain) at many times the
// cost, for no more trial steps on the published puzzles.
var packAlongside = []string{"counting"}

// hypothesis reasons on from a supposed state with the techniques up to Hard, and reports the
// contradiction it reaches, if any, with the techniques it used. Where the 2×2 bounds apply it
// propagates with them (Pack) and leaves out the techniques they stand in for.
func (f *finder) hypothesis() (end string, used []string, broke bool) {
	s := f.s
	pack := f.blocksOn()
	for range hypothesisSteps {
		if f.halted() {
			return "", used, false
		}
		f.work += 1000
		mark := s.Save()
		if pack {
			if !s.Pack() {
				return f.brokenWords(), append(used, packWords), true
			}
			if s.Save() > mark && !slices.Contains(used, packWords) {
				used = append(used, packWords)
			}
		} else {
			if !s.Propagate() {
				return f.brokenWords(), append(used, "forced moves"), true
			}
			if s.Save() > mark && !slices.Contains(used, "forced moves") {
				used = append(used, "forced moves")
			}
		}
		var st step
		var ok bool
		for _, t := range techniques {
			if t.Level > Hard || t.Level == Easy || pack && !slices.Contains(packAlongside, t.ID) {
				continue
			}
			if st, ok = t.find(f); ok {
				st.tech = t
				break
			}
		}
		if !ok {
			if pack {
				return "", used, false
			}
			if u, none := f.noArrangement(); none {
				x := s.p.units[u]
				return fmt.Sprintf("%s no way to place its %s", x.name, queensWord(f.need(u))), used, true
			}
			return "", used, false
		}
		if !slices.Contains(used, st.tech.Name) {
			used = append(used, st.tech.Name)
		}
		for _, c := range st.place {
			s.Place(int(c))
		}
		for _, c := range st.exclude {
			s.Exclude(int(c))
		}
		if s.Broken() {
			return f.brokenWords(), used, true
		}
	}
	return "", used, false
}

// noArrangement returns a unit that has no way left to place the queens it needs.
func (f *finder) noArrangement() (int32, bool) {
	s := f.s
	for u, x := range s.p.units {
		u := int32(u)
		if x.lo == x.hi && f.need(u) >= 2 && f.human(u) {
			if _, _, ways, ok := f.arrangements([]int32{u}); ok && ways == 0 {
				return u, true
			}
		}
	}
	return 0, false
}

func (f *finder) brokenWords() string {
	s := f.s
	if u := s.broken; u >= 0 {
		x := s.p.units[u]
		if int(s.count[u].queens) > x.hi {
			return fmt.Sprintf("%s with more than %s", x.name, queensWord(x.hi))
		}
		if n := int(s.count[u].queens + s.count[u].open); n < x.lo {
			return fmt.Sprintf("%s room for %d of its %s", x.name, n, queensWord(x.lo))
		}
		// Pack's bound: the blocks of the unit's open cells, or of its band with the regions across it.
		return fmt.Sprintf("%s, counted by 2×2 blocks and with the regions across it, too little room for its %s", x.name, queensWord(x.lo))
	}
	return "a cell that would have to be both a queen and empty"
}

func usedWords(used []string) string {
	if len(used) == 0 {
		return "the rules"
	}
	if len(used) == 1 {
		return used[0]
	}
	return strings.Join(used[:len(used)-1], ", ") + " and " + used[len(used)-1]
}
