package local

import (
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/intmath"
)

// Explicit constructions: placements of one queen per row, built in O(n) without search, in which no
// two queens attack each other. A construction comes in many forms (a linear placement may be shifted
// and take other multipliers; any placement on a flat board may be mirrored), and construct picks the
// form that hits the fewest blocked cells and misses the fewest fixed queens, looking at those cells
// alone. Find starts the local search from it when it still hits or misses some.

const (
	// maxMultipliers bounds the multipliers k that multipliers tries.
	maxMultipliers = 4096
	// multiplierForms is how many multipliers, and shifts per multiplier, construct weighs.
	multiplierForms = 8
	// formWork bounds the cells construct looks at to weigh the forms.
	formWork = 1 << 24
)

// form is one form of a construction: row r's queen stands in column col(r).
type form struct {
	seq          []int32 // the columns of a placement built row by row, or nil for a linear one
	flipR, flipC bool    // mirror the rows, the columns
	n            int     // the side
	// col(r) = k·(r + drop) + b mod p, less drop: p = n, or p = n + 1 with b = 0 and drop = 1, when the
	// queen of row 0, in column 0, is dropped with its row and column.
	p, k, b, drop int
}

func (f form) col(r int) int {
	if f.flipR {
		r = f.n - 1 - r
	}
	var c int
	if f.seq != nil {
		c = int(f.seq[r])
	} else {
		c = int((int64(f.k)*int64(r+f.drop)+int64(f.b))%int64(f.p)) - f.drop
	}
	if f.flipC {
		c = f.n - 1 - c
	}
	return c
}

// build returns the columns of the form, row by row; nil when stop says so.
func (f form) build(stop func() bool) []int32 {
	cols := make([]int32, f.n)
	for r := range cols {
		cols[r] = int32(f.col(r))
		if r&0xffff == 0 && stop() {
			return nil
		}
	}
	return cols
}

// misses counts the blocked cells the form puts a queen on and the fixed queens it leaves out.
func (f form) misses(p *constraints.Program) int {
	k := 0
	for _, c := range p.Blocked {
		if c.Row < f.n && f.col(c.Row) == c.Col {
			k++
		}
	}
	for _, c := range p.Fixed {
		if c.Row >= f.n || f.col(c.Row) != c.Col {
			k++
		}
	}
	return k
}

// construct returns the columns of a placement of side n = rows (on a flat board with at least as
// many columns, or a square torus or cylinder) in which no two queens share a line of x's riders, a
// column where the columns are a family, or a leap, in the form that misses the fewest blocked and fixed
// cells; nil when no construction applies, or stop says so. A cylinder takes the torus's placements:
// its lines and leaps are the torus's, cut where the rows end.
func construct(x *plan, rng *rand.Rand, stop func() bool) []int32 {
	p := x.p
	n := p.Rows
	wrapped := p.Surface != constraints.Flat
	if wrapped && p.Cols != n || !wrapped && p.Cols < n {
		return nil
	}
	var forms []form
	flips := func(f form, mirrors bool) {
		forms = append(forms, f)
		if mirrors && !wrapped { // a torus's shifts serve instead
			g := f
			g.flipC = true
			forms = append(forms, g)
			g.flipR = true
			forms = append(forms, g)
			g.flipC = false
			forms = append(forms, g)
		}
	}
	if !wrapped && n >= 4 && x.queenLines() {
		seq := classic(n, stop)
		if seq == nil {
			return nil
		}
		flips(form{seq: seq, n: n}, true) // a mirror of a queens' placement is one too
	}
	for _, k := range multipliers(x, n, n, false) {
		b := 0
		if len(p.Fixed) > 0 {
			f := p.Fixed[0] // a shift that puts a queen on the first fixed cell
			b = intmath.Mod(f.Col-int(int64(k)*int64(f.Row)%int64(n)), n)
		}
		for t := range multiplierForms {
			forms = append(forms, form{n: n, p: n, k: k, b: b})
			if len(p.Fixed) > 0 || len(p.Blocked) == 0 || t == n-1 {
				break
			}
			b = rng.IntN(n)
		}
	}
	if !wrapped {
		for _, k := range multipliers(x, n, n+1, true) {
			flips(form{n: n, p: n + 1, k: k, drop: 1}, mirrored(x.riders))
		}
	}
	if len(forms) == 0 {
		return nil
	}
	best, least := forms[0], -1
	if len(p.Blocked)+len(p.Fixed) > 0 {
		budget := formWork / (len(p.Blocked) + len(p.Fixed))
		for i, f := range forms {
			if i >= max(budget, 1) || stop() {
				break
			}
			if k := f.misses(p); least < 0 || k < least {
				best, least = f, k
				if k == 0 {
					break
				}
			}
		}
	}
	return best.build(stop)
}

// queenLines reports whether x's riders are among the queen's lines (rows, columns, diagonals), and
// nothing leaps: what the construction of Hoffman, Loessi and Moore keeps to.
func (x *plan) queenLines() bool {
	for _, v := range x.riders {
		if v != (constraints.Vec{DR: 0, DC: 1}) && v != (constraints.Vec{DR: 1, DC: 0}) && v != (constraints.Vec{DR: 1, DC: 1}) && v != (constraints.Vec{DR: 1, DC: -1}) {
			return false
		}
	}
	return len(x.p.Leaps) == 0
}

// mirrored reports whether the mirror image of every rider, (a, −b) for (a, b), is a rider too. (The
// leapers always are.)
func mirrored(riders []constraints.Vec) bool {
	var rides, mirror []constraints.Attack
	for _, v := range riders {
		rides = append(rides, constraints.Ride(v.DR, v.DC))
		mirror = append(mirror, constraints.Ride(v.DR, -v.DC))
	}
	return constraints.Union(mirror...).Equal(constraints.Union(rides...))
}

// classic returns the construction of Hoffman, Loessi and Moore (1969), in the form Bernhardsson
// (1991) gives it, for n ≥ 4 queens on a flat n×n board: with columns numbered from 1, the rows take
// the even columns 2, 4, … in order, then the odd ones 1, 3, …. When n mod 6 is 2, the odd ones start
// 3, 1 and 5 moves to the end; when n mod 6 is 3, 2 moves to the end of the even ones, and 1 and 3 to
// the end of the odd ones.
func classic(n int, stop func() bool) []int32 {
	seq := make([]int32, 0, n)
	every2 := func(from int) { // from, from + 2, … up to n
		for c := from; c <= n; c += 2 {
			seq = append(seq, int32(c))
			if c&0xffff == 0 && stop() {
				return
			}
		}
	}
	switch n % 6 {
	case 2:
		every2(2)
		seq = append(seq, 3, 1)
		every2(7)
		seq = append(seq, 5)
	case 3:
		every2(4)
		seq = append(seq, 2)
		every2(5)
		seq = append(seq, 1, 3)
	default:
		every2(2)
		every2(1)
	}
	if len(seq) != n {
		return nil // stopped
	}
	for i := range seq {
		seq[i]--
	}
	return seq
}

// multipliers returns up to multiplierForms of the k, from 2 up to maxMultipliers, for which the linear
// placement col(r) = k·r + b (mod p), on a p×p torus, has no two queens sharing a line of x's riders or a
// leap. For a rider (a, b) that reaches another row, it is enough that k·a − b be prime to p: queens t
// rows apart stand t·(1, k) apart, and s·(a, b) ≡ t·(1, k) (mod p) gives s·(k·a − b) ≡ 0, so s ≡ 0 and
// t ≡ 0 (queens need k, k − 1 and k + 1 prime to p, after Pólya). For a leap (a, b) between rows, k·a
// must differ from b modulo p. A placement on a torus is one on a flat board too, and on a flat n×n board
// the rows and columns 1 to n of a p = n + 1 torus whose queen of row 0 stands in column 0 (b = 0) are a
// placement of side n (see form), when no other queen stands in column 0: with drop set, k must be prime
// to p. So must it where the columns are a family, which the riders may not show (a column quota).
func multipliers(x *plan, n, p int, drop bool) []int {
	wrapped := x.p.Surface != constraints.Flat
	reaches := func(v constraints.Vec) bool {
		if wrapped {
			return intmath.Mod(v.DR, n) != 0
		}
		return v.DR != 0 && intmath.Abs(v.DR) < n && intmath.Abs(v.DC) < x.p.Cols
	}
	var riders, leaps []constraints.Vec
	for _, v := range x.riders {
		if reaches(v) {
			riders = append(riders, v)
		}
	}
	for _, v := range x.p.Leaps {
		if reaches(v) {
			leaps = append(leaps, v)
		}
	}
	distinct := drop || x.distinct
	var ks []int
next:
	for k := 2; k < p && k < maxMultipliers && len(ks) < multiplierForms; k++ {
		if distinct && intmath.GCD(k, p) != 1 {
			continue
		}
		for _, v := range riders {
			if intmath.GCD(intmath.Mod(k*v.DR-v.DC, p), p) != 1 {
				continue next
			}
		}
		for _, v := range leaps {
			if intmath.Mod(k*v.DR-v.DC, p) == 0 {
				continue next
			}
		}
		ks = append(ks, k)
	}
	return ks
}
