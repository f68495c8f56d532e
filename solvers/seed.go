package solvers

import (
	"hash/fnv"

	"github.com/queens-dev/queens/constraints"
)

// Seed returns a number drawn from everything that makes up m (its description, blocked and fixed cells
// and regions), for solvers that make random choices yet must give the same answer for the same model.
func Seed(m constraints.Model) uint64 {
	h := fnv.New64a()
	h.Write([]byte(m.String()))
	for _, cs := range [][]constraints.Cell{m.Blocked, m.Fixed} {
		for _, c := range cs {
			h.Write([]byte(c.String()))
		}
		h.Write([]byte{'/'})
	}
	if m.Regions != nil {
		h.Write([]byte(m.Regions.String()))
	}
	return h.Sum64()
}
