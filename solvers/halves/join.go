package halves

import "math/bits"

// joiner counts the pairs of an east list and a west list whose words share no bit, reusing its tables
// from call to call.
//
// It splits both lists on one bit at a time: east words without the bit pair with every west word, east
// words with it pair only with west words without it, so the pairs that share the bit are never looked
// at. Splitting on the bits most often set first prunes most. Where one list is short and the other long,
// a table per piece of the word finds each long word's clashes with all the short words at once (table);
// where both are short, pairs are compared one by one.
type joiner struct {
	bits  uint
	tab   [maxPieces][1 << maxPiece]uint64
	order []uint
	// stop, if set, is polled near the top of the split; once it returns true the count is abandoned.
	stop    func() bool
	stopped bool
}

// leaf is the list length below which pairs are compared one by one: splitting costs more there.
const leaf = 8

// sample is about how many words of each list orderBits looks at.
const sample = 256

// count returns the number of pairs (e, w) from east × west with e&w == 0. Words use only the low bits
// bits. It reorders both lists. If j.stop returns true part way, the count is short and j.stopped set.
func (j *joiner) count(east, west []uint64, bits uint) uint64 {
	j.stopped = false
	if bits == 0 {
		return uint64(len(east) * len(west)) // every word is zero
	}
	if len(east) == 0 || len(west) == 0 {
		return 0
	}
	j.bits = bits
	j.orderBits(east, west, bits)
	return j.split(0, east, west)
}

// orderBits sets j.order to the bits in the order to split on: those that prune the most pairs first.
func (j *joiner) orderBits(east, west []uint64, bits uint) {
	// A sample of each list is enough to rank the bits.
	var ne, nw [64]uint64
	for i := 0; i < len(east); i += 1 + len(east)/sample {
		for x := east[i]; x != 0; x &= x - 1 {
			ne[trailingZeros(x)]++
		}
	}
	for i := 0; i < len(west); i += 1 + len(west)/sample {
		for x := west[i]; x != 0; x &= x - 1 {
			nw[trailingZeros(x)]++
		}
	}
	j.order = j.order[:0]
	for b := range bits {
		if ne[b] > 0 && nw[b] > 0 {
			j.order = append(j.order, b)
		}
	}
	score := func(b uint) uint64 { return ne[b] * nw[b] }
	for i := 1; i < len(j.order); i++ {
		for k := i; k > 0 && score(j.order[k]) > score(j.order[k-1]); k-- {
			j.order[k], j.order[k-1] = j.order[k-1], j.order[k]
		}
	}
}

// split counts the pairs of east × west, splitting on j.order[d:]. It reorders each list only within
// itself, so a caller's lists still hold the same words for its second child.
func (j *joiner) split(d int, east, west []uint64) uint64 {
	ne, nw := len(east), len(west)
	if ne == 0 || nw == 0 {
		return 0
	}
	if d < 3 && j.stop != nil {
		if j.stopped = j.stopped || j.stop(); j.stopped {
			return 0
		}
	}
	if small, large := min(ne, nw), max(ne, nw); small <= tableSmall && large >= tableMin && j.bits <= maxPieces*maxPiece {
		if ne > nw {
			east, west = west, east
		}
		var c uint64
		for len(east) > 64 {
			c += j.table(east[:64], west)
			east = east[64:]
		}
		return c + j.table(east, west)
	}
	if d == len(j.order) || ne < leaf || nw < leaf {
		var c uint64
		for _, w := range west {
			for _, e := range east {
				x := e & w
				c += 1 ^ (x|-x)>>63 // 1 if x is zero: the top bit of x|-x is set iff it is not
			}
		}
		return c
	}
	bit := j.order[d]
	eastClear := partition(east, bit)
	westClear := partition(west, bit)
	return j.split(d+1, east[eastClear:], west[:westClear]) + j.split(d+1, east[:eastClear], west)
}

// partition moves the words of list without bit before those with it, in place, and returns how many
// are without it. It has no branch: each word is swapped with the first of those with the bit so far,
// and that boundary advances if the word lacks the bit.
func partition(list []uint64, bit uint) int {
	clear := 0
	for i, x := range list {
		list[i] = list[clear]
		list[clear] = x
		clear += int(^x >> bit & 1)
	}
	return clear
}

// A table pays for building itself when one list has at most tableSmall words (taken 64 at a time, one
// bit each in a uint64) and the other at least tableMin.
const (
	tableSmall = 128
	tableMin   = 256
)

// A word is looked up in pieces of up to maxPiece bits, at most maxPieces of them (wider words are not
// tabulated), so that a long word costs a few lookups whatever its width.
const (
	maxPieces = 5
	maxPiece  = 10
)

// table counts the pairs of small × large that share no bit, small holding at most 64 words. For each
// piece of a word it tabulates which small words clash with each value of that piece, so a large word
// costs one lookup per piece instead of a test per small word.
func (j *joiner) table(small, large []uint64) uint64 {
	pieces := (j.bits + maxPiece - 1) / maxPiece
	width := (j.bits + pieces - 1) / pieces
	size := 1 << width
	// column[b] marks the small words that have bit b.
	var column [maxPieces * maxPiece]uint64
	for i, e := range small {
		for x := e; x != 0; x &= x - 1 {
			column[trailingZeros(x)] |= 1 << i
		}
	}
	for k := range pieces {
		slice := column[k*width:]
		// Doubling: the values with top bit b are those below 1<<b plus bit b. No entry depends on the
		// one just written, so the loop runs at one store a cycle instead of waiting on each load.
		t := j.tab[k][:size]
		t[0] = 0
		for b := range width {
			lo, hi := t[:1<<b], t[1<<b:2<<b]
			s := slice[b]
			for v, x := range lo {
				hi[v] = x | s
			}
		}
	}
	var clashes int
	switch {
	// Constant shifts keep the loop in registers; the shapes are those of n=16..22.
	case pieces == 3 && width == 10:
		t0, t1, t2 := &j.tab[0], &j.tab[1], &j.tab[2]
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&1023] | t1[w>>10&1023] | t2[w>>20&1023])
		}
	case pieces == 4 && width == 9:
		t0, t1, t2, t3 := (*[512]uint64)(j.tab[0][:512]), (*[512]uint64)(j.tab[1][:512]), (*[512]uint64)(j.tab[2][:512]), (*[512]uint64)(j.tab[3][:512])
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&511] | t1[w>>9&511] | t2[w>>18&511] | t3[w>>27&511])
		}
	case pieces == 4 && width == 10:
		t0, t1, t2, t3 := &j.tab[0], &j.tab[1], &j.tab[2], &j.tab[3]
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&1023] | t1[w>>10&1023] | t2[w>>20&1023] | t3[w>>30&1023])
		}
	case pieces == 5 && width == 9:
		t0, t1, t2, t3, t4 := (*[512]uint64)(j.tab[0][:512]), (*[512]uint64)(j.tab[1][:512]), (*[512]uint64)(j.tab[2][:512]), (*[512]uint64)(j.tab[3][:512]), (*[512]uint64)(j.tab[4][:512])
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&511] | t1[w>>9&511] | t2[w>>18&511] | t3[w>>27&511] | t4[w>>36&511])
		}
	default:
		// Any other width, up to maxPieces pieces; unused pieces are all zero.
		for k := pieces; k < maxPieces; k++ {
			j.tab[k][0] = 0
		}
		mask := uint64(size-1) & (1<<maxPiece - 1)
		s1, s2, s3, s4 := width&63, 2*width&63, 3*width&63, 4*width&63
		t0, t1, t2, t3, t4 := &j.tab[0], &j.tab[1], &j.tab[2], &j.tab[3], &j.tab[4]
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&mask] | t1[w>>s1&mask] | t2[w>>s2&mask] | t3[w>>s3&mask] | t4[w>>s4&mask])
		}
	}
	return uint64(len(small)*len(large) - clashes)
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
