// Package suggest finds the word a user most likely meant: the closest of the known names by edit
// distance, for "did you mean" in error messages.
package suggest

import "strings"

// Closest returns the candidate closest to word by edit distance (insertions, deletions, substitutions
// and swaps of neighbours, case ignored) when it is within max(1, len(word)/3) edits; else the one
// candidate, if only one, that begins with the word's first three letters (a word spelt by ear, "knite"
// for knight, is far in edits but right at its start); else false.
func Closest(word string, candidates []string) (string, bool) {
	w := strings.ToLower(word)
	best, bestD := "", -1
	for _, c := range candidates {
		d := distance(w, strings.ToLower(c))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if bestD >= 0 && bestD <= max(1, len([]rune(word))/3) {
		return best, true
	}
	return samePrefix(w, candidates)
}

// prefixLen is how many leading letters samePrefix asks a word and a candidate to share.
const prefixLen = 3

// samePrefix returns the only candidate that begins with w's first prefixLen letters, if there is one.
func samePrefix(w string, candidates []string) (string, bool) {
	rw := []rune(w)
	if len(rw) < prefixLen {
		return "", false
	}
	start := string(rw[:prefixLen])
	found := ""
	for _, c := range candidates {
		if strings.HasPrefix(strings.ToLower(c), start) {
			if found != "" && !strings.EqualFold(found, c) {
				return "", false
			}
			found = c
		}
	}
	return found, found != ""
}

// distance is the optimal-string-alignment distance between a and b, counted in runes.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// Want phrases what a value of an enumerated setting may be, for an error message: "want a, b or c",
// with " (did you mean b?)" where value is close to one of them. The command line and the API share it,
// so that the two say the same.
func Want(value string, choices ...string) string {
	var want string
	switch len(choices) {
	case 0:
		return "want nothing"
	case 1:
		want = choices[0]
	default:
		want = strings.Join(choices[:len(choices)-1], ", ") + " or " + choices[len(choices)-1]
	}
	msg := "want " + want
	if near, ok := Closest(value, choices); ok {
		msg += " (did you mean " + near + "?)"
	}
	return msg
}
