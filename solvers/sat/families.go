package sat

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// family is one of the Program's families of lines as the encoding reads it: its lines, walked by the
// Program (over board cells, blocked ones included), and the range each line holds.
type family struct {
	name  string
	rider bool // the lines are a rider's (Family.Rider)
	lines *constraints.Lines
	// rng is the family's range (declared), or an exact count within it where the queen count leaves no
	// other (see narrow): the lines of a partition holding Queens queens in all must each hold the most, or
	// each the least, when Queens is that many times their number.
	rng, declared constraints.Range
	// single says that every free cell lies on at most one of the lines, partition on exactly one: the
	// rows, the columns, a rider's lines on a flat board; not a rider's on a twisted surface (a cell lies
	// on two), nor the lines of every slope.
	single, partition bool
	// groups are the groups of cells each line's count is said over (units.go), nil where none.
	groups [][][]lit
}

// readFamilies walks the lines of every family of p and reads them as the encoding needs them. Lines too
// many to walk are refused with an error wrapping solvers.ErrUnsupported. (A line with fewer free cells
// than its range's least count is read as any other: its clauses have no model.)
func (e *cnf) readFamilies(ctx context.Context) error {
	for _, f := range encodingOrder(e.p.Families) {
		l, err := f.Lines(ctx)
		switch {
		case err != nil && ctx.Err() != nil:
			return fmt.Errorf("reading the lines: %w", err)
		case err != nil:
			return fmt.Errorf("%w: %w", err, solvers.ErrUnsupported)
		}
		fam := family{name: f.Name, rider: f.Rider, lines: l, declared: f.Range, rng: f.Range, single: true, partition: true}
		for v, c := range e.cells {
			if v%pollEvery == 0 && ctx.Err() != nil {
				return fmt.Errorf("reading the lines: %w", ctx.Err())
			}
			on := len(l.Of(e.index(c)))
			fam.single = fam.single && on <= 1
			fam.partition = fam.partition && on == 1
		}
		e.narrow(&fam)
		e.fams = append(e.fams, fam)
	}
	return nil
}

// encodingOrder returns the families in the order their clauses are made: the riders' lines first, by
// their direction (row, anti-diagonal, column, diagonal, then the others, as Attack.Riders sorts them),
// then the others in the Program's order. That is the order the encoder made them in before it read the
// Program, so that the classic boards' CNF is the same clause for clause and the figures measured on it
// hold (gini's search follows the order of the clauses: another order counted classic n=13 about 6%
// slower).
func encodingOrder(fs []*constraints.Family) []*constraints.Family {
	out := slices.Clone(fs)
	key := func(f *constraints.Family) (constraints.Vec, bool) {
		if f.Rider && len(f.Dirs) == 1 {
			return f.Dirs[0], true
		}
		return constraints.Vec{}, false
	}
	slices.SortStableFunc(out, func(a, b *constraints.Family) int {
		va, ra := key(a)
		vb, rb := key(b)
		switch {
		case ra && rb:
			return cmp.Or(cmp.Compare(va.DR, vb.DR), cmp.Compare(va.DC, vb.DC))
		case ra:
			return -1
		case rb:
			return 1
		}
		return 0
	})
	return out
}

// narrow narrows the range of a partition of the free cells to the one count its lines can hold, where
// the queen count fixes it: n lines of at most hi queens hold n·hi queens only if each holds hi. It
// marks the count over the board as implied once an exact partition holds every queen.
func (e *cnf) narrow(f *family) {
	if !f.partition {
		return
	}
	n, r := f.lines.Count(), f.rng
	switch q := e.p.Queens; {
	case q == n*r.Hi:
		f.rng = constraints.Exactly(r.Hi)
	case r.Lo > 0 && q == n*r.Lo:
		f.rng = constraints.Exactly(r.Lo)
	}
	if k, ok := f.rng.Exact(); ok && n*k == e.p.Queens {
		e.countImplied = true
	}
}

// index returns the board index of c, as Lines numbers cells.
func (e *cnf) index(c constraints.Cell) int32 { return int32(c.Row*e.p.Cols + c.Col) }

// lineVars appends to dst the variables of the free cells of line i of f, in row-major order.
func (e *cnf) lineVars(dst []lit, f *family, i int) []lit {
	for _, x := range f.lines.Line(i) {
		if v := e.varOf[x]; v != 0 {
			dst = append(dst, lit(v))
		}
	}
	return dst
}

// linesOf returns the lines of f through the cell of variable v.
func (e *cnf) linesOf(f *family, v lit) []int32 { return f.lines.Of(e.index(e.cells[v-1])) }

// implied reports whether the range of family k on the line of cells xs is implied by an earlier family's:
// the line lies within one line of a family whose lines never cross (single) and hold at most as many
// queens, and k asks for no least count. The lines of every slope hold the rows and the columns, which
// the quotas of rows and columns bound already; a rider whose lines lie within the rows (ride(0,2)) is
// bounded by the row rider. Only earlier families count, so that of two families with the same lines one
// is kept.
func (e *cnf) implied(k int, xs []lit) bool {
	f := &e.fams[k]
	if f.rng.Lo > 0 || len(xs) == 0 {
		return false
	}
next:
	for j := range k {
		g := &e.fams[j]
		if !g.single || g.rng.Hi > f.rng.Hi {
			continue
		}
		first := e.linesOf(g, xs[0])
		if len(first) == 0 {
			continue
		}
		for _, x := range xs[1:] {
			if of := e.linesOf(g, x); len(of) == 0 || of[0] != first[0] {
				continue next
			}
		}
		return true
	}
	return false
}

// shareLine reports whether the cells of variables a and b lie on a common line of a rider's family (or a
// quota's on a rider's lines) that holds at most one queen a line, so that its at-most-one keeps them
// apart already. The lines of rows, columns and regions under a quota alone are left out: a king's step
// inside a LinkedIn puzzle's row keeps its clause, which makes listing faster.
func (e *cnf) shareLine(a, b lit) bool {
	for i := range e.fams {
		f := &e.fams[i]
		if f.rng.Hi > 1 || !f.rider {
			continue
		}
		la, lb := e.linesOf(f, a), e.linesOf(f, b)
		for _, x := range la {
			for _, y := range lb {
				if x == y {
					return true
				}
			}
		}
	}
	return false
}
