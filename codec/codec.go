// Package codec reads and writes region puzzles in the forms people share them: the puzz.link (pzprjs)
// Star Battle URL, the region-grid JSON that LinkedIn-Queens clones keep their levels in, and a plain
// grid of letters. Each reader returns a Star Battle model (constraints.StarBattle: the king's step, and the same
// number of queens on every row, column and region); each writer takes one and refuses, by name, what its
// format cannot say.
package codec

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/queens-dev/queens/constraints"
)

// MaxSide bounds the boards the readers take, and MaxInput the bytes they read.
const (
	MaxSide  = 64
	MaxInput = 1 << 20
)

// ErrFormat is wrapped by every error about a malformed input.
var ErrFormat = errors.New("not a puzzle this format can read")

func bad(format string, args ...any) error {
	return fmt.Errorf("codec: %s: %w", fmt.Sprintf(format, args...), ErrFormat)
}

// names are the letters regions get when a format numbers them or leaves them unnamed: A–Z, a–z, 0–9,
// then Greek letters.
var names = func() []rune {
	var out []rune
	for _, r := range [][2]rune{{'A', 'Z'}, {'a', 'z'}, {'0', '9'}, {'Α', 'Ρ'}, {'Σ', 'Ω'}, {'α', 'ω'}} {
		for c := r[0]; c <= r[1]; c++ {
			out = append(out, c)
		}
	}
	return out
}()

// fromLabels builds regions from a grid of labels (any comparable values), naming them in order of first
// appearance.
func fromLabels[T comparable](grid [][]T) (*constraints.Regions, error) {
	index := map[T]int{}
	lines := make([]string, len(grid))
	for r, row := range grid {
		var b strings.Builder
		for _, v := range row {
			i, ok := index[v]
			if !ok {
				i = len(index)
				if i >= len(names) {
					return nil, bad("more than %d regions", len(names))
				}
				index[v] = i
			}
			b.WriteRune(names[i])
		}
		lines[r] = b.String()
	}
	g, err := constraints.ParseRegions(lines)
	if err != nil {
		return nil, fmt.Errorf("codec: %w", err)
	}
	return g, nil
}

// model makes the Star Battle model of the regions, checking that the stars fit.
func model(g *constraints.Regions, stars int) (constraints.Model, error) {
	if stars < 1 {
		return constraints.Model{}, bad("%d stars: want at least 1", stars)
	}
	if g.Rows() != g.Cols() {
		return constraints.Model{}, bad("a %d×%d grid: Star Battle boards are square", g.Rows(), g.Cols())
	}
	m := constraints.StarBattle(g, stars)
	if err := m.Validate(); err != nil {
		return constraints.Model{}, fmt.Errorf("codec: %w", err)
	}
	return m, nil
}

// starsOf returns the one quota of a Star Battle model, and an error naming what else it has.
func starsOf(m constraints.Model) (int, error) {
	q := m.Each
	stars, exact := q.Row.Exact()
	switch {
	case m.Regions == nil:
		return 0, fmt.Errorf("codec: the model has no regions")
	case q.Row != q.Column || q.Row != q.Region || !exact || !q.Only(constraints.KeyRow, constraints.KeyColumn, constraints.KeyRegion):
		return 0, fmt.Errorf("codec: each %s: these formats say one number of stars for rows, columns and regions alike", q)
	case !m.Attack.Equal(constraints.King):
		return 0, fmt.Errorf("codec: attacks %s: these formats know only Star Battle's rule (no two touching: king)", m.Attack)
	case m.Surface != constraints.Flat || len(m.Blocked) > 0 || len(m.Fixed) > 0:
		return 0, fmt.Errorf("codec: a torus, blocked cells or fixed queens: these formats cannot say them")
	}
	for _, line := range m.Regions.Lines() {
		if strings.ContainsRune(line, constraints.NoRegion) {
			return 0, fmt.Errorf("codec: a cell in no region: these formats put every cell in one")
		}
	}
	return stars, nil
}

// ParseGrid reads a plain grid of letters, one line per row, one letter or digit per cell (spaces between
// cells allowed), as a Star Battle with stars queens per row, column and region. Blank lines and lines
// starting with '#' are skipped.
func ParseGrid(data []byte, stars int) (constraints.Model, error) {
	if len(data) > MaxInput {
		return constraints.Model{}, bad("more than %d bytes", MaxInput)
	}
	var grid [][]rune
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var row []rune
		for _, r := range line {
			switch {
			case r == ' ' || r == '\t':
			case unicode.IsLetter(r) || unicode.IsDigit(r):
				row = append(row, r)
			default:
				return constraints.Model{}, bad("grid line %d: %q is not a letter or digit", len(grid)+1, r)
			}
		}
		if len(grid) > 0 && len(row) != len(grid[0]) {
			return constraints.Model{}, bad("grid line %d has %d cells, line 1 has %d", len(grid)+1, len(row), len(grid[0]))
		}
		if len(row) > MaxSide || len(grid) >= MaxSide {
			return constraints.Model{}, bad("grid: more than %d rows or columns", MaxSide)
		}
		grid = append(grid, row)
	}
	if len(grid) == 0 {
		return constraints.Model{}, bad("empty grid")
	}
	g, err := fromLabels(grid)
	if err != nil {
		return constraints.Model{}, err
	}
	return model(g, stars)
}

// FormatGrid writes the model's regions as a grid of letters, one line per row.
func FormatGrid(m constraints.Model) ([]byte, error) {
	if _, err := starsOf(m); err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, line := range m.Regions.Lines() {
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}
