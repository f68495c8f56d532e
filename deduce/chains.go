package deduce

import (
	"fmt"
	"slices"
	"strings"

	"github.com/queens-dev/queens/constraints"
)

// Chains: a supposition followed to a contradiction, by forced moves alone (a forcing chain) or by the
// techniques above as well (bifurcation, which players try last).

// chain tries each open cell both ways and follows the forced moves (Propagate): a way that breaks the
// puzzle decides the cell the other way.
func (f *finder) chain() (step, bool) {
	s := f.s
	for y := range f.openCells() {
		for _, queen := range []bool{true, false} {
			mark, back := s.assume(y, queen)
			ok := s.Propagate()
			var why string
			if !ok {
				why = f.chainWhy(y, queen, s.Decided(mark))
			}
			back()
			if ok {
				continue
			}
			if queen {
				return step{exclude: []int32{y}, why: why}, true
			}
			return step{place: []int32{y}, why: why}, true
		}
	}
	return step{}, false
}

func (f *finder) chainWhy(y int32, queen bool, decided []int32) string {
	s := f.s
	var forced []int32
	for _, c := range decided[1:] {
		if s.cells[c] == Queen {
			forced = append(forced, c)
		}
	}
	what := "a queen on " + f.name(y)
	if !queen {
		what = "leaving " + f.name(y) + " empty"
	}
	end := "a cell that would need to be both a queen and empty"
	if u := s.broken; u >= 0 {
		x := s.p.units[u]
		if int(s.count[u].queens) > x.hi {
			end = fmt.Sprintf("%s with more than %s", x.name, queensWord(x.hi))
		} else {
			end = fmt.Sprintf("%s with room for %d of its %s", x.name, int(s.count[u].queens+s.count[u].open), queensWord(x.lo))
		}
	}
	if len(forced) == 0 {
		return fmt.Sprintf("%s leaves, move by forced move, %s", what, end)
	}
	return fmt.Sprintf("%s forces queens on %s, and then leaves %s", what, f.cellList(forced), end)
}

// trial tries each open cell both ways and reasons on with every technique up to Hard (not only forced
// moves): a way that ends in a contradiction decides the cell the other way. Where the 2×2 bounds apply
// (Pack: blocks and regions counted in bands, the techniques blocks, group and counting as bounds), a
// first sweep reasons with them alone, a few hundred times cheaper a supposition than the named
// techniques; the second reasons with them and the named techniques that they do not stand in for.
func (f *finder) trial() (step, bool) {
	start := f.work
	if f.blocksOn() {
		if st, ok := f.trialSweep(start, true); ok || f.gaveUp || f.halted() {
			return st, ok
		}
	}
	return f.trialSweep(start, false)
}

// trialSweep is one sweep of trial over the open cells, quick with the 2×2 bounds alone.
func (f *finder) trialSweep(start int64, quick bool) (step, bool) {
	s := f.s
	n := len(s.cells)
	from := &f.trialFrom[0]
	if !quick {
		from = &f.trialFrom[1]
	}
	for k := range n {
		y := int32((*from + k) % n)
		if s.cells[y] != Open {
			continue
		}
		if f.halted() {
			break
		}
		if f.work-start > f.trialBudget {
			f.gaveUp = true
			break
		}
		for _, queen := range []bool{true, false} {
			_, back := s.assume(y, queen)
			var end string
			var used []string
			var broke bool
			if quick {
				f.work += quickSupposition
				if broke = !s.Pack(); broke {
					end, used = f.brokenWords(), []string{packWords}
				}
			} else {
				end, used, broke = f.hypothesis()
			}
			back()
			if !broke {
				continue
			}
			*from = int(y) + 1 // the next sweep goes on from here: the cells before held no contradiction
			what := "a queen on " + f.name(y)
			if !queen {
				what = "leaving " + f.name(y) + " empty"
			}
			why := fmt.Sprintf("suppose %s: %s then leave %s", what, usedWords(used), end)
			if queen {
				return step{exclude: []int32{y}, why: why}, true
			}
			return step{place: []int32{y}, why: why}, true
		}
	}
	return step{}, false
}

// packWords names Pack's reasoning in a trial's sentence.
const packWords = "forced moves, 2×2 blocks and regions counted in bands"

// quickSupposition is what a supposition reasoned on by Pack alone counts toward trial's budget: about
// as long as 50 arrangement nodes.
const quickSupposition = 50

// hypothesisSteps bounds the deductions made on one supposition.
const hypothesisSteps = 400

// trialBudget bounds one look for a trial step, in arrangement nodes and suppositions' steps (each
// counted as 1,000): about a tenth of a second of CPU. Past it, by a thread decides a cell: on the big
// published Star Battles a look that fails costs more than the walk that by a thread takes, so a small
// budget makes the explanations that need it several times faster, with bifurcation's steps kept where
// a short look finds them.
const trialBudget = 100_000

// packAlongside are the named techniques that a supposition reasoned on with Pack uses besides: Pack's
// bounds stand in for the others' 2×2 and band arguments (2×2 blocks, forced placement, square counting,
// locked lines, over- and undercounting), and the rest look one move ahead in turn (exclusion, adjacent
// and pressured exclusion, forcing chains) at many times the cost, for no more steps of bifurcation on
// the published puzzles.
var packAlongside = []string{"band-counting"}

// hypothesis reasons on from a supposed state with the techniques up to Hard, and reports the
// contradiction it reaches, if any, with the techniques it used. Where the 2×2 bounds apply it
// propagates with them (Pack) and leaves out the techniques they stand in for.
func (f *finder) hypothesis() (end string, used []string, broke bool) {
	s := f.s
	pack := f.blocksOn()
	for range hypothesisSteps {
		if f.halted() {
			return "", used, false
		}
		f.work += 1000
		mark := s.Save()
		if pack {
			if !s.Pack() {
				return f.brokenWords(), append(used, packWords), true
			}
			if s.Save() > mark && !slices.Contains(used, packWords) {
				used = append(used, packWords)
			}
		} else {
			if !s.Propagate() {
				return f.brokenWords(), append(used, "forced moves"), true
			}
			if s.Save() > mark && !slices.Contains(used, "forced moves") {
				used = append(used, "forced moves")
			}
		}
		var st step
		var ok bool
		for _, t := range techniques {
			if t.find == nil || t.Level > Hard || t.Level == Easy || pack && !slices.Contains(packAlongside, t.ID) {
				continue
			}
			if st, ok = t.find(f); ok {
				if st.tech == nil {
					st.tech = t
				}
				break
			}
		}
		if !ok {
			if pack {
				return "", used, false
			}
			if u, none := f.noArrangement(); none {
				x := s.p.units[u]
				return fmt.Sprintf("%s no way to place its %s", x.name, queensWord(f.need(u))), used, true
			}
			return "", used, false
		}
		if !slices.Contains(used, st.tech.Name) {
			used = append(used, st.tech.Name)
		}
		for _, c := range st.place {
			s.Place(int(c))
		}
		for _, c := range st.exclude {
			s.Exclude(int(c))
		}
		if s.Broken() {
			return f.brokenWords(), used, true
		}
	}
	return "", used, false
}

// noArrangement returns a unit that has no way left to place the queens it needs.
func (f *finder) noArrangement() (int32, bool) {
	s := f.s
	for u, x := range s.p.units {
		u := int32(u)
		if x.lo == x.hi && f.need(u) >= 2 && f.human(u) {
			if _, _, ways, ok := f.arrangements([]int32{u}); ok && ways == 0 {
				return u, true
			}
		}
	}
	return 0, false
}

func (f *finder) brokenWords() string {
	s := f.s
	if u := s.broken; u >= 0 {
		x := s.p.units[u]
		if int(s.count[u].queens) > x.hi {
			return fmt.Sprintf("%s with more than %s", x.name, queensWord(x.hi))
		}
		if n := int(s.count[u].queens + s.count[u].open); n < x.lo {
			return fmt.Sprintf("%s room for %d of its %s", x.name, n, queensWord(x.lo))
		}
		// Pack's bound: the blocks of the unit's open cells, or of its band with the regions across it.
		return fmt.Sprintf("%s, counted by 2×2 blocks and with the regions across it, too little room for its %s", x.name, queensWord(x.lo))
	}
	return "a cell that would have to be both a queen and empty"
}

func usedWords(used []string) string {
	if len(used) == 0 {
		return "the rules"
	}
	if len(used) == 1 {
		return used[0]
	}
	return strings.Join(used[:len(used)-1], ", ") + " and " + used[len(used)-1]
}

// thread's rounds walk below a supposition at most threadFirst states, then four times as many each
// round up to threadLast; the last round walks as long as it takes, on the cell the search would branch
// on. A supposition that a short walk refutes is looked for among the likeliest cells first.
const (
	threadFirst = 32
	threadLast  = 1 << 7
)

// threadCandidates bounds the cells thread's bounded rounds try: those of the units with the fewest open
// cells for the queens they need.
const threadCandidates = 8

// thread tries a supposition on a cell (a queen, or no queen) and follows it through every way on, each
// state decided by forced moves and the 2×2 bounds (deduce's Walk): a supposition under which no way
// reaches a solution decides the cell the other way. It is what players call solving "by a thread", the
// last resort of the catalogue: a proof by exhaustion, sound on any puzzle, that decides a cell of every
// puzzle with one solution. It supposes only what a solution of the state (found once) contradicts, the
// shortest refutation it can find first. When the supposition on the last cell tried reaches a solution
// too, the puzzle has two at least, and notUnique holds them.
func (f *finder) thread() (step, bool) {
	s := f.s
	sol, ok := f.someSolution()
	if !ok {
		return step{}, false
	}
	cands := f.threadCells()
	for budget := uint64(threadFirst); budget <= threadLast && len(cands) > 0; budget *= 4 {
		for _, y := range cands {
			if f.halted() {
				return step{}, false
			}
			queen := !sol[y] // the supposition the solution contradicts
			refuted, other, nodes := f.suppose(y, queen, budget)
			if refuted {
				return f.threadStep(y, queen, nodes), true
			}
			if other != nil {
				f.notUnique = []constraints.Solution{f.solutionList(), other}
				return step{}, false
			}
		}
	}
	y := int32(s.Branch())
	if y < 0 {
		return step{}, false
	}
	queen := !sol[y]
	refuted, other, nodes := f.suppose(y, queen, 0)
	switch {
	case refuted:
		return f.threadStep(y, queen, nodes), true
	case other != nil:
		f.notUnique = []constraints.Solution{f.solutionList(), other}
	}
	return step{}, false
}

// someSolution returns a solution of the state, per cell whether it holds a queen, found by the walk
// once and kept: the steps taken since hold in every solution, so it stays one. It reports false when
// there is none or the walk stopped.
func (f *finder) someSolution() ([]bool, bool) {
	if f.solution == nil {
		sols, done, err := f.s.solutions(f.halted, 1)
		if err != nil || len(sols) == 0 {
			f.none = f.none || err == nil && done
			return nil, false
		}
		f.solution = make([]bool, len(f.s.cells))
		for _, c := range sols[0] {
			f.solution[f.s.p.index(c)] = true
		}
	}
	return f.solution, true
}

// threadCells lists the open cells of the units with the fewest open cells for each queen they need,
// tightest first, up to threadCandidates.
func (f *finder) threadCells() []int32 {
	s := f.s
	type tight struct {
		u     int32
		ratio float64
	}
	var units []tight
	for u := range s.p.units {
		u := int32(u)
		if n := f.need(u); n > 0 && s.count[u].open > 0 {
			units = append(units, tight{u, float64(s.count[u].open) / float64(n)})
		}
	}
	slices.SortStableFunc(units, func(a, b tight) int {
		switch {
		case a.ratio < b.ratio:
			return -1
		case a.ratio > b.ratio:
			return 1
		}
		return 0
	})
	t := f.next()
	var out []int32
	for _, x := range units {
		for _, c := range f.openIn(x.u) {
			if f.stamp[c] != t && len(out) < threadCandidates {
				f.stamp[c] = t
				out = append(out, c)
			}
		}
	}
	return out
}

// suppose walks below the supposition that cell y holds a queen (or none), up to budget states (0: no
// bound), and reports whether it refuted the supposition (no way on reaches a solution), the solution
// it reached if one, and the states it walked. The state is left as it was.
func (f *finder) suppose(y int32, queen bool, budget uint64) (refuted bool, sol constraints.Solution, nodes uint64) {
	s := f.s
	_, back := s.assume(y, queen)
	w := Walk{Stop: f.halted, Budget: budget, Visit: func(t *State) bool {
		sol = t.Solution()
		return false
	}}
	done := w.Run(s)
	back()
	f.work += int64(w.Nodes)
	return done && sol == nil && !w.Stopped, sol, w.Nodes
}

// threadStep is thread's step for a refuted supposition.
func (f *finder) threadStep(y int32, queen bool, nodes uint64) step {
	what := "a queen on " + f.name(y)
	if !queen {
		what = "leaving " + f.name(y) + " empty"
	}
	ways := "the one position it leads to breaks"
	if nodes > 1 {
		ways = fmt.Sprintf("every way on from it, %d positions each decided by %s, breaks", nodes, packWords)
	}
	why := fmt.Sprintf("suppose %s: %s a row, column or region", what, ways)
	if queen {
		return step{exclude: []int32{y}, why: why}
	}
	return step{place: []int32{y}, why: why}
}

// solutionList returns the kept solution as a list.
func (f *finder) solutionList() constraints.Solution {
	var out []constraints.Cell
	for i, q := range f.solution {
		if q {
			out = append(out, f.s.p.cell(i))
		}
	}
	return constraints.NewSolution(out...)
}
