package sat

import (
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// Implied clauses: what the model's lines and leaps imply but no single constraint says, added so that
// gini propagates what a player sees at once. Each is derived from the Program and the encoding's own
// exclusions, never from a family's name: a clause is added only where the lines it reads hold exact
// counts and the cells it groups exclude each other, so that every solution of the model keeps it.

// bandTilings chooses the tilings of a band's blocks: none, the two at the band's ends, or every one.
type bandTilings int

const (
	bandsNone bandTilings = iota
	bandsEnds
	bandsAll
)

func (b bandTilings) String() string {
	switch b {
	case bandsNone:
		return "no bands"
	case bandsEnds:
		return "bands tiled from either end"
	}
	return "bands tiled every way"
}

// defaultBandSlack is the most blocks a band's tiling may leave empty for its clauses to be made: with one, they
// are every two blocks holding a queen, C(G, 2) clauses (55 for a 21-wide band of 5 a line: 11 blocks,
// 10 queens); with more, they grow longer and more numerous, and say less.
const defaultBandSlack = 1

// defaultBandsFrom is the least queens a line must hold for its bands to get clauses: a band of two
// lines of one queen (classic boards, LinkedIn's puzzles) leaves most of its blocks empty.
const defaultBandsFrom = 2

// bands makes the implied clauses of two adjacent lines. Two lines of a family with exact counts, each
// within one row (or one column), lying in rows r and r+1, hold Q queens between them exactly. Cut their
// cells into blocks of two columns (a tiling); where every two cells of a block exclude each other (a
// leap or a rider's line of at most one between them: kings on 2×2 blocks), a block holds at most one
// queen, so Q of the G blocks hold one: every G−Q+1 blocks hold a queen, a clause over their cells. A
// block whose cells do not all exclude each other is cut into single cells. The clauses are made where
// the lines hold bandsFrom queens or more each and a tiling leaves at most bandSlack blocks empty: on a
// 21-wide band of 5 a line, any two of its 11 blocks hold a queen, where the quotas alone say nothing
// until a line is nearly full. Lines of one queen (classic boards, LinkedIn's puzzles) get none, and
// their CNF is as before.
func (e *cnf) bands(out *impliedSet) {
	if e.opt.bands == bandsNone {
		return
	}
	for _, byCol := range []bool{false, true} {
		for k := range e.fams {
			f := &e.fams[k]
			q, ok := f.rng.Exact()
			if !ok || !f.single || q == 0 || q < e.opt.bandsFrom {
				continue
			}
			at, ok := e.lineAxis(f, byCol)
			if !ok {
				continue
			}
			for a := 0; a+1 < len(at); a++ {
				if at[a] >= 0 && at[a+1] >= 0 {
					e.band(out, f, at[a], at[a+1], a, 2*q, byCol)
				}
			}
		}
	}
}

// lineAxis returns, for each row of the board (each column with byCol), the line of f that lies within
// it and is the only one there, or −1; false if some line of f crosses two rows.
func (e *cnf) lineAxis(f *family, byCol bool) ([]int, bool) {
	n := e.p.Rows
	if byCol {
		n = e.p.Cols
	}
	at := make([]int, n)
	for i := range at {
		at[i] = -1
	}
	seen := make([]bool, n)
	for i := range f.lines.Count() {
		line := f.lines.Line(i)
		if len(line) == 0 {
			continue
		}
		axis := func(x int32) int {
			if byCol {
				return int(x) % e.p.Cols
			}
			return int(x) / e.p.Cols
		}
		a := axis(line[0])
		for _, x := range line[1:] {
			if axis(x) != a {
				return nil, false
			}
		}
		if seen[a] {
			at[a] = -1 // two lines in one row: neither is the row's
			continue
		}
		seen[a], at[a] = true, i
	}
	return at, true
}

// band appends the clauses of lines i and j of f, in rows (columns) a and a+1, holding q queens in all.
func (e *cnf) band(out *impliedSet, f *family, i, j, a, q int, byCol bool) {
	width := e.p.Cols
	if byCol {
		width = e.p.Rows
	}
	// cell[c][d]: the variable of the band's cell across at c, in row (column) a+d, if on line i or j.
	cell := make([][2]lit, width)
	for d, l := range []int{i, j} {
		for _, x := range f.lines.Line(l) {
			v := lit(e.varOf[x])
			if v == 0 {
				continue
			}
			c := int(x) % e.p.Cols
			if byCol {
				c = int(x) / e.p.Cols
			}
			cell[c][d] = v
		}
	}
	for _, single := range e.tilings(width) {
		var blocks [][]lit
		for c := 0; c < width; {
			w := 2
			if c == single || c+1 == width {
				w = 1
			}
			var b []lit
			for x := c; x < c+w; x++ {
				for _, v := range cell[x] {
					if v != 0 {
						b = append(b, v)
					}
				}
			}
			if e.clique(b) {
				if len(b) > 0 {
					blocks = append(blocks, b)
				}
			} else {
				for _, v := range b {
					blocks = append(blocks, []lit{v})
				}
			}
			c += w
		}
		if len(blocks)-q <= e.opt.bandSlack {
			out.atLeast(blocks, q)
		}
	}
}

// tilings returns the tilings of a band width cells across, each by the column of its single block of
// one column (width, for none): a band of even width has one tiling into pairs; one of odd width, a
// single column at any even place, pairs on either side.
func (e *cnf) tilings(width int) []int {
	if width%2 == 0 {
		return []int{width}
	}
	if e.opt.bands == bandsEnds {
		return []int{0, width - 1}
	}
	var out []int
	for s := 0; s < width; s += 2 {
		out = append(out, s)
	}
	return out
}

// clique reports whether every two of the cells of variables xs exclude each other in the encoding: a
// leap apart, or on one line that holds at most one queen.
func (e *cnf) clique(xs []lit) bool {
	if e.partners == nil {
		e.partners = make([][]lit, len(e.cells)+1)
	}
	for p, a := range xs {
		partners := e.partners[a]
		if partners == nil {
			var scratch []constraints.Cell
			partners = e.leapPartners([]lit{}, a, &scratch)
			e.partners[a] = partners
		}
		for _, b := range xs[p+1:] {
			if !slices.Contains(partners, b) && !e.oneLine(a, b) {
				return false
			}
		}
	}
	return true
}

// oneLine reports whether the cells of variables a and b lie on a common line of a family that holds at
// most one queen a line.
func (e *cnf) oneLine(a, b lit) bool {
	for k := range e.fams {
		f := &e.fams[k]
		if f.rng.Hi > 1 {
			continue
		}
		for _, x := range e.linesOf(f, a) {
			if slices.Contains(e.linesOf(f, b), x) {
				return true
			}
		}
	}
	return false
}

// litsKey returns a map key for a sorted clause.
func litsKey(c []lit) string {
	b := make([]byte, 0, 4*len(c))
	for _, l := range c {
		b = append(b, byte(l), byte(l>>8), byte(l>>16), byte(l>>24))
	}
	return string(b)
}

// covers makes the implied clauses of the lines of families with exact counts: a line of q queens whose
// free cells are covered by G blocks of a 2×2 window each (the window's cells on the line, where they
// all exclude each other, so that each holds at most one queen) has a queen in q of them at least, one
// for each queen: every G−q+1 of them hold one. The covers with the fewest blocks are sought (a
// depth-first search from the first cell not yet covered, which one of at most four windows must cover),
// and the first opt.coverMany of them kept where their clauses are at most opt.covers each. Several
// covers say more than one: as cells are ruled out, one cover's blocks empty where another's do not.
func (e *cnf) covers(out *impliedSet) {
	if e.opt.covers == 0 {
		return
	}
	for k := range e.fams {
		f := &e.fams[k]
		q, ok := f.rng.Exact()
		if !ok || q < 2 {
			continue // a line of one queen: its clause over the blocks is the line's own
		}
		for i := range f.lines.Count() {
			xs := e.lineVars(nil, f, i)
			if len(xs) <= q {
				continue
			}
			e.cover(out, xs, q)
		}
	}
}

// cover appends the clauses of a least cover of the cells of xs by blocks, q of which hold a queen.
func (e *cnf) cover(out *impliedSet, xs []lit, q int) {
	on := map[constraints.Cell]lit{}
	for _, v := range xs {
		on[e.cells[v-1]] = v
	}
	// The blocks of the windows that meet the line, each its cells on the line in row-major order.
	block := func(r, c int) []lit {
		var b []lit
		for _, d := range [4][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
			if v, ok := on[constraints.Cell{Row: r + d[0], Col: c + d[1]}]; ok {
				b = append(b, v)
			}
		}
		if !e.clique(b) {
			return nil
		}
		return b
	}
	// most is the most blocks a cover may have: its clauses within the bound, and at most two blocks a
	// queen (on a line of few queens the bound alone, C(G, G−1) = G for two, would let the search run
	// through covers of many blocks, whose clauses say little).
	most := q
	for g := q + 1; g < len(xs) && g <= 2*q && choose(g, g-q+1) <= e.opt.covers; g++ {
		most = g
	}

	// options[i]: the blocks that hold xs[i], as indexes into xs; widest is the most cells a block
	// holds, for a bound on the blocks still needed.
	pos := make(map[lit]int, len(xs))
	for i, v := range xs {
		pos[v] = i
	}
	options := make([][][]int, len(xs))
	widest := 1
	for i, v := range xs {
		c := e.cells[v-1]
		for _, d := range [4][2]int{{0, 0}, {0, -1}, {-1, 0}, {-1, -1}} {
			b := block(c.Row+d[0], c.Col+d[1])
			if !slices.Contains(b, v) {
				continue
			}
			ix := make([]int, len(b))
			for k, w := range b {
				ix[k] = pos[w]
			}
			options[i] = append(options[i], ix)
			widest = max(widest, len(b))
		}
		if len(options[i]) == 0 {
			options[i] = [][]int{{i}} // no window's cells exclude each other: the cell alone
		}
	}
	covered := make([]int, len(xs))
	open := len(xs)
	var best, path [][]int
	var all [][][]int
	var dfs func(from int)
	dfs = func(from int) {
		for from < len(xs) && covered[from] > 0 {
			from++
		}
		if from == len(xs) {
			if len(path) < len(best) || best == nil {
				all = all[:0]
			}
			best = slices.Clone(path)
			if len(all) < e.opt.coverMany {
				all = append(all, best)
			}
			if e.opt.coverMany <= 1 {
				most = len(path) - 1
			} else {
				most = len(path)
			}
			return
		}
		if len(path)+(open+widest-1)/widest > most {
			return
		}
		for _, b := range options[from] {
			for _, i := range b {
				if covered[i]++; covered[i] == 1 {
					open--
				}
			}
			path = append(path, b)
			dfs(from + 1)
			path = path[:len(path)-1]
			for _, i := range b {
				if covered[i]--; covered[i] == 0 {
					open++
				}
			}
		}
	}
	dfs(0)
	if best == nil {
		return
	}
	if e.opt.coverMany <= 1 {
		all = [][][]int{best}
	}
	for _, best := range all {
		blocks := make([][]lit, len(best))
		for k, b := range best {
			for _, i := range b {
				blocks[k] = append(blocks[k], xs[i])
			}
		}
		out.atLeast(blocks, q)
	}
}

// defaultCoverMany is how many least covers of a line are said: on the published 21×21 Star Battles the
// proofs grow cheaper with each cover said up to a few dozen, and more than that add clauses and save
// nothing.
const defaultCoverMany = 32

// defaultCovers is the most clauses a line's cover may take (opt.covers): C(G, G−q+1) for G blocks and q
// queens, so a region of 5 gets its clauses where 7 blocks cover it (C(7, 3) = 35; C(8, 4) = 70 is past
// it), one of 6 where 8 do (C(8, 3) = 56).
const defaultCovers = 64

// impliedSet gathers the implied clauses: each says that one of some blocks holds a queen, a block being
// cells that exclude each other (at most one queen). Blocks and clauses are kept once each, in the order
// first made.
type impliedSet struct {
	blocks  [][]lit // each block's cells, sorted
	index   map[string]int32
	clauses [][]int32 // each clause's blocks, sorted; nil for an empty clause
	seen    map[string]bool
}

// atLeast adds that q of blocks hold a queen: every len(blocks)−q+1 of them hold one. Fewer blocks
// than q is an empty clause.
func (s *impliedSet) atLeast(blocks [][]lit, q int) {
	if s.index == nil {
		s.index, s.seen = map[string]int32{}, map[string]bool{}
	}
	g := len(blocks)
	if g < q {
		s.clauses = append(s.clauses, nil)
		return
	}
	ids := make([]int32, g)
	for i, b := range blocks {
		b = slices.Clone(b)
		slices.Sort(b)
		key := litsKey(b)
		id, ok := s.index[key]
		if !ok {
			id = int32(len(s.blocks))
			s.index[key] = id
			s.blocks = append(s.blocks, b)
		}
		ids[i] = id
	}
	pick := make([]int, g-q+1)
	for p := range pick {
		pick[p] = p
	}
	for {
		cl := make([]int32, len(pick))
		for i, p := range pick {
			cl[i] = ids[p]
		}
		slices.Sort(cl)
		cl = slices.Compact(cl)
		key := make([]lit, len(cl))
		for i, id := range cl {
			key[i] = lit(id)
		}
		if k := litsKey(key); !s.seen[k] {
			s.seen[k] = true
			s.clauses = append(s.clauses, cl)
		}
		p := len(pick) - 1
		for p >= 0 && pick[p] == g-len(pick)+p {
			p--
		}
		if p < 0 {
			return
		}
		pick[p]++
		for r := p + 1; r < len(pick); r++ {
			pick[r] = pick[r-1] + 1
		}
	}
}

// impliedClauses makes the implied clauses of e.extra: over the cells of their blocks, or with
// blockVars over a variable for each block of two cells or more, true exactly when one of its cells is
// (¬b ∨ its cells, and ¬x ∨ b for each cell x), so that a clause of blocks is as short as it has blocks
// and what gini learns can name a block.
func (e *cnf) impliedClauses() {
	s := &e.extra
	var of []lit
	if e.opt.blockVars {
		e.blockVars[0] = e.at.vars + 1
		defer func() { e.blockVars[1] = e.at.vars }()
		of = make([]lit, len(s.blocks))
		for i, b := range s.blocks {
			if e.poll(i) {
				return
			}
			if len(b) == 1 {
				of[i] = b[0]
				continue
			}
			v := e.fresh()
			of[i] = v
			e.buf2 = append(append(e.buf2[:0], -v), b...)
			e.clause(e.buf2...)
			for _, x := range b {
				e.clause(-x, v)
			}
		}
	}
	var cl []lit
	for i, c := range s.clauses {
		if e.poll(i) {
			return
		}
		cl = cl[:0]
		for _, id := range c {
			if of != nil {
				cl = append(cl, of[id])
				continue
			}
			cl = append(cl, s.blocks[id]...)
		}
		if of == nil {
			slices.Sort(cl)
			cl = slices.Compact(cl)
		}
		e.clause(cl...)
	}
}
