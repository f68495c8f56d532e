package deduce

import (
	"fmt"
	"slices"
	"strings"
)

// Chains: a supposition followed to a contradiction, by forced moves alone (a forcing chain) or by the
// techniques above as well (bifurcation, which players try last).

// chain tries each open cell both ways and follows the forced moves (Propagate): a way that breaks the
// puzzle decides the cell the other way.
func (f *finder) chain() (step, bool) {
	s := f.s
	for y := range f.openCells() {
		for _, queen := range []bool{true, false} {
			mark := s.Save()
			head, fresh := s.head, s.fresh
			if queen {
				s.Place(int(y))
			} else {
				s.Exclude(int(y))
			}
			ok := s.Propagate()
			var why string
			if !ok {
				why = f.chainWhy(y, queen, s.Decided(mark))
			}
			s.Undo(mark)
			s.head, s.fresh = head, fresh
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
			mark := s.Save()
			head, fresh := s.head, s.fresh
			if queen {
				s.Place(int(y))
			} else {
				s.Exclude(int(y))
			}
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
			s.Undo(mark)
			s.head, s.fresh = head, fresh
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
// counted as 1,000): about 4 s of CPU. The trials of deduce's tests (every built-in and published
// puzzle up to 10×10) take at most 210,000, and the expert puzzles `queens puzzle` makes are the same
// with it as without; on a published 17×17 with four stars one look took minutes, and a stall that
// says why serves a player better than a wait.
const trialBudget = 5_000_000

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
