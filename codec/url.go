package codec

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/queens-dev/queens/constraints"
)

// URLPrefix is where FormatURL points: puzz.link's player.
const URLPrefix = "https://puzz.link/p?"

// ParseURL reads a puzz.link (pzprjs) Star Battle URL: anything up to '?', then
// starbattle/COLS/ROWS/STARS/BORDERS. BORDERS is pzprjs's border code: one bit per pair of neighbouring
// cells (1 where a region's edge runs between them), first the (COLS−1)×ROWS pairs side by side, row by
// row, then the COLS×(ROWS−1) pairs one above the other, five bits to a base-32 digit, high bit first.
// The regions are the pieces the edges cut the board into.
func ParseURL(url string) (constraints.Model, error) {
	if len(url) > MaxInput {
		return constraints.Model{}, bad("more than %d bytes", MaxInput)
	}
	body := strings.TrimSpace(url)
	if i := strings.IndexByte(body, '?'); i >= 0 {
		body = body[i+1:]
	}
	parts := strings.Split(body, "/")
	if len(parts) == 0 || parts[0] != "starbattle" {
		return constraints.Model{}, bad("url %q: want …?starbattle/COLS/ROWS/STARS/BORDERS", clip(url))
	}
	parts = parts[1:]
	for len(parts) > 0 && !isNumber(parts[0]) { // pzprjs flags before the size
		parts = parts[1:]
	}
	if len(parts) < 4 {
		return constraints.Model{}, bad("url %q: want starbattle/COLS/ROWS/STARS/BORDERS", clip(url))
	}
	cols, err1 := strconv.Atoi(parts[0])
	rows, err2 := strconv.Atoi(parts[1])
	stars, err3 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || err3 != nil || cols < 1 || rows < 1 || cols > MaxSide || rows > MaxSide {
		return constraints.Model{}, bad("url: size %s×%s and %s stars: want sides from 1 to %d and a number of stars", clip(parts[1]), clip(parts[0]), clip(parts[2]), MaxSide)
	}
	for _, extra := range parts[4:] {
		if extra != "" {
			return constraints.Model{}, bad("url: trailing %q after the border code: want starbattle/COLS/ROWS/STARS/BORDERS", clip(extra))
		}
	}
	g, err := decodeBorders(parts[3], rows, cols)
	if err != nil {
		return constraints.Model{}, err
	}
	return model(g, stars)
}

// isBase32 reports whether r is a digit of pzprjs's border code: 0-9, a-v (upper case read as lower).
func isBase32(r rune) bool {
	return '0' <= r && r <= '9' || 'a' <= r && r <= 'v' || 'A' <= r && r <= 'V'
}

func isNumber(s string) bool {
	_, err := strconv.Atoi(s)
	return err == nil
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:57] + "..."
	}
	return s
}

// decodeBorders reads the border code into regions.
func decodeBorders(code string, rows, cols int) (*constraints.Regions, error) {
	vertical := (cols - 1) * rows
	horizontal := cols * (rows - 1)
	need := (vertical+4)/5 + (horizontal+4)/5
	// A digit is one ASCII byte: any other character is named as the character it is, before the
	// digits are counted (a two-byte letter once counted as two digits).
	for i, r := range code {
		if !isBase32(r) {
			return nil, bad("url: border code: %q at character %d is not a base-32 digit (0-9, a-v)", r, utf8.RuneCountInString(code[:i])+1)
		}
	}
	if len(code) != need {
		return nil, bad("url: %d border digits for a %d×%d board, want %d", len(code), rows, cols, need)
	}
	bits := func(from, n int) ([]bool, error) {
		out := make([]bool, 0, n)
		for i := from; len(out) < n; i++ {
			d, err := strconv.ParseUint(code[i:i+1], 32, 8)
			if err != nil {
				return nil, bad("url: border digit %q is not base 32", code[i])
			}
			for w := 4; w >= 0 && len(out) < n; w-- {
				out = append(out, d>>w&1 == 1)
			}
		}
		return out, nil
	}
	v, err := bits(0, vertical)
	if err != nil {
		return nil, err
	}
	h, err := bits((vertical+4)/5, horizontal)
	if err != nil {
		return nil, err
	}
	// Flood the pieces: neighbours with no edge between them share a region.
	label := make([][]int, rows)
	for r := range label {
		label[r] = make([]int, cols)
		for c := range label[r] {
			label[r][c] = -1
		}
	}
	next := 0
	for r0 := range rows {
		for c0 := range cols {
			if label[r0][c0] >= 0 {
				continue
			}
			stack := [][2]int{{r0, c0}}
			label[r0][c0] = next
			for len(stack) > 0 {
				r, c := stack[len(stack)-1][0], stack[len(stack)-1][1]
				stack = stack[:len(stack)-1]
				try := func(ok bool, rr, cc int) {
					if ok && label[rr][cc] < 0 {
						label[rr][cc] = next
						stack = append(stack, [2]int{rr, cc})
					}
				}
				try(c+1 < cols && !v[r*(cols-1)+c], r, c+1)
				try(c > 0 && !v[r*(cols-1)+c-1], r, c-1)
				try(r+1 < rows && !h[r*cols+c], r+1, c)
				try(r > 0 && !h[(r-1)*cols+c], r-1, c)
			}
			next++
		}
	}
	return fromLabels(label)
}

// FormatURL writes a Star Battle model as a puzz.link URL. Every region must be in one piece, as the URL
// says only where regions meet.
func FormatURL(m constraints.Model) (string, error) {
	stars, err := starsOf(m)
	if err != nil {
		return "", err
	}
	g := m.Regions
	rows, cols := g.Rows(), g.Cols()
	at := func(r, c int) int { return g.At(constraints.Cell{Row: r, Col: c}) }
	var bits []bool
	for r := range rows {
		for c := range cols - 1 {
			bits = append(bits, at(r, c) != at(r, c+1))
		}
	}
	var b strings.Builder
	pack := func(bits []bool) {
		for i := 0; i < len(bits); i += 5 {
			d := 0
			for w := range 5 {
				d <<= 1
				if i+w < len(bits) && bits[i+w] {
					d |= 1
				}
			}
			b.WriteString(strconv.FormatInt(int64(d), 32))
		}
	}
	pack(bits)
	bits = bits[:0]
	for r := range rows - 1 {
		for c := range cols {
			bits = append(bits, at(r, c) != at(r+1, c))
		}
	}
	pack(bits)
	// The URL cannot tell two pieces of one region from two regions: refuse a region in pieces.
	back, err := decodeBorders(b.String(), rows, cols)
	if err != nil {
		return "", err
	}
	if back.Count() != g.Count() {
		return "", fmt.Errorf("codec: a region in more than one piece: the URL would make %d regions of %d", back.Count(), g.Count())
	}
	return fmt.Sprintf("%sstarbattle/%d/%d/%d/%s", URLPrefix, cols, rows, stars, b.String()), nil
}
