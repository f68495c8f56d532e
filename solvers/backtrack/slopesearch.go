package backtrack

import "math/bits"

// slopeSearch is one search of the slopes kernel. Its state is a stack: at each depth the open cells of
// every row (a column mask) and of every column (a row mask), and the points each holds; a point is
// placed on a copy of the state above it.
type slopeSearch struct {
	sp         *slopePlan
	k          *ctl
	rows, cols int
	width      int      // rows + columns: the words and counts of one state
	open       []uint64 // open[d·width:][:rows] the rows' open cells at depth d, then the columns'
	cnt        []int8   // likewise, the points of each row and column
	d          int      // the depth of the state in use
	points     []int    // the points placed, in order, the fixed ones first
	onRow      []uint64 // onRow[r]: the points of row r, as a column mask
	count      uint64   // the solutions found, weighted by their frames' images
	weight     uint64   // the images of the frame of the solutions below, once it is decided
	overflow   bool
	poll       uint64
	// atCut, when set, takes the nodes at depth cut, and the solutions above it, in place of their
	// subtrees: the tasks.
	cut   int
	atCut func([]int) bool
}

func newSlopeSearch(sp *slopePlan, k *ctl) *slopeSearch {
	width := sp.rows + sp.cols
	depths := sp.queens + 2 // a state for each point
	return &slopeSearch{sp: sp, k: k, rows: sp.rows, cols: sp.cols, width: width, onRow: make([]uint64, sp.rows),
		open: make([]uint64, depths*width), cnt: make([]int8, depths*width), poll: k.nodes + pollEvery}
}

// state returns the open cells and counts of the state in use.
func (s *slopeSearch) state() ([]uint64, []int8) {
	i := s.d * s.width
	return s.open[i : i+s.width], s.cnt[i : i+s.width]
}

// push copies the state in use one depth down and uses the copy.
func (s *slopeSearch) push() {
	i := s.d * s.width
	copy(s.open[i+s.width:i+2*s.width], s.open[i:i+s.width])
	copy(s.cnt[i+s.width:i+2*s.width], s.cnt[i:i+s.width])
	s.d++
}

// pop returns to the state above, taking off the points placed since there were n.
func (s *slopeSearch) pop(n int) {
	s.d--
	for _, x := range s.points[n:] {
		s.onRow[x/s.cols] &^= 1 << (x % s.cols)
	}
	s.points = s.points[:n]
}

// reset readies the search at its start: nothing placed but the fixed points.
func (s *slopeSearch) reset() {
	sp := s.sp
	s.d, s.points = 0, s.points[:0]
	clear(s.onRow)
	open, cnt := s.state()
	clear(open)
	clear(cnt)
	for r, w := range sp.open {
		open[r] = w
		for ; w != 0; w &= w - 1 {
			open[s.rows+bits.TrailingZeros64(w)] |= 1 << r
		}
	}
	for _, x := range sp.fixed {
		s.place(x)
	}
}

// isOpen reports whether cell x is open in the state in use.
func (s *slopeSearch) isOpen(x int) bool {
	return s.open[s.d*s.width+x/s.cols]>>(x%s.cols)&1 != 0
}

// isPoint reports whether cell x holds a point.
func (s *slopeSearch) isPoint(x int) bool { return s.onRow[x/s.cols]>>(x%s.cols)&1 != 0 }

// place puts a point on cell x in the state in use: it closes the line through x and every point before
// it, and the row and the column once they are full.
func (s *slopeSearch) place(x int) {
	sp := s.sp
	open, cnt := s.state()
	rows, cols := s.rows, s.cols
	colOpen := open[rows:]
	starts := sp.lineStart[x*rows*cols:]
	for _, q := range s.points {
		for _, y := range sp.lineCells[starts[q]:starts[q+1]] {
			r, c := y>>8, y&0xff
			open[r] &^= 1 << c
			colOpen[c] &^= 1 << r
		}
	}
	r, c := x/cols, x%cols
	open[r] &^= 1 << c
	colOpen[c] &^= 1 << r
	if cnt[r]++; int(cnt[r]) == sp.perRow {
		for w := open[r]; w != 0; w &= w - 1 {
			colOpen[bits.TrailingZeros64(w)] &^= 1 << r
		}
		open[r] = 0
	}
	if cnt[rows+c]++; int(cnt[rows+c]) == sp.colHi {
		for w := colOpen[c]; w != 0; w &= w - 1 {
			open[bits.TrailingZeros64(w)] &^= 1 << c
		}
		colOpen[c] = 0
	}
	s.onRow[r] |= 1 << c
	s.points = append(s.points, x)
}

// choose returns the line (a row, or rows + a column) with the fewest open cells to spare beyond the
// points it lacks, and how many it lacks; -1 when every row is full; dead when some row or column can no
// longer be completed. A column is branched on only where its range is exact.
func (s *slopeSearch) choose() (best, need int, dead bool) {
	sp := s.sp
	open, cnt := s.state()
	best, slack := -1, 1<<30
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
		k := sp.colLo - int(cnt[s.rows+c])
		if k <= 0 {
			continue
		}
		o := bits.OnesCount64(open[s.rows+c]) - k
		if o < 0 {
			return 0, 0, true
		}
		if o < slack && branch {
			best, need, slack = s.rows+c, k, o
		}
	}
	return best, need, false
}

// cell returns the cell of line i's bit b: row i's column b, or column i−rows's row b.
func (s *slopeSearch) cell(i, b int) int {
	if i < s.rows {
		return i*s.cols + b
	}
	return b*s.cols + i - s.rows
}

// tick counts a node and polls the stop flag; it returns false once stopped.
func (s *slopeSearch) tick() bool {
	k := s.k
	if k.nodes++; k.nodes >= s.poll {
		if s.poll = k.nodes + pollEvery; k.stop() {
			k.stopped = true
		}
	}
	return !k.stopped
}

// frameDecided returns the number of frame cells decided: no longer open.
func (s *slopeSearch) frameDecided() int {
	open, _ := s.state()
	n := 0
	for r, b := range s.sp.border {
		n += bits.OnesCount64(b &^ open[r])
	}
	return n
}

// search counts the completions of the state in use, at the given depth of the search, branching on the
// line with the fewest open cells to spare; before is the number of frame cells decided at its parent,
// below which the frame is compared with its images anew. It returns false once stopped, or once atCut
// asked to stop.
func (s *slopeSearch) search(depth, before int) bool {
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
		if !addProduct(&s.count, s.weight, 1) {
			s.overflow = true
		}
		return true
	}
	n := len(s.points)
	open, _ := s.state()
	for w := open[line]; w != 0; w &= w - 1 {
		a := bits.TrailingZeros64(w)
		s.push()
		s.place(s.cell(line, a))
		if need == 1 {
			if !s.search(depth+1, before) {
				return false
			}
		} else {
			// The line's second point after its first, so that each pair is counted once.
			inner, _ := s.state()
			for v := inner[line] &^ (2<<a - 1); v != 0; v &= v - 1 {
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
