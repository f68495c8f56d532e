package constraints

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/queens-dev/queens/constraints/suggest"
)

// Range is how many queens a line may hold: from Lo to Hi, both included. The zero Range asks nothing;
// Exactly(2) is Star Battle's two stars, AtMost(2) the no-three-in-line rule.
type Range struct{ Lo, Hi int }

// Exactly returns the range of exactly k queens.
func Exactly(k int) Range { return Range{k, k} }

// AtMost returns the range of at most k queens. AtMost(0) is the zero Range, which asks nothing (ParseRange
// refuses "<=0").
func AtMost(k int) Range { return Range{0, k} }

// Between returns the range of lo to hi queens.
func Between(lo, hi int) Range { return Range{lo, hi} }

// IsZero reports whether r asks nothing.
func (r Range) IsZero() bool { return r == Range{} }

// Exact returns k and true when r asks for exactly k queens.
func (r Range) Exact() (int, bool) { return r.Lo, r.Lo == r.Hi && r.Hi > 0 }

// Holds reports whether n queens meet r; every count meets the zero range.
func (r Range) Holds(n int) bool { return r.IsZero() || (r.Lo <= n && n <= r.Hi) }

// Meet returns the counts both r and s allow, where either may be zero (no bound); ok is false when none
// does.
func (r Range) Meet(s Range) (Range, bool) {
	switch {
	case r.IsZero():
		return s, true
	case s.IsZero():
		return r, true
	}
	m := Range{max(r.Lo, s.Lo), min(r.Hi, s.Hi)}
	return m, m.Lo <= m.Hi
}

// String writes r as ParseRange reads it: "2" for exactly two, "<=2" for at most two, "1..2" for one or
// two; "none" for the zero range.
func (r Range) String() string {
	switch {
	case r.IsZero():
		return "none"
	case r.Lo == r.Hi:
		return strconv.Itoa(r.Lo)
	case r.Lo == 0:
		return "<=" + strconv.Itoa(r.Hi)
	}
	return fmt.Sprintf("%d..%d", r.Lo, r.Hi)
}

// ParseRange reads a range as String writes it: "k" (exactly k, at least 1), "<=k" (at most k, at least
// 1) or "a..b" (from a to b, 0 ≤ a ≤ b, b ≥ 1). Numbers above MaxSide are refused before anything is
// computed from them.
func ParseRange(s string) (Range, error) {
	t := strings.TrimSpace(s)
	num := func(x string) (int, error) {
		x = strings.TrimSpace(x)
		n, err := strconv.Atoi(x)
		if err != nil || n < 0 || n > MaxSide || (len(x) > 1 && x[0] == '0') {
			return 0, fmt.Errorf("range %q: want whole numbers from 0 to %d, such as 2, <=2 or 1..2", s, MaxSide)
		}
		return n, nil
	}
	var r Range
	switch {
	case strings.HasPrefix(t, "<="):
		k, err := num(t[2:])
		if err != nil {
			return Range{}, err
		}
		r = AtMost(k)
	case strings.Contains(t, ".."):
		a, b, _ := strings.Cut(t, "..")
		lo, err := num(a)
		if err != nil {
			return Range{}, err
		}
		hi, err := num(b)
		if err != nil {
			return Range{}, err
		}
		if lo > hi {
			return Range{}, fmt.Errorf("range %q: %d is more than %d, so no count meets it", s, lo, hi)
		}
		r = Between(lo, hi)
	default:
		k, err := num(t)
		if err != nil {
			return Range{}, err
		}
		r = Exactly(k)
	}
	if r.Hi < 1 {
		return Range{}, fmt.Errorf("range %q: allows no queen at all (want at least 1 at most)", s)
	}
	return r, nil
}

// Quota asks for a number of queens, as a Range, on every line of a kind: every row, every column, every
// region, every diagonal and anti-diagonal (the lines of ride(1,1) and ride(1,-1), on the model's
// surface), and every straight line of the board through two or more cells, of any slope (flat boards
// only). Star Battle's two stars per row, column and region is {Row: Exactly(2), Column: Exactly(2),
// Region: Exactly(2)}; the no-three-in-line problem is {Row: Exactly(2), Column: Exactly(2), Line:
// AtMost(2)}. A zero field asks nothing.
type Quota struct {
	Row, Column, Region, Diagonal, AntiDiagonal, Line Range
	// KnightLine asks on every line of the nightrider: the cells a knight reaches going on in one
	// direction, (1, 2), (2, 1), (1, −2) or (2, −1), on the model's surface.
	KnightLine Range
}

// riderKeys are the quota keys whose lines are the lines of riders: every line of each direction in dirs,
// walked on the model's surface (where a line of one cell is a line too). Compile makes each a family of
// those riders' lines, Verify counts the queens on them by the lines' labels, and Validate checks the key
// against the model's own riders; a new kind of rider line is a row here and its key.
var riderKeys = []struct {
	key  QuotaKey
	dirs []Vec
}{
	{KeyDiagonal, []Vec{{1, 1}}},
	{KeyAntiDiagonal, []Vec{{1, -1}}},
	{KeyKnightLine, []Vec{{1, 2}, {2, 1}, {1, -2}, {2, -1}}},
}

// QuotaKey names one kind of line a quota counts on.
type QuotaKey uint8

// The kinds of line, in the order String and the variant files write them.
const (
	KeyRow QuotaKey = iota
	KeyColumn
	KeyRegion
	KeyDiagonal
	KeyAntiDiagonal
	KeyLine
	KeyKnightLine
	quotaKeys
)

// quotaNames are the keys' names, each with the aliases ParseQuota also reads, and what each counts on.
var quotaNames = [quotaKeys]struct {
	names []string
	about string
}{
	{[]string{"row", "rows"}, "every row"},
	{[]string{"column", "columns", "col", "cols"}, "every column"},
	{[]string{"region", "regions"}, "every region (needs --regions, or regions: in YAML)"},
	{[]string{"diagonal", "diagonals", "diag"}, "every diagonal, the lines of ride(1,1) on the model's surface"},
	{[]string{"anti-diagonal", "anti-diagonals", "antidiagonal", "anti"}, "every anti-diagonal, the lines of ride(1,-1)"},
	{[]string{"line", "lines"}, "every straight line through two or more cells, of any slope (flat boards only)"},
	{[]string{"knight-line", "knight-lines", "knightline", "nightrider-line"}, "every line of the nightrider, ride(1,2) and its turns, on the model's surface"},
}

// About says in a phrase what lines the key counts on, for help texts: "every row", ….
func (k QuotaKey) About() string {
	if k < quotaKeys {
		return quotaNames[k].about
	}
	return ""
}

// String names the key as files and flags write it: "row", "anti-diagonal", …
func (k QuotaKey) String() string {
	if k < quotaKeys {
		return quotaNames[k].names[0]
	}
	return fmt.Sprintf("key(%d)", uint8(k))
}

// QuotaKeys returns every key, in order.
func QuotaKeys() []QuotaKey {
	out := make([]QuotaKey, quotaKeys)
	for k := range out {
		out[k] = QuotaKey(k)
	}
	return out
}

// ParseQuotaKey reads a key by its name or one of its aliases ("row" or "rows", "column" or "cols"),
// case-insensitive; an unknown key's error says which it most likely meant.
func ParseQuotaKey(s string) (QuotaKey, error) {
	w := strings.ToLower(strings.TrimSpace(s))
	var all []string
	for k, kn := range quotaNames {
		if slices.Contains(kn.names, w) {
			return QuotaKey(k), nil
		}
		all = append(all, kn.names...)
	}
	var canon []string
	for k := range quotaKeys {
		canon = append(canon, k.String())
	}
	if near, ok := suggest.Closest(w, all); ok {
		for k, kn := range quotaNames {
			if slices.Contains(kn.names, near) {
				near = QuotaKey(k).String() // name the key as files write it, not the alias nearest
			}
		}
		return 0, fmt.Errorf("unknown key %q (did you mean %s?)", s, near)
	}
	return 0, fmt.Errorf("unknown key %q (want %s)", s, strings.Join(canon, ", "))
}

// Get returns the range q asks on lines of kind k.
func (q Quota) Get(k QuotaKey) Range {
	switch k {
	case KeyRow:
		return q.Row
	case KeyColumn:
		return q.Column
	case KeyRegion:
		return q.Region
	case KeyDiagonal:
		return q.Diagonal
	case KeyAntiDiagonal:
		return q.AntiDiagonal
	case KeyLine:
		return q.Line
	case KeyKnightLine:
		return q.KnightLine
	}
	return Range{}
}

// Set returns q with the range of kind k set to r.
func (q Quota) Set(k QuotaKey, r Range) Quota {
	switch k {
	case KeyRow:
		q.Row = r
	case KeyColumn:
		q.Column = r
	case KeyRegion:
		q.Region = r
	case KeyDiagonal:
		q.Diagonal = r
	case KeyAntiDiagonal:
		q.AntiDiagonal = r
	case KeyLine:
		q.Line = r
	case KeyKnightLine:
		q.KnightLine = r
	}
	return q
}

// Only reports whether q asks nothing on lines of any kind but keys: a reader that knows some kinds asks
// this, so that a kind added later is refused rather than ignored.
func (q Quota) Only(keys ...QuotaKey) bool {
	for _, k := range QuotaKeys() {
		if !q.Get(k).IsZero() && !slices.Contains(keys, k) {
			return false
		}
	}
	return true
}

// IsZero reports whether q asks nothing.
func (q Quota) IsZero() bool { return q == Quota{} }

// String writes q as ParseQuota reads it, "row=2,column=2,line=<=2", leaving out the zero fields; "none"
// when all are.
func (q Quota) String() string {
	var parts []string
	for _, k := range QuotaKeys() {
		if r := q.Get(k); !r.IsZero() {
			parts = append(parts, k.String()+"="+r.String())
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ",")
}

// ParseQuota reads a comma-separated list of KEY=RANGE ("row=2,column=2,line=<=2"), each key once, as
// the flag --each and the YAML key each: take them.
func ParseQuota(s string) (Quota, error) {
	var q Quota
	seen := [quotaKeys]bool{}
	for _, part := range strings.Split(s, ",") {
		key, val, ok := strings.Cut(part, "=")
		if !ok {
			return Quota{}, fmt.Errorf("%q: want KEY=RANGE, such as row=2 or line=<=2", strings.TrimSpace(part))
		}
		k, err := ParseQuotaKey(key)
		if err != nil {
			return Quota{}, err
		}
		if seen[k] {
			return Quota{}, fmt.Errorf("%s named twice", k)
		}
		seen[k] = true
		r, err := ParseRange(val)
		if err != nil {
			return Quota{}, fmt.Errorf("%s: %w", k, err)
		}
		q = q.Set(k, r)
	}
	return q, nil
}
