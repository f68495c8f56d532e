package constraints

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/queens-dev/queens/constraints/intmath"
	"github.com/queens-dev/queens/constraints/suggest"
)

// Vec is an offset on the board: DR rows down and DC columns to the right.
type Vec struct{ DR, DC int }

// String writes v as "(dr,dc)".
func (v Vec) String() string { return fmt.Sprintf("(%d,%d)", v.DR, v.DC) }

func compareVecs(a, b Vec) int {
	if c := cmp.Compare(a.DR, b.DR); c != 0 {
		return c
	}
	return cmp.Compare(a.DC, b.DC)
}

// rider returns the canonical direction of the line along v: v or −v, whichever points down, or right
// along a row.
func rider(v Vec) Vec {
	if v.DR < 0 || (v.DR == 0 && v.DC < 0) {
		return Vec{-v.DR, -v.DC}
	}
	return v
}

// leaper returns the canonical offset of a leap: the smaller magnitude first, both non-negative.
func leaper(v Vec) Vec {
	a, b := intmath.Abs(v.DR), intmath.Abs(v.DC)
	return Vec{min(a, b), max(a, b)}
}

// Attack is the set of ways queens attack one another: riders and leapers.
//
// A rider with direction (a, b) attacks along the line through its cell in that direction and the
// opposite one, to the board's edge: row = (0,1), column = (1,0), diagonal = (1,1), anti-diagonal =
// (1,−1). A leaper with offset (a, b) attacks the cells (±a, ±b) and (±b, ±a) away: knight = (1,2). On a
// torus both wrap, coordinates taken modulo the sides. Attacks are symmetric: a queen attacks another
// exactly when the other attacks it.
//
// An Attack is a value: its vectors are kept canonical (sorted, each once), so Equal compares sets, and no
// method changes one. The zero value attacks nothing.
type Attack struct {
	riders, leapers []Vec
}

// Ride returns the rider with direction (dr, dc). Ride(0, 0) is no direction; Model.Validate rejects it.
func Ride(dr, dc int) Attack { return Attack{riders: []Vec{rider(Vec{dr, dc})}} }

// Leap returns the leaper with offset (dr, dc) and its seven images under the square's turns. Leap(0, 0)
// is no offset; Model.Validate rejects it.
func Leap(dr, dc int) Attack { return Attack{leapers: []Vec{leaper(Vec{dr, dc})}} }

// Union returns the attacks of every set given.
func Union(sets ...Attack) Attack {
	var u Attack
	for _, s := range sets {
		u.riders = append(u.riders, s.riders...)
		u.leapers = append(u.leapers, s.leapers...)
	}
	u.riders = canonical(u.riders)
	u.leapers = canonical(u.leapers)
	return u
}

func canonical(vs []Vec) []Vec {
	if len(vs) == 0 {
		return nil
	}
	slices.SortFunc(vs, compareVecs)
	return slices.Compact(vs)
}

// Riders returns the directions of the riders, canonical (pointing down, or right along a row) and
// sorted. The slice is a copy.
func (a Attack) Riders() []Vec { return slices.Clone(a.riders) }

// Leapers returns the offsets of the leapers, canonical ((a, b) with 0 ≤ a ≤ b) and sorted. The slice is a
// copy.
func (a Attack) Leapers() []Vec { return slices.Clone(a.leapers) }

// Leaps returns every offset a leaper of a jumps by: each leaper's (±a, ±b) and (±b, ±a), each offset
// once, sorted.
func (a Attack) Leaps() []Vec {
	var out []Vec
	for _, l := range a.leapers {
		for _, v := range [...]Vec{{l.DR, l.DC}, {l.DC, l.DR}} {
			for _, s := range [...]Vec{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				out = append(out, Vec{s.DR * v.DR, s.DC * v.DC})
			}
		}
	}
	return canonical(out)
}

// IsZero reports whether a attacks nothing.
func (a Attack) IsZero() bool { return len(a.riders) == 0 && len(a.leapers) == 0 }

// Equal reports whether a and b are the same set of riders and leapers.
func (a Attack) Equal(b Attack) bool {
	return slices.Equal(a.riders, b.riders) && slices.Equal(a.leapers, b.leapers)
}

// Has reports whether every rider and leaper of b is in a.
func (a Attack) Has(b Attack) bool {
	for _, r := range b.riders {
		if _, ok := slices.BinarySearchFunc(a.riders, r, compareVecs); !ok {
			return false
		}
	}
	for _, l := range b.leapers {
		if _, ok := slices.BinarySearchFunc(a.leapers, l, compareVecs); !ok {
			return false
		}
	}
	return true
}

// Without returns the riders and leapers of a that are not in b.
func (a Attack) Without(b Attack) Attack {
	var out Attack
	for _, r := range a.riders {
		if !slices.Contains(b.riders, r) {
			out.riders = append(out.riders, r)
		}
	}
	for _, l := range a.leapers {
		if !slices.Contains(b.leapers, l) {
			out.leapers = append(out.leapers, l)
		}
	}
	return out
}

// Size returns the number of riders and leapers in a.
func (a Attack) Size() int { return len(a.riders) + len(a.leapers) }

// The shorthands. Each is an attack set with a name; a new piece is one line in the table below.
var (
	Row          = Ride(0, 1)
	Column       = Ride(1, 0)
	Diagonal     = Ride(1, 1)  // row − col constant
	AntiDiagonal = Ride(1, -1) // row + col constant
	Knight       = Leap(1, 2)
	King         = Union(Leap(0, 1), Leap(1, 1))

	Queen      = Union(Row, Column, Diagonal, AntiDiagonal)
	Rook       = Union(Row, Column)
	Bishop     = Union(Diagonal, AntiDiagonal)
	Superqueen = Union(Queen, Knight)
	Chancellor = Union(Rook, Knight)
	Archbishop = Union(Bishop, Knight)
)

// shorthand is a name for a set of riders and leapers. kind marks the names String may write: the
// lines, single leaps and the king, from which every set is spelled; pieces are read but not written.
type shorthand struct {
	name    string
	aliases []string
	set     Attack
	kind    bool
}

// shorthands is the table of names ParseAttack reads and String writes. String spells a set with the
// kinds in this order, so the lines come first as they always have.
var shorthands = []shorthand{
	{"row", []string{"rows"}, Row, true},
	{"column", []string{"columns", "col", "cols"}, Column, true},
	{"diagonal", []string{"diag"}, Diagonal, true},
	{"anti-diagonal", []string{"antidiagonal", "anti"}, AntiDiagonal, true},
	{"nightrider", nil, Union(Ride(1, 2), Ride(2, 1), Ride(1, -2), Ride(2, -1)), true},
	{"knight", nil, Knight, true},
	{"king", nil, King, true},
	{"camel", nil, Leap(1, 3), true},
	{"zebra", nil, Leap(2, 3), true},
	{"giraffe", nil, Leap(1, 4), true},
	{"wazir", nil, Leap(0, 1), true},
	{"ferz", nil, Leap(1, 1), true},
	{"dabbaba", nil, Leap(0, 2), true},
	{"alfil", nil, Leap(2, 2), true},
	{"queen", nil, Queen, false},
	{"rook", nil, Rook, false},
	{"bishop", nil, Bishop, false},
	{"superqueen", []string{"amazon"}, Superqueen, false},
	{"chancellor", nil, Chancellor, false},
	{"archbishop", nil, Archbishop, false},
}

// Names lists the names ParseAttack knows, kinds first, then pieces, each with its aliases after a slash.
func Names() []string {
	var out []string
	for _, s := range shorthands {
		out = append(out, strings.Join(append([]string{s.name}, s.aliases...), "/"))
	}
	return out
}

// String spells a as a comma-separated list ParseAttack reads back to the same set: the named kinds it
// holds whole, in the table's order, then ride(a,b) and leap(a,b) for the rest; "none" for the empty set.
func (a Attack) String() string {
	names := a.Kinds()
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ",")
}

// Kinds returns the names String joins: never nil, empty for the empty set.
func (a Attack) Kinds() []string {
	names := []string{}
	left := a
	for _, s := range shorthands {
		if s.kind && left.Has(s.set) {
			names = append(names, s.name)
			left = left.Without(s.set)
		}
	}
	for _, r := range left.riders {
		names = append(names, fmt.Sprintf("ride(%d,%d)", r.DR, r.DC))
	}
	for _, l := range left.leapers {
		names = append(names, fmt.Sprintf("leap(%d,%d)", l.DR, l.DC))
	}
	return names
}

// ParseKind reads one name: a kind or piece from the table (case-insensitive, e.g. "knight", "queen"),
// or the general forms "ride(a,b)" and "leap(a,b)" with integers a and b.
func ParseKind(s string) (Attack, error) {
	word := strings.ToLower(strings.TrimSpace(s))
	if word == "none" {
		return Attack{}, fmt.Errorf("attack %q stands alone: it means no attack at all, so it takes no other name beside it", s)
	}
	for _, sh := range shorthands {
		if word == sh.name || slices.Contains(sh.aliases, word) {
			return sh.set, nil
		}
	}
	for _, form := range [...]struct {
		prefix string
		make   func(a, b int) Attack
	}{{"ride(", Ride}, {"leap(", Leap}} {
		rest, ok := strings.CutPrefix(word, form.prefix)
		if !ok {
			continue
		}
		inner, ok := strings.CutSuffix(rest, ")")
		x, y, comma := strings.Cut(inner, ",")
		if !ok || !comma {
			return Attack{}, fmt.Errorf("attack %q: want %sa,b) with whole numbers a and b", s, form.prefix)
		}
		a, errA := strconv.Atoi(strings.TrimSpace(x))
		b, errB := strconv.Atoi(strings.TrimSpace(y))
		if errA != nil || errB != nil || !withinSide(a) || !withinSide(b) {
			return Attack{}, fmt.Errorf("attack %q: want %sa,b) with whole numbers a and b within ±%d", s, form.prefix, MaxSide)
		}
		if a == 0 && b == 0 {
			return Attack{}, fmt.Errorf("attack %q: (0,0) moves nowhere", s)
		}
		return form.make(a, b), nil
	}
	if word == "ride" || word == "leap" {
		return Attack{}, fmt.Errorf("attack %q: want %s(a,b) with whole numbers a and b", s, word)
	}
	if name, args, ok := strings.Cut(word, "("); ok {
		if near, ok := suggest.Closest(name, []string{"ride", "leap"}); ok {
			return Attack{}, fmt.Errorf("unknown attack %q (did you mean %s(%s?)", s, near, args)
		}
	}
	var all []string
	for _, sh := range shorthands {
		all = append(all, sh.name)
		all = append(all, sh.aliases...)
	}
	if near, ok := suggest.Closest(word, all); ok {
		return Attack{}, fmt.Errorf("unknown attack %q (did you mean %s?)", s, near)
	}
	return Attack{}, fmt.Errorf("unknown attack %q (want a name such as row, queen, knight or king, or ride(a,b) or leap(a,b); 'queens help attacks' lists them)", s)
}

// ParseAttack reads a comma-separated list of names and forms ("queen,knight", "rook, leap(1,3)"), or
// "none" for no attack at all. Commas inside ride(…) and leap(…) belong to the form. Two names of which
// one holds the other whole, in either order ("rook,row" as "row,rook"), or one named twice, are an
// error (see Overlap), as a typo is more likely than intent.
func ParseAttack(s string) (Attack, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "none":
		return Attack{}, nil
	case "":
		return Attack{}, fmt.Errorf("empty attack list (say \"none\" for no attacks)")
	}
	parts := splitList(s)
	// Each name that is not refused adds a rider or leaper: a longer list is refused before its names
	// are compared with each other, which takes time quadratic in them.
	if len(parts) > MaxVectors {
		return Attack{}, fmt.Errorf("%d attack names: at most %d riders and leapers in all", len(parts), MaxVectors)
	}
	var a Attack
	sets := make([]Attack, 0, len(parts))
	for _, part := range parts {
		k, err := ParseKind(part)
		if err != nil {
			return Attack{}, err
		}
		for j, s := range sets {
			if msg := Overlap(parts[j], s, part, k); msg != "" {
				return Attack{}, errors.New(msg)
			}
		}
		sets = append(sets, k)
		a = Union(a, k)
	}
	return a, nil
}

// Overlap says why the name next, whose moves are b, may not follow the name first, whose moves are a,
// in one list of attacks, or returns "" when it may: the same name twice, two names of the same moves,
// or one name whose moves hold the other's whole ("rook" and "row", in either order). Names that share
// only some moves ("queen" and "chancellor" share the rook's) may stand together. The flag --attacks
// and the variant files' attacks: list hold each pair of names to this one rule.
func Overlap(first string, a Attack, next string, b Attack) string {
	first, next = strings.TrimSpace(first), strings.TrimSpace(next)
	switch {
	case strings.EqualFold(first, next):
		return fmt.Sprintf("attack %q named twice", next)
	case a.Equal(b):
		return fmt.Sprintf("attacks %q and %q are the same moves: name one of them", first, next)
	case a.Has(b):
		return fmt.Sprintf("attacks %q and %q: %s holds %s whole: name %s alone", first, next, first, next, first)
	case b.Has(a):
		return fmt.Sprintf("attacks %q and %q: %s holds %s whole: name %s alone", first, next, next, first, next)
	}
	return ""
}

// splitList splits s at the commas that are not inside parentheses.
func splitList(s string) []string {
	var parts []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				parts = append(parts, s[start:i])
				start = i + 1
			}
		}
	}
	return append(parts, s[start:])
}

// withinSide reports whether a vector's component x lies within ±MaxSide. It compares x itself: the
// absolute value of the smallest int is negative, so a bound on |x| would let it through.
func withinSide(x int) bool { return -MaxSide <= x && x <= MaxSide }

// MaxVectors bounds the riders and leapers of one model together.
const MaxVectors = 64

// validate reports the first rider or leaper of a that moves nowhere, or too many of them.
func (a Attack) validate() error {
	if a.Size() > MaxVectors {
		return &ValidationError{Field: "attacks", Msg: fmt.Sprintf("%d riders and leapers: at most %d", a.Size(), MaxVectors)}
	}
	for _, r := range a.riders {
		if r == (Vec{}) {
			return &ValidationError{Field: "attacks", Msg: "a ride of (0,0) moves nowhere"}
		}
		if !withinSide(r.DR) || !withinSide(r.DC) {
			return &ValidationError{Field: "attacks", Msg: fmt.Sprintf("ride%s: components must lie within ±%d", r, MaxSide)}
		}
	}
	for _, l := range a.leapers {
		if l == (Vec{}) {
			return &ValidationError{Field: "attacks", Msg: "a leap of (0,0) moves nowhere"}
		}
		// A canonical leap is (a, b) with 0 ≤ a ≤ b; a component out of range, the smallest int64 among
		// them, has no absolute value and leaves a negative one behind.
		if l.DR < 0 || l.DC < 0 || l.DC > MaxSide {
			return &ValidationError{Field: "attacks", Msg: fmt.Sprintf("leap%s: components must lie within ±%d", l, MaxSide)}
		}
	}
	return nil
}
