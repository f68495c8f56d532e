package deduce

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// Counting in bands of lines: overcounting (k regions whose open cells lie in k rows fill those rows),
// undercounting (k rows whose open cells lie in k regions fill those regions), and band counting (the
// regions' shares of a band of rows, each bounded by its 2×2 blocks inside and outside it).

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
	return step{tech: undercounting, exclude: ex, why: fmt.Sprintf("the open cells of %s lie in %s, whose %s are all %s need: the regions' other cells are empty",
		b.span(lo, hi), f.unitNames(touched), queensWord(room), b.span(lo, hi))}, true
}

// regionLines sets v's regions to the exact regions that still need queens and, for each, its open
// cells as masks a line (rows, or columns when flip); false unless every open cell lies in an exact
// region (the regions then share out the queens of any band of lines). It reuses v's storage from the
// last call.
func (f *finder) regionLines(flip bool, v *countView) bool {
	s := f.s
	n := s.p.rows
	if flip {
		n = s.p.cols
	}
	region := f.regionCells()
	if len(f.regionPlace) != len(s.p.units) {
		f.regionPlace = make([]int32, len(s.p.units))
	}
	place := f.regionPlace // 1 + the region's index in v.regs; 0 for a region not yet seen
	if need := len(s.p.units) * n; len(v.words) < need {
		v.words = make([]uint64, need)
	}
	v.regs, v.masks = v.regs[:0], v.masks[:0]
	defer func() {
		for _, u := range v.regs {
			place[u] = 0
		}
	}()
	for i, x := range s.cells {
		if x != Open {
			continue
		}
		u := region[i]
		if u < 0 {
			return false
		}
		if f.need(u) <= 0 {
			continue // a full region: its cells hold no queen (full's step)
		}
		if place[u] == 0 {
			k := len(v.regs)
			place[u] = int32(k + 1)
			v.regs = append(v.regs, u)
			m := v.words[k*n : (k+1)*n : (k+1)*n]
			clear(m)
			v.masks = append(v.masks, m)
		}
		line, pos := i/s.p.cols, i%s.p.cols
		if flip {
			line, pos = pos, line
		}
		v.masks[place[u]-1][line] |= 1 << pos
	}
	return true
}

// share is a region's part in a band of lines: what it needs, the blocks covering its open cells in
// the band and outside it, and the bounds on the queens it puts in the band.
type share struct {
	region         int32
	need, in, out  int
	lo, hi         int // from the region alone
	bandLo, bandHi int // counted against the band's need
	masks          []uint64
}

// counting counts the regions against bands of neighbouring rows and of columns, the narrowest first:
// a first pass for shares that decide cells or fill blocks, a second for a share that must hold a queen
// (the cells every one of its cells empties).
func (f *finder) counting() (step, bool) {
	if !f.blocksOn() {
		return step{}, false
	}
	bs := f.bands()
	if len(bs) == 0 {
		return step{}, false
	}
	for len(f.views) < len(bs) {
		f.views = append(f.views, countView{})
	}
	views := f.views[:len(bs)]
	width := 0
	for i, b := range bs {
		v := &views[i]
		v.b = b
		if !f.regionLines(b.kind == KindColumn, v) {
			return step{}, false
		}
		v.coverTable()
		width = max(width, len(b.lines)-1)
	}
	for pass := range 2 {
		for w := 1; w <= width; w++ {
			for i := range views {
				for a := 0; a+w <= len(views[i].b.lines) && w < len(views[i].b.lines); a++ {
					if f.halted() {
						return step{}, false
					}
					if st, ok := f.countBand(&views[i], a, a+w-1, pass == 1); ok {
						return st, true
					}
				}
			}
		}
	}
	return step{}, false
}

// countView is the regions seen along one orientation for counting: the lines (b), the regions that
// still need queens, their open cells as masks a line, and covers[j][a*n+z], the blocks covering region
// j's open cells on lines a..z (a ≤ z; n lines; the entries of a > z keep an earlier call's values, and
// cover never reads them). words and table hold the masks and the covers; a finder keeps its views from
// call to call.
type countView struct {
	b      band
	regs   []int32
	masks  [][]uint64
	covers [][]int32
	words  []uint64
	table  []int32
}

// coverTable sets v's covers: for each region's masks, the cover of every run of its n lines, by
// coverRun run on from each first line.
func (v *countView) coverTable() {
	n := len(v.b.lines)
	if need := len(v.masks) * n * n; len(v.table) < need {
		v.table = make([]int32, need)
	}
	v.covers = v.covers[:0]
	for j, m := range v.masks {
		t := v.table[j*n*n : (j+1)*n*n]
		for a := range n {
			coverRun(m[a:n], nil, t[a*n+a:a*n+n])
		}
		v.covers = append(v.covers, t)
	}
}

// cover returns the blocks covering region j's open cells on lines a..z of v (0 when a > z).
func (v *countView) cover(j, a, z int) int {
	if a > z {
		return 0
	}
	return int(v.covers[j][a*len(v.b.lines)+z])
}

// countBand counts the regions against lines a..z of b: the band needs its lines' queens; each region
// puts there at most what it needs and what its cells there fit in blocks, and at least what its cells
// outside cannot hold. Each region's share is then bounded by the band's need less the others' bounds.
func (f *finder) countBand(v *countView, a, z int, seeing bool) (step, bool) {
	b := v.b
	need, sh, lo, hi := f.shares(v, a, z)
	if need <= 0 || lo > need || hi < need {
		return step{}, false // nothing to share, or no share fits: the state contradicts itself, which a step cannot say
	}
	for i := range sh {
		x := &sh[i]
		x.bandLo = max(x.lo, need-(hi-x.hi))
		x.bandHi = min(x.hi, need-(lo-x.lo))
	}
	for i := range sh {
		if st, ok := f.shareStep(b, a, z, need, sh, i, lo, hi, seeing); ok {
			return st, true
		}
	}
	return step{}, false
}

// shares returns the queens lines a..z of b need, each region's share of them bounded by the region
// alone, and the sums of the shares' least and most.
func (f *finder) shares(v *countView, a, z int) (need int, sh []share, lo, hi int) {
	for l := a; l <= z; l++ {
		need += f.need(v.b.lines[l])
	}
	if need <= 0 {
		return need, nil, 0, 0
	}
	n := len(v.b.lines)
	sh = f.shareBuf[:0]
	defer func() { f.shareBuf = sh[:0] }()
	for j, u := range v.regs {
		in := v.cover(j, a, z)
		if in == 0 {
			continue
		}
		x := share{region: u, need: f.need(u), in: in, out: v.cover(j, 0, a-1) + v.cover(j, z+1, n-1), masks: v.masks[j]}
		x.hi = min(x.need, x.in)
		x.lo = max(0, x.need-min(x.need, x.out))
		lo, hi = lo+x.lo, hi+x.hi
		sh = append(sh, x)
	}
	return need, sh, lo, hi
}

// cellsOf returns the cells of masks, whose first line is lo.
func (f *finder) cellsOf(masks []uint64, lo int, flip bool) []int32 {
	var out []int32
	for i, m := range masks {
		for ; m != 0; m &= m - 1 {
			out = append(out, f.s.p.cellOn(lo+i, bits.TrailingZeros64(m), flip))
		}
	}
	slices.Sort(out)
	return out
}

// shareStep draws what region i's share of lines a..z decides: none there, all there, a queen in each
// block of its cells there (or outside), or, when seeing, the cells that every one of its cells there
// (or outside) empties when it must hold a queen there.
func (f *finder) shareStep(b band, a, z, need int, sh []share, i, lo, hi int, seeing bool) (step, bool) {
	x := &sh[i]
	if x.bandLo == x.lo && x.bandHi == x.hi {
		return step{}, false // the band does not bound the share: the region alone is blocks' and pressure's
	}
	flip := b.kind == KindColumn
	band, needs, them := b.span(a, z), "need", "them"
	if a == z {
		needs, them = "needs", "it"
	}
	name := f.s.p.units[x.region].name
	inside := func() []int32 { return f.cellsOf(x.masks[a:z+1], a, flip) }
	outside := func() []int32 {
		return append(f.cellsOf(x.masks[:a], 0, flip), f.cellsOf(x.masks[z+1:], z+1, flip)...)
	}
	// Why the share is bounded: by the band, or by the region alone.
	atLeast := func() string {
		if x.bandLo > x.lo && hi == x.hi {
			return fmt.Sprintf("%s %s %s, and no other region can put one there, so %s puts at least %d there", band, needs, queensWord(need), name, x.bandLo)
		}
		if x.bandLo > x.lo {
			return fmt.Sprintf("%s %s %s, and the other regions there can put at most %d in %s (%s), so %s puts at least %d there",
				band, needs, queensWord(need), hi-x.hi, them, f.shareList(sh, i, true), name, x.bandLo)
		}
		return fmt.Sprintf("%s needs %s, and its open cells outside %s fit in %s, so it puts at least %d there",
			name, queensWord(x.need), band, blocksWord(x.out), x.bandLo)
	}
	atMost := func() string {
		if lo == x.lo {
			return fmt.Sprintf("%s %s only %s, so %s puts at most %d there", band, needs, queensWord(need), name, x.bandHi)
		}
		return fmt.Sprintf("%s %s %s, and the other regions there must put at least %d in %s (%s), so %s puts at most %d there",
			band, needs, queensWord(need), lo-x.lo, them, f.shareList(sh, i, false), name, x.bandHi)
	}
	if !seeing {
		switch {
		case x.bandHi == 0:
			ex := inside()
			return step{exclude: ex, why: fmt.Sprintf("%s: its cells there, %s, are empty", atMost(), f.cellList(ex))}, true
		case x.bandLo == x.need && x.out > 0:
			ex := outside()
			return step{exclude: ex, why: fmt.Sprintf("%s, all it needs: its cells outside them, %s, are empty", atLeast(), f.cellList(ex))}, true
		}
		if x.bandLo == x.in && x.bandLo > x.lo {
			blocks := f.s.p.coverBlocks(x.masks[a:z+1], a, flip)
			if place, ex, deciding := f.tight(blocks); len(place)+len(ex) > 0 {
				return step{place: place, exclude: ex, why: fmt.Sprintf("%s, and its open cells there fit in %s, one queen to a block: %s (%s)",
					atLeast(), blocksWord(x.in), f.verdict(place, ex), f.blocksThe(deciding))}, true
			}
		}
		if x.need-x.bandHi == x.out && x.bandHi < x.hi {
			var blocks [][]int32
			if a > 0 {
				blocks = append(blocks, f.s.p.coverBlocks(x.masks[:a], 0, flip)...)
			}
			if z+1 < len(x.masks) {
				blocks = append(blocks, f.s.p.coverBlocks(x.masks[z+1:], z+1, flip)...)
			}
			if place, ex, deciding := f.tight(blocks); len(place)+len(ex) > 0 {
				return step{place: place, exclude: ex, why: fmt.Sprintf("%s, and so %d outside them, where its open cells fit in %s, one queen to a block: %s (%s)",
					atMost(), x.need-x.bandHi, blocksWord(x.out), f.verdict(place, ex), f.blocksThe(deciding))}, true
			}
		}
		return step{}, false
	}
	if x.bandLo >= 1 && x.bandLo > x.lo {
		cells := inside()
		if ex := f.emptiedByAll(cells); len(ex) > 0 {
			return step{exclude: ex, why: fmt.Sprintf("%s, among %s, and wherever it stands it empties %s", atLeast(), f.cellList(cells), f.cellList(ex))}, true
		}
	}
	if x.need-x.bandHi >= 1 && x.bandHi < x.hi {
		cells := outside()
		if ex := f.emptiedByAll(cells); len(ex) > 0 {
			return step{exclude: ex, why: fmt.Sprintf("%s, so at least %d outside them, among %s, and wherever it stands it empties %s",
				atMost(), x.need-x.bandHi, f.cellList(cells), f.cellList(ex))}, true
		}
	}
	return step{}, false
}

// shareList names the other regions' bounds in a band for a sentence: their most (upper) or their
// least (not upper), said to come from their 2×2 blocks where they do.
func (f *finder) shareList(sh []share, skip int, upper bool) string {
	var items []string
	more := 0
	for i, x := range sh {
		v := x.lo
		if upper {
			v = x.hi
		}
		if i == skip || v == 0 {
			continue
		}
		if len(items) == 6 {
			more++
			continue
		}
		item := fmt.Sprintf("%s %d", f.s.p.units[x.region].name, v)
		switch {
		case upper && x.hi < x.need:
			item += " by its blocks there"
		case !upper && x.out > 0:
			item += fmt.Sprintf(", its cells outside fitting in %s", blocksWord(x.out))
		}
		items = append(items, item)
	}
	if more > 0 {
		items = append(items, fmt.Sprintf("%d more", more))
	}
	if len(items) == 1 {
		return items[0]
	}
	return strings.Join(items[:len(items)-1], "; ") + " and " + items[len(items)-1]
}
