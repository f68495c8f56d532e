package search

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// family is one family of the Program's lines that the search keeps count of: each line must end with
// from lo to hi queens. A line's free cells are those a queen may still take. A cell may lie on several
// lines of one family (a rider's line and its mirror across a twist, the lines of every slope), or on
// none (a cell in no region, or on a line the range leaves free, which Lines leaves out).
type family struct {
	lo, hi int32
	// Line l's cells are cells[start[l]:start[l+1]], in row-major order.
	start, cells []int32
	// of is the line of each cell, or -1 for none, where no cell lies on two; otherwise cell x lies on
	// the lines ofCell[cellStart[x]:cellStart[x+1]]. One load, where the search spends most of its time,
	// in place of two.
	of                []int32
	cellStart, ofCell []int32
	mult              int     // the most lines one cell lies on
	free              []int32 // free cells per line
	placed            []int32 // queens per line

	// room is Σ min(hi − placed, free) over the lines, plus the free cells on no line: the most queens
	// the family still has room for, as each new queen takes room on a line it lies on, or a cell of its
	// own.
	room    int
	short   int // lines that can no longer reach lo: placed + free < lo
	deficit int // Σ max(lo − placed, 0): the queens its lines still lack
}

// newFamily returns the family of the Program's family f on a board of rows×cols cells, every cell
// free and no queen placed; nil when its range leaves every line free. Rows and columns are laid out
// at once; where f has a Labeller, its lines are named in one pass over the board; otherwise they are
// walked (Family.Lines), and the error is Lines': ctx's, or a line too short for its range.
func newFamily(ctx context.Context, f *constraints.Family, rows, cols int) (*family, error) {
	fam := &family{lo: int32(f.Range.Lo), hi: int32(f.Range.Hi)}
	n := rows * cols
	if f.Shape == constraints.ShapeRows || f.Shape == constraints.ShapeColumns {
		fam.rowsOrColumns(f.Shape == constraints.ShapeRows, rows, cols)
	} else if lab, err := f.Labeller(); err == nil && lab.Count() <= 2*int64(n) {
		if err := fam.label(ctx, lab, f.Shape != constraints.ShapeOther, rows, cols); err != nil {
			return nil, err
		}
	} else {
		l, err := f.Lines(ctx)
		if err != nil {
			return nil, err
		}
		fam.start, fam.cells, fam.cellStart, fam.ofCell = l.Start, l.Cells, l.CellStart, l.OfCell
	}
	lines := len(fam.start) - 1
	longest := int32(0)
	fam.free, fam.placed = make([]int32, lines), make([]int32, lines)
	for i := range lines {
		fam.free[i] = fam.start[i+1] - fam.start[i]
		longest = max(longest, fam.free[i])
		fam.room += int(min(fam.hi, fam.free[i]))
		fam.deficit += int(fam.lo)
		if fam.free[i] < fam.lo {
			fam.short++
		}
	}
	if fam.lo == 0 && longest <= max(fam.hi, 1) {
		return nil, nil // no count of queens on a line can break the range
	}
	if fam.of != nil {
		fam.mult = 1
		for _, l := range fam.of {
			if l < 0 {
				fam.room++
			}
		}
		return fam, nil
	}
	for x := range n {
		k := int(fam.cellStart[x+1] - fam.cellStart[x])
		fam.mult = max(fam.mult, k)
		if k == 0 {
			fam.room++
		}
	}
	return fam, nil
}

// rowsOrColumns makes f's lines the board's rows, or its columns.
func (f *family) rowsOrColumns(rows bool, r, c int) {
	n := r * c
	f.of, f.cells = make([]int32, n), make([]int32, n)
	lines, length := r, c
	if !rows {
		lines, length = c, r
	}
	f.start = make([]int32, lines+1)
	for l := range lines {
		f.start[l+1] = int32((l + 1) * length)
	}
	for x := range n {
		if rows {
			f.of[x], f.cells[x] = int32(x/c), int32(x)
		} else {
			col, row := x%c, x/c
			f.of[x] = int32(col)
			f.cells[col*r+row] = int32(x)
		}
	}
}

// label numbers f's lines by their labels and lists each line's cells: a counting sort of the cells by
// line. Where dense is set the labels are the lines' numbers already (regions); a rider's labels leave
// gaps, and its lines are numbered in the order of their first cells.
func (f *family) label(ctx context.Context, lab *constraints.Labeller, dense bool, rows, cols int) error {
	n := rows * cols
	f.of = make([]int32, n)
	var id []int32 // a label's line, plus one; 0 for none yet
	var size []int32
	if dense {
		size = make([]int32, lab.Count())
	} else {
		id = make([]int32, lab.Count())
		size = make([]int32, 0, min(lab.Count(), int64(n)))
	}
	row := make([]int64, 0, cols)
	for r := range rows {
		if r&63 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		row = lab.AppendRow(row[:0], r)
		for c, k := range row {
			x := r*cols + c
			l := int32(k)
			switch {
			case k < 0:
				f.of[x] = -1
				continue
			case !dense:
				if id[k] == 0 {
					size = append(size, 0)
					id[k] = int32(len(size))
				}
				l = id[k] - 1
			}
			f.of[x] = l
			size[l]++
		}
	}
	f.start = make([]int32, len(size)+1)
	for l, k := range size {
		f.start[l+1] = f.start[l] + k
	}
	f.cells = make([]int32, f.start[len(size)])
	next := size // each line's next cell
	copy(next, f.start)
	for x, l := range f.of {
		if l >= 0 {
			f.cells[next[l]] = int32(x)
			next[l]++
		}
	}
	return nil
}

// change moves line l's free cells by df and its queens by dp, and keeps the family's sums.
func (f *family) change(l, df, dp int32) {
	fr, pl := f.free[l], f.placed[l]
	nf, np := fr+df, pl+dp
	f.room += int(min(f.hi-np, nf) - min(f.hi-pl, fr))
	if f.lo > 0 {
		if pl+fr >= f.lo && np+nf < f.lo {
			f.short++
		} else if pl+fr < f.lo && np+nf >= f.lo {
			f.short--
		}
		if dp != 0 {
			f.deficit += int(max(f.lo-np, 0) - max(f.lo-pl, 0))
		}
	}
	f.free[l], f.placed[l] = nf, np
}

// take counts the free cell x taken (a queen on it when dp is 1) on the family's lines, or given back
// (df 1, dp −1 or 0). remove and undo, where the search spends most of its time, do the same inline
// where a cell lies on one line.
func (f *family) take(x, df, dp int32) {
	if f.of != nil {
		if l := f.of[x]; l >= 0 {
			f.change(l, df, dp)
		} else {
			f.room += int(df) // a cell on no line is room of its own
		}
		return
	}
	from, to := f.cellStart[x], f.cellStart[x+1]
	if from == to {
		f.room += int(df)
		return
	}
	for _, l := range f.ofCell[from:to] {
		f.change(l, df, dp)
	}
}

// board is the state of the search: which cells are still free, the families of lines with their
// counts, the queens placed, and a trail of what was done, so that any step can be undone.
type board struct {
	p          *constraints.Program
	rows, cols int
	free       []uint64 // free cells: bit x&63 of word x>>6 for the cell x = row*cols + col
	nfree      int
	fams       []*family
	queens     []int32 // placed cells, as row*cols + col
	need       int     // queens still to place
	// trail holds what was done, in order: a cell x ≥ 0 taken away, or ^x for a queen placed on x.
	trail   []int32
	scratch []int32
	// The leaps of each cell, from LeapTargets, kept once asked for where the board is small (cells ×
	// len(p.Leaps) at most maxLeapTable): cell x's are leapAt[x·leapK:][:leapN[x]−1], and leapN[x] is 0
	// until they are asked for. A puzzle's search places its queens on the same few cells again and
	// again; on a large board a search places each queen once or so, and the table would cost more
	// than it saves.
	leapK   int
	leapN   []int32
	leapAt  []int32
	leapBuf []constraints.Cell
}

// maxLeapTable bounds the leaps the board keeps, in cells.
const maxLeapTable = 1 << 16

// newBoard returns the board of p with every cell free but the blocked ones, and no queen placed. It
// walks the lines of p's families, and returns Lines' error: ctx's, or a line too short for its range.
func newBoard(ctx context.Context, p *constraints.Program) (*board, error) {
	b := &board{p: p, rows: p.Rows, cols: p.Cols}
	cells := b.rows * b.cols
	b.free = make([]uint64, (cells+63)/64)
	for x := range cells {
		b.free[x>>6] |= 1 << (x & 63)
	}
	b.nfree = cells
	for _, f := range families(p) {
		fam, err := newFamily(ctx, f, b.rows, b.cols)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
		if fam != nil {
			b.fams = append(b.fams, fam)
		}
	}
	b.need = p.Queens
	if b.leapK = len(p.Leaps); b.leapK > 0 && int64(cells)*int64(b.leapK) <= maxLeapTable {
		b.leapN, b.leapAt = make([]int32, cells), make([]int32, cells*b.leapK)
	}
	for _, c := range p.Blocked {
		b.remove(b.index(c.Row, c.Col))
	}
	return b, nil
}

// families returns p's families in the order the search breaks ties between them: the quotas' own
// lines (rows, columns, regions) first, then the riders' lines by direction, then the lines of every
// slope. Of the orders tried, this one, which the search kept before it read the Program, met the fewest
// dead ends on tori.
func families(p *constraints.Program) []*constraints.Family {
	rank := func(f *constraints.Family) int { return min(len(f.Dirs), 2) }
	fs := slices.Clone(p.Families)
	slices.SortStableFunc(fs, func(a, b *constraints.Family) int {
		if ra, rb := rank(a), rank(b); ra != rb || ra != 1 {
			return ra - rb
		}
		u, v := a.Dirs[0], b.Dirs[0]
		if u.DR != v.DR {
			return u.DR - v.DR
		}
		return u.DC - v.DC
	})
	return fs
}

func (b *board) index(r, c int) int32 { return int32(r*b.cols + c) }

func (b *board) isFree(x int32) bool { return b.free[x>>6]&(1<<(x&63)) != 0 }

func (b *board) flip(x int32) { b.free[x>>6] ^= 1 << (x & 63) }

// appendFree appends the free cells of line l of f to dst, in row-major order.
func (b *board) appendFree(dst []int32, f *family, l int32) []int32 {
	for _, x := range f.cells[f.start[l]:f.start[l+1]] {
		if b.isFree(x) {
			dst = append(dst, x)
		}
	}
	return dst
}

// remove takes the free cell x away, and records it on the trail.
func (b *board) remove(x int32) {
	b.flip(x)
	b.nfree--
	for _, f := range b.fams {
		if f.of == nil {
			f.take(x, -1, 0)
		} else if l := f.of[x]; l >= 0 {
			f.change(l, -1, 0)
		} else {
			f.room--
		}
	}
	b.trail = append(b.trail, x)
}

// place puts a queen on the free cell x and takes away every free cell it attacks, and the free cells
// of each line it fills.
func (b *board) place(x int32) {
	b.flip(x)
	b.nfree--
	b.queens = append(b.queens, x)
	b.need--
	b.trail = append(b.trail, ^x)
	att := b.scratch[:0]
	for _, f := range b.fams {
		if f.of != nil {
			if l := f.of[x]; l >= 0 {
				if f.change(l, -1, 1); f.placed[l] == f.hi {
					att = b.appendFree(att, f, l)
				}
			} else {
				f.room--
			}
			continue
		}
		f.take(x, -1, 1)
		for _, l := range f.ofCell[f.cellStart[x]:f.cellStart[x+1]] {
			if f.placed[l] == f.hi {
				att = b.appendFree(att, f, l)
			}
		}
	}
	if b.leapK > 0 {
		att = b.appendLeaps(att, x)
	}
	// A cell may be listed twice, where lines of two families meet.
	for _, y := range att {
		if b.isFree(y) {
			b.remove(y)
		}
	}
	b.scratch = att
}

// appendLeaps appends to dst the cells a queen on x reaches by a leap.
func (b *board) appendLeaps(dst []int32, x int32) []int32 {
	if b.leapN != nil && b.leapN[x] > 0 {
		return append(dst, b.leapAt[int(x)*b.leapK:][:b.leapN[x]-1]...)
	}
	b.leapBuf = b.p.LeapTargets(b.leapBuf[:0], constraints.Cell{Row: int(x) / b.cols, Col: int(x) % b.cols})
	from := len(dst)
	for _, t := range b.leapBuf {
		dst = append(dst, b.index(t.Row, t.Col))
	}
	if b.leapN != nil {
		copy(b.leapAt[int(x)*b.leapK:], dst[from:])
		b.leapN[x] = int32(len(dst)-from) + 1
	}
	return dst
}

// undo takes back what was done since the trail was mark long.
func (b *board) undo(mark int) {
	for len(b.trail) > mark {
		e := b.trail[len(b.trail)-1]
		b.trail = b.trail[:len(b.trail)-1]
		x, dp := e, int32(0)
		if e < 0 {
			x, dp = ^e, -1
			b.queens = b.queens[:len(b.queens)-1]
			b.need++
		}
		b.flip(x)
		b.nfree++
		for _, f := range b.fams {
			if f.of == nil {
				f.take(x, 1, dp)
			} else if l := f.of[x]; l >= 0 {
				f.change(l, 1, dp)
			} else {
				f.room++
			}
		}
	}
}

// feasible reports whether the queens still to place could fit, as far as counting tells: enough free
// cells; in every family enough room; every line still able to reach its lower end; and no more queens
// lacking on a family's lines than the queens left to place can give, each giving one to every line it
// lies on. This is the forward check.
func (b *board) feasible() bool {
	if b.nfree < b.need {
		return false
	}
	for _, f := range b.fams {
		if f.short > 0 || f.deficit > b.need*f.mult || f.room < b.need {
			return false
		}
	}
	return true
}

// nextFree returns the first free cell at or after x in row-major order, or -1.
func (b *board) nextFree(x int) int32 {
	for w := x >> 6; w < len(b.free); w++ {
		word := b.free[w]
		if w == x>>6 {
			word &^= 1<<(x&63) - 1 // the cells before x are behind us
		}
		if word != 0 {
			return int32(w*64 + bits.TrailingZeros64(word))
		}
	}
	return -1
}

// solution returns the queens placed, as a Solution.
func (b *board) solution() constraints.Solution {
	cells := make([]constraints.Cell, len(b.queens))
	for i, x := range b.queens {
		cells[i] = constraints.Cell{Row: int(x) / b.cols, Col: int(x) % b.cols}
	}
	return constraints.NewSolution(cells...)
}
