package modeltest

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
)

// TestModelKeepsOldInputs holds Model to the models that inputs ending before the extension byte gave
// before it was read, so that the fuzz corpora keep their meaning; and to what a few extensions give.
func TestModelKeepsOldInputs(t *testing.T) {
	for _, tc := range []struct {
		data    []byte
		want    string
		regions string
		reason  string
	}{
		{[]byte{3, 3, 0x0f, 0, 0, 0, 0}, "4×4, 4 queens, attacks row,column,diagonal,anti-diagonal", "", "classic 4×4"},
		{[]byte{4, 2, 0x0c, 0, 1, 0, 0, 1, 3, 2}, "5×3, 3 queens, attacks diagonal,anti-diagonal, torus, 1 blocked", "", "a blocked cell, every byte read"},
		{[]byte{3, 3, 0, 0x06, 2, 7, 9, 5, 0, 0}, "4×4, 4 queens, attacks king, 4 regions, each row=1,column=1,region=1", "baab/dcca/cdbc/dbad", "regions, one per row, column and region"},
		{[]byte("11\x00\x00\xfa\x00\x00\xfa10"), "5×5, 10 queens, attacks none, 4 regions, each column=2", "ccbdd/dcdac/bdaab/dbdbc/ccddd", "a corpus file of FuzzPathsAgree"},
		{[]byte{3, 3, 0x0f, 0, 0, 0, 0, 0, 0, 1, 0x42, 0, 7}, "4×4, 4 queens, attacks row,column,diagonal,anti-diagonal, 3 regions", "abca/abca/abca/abca", "extension: three regions in stripes"},
		{[]byte{3, 3, 0, 0, 0, 0, 0, 0, 0, 0x02 | 0x04 | 0x08 | 0x10, 2 + 2*3, 41, 47}, "4×4, 8 queens, attacks ride(3,-3),leap(3,3), each row=2,column=2", "", "extension: quotas of two, attacks of the small vectors only"},
		{[]byte{4, 2, 0x0f, 0x01, 0, 0, 0, 0, 0, 0xe0, 1, 0, 0}, "3×3, 6 queens, attacks diagonal,anti-diagonal,knight, 3 regions, each row=2,column=2,region=2", "", "extension: Star Battle, cut to 3×3, the rook's lines dropped"},
	} {
		m := Model(tc.data, 5)
		if got := m.String(); got != tc.want {
			t.Errorf("%q: %s, want %s (%s)", tc.data, got, tc.want, tc.reason)
		}
		if tc.regions != "" && (m.Regions == nil || m.Regions.String() != tc.regions) {
			t.Errorf("%q: regions %v, want %s (%s)", tc.data, m.Regions, tc.regions, tc.reason)
		}
	}
}

// TestSmall checks that Small gives each of the 48 vectors in -3..3 other than (0,0) once in 48 bytes.
func TestSmall(t *testing.T) {
	seen := map[constraints.Vec]bool{}
	for b := range 256 {
		v := Small(byte(b))
		if v == (constraints.Vec{}) || v.DR < -3 || v.DR > 3 || v.DC < -3 || v.DC > 3 {
			t.Fatalf("Small(%d) = %v", b, v)
		}
		if b < 48 {
			seen[v] = true
		}
	}
	if len(seen) != 48 {
		t.Errorf("Small gives %d vectors in 48 bytes, want 48", len(seen))
	}
}

// TestWideCoversTheProgram checks that Wide draws every feature of the model often, the new ones
// included, so that a fuzz test over it cannot miss one.
func TestWideCoversTheProgram(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 20))
	counted := map[constraints.Feature]int{}
	surfaces := map[constraints.Surface]int{}
	for range 2000 {
		m := ValidWide(rng, 6)
		surfaces[m.Surface]++
		for _, f := range constraints.AllFeatures.Features() {
			if m.Features()&f != 0 {
				counted[f]++
			}
		}
	}
	for _, f := range constraints.AllFeatures.Features() {
		if counted[f] < 40 {
			t.Errorf("%v in %d of 2000 models only", f, counted[f])
		}
	}
	for _, s := range constraints.Surfaces() {
		if surfaces[s] < 100 {
			t.Errorf("%v in %d of 2000 models only", s, surfaces[s])
		}
	}
}

func TestStretch(t *testing.T) {
	for _, tc := range []struct {
		load float64
		cpus int
		want time.Duration
	}{
		{0.5, 2, time.Second}, {2, 2, time.Second}, {6, 2, 3 * time.Second}, {100, 2, 10 * time.Second}, {3, 0, 3 * time.Second},
	} {
		if got := stretch(time.Second, tc.load, tc.cpus); got != tc.want {
			t.Errorf("stretch(1s, load %v, %d cpus) = %v, want %v", tc.load, tc.cpus, got, tc.want)
		}
	}
}

// TestGrownGrid checks that a grown grid gives every cell one of side letters, each letter's cells
// connected, and parses as regions.
func TestGrownGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		side := 3 + rng.IntN(8)
		grid := GrownGrid(rng, side)
		seen := map[byte]int{}
		for _, row := range grid {
			for _, b := range row {
				if b < 'a' || b >= byte('a'+side) {
					t.Fatalf("cell %q in %q", b, grid)
				}
				seen[b]++
			}
		}
		if len(seen) != side {
			t.Fatalf("%d letters in %q, want %d", len(seen), grid, side)
		}
		for letter, n := range seen { // a flood from the letter's first cell reaches all of them
			var r0, c0 int
			for r, row := range grid {
				if c := slices.Index(row, letter); c >= 0 {
					r0, c0 = r, c
					break
				}
			}
			reached := map[[2]int]bool{{r0, c0}: true}
			stack := [][2]int{{r0, c0}}
			for len(stack) > 0 {
				at := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
					x := [2]int{at[0] + d[0], at[1] + d[1]}
					if x[0] >= 0 && x[0] < side && x[1] >= 0 && x[1] < side && grid[x[0]][x[1]] == letter && !reached[x] {
						reached[x] = true
						stack = append(stack, x)
					}
				}
			}
			if len(reached) != n {
				t.Fatalf("region %c of %q: %d of its %d cells connected", letter, grid, len(reached), n)
			}
		}
		if g := ParseGrid(grid); g == nil {
			t.Fatal("no regions")
		}
	}
}
