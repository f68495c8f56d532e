package packing

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// MethodKonig is what FindKonig reports in Result.Stats.Method.
const MethodKonig = "konig"

// MaxKonigCells bounds the boards FindKonig takes, in cells: it keeps four arrays of 32-bit words a cell
// (the cells' indices, the matching, the layers of its search), and the leaps of one colour's cells.
const MaxKonigCells = 1 << 22

// maxKonigEdges bounds the leaps FindKonig keeps, from the cells of one colour to the other's, as 32-bit
// words: 128 MiB.
const maxKonigEdges = 1 << 25

// pollEvery is how many steps the matching takes between polls of its stop flag.
const pollEvery = 1 << 12

// FitsKonig returns "" when FindKonig takes p's model, or what the model lacks: leaps alone whose
// a + b is odd on a surface that keeps the checkerboard's colouring (so that the leapers' graph is
// bipartite, one colour on each side), no regions, and families whose lines can hold every queen a
// placement puts on them (a row may be filled); a board of at most MaxKonigCells cells.
func FitsKonig(p *constraints.Program) string {
	switch {
	case p.Regions != nil:
		return "needs a board without regions"
	case p.Queens > MaxQueens:
		return fmt.Sprintf("needs at most %d queens", MaxQueens)
	case int64(p.Rows)*int64(p.Cols) > MaxKonigCells:
		return fmt.Sprintf("needs a board of at most %d cells (König's matching keeps arrays of every cell)", MaxKonigCells)
	case int64(p.Rows)*int64(p.Cols)/2*int64(len(p.Leaps)) > maxKonigEdges:
		return fmt.Sprintf("needs at most %d leaps from one colour's cells (König's matching keeps them)", maxKonigEdges)
	}
	for _, f := range p.Families {
		most := p.Queens
		switch f.Shape {
		case constraints.ShapeRows:
			most = min(most, p.Cols)
		case constraints.ShapeColumns:
			most = min(most, p.Rows)
		}
		if f.Range.Lo > 0 || f.Range.Hi < most {
			return fmt.Sprintf("needs lines that hold any queens a placement puts on them (%s: %v)", f.Name, f.Range)
		}
	}
	for _, c := range []class{{checker: true, i: 0}, {checker: true, i: 1}} {
		if !independent(p, c) {
			return "needs leaps (a, b) with a + b odd alone, on a surface that keeps the checkerboard's colours apart"
		}
	}
	return ""
}

// FindKonig returns one solution of m, or proves there is none, by König's theorem: the leapers' graph on
// the open cells (neither blocked nor a leap from a fixed queen) is bipartite, the two colours of the
// checkerboard its sides, so its largest independent set holds the open cells less a maximum matching
// (Hopcroft–Karp), and is the complement of the least vertex cover built from that matching. More queens
// than that set and the fixed queens hold, or fixed queens that attack each other: proved none, the
// Result Complete. Else the fixed queens and the first free queens of the set in row-major order, checked
// by solvers.Verify. A model FitsKonig refuses gives an error wrapping solvers.ErrUnsupported; a stop,
// ctx's error.
func FindKonig(ctx context.Context, m constraints.Model) (constraints.Solution, bool, solvers.Result, error) {
	p, err := constraints.Compile(m)
	if err != nil {
		return nil, false, solvers.Result{Stats: solvers.Stats{Method: MethodKonig, Threads: 1}}, err
	}
	return FindKonigProgram(ctx, m, p)
}

// FindKonigProgram is FindKonig for a model compiled already: p must be m compiled
// (constraints.Compile), and is read in place of compiling m again.
func FindKonigProgram(ctx context.Context, m constraints.Model, p *constraints.Program) (constraints.Solution, bool, solvers.Result, error) {
	res := solvers.Result{Stats: solvers.Stats{Method: MethodKonig, Threads: 1}}
	if why := FitsKonig(p); why != "" {
		return nil, false, res, fmt.Errorf("konig: %v: %s: %w", m, why, solvers.ErrUnsupported)
	}
	g, why, err := newGraph(ctx, p)
	if err != nil {
		return nil, false, res, err
	}
	if why != "" {
		res.Complete, res.Proved, res.Stats.Why = true, true, why
		return nil, false, res, nil
	}
	if err := g.match(ctx); err != nil {
		return nil, false, res, err
	}
	most := g.open() - g.matched + len(p.Fixed)
	if p.Queens > most {
		res.Complete, res.Proved = true, true
		res.Stats.Why = fmt.Sprintf("König's theorem: %s; %d asked", g.bound(len(p.Fixed)), p.Queens)
		return nil, false, res, nil
	}
	sol, err := g.independent(ctx, p.Queens-len(p.Fixed), p.Fixed)
	if err != nil {
		return nil, false, res, err
	}
	if err := solvers.VerifyContext(ctx, "konig", m, sol); err != nil {
		return nil, false, res, err
	}
	res.Count, res.Proved = 1, true
	res.Stats.Why = "König's theorem: " + g.bound(len(p.Fixed))
	return sol, true, res, nil
}

// graph is the leapers' graph on the open cells: the left side the cells of colour 0, the right side
// those of colour 1, each indexed densely; adj[start[u]:start[u+1]] are the right cells a leap joins to
// the left cell u. matchL and matchR are the matching, −1 where a cell is free.
type graph struct {
	cols          int
	left, right   []int32 // the cells, as row·cols + col, in row-major order
	start, adj    []int32
	matchL        []int32
	matchR        []int32
	matched       int
	stop          func() bool
	polls, pollAt int
}

func (g *graph) open() int { return len(g.left) + len(g.right) }

// bound says how many queens the open cells and the fixed queens hold at most, and why.
func (g *graph) bound(fixed int) string {
	most := fmt.Sprintf("at most %d queens (%d open cells less a maximum matching of %d leaps", g.open()-g.matched+fixed, g.open(), g.matched)
	if fixed > 0 {
		most += fmt.Sprintf(", and %d fixed", fixed)
	}
	return most + ")"
}

// poll reports whether the stop flag has fired, looking at it every pollEvery calls.
func (g *graph) poll() bool {
	g.polls++
	if g.polls < g.pollAt {
		return false
	}
	g.pollAt = g.polls + pollEvery
	return g.stop()
}

// newGraph builds the graph on p's open cells. It returns why there is no solution where two fixed
// queens attack each other.
func newGraph(ctx context.Context, p *constraints.Program) (*graph, string, error) {
	stop, release := solvers.StopFlag(ctx)
	defer release()
	cells := p.Rows * p.Cols
	cell := func(c constraints.Cell) int32 { return int32(c.Row*p.Cols + c.Col) }
	// index holds a cell's place on its side, or a mark: closed (blocked, or a leap from a fixed queen)
	// or fixed.
	const closed, fixed = -1, -2
	index := make([]int32, cells)
	for _, b := range p.Blocked {
		index[cell(b)] = closed
	}
	var targets []constraints.Cell
	for _, f := range p.Fixed {
		index[cell(f)] = fixed
	}
	for _, f := range p.Fixed {
		targets = p.LeapTargets(targets[:0], f)
		for _, t := range targets {
			if index[cell(t)] == fixed {
				return nil, fmt.Sprintf("the fixed queens on %v and %v attack each other", f, t), nil
			}
			index[cell(t)] = closed
		}
	}
	g := &graph{cols: p.Cols, stop: stop}
	for x := range int32(cells) {
		if index[x] != 0 {
			continue
		}
		if (int(x)/p.Cols+int(x)%p.Cols)&1 == 0 {
			index[x] = int32(len(g.left))
			g.left = append(g.left, x)
		} else {
			index[x] = int32(len(g.right))
			g.right = append(g.right, x)
		}
	}
	g.start = make([]int32, 1, len(g.left)+1)
	g.adj = make([]int32, 0, min(len(g.left)*len(p.Leaps), maxKonigEdges))
	for _, x := range g.left {
		if g.poll() {
			return nil, "", ctx.Err()
		}
		targets = p.LeapTargets(targets[:0], constraints.Cell{Row: int(x) / p.Cols, Col: int(x) % p.Cols})
		for _, t := range targets {
			y := cell(t)
			if index[y] < 0 {
				continue
			}
			if (t.Row+t.Col)&1 == 0 {
				return nil, "", fmt.Errorf("konig: a leap joins %v to %v, both of colour 0: the graph is not bipartite", constraints.Cell{Row: int(x) / p.Cols, Col: int(x) % p.Cols}, t)
			}
			g.adj = append(g.adj, index[y])
		}
		g.start = append(g.start, int32(len(g.adj)))
	}
	g.matchL = make([]int32, len(g.left))
	g.matchR = make([]int32, len(g.right))
	for i := range g.matchL {
		g.matchL[i] = -1
	}
	for i := range g.matchR {
		g.matchR[i] = -1
	}
	return g, "", nil
}

// match finds a maximum matching by Hopcroft–Karp, from a greedy one: each phase layers the left cells
// by a breadth-first search from the free ones along alternating paths, then augments along a maximal
// set of disjoint shortest paths by depth-first searches, O(E·√V) in all. Both searches keep their own
// stacks, so that a board of millions of cells needs no deep recursion.
func (g *graph) match(ctx context.Context) error {
	stop, release := solvers.StopFlag(ctx)
	defer release()
	g.stop, g.polls, g.pollAt = stop, 0, 0
	for u := range g.left {
		for _, v := range g.adj[g.start[u]:g.start[u+1]] {
			if g.matchR[v] < 0 {
				g.matchL[u], g.matchR[v] = v, int32(u)
				g.matched++
				break
			}
		}
	}
	const far = int32(1<<31 - 1)
	dist := make([]int32, len(g.left))
	next := make([]int32, len(g.left)) // the next leap each left cell's search tries
	via := make([]int32, len(g.left))  // the right cell by which the search left a left cell
	var queue, stack []int32
	for {
		// Layer the left cells; limit is the layer at which a free right cell is first reached.
		queue = queue[:0]
		for u := range g.left {
			if g.matchL[u] < 0 {
				dist[u] = 0
				queue = append(queue, int32(u))
			} else {
				dist[u] = far
			}
		}
		limit := far
		for h := 0; h < len(queue); h++ {
			if g.poll() {
				return ctx.Err()
			}
			u := queue[h]
			if dist[u] >= limit {
				break
			}
			for _, v := range g.adj[g.start[u]:g.start[u+1]] {
				w := g.matchR[v]
				switch {
				case w < 0:
					limit = min(limit, dist[u])
				case dist[w] == far:
					dist[w] = dist[u] + 1
					queue = append(queue, w)
				}
			}
		}
		if limit == far {
			return nil
		}
		copy(next, g.start[:len(g.left)])
		for u := range g.left {
			if g.matchL[u] >= 0 || dist[u] != 0 {
				continue
			}
			stack = append(stack[:0], int32(u))
			for len(stack) > 0 {
				if g.poll() {
					return ctx.Err()
				}
				x := stack[len(stack)-1]
				if next[x] == g.start[x+1] {
					dist[x] = far // a dead end this phase
					stack = stack[:len(stack)-1]
					continue
				}
				v := g.adj[next[x]]
				next[x]++
				w := g.matchR[v]
				if w < 0 && dist[x] == limit {
					via[x] = v
					for _, y := range stack {
						g.matchL[y], g.matchR[via[y]] = via[y], y
					}
					g.matched++
					for _, y := range stack {
						dist[y] = far // on a path now: disjoint paths only
					}
					break
				}
				if w >= 0 && dist[w] == dist[x]+1 && dist[x] < limit {
					via[x] = v
					stack = append(stack, w)
				}
			}
		}
	}
}

// independent returns the fixed queens and the first free cells, in row-major order, of a largest
// independent set, sorted row-major: by König's construction, the left cells that an alternating path
// from a free left cell reaches, and the right cells that none reaches.
func (g *graph) independent(ctx context.Context, free int, fixed []constraints.Cell) (constraints.Solution, error) {
	stop, release := solvers.StopFlag(ctx)
	defer release()
	g.stop, g.polls, g.pollAt = stop, 0, 0
	seenL := make([]bool, len(g.left))
	seenR := make([]bool, len(g.right))
	var queue []int32
	for u := range g.left {
		if g.matchL[u] < 0 {
			seenL[u] = true
			queue = append(queue, int32(u))
		}
	}
	for h := 0; h < len(queue); h++ {
		if g.poll() {
			return nil, ctx.Err()
		}
		u := queue[h]
		for _, v := range g.adj[g.start[u]:g.start[u+1]] {
			if seenR[v] {
				continue
			}
			seenR[v] = true
			if w := g.matchR[v]; w >= 0 && !seenL[w] {
				seenL[w] = true
				queue = append(queue, w)
			}
		}
	}
	sol := make(constraints.Solution, 0, free+len(fixed))
	sol = append(sol, fixed...)
	// Merge the two sides' chosen cells in row-major order.
	i, j := 0, 0
	for free > 0 {
		for i < len(g.left) && !seenL[i] {
			i++
		}
		for j < len(g.right) && seenR[j] {
			j++
		}
		var x int32
		switch {
		case i < len(g.left) && (j == len(g.right) || g.left[i] < g.right[j]):
			x = g.left[i]
			i++
		case j < len(g.right):
			x = g.right[j]
			j++
		default:
			return nil, fmt.Errorf("konig: the independent set holds %d queens too few", free)
		}
		sol = append(sol, constraints.Cell{Row: int(x) / g.cols, Col: int(x) % g.cols})
		free--
	}
	return constraints.NewSolution(sol...), nil
}
