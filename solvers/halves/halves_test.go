package halves

import (
	"context"
	"testing"
)

// a000170 is OEIS A000170, the number of ways to place n non-attacking queens on an n×n board, from n=1.
var a000170 = []uint64{1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104, 666090624}

func TestCountOEIS(t *testing.T) {
	top := 16
	if testing.Short() {
		top = 14
	}
	for n := 1; n <= top; n++ {
		for _, threads := range []int{1, 3} {
			got, err := Count(context.Background(), n, threads)
			if err != nil || got != a000170[n-1] {
				t.Errorf("Count(%d, %d threads) = %d, %v; want %d (A000170)", n, threads, got, err, a000170[n-1])
			}
		}
	}
}
