package deduce

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"
)

// The counting techniques of Star Battle: where every 2×2 block of the board is a clique (the king's
// step, or a queen's lines), a set of cells holds at most as many queens as the fewest blocks that cover
// its open cells. Players bound rows, columns, regions and bands of rows by such blocks and count those
// bounds against what the lines and regions need:
//   - blocks: a row, column, region or pair of neighbouring lines that needs as many queens as its open
//     cells have blocks holds one in each block;
//   - counting: a band of neighbouring rows (or columns) needs the queens of its rows; the regions that
//     reach into it can put there at most what they need and what their cells inside fit in blocks, at
//     least what their cells outside cannot take; when those bounds meet the band's need, a region's
//     share is decided, and with it its cells inside or outside the band;
//   - pressure: a queen on a cell that would leave some row, column, region or pair of lines fewer
//     blocks than the queens it still needs is not there.
// Each bound is a count of cliques, so each deduction holds in every solution: no guess is made.

// blocksOn reports whether the block bounds apply on f's board: every 2×2 block a clique, and the board
// at most 64 rows and columns (the open cells are kept as masks).
func (f *finder) blocksOn() bool {
	s := f.s
	if s.pack == nil {
		s.pack = newPacker(s)
	}
	return s.pack.on
}

// coverLines returns the fewest 2×2 blocks covering the cells of masks (one word a line, the lines in
// order), the lines taken alone or in neighbouring pairs and each line or pair covered from its lowest
// cell: the least over all such pairings. If pair is not nil, pair[i] says whether the cover takes line
// i with line i−1. Any cover bounds the queens the cells can hold: a block holds one at most.
func coverLines(masks []uint64, pair []bool) int {
	return int(coverRun(masks, pair, nil))
}

// coverRun is coverLines' pass, shared with the packing bound and the counting table: if upTo is not
// nil, upTo[i] is the least cover of masks[0..i].
func coverRun(masks []uint64, pair []bool, upTo []int32) int32 {
	// The least blocks for the lines up to the one before x (last) and the one before that (before).
	before, last, prev := int32(0), int32(0), uint64(0)
	for i, x := range masks {
		best, two := last+blockCols(x), false
		if i > 0 {
			if b := before + blockCols(prev|x); b < best {
				best, two = b, true
			}
		}
		if pair != nil {
			pair[i] = two
		}
		if upTo != nil {
			upTo[i] = best
		}
		before, last, prev = last, best, x
	}
	return last
}

// cellOn returns the cell at position at of line (a row, or a column when flip).
func (p *problem) cellOn(line, at int, flip bool) int32 {
	if flip {
		return int32(at*p.cols + line)
	}
	return int32(line*p.cols + at)
}

// coverBlocks lists the blocks of coverLines' cover of masks, whose first line is line lo: each block
// its open cells.
func (p *problem) coverBlocks(masks []uint64, lo int, flip bool) [][]int32 {
	pair := make([]bool, len(masks))
	coverLines(masks, pair)
	var out [][]int32
	for i := len(masks) - 1; i >= 0; {
		top, bottom, line := masks[i], uint64(0), i
		if pair[i] {
			top, bottom, line = masks[i-1], masks[i], i-1
			i -= 2
		} else {
			i--
		}
		for u := top | bottom; u != 0; {
			at := bits.TrailingZeros64(u)
			u &^= uint64(3) << at
			var b []int32
			for x := top >> at & 3; x != 0; x &= x - 1 {
				b = append(b, p.cellOn(lo+line, at+bits.TrailingZeros64(x), flip))
			}
			for x := bottom >> at & 3; x != 0; x &= x - 1 {
				b = append(b, p.cellOn(lo+line+1, at+bits.TrailingZeros64(x), flip))
			}
			out = append(out, b)
		}
	}
	return out
}

// masksOf writes into buf (a word a line: rows, or columns when flip) the cells of units that are open
// and not stamped with skip, and returns the lines from the first that holds any to the last, and the
// first's number (nil when none).
func (f *finder) masksOf(units []int32, flip bool, skip uint32, buf []uint64) ([]uint64, int) {
	s := f.s
	clear(buf)
	lo, hi := len(buf), -1
	for _, u := range units {
		for _, c := range s.p.units[u].cells {
			if s.cells[c] != Open || skip != 0 && f.stamp[c] == skip {
				continue
			}
			line, at := int(c)/s.p.cols, int(c)%s.p.cols
			if flip {
				line, at = at, line
			}
			buf[line] |= 1 << at
			lo, hi = min(lo, line), max(hi, line)
		}
	}
	if hi < 0 {
		return nil, 0
	}
	return buf[lo : hi+1], lo
}

// lineBuf returns a scratch buffer of a word per line, enough for rows and columns.
func (f *finder) lineBuf() []uint64 {
	if f.lines == nil {
		f.lines = make([]uint64, max(f.s.p.rows, f.s.p.cols))
	}
	return f.lines
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

// tight returns what follows from a queen in every one of blocks: a block of one open cell has it, and
// the cells that every cell of a block empties are empty. It returns the blocks that decide something.
func (f *finder) tight(blocks [][]int32) (place, exclude []int32, deciding [][]int32) {
	for _, b := range blocks {
		if len(b) == 1 {
			if !slices.Contains(place, b[0]) {
				place = append(place, b[0])
			}
			deciding = append(deciding, b)
			continue
		}
		ex := f.emptiedByAll(b)
		if len(ex) > 0 {
			deciding = append(deciding, b)
		}
		for _, c := range ex {
			if !slices.Contains(exclude, c) {
				exclude = append(exclude, c)
			}
		}
	}
	for _, c := range place {
		if slices.Contains(exclude, c) {
			return nil, nil, nil // the blocks contradict each other: the state is broken, leave it to others
		}
	}
	slices.Sort(place)
	slices.Sort(exclude)
	return place, exclude, deciding
}

// blockName names a block by its first and last cell: "r3c4–r4c5", or its cell.
func (f *finder) blockName(b []int32) string {
	lo, hi := slices.Min(b), slices.Max(b)
	if lo == hi {
		return f.name(lo)
	}
	cols := int32(f.s.p.cols)
	r0, c0, r1, c1 := lo/cols, lo%cols, hi/cols, hi%cols
	for _, c := range b {
		c0, c1 = min(c0, c%cols), max(c1, c%cols)
	}
	return fmt.Sprintf("%s–%s", f.name(r0*cols+c0), f.name(r1*cols+c1))
}

func (f *finder) blockList(blocks [][]int32) string {
	return sentenceList(len(blocks), 4, func(i int) string { return f.blockName(blocks[i]) })
}

// blocksThe names blocks for a sentence: "the block r3c4–r4c5", "the blocks r3c4–r4c5 and r7c1".
func (f *finder) blocksThe(blocks [][]int32) string {
	if len(blocks) == 1 {
		return "the block " + f.blockList(blocks)
	}
	return "the blocks " + f.blockList(blocks)
}

func blocksWord(n int) string {
	if n == 1 {
		return "1 2×2 block"
	}
	return fmt.Sprintf("%d 2×2 blocks", n)
}

// blockSet is a set of cells that the blocks technique and pressure bound: a unit, or two neighbouring
// rows or columns.
type blockSet struct {
	units []int32
	flip  bool // its lines are columns
	name  string
}

// blockSets lists the sets: every exact row, column and region (regions covered along the rows and
// down the columns), and every two neighbouring rows and columns that each have an exact unit.
func (f *finder) blockSets() []blockSet {
	if f.sets != nil {
		return f.sets
	}
	p := f.s.p
	for u, x := range p.units {
		if x.lo != x.hi || x.hi == 0 || !f.human(int32(u)) {
			continue
		}
		switch x.kind {
		case KindRow:
			f.sets = append(f.sets, blockSet{units: []int32{int32(u)}, name: x.name})
		case KindColumn:
			f.sets = append(f.sets, blockSet{units: []int32{int32(u)}, flip: true, name: x.name})
		case KindRegion:
			f.sets = append(f.sets, blockSet{units: []int32{int32(u)}, name: x.name},
				blockSet{units: []int32{int32(u)}, flip: true, name: x.name})
		}
	}
	for _, b := range f.bands() {
		for l := 0; l+1 < len(b.lines); l++ {
			f.sets = append(f.sets, blockSet{units: []int32{b.lines[l], b.lines[l+1]}, flip: b.kind == KindColumn, name: b.span(l, l+1)})
		}
	}
	if f.sets == nil {
		f.sets = []blockSet{}
	}
	return f.sets
}

// setMasks returns the open cells of set bs, not stamped with skip, as masks, the first line's number,
// and the queens the set still needs.
func (f *finder) setMasks(bs *blockSet, skip uint32) ([]uint64, int, int) {
	need := 0
	for _, u := range bs.units {
		need += f.need(u)
	}
	m, lo := f.masksOf(bs.units, bs.flip, skip, f.lineBuf())
	return m, lo, need
}

// blocks finds a set that needs as many queens as the fewest 2×2 blocks covering its open cells: a
// queen in each block.
func (f *finder) blocks() (step, bool) {
	if !f.blocksOn() {
		return step{}, false
	}
	sets := f.blockSets()
	for i := range sets {
		if f.halted() {
			break
		}
		bs := &sets[i]
		masks, lo, need := f.setMasks(bs, 0)
		if need < 2 || masks == nil || coverLines(masks, nil) != need {
			continue // a set needing one queen in one block is sees-all's
		}
		place, ex, deciding := f.tight(f.s.p.coverBlocks(masks, lo, bs.flip))
		if len(place)+len(ex) == 0 {
			continue
		}
		return step{place: place, exclude: ex, why: fmt.Sprintf("%s needs %s, and its open cells fit in %s, one queen to a block: %s (%s)",
			bs.name, queensWord(need), blocksWord(need), f.verdict(place, ex), f.blocksThe(deciding))}, true
	}
	return step{}, false
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
	band := b.span(a, z)
	name := f.s.p.units[x.region].name
	inside := func() []int32 { return f.cellsOf(x.masks[a:z+1], a, flip) }
	outside := func() []int32 {
		return append(f.cellsOf(x.masks[:a], 0, flip), f.cellsOf(x.masks[z+1:], z+1, flip)...)
	}
	// Why the share is bounded: by the band, or by the region alone.
	atLeast := func() string {
		if x.bandLo > x.lo && hi == x.hi {
			return fmt.Sprintf("%s need %s, and no other region can put one there, so %s puts at least %d there", band, queensWord(need), name, x.bandLo)
		}
		if x.bandLo > x.lo {
			return fmt.Sprintf("%s need %s, and the other regions there can put at most %d in them (%s), so %s puts at least %d there",
				band, queensWord(need), hi-x.hi, f.shareList(sh, i, true), name, x.bandLo)
		}
		return fmt.Sprintf("%s needs %s, and its open cells outside %s fit in %s, so it puts at least %d there",
			name, queensWord(x.need), band, blocksWord(x.out), x.bandLo)
	}
	atMost := func() string {
		if lo == x.lo {
			return fmt.Sprintf("%s need only %s, so %s puts at most %d there", band, queensWord(need), name, x.bandHi)
		}
		return fmt.Sprintf("%s need %s, and the other regions there must put at least %d in them (%s), so %s puts at most %d there",
			band, queensWord(need), lo-x.lo, f.shareList(sh, i, false), name, x.bandHi)
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
