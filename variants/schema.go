package variants

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/suggest"
	"gopkg.in/yaml.v3"
)

// The keys the schema knows, in the order Format writes them.
var (
	topKeys    = []string{"name", "description", "board", "queens", "attacks", "wrap", "blocked", "fixed", "regions", "each", "expect"}
	boardKeys  = []string{"rows", "cols"}
	eachKeys   = eachKeyNames()
	expectKeys = []string{"count", "unique", "satisfiable"}
)

// parser turns the node tree of one variant file into a Variant; every error it returns is an *Error that
// points into the file.
type parser struct {
	file string
	data []byte // the file's text, to place faults inside a block of regions
}

func (p *parser) errAt(n *yaml.Node, format string, args ...any) *Error {
	return &Error{File: p.file, Line: n.Line, Col: n.Column, Msg: fmt.Sprintf(format, args...)}
}

// field is a key of a mapping and its value.
type field struct{ key, val *yaml.Node }

// cellAt is a cell and the node it was read from, so later checks can point at it.
type cellAt struct {
	cell constraints.Cell
	node *yaml.Node
}

// variant reads the top mapping of a file. The checks run in a fixed order (keys, then each field in the
// schema's order, then the checks that span fields, then the model's own), so a file with several faults
// always reports the same.
func (p *parser) variant(top *yaml.Node) (Variant, error) {
	if top.Kind != yaml.MappingNode {
		return Variant{}, p.errAt(top, "want a mapping of keys such as board: 8, got %s", describe(top))
	}
	f, err := p.mapping(top, "", topKeys)
	if err != nil {
		return Variant{}, err
	}
	v := Variant{Name: baseName(p.file), Source: p.file}
	if n, ok := f["name"]; ok {
		if v.Name, err = p.str(n.val, "name"); err != nil {
			return Variant{}, err
		}
		if strings.TrimSpace(v.Name) == "" {
			return Variant{}, p.errAt(n.val, "name: empty (leave the key out to use the file's name)")
		}
		if i := strings.IndexFunc(v.Name, unicode.IsControl); i >= 0 {
			return Variant{}, p.errAt(n.val, "name: control character %U (a name is one line of plain text)", []rune(v.Name[i:])[0])
		}
	}
	if n, ok := f["description"]; ok {
		if v.Description, err = p.str(n.val, "description"); err != nil {
			return Variant{}, err
		}
		if i := strings.IndexFunc(v.Description, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' }); i >= 0 {
			return Variant{}, p.errAt(n.val, "description: control character %U (a description is plain text)", []rune(v.Description[i:])[0])
		}
	}
	b, ok := f["board"]
	if !ok {
		return Variant{}, p.errAt(top, "missing board (want board: N or board: {rows: R, cols: C})")
	}
	m := &v.Model
	if m.Rows, m.Cols, err = p.board(b.val); err != nil {
		return Variant{}, err
	}
	queens, hasQueens := f["queens"]
	var q uint64
	if hasQueens {
		if q, err = p.queens(queens.val); err != nil {
			return Variant{}, err
		}
	}
	m.Attack = constraints.Queen
	if n, ok := f["attacks"]; ok {
		if m.Attack, err = p.attacks(n.val); err != nil {
			return Variant{}, err
		}
	}
	if n, ok := f["wrap"]; ok {
		if m.Surface, err = p.surface(n.val); err != nil {
			return Variant{}, err
		}
	}
	var blocked, fixed []cellAt
	if n, ok := f["blocked"]; ok {
		if blocked, err = p.cells(n.val, "blocked", m.Rows, m.Cols); err != nil {
			return Variant{}, err
		}
	}
	if n, ok := f["fixed"]; ok {
		if fixed, err = p.cells(n.val, "fixed", m.Rows, m.Cols); err != nil {
			return Variant{}, err
		}
	}
	m.Blocked, m.Fixed = plain(blocked), plain(fixed)
	var regionLines []*yaml.Node // where each grid line was read: one node per line, or the block once
	if n, ok := f["regions"]; ok {
		if m.Regions, regionLines, err = p.regions(n.val); err != nil {
			return Variant{}, err
		}
	}
	if n, ok := f["each"]; ok {
		if m.Each, err = p.each(n.val); err != nil {
			return Variant{}, err
		}
	}

	// The checks that span fields, said in the file's own terms.
	blockedAt := make(map[constraints.Cell]*yaml.Node, len(blocked))
	for _, bc := range blocked {
		blockedAt[bc.cell] = bc.node
	}
	for _, fc := range fixed {
		if bn, ok := blockedAt[fc.cell]; ok {
			return Variant{}, p.errAt(fc.node, "fixed: queen %s stands on a blocked cell (blocked at line %d, column %d)",
				cellName(fc.cell), bn.Line, bn.Column)
		}
	}
	free := uint64(m.Rows)*uint64(m.Cols) - uint64(len(blocked))
	if hasQueens {
		if q > free {
			return Variant{}, p.errAt(queens.val, "queens: %d is more than the %d free cells of the %d×%d board", q, free, m.Rows, m.Cols)
		}
		m.Queens = int(q)
	} else if k := uint64(m.QueenCount()); k > free && len(blocked) > 0 {
		return Variant{}, p.errAt(f["blocked"].val, "blocked: %d blocked cells leave %d free, fewer than the %d queens of a solution",
			len(blocked), free, k)
	}
	if k := m.QueenCount(); len(fixed) > k && m.Each.IsZero() {
		return Variant{}, p.errAt(f["fixed"].val, "fixed: %d queens, more than the %d queens of a solution", len(fixed), k)
	}

	if n, ok := f["expect"]; ok {
		if v.Expect, err = p.expect(n.val); err != nil {
			return Variant{}, err
		}
	}
	if err := m.Validate(); err != nil {
		return Variant{}, p.validationError(err, top, f, blocked, fixed, regionLines, *m)
	}
	if err := m.ValidateLines(context.Background()); err != nil {
		return Variant{}, p.validationError(err, top, f, blocked, fixed, regionLines, *m)
	}
	return v, nil
}

// validationError points a fault Model.Validate found at the place in the file it came from: the field
// it names, and the cell within it where it names one.
func (p *parser) validationError(err error, top *yaml.Node, f map[string]field, blocked, fixed []cellAt, regionLines []*yaml.Node, m constraints.Model) error {
	ve := constraints.AsValidationError(err)
	at, msg := top, err.Error()
	line, col := 0, 0 // a place inside a block of regions, where one is found
	if ve != nil {
		if n, ok := f[ve.Field]; ok {
			at = n.val
		} else if ve.Field == "queens" {
			at = f["board"].val // a count that follows from the board or the quotas
		}
		cells := map[string][]cellAt{"blocked": blocked, "fixed": fixed}[ve.Field]
		switch {
		case ve.Field == "fixed" && len(ve.Cells) == 2:
			msg = fmt.Sprintf("queens %s and %s attack each other (%s)", cellName(ve.Cells[0]), cellName(ve.Cells[1]), m.AttackName(ve.Cells[0], ve.Cells[1]))
			fallthrough
		case len(ve.Cells) > 0 && cells != nil:
			last := ve.Cells[len(ve.Cells)-1]
			for _, c := range cells {
				if c.cell == last {
					at = c.node
				}
			}
		case ve.Field == "regions" && len(ve.Cells) > 0 && len(regionLines) > 0:
			line, col = p.regionPlace(regionLines, ve.Cells[0])
		}
		// The message names the key it is about, as every message of the file's own reading does.
		if ve.Field != "" && !strings.HasPrefix(msg, ve.Field+":") && !strings.HasPrefix(msg, ve.Field+" ") {
			msg = ve.Field + ": " + msg
		}
	}
	e := p.errAt(at, "%s", msg)
	if line > 0 {
		e.Line, e.Col = line, col
	}
	e.Err = err
	return e
}

// mapping reads the fields of n, which must be a mapping holding only keys from known, each once. what
// names the mapping in messages ("" for the top of the file).
func (p *parser) mapping(n *yaml.Node, what string, known []string) (map[string]field, error) {
	prefix := ""
	if what != "" {
		prefix = what + ": "
	}
	if n.Kind != yaml.MappingNode {
		return nil, p.errAt(n, "%swant a mapping, got %s", prefix, describe(n))
	}
	fields := make(map[string]field, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			return nil, p.errAt(k, "%swant a plain key, got %s", prefix, describe(k))
		}
		if !slices.Contains(known, k.Value) {
			if near, ok := suggest.Closest(k.Value, known); ok {
				return nil, p.errAt(k, "%sunknown key %q (did you mean %s?)", prefix, k.Value, near)
			}
			return nil, p.errAt(k, "%sunknown key %q (want %s)", prefix, k.Value, orList(known))
		}
		if first, ok := fields[k.Value]; ok {
			return nil, p.errAt(k, "%sduplicate key %q (first at line %d, column %d)", prefix, k.Value, first.key.Line, first.key.Column)
		}
		fields[k.Value] = field{k, v}
	}
	return fields, nil
}

// board reads a side N (an N×N board) or a mapping {rows: R, cols: C}.
func (p *parser) board(n *yaml.Node) (rows, cols int, err error) {
	switch {
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!int":
		s, err := p.side(n, "board")
		return s, s, err
	case n.Kind == yaml.MappingNode:
		f, err := p.mapping(n, "board", boardKeys)
		if err != nil {
			return 0, 0, err
		}
		for _, k := range boardKeys {
			if _, ok := f[k]; !ok {
				return 0, 0, p.errAt(n, "board: missing %s (want {rows: R, cols: C})", k)
			}
		}
		if rows, err = p.side(f["rows"].val, "board rows"); err != nil {
			return 0, 0, err
		}
		if cols, err = p.side(f["cols"].val, "board cols"); err != nil {
			return 0, 0, err
		}
		return rows, cols, nil
	}
	return 0, 0, p.errAt(n, "board: want a side N or {rows: R, cols: C}, got %s", describe(n))
}

// side reads a number of rows or columns: 1 to constraints.MaxSide.
func (p *parser) side(n *yaml.Node, what string) (int, error) {
	u, kind := readInt(n)
	switch {
	case kind == notInt:
		return 0, p.errAt(n, "%s: want an integer from 1 to %d, got %s", what, constraints.MaxSide, describe(n))
	case kind != natural || u < 1 || u > constraints.MaxSide:
		return 0, p.errAt(n, "%s: %s is out of range (want 1 to %d)", what, n.Value, constraints.MaxSide)
	}
	return int(u), nil
}

// queens reads the queen count: at least 1; the upper bound needs the blocked cells and is checked later.
func (p *parser) queens(n *yaml.Node) (uint64, error) {
	u, kind := readInt(n)
	switch {
	case kind == notInt:
		return 0, p.errAt(n, "queens: want a positive integer, got %s", describe(n))
	case kind == negative || (kind == natural && u == 0):
		return 0, p.errAt(n, "queens: %s is out of range (want at least 1)", n.Value)
	case kind == tooLarge || u > constraints.MaxSide*constraints.MaxSide:
		return 0, p.errAt(n, "queens: %s is more than the cells of any board", n.Value)
	}
	return u, nil
}

// natural reads a non-negative integer that fits in a uint64.
func (p *parser) natural(n *yaml.Node, what string) (uint64, error) {
	u, kind := readInt(n)
	switch kind {
	case natural:
		return u, nil
	case negative:
		return 0, p.errAt(n, "%s: want a non-negative integer, got %s", what, n.Value)
	case tooLarge:
		return 0, p.errAt(n, "%s: %s is too large", what, n.Value)
	}
	return 0, p.errAt(n, "%s: want a non-negative integer, got %s", what, describe(n))
}

func (p *parser) str(n *yaml.Node, what string) (string, error) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return "", p.errAt(n, "%s: want a string, got %s", what, describe(n))
	}
	return n.Value, nil
}

func (p *parser) bool(n *yaml.Node, what string) (bool, error) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || decode(n, &b) != nil {
		return false, p.errAt(n, "%s: want true or false, got %s", what, describe(n))
	}
	return b, nil
}

// attacks reads a list of names and forms ("row", "queen", "leap(1,3)"); [] or [none] is no attack at all.
func (p *parser) attacks(n *yaml.Node) (constraints.Attack, error) {
	if n.Kind != yaml.SequenceNode {
		return constraints.Attack{}, p.errAt(n, "attacks: want a list of kinds such as [row, column], got %s", describe(n))
	}
	var a constraints.Attack
	var firsts []*yaml.Node
	var sets []constraints.Attack
	if len(n.Content) == 1 && n.Content[0].Kind == yaml.ScalarNode && strings.EqualFold(strings.TrimSpace(n.Content[0].Value), "none") {
		return a, nil // [none], as --attacks none: the same as []
	}
	// Each name of a list that is not refused adds a rider or leaper, so a list longer than the bound on
	// them is refused before its names are compared with each other, which takes time quadratic in them.
	if len(n.Content) > constraints.MaxVectors {
		return constraints.Attack{}, p.errAt(n, "attacks: %d names: at most %d riders and leapers in all", len(n.Content), constraints.MaxVectors)
	}
	for _, e := range n.Content {
		if e.Kind != yaml.ScalarNode || e.ShortTag() != "!!str" {
			return constraints.Attack{}, p.errAt(e, "attacks: want a kind such as row, got %s", describe(e))
		}
		k, err := constraints.ParseKind(e.Value)
		if err != nil {
			msg := aboutAttacks(err.Error())
			if strings.Contains(e.Value, "(") && !strings.Contains(e.Value, ")") {
				msg += ` (in a [flow, list], quote a form that holds a comma: "leap(1,3)")`
			}
			pe := p.errAt(e, "%s", msg)
			pe.Err = err
			return constraints.Attack{}, pe
		}
		for i, s := range sets {
			if msg := constraints.Overlap(firsts[i].Value, s, e.Value, k); msg != "" {
				return constraints.Attack{}, p.errAt(e, "%s (first at line %d, column %d)", aboutAttacks(msg), firsts[i].Line, firsts[i].Column)
			}
		}
		firsts, sets = append(firsts, e), append(sets, k)
		a = constraints.Union(a, k)
	}
	return a, nil
}

// aboutAttacks names the key a message about an attack's name is about, where it does not already
// start with the word.
func aboutAttacks(msg string) string {
	if strings.HasPrefix(msg, "attack") {
		return msg
	}
	return "attacks: " + msg
}

// regions reads the region grid: a block of text, one line per board row, or a list of strings. It
// returns the grid and the nodes its lines were read from (the block alone, or one node per line).
func (p *parser) regions(n *yaml.Node) (*constraints.Regions, []*yaml.Node, error) {
	var lines []string
	var nodes []*yaml.Node
	switch {
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str":
		lines = strings.Split(strings.TrimRight(n.Value, "\n"), "\n")
		nodes = []*yaml.Node{n}
	case n.Kind == yaml.SequenceNode:
		for _, e := range n.Content {
			if e.Kind != yaml.ScalarNode {
				return nil, nil, p.errAt(e, "regions: want a line of letters such as aabbc, got %s", describe(e))
			}
			lines = append(lines, e.Value)
			nodes = append(nodes, e)
		}
	default:
		return nil, nil, p.errAt(n, "regions: want a block of lines of letters (regions: |) or a list of strings, got %s", describe(n))
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		ve := constraints.AsValidationError(err)
		line, col := n.Line, n.Column
		if ve != nil && len(ve.Cells) > 0 {
			line, col = p.regionPlace(nodes, ve.Cells[0])
		}
		return nil, nil, &Error{File: p.file, Line: line, Col: col, Msg: err.Error(), Err: err}
	}
	return g, nodes, nil
}

// regionPlace returns the line and column of the file where cell c of the region grid was written: in a
// list, the string of row c.Row; in a block, the block's line c.Row, past its indentation.
func (p *parser) regionPlace(nodes []*yaml.Node, c constraints.Cell) (line, col int) {
	if len(nodes) > 1 || nodes[0].Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		if c.Row >= len(nodes) {
			c.Row = len(nodes) - 1
		}
		n := nodes[c.Row]
		col = n.Column + c.Col
		if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
			col++
		}
		return n.Line, col
	}
	// A block scalar: its text starts on the line after the indicator, indented alike on every line.
	line = nodes[0].Line + 1 + c.Row
	text := strings.Split(string(p.data), "\n")
	indent := 0
	if line-1 < len(text) {
		indent = len(text[line-1]) - len(strings.TrimLeft(text[line-1], " "))
	}
	return line, indent + c.Col + 1
}

// eachKeyNames lists the keys each: takes, every alias of each kind of line, as ParseQuotaKey reads them.
func eachKeyNames() []string {
	var out []string
	for _, k := range constraints.QuotaKeys() {
		out = append(out, k.String())
	}
	return out
}

// surface reads wrap: true or false (a torus, or flat), or a surface's name: torus, cylinder, mobius,
// klein, flat.
func (p *parser) surface(n *yaml.Node) (constraints.Surface, error) {
	if n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		b, err := p.bool(n, "wrap")
		if b {
			return constraints.Torus, err
		}
		return constraints.Flat, err
	}
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		return 0, p.errAt(n, "wrap: want true, false or a surface (torus, cylinder, mobius, klein), got %s", describe(n))
	}
	s, err := constraints.ParseSurface(n.Value)
	if err != nil {
		return 0, p.errAt(n, "wrap: %v", err)
	}
	return s, nil
}

// each reads the quotas: a mapping of kinds of line (row, column, region, diagonal, anti-diagonal, line,
// or an alias such as rows) to a count (2), "at most" ("<=2") or a range ("1..2").
func (p *parser) each(n *yaml.Node) (constraints.Quota, error) {
	if n.Kind != yaml.MappingNode {
		return constraints.Quota{}, p.errAt(n, "each: want a mapping such as {row: 2, line: \"<=2\"}, got %s", describe(n))
	}
	var q constraints.Quota
	seen := map[constraints.QuotaKey]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if kn.Kind != yaml.ScalarNode {
			return constraints.Quota{}, p.errAt(kn, "each: want a plain key, got %s", describe(kn))
		}
		key, err := constraints.ParseQuotaKey(kn.Value)
		if err != nil {
			return constraints.Quota{}, p.errAt(kn, "each: %v", err)
		}
		if first, ok := seen[key]; ok {
			return constraints.Quota{}, p.errAt(kn, "each: %s named twice (first at line %d, column %d)", key, first.Line, first.Column)
		}
		seen[key] = kn
		var r constraints.Range
		switch {
		case vn.Kind == yaml.ScalarNode && vn.ShortTag() == "!!int":
			u, err := p.natural(vn, "each "+key.String())
			if err != nil {
				return constraints.Quota{}, err
			}
			if u < 1 || u > constraints.MaxSide {
				return constraints.Quota{}, p.errAt(vn, "each %s: %d is out of range (want 1 to %d)", key, u, constraints.MaxSide)
			}
			r = constraints.Exactly(int(u))
		case vn.Kind == yaml.ScalarNode && vn.ShortTag() == "!!str":
			if r, err = constraints.ParseRange(vn.Value); err != nil {
				return constraints.Quota{}, p.errAt(vn, "each %s: %v", key, err)
			}
		default:
			return constraints.Quota{}, p.errAt(vn, "each %s: want a count such as 2, \"<=2\" or \"1..2\", got %s", key, describe(vn))
		}
		q = q.Set(key, r)
	}
	return q, nil
}

// cells reads a list of [row, col] pairs on a rows×cols board, each named once.
func (p *parser) cells(n *yaml.Node, what string, rows, cols int) ([]cellAt, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, p.errAt(n, "%s: want a list of [row, col] cells, got %s", what, describe(n))
	}
	var out []cellAt
	seen := map[constraints.Cell]*yaml.Node{}
	for _, e := range n.Content {
		if e.Kind != yaml.SequenceNode || len(e.Content) != 2 {
			return nil, p.errAt(e, "%s: want a cell [row, col], got %s", what, describe(e))
		}
		r, err := p.natural(e.Content[0], what+" cell row")
		if err != nil {
			return nil, err
		}
		c, err := p.natural(e.Content[1], what+" cell column")
		if err != nil {
			return nil, err
		}
		if r >= uint64(rows) || c >= uint64(cols) {
			return nil, p.errAt(e, "%s: cell [%d, %d] is off the %d×%d board (rows 0 to %d, columns 0 to %d)",
				what, r, c, rows, cols, rows-1, cols-1)
		}
		cell := constraints.Cell{Row: int(r), Col: int(c)}
		if f, ok := seen[cell]; ok {
			return nil, p.errAt(e, "%s: cell %s named twice (first at line %d, column %d)", what, cellName(cell), f.Line, f.Column)
		}
		seen[cell] = e
		out = append(out, cellAt{cell, e})
	}
	return out, nil
}

// expect reads the expect mapping and checks that its parts agree with each other.
func (p *parser) expect(n *yaml.Node) (Expect, error) {
	f, err := p.mapping(n, "expect", expectKeys)
	if err != nil {
		return Expect{}, err
	}
	var e Expect
	if c, ok := f["count"]; ok {
		u, err := p.natural(c.val, "expect count")
		if err != nil {
			return Expect{}, err
		}
		e.Count = &u
	}
	if c, ok := f["unique"]; ok {
		u, err := p.natural(c.val, "expect unique")
		if err != nil {
			return Expect{}, err
		}
		e.Unique = &u
	}
	if c, ok := f["satisfiable"]; ok {
		b, err := p.bool(c.val, "expect satisfiable")
		if err != nil {
			return Expect{}, err
		}
		e.Satisfiable = &b
	}
	if e.Count != nil && e.Unique != nil {
		at := f["unique"].val
		if *e.Unique > *e.Count {
			return Expect{}, p.errAt(at, "expect: unique %d is more than count %d", *e.Unique, *e.Count)
		}
		if *e.Unique == 0 && *e.Count > 0 {
			return Expect{}, p.errAt(at, "expect: unique 0 but count %d (each solution lies in some class)", *e.Count)
		}
	}
	if e.Satisfiable != nil {
		at := f["satisfiable"].val
		if e.Count != nil && (*e.Count > 0) != *e.Satisfiable {
			return Expect{}, p.errAt(at, "expect: satisfiable %t but count %d", *e.Satisfiable, *e.Count)
		}
		if e.Unique != nil && (*e.Unique > 0) != *e.Satisfiable {
			return Expect{}, p.errAt(at, "expect: satisfiable %t but unique %d", *e.Satisfiable, *e.Unique)
		}
	}
	return e, nil
}

// The kinds of value readInt finds.
const (
	notInt = iota
	negative
	tooLarge
	natural
)

// readInt reads n as an integer in any of YAML's spellings (12, 0x0c, 0o14, 1_000).
func readInt(n *yaml.Node) (uint64, int) {
	if n.Kind != yaml.ScalarNode {
		return 0, notInt
	}
	switch n.ShortTag() {
	case "!!int":
		var u uint64
		if decode(n, &u) == nil {
			return u, natural
		}
		var i int64
		if decode(n, &i) == nil && i < 0 {
			return 0, negative
		}
		if strings.HasPrefix(n.Value, "-") {
			return 0, negative
		}
		return 0, tooLarge
	case "!!float":
		// YAML reads an integer too large for 64 bits as a float.
		digits := strings.TrimLeft(n.Value, "+-")
		if digits != "" && strings.Trim(digits, "0123456789_") == "" {
			if strings.HasPrefix(n.Value, "-") {
				return 0, negative
			}
			return 0, tooLarge
		}
	}
	return 0, notInt
}

// decode is Node.Decode, kept from panicking: yaml.v3 recovers its own errors, but the input is untrusted.
func decode(n *yaml.Node, out any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	return n.Decode(out)
}

// plain drops the nodes, and returns nil for no cells.
func plain(cs []cellAt) []constraints.Cell {
	if len(cs) == 0 {
		return nil
	}
	out := make([]constraints.Cell, len(cs))
	for i, c := range cs {
		out[i] = c.cell
	}
	return out
}

// cellName writes a cell as a file writes it: [row, col].
func cellName(c constraints.Cell) string { return fmt.Sprintf("[%d, %d]", c.Row, c.Col) }

// orList joins words as "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// baseName is the default name of a variant: its file's base name without the extension.
func baseName(file string) string {
	if file == "" {
		return ""
	}
	b := filepath.Base(file)
	return strings.TrimSuffix(b, filepath.Ext(b))
}
