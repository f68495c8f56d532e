package backtrack

import (
	"testing"

	"github.com/queens-dev/queens/constraints"
)

// TestSquareKernelsAgree holds the kernels of the classic and superqueen problems (countQueen,
// countSuper: a shortcut for the last two rows, the superqueen's band of five) against the general
// kernels they specialise (countLines, countKnight), from every state the first rows can reach: each
// depth starts them with a different number of rows left, down to none.
func TestSquareKernelsAgree(t *testing.T) {
	for n := 1; n <= 13; n++ {
		for _, a := range []constraints.Attack{constraints.Queen, constraints.Superqueen} {
			p, err := compile(constraints.Model{Rows: n, Cols: n, Attack: a})
			if err != nil {
				t.Fatal(err)
			}
			if p.kernel != kernelQueen && !p.super {
				t.Fatalf("n=%d %v: kernel %d, want the square kernel", n, a, p.kernel)
			}
			general := func(r int, s state, k *ctl) uint64 { return countLines[flatDiagonals](p, r, s, k) }
			if p.super {
				general = p.countKnight
			}
			var walk func(r int, s state)
			walk = func(r int, s state) {
				want := uint64(1) // a full board: the general kernels start from a row to fill
				if r < n {
					want = general(r, s, never())
				}
				if got := p.count(r, s, never()); got != want {
					t.Fatalf("n=%d %v from row %d %+v: %d completions, the general kernel %d", n, a, r, s, got, want)
				}
				if r >= 4 || r == n {
					return
				}
				for f := p.free(s, r); f != 0; f &= f - 1 {
					walk(r+1, p.place(s, r, f&-f))
				}
			}
			walk(0, p.start())
		}
	}
}

// never returns a ctl whose stop flag never turns.
func never() *ctl { return &ctl{stop: func() bool { return false }} }
