// Package modeltest holds what the tests of every solver share: the OEIS tables the counts are held to,
// read from the one copy in testdata/oeis, and models drawn from the whole space the model allows
// (riders, leapers, tori, blocked and fixed cells, regions and quotas), so that a fuzz test cannot miss a
// kind of attack by drawing from a closed list. Only tests import it.
package modeltest

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
)

// Root returns the module's root folder, found by walking up from the working folder to go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("modeltest: no go.mod above the working folder")
		}
		dir = up
	}
}

// OEIS returns the terms of the sequence name ("A000170") from testdata/oeis, by n.
func OEIS(t testing.TB, name string) map[int]uint64 {
	t.Helper()
	return terms(t, filepath.Join(Root(t), "testdata", "oeis", name+".txt"))
}

// Computed returns the terms of the sequence name that were computed here, past the OEIS's, from
// testdata/computed (each file says how they were computed and checked), by n.
func Computed(t testing.TB, name string) map[int]uint64 {
	t.Helper()
	return terms(t, filepath.Join(Root(t), "testdata", "computed", name+".txt"))
}

// terms reads a table of "n a(n)" lines, skipping blank lines and comments.
func terms(t testing.TB, path string) map[int]uint64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("modeltest: %v", err)
	}
	defer f.Close()
	terms := map[int]uint64{}
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		ns, vs, ok := strings.Cut(text, " ")
		n, err1 := strconv.Atoi(ns)
		v, err2 := strconv.ParseUint(strings.TrimSpace(vs), 10, 64)
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("modeltest: %s:%d: want \"n a(n)\", got %q", path, line, text)
		}
		terms[n] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("modeltest: %s: %v", path, err)
	}
	return terms
}

// Kinds5 returns the 32 attack sets made of the row, column, diagonal, anti-diagonal and knight: the
// attacks of the first versions of queens, which the fast paths serve.
func Kinds5() []constraints.Attack {
	base := []constraints.Attack{constraints.Row, constraints.Column, constraints.Diagonal, constraints.AntiDiagonal, constraints.Knight}
	var out []constraints.Attack
	for mask := range 32 {
		var parts []constraints.Attack
		for i, b := range base {
			if mask&(1<<i) != 0 {
				parts = append(parts, b)
			}
		}
		out = append(out, constraints.Union(parts...))
	}
	return out
}

// Riders and Leapers are the pools attack sets are first drawn from: the four lines, the nightrider's
// lines and a long rider; the knight, the king's two steps and other leaps of fairy chess. Model adds
// vectors from outside them too (see Small).
var (
	Riders  = []constraints.Vec{{DR: 0, DC: 1}, {DR: 1, DC: 0}, {DR: 1, DC: 1}, {DR: 1, DC: -1}, {DR: 1, DC: 2}, {DR: 2, DC: 1}, {DR: 1, DC: -2}, {DR: 2, DC: -1}}
	Leapers = []constraints.Vec{{DR: 1, DC: 2}, {DR: 0, DC: 1}, {DR: 1, DC: 1}, {DR: 1, DC: 3}, {DR: 0, DC: 2}, {DR: 2, DC: 2}, {DR: 2, DC: 3}, {DR: 1, DC: 4}}
)

// Attack draws an attack set: the riders marked in r, the leapers marked in l.
func Attack(r, l byte) constraints.Attack {
	var parts []constraints.Attack
	for i, v := range Riders {
		if r&(1<<i) != 0 {
			parts = append(parts, constraints.Ride(v.DR, v.DC))
		}
	}
	for i, v := range Leapers {
		if l&(1<<i) != 0 {
			parts = append(parts, constraints.Leap(v.DR, v.DC))
		}
	}
	return constraints.Union(parts...)
}

// Regions draws a grid of up to four regions (letters a to d, and '.' for none where dots is set) for a
// rows×cols board, from a seed.
func Regions(rows, cols int, seed uint32, dots bool) *constraints.Regions {
	return regions(rows, cols, seed, dots, 4, false)
}

// regions draws a grid of up to k regions, k from 1 to 26, from a seed: each cell's letter at random, or
// where stripes is set, in stripes: letter (a·row + b·column + c) mod k for a, b and c from the seed.
func regions(rows, cols int, seed uint32, dots bool, k int, stripes bool) *constraints.Regions {
	alphabet := "abcdefghijklmnopqrstuvwxyz"[:k]
	if dots {
		alphabet += "."
	}
	n := uint32(len(alphabet))
	a, b, c := seed%7, seed/7%7, seed/49
	lines := make([]string, rows)
	x := seed | 1
	for r := range rows {
		var line strings.Builder
		for col := range cols {
			x = x*1103515245 + 12345
			i := (x >> 16) % n
			if stripes {
				i = (a*uint32(r) + b*uint32(col) + c) % n
			}
			line.WriteByte(alphabet[i])
		}
		lines[r] = line.String()
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(fmt.Sprintf("modeltest: %v", err))
	}
	return g
}

// Bytes reads fuzz input one byte at a time, giving 0 once the input runs out.
type Bytes struct {
	b []byte
	i int
}

// NewBytes returns a reader of b.
func NewBytes(b []byte) *Bytes { return &Bytes{b: b} }

// Next returns the next byte, or 0.
func (b *Bytes) Next() byte {
	if b.i >= len(b.b) {
		return 0
	}
	b.i++
	return b.b[b.i-1]
}

// Model draws a model from fuzz input: a board of up to maxSide×maxSide, riders and leapers from the
// pools, a torus or not, blocked and fixed cells, regions, quotas and a queen count. The model may be
// invalid; callers validate it and skip those that are not.
//
// The bytes after the cells widen the space, and an input that ends before them decodes as it always
// has. They are a byte of extensions (0 for none) whose bits ask, in this order, for a new region grid
// of 1 to 6 regions, scattered or in stripes; quotas of 0, 1 or 2 on rows, columns and regions in any
// combination, in place of those drawn before; a rider and a leaper of any small vector (see Small);
// attacks of only those vectors, dropping the pools'; and a puzzle like Star Battle (see star).
func Model(data []byte, maxSide int) constraints.Model {
	return modelFrom(NewBytes(data), maxSide)
}

func modelFrom(in *Bytes, maxSide int) constraints.Model {
	m := constraints.Model{Rows: 1 + int(in.Next())%maxSide, Cols: 1 + int(in.Next())%maxSide}
	m.Attack = Attack(in.Next(), in.Next())
	flags := in.Next()
	if flags&1 != 0 {
		m.Surface = constraints.Torus
	}
	if flags&2 != 0 {
		m.Regions = Regions(m.Rows, m.Cols, uint32(in.Next())<<8|uint32(in.Next()), flags&4 != 0)
	}
	quota := in.Next()
	switch quota % 8 {
	case 1:
		m.Each.Row = constraints.Exactly(1 + int(quota/8)%2)
	case 2:
		m.Each.Column = constraints.Exactly(1 + int(quota/8)%2)
	case 3:
		m.Each.Row, m.Each.Column = constraints.Exactly(1), constraints.Exactly(1)
	case 4:
		if m.Regions != nil {
			m.Each.Region = constraints.Exactly(1)
		}
	case 5:
		if m.Regions != nil {
			m.Each = constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}
		}
	}
	if q := int(in.Next()) % 6; q > 0 && m.Each.IsZero() {
		m.Queens = q
	}
	for range int(in.Next()) % 4 {
		m.Blocked = appendNew(m.Blocked, constraints.Cell{Row: int(in.Next()) % m.Rows, Col: int(in.Next()) % m.Cols})
	}
	for range int(in.Next()) % 3 {
		c := constraints.Cell{Row: int(in.Next()) % m.Rows, Col: int(in.Next()) % m.Cols}
		if !contains(m.Blocked, c) {
			m.Fixed = appendNew(m.Fixed, c)
		}
	}
	extend(&m, in)
	return m
}

// The bits of the extension byte Model reads after the cells.
const (
	extRegions = 1 << iota
	extQuotas
	extRider
	extLeaper
	extOnly
	extStar = 0xe0 // all three bits left: the rarest draw
)

// extend reads the extension byte and what its bits ask for into m.
func extend(m *constraints.Model, in *Bytes) {
	ext := in.Next()
	if ext&extRegions != 0 {
		k := in.Next()
		m.Regions = regions(m.Rows, m.Cols, uint32(in.Next())<<8|uint32(in.Next()), k&0x80 != 0, 1+int(k&0x3f)%6, k&0x40 != 0)
	}
	if ext&extQuotas != 0 {
		q := int(in.Next())
		each := constraints.Quota{Row: exactly(q % 3), Column: exactly(q / 3 % 3)}
		if m.Regions != nil {
			each.Region = exactly(q / 9 % 3)
		}
		m.Each = each
		if !each.IsZero() {
			m.Queens = 0
		}
	}
	var own []constraints.Attack
	if ext&extRider != 0 {
		v := Small(in.Next())
		own = append(own, constraints.Ride(v.DR, v.DC))
	}
	if ext&extLeaper != 0 {
		v := Small(in.Next())
		own = append(own, constraints.Leap(v.DR, v.DC))
	}
	if ext&extOnly == 0 {
		own = append(own, m.Attack)
	}
	m.Attack = constraints.Union(own...)
	if ext&extStar == extStar {
		star(m, in.Next(), uint32(in.Next())<<8|uint32(in.Next()))
	}
}

// star turns m into a puzzle like Star Battle: a square board of n×n, cut to the smaller side, with n
// regions (in stripes where b&2 is set, scattered otherwise, from seed) and q = 1 + b&1 queens on every
// row, column and region. Two queens a row or column are the quota's to count, so then the row and column
// riders go. Cells off the cut board go too.
func star(m *constraints.Model, b byte, seed uint32) {
	n := min(m.Rows, m.Cols)
	m.Rows, m.Cols = n, n
	off := func(c constraints.Cell) bool { return !m.OnBoard(c) }
	m.Blocked = slices.DeleteFunc(m.Blocked, off)
	m.Fixed = slices.DeleteFunc(m.Fixed, off)
	m.Regions = regions(n, n, seed, false, min(n, 26), b&2 != 0)
	q := 1 + int(b&1)
	m.Each = constraints.Quota{Row: constraints.Exactly(q), Column: constraints.Exactly(q), Region: constraints.Exactly(q)}
	m.Queens = 0
	if q == 2 {
		m.Attack = m.Attack.Without(constraints.Rook)
	}
}

// Wide draws a model as Model does, then widens it by the bytes after Model's: a surface (flat, torus,
// cylinder, Möbius strip or Klein bottle); the quotas on rows, columns and regions loosened into "at most"
// or "between" ranges; quotas on the diagonals and anti-diagonals; on a flat board a quota on the lines
// of every slope; and a queen count where no exact quota fixes one. A first byte of 0 leaves Model's draw
// as it is. The model may be invalid.
func Wide(data []byte, maxSide int) constraints.Model {
	in := NewBytes(data)
	m := modelFrom(in, maxSide)
	surface := in.Next()
	if surface == 0 {
		return m
	}
	m.Surface = constraints.Surface(surface % 5)
	q := in.Next()
	loosen := func(r constraints.Range, b byte) constraints.Range {
		switch {
		case r.IsZero():
			return r
		case b%3 == 1:
			return constraints.AtMost(r.Hi)
		case b%3 == 2:
			return constraints.Between(max(0, r.Lo-1), r.Hi)
		}
		return r
	}
	m.Each.Row = loosen(m.Each.Row, q)
	m.Each.Column = loosen(m.Each.Column, q/3)
	m.Each.Region = loosen(m.Each.Region, q/9)
	d := in.Next()
	if d&1 != 0 {
		m.Each.Diagonal = constraints.Between(int(d>>1)%2, 1+int(d>>2)%2)
	}
	if d&8 != 0 {
		m.Each.AntiDiagonal = constraints.Between(int(d>>4)%2, 1+int(d>>5)%2)
	}
	if d&64 != 0 && m.Surface == constraints.Flat {
		m.Each.Line = constraints.AtMost(1 + int(d>>7))
	}
	_, row := m.Each.Row.Exact()
	_, col := m.Each.Column.Exact()
	_, reg := m.Each.Region.Exact()
	if k := int(in.Next()) % 7; k > 0 && !row && !col && !reg {
		m.Queens = k
	}
	if k := in.Next(); k&1 != 0 {
		m.Each.KnightLine = constraints.Between(int(k>>1)%2, 1+int(k>>2)%2)
	}
	return m
}

// The shapes Shaped draws, by its first byte.
const (
	shapeRows    = iota // one queen a row
	shapeTwisted        // queens on a Möbius strip or a Klein bottle
	shapeSlopes         // no three in a line
	shapeLeaps          // leapers and the row alone
	shapeRooks          // the row and column riders alone
	shapeSquare         // queens on a square board or torus
	shapeStars          // a Star Battle of two stars a region
	shapes
)

// Shaped draws a model from fuzz input at the door of one of the backtracker's kernels, which a model
// drawn from the whole space (Wide) seldom reaches, as each takes a thin slice of it: one queen on every
// row (the row rider and more riders and leapers from the pools, on a flat board or a torus, regions of
// one queen each, or a row quota of one in place of the rider); queens on a Möbius strip or a Klein bottle
// (the row rider and some of the column and diagonal riders); no three in a line (one or two points on
// every row, a column range, at most two on every line of every slope, no attack; sides of at most 5, and
// a column range always, as brute force judges the lines only once every point stands);
// leapers and the row alone (a row range, few queens); the rook's riders alone (any number of queens);
// queens on a square board or torus (a knight's leap or not); and Star Battles of two (or two or three)
// stars a region, with ranges or none on rows and columns and any number of regions (the king's step, and
// the knight's or not; sides of 4 to 6). Up to three blocked cells and two fixed queens
// follow, none in nearly half the draws, so that a draw sits now at a kernel's door and now just past it.
// The model may be invalid.
func Shaped(data []byte, maxSide int) constraints.Model {
	in := NewBytes(data)
	shape := int(in.Next()) % shapes
	m := constraints.Model{Rows: 1 + int(in.Next())%maxSide, Cols: 1 + int(in.Next())%maxSide}
	riders, leapers, b := in.Next(), in.Next(), in.Next()
	switch shape {
	case shapeRows:
		m.Rows, m.Cols = min(m.Rows, m.Cols), max(m.Rows, m.Cols)
		m.Attack = Attack(riders|1, leapers&b)
		if b&1 != 0 {
			m.Surface = constraints.Torus
		}
		switch {
		case b&6 == 2:
			m.Regions = regions(m.Rows, m.Cols, uint32(in.Next())<<8|uint32(in.Next()), false, min(m.Rows, 26), b&8 != 0)
			m.Each.Region = constraints.Exactly(1)
		case b&6 == 4:
			m.Attack = m.Attack.Without(constraints.Row)
			m.Each.Row = constraints.Exactly(1)
		}
	case shapeTwisted:
		m.Surface = constraints.Mobius
		if b&1 != 0 {
			m.Surface = constraints.Klein
		}
		m.Attack = Attack(riders&0x0f|1, 0)
	case shapeSlopes:
		m.Rows, m.Cols = 1+(m.Rows-1)%5, 1+(m.Cols-1)%5
		k := 1 + int(b&1)
		m.Attack = constraints.Attack{}
		m.Each.Row = constraints.Exactly(k)
		m.Each.Column = []constraints.Range{constraints.AtMost(1), constraints.AtMost(2), constraints.Exactly(k), constraints.Between(1, 2)}[int(b>>1)%4]
		m.Each.Line = constraints.AtMost(2)
	case shapeLeaps:
		m.Attack = Attack(0, leapers)
		if riders&1 != 0 {
			m.Attack = constraints.Union(m.Attack, constraints.Row)
		} else {
			m.Each.Row = []constraints.Range{{}, constraints.AtMost(1), constraints.AtMost(2), constraints.Between(1, 2), constraints.Exactly(1)}[int(b)%5]
		}
		if _, exact := m.Each.Row.Exact(); !exact {
			m.Queens = 1 + int(b>>3)%6
		}
	case shapeRooks:
		m.Attack = Attack(riders&3, 0)
		m.Queens = 1 + int(b)%max(m.Rows, m.Cols)
	case shapeSquare:
		m.Cols = m.Rows
		if b&1 != 0 {
			m.Surface = constraints.Torus
		}
		m.Attack = Attack(0x0f, leapers&1)
	case shapeStars:
		m.Rows = 4 + (m.Rows-1)%3
		m.Cols = m.Rows
		k := 1 + int(riders)%m.Rows
		m.Regions = regions(m.Rows, m.Cols, uint32(in.Next())<<8|uint32(in.Next()), b&1 != 0, k, b&2 != 0)
		m.Attack = constraints.King
		if b&4 != 0 {
			m.Attack = constraints.Union(constraints.King, constraints.Knight)
		}
		if b&8 != 0 {
			m.Surface = constraints.Torus
		}
		m.Each.Region = []constraints.Range{constraints.Exactly(2), constraints.Between(2, 3)}[int(b>>4)%2]
		lines := []constraints.Range{{}, constraints.AtMost(2), constraints.Between(1, 2), constraints.Exactly(2)}
		m.Each.Row, m.Each.Column = lines[int(leapers)%4], lines[int(leapers>>2)%4]
		if _, exact := m.Each.Row.Exact(); !exact && m.Each.Column != constraints.Exactly(2) {
			m.Queens = 2 * m.Regions.Count()
		}
	}
	for range max(0, int(in.Next())%8-4) {
		m.Blocked = appendNew(m.Blocked, constraints.Cell{Row: int(in.Next()) % m.Rows, Col: int(in.Next()) % m.Cols})
	}
	for range max(0, int(in.Next())%6-3) {
		c := constraints.Cell{Row: int(in.Next()) % m.Rows, Col: int(in.Next()) % m.Cols}
		if !contains(m.Blocked, c) {
			m.Fixed = appendNew(m.Fixed, c)
		}
	}
	return m
}

// ValidShaped draws models as Shaped does from random bytes of rng, until one passes Validate, and
// returns it.
func ValidShaped(rng *rand.Rand, maxSide int) constraints.Model {
	return valid(rng, maxSide, Shaped)
}

// Small returns one of the 48 vectors with both components in -3..3 other than (0,0), from a byte.
func Small(b byte) constraints.Vec {
	i := int(b) % 48
	if i >= 24 {
		i++ // skip (0,0), the middle of the 7×7 square
	}
	return constraints.Vec{DR: i/7 - 3, DC: i%7 - 3}
}

// LeapSets returns the leapers the leap tables of the solvers are held on: each of the 48 small vectors
// alone, each beside the knight and beside the vector after it, and sets drawn from the pools and the
// small vectors, rider-free. The draws are the same every call.
func LeapSets() []constraints.Attack {
	var out []constraints.Attack
	for b := range 48 {
		v, w := Small(byte(b)), Small(byte(b+1))
		out = append(out, constraints.Leap(v.DR, v.DC),
			constraints.Union(constraints.Leap(v.DR, v.DC), constraints.Knight),
			constraints.Union(constraints.Leap(v.DR, v.DC), constraints.Leap(w.DR, w.DC)))
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for range 100 {
		v := Small(byte(rng.Uint32()))
		out = append(out, constraints.Union(Attack(0, byte(rng.Uint32())), constraints.Leap(v.DR, v.DC)))
	}
	return out
}

// Valid draws models as Model does from random bytes of rng, until one passes Validate, and returns it.
func Valid(rng *rand.Rand, maxSide int) constraints.Model {
	return valid(rng, maxSide, Model)
}

// ValidWide draws models as Wide does from random bytes of rng, until one passes Validate, and returns it.
func ValidWide(rng *rand.Rand, maxSide int) constraints.Model {
	return valid(rng, maxSide, Wide)
}

func valid(rng *rand.Rand, maxSide int, draw func([]byte, int) constraints.Model) constraints.Model {
	data := make([]byte, 48)
	for {
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		if m := draw(data, maxSide); m.Validate() == nil {
			return m
		}
	}
}

func appendNew(cells []constraints.Cell, c constraints.Cell) []constraints.Cell {
	if contains(cells, c) {
		return cells
	}
	return append(cells, c)
}

func contains(cells []constraints.Cell, c constraints.Cell) bool {
	for _, d := range cells {
		if d == c {
			return true
		}
	}
	return false
}

// exactly returns the range of exactly k queens, and the zero range (no quota) for k = 0.
func exactly(k int) constraints.Range {
	if k == 0 {
		return constraints.Range{}
	}
	return constraints.Exactly(k)
}

// PlainModel reads back the canonical text (Model.Canonical) of a model whose board, queens and attacks
// alone are set (a flat board, nothing blocked or fixed, no region or quota): the fairy-piece tables'
// models, as a shard result names them.
func PlainModel(text string) (constraints.Model, error) {
	var rows, cols, queens int
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) != 7 {
		return constraints.Model{}, fmt.Errorf("model %q: not a plain board", text)
	}
	if _, err := fmt.Sscanf(lines[0]+" "+lines[1], "board %d %d queens %d", &rows, &cols, &queens); err != nil {
		return constraints.Model{}, fmt.Errorf("model %q: %v", text, err)
	}
	attack, _ := strings.CutPrefix(lines[2], "attacks ")
	a, err := constraints.ParseAttack(attack)
	if err != nil {
		return constraints.Model{}, err
	}
	m := constraints.Model{Rows: rows, Cols: cols, Queens: queens, Attack: a}
	if m.Canonical() != text {
		return constraints.Model{}, fmt.Errorf("model %q: not a plain board (read back as %q)", text, m.Canonical())
	}
	return m, nil
}

// GrownGrid grows side regions (letters from 'a') on a side×side board: a seed cell each, drawn at
// random, then a region at random takes a free neighbour of one of its cells, until every cell is taken.
// Each region is connected. The grid is returned as rows of letters, to be changed before parsing.
func GrownGrid(rng *rand.Rand, side int) [][]byte {
	grid := make([][]byte, side)
	for r := range grid {
		grid[r] = []byte(strings.Repeat("?", side))
	}
	type cell struct{ r, c int }
	var front []cell
	for g := 0; g < side; {
		r, c := rng.IntN(side), rng.IntN(side)
		if grid[r][c] == '?' {
			grid[r][c] = byte('a' + g)
			front = append(front, cell{r, c})
			g++
		}
	}
	for len(front) > 0 {
		i := rng.IntN(len(front))
		at := front[i]
		var open []cell
		for _, d := range []cell{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			n := cell{at.r + d.r, at.c + d.c}
			if n.r >= 0 && n.r < side && n.c >= 0 && n.c < side && grid[n.r][n.c] == '?' {
				open = append(open, n)
			}
		}
		if len(open) == 0 {
			front = append(front[:i], front[i+1:]...)
			continue
		}
		n := open[rng.IntN(len(open))]
		grid[n.r][n.c] = grid[at.r][at.c]
		front = append(front, n)
	}
	return grid
}

// ParseGrid parses the rows of grid as regions, and panics on a grid that does not parse (a test's own
// drawing).
func ParseGrid(grid [][]byte) *constraints.Regions {
	lines := make([]string, len(grid))
	for r := range grid {
		lines[r] = string(grid[r])
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		panic(err)
	}
	return g
}
