package puzzles

import (
	"math/rand/v2"

	"github.com/queens-dev/queens/constraints"
)

// cell is a square of the grid while it is being grown.
type cell struct{ r, c int }

// steps are the four neighbours of a cell, side to side.
var steps = [4]cell{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}

// grow splits the n×n board into regions of stars hidden queens each. A region starts from its queens:
// with several stars, queens near each other are dealt to one region and joined by a shortest path of
// free cells, chosen at random. Then, turn after turn, a region drawn at random by its appetite (a weight
// drawn for it, so regions come out of several sizes, none starved) takes a free cell beside it, a cell
// beside more of its own cells more likely, so regions come out as blobs rather than snakes. The first
// singles regions do not grow: each is its queen's cell alone. It returns nil if a region's queens could
// not be joined.
func grow(rng *rand.Rand, n, stars, singles int, hidden constraints.Solution) [][]int {
	g := make([][]int, n)
	for r := range g {
		g[r] = make([]int, n)
		for c := range g[r] {
			g[r][c] = -1
		}
	}
	groups := deal(rng, hidden, stars)
	members := make([][]cell, len(groups))
	for k, grp := range groups {
		for _, q := range grp {
			g[q.Row][q.Col] = k
			members[k] = append(members[k], cell{q.Row, q.Col})
		}
	}
	for _, k := range rng.Perm(len(groups)) {
		first := cell{groups[k][0].Row, groups[k][0].Col}
		for _, q := range groups[k][1:] {
			path := join(rng, g, first, cell{q.Row, q.Col})
			if path == nil {
				return nil
			}
			for _, p := range path {
				g[p.r][p.c] = k
			}
			members[k] = append(members[k], path...)
		}
	}
	appetite := make([]float64, len(groups))
	for k := range appetite {
		appetite[k] = 0.25 + 1.5*rng.Float64()
	}
	active := make([]int, 0, len(groups))
	for k := singles; k < len(groups); k++ {
		active = append(active, k)
	}
	var beside []cell
	for len(active) > 0 {
		total := 0.0
		for _, k := range active {
			total += appetite[k]
		}
		i, x := 0, rng.Float64()*total
		for i = range active {
			if x -= appetite[active[i]]; x < 0 {
				break
			}
		}
		k := active[i]
		// A free cell is listed once for each of the region's cells beside it: drawn uniformly from the
		// list, a cell in a bay of the region is likelier than one at its tip.
		beside = beside[:0]
		for _, m := range members[k] {
			for _, d := range steps {
				r, c := m.r+d.r, m.c+d.c
				if r >= 0 && r < n && c >= 0 && c < n && g[r][c] < 0 {
					beside = append(beside, cell{r, c})
				}
			}
		}
		if len(beside) == 0 {
			active[i] = active[len(active)-1]
			active = active[:len(active)-1]
			continue
		}
		next := beside[rng.IntN(len(beside))]
		g[next.r][next.c] = k
		members[k] = append(members[k], next)
	}
	return g
}

// deal groups the hidden queens stars at a time, each group a region's: the queens are taken in a random
// order, and each not yet dealt gets the nearest ones not yet dealt.
func deal(rng *rand.Rand, hidden constraints.Solution, stars int) [][]constraints.Cell {
	dealt := make([]bool, len(hidden))
	var groups [][]constraints.Cell
	for _, k := range rng.Perm(len(hidden)) {
		if dealt[k] {
			continue
		}
		dealt[k] = true
		group := []constraints.Cell{hidden[k]}
		for len(group) < stars {
			near, best := -1, 0
			for j, q := range hidden {
				d := abs(q.Row-hidden[k].Row) + abs(q.Col-hidden[k].Col)
				if !dealt[j] && (near < 0 || d < best) {
					near, best = j, d
				}
			}
			dealt[near] = true
			group = append(group, hidden[near])
		}
		groups = append(groups, group)
	}
	return groups
}

// join returns a shortest path of free cells from the piece of region k that holds first to the cell to,
// which k holds too, ties broken at random; nil if there is none.
func join(rng *rand.Rand, g [][]int, first, to cell) []cell {
	n := len(g)
	k := g[first.r][first.c]
	piece := fill(g, k, first)
	from := make([][]cell, n)
	for r := range from {
		from[r] = make([]cell, n)
		for c := range from[r] {
			from[r][c] = cell{-2, -2}
		}
	}
	var queue []cell
	for r := range n {
		for c := range n {
			if piece[r][c] {
				queue = append(queue, cell{r, c})
				from[r][c] = cell{-1, -1}
			}
		}
	}
	rng.Shuffle(len(queue), func(i, j int) { queue[i], queue[j] = queue[j], queue[i] })
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, i := range rng.Perm(4) {
			r, c := at.r+steps[i].r, at.c+steps[i].c
			if r < 0 || r >= n || c < 0 || c >= n || from[r][c].r != -2 {
				continue
			}
			next := cell{r, c}
			if next == to {
				path := []cell{} // empty, not nil, when to is beside the region already
				for p := at; from[p.r][p.c].r != -1; p = from[p.r][p.c] {
					path = append(path, p)
				}
				return path
			}
			if g[r][c] < 0 {
				from[r][c] = at
				queue = append(queue, next)
			}
		}
	}
	return nil
}
