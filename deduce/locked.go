package deduce

import (
	"fmt"
)

// Locked lines: a region whose open cells lie in one row or column (and the converse, a row or column
// whose open cells lie in one region) takes that line's queens.

// confined finds a unit a whose open cells all lie in another unit b that can take no more queens than a
// still needs: b's other open cells are empty.
func (f *finder) confined() (step, bool) {
	s := f.s
	for a := range s.p.units {
		a := int32(a)
		need := f.need(a)
		if need <= 0 || s.count[a].open == 0 || !f.human(a) {
			continue
		}
		open := f.openIn(a)
		t := f.next()
		for _, c := range open {
			f.stamp[c] = t
		}
		for _, b := range s.p.cellUnits[open[0]] {
			if b == a || !f.human(b) || f.room(b) > need || !f.within(open, b) {
				continue
			}
			var ex []int32
			for _, c := range s.p.units[b].cells {
				if s.cells[c] == Open && f.stamp[c] != t {
					ex = append(ex, c)
				}
			}
			if len(ex) > 0 {
				return step{exclude: ex, why: fmt.Sprintf("%s's open cells all lie in %s, and %s takes no more than the %s %s needs: %s's other cells are empty",
					s.p.units[a].name, s.p.units[b].name, s.p.units[b].name, queensWord(need), s.p.units[a].name, s.p.units[b].name)}, true
			}
		}
	}
	return step{}, false
}
