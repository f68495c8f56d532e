package halves

// joiner counts the pairs of an east list and a west list whose words share no bit, reusing its buffers
// from call to call.
//
// It splits both lists on one bit at a time: east words without the bit pair with every west word, east
// words with it pair only with west words without it, so the pairs that share the bit are never looked
// at. Splitting on the bits most often set first prunes most. Where one list is short and the other long,
// a table per byte of the word finds each long word's clashes with all the short words at once (table);
// where both are short, pairs are compared one by one.
type joiner struct {
	bits       uint
	tab        [pieces][1 << maxPiece]uint64
	east, west [][]uint64 // a buffer per depth: depth d+1 holds depth d's lists, split
	order      []uint
}

// leaf is the list length below which pairs are compared one by one: splitting costs more there.
const leaf = 8

// sample is about how many words of each list orderBits looks at.
const sample = 256

// count returns the number of pairs (e, w) from east × west with e&w == 0. Words use only the low bits
// bits. It reorders neither list.
func (j *joiner) count(east, west []uint64, bits uint) uint64 {
	if len(east) == 0 || len(west) == 0 {
		return 0
	}
	j.bits = bits
	j.orderBits(east, west, bits)
	depth := len(j.order) + 1
	for len(j.east) < depth {
		j.east = append(j.east, nil)
		j.west = append(j.west, nil)
	}
	for d := range depth {
		j.east[d] = grow(j.east[d], len(east))
		j.west[d] = grow(j.west[d], len(west))
	}
	copy(j.east[0], east)
	copy(j.west[0], west)
	return j.split(0, 0, len(east), 0, len(west))
}

func grow(buf []uint64, n int) []uint64 {
	if cap(buf) < n {
		return make([]uint64, n, n+n/4)
	}
	return buf[:cap(buf)]
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

// split counts the pairs of j.east[d][eo:eo+ne] × j.west[d][wo:wo+nw], splitting on j.order[d:]. It
// writes only depths below d, so a caller's lists survive its first child for its second.
func (j *joiner) split(d, eo, ne, wo, nw int) uint64 {
	if ne == 0 || nw == 0 {
		return 0
	}
	east := j.east[d][eo : eo+ne]
	west := j.west[d][wo : wo+nw]
	if small, large := min(ne, nw), max(ne, nw); small <= tableSmall && large >= tableMin && j.bits <= pieces*maxPiece {
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
	eastClear := partition(east, j.east[d+1][eo:eo+ne], bit)
	westClear := partition(west, j.west[d+1][wo:wo+nw], bit)
	return j.split(d+1, eo+eastClear, ne-eastClear, wo, westClear) + j.split(d+1, eo, eastClear, wo, nw)
}

// partition copies src to dst, the words without bit first and those with it after, and returns how many
// are without it. It has no branch: each word is written at both ends and the end it belongs to advances.
func partition(src, dst []uint64, bit uint) int {
	lo, hi := 0, len(src)-1
	for _, x := range src {
		s := int(x >> bit & 1)
		dst[lo], dst[hi] = x, x
		lo += 1 - s
		hi -= s
	}
	return lo
}

// A table pays for building itself when one list has at most tableSmall words (taken 64 at a time, one
// bit each in a uint64) and the other at least tableMin. Measured at n=18: tables of at most 32 short
// words cost 40% more time; 64 to 256 are within noise of each other.
const (
	tableSmall = 128
	tableMin   = 256
)

// A word is looked up in four pieces of up to maxPiece bits (n ≤ 21 has at most 38 bits; wider words are
// not tabulated), so a long word costs four lookups whatever its width. The long lists average about
// 1,600 words against 48 short ones at n=18. There, paired runs on one thread: pieces of 9 bits built
// one entry after another took 1.06 of the old byte tables (five bytes, six lookups); built by doubling,
// 0.97.
const (
	pieces   = 4
	maxPiece = 10
)

// table counts the pairs of small × large that share no bit, small holding at most 64 words. For each
// piece of a word it tabulates which small words clash with each value of that piece, so a large word
// costs one lookup per piece instead of a test per small word.
func (j *joiner) table(small, large []uint64) uint64 {
	width := (j.bits + pieces - 1) / pieces
	size := 1 << width
	mask := uint64(size-1) & (1<<maxPiece - 1)
	// column[b] marks the small words that have bit b.
	var column [pieces * maxPiece]uint64
	for i, e := range small {
		for x := e; x != 0; x &= x - 1 {
			column[trailingZeros(x)] |= 1 << i
		}
	}
	for k := range pieces {
		slice := column[uint(k)*width:]
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
	t0, t1, t2, t3 := &j.tab[0], &j.tab[1], &j.tab[2], &j.tab[3]
	s1, s2, s3 := width, 2*width, 3*width
	var clashes int
	for _, w := range large {
		clashes += onesCount(t0[w&mask] | t1[w>>s1&mask] | t2[w>>s2&mask] | t3[w>>s3&mask])
	}
	return uint64(len(small)*len(large) - clashes)
}
