package intmath

import "testing"

func TestGCD(t *testing.T) {
	for _, tt := range []struct{ a, b, want int }{{12, 18, 6}, {18, 12, 6}, {7, 5, 1}, {4, 6, 2}, {5, 0, 5}, {0, 5, 5}, {9, 9, 9}} {
		if got := GCD(tt.a, tt.b); got != tt.want {
			t.Errorf("GCD(%d, %d) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestMod(t *testing.T) {
	for _, tt := range []struct{ x, n, want int }{{7, 5, 2}, {-1, 5, 4}, {-5, 5, 0}, {-6, 5, 4}, {0, 3, 0}, {3, 3, 0}} {
		if got := Mod(tt.x, tt.n); got != tt.want {
			t.Errorf("Mod(%d, %d) = %d, want %d", tt.x, tt.n, got, tt.want)
		}
	}
}
