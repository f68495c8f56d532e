package constraints

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/queens-dev/queens/internal/intmath"
)

// Symmetry is a map of the board onto itself: one of the square's eight rotations and reflections,
// followed on a torus by a shift of the rows and columns.
type Symmetry struct {
	// Turn is the rotation or reflection, one of the D4 elements Identity … AntiTranspose.
	Turn Turn
	// DRow and DCol shift the board after the turn; nonzero only on a torus.
	DRow, DCol int
}

// Turn is one of the eight symmetries of the square.
type Turn uint8

// The eight symmetries of the square. On a board that is not square, only Identity, Rotate180, MirrorCols
// and MirrorRows map the board onto itself.
const (
	Identity      Turn = iota
	Rotate90           // (r, c) → (c, n−1−r), clockwise
	Rotate180          // (r, c) → (n−1−r, n−1−c)
	Rotate270          // (r, c) → (n−1−c, r)
	MirrorCols         // (r, c) → (r, n−1−c), left and right swapped
	MirrorRows         // (r, c) → (n−1−r, c), top and bottom swapped
	Transpose          // (r, c) → (c, r)
	AntiTranspose      // (r, c) → (n−1−c, n−1−r)
)

var turnNames = [...]string{"identity", "rotate90", "rotate180", "rotate270", "mirror-cols", "mirror-rows", "transpose", "anti-transpose"}

// String names the turn: "identity", "rotate90", …
func (t Turn) String() string {
	if int(t) < len(turnNames) {
		return turnNames[t]
	}
	return fmt.Sprintf("turn(%d)", uint8(t))
}

// SwapsSides reports whether t turns rows into columns; it maps only a square board onto itself.
func (t Turn) SwapsSides() bool {
	return t == Rotate90 || t == Rotate270 || t == Transpose || t == AntiTranspose
}

// Vec returns the image of the offset v under t: the turn's linear part, without its translation.
func (t Turn) Vec(v Vec) Vec {
	dr, dc := v.DR, v.DC
	switch t {
	case Rotate90:
		return Vec{dc, -dr}
	case Rotate180:
		return Vec{-dr, -dc}
	case Rotate270:
		return Vec{-dc, dr}
	case MirrorCols:
		return Vec{dr, -dc}
	case MirrorRows:
		return Vec{-dr, dc}
	case Transpose:
		return Vec{dc, dr}
	case AntiTranspose:
		return Vec{-dc, -dr}
	}
	return v
}

// String writes s as "rotate90" or "rotate90+shift(1,2)".
func (s Symmetry) String() string {
	if s.DRow == 0 && s.DCol == 0 {
		return s.Turn.String()
	}
	return fmt.Sprintf("%s+shift(%d,%d)", s.Turn, s.DRow, s.DCol)
}

// Apply maps c on a rows×cols board.
func (s Symmetry) Apply(c Cell, rows, cols int) Cell {
	r, k := c.Row, c.Col
	mr, mc := rows-1, cols-1
	switch s.Turn {
	case Rotate90:
		r, k = k, mr-r
	case Rotate180:
		r, k = mr-r, mc-k
	case Rotate270:
		r, k = mc-k, r
	case MirrorCols:
		k = mc - k
	case MirrorRows:
		r = mr - r
	case Transpose:
		r, k = k, r
	case AntiTranspose:
		r, k = mc-k, mr-r
	}
	if s.DRow != 0 || s.DCol != 0 {
		r, k = intmath.Mod(r+s.DRow, rows), intmath.Mod(k+s.DCol, cols)
	}
	return Cell{r, k}
}

// Map returns the image of sol under s, sorted.
func (m Model) Map(s Symmetry, sol Solution) Solution {
	out := make(Solution, len(sol))
	for i, c := range sol {
		out[i] = s.Apply(c, m.Rows, m.Cols)
	}
	slices.SortFunc(out, compareCells)
	return out
}

// Keeps reports whether s is a symmetry of the model: it maps the board onto itself (a shift only on a
// torus, a turn of rows into columns only on a square board) and keeps the attack relation, the blocked
// cells, the fixed queens, the quotas and the region partition (up to renaming the regions). It takes time
// linear in the cells named, and in the board's area where the attacks or the regions need it.
func (m Model) Keeps(s Symmetry) bool {
	if (s.DRow != 0 || s.DCol != 0) && !m.Wrap {
		return false
	}
	ok, _ := m.keepsTurn(context.Background(), s.Turn)
	return ok && m.keepsCells(s)
}

// keepsTurn reports whether the turn t fits the board, keeps the attack relation and the quotas.
func (m Model) keepsTurn(ctx context.Context, t Turn) (bool, error) {
	if t.SwapsSides() && (!m.Square() || m.Each.Row != m.Each.Column) {
		return false, nil
	}
	return m.keepsRelation(ctx, t)
}

// keepsRelation reports whether t keeps the attack relation: Attacks(a, b) == Attacks(t(a), t(b)) for
// every pair of cells. (Shifts on a torus always keep it.) When the riders map onto riders, the relation
// does too, and the answer is quick; leapers always do. Otherwise it may still hold where the board makes
// riders empty or equal (no diagonal pairs on a 1×n board; diagonals and anti-diagonals alike on a 4×6
// torus), so the relation itself is checked, one pair per offset, since attack depends on the offset
// alone.
func (m Model) keepsRelation(ctx context.Context, t Turn) (bool, error) {
	closed := true
	for _, r := range m.Attack.riders {
		if _, ok := slices.BinarySearchFunc(m.Attack.riders, rider(t.Vec(r)), compareVecs); !ok {
			closed = false
			break
		}
	}
	if closed {
		return true, nil
	}
	s := Symmetry{Turn: t}
	same := func(dr, dc int) bool {
		var a Cell // a cell from which the offset stays on the board
		if !m.Wrap {
			a = Cell{max(0, -dr), max(0, -dc)}
		}
		b := m.step(a, Vec{dr, dc})
		return m.Attacks(a, b) == m.Attacks(s.Apply(a, m.Rows, m.Cols), s.Apply(b, m.Rows, m.Cols))
	}
	// Small offsets first: a turn that breaks the relation almost always shows it within two steps.
	for ring := 1; ring <= max(m.Rows, m.Cols); ring++ {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		for dr := -ring; dr <= ring; dr++ {
			for dc := -ring; dc <= ring; dc++ {
				if max(intmath.Abs(dr), intmath.Abs(dc)) != ring || intmath.Abs(dr) >= m.Rows || intmath.Abs(dc) >= m.Cols {
					continue
				}
				if !same(dr, dc) {
					return false, nil
				}
			}
		}
	}
	return true, nil
}

// keepsCells reports whether s maps the blocked cells and the fixed queens onto themselves and the region
// partition onto itself.
func (m Model) keepsCells(s Symmetry) bool {
	return keepsSet(m, s, m.Blocked) && keepsSet(m, s, m.Fixed) && m.keepsRegions(s)
}

// keepsSet reports whether s maps the set of cells onto itself.
func keepsSet(m Model, s Symmetry, cells []Cell) bool {
	if len(cells) == 0 {
		return true
	}
	set := NewCellSet(cells)
	for _, c := range cells {
		if !set.Has(s.Apply(c, m.Rows, m.Cols)) {
			return false // a map that is one to one takes a finite set into itself only if onto it
		}
	}
	return true
}

// keepsRegions reports whether s maps every region onto a region, and the cells in none onto cells in
// none.
func (m Model) keepsRegions(s Symmetry) bool {
	g := m.Regions
	if g == nil {
		return true
	}
	to := make([]int, g.Count())
	for i := range to {
		to[i] = -1
	}
	from := slices.Clone(to)
	for r := range m.Rows {
		for c := range m.Cols {
			i, j := g.At(Cell{r, c}), g.At(s.Apply(Cell{r, c}, m.Rows, m.Cols))
			if (i < 0) != (j < 0) {
				return false
			}
			if i < 0 {
				continue
			}
			if (to[i] >= 0 && to[i] != j) || (from[j] >= 0 && from[j] != i) {
				return false
			}
			to[i], from[j] = j, i
		}
	}
	return true
}

// Group is the symmetry group of a model: the maps of the board onto itself that keep the model, so that a
// solution mapped by any of them is again a solution. It is held without listing every map: a torus of
// side n has up to 8n² of them. Each turn in the group comes with one shift that makes it a symmetry, and
// the shifts that are symmetries on their own (every shift, when nothing on the board breaks them) make
// the rest: the elements are (turn, its shift + h) for every such shift h.
type Group struct {
	m     Model
	turns []Turn       // identity first
	shift map[Turn]Vec // the shift that goes with each turn
	all   bool         // every shift of the torus keeps the model
	sub   []Vec        // otherwise the shifts that do, the zero shift first
}

// Group returns the model's symmetry group. It stops with ctx's error if ctx ends first; it takes time
// linear in the cells named, times the shifts to try on a torus that has blocked or fixed cells or
// regions, and in the board's area where the attacks or the regions need it.
func (m Model) Group(ctx context.Context) (*Group, error) {
	g := &Group{m: m, shift: map[Turn]Vec{}}
	if err := g.shifts(ctx); err != nil {
		return nil, err
	}
	for t := Identity; t <= AntiTranspose; t++ {
		ok, err := m.keepsTurn(ctx, t)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		s, found, err := g.shiftFor(ctx, t)
		if err != nil {
			return nil, err
		}
		if found {
			g.turns = append(g.turns, t)
			g.shift[t] = s
		}
	}
	return g, nil
}

// shifts finds the shifts that keep the model on their own.
func (g *Group) shifts(ctx context.Context) error {
	m := g.m
	if !m.Wrap {
		g.sub = []Vec{{}}
		return nil
	}
	if len(m.Blocked) == 0 && len(m.Fixed) == 0 && m.Regions == nil {
		g.all = true
		return nil
	}
	for _, v := range g.candidates(Identity) {
		if err := ctx.Err(); err != nil {
			return err
		}
		if m.keepsCells(Symmetry{Turn: Identity, DRow: v.DR, DCol: v.DC}) {
			g.sub = append(g.sub, v)
		}
	}
	return nil
}

// candidates lists the shifts s for which (t, s) might keep the model: on a flat board the zero shift
// alone; on a torus those that take the image of the first named cell onto a named cell of its kind, or
// every shift when the model names no cell (regions alone).
func (g *Group) candidates(t Turn) []Vec {
	m := g.m
	if !m.Wrap {
		return []Vec{{}}
	}
	var set []Cell
	switch {
	case len(m.Fixed) > 0:
		set = m.Fixed
	case len(m.Blocked) > 0:
		set = m.Blocked
	}
	var out []Vec
	if set == nil {
		for dr := range m.Rows {
			for dc := range m.Cols {
				out = append(out, Vec{dr, dc})
			}
		}
		return out
	}
	img := Symmetry{Turn: t}.Apply(set[0], m.Rows, m.Cols)
	for _, c := range set {
		out = append(out, Vec{intmath.Mod(c.Row-img.Row, m.Rows), intmath.Mod(c.Col-img.Col, m.Cols)})
	}
	slices.SortFunc(out, compareVecs)
	return slices.Compact(out)
}

// shiftFor finds a shift s for which (t, s) keeps the cells of the model; t is known to keep the rest.
func (g *Group) shiftFor(ctx context.Context, t Turn) (Vec, bool, error) {
	if g.all || !g.m.Wrap {
		return Vec{}, g.all || g.m.keepsCells(Symmetry{Turn: t}), nil
	}
	for _, v := range g.candidates(t) {
		if err := ctx.Err(); err != nil {
			return Vec{}, false, err
		}
		if g.m.keepsCells(Symmetry{Turn: t, DRow: v.DR, DCol: v.DC}) {
			return v, true, nil
		}
	}
	return Vec{}, false, nil
}

// Order returns the number of maps in the group.
func (g *Group) Order() uint64 {
	shifts := uint64(len(g.sub))
	if g.all {
		shifts = uint64(g.m.Rows) * uint64(g.m.Cols)
	}
	return uint64(len(g.turns)) * shifts
}

// Turns returns the turns that some map of the group makes, Identity first.
func (g *Group) Turns() []Turn { return slices.Clone(g.turns) }

// AllShifts reports whether every shift of the torus is in the group.
func (g *Group) AllShifts() bool { return g.all }

// Contains reports whether s is in the group.
func (g *Group) Contains(s Symmetry) bool {
	t0, ok := g.shift[s.Turn]
	if !ok {
		return false
	}
	if !g.m.Wrap {
		return s.DRow == 0 && s.DCol == 0
	}
	if g.all {
		return true
	}
	h := Vec{intmath.Mod(s.DRow-t0.DR, g.m.Rows), intmath.Mod(s.DCol-t0.DC, g.m.Cols)}
	return slices.Contains(g.sub, h)
}

// All yields every map of the group, each once, the identity first. On a torus that keeps every shift
// there are 8·rows·cols of them at most; callers that only need the least image or the stabilizer of a
// solution should use Least and Stabilizer, which try a few maps per queen instead.
func (g *Group) All() iter.Seq[Symmetry] {
	return func(yield func(Symmetry) bool) {
		for _, t := range g.turns {
			for h := range g.shiftsFrom(g.shift[t]) {
				if !yield(Symmetry{Turn: t, DRow: h.DR, DCol: h.DC}) {
					return
				}
			}
		}
	}
}

// shiftsFrom yields s0 + h for every shift h of the group's shift subgroup, s0 itself first.
func (g *Group) shiftsFrom(s0 Vec) iter.Seq[Vec] {
	m := g.m
	return func(yield func(Vec) bool) {
		if g.all {
			for dr := range m.Rows {
				for dc := range m.Cols {
					if !yield(Vec{intmath.Mod(s0.DR+dr, m.Rows), intmath.Mod(s0.DC+dc, m.Cols)}) {
						return
					}
				}
			}
			return
		}
		for _, h := range g.sub {
			v := Vec{s0.DR + h.DR, s0.DC + h.DC}
			if m.Wrap {
				v = Vec{intmath.Mod(v.DR, m.Rows), intmath.Mod(v.DC, m.Cols)}
			}
			if !yield(v) {
				return
			}
		}
	}
}

// candidateMaps yields the maps of the group that can take sol to an image starting at the cell to. On a
// torus that keeps every shift that is, for each turn, the shifts that move one of the turned queens onto
// to: a least image starts at (0, 0), and a map that fixes sol takes some queen onto its first. Elsewhere
// it yields every map.
func (g *Group) candidateMaps(sol Solution, to Cell) iter.Seq[Symmetry] {
	m := g.m
	return func(yield func(Symmetry) bool) {
		if !g.all || len(sol) == 0 {
			for s := range g.All() {
				if !yield(s) {
					return
				}
			}
			return
		}
		for _, t := range g.turns {
			for _, c := range m.Map(Symmetry{Turn: t}, sol) {
				s := Symmetry{Turn: t, DRow: intmath.Mod(to.Row-c.Row, m.Rows), DCol: intmath.Mod(to.Col-c.Col, m.Cols)}
				if !yield(s) {
					return
				}
			}
		}
	}
}

// Least returns the least image of sol under the group, by Solution.Compare: the one member of its class
// that counting by classes counts.
func (g *Group) Least(sol Solution) Solution {
	least := sol
	img := make(Solution, len(sol))
	for s := range g.candidateMaps(sol, Cell{}) {
		if g.image(s, sol, img).Compare(least) < 0 {
			least = slices.Clone(img)
		}
	}
	return least
}

// IsCanonical reports whether sol is the least of its images under the group (see Least). Counting only
// the canonical solutions counts each class of solutions once.
func (g *Group) IsCanonical(sol Solution) bool {
	img := make(Solution, len(sol))
	for s := range g.candidateMaps(sol, Cell{}) {
		if g.image(s, sol, img).Compare(sol) < 0 {
			return false
		}
	}
	return true
}

// Stabilizer returns the number of maps of the group that map sol onto itself. The class of sol then
// holds Order / Stabilizer solutions.
func (g *Group) Stabilizer(sol Solution) uint64 {
	if len(sol) == 0 {
		return g.Order()
	}
	var n uint64
	img := make(Solution, len(sol))
	for s := range g.candidateMaps(sol, sol[0]) {
		if g.image(s, sol, img).Compare(sol) == 0 {
			n++
		}
	}
	return n
}

// image writes the image of sol under s into img, sorted, and returns it.
func (g *Group) image(s Symmetry, sol, img Solution) Solution {
	for i, c := range sol {
		img[i] = s.Apply(c, g.m.Rows, g.m.Cols)
	}
	slices.SortFunc(img, compareCells)
	return img
}
