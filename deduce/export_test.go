package deduce

import "slices"

// AttackedBy reports whether the compiled attack lists join cells a and b.
func (s *State) AttackedBy(a, b int) bool {
	for _, x := range s.p.attacks[a] {
		if int(x) == b {
			return true
		}
	}
	return false
}

// CommonAttacks returns, as Pack's fill finds them, the cells t and d of the 2×2 square at corner (see
// squareKey) and the cells that every one of them attacks; Pack must apply to s's board.
func (s *State) CommonAttacks(corner int, t, d uint64, flip bool) (cells, common []int32) {
	if s.pack == nil {
		s.pack = newPacker(s)
	}
	k := s.pack
	step, across := int32(1), int32(s.p.cols)
	if flip {
		step, across = across, step
	}
	key := squareKey(int32(corner), t, d, flip)
	b := k.blockAt(key, int32(corner), t, d, step, across)
	common = k.attackedByAll(s.p, b)
	for _, x := range b.cells {
		if x >= 0 {
			cells = append(cells, x)
		}
	}
	return cells, common
}

// BoardLeftOut reports whether Pack leaves the board's set out, its bound implied by the rows'.
func (s *State) BoardLeftOut() bool {
	if s.pack == nil {
		s.pack = newPacker(s)
	}
	for _, ps := range s.pack.sets {
		for _, u := range ps.units {
			if s.p.units[u].kind == KindBoard {
				return false
			}
		}
	}
	return s.pack.on && slices.ContainsFunc(s.p.units, func(x unit) bool { return x.kind == KindBoard && x.lo > 0 })
}

// BoardSpare returns the blocks of the board's cover less the queens it needs, as the board's set would
// bound it.
func (s *State) BoardSpare() int {
	k := s.pack
	for u, x := range s.p.units {
		if x.kind == KindBoard {
			ps := k.cellSet(s.p, int32(u), false)
			need, _ := s.need(&ps)
			return k.cover(s, &ps) - need
		}
	}
	return 1 << 30
}

// BlockCols is blockCols, for the tests.
func BlockCols(mask uint64) int32 { return blockCols(mask) }
