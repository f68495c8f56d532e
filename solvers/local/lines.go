package local

import "github.com/queens-dev/queens/constraints"

// A family is one partition of the board into lines that each hold at most cap queens: a rider's
// lines, the columns, or the regions, as the Program has them. Its lines are named by the Program's
// Labeller, from a cell in O(1), with memory in the number of rows and columns, never in the cells. Rows
// need no family: every row holds one queen by construction.
type family struct {
	lab   *constraints.Labeller
	cap   int32
	lines int64
	// count and who hold, per line, the number of queens and the xor of their rows (which names the
	// other queen of a line that holds two). Families with too many lines for arrays keep them in a map.
	count, who []int32
	sparse     map[int64][2]int32
}

// denseLines bounds the lines a family keeps in arrays on a rows×cols board; beyond, in a map. The
// diagonals need rows + cols − 1 lines, a nightrider's lines about 3·(rows + cols)/2.
func denseLines(rows, cols int) int64 { return 4*int64(rows+cols) + 1<<20 }

// newFamily returns the family of lines of at most cap queens that lab names.
func newFamily(lab *constraints.Labeller, cap int32) *family {
	return &family{lab: lab, cap: cap, lines: lab.Count()}
}

// label names the line through row r, column c; -1 for a cell on no line (in no region).
func (f *family) label(r, c int) int64 {
	l, ok := f.lab.Label(constraints.Cell{Row: r, Col: c})
	if !ok {
		return -1
	}
	return l
}

// alloc makes the family's counters, in arrays or in a map.
func (f *family) alloc(rows, cols int) {
	if f.lines <= denseLines(rows, cols) {
		f.count = make([]int32, f.lines)
		f.who = make([]int32, f.lines)
		return
	}
	f.sparse = map[int64][2]int32{}
}

// get returns the queens on line l and the xor of their rows.
func (f *family) get(l int64) (int32, int32) {
	if f.count != nil {
		return f.count[l], f.who[l]
	}
	e := f.sparse[l]
	return e[0], e[1]
}

// add puts row i's queen on line l (d = 1) or takes it off (d = −1), and returns the line's count before.
func (f *family) add(l int64, i int32, d int32) int32 {
	if f.count != nil {
		k := f.count[l]
		f.count[l] = k + d
		f.who[l] ^= i
		return k
	}
	e := f.sparse[l]
	k := e[0]
	if k+d == 0 {
		delete(f.sparse, l)
	} else {
		f.sparse[l] = [2]int32{k + d, e[1] ^ i}
	}
	return k
}
