// Package intmath holds the integer arithmetic of a wrapped board, shared by the model and the solvers.
package intmath

// GCD returns the greatest common divisor of a and b, non-negative for non-negative input; GCD(a, 0) is a.
// On an r×c torus a diagonal visits the cells whose row − column agree modulo GCD(r, c).
func GCD(a, b int) int {
	for b != 0 {
		a, b = b, a%b
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
