// Package puzzles makes region puzzles with exactly one solution: LinkedIn's daily "Queens" (one queen
// per row, column and coloured region, no two touching, not even at a corner) and Star Battle (two or
// more stars per row, column and region, no two touching).
//
// A puzzle is made around a hidden solution. First a random placement that meets the quotas with no two
// queens touching; then one region per quota's worth of its queens, grown from those queens turn by turn,
// each region taking a free cell beside it, so the hidden placement solves the puzzle by construction and
// the regions come out as blobs of several sizes, none tiny, none taking much of the board, each in one
// piece: the shapes of published puzzles (see ShapeOf). A solver then looks for other solutions. While
// it finds some, a cell holding a queen of one of them but none of the hidden ones moves to a
// neighbouring region: that leaves the hidden solution whole and breaks the others with a queen there.
// The move is chosen among those that keep every region in one piece and fairly sized, to break as many
// of the solutions found as it can. The count that ends the loop is the solver's, so "exactly one
// solution" is proved, never assumed.
package puzzles

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers"
)

// Options say what puzzle to make.
type Options struct {
	// Size is the side of the square board.
	Size int
	// Stars is how many queens each row, column and region holds: 1 for LinkedIn's Queens, 2 or more for
	// Star Battle.
	Stars int
	// Seed picks the puzzle: the same options, seed and solver give the same puzzle.
	Seed uint64
	// Singles is how many regions of a one-star puzzle start as their queen's cell alone and do not
	// grow, the way LinkedIn's easiest puzzles start; other regions have at least three cells.
	Singles int
	// Accept, when set, is asked about each puzzle made, and Make goes on from another hidden solution
	// while it says no: a puzzle of a given grade is the first the same random draws give that Accept
	// takes, so different seeds give different puzzles.
	Accept func(ctx context.Context, m constraints.Model) (bool, error)
	// Progress, when set, is called after each hidden solution given up on, with how many so far.
	Progress func(tries int)
}

// The sizes and stars Make takes. Below 4 per star no placement keeps queens from touching; above
// MaxSideFor the median puzzle takes more than a second or two to make.
const (
	MinSize  = 4
	MaxStars = 4
)

// MinSideFor returns the smallest side Make takes with stars queens per line: 4 per star, the fewest
// columns that take stars queens a row without two touching, but 17 for four stars. At 16×16 every two
// columns side by side must hold a queen in every other row, so few placements exist, and the median
// puzzle takes seconds.
func MinSideFor(stars int) int {
	if stars == 4 {
		return 17
	}
	return MinSize * stars
}

// MaxSideFor returns the largest side Make takes with stars queens per line, 0 for none: the sides whose
// puzzles it makes in under a second or two (median, one core; see docs/puzzles.md). They take in the
// sizes published Star Battles come in: 10×10 with 2 stars, 14×14 with 3, 17×17 with 4.
func MaxSideFor(stars int) int {
	switch stars {
	case 1:
		return 12
	case 2:
		return 12
	case 3:
		return 14
	case 4:
		return 17
	}
	return 0
}

// CheckOptions reports, in a sentence, why Make would refuse o's size and stars.
func CheckOptions(o Options) error {
	switch {
	case o.Stars < 1:
		return fmt.Errorf("%d stars: want 1 (LinkedIn's Queens) or more (Star Battle)", o.Stars)
	case MaxSideFor(o.Stars) == 0:
		return fmt.Errorf("%d stars: the generator makes puzzles of 1 to %d stars", o.Stars, MaxStars)
	case o.Singles < 0 || o.Singles > 0 && o.Stars > 1 || o.Singles > o.Size/4:
		return fmt.Errorf("%d one-cell regions: want 0, or up to a quarter of the side with one star", o.Singles)
	case o.Size < MinSideFor(o.Stars) || o.Size > MaxSideFor(o.Stars):
		return fmt.Errorf("want a side from %d to %d with %d %s", MinSideFor(o.Stars), MaxSideFor(o.Stars), o.Stars, plural(o.Stars, "star", "stars"))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// maxRepairs bounds the cells moved in the search for a unique puzzle, before Make starts again from
// another hidden solution.
const maxRepairs = 400

// Make returns a puzzle with exactly one solution, and that solution, using s to look for other
// solutions; s must take regions and quotas. With s nil, Make searches by deduce's walk (the propagate
// solver's search) within a budget of nodes a search, the quickest way: a grid that would take long to
// search is given up for another hidden solution. It stops with ctx's error if ctx ends first.
func Make(ctx context.Context, o Options, s solvers.Solver) (constraints.Model, constraints.Solution, error) {
	if err := CheckOptions(o); err != nil {
		return constraints.Model{}, nil, fmt.Errorf("puzzles: size %d, %d stars: %w", o.Size, o.Stars, err)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.Size)<<8|uint64(o.Stars)))
	tries := 0
	for {
		if err := ctx.Err(); err != nil {
			return constraints.Model{}, nil, err
		}
		hidden := placement(rng, o.Size, o.Stars)
		if hidden == nil {
			continue
		}
		g := grow(rng, o.Size, o.Stars, o.Singles, hidden)
		if g == nil || !fair(g, o.Stars, o.Singles) {
			continue
		}
		m, err := repair(ctx, rng, g, o.Stars, hidden, s)
		if err == nil && o.Accept != nil {
			var ok bool
			if ok, err = o.Accept(ctx, m); err == nil && !ok {
				err = errGiveUp
			}
		}
		if errors.Is(err, errGiveUp) {
			tries++
			if o.Progress != nil {
				o.Progress(tries)
			}
			continue
		}
		return m, hidden, err
	}
}

var errGiveUp = errors.New("puzzles: too many repairs")

// placementBudget bounds the nodes one random search for a hidden solution visits before it starts again
// with new random choices: a search that goes astray early rarely recovers.
const placementBudget = 20000

// placement returns a random placement of stars queens per row and column with no two touching, or nil
// if the search met its budget first. It searches row by row, trying the rows' column choices in a random
// order, and cuts a choice that leaves some column more queens to take than the rows below can give it:
// two queens in one column may not stand in neighbouring rows, so r rows give a column at most ⌈r/2⌉.
func placement(rng *rand.Rand, n, stars int) constraints.Solution {
	choices := rowChoices(n, stars)
	cols := make([]int, n) // queens per column so far
	rows := make([][]int, 0, n)
	budget := placementBudget
	var place func(r int) bool
	place = func(r int) bool {
		if r == n {
			return true
		}
		var above []int
		if r > 0 {
			above = rows[r-1]
		}
		order := rng.Perm(len(choices))
		for _, k := range order {
			if budget--; budget < 0 {
				return false
			}
			pick := choices[k]
			if !fits(pick, above, cols, stars) {
				continue
			}
			for _, c := range pick {
				cols[c]++
			}
			if feasible(cols, pick, stars, n-r-1) {
				rows = append(rows, pick)
				if place(r + 1) {
					return true
				}
				rows = rows[:r]
			}
			for _, c := range pick {
				cols[c]--
			}
		}
		return false
	}
	if !place(0) {
		return nil
	}
	var sol constraints.Solution
	for r, cs := range rows {
		for _, c := range cs {
			sol = append(sol, constraints.Cell{Row: r, Col: c})
		}
	}
	return constraints.NewSolution(sol...)
}

// rowChoices lists every set of stars columns of an n-wide row with no two side by side.
func rowChoices(n, stars int) [][]int {
	var out [][]int
	var pick func(from int, cur []int)
	pick = func(from int, cur []int) {
		if len(cur) == stars {
			out = append(out, slices.Clone(cur))
			return
		}
		for c := from; c < n; c++ {
			pick(c+2, append(cur, c))
		}
	}
	pick(0, nil)
	return out
}

// fits reports whether a row may take the columns of pick: none full, none touching a queen of the row
// above.
func fits(pick, above, cols []int, stars int) bool {
	for _, c := range pick {
		if cols[c] >= stars {
			return false
		}
		for _, a := range above {
			if c-a >= -1 && c-a <= 1 {
				return false
			}
		}
	}
	return true
}

// feasible reports whether every column can still be filled by the left rows below the row just placed,
// whose columns are pick. Two queens in one column may not stand in neighbouring rows, so r rows give a
// column at most ⌈r/2⌉, one fewer if the row just placed holds a queen there. The same holds for two
// columns side by side: a row holds a queen in at most one of them, and two neighbouring rows cannot
// both hold one there (they would touch), so the pair too takes at most ⌈r/2⌉. With many stars the pairs
// are what bind: 17 columns of 4 stars need 8 queens from every pair of columns in 17 rows, of 9 at most.
func feasible(cols, pick []int, stars, left int) bool {
	room := func(cs ...int) int {
		for _, c := range cs {
			if slices.Contains(pick, c) {
				return left / 2
			}
		}
		return (left + 1) / 2
	}
	for c, k := range cols {
		if stars-k > room(c) {
			return false
		}
		if c+1 < len(cols) && 2*stars-k-cols[c+1] > room(c, c+1) {
			return false
		}
	}
	return true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// repair moves cells between regions until s finds no solution but hidden, and returns the puzzle. It
// keeps the other solutions s found in a pool: a move that breaks one may leave others whole, and those
// are broken next without asking s again; only when none is left does s search.
func repair(ctx context.Context, rng *rand.Rand, g [][]int, stars int, hidden constraints.Solution, s solvers.Solver) (constraints.Model, error) {
	isHidden := constraints.NewCellSet(hidden)
	var pool []constraints.Solution
	for range maxRepairs {
		pool = slices.DeleteFunc(pool, func(sol constraints.Solution) bool { return !solves(g, stars, sol) })
		if len(pool) == 0 {
			m, err := modelOf(g, stars)
			if err != nil {
				return constraints.Model{}, err
			}
			if pool, err = others(ctx, m, hidden, s); err != nil {
				return constraints.Model{}, err
			}
			if len(pool) == 0 {
				return m, nil
			}
		}
		if !move(rng, g, stars, pool, isHidden) {
			return constraints.Model{}, errGiveUp
		}
	}
	return constraints.Model{}, errGiveUp
}

// poolSize is how many other solutions repair asks s for at a time.
const poolSize = 32

// nodeBudget bounds the nodes of one search of Make's own (deduce's walk, when Make is given no
// solver). A few grids on the way to a unique puzzle take the walk minutes to search; giving such a
// hidden solution up for another is far quicker, and a budget of nodes, unlike one of time, gives up
// at the same grid on every machine, so a seed still makes one puzzle.
const nodeBudget = 1 << 11

// others returns up to poolSize solutions of m other than hidden, none if hidden is its only one;
// hidden must be one. With s nil it searches by deduce's walk, and gives up (errGiveUp) after
// nodeBudget nodes.
func others(ctx context.Context, m constraints.Model, hidden constraints.Solution, s solvers.Solver) ([]constraints.Solution, error) {
	var out []constraints.Solution
	seenHidden := false
	visit := func(sol constraints.Solution) bool {
		if sol.Compare(hidden) == 0 {
			seenHidden = true
			return true
		}
		out = append(out, sol)
		return len(out) < poolSize
	}
	var res solvers.Result
	var err error
	if s != nil {
		res, err = s.Enumerate(ctx, m, visit)
	} else {
		res, err = walk(ctx, m, visit)
	}
	if len(out) > 0 {
		return out, nil
	}
	if errors.Is(err, errGiveUp) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	if !seenHidden || !res.Complete {
		name := "deduce's walk"
		if s != nil {
			name = s.Name()
		}
		return nil, fmt.Errorf("puzzles: %s does not find the hidden solution %s of its own puzzle", name, hidden)
	}
	return nil, nil
}

// walk is Enumerate by deduce's walk, stopped after nodeBudget nodes with errGiveUp.
func walk(ctx context.Context, m constraints.Model, visit func(constraints.Solution) bool) (solvers.Result, error) {
	st, err := deduce.New(m)
	if err != nil {
		return solvers.Result{}, err
	}
	var w deduce.Walk
	w.Stop = func() bool { return w.Nodes > nodeBudget || ctx.Err() != nil }
	w.Visit = func(t *deduce.State) bool { return visit(t.Solution()) }
	done := w.Run(st)
	if w.Stopped {
		if err := ctx.Err(); err != nil {
			return solvers.Result{}, err
		}
		return solvers.Result{}, errGiveUp
	}
	return solvers.Result{Complete: done}, nil
}

// solves reports whether a solution of the rows and columns (one whose queens meet those quotas and do
// not touch) has stars queens in each region of g.
func solves(g [][]int, stars int, sol constraints.Solution) bool {
	in := map[int]int{}
	for _, q := range sol {
		in[g[q.Row][q.Col]]++
	}
	for _, k := range in {
		if k != stars {
			return false
		}
	}
	return true
}

// move gives a cell that holds a queen of one of the pool's solutions but none of the hidden solution to
// a neighbouring region: that leaves the hidden solution whole and breaks every solution of the pool with
// a queen on the cell. If the region left falls in pieces, the pieces without its hidden queens go along
// with the cell (each touched it, so the region joined stays in one piece, and every region stays
// connected, as in the published puzzles). The shapes stay fair: the region left keeps smallest(stars)
// cells, the one joined grows to at most largest(n). Of the moves allowed, one that breaks the most
// solutions of the pool is taken, and of those one that changes the fewest cells. It reports false if
// none is allowed.
func move(rng *rand.Rand, g [][]int, stars int, pool []constraints.Solution, hidden constraints.CellSet) bool {
	n := len(g)
	size := sizes(g)
	type option struct {
		changes []change
		breaks  int
	}
	better := func(a, b option) int { // > 0 when a is the better move
		if a.breaks != b.breaks {
			return a.breaks - b.breaks
		}
		return len(b.changes) - len(a.changes)
	}
	var best []option
	tried := constraints.NewCellSet(nil)
	for _, q := range slices.Concat(pool...) {
		if hidden.Has(q) || tried.Has(q) {
			continue
		}
		tried.Add(q)
		from := g[q.Row][q.Col]
		for _, d := range steps {
			r, c := q.Row+d.r, q.Col+d.c
			if r < 0 || r >= n || c < 0 || c >= n || g[r][c] == from {
				continue
			}
			to := g[r][c]
			changes, ok := give(g, size, stars, cell{q.Row, q.Col}, to, hidden)
			if !ok {
				continue
			}
			o := option{changes: changes}
			for _, sol := range pool {
				if slices.ContainsFunc(changes, func(ch change) bool { return slices.Contains(sol, constraints.Cell{Row: ch.at.r, Col: ch.at.c}) }) {
					o.breaks++
				}
			}
			switch {
			case len(best) == 0 || better(o, best[0]) > 0:
				best = append(best[:0], o)
			case better(o, best[0]) == 0:
				best = append(best, o)
			}
		}
	}
	if len(best) == 0 {
		return false // every move would spoil a shape: start again from another hidden solution
	}
	apply(g, best[rng.IntN(len(best))].changes)
	return true
}

// change gives the cell at to region to.
type change struct {
	at   cell
	to   int
	from int
}

// apply makes the changes in g, in order.
func apply(g [][]int, changes []change) {
	for _, ch := range changes {
		g[ch.at.r][ch.at.c] = ch.to
	}
}

// undo takes the changes back, in reverse order.
func undo(g [][]int, changes []change) {
	for i := len(changes) - 1; i >= 0; i-- {
		ch := changes[i]
		g[ch.at.r][ch.at.c] = ch.from
	}
}

// give returns the changes that give the cell at to region to, as move describes them, and false if
// the shapes cannot stay fair. It leaves g as it found it.
func give(g [][]int, size map[int]int, stars int, at cell, to int, hidden constraints.CellSet) ([]change, bool) {
	from := g[at.r][at.c]
	changes := []change{{at, to, from}}
	apply(g, changes)
	defer func() { undo(g, changes) }()
	carried, ok := cut(g, from, hidden)
	if !ok {
		return nil, false
	}
	for _, p := range carried {
		changes = append(changes, change{p, to, from})
	}
	apply(g, changes[1:])
	left := size[from] - len(changes)
	if size[to]+len(changes) > largest(len(g)) {
		return nil, false
	}
	if left < smallest(stars) {
		return nil, false
	}
	return slices.Clone(changes), true
}

// cut returns the cells of region k not in one piece with its hidden queens, and false if its hidden
// queens are not in one piece (or it has none).
func cut(g [][]int, k int, hidden constraints.CellSet) ([]cell, bool) {
	var start []cell
	queens := 0
	for r, row := range g {
		for c, x := range row {
			if x == k && hidden.Has(constraints.Cell{Row: r, Col: c}) {
				queens++
				start = []cell{{r, c}}
			}
		}
	}
	if queens == 0 {
		return nil, false
	}
	seen := fill(g, k, start[0])
	var off []cell
	for r, row := range g {
		for c, x := range row {
			if x != k || seen[r][c] {
				continue
			}
			if hidden.Has(constraints.Cell{Row: r, Col: c}) {
				return nil, false
			}
			off = append(off, cell{r, c})
		}
	}
	return off, true
}

// smallest is the fewest cells a region of a made puzzle has: published puzzles seldom have a region of
// one or two cells (LinkedIn's Queens about one in twelve regions, Star Battle none).
func smallest(stars int) int {
	if stars == 1 {
		return 3
	}
	return 2 * stars
}

// largest is the most cells a region of a made n×n puzzle has: no region takes much of the board.
func largest(n int) int { return n * n * 2 / 5 }

// fair reports whether a grown grid's regions all have smallest(stars) to largest(n) cells, but for at
// most singles of one cell.
func fair(g [][]int, stars, singles int) bool {
	for _, k := range sizes(g) {
		if k == 1 && singles > 0 {
			singles--
			continue
		}
		if k < smallest(stars) || k > largest(len(g)) {
			return false
		}
	}
	return true
}

// sizes returns the cells of each region of g, by region number.
func sizes(g [][]int) map[int]int {
	size := map[int]int{}
	for _, row := range g {
		for _, k := range row {
			size[k]++
		}
	}
	return size
}

// connected reports whether the cells of region k touch each other side to side, all in one piece.
func connected(g [][]int, k int) bool {
	total, start := 0, cell{-1, -1}
	for r, row := range g {
		for c, x := range row {
			if x == k {
				total++
				start = cell{r, c}
			}
		}
	}
	if total == 0 {
		return false
	}
	reached := 0
	for _, row := range fill(g, k, start) {
		for _, x := range row {
			if x {
				reached++
			}
		}
	}
	return reached == total
}

// fill returns the cells of region k reached from start, side to side through the region.
func fill(g [][]int, k int, start cell) [][]bool {
	seen := make([][]bool, len(g))
	for r := range seen {
		seen[r] = make([]bool, len(g[r]))
	}
	stack := []cell{start}
	seen[start.r][start.c] = true
	for len(stack) > 0 {
		at := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, d := range steps {
			r, c := at.r+d.r, at.c+d.c
			if r >= 0 && r < len(g) && c >= 0 && c < len(g[r]) && !seen[r][c] && g[r][c] == k {
				seen[r][c] = true
				stack = append(stack, cell{r, c})
			}
		}
	}
	return seen
}

// names are the letters regions are named by, in order.
const names = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// modelOf turns a grid of region numbers into the puzzle's model, the regions lettered A, B, … in the
// order they first appear, row by row.
func modelOf(g [][]int, stars int) (constraints.Model, error) {
	letter := map[int]byte{}
	lines := make([]string, len(g))
	for r, row := range g {
		var b strings.Builder
		for _, k := range row {
			if _, ok := letter[k]; !ok {
				letter[k] = names[len(letter)]
			}
			b.WriteByte(letter[k])
		}
		lines[r] = b.String()
	}
	regions, err := constraints.ParseRegions(lines)
	if err != nil {
		return constraints.Model{}, fmt.Errorf("puzzles: %w", err)
	}
	return constraints.StarBattle(regions, stars), nil
}
