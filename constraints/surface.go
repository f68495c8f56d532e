package constraints

import (
	"fmt"
	"strings"

	"github.com/queens-dev/queens/constraints/suggest"
)

// Surface says how the board's edges are joined, so that riders and leapers may cross them.
//
// On a Cylinder and a Torus the edges are joined plainly: a step off the right edge comes back on the
// left in the same row, and on a torus a step off the bottom comes back at the top. A Mobius strip joins
// the left and right edges with a twist: leaving row r on the right, a rider enters row rows−1−r on the
// left, and from there moves vertically the other way (a diagonal comes back as an anti-diagonal). A
// Klein bottle is the Möbius strip with its top and bottom edges joined plainly too. On a Möbius strip
// row r and row rows−1−r are one line of the row rider, so a square board holds at most ceil(n/2)
// queens that attack along rows.
type Surface uint8

// The surfaces. Torus is 1, so that a model that said wrap: true before surfaces had names means the same.
const (
	Flat Surface = iota
	Torus
	Cylinder
	Mobius
	Klein
	surfaces
)

// surfaceNames are the names ParseSurface reads, the first of each the one String writes.
var surfaceNames = [surfaces][]string{
	{"flat", "false", "none", "plane"},
	{"torus", "true"},
	{"cylinder"},
	{"mobius", "möbius", "moebius"},
	{"klein", "klein-bottle"},
}

// String names the surface as files and flags write it: "flat", "torus", "cylinder", "mobius", "klein".
func (s Surface) String() string {
	if s < surfaces {
		return surfaceNames[s][0]
	}
	return fmt.Sprintf("surface(%d)", uint8(s))
}

// Describe names the surface for people: "torus", "Möbius strip", "Klein bottle".
func (s Surface) Describe() string {
	switch s {
	case Mobius:
		return "Möbius strip"
	case Klein:
		return "Klein bottle"
	}
	return s.String()
}

// Surfaces returns every surface, Flat first.
func Surfaces() []Surface { return []Surface{Flat, Torus, Cylinder, Mobius, Klein} }

// ParseSurface reads a surface's name ("torus", "cylinder", "mobius" or "möbius", "klein"), or "true"
// (a torus) and "false" (flat) as the flag --wrap and the YAML key wrap: have always taken them.
func ParseSurface(s string) (Surface, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	var all []string
	for i, names := range surfaceNames {
		for _, n := range names {
			if n == w {
				return Surface(i), nil
			}
		}
		all = append(all, names[0])
	}
	if near, ok := suggest.Closest(w, all); ok {
		return 0, fmt.Errorf("unknown surface %q (did you mean %s?)", s, near)
	}
	return 0, fmt.Errorf("unknown surface %q (want %s)", s, strings.Join(all, ", "))
}

// WrapsCols reports whether the left and right edges are joined: every surface but Flat.
func (s Surface) WrapsCols() bool { return s != Flat }

// WrapsRows reports whether the top and bottom edges are joined: a Torus and a Klein bottle.
func (s Surface) WrapsRows() bool { return s == Torus || s == Klein }

// Twisted reports whether crossing the left or right edge turns the board upside down: a Möbius strip
// and a Klein bottle.
func (s Surface) Twisted() bool { return s == Mobius || s == Klein }
