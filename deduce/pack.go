package deduce

import (
	"math/bits"
	"slices"
	"sync/atomic"
)

// Packing bounds, for a search: a set of cells in which every 2×2 block holds one queen at most (the
// king's step, or the lines of a queen, make each block a clique) holds at most as many queens as the
// fewest blocks that cover its open cells. Pack covers each row, column and region, the board, and each
// band of neighbouring rows or columns, by blocks: the lines of the set taken one at a time or in pairs,
// whichever needs fewer blocks (the least over all such pairings, by a pass down the lines), and in a
// line or pair the cells in pairs from the left, which is least for them. Then:
//   - a set that needs more queens than its cover has blocks is a contradiction;
//   - a set that needs just as many has a queen in every block: a block with one open cell has it, and
//     a cell that every open cell of a block attacks is empty, wherever the block's queen stands.
//
// These are the 2×2 arguments of Star Battle players, done as bounds: cheap enough for every node of a
// search, where the named techniques (Confine) cost too much there.

// maxPackBand is the widest band of rows or columns Pack takes as one set: a band of b rows needs the
// queens of its rows together, which a cover shows short sooner than each row alone. Bands of three and
// four rows cut no node more on the published 21×21 puzzles, and cost half as much
// again.
const maxPackBand = 2

// packSet is a set of cells Pack bounds: a unit, or a band of rows or of columns. Its cells lie on the
// lines lo..hi, rows (or columns, when flip), and on each line the cells of mask (the whole line when
// masks is nil).
type packSet struct {
	units  []int32 // the units it joins (disjoint): it needs what they need together, and has their cells
	flip   bool
	lo, hi int
	masks  []uint64
}

// packer is Pack's compiled sets and scratch space, made on first use. The sets, masks, regions and
// the cache of common attacks are shared by the packers of a state's clones (fork); the rest is each
// one's own.
type packer struct {
	on   bool // every 2×2 block of the board is a clique, and the board has masks
	sets []packSet
	// Which sets to bound again, a bit a set: now, in this pass, and next, in the next one (a set whose
	// cells change after it is bounded in a pass, or that was not to be bounded in it). A set is bounded
	// again only once its cells have changed since it was last: the same cells give the same cover and
	// decide nothing new.
	now, next []uint64
	words     int      // of a bitmap of sets
	cellSets  []uint64 // per cell, words of them: the sets that hold it
	all       bool     // every set: no fixpoint yet to start from
	fixes     []int    // trail lengths at which every bound held, a stack: Undo pops
	head      int      // the cells trail[head:] are to be marked dirty
	// The region bands: regions (their units, and the index of the region set in sets per orientation),
	// the line units (rows, columns) by index, and per cell its region's place in regions (−1: none).
	regions          []int32
	regionSet        [2][]int32
	partition        bool // the regions are exact and hold every free cell between them
	rowUnit, colUnit []int32
	regionAt         []int32
	// Scratch.
	span          [][2]int
	in            []int32
	before, after []int32
	startAt       []int32 // per line, a region whose span starts there (−1: none)
	lowest        []int32 // per line, regionBands' least count of the bands from it
	nextAt        []int32 // per region, the next whose span starts on the same line
	need          []int32 // per line, the queens it needs
	lines         []uint64
	pair          []bool
	// common[block.key]: the cells that a queen on any of the block's cells attacks; nil until first
	// asked. Clones fill it from several goroutines: each entry is set once, to the same cells by any.
	common []atomic.Pointer[[]int32]
}

// block is a block of a cover: its open cells (−1 past the last), and as key (r*cols+c)*16+pattern, the
// 2×2 square at row r, column c that holds them and which of its cells they are (bit 1 the top left, 2
// top right, 4 bottom left, 8 bottom right). A cover's blocks are walked by fill, made only to fill
// k.common.
type block struct {
	cells [4]int32
	key   int32
}

func newPacker(s *State) *packer {
	p := s.p
	side := max(p.rows, p.cols)
	k := &packer{lines: make([]uint64, side), pair: make([]bool, side+1),
		all: true}
	k.on = s.rowOpen != nil && p.rows >= 2 && p.cols >= 2 && blocksAreCliques(p)
	if !k.on {
		return k
	}
	k.common = make([]atomic.Pointer[[]int32], 16*p.rows*p.cols)
	var rows, cols []int32
	board := int32(-1)
	for u, x := range p.units {
		switch x.kind {
		// A row's (column's) unit holds every free cell of its line: its open cells are the line's.
		case KindRow:
			rows = append(rows, int32(u))
			if x.lo > 0 {
				k.sets = append(k.sets, packSet{units: []int32{int32(u)}, lo: x.index, hi: x.index})
			}
			continue
		case KindColumn:
			cols = append(cols, int32(u))
			if x.lo > 0 {
				k.sets = append(k.sets, packSet{units: []int32{int32(u)}, flip: true, lo: x.index, hi: x.index})
			}
			continue
		}
		if x.lo > 0 {
			if x.kind == KindRegion {
				k.regions = append(k.regions, int32(u))
				k.regionSet[0] = append(k.regionSet[0], int32(len(k.sets)))
				k.regionSet[1] = append(k.regionSet[1], int32(len(k.sets)+1))
				k.sets = append(k.sets, k.cellSet(p, int32(u), false), k.cellSet(p, int32(u), true))
				continue
			}
			if x.kind == KindBoard {
				board = int32(u) // last, if at all: see below
				continue
			}
			k.sets = append(k.sets, k.cellSet(p, int32(u), false))
		}
	}
	k.regionAt = make([]int32, p.rows*p.cols)
	for i := range k.regionAt {
		k.regionAt[i] = -1
	}
	k.partition = true
	for j, u := range k.regions {
		for _, c := range p.units[u].cells {
			k.regionAt[c] = int32(j)
		}
		k.partition = k.partition && p.units[u].lo == p.units[u].hi
	}
	for i, r := range k.regionAt {
		if r < 0 && s.cells[i] != Empty {
			k.partition = false // a free cell in no region
		}
	}
	k.span = make([][2]int, len(k.regions))
	k.rowUnit, k.colUnit = lineUnits(p, rows, p.rows, p.cols), lineUnits(p, cols, p.cols, p.rows)
	// A band of w neighbouring lines, each with a unit that needs queens.
	band := func(lines []int32, flip bool) {
		slices.SortFunc(lines, func(a, b int32) int { return p.units[a].index - p.units[b].index })
		for w := 2; w <= maxPackBand; w++ {
		next:
			for i := 0; i+w <= len(lines); i++ {
				us := lines[i : i+w]
				for j, u := range us {
					if p.units[u].lo == 0 || p.units[u].index != p.units[us[0]].index+j {
						continue next
					}
				}
				k.sets = append(k.sets, packSet{units: slices.Clone(us), flip: flip, lo: p.units[us[0]].index, hi: p.units[us[0]].index + w - 1})
			}
		}
	}
	band(rows, false)
	band(cols, true)
	if board >= 0 && !k.rowsImply(p, board) {
		k.sets = append(k.sets, k.cellSet(p, board, false))
	}
	k.words = (len(k.sets) + 63) / 64
	k.now, k.next = make([]uint64, k.words), make([]uint64, k.words)
	k.cellSets = make([]uint64, p.rows*p.cols*k.words)
	for i, ps := range k.sets {
		for _, u := range ps.units {
			for _, c := range p.units[u].cells {
				k.cellSets[int(c)*k.words+i/64] |= 1 << (i % 64)
			}
		}
	}
	return k
}

// rowsImply reports whether the rows' sets and their bands of two imply the board's bound: every row
// an exact unit of its whole line, needing queens, the board's count their sum. The board's cover is
// then the least over pairings of its rows of a row's or two rows' cover, each no less than what that
// row or band needs, so the board's bound holds when theirs do, and is met only where theirs are (its
// blocks theirs, but where a band's cover by its rows ties with the cover of the pair, which the board
// may take and the band does not: on the published puzzles, the same nodes).
func (k *packer) rowsImply(p *problem, board int32) bool {
	if k.rowUnit == nil || maxPackBand < 2 {
		return false
	}
	sum := 0
	for _, u := range k.rowUnit {
		if p.units[u].lo == 0 {
			return false
		}
		sum += p.units[u].lo
	}
	return sum == p.units[board].lo
}

// lineUnits returns the exact units of whole lines (rows or columns) by index, or nil unless every line
// has one.
func lineUnits(p *problem, units []int32, n, length int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = -1
	}
	for _, u := range units {
		if x := p.units[u]; x.lo == x.hi && len(x.cells) == length {
			out[x.index] = u
		}
	}
	for _, u := range out {
		if u < 0 {
			return nil
		}
	}
	return out
}

// cellSet is the set of unit u's cells, as masks of rows (or of columns, flipped).
func (k *packer) cellSet(p *problem, u int32, flip bool) packSet {
	ps := packSet{units: []int32{u}, flip: flip, lo: 1 << 30, hi: -1}
	for _, c := range p.units[u].cells {
		line := int(c) / p.cols
		if flip {
			line = int(c) % p.cols
		}
		ps.lo, ps.hi = min(ps.lo, line), max(ps.hi, line)
	}
	ps.masks = make([]uint64, ps.hi-ps.lo+1)
	for _, c := range p.units[u].cells {
		line, at := int(c)/p.cols, int(c)%p.cols
		if flip {
			line, at = at, line
		}
		ps.masks[line-ps.lo] |= 1 << at
	}
	return ps
}

// blocksAreCliques reports whether in every 2×2 block of the board each cell attacks the three others.
func blocksAreCliques(p *problem) bool {
	attacks := func(a, b int) bool {
		_, ok := slices.BinarySearch(p.attacks[a], int32(b))
		return ok
	}
	for r := range p.rows - 1 {
		for c := range p.cols - 1 {
			i := r*p.cols + c
			if !attacks(i, i+1) || !attacks(i, i+p.cols) || !attacks(i, i+p.cols+1) || !attacks(i+1, i+p.cols) {
				return false
			}
		}
	}
	return true
}

// fork returns a packer for a clone of the state k serves: the compiled parts shared, the scratch its
// own, no fixpoint yet.
func (k *packer) fork() *packer {
	t := *k
	t.now, t.next = make([]uint64, k.words), make([]uint64, k.words)
	t.all, t.fixes, t.head = true, nil, 0
	t.span = make([][2]int, len(k.span))
	t.in, t.before, t.after, t.startAt, t.lowest, t.nextAt, t.need = nil, nil, nil, nil, nil, nil, nil
	t.lines, t.pair = make([]uint64, len(k.lines)), make([]bool, len(k.pair))
	return &t
}

// Pack propagates, then applies the packing bounds and propagates again, until nothing changes. It
// reports false on a contradiction. It bounds again only the sets whose cells changed since the last
// state at which every bound held, so a search that calls it at every node pays for what changed.
func (s *State) Pack() bool {
	if s.pack == nil {
		s.pack = newPacker(s)
	}
	k := s.pack
	clear(k.next) // what a contradiction left
	for {
		if !s.Propagate() {
			return false
		}
		if !k.on {
			return true
		}
		k.now, k.next = k.next, k.now
		clear(k.next)
		if k.all {
			for i := range k.sets {
				k.now[i/64] |= 1 << (i % 64)
			}
			k.all = false
		}
		k.mark(s, -1)
		if !slices.ContainsFunc(k.now, func(w uint64) bool { return w != 0 }) {
			// Every set's bound holds: the region bands last, as they cost the most.
			mark := len(s.trail)
			if !k.regionBands(s, false) || !k.regionBands(s, true) {
				return false
			}
			if len(s.trail) == mark {
				break
			}
			continue
		}
		for w := range k.now {
			for k.now[w] != 0 {
				b := bits.TrailingZeros64(k.now[w])
				k.now[w] &^= 1 << b
				i := w*64 + b
				if _, ok := k.bound(s, &k.sets[i], true); !ok {
					return false
				}
				k.mark(s, i)
			}
		}
	}
	if n := len(k.fixes); n == 0 || k.fixes[n-1] != len(s.trail) {
		k.fixes = append(k.fixes, len(s.trail))
	}
	return true
}

// mark marks dirty the sets that hold the cells decided since the last mark: at the start of a pass
// (after < 0) all of them for this pass; once set `after` is bounded, for this pass those past it that
// it is still to bound, the others for the next.
func (k *packer) mark(s *State, after int) {
	for _, c := range s.trail[k.head:] {
		sets := k.cellSets[int(c)*k.words : int(c+1)*k.words]
		if after < 0 {
			for w, x := range sets {
				k.now[w] |= x
			}
			continue
		}
		for w, x := range sets {
			// Up to set after: bit b of word w is set `w*64+b`.
			upTo := ^uint64(0)
			if d := after - w*64; d < 63 {
				upTo = 0
				if d >= 0 {
					upTo = uint64(2)<<d - 1
				}
			}
			k.next[w] |= x & (upTo | ^k.now[w])
		}
	}
	k.head = len(s.trail)
}

// undo forgets the fixpoints past mark: the cells decided since the last one left are dirty.
func (k *packer) undo(mark int) {
	for len(k.fixes) > 0 && k.fixes[len(k.fixes)-1] > mark {
		k.fixes = k.fixes[:len(k.fixes)-1]
	}
	if len(k.fixes) == 0 {
		k.all, k.head = true, mark
		return
	}
	k.head = k.fixes[len(k.fixes)-1]
}

// need returns the queens a set still needs, and its open cells.
func (s *State) need(ps *packSet) (need, open int) {
	for _, u := range ps.units {
		x := &s.count[u]
		need += int(x.lo - x.queens)
		open += int(x.open)
	}
	return need, open
}

// spare reports whether a set that needs need queens has more open cells than need blocks can hold, so
// more blocks than it needs whatever its cover: a block holds two cells of a line, four in all. It costs
// no cover, and most sets have spare blocks at most nodes.
func spare(ps *packSet, need, open int) bool {
	if ps.lo == ps.hi {
		return open > 2*need
	}
	return open > 4*need
}

// cover returns the fewest blocks that cover a set's open cells, leaving in k.pair how the lines pair.
func (k *packer) cover(s *State, ps *packSet) int {
	open := s.rowOpen
	if ps.flip {
		open = s.colOpen
	}
	if ps.masks == nil && ps.hi-ps.lo <= 1 {
		// A whole line, or a band of two: the pass below, written out.
		a := open[ps.lo]
		k.lines[0], k.pair[1] = a, false
		one := blockCols(a)
		if ps.hi == ps.lo {
			return int(one)
		}
		b := open[ps.hi]
		k.lines[1] = b
		split, pair := one+blockCols(b), blockCols(a|b)
		k.pair[2] = pair < split
		return int(min(split, pair))
	}
	m := k.lines[:ps.hi-ps.lo+1]
	src := open[ps.lo : ps.lo+len(m)]
	if ps.masks != nil {
		masks := ps.masks[:len(m)]
		for i := range m {
			m[i] = src[i] & masks[i]
		}
	} else {
		copy(m, src)
	}
	// k.pair[i+1], whether the least for lines 0..i takes lines i−1 and i together.
	return int(coverRun(m, k.pair[1:len(m)+1], nil))
}

// bound applies the packing bound to one set, deciding cells when decide is set, and returns the set's
// spare blocks (blocks less need; −1 when it needs nothing; when decide is set, 1 for any number when
// spare says there are some) and false on a contradiction.
func (k *packer) bound(s *State, ps *packSet, decide bool) (int, bool) {
	need, open := s.need(ps)
	if need <= 0 {
		return -1, true
	}
	if decide && spare(ps, need, open) {
		return 1, true
	}
	blocks := k.cover(s, ps)
	if blocks < need {
		s.breakAt(ps.units[0])
		return 0, false
	}
	if blocks > need || !decide {
		return blocks - need, true
	}
	return 0, k.fill(s, ps)
}

// fill decides what follows from a queen in every block of the cover just computed of ps: a block of
// one open cell has it, and the cells that every open cell of a block attacks are empty. It reports
// false on a contradiction. It walks the cover as listBlocks lists it, without listing it.
func (k *packer) fill(s *State, ps *packSet) bool {
	cols := int32(s.p.cols)
	m := k.lines[:ps.hi-ps.lo+1]
	for i := len(m); i > 0; {
		top, bottom := m[i-1], uint64(0)
		line := int32(ps.lo + i - 1)
		if k.pair[i] {
			top, bottom, line = m[i-2], m[i-1], line-1
			i -= 2
		} else {
			i--
		}
		// A cell (line, at) is line*cols+at, flipped at*cols+line: step is the next at, across the next line.
		base, step, across := line*cols, int32(1), cols
		if ps.flip {
			base, step, across = line, cols, 1
		}
		for u := top | bottom; u != 0; {
			at := bits.TrailingZeros64(u)
			two := uint64(3) << at
			u &^= two
			t, d := top>>at&3, bottom>>at&3
			corner := base + int32(at)*step
			if bits.OnesCount64(t|d<<2) == 1 {
				// One open cell: it has the queen.
				c := corner + int32(bits.TrailingZeros64(t))*step
				if t == 0 {
					c = corner + across + int32(bits.TrailingZeros64(d))*step
				}
				if !s.Place(int(c)) {
					return false
				}
				continue
			}
			key := squareKey(corner, t, d, ps.flip)
			var common []int32
			if c := k.common[key].Load(); c != nil {
				common = *c
			} else {
				common = k.attackedByAll(s.p, k.blockAt(key, corner, t, d, step, across))
			}
			for _, a := range common {
				if s.cells[a] == Open && !s.Exclude(int(a)) {
					return false
				}
			}
		}
	}
	return true
}

// squareKey is the key in k.common of the cells t (two bits: on a line, at its corner and the next) and
// d (on the next line) of the square at corner: a line's two cells lie across the square, or (flipped)
// down it.
func squareKey(corner int32, t, d uint64, flip bool) int32 {
	if flip {
		return corner*16 + int32(t&1|t>>1<<2|d&1<<1|d>>1<<3)
	}
	return corner*16 + int32(t|d<<2)
}

// blockAt is the block of the cells t (on the line) and d (across it) of the square at corner.
func (k *packer) blockAt(key, corner int32, t, d uint64, step, across int32) block {
	b := block{cells: [4]int32{-1, -1, -1, -1}, key: key}
	n := 0
	for x := t; x != 0; x &= x - 1 {
		b.cells[n] = corner + int32(bits.TrailingZeros64(x))*step
		n++
	}
	for x := d; x != 0; x &= x - 1 {
		b.cells[n] = corner + across + int32(bits.TrailingZeros64(x))*step
		n++
	}
	return b
}

// attackedByAll returns the cells that every cell of block b attacks, from k.common: a tight set meets
// the same blocks node after node.
func (k *packer) attackedByAll(p *problem, bl block) []int32 {
	if c := k.common[bl.key].Load(); c != nil {
		return *c
	}
	// The first cell's attacks that the others share.
	b := bl.cells
	c := make([]int32, 0)
	for _, a := range p.attacks[b[0]] {
		if a == b[1] || a == b[2] || a == b[3] {
			continue
		}
		all := true
		for _, x := range b[1:] {
			if x < 0 {
				break
			}
			if _, ok := slices.BinarySearch(p.attacks[x], a); !ok {
				all = false
				break
			}
		}
		if all {
			c = append(c, a)
		}
	}
	k.common[bl.key].Store(&c)
	return c
}

// regionBands counts regions against bands of neighbouring rows (columns, flipped): the regions whose
// open cells all lie in the band put their queens there, so they may not need more than the band, and
// when they need as many the band's other cells are empty; the regions the band's open cells lie in take
// its queens, so they may not need fewer, and when they need as many their cells outside it are empty
// (when the regions are exact and hold every free cell).
// Every band is counted at once from sums over the regions' spans. It reports false on a contradiction.
func (k *packer) regionBands(s *State, flip bool) bool {
	lines, open := k.rowUnit, s.rowOpen
	if flip {
		lines, open = k.colUnit, s.colOpen
	}
	if lines == nil || len(k.regions) == 0 {
		return true
	}
	o := 0
	if flip {
		o = 1
	}
	n := len(lines)
	// For the bands a..b of one a at a time, from a = 0 up: in[b] the need of the regions whose spans lie
	// within lines a..b; before[a] the need of those that end before a, after[b] of those that start
	// after b; the regions by their span's first line, a list each (startAt, then nextAt), to take out of
	// in once a passes them.
	in, before, after, startAt := k.scratch(n)
	clear(before)
	clear(after)
	for i := range startAt {
		startAt[i] = -1
	}
	total := 0
	for j, u := range k.regions {
		need := int(s.count[u].lo - s.count[u].queens)
		if need <= 0 {
			continue
		}
		ps := &k.sets[k.regionSet[o][j]]
		lo, hi := -1, -1
		for i, m := range ps.masks {
			if m&open[ps.lo+i] != 0 {
				if lo < 0 {
					lo = ps.lo + i
				}
				hi = ps.lo + i
			}
		}
		if lo < 0 {
			s.breakAt(u)
			return false
		}
		k.span[j] = [2]int{lo, hi}
		k.nextAt[j], startAt[lo] = startAt[lo], int32(j)
		before[hi+1] += int32(need)
		after[lo] += int32(need)
		total += need
	}
	for a := 1; a <= n; a++ {
		before[a] += before[a-1] // before[a]: spans ending before a
	}
	copy(in, before[1:]) // in[b]: spans ending at b or before, all within 0..b
	for b := n - 1; b >= 0; b-- {
		after[b] += after[b+1] // after[b]: spans starting at b or later
	}
	need := k.need[:n]
	for l, u := range lines {
		need[l] = s.count[u].lo - s.count[u].queens
	}
	// The regions touching lines a..b need no more than the band when total − before[a] − after[b+1] ≤
	// needs[a..b], that is when low[b+1] ≤ before[a] − needs[..a) with low[b+1] = total − after[b+1] −
	// needs[..b] (needs[..i) the lines' before i): the least low[b+1] for every b ≥ a, lowest[a], says
	// at once whether any band from a may.
	lowest := k.lowest[:n+1]
	lowest[n] = 1 << 30
	sum := int32(0)
	for _, x := range need {
		sum += x
	}
	for b := n - 1; b >= 0; b-- {
		lowest[b] = min(lowest[b+1], int32(total)-after[b+1]-sum)
		sum -= need[b]
	}
	for a := range n {
		// sum: needs[..a). A band from a needs looking at when regions lie within it, some starting at a
		// (any band with regions within it that count is as tight from where the first starts, and
		// holds no more open cells elsewhere), or the regions touching it may need no more than it.
		touch := k.partition && lowest[a] <= before[a]-sum
		sum += need[a]
		if startAt[a] < 0 && !touch {
			continue
		}
		bandNeed, outside, b := 0, total-int(before[a]), a
		if !touch {
			// Only the regions within the band count: none before the first ends.
			for ; in[b] == 0; b++ {
				bandNeed += int(need[b])
			}
		}
		for ; b < n; b++ {
			bandNeed += int(need[b])
			inside := int(in[b])
			touching := outside - int(after[b+1])
			if !k.partition {
				touching = bandNeed + 1 // the band's queens may stand outside the regions
			}
			if inside > bandNeed || touching < bandNeed {
				s.breakAt(lines[a])
				return false
			}
			if inside == bandNeed && inside > 0 && !k.insideOnly(s, a, b, open, flip) {
				return false
			}
			if touching == bandNeed && bandNeed > 0 && touching > inside && !k.touchingOnly(s, a, b, flip) {
				return false
			}
		}
		// The regions whose spans start at a lie within no band that starts past it.
		for j := startAt[a]; j >= 0; j = k.nextAt[j] {
			d := int32(s.p.units[k.regions[j]].lo) - s.count[k.regions[j]].queens
			for b := k.span[j][1]; b < n; b++ {
				in[b] -= d
			}
		}
	}
	return true
}

// scratch returns regionBands' arrays for n lines, uncleared: in (n), before and after (n+2), startAt
// (n).
func (k *packer) scratch(n int) (in, before, after, startAt []int32) {
	if len(k.in) < n {
		k.in, k.startAt, k.lowest = make([]int32, n), make([]int32, n), make([]int32, n+1)
		k.before, k.after, k.need = make([]int32, n+2), make([]int32, n+2), make([]int32, n)
	}
	if len(k.nextAt) < len(k.regions) {
		k.nextAt = make([]int32, len(k.regions))
	}
	return k.in[:n], k.before[:n+2], k.after[:n+2], k.startAt[:n]
}

// insideOnly empties the open cells of lines a..b outside the regions that lie within them, when there
// are any: the band holds more open cells than those regions.
func (k *packer) insideOnly(s *State, a, b int, open []uint64, flip bool) bool {
	cells := 0
	for l := a; l <= b; l++ {
		cells += bits.OnesCount64(open[l])
	}
	inner := 0
	for j, sp := range k.span {
		if u := k.regions[j]; int(s.count[u].queens) < s.p.units[u].lo && sp[0] >= a && sp[1] <= b {
			inner += int(s.count[u].open)
		}
	}
	if cells == inner {
		return true
	}
	for l := a; l <= b; l++ {
		for m := open[l]; m != 0; m &= m - 1 {
			c := k.cellAt(s, flip, l, bits.TrailingZeros64(m))
			r := k.regionAt[c]
			if r >= 0 {
				u := k.regions[r]
				if sp := k.span[r]; int(s.count[u].queens) < s.p.units[u].lo && sp[0] >= a && sp[1] <= b {
					continue
				}
			}
			if !s.Exclude(c) {
				return false
			}
		}
	}
	return true
}

// touchingOnly empties the open cells outside lines a..b of the regions that reach into them.
func (k *packer) touchingOnly(s *State, a, b int, flip bool) bool {
	for j, sp := range k.span {
		u := k.regions[j]
		if int(s.count[u].queens) >= s.p.units[u].lo || sp[1] < a || sp[0] > b || sp[0] >= a && sp[1] <= b {
			continue
		}
		for _, c := range s.p.units[u].cells {
			l := int(c) / s.p.cols
			if flip {
				l = int(c) % s.p.cols
			}
			if (l < a || l > b) && s.cells[c] == Open && !s.Exclude(int(c)) {
				return false
			}
		}
	}
	return true
}

func (k *packer) cellAt(s *State, flip bool, line, at int) int {
	if flip {
		return at*s.p.cols + line
	}
	return line*s.p.cols + at
}

// blockCols returns the fewest runs of two neighbouring columns that cover the columns of mask: a run of
// L neighbouring columns needs ceil(L/2), the columns at even distances from its start (greedy from its
// lowest column, a pair's second column past the run's end covering nothing). Those are counted at once:
// adding each run's lowest column to the runs that start on an even column carries through them and
// clears them, which parts the runs by the parity of their start.
func blockCols(mask uint64) int32 {
	const even = 0x5555555555555555
	starts := mask &^ (mask << 1)
	evenRuns := mask &^ (mask + starts&even)
	return int32(bits.OnesCount64(evenRuns&even) + bits.OnesCount64(mask&^evenRuns&^even))
}

// Packs reports whether Pack has bounds to apply on s's board beyond Propagate's: every 2×2 block is a
// clique (the king's step, or a queen's lines), the board is at most 64 rows and columns, and some row,
// column or region needs queens.
func (s *State) Packs() bool {
	if s.pack == nil {
		s.pack = newPacker(s)
	}
	return s.pack.on && len(s.pack.sets) > 0
}
