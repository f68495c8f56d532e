package slopes

import "math/bits"

// ctl is what one search polls and counts into: its stop flag, whether it stopped, and the nodes it
// visited.
type ctl struct {
	stop    func() bool
	stopped bool
	nodes   uint64
}

// searcher is one search of the slopes kernel. Its state is a stack of nodes, one for each point
// placed: a point is placed on a copy of the node above it.
type searcher struct {
	sp         *plan
	k          *ctl
	rows, cols int
	stack      []node
	d          int      // the depth of the state in use
	points     []int    // the points placed, in order, the fixed ones first
	onRow      []uint64 // onRow[r]: the points of row r, as a column mask
	onBoard    []uint64 // the points, a bit per cell index
	count      uint64   // the solutions found, weighted by their frames' images
	weight     uint64   // the images of the frame of the solutions below, once it is decided
	overflow   bool
	poll       uint64
	// atCut, when set, takes the nodes at depth cut, and the solutions above it, in place of their
	// subtrees: the tasks.
	cut   int
	atCut func([]int) bool
}

// node is the search's state at one depth: the open cells of every line and the points on it. Line
// r < 32 is row r (its open cells a column mask), line 32 + c is column c (a row mask). Fixed arrays
// let the hot loops index by a row or column masked to five bits without bounds checks; push copies the
// lines in use alone.
type node struct {
	open [2 * maxSide]uint64
	cnt  [2 * maxSide]int8
	// cmp[g] is where the comparison of the frame with the image under the g-th map stopped: the cells
	// before it are decided and alike; −1 once the image is found greater (see canonical).
	cmp [7]int16
}

// colLine is the line of column 0 in a node.
const colLine = maxSide

func newSearch(sp *plan, k *ctl) *searcher {
	depths := sp.queens + 2 // a state for each point
	return &searcher{sp: sp, k: k, rows: sp.rows, cols: sp.cols, onRow: make([]uint64, sp.rows), onBoard: make([]uint64, sp.words),
		stack: make([]node, depths), poll: k.nodes + pollEvery}
}

// state returns the state in use.
func (s *searcher) state() *node { return &s.stack[s.d] }

// push copies the state in use one depth down and uses the copy.
func (s *searcher) push() {
	src, dst := &s.stack[s.d], &s.stack[s.d+1]
	end := colLine + s.cols
	copy(dst.open[:end], src.open[:end])
	copy(dst.cnt[:end], src.cnt[:end])
	dst.cmp = src.cmp
	s.d++
}

// pop returns to the state above, taking off the points placed since there were n.
func (s *searcher) pop(n int) {
	s.d--
	for _, x := range s.points[n:] {
		s.onRow[x/s.cols] &^= 1 << (x % s.cols)
		s.onBoard[x/64] &^= 1 << (x % 64)
	}
	s.points = s.points[:n]
}

// reset readies the search at its start: nothing placed but the fixed points.
func (s *searcher) reset() {
	sp := s.sp
	s.d, s.points = 0, s.points[:0]
	clear(s.onRow)
	clear(s.onBoard)
	st := s.state()
	*st = node{}
	for r, w := range sp.open {
		st.open[r] = w
		for ; w != 0; w &= w - 1 {
			st.open[colLine+bits.TrailingZeros64(w)] |= 1 << r
		}
	}
	for _, x := range sp.fixed {
		s.place(x)
	}
}

// place puts a point on cell x in the state in use: it closes the line through x and every point before
// it, and the row and the column once they are full.
func (s *searcher) place(x int) {
	sp := s.sp
	st := s.state()
	starts := sp.lineStart[x*s.rows*s.cols:]
	with := sp.withLine[x*sp.words:][:len(s.onBoard)]
	for i, w := range s.onBoard {
		for w &= with[i]; w != 0; w &= w - 1 {
			q := i*64 + bits.TrailingZeros64(w)
			for _, y := range sp.lineCells[starts[q]:starts[q+1]] {
				r, c := y>>8&31, y&31
				st.open[r] &^= 1 << c
				st.open[colLine+c] &^= 1 << r
			}
		}
	}
	r, c := x/s.cols&31, x%s.cols&31
	st.open[r] &^= 1 << c
	st.open[colLine+c] &^= 1 << r
	if st.cnt[r]++; int(st.cnt[r]) == sp.perRow {
		for w := st.open[r]; w != 0; w &= w - 1 {
			st.open[colLine+bits.TrailingZeros64(w)&31] &^= 1 << r
		}
		st.open[r] = 0
	}
	if st.cnt[colLine+c]++; int(st.cnt[colLine+c]) == sp.colHi {
		for w := st.open[colLine+c]; w != 0; w &= w - 1 {
			st.open[bits.TrailingZeros64(w)&31] &^= 1 << c
		}
		st.open[colLine+c] = 0
	}
	s.onRow[r] |= 1 << c
	s.onBoard[x/64] |= 1 << (x % 64)
	s.points = append(s.points, x)
}

// choose returns the line (a row, or rows + a column) with the fewest open cells to spare beyond the
// points it lacks, and how many it lacks; -1 when every row is full; dead when some row or column can no
// longer be completed. A column is branched on only where its range is exact. The plan's first rows
// come before any other while they lack points.
func (s *searcher) choose() (best, need int, dead bool) {
	sp := s.sp
	st := s.state()
	open, cnt := &st.open, &st.cnt
	best, slack := -1, 1<<30
	for _, r := range sp.first {
		if k := sp.perRow - int(cnt[r]); k > 0 {
			best, need, slack = r, k, -1
			break
		}
	}
	for r := range s.rows {
		k := sp.perRow - int(cnt[r])
		if k == 0 {
			continue
		}
		o := bits.OnesCount64(open[r]) - k
		if o < 0 {
			return 0, 0, true
		}
		if o < slack {
			best, need, slack = r, k, o
		}
	}
	if sp.colLo == 0 {
		return best, need, false
	}
	branch := sp.colLo == sp.colHi
	for c := range s.cols {
		k := sp.colLo - int(cnt[colLine+c])
		if k <= 0 {
			continue
		}
		o := bits.OnesCount64(open[colLine+c]) - k
		if o < 0 {
			return 0, 0, true
		}
		if o < slack && branch {
			best, need, slack = colLine+c, k, o
		}
	}
	return best, need, false
}

// cell returns the cell of line i's bit b: row i's column b, or column i−colLine's row b.
func (s *searcher) cell(i, b int) int {
	if i < colLine {
		return i*s.cols + b
	}
	return b*s.cols + i - colLine
}

// tick counts a node and polls the stop flag; it returns false once stopped.
func (s *searcher) tick() bool {
	k := s.k
	if k.nodes++; k.nodes >= s.poll {
		if s.poll = k.nodes + pollEvery; k.stop() {
			k.stopped = true
		}
	}
	return !k.stopped
}

// frameDecided returns the number of frame cells decided: no longer open.
func (s *searcher) frameDecided() int {
	st := s.state()
	n := 0
	for r, b := range s.sp.border {
		n += bits.OnesCount64(b &^ st.open[r&31])
	}
	return n
}

// search counts the completions of the state in use, at the given depth of the search, branching on the
// line with the fewest open cells to spare; before is the number of frame cells decided at its parent,
// below which the frame is compared with its images anew. It returns false once stopped, or once atCut
// asked to stop.
func (s *searcher) search(depth, before int) bool {
	if !s.tick() {
		return false
	}
	line, need, dead := s.choose()
	if dead {
		return true
	}
	if decided := s.frameDecided(); decided != before {
		ok, images := s.canonical(decided == len(s.sp.frame))
		if !ok {
			return true
		}
		s.weight, before = images, decided
	}
	if s.atCut != nil && (depth == s.cut || line < 0) {
		return s.atCut(s.points)
	}
	if line < 0 {
		var carry uint64
		if s.count, carry = bits.Add64(s.count, s.weight, 0); carry != 0 {
			s.overflow = true
		}
		return true
	}
	n := len(s.points)
	for w := s.state().open[line]; w != 0; w &= w - 1 {
		a := bits.TrailingZeros64(w)
		s.push()
		s.place(s.cell(line, a))
		if need == 1 {
			if !s.search(depth+1, before) {
				return false
			}
		} else {
			// The line's second point after its first, so that each pair is counted once.
			for v := s.state().open[line] &^ (2<<a - 1); v != 0; v &= v - 1 {
				s.push()
				s.place(s.cell(line, bits.TrailingZeros64(v)))
				ok := s.search(depth+1, before)
				s.pop(n + 1)
				if !ok {
					return false
				}
			}
		}
		s.pop(n)
	}
	return true
}
