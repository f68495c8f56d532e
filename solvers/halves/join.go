package halves

import "math/bits"

// joiner counts the pairs of an east list and a west list whose words share no bit, reusing its tables
// from call to call.
//
// It splits both lists on one bit at a time: east words without the bit pair with every west word, east
// words with it pair only with west words without it (or the other way round: the shorter list goes on
// whole), so the pairs that share the bit are never looked at. Splitting on the bits most often set
// first prunes most. Where one list is short and the other long, a table per piece of the word finds
// each long word's clashes with all the short words at once: 64 or 256 of them a lookup in uint64s
// (table, table4), 512 in a vector of AVX-512 (table512), 1,024 in two (table1024); where both are
// short, pairs are compared one by one.
type joiner struct {
	bits uint
	tab  [maxPieces][1 << piece]uint64
	tab4 [maxPieces][1 << piece][4]uint64
	wide *[2]wideTables // made on first use, where the processor has AVX-512
	set  []uint64       // scratch for partition512
	// copies[d] holds the words without the bit that the split at depth d copies out.
	copies [][]uint64
	words  [512]uint64 // and for table512
	order  []uint
	// stop, if set, is polled near the top of the split; once it returns true the count is abandoned.
	stop    func() bool
	stopped bool
}

// leaf is the list length below which pairs are compared one by one: splitting costs more there.
const leaf = 8

// sample is about how many words of each list orderBits looks at. It ranks the bits once for a pair
// of halves, so a larger sample costs little, and a better order splits off more pairs.
const sample = 1024

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
	j.order = j.order[:0]
	return j.split(0, east, west, or(east), or(west))
}

// or returns the OR of list's words.
func or(list []uint64) uint64 {
	if useWide {
		return or512(list)
	}
	var x uint64
	for _, w := range list {
		x |= w
	}
	return x
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

// split counts the pairs of east × west, splitting on j.order[d:]; orEast and orWest are the ORs of
// the lists' words. It reorders each list only within itself, so a caller's lists still hold the same
// words for its second child.
func (j *joiner) split(d int, east, west []uint64, orEast, orWest uint64) uint64 {
	ne, nw := len(east), len(west)
	if ne == 0 || nw == 0 {
		return 0
	}
	if d < 3 && j.stop != nil {
		if j.stopped = j.stopped || j.stop(); j.stopped {
			return 0
		}
	}
	small, large := min(ne, nw), max(ne, nw)
	limit := tableSmall
	if useWide {
		limit = tableSmallWide
	}
	if small <= limit && large >= tableMin && j.bits <= maxPieces*piece {
		if ne > nw {
			east, west = west, east
		}
		return j.tables(east, west, orEast&orWest)
	}
	if d == 0 {
		// Ranked only where the lists are split at all: many a pair of short lists goes straight to a
		// table.
		j.orderBits(east, west, j.bits)
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
	// Either list can be the one that goes on whole: the pairs are the same. Passing on the shorter
	// one cuts the longer in two, so that its words reach one child each instead of the part without
	// bit reaching both; the long words are what the tables' lookups cost.
	if ne > nw {
		east, west = west, east
		orEast, orWest = orWest, orEast
	}
	// east, the shorter, stays whole and in place for the second child; its words without bit are
	// copied out for the first, which costs less than partitioning it.
	westClear, orClear, orSet := j.partition(west, bit)
	without, orWithout := j.without(d, east, bit)
	return j.split(d+1, west[westClear:], without, orSet, orWithout) + j.split(d+1, west[:westClear], east, orClear, orEast)
}

// without returns the words of list without bit, copied to the scratch of depth d of the split, and
// their OR: the copy is read by the split below d only, which uses the scratch of deeper levels.
func (j *joiner) without(d int, list []uint64, bit uint) ([]uint64, uint64) {
	for len(j.copies) <= d {
		j.copies = append(j.copies, nil)
	}
	buf := grow(j.copies[d], len(list)+8)
	j.copies[d] = buf
	if useWide {
		n, or := filter512(&buf[0], list, uint64(bit))
		return buf[:n], or
	}
	n, or := 0, uint64(0)
	for _, x := range list {
		buf[n] = x
		keep := ^x >> bit & 1
		n += int(keep)
		or |= x & -keep
	}
	return buf[:n], or
}

// tables counts the pairs of small × large that share no bit, by tables of up to 512 short words with
// AVX-512, or else of up to 256, and the last 64 or fewer alone, where a table of four words an entry
// would cost as much for far fewer pairs. live holds the bits both lists use.
func (j *joiner) tables(small, large []uint64, live uint64) uint64 {
	var c uint64
	if useWide {
		// Only the bits both lists use can make a clash; the splits above have cleared some on either
		// side. Packed together, they often need a piece fewer, and a long word a lookup fewer. The
		// split keeps each list's OR as it partitions and copies, so live costs nothing here.
		if live == 0 {
			return uint64(len(small) * len(large))
		}
		// Two tables at a time: a long word's pieces, found once, serve both.
		for len(small) > 512 {
			k := min(len(small), 1024)
			c += j.table1024(small[:512], small[512:k], large, live)
			small = small[k:]
		}
		if len(small) > 0 {
			c += j.table512(small, large, live)
		}
		return c
	}
	for len(small) > 64 {
		k := min(len(small), 256)
		c += j.table4(small[:k], large)
		small = small[k:]
	}
	return c + j.table(small, large)
}

// partition is partition, with AVX-512 where the join has it.
func (j *joiner) partition(list []uint64, bit uint) (clear int, orClear, orSet uint64) {
	if !useWide || len(list) < 16 {
		return partition(list, bit)
	}
	if cap(j.set) < len(list)+8 {
		j.set = make([]uint64, len(list)+8+len(list)/4)
	}
	return partition512(list, uint64(bit), &j.set[0])
}

// partition moves the words of list without bit before those with it, in place, and returns how many
// are without it and the OR of each part. It has no branch: each word is swapped with the first of
// those with the bit so far, and that boundary advances if the word lacks the bit.
func partition(list []uint64, bit uint) (clear int, orClear, orSet uint64) {
	for i, x := range list {
		list[i] = list[clear]
		list[clear] = x
		has := x >> bit & 1
		clear += int(has ^ 1)
		orSet |= x & -has
		orClear |= x &^ -has
	}
	return clear, orClear, orSet
}

// A table pays for building itself when one list has at most tableSmall words (taken 256 at a time, one
// bit each in four uint64), or tableSmallWide for table512, and the other at least tableMin. A table
// serves more pairs a lookup than a split saves, and splits on bits set in half the words or fewer;
// table512 serves eight times as many as table4. Its bound is a whole number of tables of 512, as a
// part of one costs a long word as many lookups as a whole one.
const (
	tableSmall     = 512
	tableSmallWide = 1024
	tableMin       = 128
)

// A word is looked up in pieces of piece bits, at most maxPieces of them (wider words are not
// tabulated). Each piece's table costs a store per value to build and a long word a lookup per piece;
// short pieces keep the building cheap, as the long lists are seldom longer than a few thousand words,
// and the tables in the nearest cache.
const (
	piece     = 7
	maxPieces = 6
)

// table counts the pairs of small × large that share no bit, small holding at most 64 words. For each
// piece of a word it tabulates which small words clash with each value of that piece, so a large word
// costs one lookup per piece instead of a test per small word.
func (j *joiner) table(small, large []uint64) uint64 {
	pieces := int(j.bits+piece-1) / piece
	// column[b] marks the small words that have bit b.
	var column [maxPieces * piece]uint64
	for i, e := range small {
		for x := e; x != 0; x &= x - 1 {
			column[trailingZeros(x)] |= 1 << i
		}
	}
	for k := range max(pieces, 4) {
		// Doubling: the values with top bit b are those below 1<<b plus bit b. No entry depends on the
		// one just written, so the loop runs at one store a cycle instead of waiting on each load.
		t := &j.tab[k]
		t[0] = 0
		for b := range piece {
			lo, hi := t[:1<<b], t[1<<b:2<<b]
			s := column[k*piece+b]
			for v, x := range lo {
				hi[v] = x | s
			}
		}
	}
	// Constant shifts and masks keep each loop in registers and free of bounds checks.
	t0, t1, t2, t3, t4, t5 := &j.tab[0], &j.tab[1], &j.tab[2], &j.tab[3], &j.tab[4], &j.tab[5]
	var clashes int
	switch {
	case pieces <= 4:
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&127] | t1[w>>7&127] | t2[w>>14&127] | t3[w>>21&127])
		}
	case pieces == 5:
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&127] | t1[w>>7&127] | t2[w>>14&127] | t3[w>>21&127] | t4[w>>28&127])
		}
	default:
		for _, w := range large {
			clashes += bits.OnesCount64(t0[w&127] | t1[w>>7&127] | t2[w>>14&127] | t3[w>>21&127] | t4[w>>28&127] | t5[w>>35&127])
		}
	}
	return uint64(len(small)*len(large) - clashes)
}

// table4 is table for a small list of up to 256 words, whose tables hold four words an entry: a long
// word's lookups, the larger part of its cost, then serve four times as many pairs.
func (j *joiner) table4(small, large []uint64) uint64 {
	pieces := int(j.bits+piece-1) / piece
	var column [maxPieces * piece][4]uint64
	for i, e := range small {
		for x := e; x != 0; x &= x - 1 {
			column[trailingZeros(x)][i>>6&3] |= 1 << (i & 63)
		}
	}
	for k := range max(pieces, 4) {
		t := &j.tab4[k]
		t[0] = [4]uint64{}
		for b := range piece {
			lo, hi := t[:1<<b], t[1<<b:2<<b]
			s := column[k*piece+b]
			for v, x := range lo {
				hi[v] = [4]uint64{x[0] | s[0], x[1] | s[1], x[2] | s[2], x[3] | s[3]}
			}
		}
	}
	t0, t1, t2, t3, t4, t5 := &j.tab4[0], &j.tab4[1], &j.tab4[2], &j.tab4[3], &j.tab4[4], &j.tab4[5]
	var clashes int
	switch {
	case pieces <= 4:
		for _, w := range large {
			a, b, c, d := &t0[w&127], &t1[w>>7&127], &t2[w>>14&127], &t3[w>>21&127]
			clashes += bits.OnesCount64(a[0]|b[0]|c[0]|d[0]) + bits.OnesCount64(a[1]|b[1]|c[1]|d[1]) +
				bits.OnesCount64(a[2]|b[2]|c[2]|d[2]) + bits.OnesCount64(a[3]|b[3]|c[3]|d[3])
		}
	case pieces == 5:
		for _, w := range large {
			a, b, c, d, e := &t0[w&127], &t1[w>>7&127], &t2[w>>14&127], &t3[w>>21&127], &t4[w>>28&127]
			clashes += bits.OnesCount64(a[0]|b[0]|c[0]|d[0]|e[0]) + bits.OnesCount64(a[1]|b[1]|c[1]|d[1]|e[1]) +
				bits.OnesCount64(a[2]|b[2]|c[2]|d[2]|e[2]) + bits.OnesCount64(a[3]|b[3]|c[3]|d[3]|e[3])
		}
	default:
		for _, w := range large {
			a, b, c, d, e, f := &t0[w&127], &t1[w>>7&127], &t2[w>>14&127], &t3[w>>21&127], &t4[w>>28&127], &t5[w>>35&127]
			clashes += bits.OnesCount64(a[0]|b[0]|c[0]|d[0]|e[0]|f[0]) + bits.OnesCount64(a[1]|b[1]|c[1]|d[1]|e[1]|f[1]) +
				bits.OnesCount64(a[2]|b[2]|c[2]|d[2]|e[2]|f[2]) + bits.OnesCount64(a[3]|b[3]|c[3]|d[3]|e[3]|f[3])
		}
	}
	return uint64(len(small)*len(large) - clashes)
}

// wideTables are the tables of table512: 512 bits an entry, one for each short word.
type wideTables [maxPieces][1 << piece][8]uint64

// columns are the short words' bits for table512: columns[b] marks those that have bit b, in whole bytes
// of bits.
type columns [(maxPieces*piece + 7) &^ 7][8]uint64

// useWide is whether the join uses table512; tests turn it off to hold the two against each other.
var useWide = hasAVX512()

// table512 is table for a small list of up to 512 words, whose tables hold 512 bits an entry and are
// built and scanned with AVX-512 (join_amd64.s), over the bits live of each word packed together.
func (j *joiner) table512(small, large []uint64, live uint64) uint64 {
	if j.wide == nil {
		j.wide = new([2]wideTables)
	}
	pieces := j.build(&j.wide[0], small, live)
	return uint64(len(small)*len(large)) - scan512(&j.wide[0], large, pieces, live)
}

// table1024 is table512 for two small lists at once, a of 512 words and b of up to 512: each long word
// is packed and cut into pieces once for both tables, and looked up in both.
func (j *joiner) table1024(a, b, large []uint64, live uint64) uint64 {
	if j.wide == nil {
		j.wide = new([2]wideTables)
	}
	pieces := j.build(&j.wide[0], a, live)
	j.build(&j.wide[1], b, live)
	return uint64((len(a)+len(b))*len(large)) - scan1024(&j.wide[0], &j.wide[1], large, pieces, live)
}

// build fills tab with the tables of small, up to 512 words, over the bits live, and returns how many
// pieces a long word takes: the short words, packed and in whole blocks of 64, transposed into columns,
// and the columns ORed into each piece's entries.
func (j *joiner) build(tab *wideTables, small []uint64, live uint64) int {
	n := len(small)
	compress(&j.words[0], small, live)
	clear(j.words[n : (n+63)&^63])
	nb := bits.OnesCount64(live)
	var cols columns
	transpose512(&cols, &j.words, (n+63)/64, (nb+7)/8)
	pieces := max((nb+piece-1)/piece, 4)
	build512(tab, &cols, pieces, tableGroups(nb, pieces))
	return pieces
}

// tableGroups returns build512's groups for a word of nb bits in pieces pieces: in field k (four bits),
// the groups of 16 entries piece k needs, 2^(b-4) for a piece of b bits, and at least one.
func tableGroups(nb, pieces int) uint64 {
	var groups uint64
	for k := range pieces {
		b := min(piece, max(0, nb-k*piece))
		groups |= uint64(1) << max(0, b-4) << (4 * k)
	}
	return groups
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }
