package closed

import "testing"

// TestFormulaTerms holds binomial, factorial and power to plain arithmetic, and to their overflow.
func TestFormulaTerms(t *testing.T) {
	// Pascal's triangle, row by row, while it fits.
	row := []uint64{1}
	for n := uint64(1); n <= 67; n++ {
		next := make([]uint64, n+1)
		next[0], next[n] = 1, 1
		for k := uint64(1); k < n; k++ {
			next[k] = row[k-1] + row[k]
		}
		for k := uint64(0); k <= n+1; k++ {
			want := uint64(0)
			if k <= n {
				want = next[k]
			}
			if got, ok := binomial(n, k); !ok || got != want {
				t.Fatalf("C(%d,%d) = %d, %v; want %d", n, k, got, ok, want)
			}
		}
		row = next
	}
	if _, ok := binomial(68, 34); ok {
		t.Error("C(68,34) overflows 64 bits; binomial says it fits")
	}
	if _, ok := binomial(10_000_000, 5_000_000); ok {
		t.Error("C(10^7, 5·10^6) fits, says binomial")
	}
	if v, ok := factorial(20); !ok || v != 2432902008176640000 {
		t.Errorf("20! = %d, %v", v, ok)
	}
	if _, ok := factorial(21); ok {
		t.Error("21! overflows 64 bits")
	}
	if v, ok := power(2, 63); !ok || v != 1<<63 {
		t.Errorf("2^63 = %d, %v", v, ok)
	}
	if _, ok := power(2, 64); ok {
		t.Error("2^64 overflows")
	}
	if v, ok := power(1, 1<<40); !ok || v != 1 {
		t.Errorf("1^(2^40) = %d, %v", v, ok)
	}
}
