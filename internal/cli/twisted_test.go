package cli

import (
	"fmt"
	"strconv"
	"testing"
)

// TestTwistedSurfaceLines holds what 'queens help attacks' says of a Möbius strip and a Klein bottle to
// counts from outside the solvers: the row rider's line is rows r and rows−1−r together (2 queens:
// C(n², 2) less the pairs on one such line); a row quota counts each row as drawn (1 a row, no attack:
// n^n); a lone ride(1,1) attacks as diagonal,anti-diagonal do, and differently from a flat board.
func TestTwistedSurfaceLines(t *testing.T) {
	count := func(args ...string) uint64 {
		t.Helper()
		code, out, errOut := run(append([]string{"solve", "--quiet"}, args...)...)
		var n uint64
		if _, err := fmt.Sscanf(out, "%d solution", &n); code != 0 || err != nil {
			t.Fatalf("queens solve %v: exit %d, %q %s", args, code, out, errOut)
		}
		return n
	}
	choose2 := func(k uint64) uint64 { return k * (k - 1) / 2 }
	for _, surface := range []string{"mobius", "klein"} {
		wrap := "--wrap=" + surface
		for n := uint64(3); n <= 5; n++ {
			side := strconv.FormatUint(n, 10)
			// Rows r and n−1−r are one line of 2n cells; the middle row of an odd board is one of n.
			same := n / 2 * choose2(2*n)
			if n%2 == 1 {
				same += choose2(n)
			}
			if got, want := count("-n", side, "--attacks", "row", "--queens", "2", wrap), choose2(n*n)-same; got != want {
				t.Errorf("%s, %d×%d, 2 queens, attacks row: %d, want %d (rows r and %d−r one line)", surface, n, n, got, want, n-1)
			}
			want := uint64(1)
			for range n {
				want *= n
			}
			if got := count("-n", side, "--attacks", "none", "--each", "row=1", wrap); got != want {
				t.Errorf("%s, %d×%d, each row=1, no attack: %d, want %d = %d^%d (each row as drawn)", surface, n, n, got, want, n, n)
			}
			for _, q := range []string{"2", "3"} {
				ride := count("-n", side, "--queens", q, "--attacks", "ride(1,1)", wrap)
				both := count("-n", side, "--queens", q, "--attacks", "diagonal,anti-diagonal", wrap)
				flat := count("-n", side, "--queens", q, "--attacks", "ride(1,1)")
				if ride != both || ride == flat {
					t.Errorf("%s, %d×%d, %s queens: ride(1,1) %d, diagonal,anti-diagonal %d, ride(1,1) flat %d: want the first two equal, the last not", surface, n, n, q, ride, both, flat)
				}
			}
		}
	}
}
