// Package meet counts one queen a row and a column on a square board by meeting in the middle: the board
// is cut between two rows, each half's placements are listed by the columns they take, and each top half
// is paired with the bottom halves of the complementary columns that share no line with it.
//
// It takes any riders and leapers besides the rook's row and column, read from the model's Program (its
// families of lines and its leaps), on a flat square board with every cell open. A pair of halves
// conflicts only through the lines that cross the cut: a rider's line with cells on both sides, or a
// leap from a cell of the top to one of the bottom (a line of two cells). The count of a task (one top
// column set) lists both halves by backtracking on their own columns, keeps for each placement of the
// shorter list the crossing lines it holds as one bit set a line (a bit a placement), and walks the
// longer list in the order its backtracking made it, a trie: a placement's partial OR of the bit sets of
// its lines is shared with every placement that begins as it does, and the zeros of the last OR are its
// compatible partners.
//
// PlanOrbits counts one column set of each orbit of the board's symmetries that the model keeps (the
// column mirror; on an even board cut in the middle the row flip and the half turn), weighted by the
// orbit's size: a quarter of the work on an even board, a half on an odd one. Plan keeps every column
// set its own task, the split a record's checks compare task by task.
//
// Pays forecasts, by Knuth's random probes of the meet's halves, its pairs and a row search's tree
// (estimate.go, costs fitted to whole-process times of both), whether the meet by orbits takes less CPU
// than a row kernel; the router's meet row asks it before its default counts so, against the rider
// kernel and the generic row kernel only, on a side of MinPays or more. Neither way wins everywhere: the
// meet's work is its pairs of halves with complementary columns, which outnumber the solutions by a
// factor that grows with n and with how much the lines crossing the cut exclude, and the kernel's is its
// tree, which the queen's diagonals prune hard. So the meet pays where the riders attack weakly (rook +
// girafferider: a few pairs a solution), the kernel where the queen's diagonals prune its tree, and
// between them the forecast decides.
//
// A record count by the meet is checked as docs/records.md says: two counts cut at two rows (Plan with
// two cuts, --task-depth), compared task by task and each task with its images under the symmetries, and
// a sample of tasks counted again by the general path (TestMeetChecks in check_test.go).
package meet

import (
	"context"
	"fmt"
	"math/bits"
	"slices"

	"github.com/queens-dev/queens/constraints"
)

// MaxN bounds the board's side: C(24, 12) is 2.7 million tasks.
const MaxN = 24

// scheme names the way the tasks are cut, every column set of the top rows its own task; orbits the
// way that keeps one task of each orbit of the board's symmetries. Key carries it, so that a
// checkpoint or shard made under another scheme is refused.
const (
	scheme = "meet/1"
	orbits = "meet/2"
)

// Fits returns "" when the meet takes p's model, or what the model lacks: one queen on every row and
// column of a flat square board of side at most MaxN, every cell open, no regions, and every other family
// a rider's (at most one queen a line) or leaps.
func Fits(p *constraints.Program) string {
	const needs = "needs one queen on every row and column of a flat square board"
	switch {
	case p.Surface != constraints.Flat:
		return needs + ": the board is not flat"
	case p.Rows != p.Cols:
		return needs + ": the board is not square"
	case p.Rows > MaxN:
		return fmt.Sprintf("%s of side at most %d", needs, MaxN)
	case p.Queens != p.Rows:
		return needs + ": the model asks another number of queens"
	case len(p.Blocked) > 0 || len(p.Fixed) > 0:
		return needs + ", every cell open: no blocked cells or fixed queens"
	case p.Regions != nil:
		return needs + ", without regions"
	}
	var rows, cols bool
	for _, f := range p.Families {
		switch {
		case f.Shape == constraints.ShapeRows && f.Range.Hi == 1:
			rows = true
		case f.Shape == constraints.ShapeColumns && f.Range.Hi == 1:
			cols = true
		case !f.Rider || f.Range != constraints.AtMost(1):
			return fmt.Sprintf("%s and riders and leapers besides: %s asks %v a line", needs, f.Name, f.Range)
		}
	}
	if !rows || !cols {
		return needs + ": the row and column riders (or quotas of one)"
	}
	return ""
}

// Job counts a model by the meet, as a list of tasks (solvers.Job): task i counts the solutions whose top
// rows take the i-th set of columns, in lexicographic order of the sets' bit masks. Its methods may be
// called from several goroutines at once.
type Job struct {
	n, cut int
	tasks  int
	// att[cell][row] holds the columns of row that a queen on cell attacks along the families of lines
	// other than the rows and columns, and by its leaps.
	att [][]uint64
	// cross[cell] are the lines crossing the cut that cell lies on, numbered 0 to lines−1.
	cross [][]int32
	lines int
	// binom[k][m] is C(m, k), for unranking tasks.
	binom [][]uint64
	pool  chan *worker
	// mirror, flip and turn say that the job counts one task of each orbit of the column mirror (S to
	// mirror S), the row flip (S to the complement of S) and the half turn (S to the mirror of the
	// complement); reps are then the tasks' column sets, each the least of its orbit, in increasing
	// order, and weight[i] the size of reps[i]'s orbit.
	mirror, flip, turn bool
	reps               []uint64
	weight             []uint8
}

// Plan returns the job that counts p's model by the meet, cut below the first cut rows (0 for half of
// them, rounded down). It returns an error if the model does not fit (Fits) or cut is out of range.
func Plan(ctx context.Context, p *constraints.Program, cut int) (*Job, error) {
	if why := Fits(p); why != "" {
		return nil, fmt.Errorf("meet: %d×%d board: %s", p.Rows, p.Cols, why)
	}
	n := p.Rows
	if cut == 0 {
		cut = n / 2
	}
	// A board of side 1 has no row to cut below: its one task is the empty top half.
	if (cut < 1 || cut > n-1) && !(n == 1 && cut == 0) {
		return nil, fmt.Errorf("meet: cut below row %d: want 1 to %d on a board of side %d", cut, n-1, n)
	}
	j := &Job{n: n, cut: cut, att: make([][]uint64, n*n), cross: make([][]int32, n*n), pool: make(chan *worker, 64)}
	for i := range j.att {
		j.att[i] = make([]uint64, n)
	}
	top := func(x int32) bool { return int(x)/n < j.cut }
	for _, f := range p.Families {
		if f.Shape == constraints.ShapeRows || f.Shape == constraints.ShapeColumns {
			continue
		}
		l, err := f.Lines(ctx)
		if err != nil {
			return nil, fmt.Errorf("meet: %w", err)
		}
		for i := range l.Count() {
			line := l.Line(i)
			var up, down bool
			for _, a := range line {
				if top(a) {
					up = true
				} else {
					down = true
				}
				for _, b := range line {
					if a != b {
						j.att[a][int(b)/n] |= 1 << (int(b) % n)
					}
				}
			}
			if up && down {
				for _, a := range line {
					j.cross[a] = append(j.cross[a], int32(j.lines))
				}
				j.lines++
			}
		}
	}
	var to []constraints.Cell
	for a := range int32(n * n) {
		c := constraints.Cell{Row: int(a) / n, Col: int(a) % n}
		to = p.LeapTargets(to[:0], c)
		for _, t := range to {
			b := int32(t.Row*n + t.Col)
			j.att[a][t.Row] |= 1 << t.Col
			if top(a) && !top(b) {
				j.cross[a] = append(j.cross[a], int32(j.lines))
				j.cross[b] = append(j.cross[b], int32(j.lines))
				j.lines++
			}
		}
	}
	for _, c := range j.cross {
		slices.Sort(c)
	}
	j.binom = make([][]uint64, n+2)
	for k := range j.binom {
		j.binom[k] = make([]uint64, n+1)
		for m := range n + 1 {
			j.binom[k][m] = choose(m, k)
		}
	}
	j.tasks = int(j.binom[j.cut][n])
	return j, nil
}

// PlanOrbits returns the job that counts p's model by the meet cut below the first cut rows (0 for half
// of them, rounded down), one task for each orbit of the column sets under the symmetries that map the
// model onto itself: the column mirror, which maps the top rows' columns S to their mirror image, and,
// where the cut halves an even board, the row flip, which maps S to its complement (the bottom rows
// become the top), and the half turn, which maps S to the mirror image of its complement (a model may
// keep the turn alone: the nightrider's ride(1,2) without its mirror images). Each task counts its
// column set's solutions times the orbit's size. A model that keeps none of them gets Plan's job, whose
// task list is the same.
func PlanOrbits(ctx context.Context, p *constraints.Program, cut int) (*Job, error) {
	j, err := Plan(ctx, p, cut)
	if err != nil {
		return nil, err
	}
	j.symmetries()
	if !j.mirror && !j.flip && !j.turn {
		return j, nil
	}
	if err := j.orbitTasks(ctx); err != nil {
		return nil, err
	}
	return j, nil
}

// orbitTasks makes the task list of one column set of each orbit under the job's symmetries.
func (j *Job) orbitTasks(ctx context.Context) error {
	full := uint64(1)<<j.n - 1
	j.reps, j.weight = nil, nil
	// Every set of cut columns in increasing order (the next with as many bits: Gosper's hack).
	for s, k := uint64(1)<<j.cut-1, 0; s <= full; k++ {
		if k&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		var buf [4]uint64
		orbit := j.orbit(buf[:0], s)
		if slices.Min(orbit) == s {
			slices.Sort(orbit)
			j.reps = append(j.reps, s)
			j.weight = append(j.weight, uint8(len(slices.Compact(orbit))))
		}
		if s == 0 {
			break // a cut of no rows: the one empty set
		}
		low := s & -s
		next := s + low
		s = next | ((s^next)>>2)/low
	}
	j.tasks = len(j.reps)
	return nil
}

// symmetries sets the symmetries of the job's task list that the model keeps.
func (j *Job) symmetries() {
	j.mirror = j.keeps(func(r, c int) (int, int) { return r, j.n - 1 - c })
	if 2*j.cut == j.n {
		j.flip = j.keeps(func(r, c int) (int, int) { return j.n - 1 - r, c })
		j.turn = j.keeps(func(r, c int) (int, int) { return j.n - 1 - r, j.n - 1 - c })
	}
}

// keeps reports whether the map f of the board's cells carries every attack of the job's families and
// leaps onto an attack: where it does, the model's solutions map one to one onto solutions (the rows
// and columns of a square board map onto rows and columns under the mirror and the flip).
func (j *Job) keeps(f func(r, c int) (int, int)) bool {
	n := j.n
	for a := range n * n {
		fr, fc := f(a/n, a%n)
		to := j.att[fr*n+fc]
		for r := range n {
			for m := j.att[a][r]; m != 0; m &= m - 1 {
				tr, tc := f(r, bits.TrailingZeros64(m))
				if to[tr]>>tc&1 == 0 {
					return false
				}
			}
		}
	}
	return true
}

// orbit appends to out the images of the column set s under the job's symmetries, s first, with
// repeats, and returns it: the symmetries a model keeps are a group (two of the three make the third).
func (j *Job) orbit(out []uint64, s uint64) []uint64 {
	full := uint64(1)<<j.n - 1
	mirror := func(t uint64) uint64 { return bits.Reverse64(t) >> (64 - j.n) }
	out = append(out, s)
	if j.mirror {
		out = append(out, mirror(s))
	}
	if j.flip {
		out = append(out, full&^s)
	}
	if j.turn {
		out = append(out, mirror(full&^s))
	}
	return out
}

func choose(m, k int) uint64 {
	if k < 0 || k > m {
		return 0
	}
	r := uint64(1)
	for i := range k {
		r = r * uint64(m-i) / uint64(i+1)
	}
	return r
}

// Method returns "meet".
func (j *Job) Method() string { return "meet" }

// Key describes the task list: the scheme, the board's side, the cut and the number of tasks, and the
// symmetries whose orbits the tasks are.
func (j *Job) Key() string {
	if j.reps == nil {
		return fmt.Sprintf("%s n=%d cut=%d tasks=%d", scheme, j.n, j.cut, j.tasks)
	}
	return fmt.Sprintf("%s n=%d cut=%d mirror=%t flip=%t turn=%t tasks=%d", orbits, j.n, j.cut, j.mirror, j.flip, j.turn, j.tasks)
}

// Tasks returns the number of tasks: C(n, cut), or the number of orbits.
func (j *Job) Tasks() int { return j.tasks }

// Cut returns the number of rows above the cut.
func (j *Job) Cut() int { return j.cut }

// Columns returns the columns the top rows take in task i, as a bit mask: the i-th mask of cut bits out
// of n in increasing order, or of the orbits' least masks.
func (j *Job) Columns(i int) uint64 {
	if j.reps != nil {
		return j.reps[i]
	}
	var s uint64
	r := uint64(i)
	k := j.cut
	// The masks in increasing order: the highest bit of the i-th is the largest m with C(m, k) ≤ i.
	for ; k > 0; k-- {
		m := k - 1
		for m+1 < j.n && j.binom[k][m+1] <= r {
			m++
		}
		s |= 1 << m
		r -= j.binom[k][m]
	}
	return s
}

// Weight returns the number of column sets task i stands for: the size of its orbit, 1 without
// symmetries.
func (j *Job) Weight(i int) uint64 {
	if j.reps != nil {
		return uint64(j.weight[i])
	}
	return 1
}

// Task returns the index of the task whose top rows take the columns of mask s (of s's orbit), or −1 if
// s does not have cut of the n low bits.
func (j *Job) Task(s uint64) int {
	if bits.OnesCount64(s) != j.cut || s>>j.n != 0 {
		return -1
	}
	if j.reps != nil {
		var buf [4]uint64
		i, _ := slices.BinarySearch(j.reps, slices.Min(j.orbit(buf[:0], s)))
		return i
	}
	var i uint64
	k := 1
	for t := s; t != 0; t &= t - 1 {
		i += j.binom[k][bits.TrailingZeros64(t)]
		k++
	}
	return int(i)
}
