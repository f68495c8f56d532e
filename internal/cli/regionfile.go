package cli

import "strings"

// unspaced returns the lines of a region grid drawn with a space between cells, as 'queens puzzle
// --format text' and 'queens solve --format text' draw a board ("A A B"), with those spaces taken out
// ("AAB"), so that a drawn puzzle reads back with --regions. Lines not drawn so, every one of them, are
// returned as they are: a space is never a cell, so the grid's own parser then says where it is wrong.
func unspaced(lines []string) []string {
	for _, l := range lines {
		r := []rune(l)
		if len(r)%2 == 0 {
			return lines
		}
		for i := 1; i < len(r); i += 2 {
			if r[i] != ' ' || r[i-1] == ' ' {
				return lines
			}
		}
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.ReplaceAll(l, " ", "")
	}
	return out
}
