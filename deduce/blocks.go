package deduce

import (
	"fmt"
	"math/bits"
	"slices"
)

// 2×2 blocks, and what the counting techniques take from them: where every 2×2 block of the board is a
// clique (the king's step, or a queen's lines), a set of cells holds at most as many queens as the
// fewest blocks that cover its open cells. Players bound rows, columns, regions and bands of rows by such
// blocks and count those bounds against what the lines and regions need:
//   - 2×2 blocks: a row, column, region or pair of neighbouring lines that needs as many queens as its
//     open cells have blocks holds one in each block;
//   - band counting (counting.go): a band of neighbouring rows (or columns) needs the queens of its
//     rows; the regions that reach into it can put there at most what they need and what their cells
//     inside fit in blocks, at least what their cells outside cannot take; when those bounds meet the
//     band's need, a region's share is decided, and with it its cells inside or outside the band;
//   - pressured exclusion (exclusion.go): a queen on a cell that would leave some row, column, region or
//     pair of lines fewer blocks than the queens it still needs is not there.
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
			continue // a set needing one queen in one block is adjacent exclusion's
		}
		place, ex, deciding := f.tight(f.s.p.coverBlocks(masks, lo, bs.flip))
		if len(place)+len(ex) == 0 {
			continue
		}
		return step{place: place, exclude: ex, why: fmt.Sprintf("%s %s %s, and %s open cells fit in %s, one queen to a block: %s (%s)",
			bs.name, needsWord(bs.name), queensWord(need), itsWord(bs.name), blocksWord(need), f.verdict(place, ex), f.blocksThe(deciding))}, true
	}
	return step{}, false
}
