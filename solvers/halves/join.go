package halves

// joiner counts the pairs of an east list and a west list whose words share no bit, reusing its buffers
// from call to call.
//
// It splits both lists on one bit at a time: east words without the bit pair with every west word, east
// words with it pair only with west words without it, so the pairs that share the bit are never looked
// at. Splitting on the bits most often set first prunes most. Small lists are compared pair by pair.
type joiner struct {
	east, west [][]uint64 // a buffer per depth: depth d+1 holds depth d's lists, split
	order      []uint
}

// leaf is the list length below which pairs are compared one by one: splitting costs more there.
const leaf = 8

// count returns the number of pairs (e, w) from east × west with e&w == 0. Words use only the low bits
// bits. It reorders neither list.
func (j *joiner) count(east, west []uint64, bits uint) uint64 {
	if len(east) == 0 || len(west) == 0 {
		return 0
	}
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
	var ne, nw [64]uint64
	for _, x := range east {
		for ; x != 0; x &= x - 1 {
			ne[trailingZeros(x)]++
		}
	}
	for _, x := range west {
		for ; x != 0; x &= x - 1 {
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
	if d == len(j.order) || ne < leaf || nw < leaf {
		var c uint64
		for _, w := range west {
			for _, e := range east {
				if e&w == 0 {
					c++
				}
			}
		}
		return c
	}
	bit := j.order[d]
	// Branch-free partition: each word is written at both ends and the end it belongs to advances.
	eastOut := j.east[d+1][eo : eo+ne]
	lo, hi := 0, ne-1
	for _, x := range east {
		s := int(x >> bit & 1)
		eastOut[lo], eastOut[hi] = x, x
		lo += 1 - s
		hi -= s
	}
	eastClear := lo
	westOut := j.west[d+1][wo : wo+nw]
	lo, hi = 0, nw-1
	for _, x := range west {
		s := int(x >> bit & 1)
		westOut[lo], westOut[hi] = x, x
		lo += 1 - s
		hi -= s
	}
	westClear := lo
	return j.split(d+1, eo+eastClear, ne-eastClear, wo, westClear) + j.split(d+1, eo, eastClear, wo, nw)
}
