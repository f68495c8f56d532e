package constraints

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/queens-dev/queens/constraints/intmath"
)

// Symmetry is a map of the board onto itself: one of the square's eight rotations and reflections,
// followed on a surface with joined edges by a shift of the rows and columns across them.
type Symmetry struct {
	// Turn is the rotation or reflection, one of the D4 elements Identity … AntiTranspose.
	Turn Turn
	// DRow and DCol shift the board after the turn; nonzero only where the edges are joined.
	DRow, DCol int
	// Twist says that the left and right edges are joined with a twist (a Möbius strip, a Klein bottle):
	// a cell the shift carries across them an odd number of times comes back upside down, and a shift by
	// the board's width is the mirror of the rows.
	Twist bool
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

// String writes s as "rotate90", "rotate90+shift(1,2)", or "mirror-cols+twisted-shift(0,5)".
func (s Symmetry) String() string {
	if s.DRow == 0 && s.DCol == 0 {
		return s.Turn.String()
	}
	if s.Twist {
		return fmt.Sprintf("%s+twisted-shift(%d,%d)", s.Turn, s.DRow, s.DCol)
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
		r, k = r+s.DRow, k+s.DCol
		q := floorDiv(k, cols)
		if s.Twist && q%2 != 0 {
			r = mr - r
		}
		r, k = intmath.Mod(r, rows), k-q*cols
	}
	return Cell{r, k}
}

// Map returns the image of sol under s, sorted. s's Twist is taken from the model's surface.
func (m Model) Map(s Symmetry, sol Solution) Solution {
	s.Twist = m.Surface.Twisted()
	out := make(Solution, len(sol))
	for i, c := range sol {
		out[i] = s.Apply(c, m.Rows, m.Cols)
	}
	slices.SortFunc(out, compareCells)
	return out
}

// Keeps reports whether s is a symmetry of the model: it maps the surface onto itself (a shift only
// across joined edges, a turn of rows into columns only on a square flat board or torus) and keeps the
// attack relation, the blocked cells, the fixed queens, the quotas and the region partition (up to
// renaming the regions). s's Twist is taken from the model's surface. It takes time linear in the cells
// named, and in the board's area where the attacks or the regions need it.
func (m Model) Keeps(s Symmetry) bool {
	s.Twist = m.Surface.Twisted()
	if !m.shiftFits(Vec{s.DRow, s.DCol}) {
		return false
	}
	ok, _ := m.keepsTurn(context.Background(), s.Turn)
	return ok && m.keepsCells(s)
}

// turnFits reports whether the turn t maps the surface onto itself: any turn that keeps the sides on a
// flat board or a torus, and every turn on a square one; on a cylinder the turns that keep the joined
// edges left and right; on a twisted surface the identity and the mirror of the columns, as the mirror
// of the rows there is the shift by the board's width (Group lists it as that).
func (m Model) turnFits(t Turn) bool {
	switch m.Surface {
	case Cylinder:
		return !t.SwapsSides()
	case Mobius, Klein:
		return t == Identity || t == MirrorCols
	}
	return !t.SwapsSides() || m.Square()
}

// shiftFits reports whether the shift v maps the surface onto itself: none on a flat board; any on a
// torus; along the rows only on a cylinder and a Möbius strip; on a Klein bottle along the rows, and
// down by none or half the rows (a plain shift of the rows by any other amount does not meet the twist).
// Along the rows of a twisted surface a shift counts modulo twice the width.
func (m Model) shiftFits(v Vec) bool {
	if v == (Vec{}) {
		return true
	}
	width := m.Cols
	if m.Surface.Twisted() {
		width *= 2
	}
	v = Vec{intmath.Mod(v.DR, m.Rows), intmath.Mod(v.DC, width)}
	switch m.Surface {
	case Flat:
		return v == Vec{}
	case Torus:
		return true
	case Cylinder, Mobius:
		return v.DR == 0
	case Klein:
		return v.DR == 0 || 2*v.DR == m.Rows
	}
	return false
}

// rowShifts returns the shifts down the board the surface allows, and the period of its shifts along
// the rows (0 when there are none).
func (m Model) rowShifts() ([]int, int) {
	switch m.Surface {
	case Torus:
		out := make([]int, m.Rows)
		for i := range out {
			out[i] = i
		}
		return out, m.Cols
	case Cylinder:
		return []int{0}, m.Cols
	case Mobius:
		return []int{0}, 2 * m.Cols
	case Klein:
		if m.Rows%2 == 0 {
			return []int{0, m.Rows / 2}, 2 * m.Cols
		}
		return []int{0}, 2 * m.Cols
	}
	return []int{0}, 0
}

// keepsTurn reports whether the turn t fits the surface, keeps the attack relation and the quotas.
func (m Model) keepsTurn(ctx context.Context, t Turn) (bool, error) {
	if !m.turnFits(t) {
		return false, nil
	}
	e := m.Each
	if t.SwapsSides() && e.Row != e.Column {
		return false, nil
	}
	// A turn whose linear part takes diagonals to anti-diagonals needs their quotas alike; on a twisted
	// surface both riders have the same lines.
	if d := rider(t.Vec(Vec{1, 1})); d != (Vec{1, 1}) && e.Diagonal != e.AntiDiagonal && !m.Surface.Twisted() {
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
	// On a twisted surface a rider (a, b) rides as (−a, b) too (cover.go): the riders in force are both.
	riders := m.Attack.riders
	if m.Surface.Twisted() {
		for _, r := range m.Attack.riders {
			riders = append(riders, rider(Vec{-r.DR, r.DC}))
		}
		riders = canonical(slices.Clone(riders))
	}
	closed := true
	for _, r := range riders {
		if _, ok := slices.BinarySearchFunc(riders, rider(t.Vec(r)), compareVecs); !ok {
			closed = false
			break
		}
	}
	if closed {
		return true, nil
	}
	s := Symmetry{Turn: t, Twist: m.Surface.Twisted()}
	if m.Surface != Flat && m.Surface != Torus {
		// The attacks of a cylinder or a twisted surface depend on the rows of both cells, not on their
		// offset alone; shifts along the rows keep them, so one cell of each row against every cell
		// settles it. A turn that breaks the relation shows it near a few rows first, checked before the
		// whole.
		kept := func(a Cell, rows []int) bool {
			for _, br := range rows {
				if ctx.Err() != nil {
					return false // the caller says why
				}
				for bc := range m.Cols {
					b := Cell{br, bc}
					if m.Attacks(a, b) != m.Attacks(s.Apply(a, m.Rows, m.Cols), s.Apply(b, m.Rows, m.Cols)) {
						return false
					}
				}
			}
			return true
		}
		for _, r := range []int{0, m.Rows / 2, m.Rows - 1} {
			var near []int
			for br := max(0, r-2); br <= min(m.Rows-1, r+2); br++ {
				near = append(near, br)
			}
			if !kept(Cell{r, 0}, near) {
				return false, ctx.Err()
			}
		}
		every := make([]int, m.Rows)
		for i := range every {
			every[i] = i
		}
		for r := range m.Rows {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			if !kept(Cell{r, 0}, every) {
				return false, ctx.Err()
			}
		}
		return true, nil
	}
	same := func(dr, dc int) bool {
		var a Cell // a cell from which the offset stays on the board
		if m.Surface == Flat {
			a = Cell{max(0, -dr), max(0, -dc)}
		}
		b, _ := m.project(Cell{a.Row + dr, a.Col + dc})
		return m.Attacks(a, b) == m.Attacks(s.Apply(a, m.Rows, m.Cols), s.Apply(b, m.Rows, m.Cols))
	}
	// Small offsets first: a turn that breaks the relation almost always shows it within two steps. Each
	// ring is its border alone, cut to the offsets the board has, so the rings together visit each offset
	// once: time linear in the board's area.
	for ring := 1; ring <= max(m.Rows, m.Cols); ring++ {
		if err := ctx.Err(); err != nil {
			return false, err
		}
		hr, hc := min(ring, m.Rows-1), min(ring, m.Cols-1)
		for dr := -hr; dr <= hr; dr++ {
			if intmath.Abs(dr) == ring { // the ring's top or bottom edge
				for dc := -hc; dc <= hc; dc++ {
					if !same(dr, dc) {
						return false, nil
					}
				}
				continue
			}
			if ring <= hc && (!same(dr, -ring) || !same(dr, ring)) { // its left and right edges
				return false, nil
			}
		}
	}
	return true, nil
}

// keepsCells reports whether s maps the blocked cells and the fixed queens onto themselves and the region
// partition onto itself, and on a twisted surface with a row quota the rows onto rows: a shift along the
// rows there carries part of a row into the mirror row and keeps the rows only when it is a whole number
// of widths.
func (m Model) keepsCells(s Symmetry) bool {
	s.Twist = m.Surface.Twisted()
	if s.Twist && !m.Each.Row.IsZero() && s.DCol%m.Cols != 0 {
		return false
	}
	return s.KeepsSet(m.Blocked, m.Rows, m.Cols) && s.KeepsSet(m.Fixed, m.Rows, m.Cols) && m.keepsRegions(s)
}

// KeepsSet reports whether s maps the set of cells onto itself on a rows×cols board: an engine that
// reads the blocked cells or the fixed queens from a Program asks it of the maps it uses.
func (s Symmetry) KeepsSet(cells []Cell, rows, cols int) bool {
	if len(cells) == 0 {
		return true
	}
	set := NewCellSet(cells)
	for _, c := range cells {
		if !set.Has(s.Apply(c, rows, cols)) {
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
// the shifts that are symmetries on their own (every shift the surface allows, when nothing on the board
// breaks them) make the rest: the elements are (turn, its shift + h) for every such shift h. A shift is
// a translation of the surface's cover (cover.go): on a twisted surface the shifts along the rows count
// modulo twice the width, and the mirror of the rows is among them.
type Group struct {
	m     Model
	turns []Turn       // identity first
	shift map[Turn]Vec // the shift that goes with each turn
	all   bool         // every shift the surface allows keeps the model
	sub   []Vec        // otherwise the shifts that do, the zero shift first
	// rowShifts and period are the shifts the surface allows: rowShifts down the board, and any along the
	// rows modulo period (0 when the left and right edges are not joined).
	rowShifts []int
	period    int
}

// Group returns the model's symmetry group. It stops with ctx's error if ctx ends first; it takes time
// linear in the cells named, times the shifts to try on a surface with joined edges that has blocked or
// fixed cells or regions, and in the board's area where the attacks or the regions need it.
func (m Model) Group(ctx context.Context) (*Group, error) {
	g := &Group{m: m, shift: map[Turn]Vec{}}
	g.rowShifts, g.period = m.rowShifts()
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

// symmetry returns the map (t, v) on the model's surface.
func (g *Group) symmetry(t Turn, v Vec) Symmetry {
	return Symmetry{Turn: t, DRow: v.DR, DCol: v.DC, Twist: g.m.Surface.Twisted()}
}

// shifts finds the shifts that keep the model on their own.
func (g *Group) shifts(ctx context.Context) error {
	m := g.m
	if g.period == 0 {
		g.sub = []Vec{{}}
		return nil
	}
	if len(m.Blocked) == 0 && len(m.Fixed) == 0 && m.Regions == nil && !(m.Surface.Twisted() && !m.Each.Row.IsZero()) {
		g.all = true
		return nil
	}
	for _, v := range g.candidates(Identity) {
		if err := ctx.Err(); err != nil {
			return err
		}
		if m.keepsCells(g.symmetry(Identity, v)) {
			g.sub = append(g.sub, v)
		}
	}
	return nil
}

// allowed yields every shift the surface allows, the zero shift first.
func (g *Group) allowed() iter.Seq[Vec] {
	return func(yield func(Vec) bool) {
		for _, dr := range g.rowShifts {
			for dc := range max(g.period, 1) {
				if !yield(Vec{dr, dc}) {
					return
				}
			}
		}
	}
}

// candidates lists the shifts s for which (t, s) might keep the model: on a flat board the zero shift
// alone; on a torus those that take the image of the first named cell onto a named cell of its kind;
// elsewhere, or on a torus that names no cell (regions alone), every shift the surface allows.
func (g *Group) candidates(t Turn) []Vec {
	m := g.m
	if g.period == 0 {
		return []Vec{{}}
	}
	var set []Cell
	switch {
	case m.Surface != Torus:
	case len(m.Fixed) > 0:
		set = m.Fixed
	case len(m.Blocked) > 0:
		set = m.Blocked
	}
	var out []Vec
	if set == nil {
		for v := range g.allowed() {
			out = append(out, v)
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
	if g.all || g.period == 0 {
		return Vec{}, g.all || g.m.keepsCells(Symmetry{Turn: t}), nil
	}
	for _, v := range g.candidates(t) {
		if err := ctx.Err(); err != nil {
			return Vec{}, false, err
		}
		if g.m.keepsCells(g.symmetry(t, v)) {
			return v, true, nil
		}
	}
	return Vec{}, false, nil
}

// Order returns the number of maps in the group.
func (g *Group) Order() uint64 {
	shifts := uint64(len(g.sub))
	if g.all {
		shifts = uint64(len(g.rowShifts)) * uint64(g.period)
	}
	return uint64(len(g.turns)) * shifts
}

// Turns returns the turns that some map of the group makes, Identity first.
func (g *Group) Turns() []Turn { return slices.Clone(g.turns) }

// AllShifts reports whether every shift the surface allows is in the group.
func (g *Group) AllShifts() bool { return g.all }

// Contains reports whether s is in the group.
func (g *Group) Contains(s Symmetry) bool {
	t0, ok := g.shift[s.Turn]
	if !ok || s.Twist != g.m.Surface.Twisted() {
		return false
	}
	if g.period == 0 {
		return s.DRow == 0 && s.DCol == 0
	}
	h := Vec{intmath.Mod(s.DRow-t0.DR, g.m.Rows), intmath.Mod(s.DCol-t0.DC, g.period)}
	if g.all {
		return slices.Contains(g.rowShifts, h.DR)
	}
	return slices.Contains(g.sub, h)
}

// All yields every map of the group, each once, the identity first. On a torus that keeps every shift
// there are 8·rows·cols of them at most; callers that only need the least image or the stabilizer of a
// solution should use Least and Stabilizer, which try a few maps per queen instead.
func (g *Group) All() iter.Seq[Symmetry] {
	return func(yield func(Symmetry) bool) {
		for _, t := range g.turns {
			for h := range g.shiftsFrom(g.shift[t]) {
				if !yield(g.symmetry(t, h)) {
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
		add := func(h Vec) Vec {
			if g.period == 0 {
				return s0
			}
			return Vec{intmath.Mod(s0.DR+h.DR, m.Rows), intmath.Mod(s0.DC+h.DC, g.period)}
		}
		if g.all {
			for h := range g.allowed() {
				if !yield(add(h)) {
					return
				}
			}
			return
		}
		for _, h := range g.sub {
			if !yield(add(h)) {
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
		if !g.all || m.Surface != Torus || len(sol) == 0 {
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
