package backtrack

import (
	"fmt"
	"math/bits"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// maxGeneralWords bounds the general path's work space: one row mask per row for every queen placed.
const maxGeneralWords = 1 << 24

// general is the path for every model: queens are placed on cells in row-major order, each one taking
// from the rows below it (and the rest of its own row) the cells it attacks. It does not need one queen
// per row, so it serves attack subsets, fewer queens than rows, and models without the row attack.
type general struct {
	p      *plan
	left   int        // queens still to place, the fixed ones already counted
	avail  [][]uint64 // avail[depth][row]: cells still open to the queen placed at that depth
	placed []uint64   // placed[row]: queens placed so far in the row
	stop   func() bool
	emit   func([]uint64) bool // nil when only counting
	count  uint64
	ticks  uint32
}

func newGeneral(p *plan, stop func() bool, emit func([]uint64) bool) (*general, error) {
	left := p.queens - len(p.m.Fixed)
	if (left+1)*p.rows > maxGeneralWords {
		return nil, fmt.Errorf("backtrack: %d queens on %d rows: too large for the general path: %w", p.queens, p.rows, solvers.ErrUnsupported)
	}
	g := &general{p: p, left: left, stop: stop, emit: emit, placed: make([]uint64, p.rows)}
	g.avail = make([][]uint64, left+1)
	for i := range g.avail {
		g.avail[i] = make([]uint64, p.rows)
	}
	copy(g.avail[0], p.allowed)
	return g, nil
}

// run walks the whole tree; it returns false if it was stopped.
func (g *general) run() bool { return g.walk(0, 0) }

// walk places the queen of the given depth on a cell at row r or below, using avail[depth]. It returns
// false once stopped.
func (g *general) walk(depth, r int) bool {
	p := g.p
	if depth == g.left {
		g.count++
		if g.emit != nil {
			sol := make([]uint64, p.rows)
			for i := range sol {
				sol[i] = g.placed[i] | p.fixed[i]
			}
			return g.emit(sol)
		}
		return true
	}
	if g.ticks++; g.ticks&1023 == 0 && g.stop() {
		return false
	}
	avail := g.avail[depth]
	need := g.left - depth
	for ; r < p.rows; r++ {
		if g.capacity(avail, r) < need {
			return true
		}
		for w := avail[r]; w != 0; w &= w - 1 {
			bit := w & -w
			c := bits.TrailingZeros64(bit)
			next := g.avail[depth+1]
			// The rest of this row, past c, then every row below.
			next[r] = (w &^ bit) &^ p.reach[0][c]
			for rr := r + 1; rr < p.rows; rr++ {
				next[rr] = avail[rr] &^ p.reach[rr-r][c]
			}
			g.placed[r] |= bit
			ok := g.walk(depth+1, r)
			g.placed[r] &^= bit
			if !ok {
				return false
			}
		}
	}
	return true
}

// capacity bounds from above how many more queens fit in rows r.. of avail: no more than the open cells,
// no more than the rows with an open cell when rows attack, no more than the open columns when columns
// attack.
func (g *general) capacity(avail []uint64, r int) int {
	cells, rows := 0, 0
	var union uint64
	for _, w := range avail[r:] {
		if w != 0 {
			cells += bits.OnesCount64(w)
			rows++
			union |= w
		}
	}
	bound := cells
	if g.p.m.Attack.Has(constraints.Row) {
		bound = min(bound, rows)
	}
	if g.p.m.Attack.Has(constraints.Column) {
		bound = min(bound, bits.OnesCount64(union))
	}
	return bound
}
