package constraints

import (
	"fmt"
	"strings"
)

// Attack is a set of attack kinds, one bit per kind. The zero value attacks nothing: every placement of
// queens on distinct free cells is then a solution.
type Attack uint8

// The attack kinds. Row, Column, Diagonal and AntiDiagonal are lines (at most one queen on each); Knight is
// the leap of a chess knight, (±1, ±2) and (±2, ±1).
const (
	Row Attack = 1 << iota
	Column
	Diagonal     // row − col constant
	AntiDiagonal // row + col constant
	Knight
)

// Queen is the attack set of the classic chess queen; Superqueen adds the knight's leap.
const (
	Queen      = Row | Column | Diagonal | AntiDiagonal
	Superqueen = Queen | Knight
	allAttacks = Superqueen
)

var attackNames = []struct {
	kind Attack
	name string
}{
	{Row, "row"}, {Column, "column"}, {Diagonal, "diagonal"}, {AntiDiagonal, "anti-diagonal"}, {Knight, "knight"},
}

// Has reports whether every kind in k is in a.
func (a Attack) Has(k Attack) bool { return a&k == k }

// Kinds lists the names of the kinds in a, in the order row, column, diagonal, anti-diagonal, knight.
func (a Attack) Kinds() []string {
	names := []string{}
	for _, an := range attackNames {
		if a.Has(an.kind) {
			names = append(names, an.name)
		}
	}
	return names
}

// String joins the kinds of a with commas, the form ParseAttack reads; "none" for the empty set.
func (a Attack) String() string {
	if a == 0 {
		return "none"
	}
	return strings.Join(a.Kinds(), ",")
}

// ParseKind returns the attack kind named s: row, column, diagonal, anti-diagonal or knight. The names
// are case-insensitive and "col", "diag" and "anti" are accepted for short.
func ParseKind(s string) (Attack, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "row", "rows":
		return Row, nil
	case "column", "columns", "col", "cols":
		return Column, nil
	case "diagonal", "diag":
		return Diagonal, nil
	case "anti-diagonal", "antidiagonal", "anti":
		return AntiDiagonal, nil
	case "knight":
		return Knight, nil
	}
	return 0, fmt.Errorf("unknown attack %q (want row, column, diagonal, anti-diagonal or knight)", s)
}

// ParseAttack reads a comma-separated list of kinds ("row,column,diagonal"), or one of the words "queen",
// "superqueen" and "none". A kind named twice is an error, as a typo is more likely than intent.
func ParseAttack(s string) (Attack, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "queen":
		return Queen, nil
	case "superqueen":
		return Superqueen, nil
	case "none":
		return 0, nil
	case "":
		return 0, fmt.Errorf("empty attack list (say \"none\" for no attacks)")
	}
	var a Attack
	for _, part := range strings.Split(s, ",") {
		k, err := ParseKind(part)
		if err != nil {
			return 0, err
		}
		if a.Has(k) {
			return 0, fmt.Errorf("attack %q named twice", strings.TrimSpace(part))
		}
		a |= k
	}
	return a, nil
}
