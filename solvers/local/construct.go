package local

import (
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/intmath"
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
func (f form) misses(m constraints.Model) int {
	k := 0
	for _, c := range m.Blocked {
		if c.Row < f.n && f.col(c.Row) == c.Col {
			k++
		}
	}
	for _, c := range m.Fixed {
		if c.Row >= f.n || f.col(c.Row) != c.Col {
			k++
		}
	}
	return k
}

// construct returns the columns of a placement of side n = rows (on a flat board with at least as
// many columns, or a square torus) in which no two queens attack each other under m's riders and
// leapers, in the form that misses the fewest blocked and fixed cells; nil when no construction
// applies, or stop says so.
func construct(m constraints.Model, rng *rand.Rand, stop func() bool) []int32 {
	n := m.Rows
	if m.Surface == constraints.Torus && !m.Square() || m.Surface != constraints.Torus && m.Cols < n {
		return nil
	}
	var forms []form
	flips := func(f form, mirrors bool) {
		forms = append(forms, f)
		if mirrors && m.Surface != constraints.Torus { // a torus's shifts serve instead
			g := f
			g.flipC = true
			forms = append(forms, g)
			g.flipR = true
			forms = append(forms, g)
			g.flipC = false
			forms = append(forms, g)
		}
	}
	if m.Surface != constraints.Torus && n >= 4 && constraints.Queen.Has(m.Attack) {
		seq := classic(n, stop)
		if seq == nil {
			return nil
		}
		flips(form{seq: seq, n: n}, true) // a mirror of a queens' placement is one too
	}
	for _, k := range multipliers(m, n, n, false) {
		b := 0
		if len(m.Fixed) > 0 {
			f := m.Fixed[0] // a shift that puts a queen on the first fixed cell
			b = intmath.Mod(f.Col-int(int64(k)*int64(f.Row)%int64(n)), n)
		}
		for t := range multiplierForms {
			forms = append(forms, form{n: n, p: n, k: k, b: b})
			if len(m.Fixed) > 0 || len(m.Blocked) == 0 || t == n-1 {
				break
			}
			b = rng.IntN(n)
		}
	}
	if m.Surface != constraints.Torus {
		for _, k := range multipliers(m, n, n+1, true) {
			flips(form{n: n, p: n + 1, k: k, drop: 1}, mirrored(m.Attack))
		}
	}
	if len(forms) == 0 {
		return nil
	}
	best, least := forms[0], -1
	if len(m.Blocked)+len(m.Fixed) > 0 {
		budget := formWork / (len(m.Blocked) + len(m.Fixed))
		for i, f := range forms {
			if i >= max(budget, 1) || stop() {
				break
			}
			if k := f.misses(m); least < 0 || k < least {
				best, least = f, k
				if k == 0 {
					break
				}
			}
		}
	}
	return best.build(stop)
}

// mirrored reports whether the mirror image of a's riders, (a, −b) for (a, b), are a's riders. (The
// leapers always are.)
func mirrored(a constraints.Attack) bool {
	var rides, mirror []constraints.Attack
	for _, v := range a.Riders() {
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
// placement col(r) = k·r + b (mod p), on a p×p torus, has no two queens attacking each other under m's
// riders and leapers. For a rider (a, b) that reaches another row, it is enough that k·a − b be prime to
// p: queens t rows apart stand t·(1, k) apart, and s·(a, b) ≡ t·(1, k) (mod p) gives s·(k·a − b) ≡ 0, so
// s ≡ 0 and t ≡ 0 (queens need k, k − 1 and k + 1 prime to p, after Pólya). For a leap (a, b) between rows,
// k·a must differ from b modulo p. A placement on a torus is one on a flat board too, and on a flat n×n
// board the rows and columns 1 to n of a p = n + 1 torus whose queen of row 0 stands in column 0 (b = 0)
// are a placement of side n (see form), when no other queen stands in column 0: with drop set, k must be
// prime to p. So must it under a column quota, which the riders do not show.
func multipliers(m constraints.Model, n, p int, drop bool) []int {
	reaches := func(v constraints.Vec) bool {
		if m.Surface == constraints.Torus {
			return intmath.Mod(v.DR, n) != 0
		}
		return v.DR != 0 && intmath.Abs(v.DR) < n && intmath.Abs(v.DC) < m.Cols
	}
	var riders, leaps []constraints.Vec
	for _, v := range m.Attack.Riders() {
		if reaches(v) {
			riders = append(riders, v)
		}
	}
	for _, v := range m.Attack.Leaps() {
		if reaches(v) {
			leaps = append(leaps, v)
		}
	}
	// A column quota, like the column rider, asks for distinct columns: k prime to p.
	distinct := drop || m.Each.Column.Hi > 0
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
