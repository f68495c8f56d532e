// Package closed counts without a search, by closed forms read from the constraints.Program alone: k
// rooks (and queens that attack along rows or columns alone, or not at all) by binomials and
// factorials, queens that attack along the diagonals alone by the elementary symmetric functions of the
// diagonals' lengths, and the classic torus whose side shares a factor with 6 by Pólya's theorem (no
// solution). Each form has a Fits that says what the model lacks for it, or "".
package closed

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/solvers"
)

var errOverflow = fmt.Errorf("closed: %w", solvers.ErrOverflow)

var (
	vecDiag = constraints.Vec{DR: 1, DC: 1}
	vecAnti = constraints.Vec{DR: 1, DC: -1}
)

// lines is what the closed forms read of a Program: the ranges of its rows and columns, its riders of
// one direction and at most one queen a line, how many other families exclude (at most one a line) or
// count (a quota), whether any other family is asked, and how many leaps.
type lines struct {
	prog               *constraints.Program
	rowRange, colRange constraints.Range
	riders             []constraints.Vec
	excluding, counted int
	rest               bool
	leapers            int
}

// read reads p's families as the forms see them.
func read(p *constraints.Program) *lines {
	r := p.Read()
	return &lines{prog: p, rowRange: r.RowRange, colRange: r.ColRange, riders: r.Riders,
		excluding: len(r.Excluding), counted: len(r.Counted), rest: r.Rest != nil, leapers: len(p.Leaps)}
}

// subsetOf reports whether every vector of vs is one of set.
func subsetOf(vs []constraints.Vec, set ...constraints.Vec) bool {
	for _, v := range vs {
		if !slices.Contains(set, v) {
			return false
		}
	}
	return true
}

// FormulaFits says why the lines of p's model might cross, or "" when its riders are the row and the
// column at most, with no leaper, every cell open and no quota: then the queens are k rooks, or k queens
// of which only those sharing a row (or a column) attack, or k cells, and the count is a formula. A torus
// changes nothing, its rows and columns being the same lines. One queen alone attacks nothing, so it fits
// whatever the attacks and blocked cells, where no line asks for a queen: it stands on any open cell.
// Queens that attack along the diagonals alone fit too, where diagonalsFit says so.
func FormulaFits(p *constraints.Program) string {
	l := read(p)
	return l.formulaFits()
}

func (p *lines) formulaFits() string {
	switch {
	case p.prog.Queens == 1 && !p.asksAQueen():
		return ""
	case p.diagonalsFit() == "":
		return ""
	case !p.ridersOnly(p.rowRange) || !p.ridersOnly(p.colRange) || p.excluding > 0 || p.counted > 0 || p.leapers > 0:
		return "needs no rider but the row and the column, no leaper and no quota"
	case len(p.prog.Blocked) > 0 || len(p.prog.Fixed) > 0:
		return "needs every cell open"
	}
	return ""
}

// diagonalsFit says why p's model is not k bishops (or queens that attack along one diagonal only) on a
// flat board, every cell open, no quota, or "": the riders are the diagonal, the anti-diagonal or both,
// and nothing else is asked.
func (p *lines) diagonalsFit() string {
	switch {
	case len(p.riders) == 0 || !subsetOf(p.riders, vecDiag, vecAnti) || p.excluding != len(p.riders) ||
		!p.rowRange.IsZero() || !p.colRange.IsZero() || p.counted > 0 || p.rest || p.leapers > 0:
		return "needs the diagonals and nothing else"
	case p.prog.Surface != constraints.Flat:
		return "needs a flat board"
	case len(p.prog.Blocked) > 0 || len(p.prog.Fixed) > 0:
		return "needs every cell open"
	case len(p.riders) == 2 && p.prog.Rows != p.prog.Cols:
		return "needs a square board for both diagonals, where the lines of a colour nest"
	}
	return ""
}

// diagonals counts k queens that attack along the diagonals alone on a flat r×c board. Along one
// diagonal direction the lines never cross: choose k lines and a cell on each, the k-th elementary
// symmetric function of the lines' lengths. Along both (a square board, diagonalsFit), the two colours
// of the board never meet (a diagonal keeps the parity of row+col), so the count is Σ_j W₀(j)·W₁(k−j),
// with W_p(j) the placements of j bishops on colour p. Turned by 45°, the anti-diagonals of one colour
// are rows and its diagonals columns, each anti-diagonal meeting an interval of them centred on the
// main diagonal; so the intervals nest, and the anti-diagonals taken shortest first meet j columns
// already taken by the j bishops before them: W_p(j) = W'(j) + W'(j−1)·(len − (j−1)) line by line, the
// rook count of a Ferrers board. Each queen takes a line of its own, so past r+c−1 queens there is none.
func (p *lines) diagonals(ctx context.Context) (uint64, error) {
	rows, cols, k := p.prog.Rows, p.prog.Cols, p.prog.Queens
	if k > rows+cols-1 {
		return 0, nil
	}
	if len(p.riders) == 1 {
		// Every diagonal's length, counted by the clamp of its cells: length(d) = #{r: 0 ≤ r−d < cols}.
		f := make([]uint64, k+1)
		f[0] = 1
		for d := -(cols - 1); d < rows; d++ {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			n := uint64(min(rows, d+cols) - max(0, d))
			for j := min(k, d+cols); j >= 1; j-- {
				f[j] = satAdd(f[j], satMul(f[j-1], n))
			}
		}
		if f[k] == math.MaxUint64 {
			return 0, errOverflow
		}
		return f[k], nil
	}
	n := rows
	length := func(s int) uint64 { return uint64(min(s, 2*n-2-s) + 1) } // the cells of anti-diagonal s
	var w [2][]uint64
	for colour := range 2 {
		f := make([]uint64, k+1)
		f[0] = 1
		// The anti-diagonals s ≡ colour (mod 2), shortest first: their lengths rise towards s = n−1 from
		// both ends, so two ends walked inwards give them in order.
		lo, hi := colour, 2*n-2
		if (hi-colour)%2 != 0 {
			hi--
		}
		for i := 0; lo <= hi; i++ {
			if err := ctx.Err(); err != nil {
				return 0, err
			}
			var size uint64
			if length(lo) <= length(hi) {
				size, lo = length(lo), lo+2
			} else {
				size, hi = length(hi), hi-2
			}
			for j := min(k, i+1); j >= 1; j-- {
				if taken := uint64(j - 1); taken < size {
					f[j] = satAdd(f[j], satMul(f[j-1], size-taken))
				}
			}
		}
		w[colour] = f
	}
	total := uint64(0)
	for j := 0; j <= k; j++ {
		a, b := w[0][j], w[1][k-j]
		if a == 0 || b == 0 {
			continue
		}
		if a == math.MaxUint64 || b == math.MaxUint64 {
			return 0, errOverflow
		}
		hi, lo := bits.Mul64(a, b)
		sum, carry := bits.Add64(total, lo, 0)
		if hi != 0 || carry != 0 {
			return 0, errOverflow
		}
		total = sum
	}
	return total, nil
}

// satAdd and satMul add and multiply, saturating at the largest uint64, which stands for "too large".
func satAdd(a, b uint64) uint64 {
	s, carry := bits.Add64(a, b, 0)
	if carry != 0 {
		return math.MaxUint64
	}
	return s
}

func satMul(a, b uint64) uint64 {
	if a == math.MaxUint64 && b != 0 || b == math.MaxUint64 && a != 0 {
		return math.MaxUint64
	}
	hi, lo := bits.Mul64(a, b)
	if hi != 0 {
		return math.MaxUint64
	}
	return lo
}

// asksAQueen reports whether some family asks at least one queen of its lines.
func (p *lines) asksAQueen() bool {
	for _, f := range p.prog.Families {
		if f.Range.Lo > 0 {
			return true
		}
	}
	return false
}

// ridersOnly reports whether the range r is what a rider alone asks of its lines, or nothing: at most
// one queen, no quota.
func (p *lines) ridersOnly(r constraints.Range) bool { return r.IsZero() || r == constraints.AtMost(1) }

// Formula counts the placements of k queens on an r×c board that attack along rows and columns at most:
//
//	rows and columns (k rooks): C(r,k) · C(c,k) · k!   (the rows, the columns, and how they pair)
//	rows only:                  C(r,k) · c^k
//	columns only:               C(c,k) · r^k
//	neither:                    C(r·c, k)
//
// and one queen where no line asks for one: the open cells, or the fixed queen's one.
func Formula(ctx context.Context, p *constraints.Program) (uint64, error) {
	l := read(p)
	return l.formula(ctx)
}

func (p *lines) formula(ctx context.Context) (uint64, error) {
	r, c, k := uint64(p.prog.Rows), uint64(p.prog.Cols), uint64(p.prog.Queens)
	if k == 1 && !p.asksAQueen() {
		if len(p.prog.Fixed) > 0 {
			return 1, nil
		}
		return r*c - uint64(len(p.prog.Blocked)), nil
	}
	if p.diagonalsFit() == "" {
		return p.diagonals(ctx)
	}
	row, col := !p.rowRange.IsZero(), !p.colRange.IsZero()
	var terms []func() (uint64, bool)
	switch {
	case row && col:
		terms = append(terms, func() (uint64, bool) { return binomial(r, k) }, func() (uint64, bool) { return binomial(c, k) }, func() (uint64, bool) { return factorial(k) })
	case row:
		terms = append(terms, func() (uint64, bool) { return binomial(r, k) }, func() (uint64, bool) { return power(c, k) })
	case col:
		terms = append(terms, func() (uint64, bool) { return binomial(c, k) }, func() (uint64, bool) { return power(r, k) })
	default:
		terms = append(terms, func() (uint64, bool) { return binomial(r*c, k) })
	}
	product := uint64(1)
	for _, term := range terms {
		v, ok := term()
		if !ok {
			return 0, errOverflow
		}
		if v == 0 {
			return 0, nil
		}
		hi, lo := bits.Mul64(product, v)
		if hi != 0 {
			return 0, errOverflow
		}
		product = lo
	}
	return product, nil
}

// binomial returns C(n, k), and false if it does not fit in 64 bits. Each step C(n, i+1) = C(n, i)·(n−i)/(i+1)
// divides exactly, and the steps grow up to k = n/2, so the first step that overflows says the result does.
func binomial(n, k uint64) (uint64, bool) {
	if k > n {
		return 0, true
	}
	k = min(k, n-k)
	v := uint64(1)
	for i := range k {
		hi, lo := bits.Mul64(v, n-i)
		if hi >= i+1 {
			return 0, false
		}
		v, _ = bits.Div64(hi, lo, i+1)
	}
	return v, true
}

// factorial returns k!, and false if it does not fit in 64 bits.
func factorial(k uint64) (uint64, bool) {
	v := uint64(1)
	for i := uint64(2); i <= k; i++ {
		hi, lo := bits.Mul64(v, i)
		if hi != 0 {
			return 0, false
		}
		v = lo
	}
	return v, true
}

// power returns b^e, and false if it does not fit in 64 bits.
func power(b, e uint64) (uint64, bool) {
	v := uint64(1)
	for range e {
		hi, lo := bits.Mul64(v, b)
		if hi != 0 {
			return 0, false
		}
		if v = lo; v == 0 || v == 1 {
			return v, true // b is 0 or 1: no need to go on
		}
	}
	return v, true
}

// PolyaFits says why p's model is not a classic torus without solutions, or "": n queens on an n×n torus
// attacking along the four lines, every cell open, no quota, n sharing a factor with 6. By Pólya's
// theorem (G. Pólya, "Über die 'doppelt-periodischen' Lösungen des n-Damen-Problems", 1918) the
// n-queens problem on the torus has a solution exactly when gcd(n, 6) = 1; so such a model has none, and
// no classes either.
func PolyaFits(p *constraints.Program) string {
	l := read(p)
	return l.polyaFits()
}

func (p *lines) polyaFits() string {
	m := p.prog
	switch {
	case m.Surface != constraints.Torus || m.Rows != m.Cols || p.prog.Queens != m.Rows:
		return "needs n queens on an n×n torus"
	case p.rowRange != constraints.AtMost(1) || p.colRange != constraints.AtMost(1) || len(p.riders) != 2 ||
		!subsetOf(p.riders, vecDiag, vecAnti) || p.counted > 0 || p.rest || p.leapers > 0:
		return "needs the four lines and nothing else"
	case len(p.prog.Blocked) > 0 || len(p.prog.Fixed) > 0:
		return "needs every cell open"
	case intmath.GCD(m.Rows, 6) == 1:
		return fmt.Sprintf("needs a side that shares a factor with 6 (gcd(%d, 6) = 1)", m.Rows)
	}
	return ""
}
