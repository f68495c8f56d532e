// Package intmath holds the integer arithmetic of a wrapped board, shared by the model and the solvers.
package intmath

// GCD returns the greatest common divisor of a and b, non-negative for non-negative input; GCD(a, 0) is a.
// On an r×c torus a diagonal visits the cells whose row − column agree modulo GCD(r, c).
func GCD(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	if a < 0 {
		return -a
	}
	return a
}

// Mod returns x modulo n in [0, n), for n > 0, where Go's % keeps the sign of x.
func Mod(x, n int) int {
	x %= n
	if x < 0 {
		x += n
	}
	return x
}

// Abs returns |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Inverse returns the inverse of a modulo n (a·x ≡ 1 mod n) and true, or false when gcd(a, n) ≠ 1. n must
// be at least 1; modulo 1 every number is 0 and 0 is its own inverse.
func Inverse(a, n int) (int, bool) {
	if n == 1 {
		return 0, true
	}
	// Extended Euclid on (a mod n, n), keeping only the coefficient of a.
	r0, r1 := Mod(a, n), n
	s0, s1 := 1, 0
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		s0, s1 = s1, s0-q*s1
	}
	if r0 != 1 {
		return 0, false
	}
	return Mod(s0, n), true
}

// SolveLinear returns the solutions of k·a ≡ b (mod n), n ≥ 1, as k ≡ k0 (mod step), and false when
// there are none (gcd(a, n) does not divide b). Every k = k0 + j·step is a solution and no other is.
func SolveLinear(a, b, n int) (k0, step int, ok bool) {
	g := GCD(Mod(a, n), n) // gcd(0, n) = n: then k is free iff b ≡ 0
	if Mod(b, g) != 0 {
		return 0, 0, false
	}
	step = n / g
	inv, _ := Inverse(Mod(a, n)/g, step) // a/g and n/g are coprime
	return Mod(Mod(b, n)/g*inv, step), step, true
}
