package sharp

import "fmt"

// Counter counts the models of one formula, under assumptions that may change from call to call. It is
// used by one goroutine at a time; counters of one formula may share a Cache.
//
// Literals are held as indexes 2v (v true) and 2v+1 (v false), so that a literal's negation is its index
// with the low bit flipped.
type Counter struct {
	vars, project int32
	// Clauses of three literals or more, flat: clause i is lits[start[i]:start[i+1]], its first two
	// literals watched.
	lits  []int32
	start []int32
	bin   [][]int32 // by literal: the literals it implies by a binary clause
	watch [][]int32 // by literal: the long clauses that watch it
	occ   [][]int32 // by variable: the long clauses it is in
	units []int32
	empty bool // the formula holds an empty clause
	// rootTrail is the trail once the units are propagated; rootConflict is set if they conflict.
	rootTrail    int
	rootConflict bool

	val   []int8 // by variable: 1 true, −1 false, 0 unset
	trail []int32
	qhead int

	cache     *Cache
	oracle    Oracle
	oracleMin int
	heur      Heuristic

	decisions []Lit // the assumptions and decisions of the current path, for the oracle
	model     []int8
	hasModel  bool

	// Scratch for components: marks by variable and by clause, stamped with epoch.
	vmark, cmark []uint32
	vcomp, ccomp []int32
	epoch        uint32
	arena        []int32
	spans        []span
	stack, sizes []int32
	keybuf       []byte
	score        []int32

	stats  Stats
	polls  int
	budget uint64 // the decision count at which CountWithin gives up, 0 for none
}

// New builds the counter of f: duplicate literals are dropped, clauses that hold a literal and its
// negation too, and a formula past MaxLiterals or MaxVars is refused with an error wrapping ErrTooLarge.
func New(f Formula, opt Options) (*Counter, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	n := int32(f.Vars)
	c := &Counter{
		vars: n, project: int32(f.Project),
		bin: make([][]int32, 2*n+2), watch: make([][]int32, 2*n+2), occ: make([][]int32, n+1),
		val: make([]int8, n+1), model: make([]int8, n+1),
		vmark: make([]uint32, n+1), vcomp: make([]int32, n+1), score: make([]int32, n+1),
		oracle: opt.Oracle, oracleMin: opt.OracleMinVars, heur: opt.Heuristic,
	}
	seen := make([]int32, n+1) // by variable: 1 + the literal index last seen in this clause, within the clause
	clause := []int32{}
	from := 0
	h := uint64(14695981039346656037) // FNV-1a over the counts and the literals
	for _, x := range append([]Lit{Lit(f.Vars), Lit(f.Project)}, f.Clauses...) {
		h = (h ^ uint64(uint32(x))) * 1099511628211
	}
	for i, l := range f.Clauses {
		if l != 0 {
			continue
		}
		clause = clause[:0]
		taut := false
		for _, m := range f.Clauses[from:i] {
			v := int32(m)
			li := 2 * v
			if m < 0 {
				v = -v
				li = 2*v + 1
			}
			switch seen[v] {
			case li + 1:
				continue
			case li ^ 1 + 1:
				taut = true
			}
			seen[v] = li + 1
			clause = append(clause, li)
		}
		for _, li := range clause {
			seen[li>>1] = 0
		}
		from = i + 1
		switch {
		case taut:
		case len(clause) == 0:
			c.empty = true
		case len(clause) == 1:
			c.units = append(c.units, clause[0])
		case len(clause) == 2:
			a, b := clause[0], clause[1]
			c.bin[a^1] = append(c.bin[a^1], b)
			c.bin[b^1] = append(c.bin[b^1], a)
		default:
			id := int32(len(c.start))
			c.start = append(c.start, int32(len(c.lits)))
			c.lits = append(c.lits, clause...)
			c.watch[clause[0]] = append(c.watch[clause[0]], id)
			c.watch[clause[1]] = append(c.watch[clause[1]], id)
			for _, li := range clause {
				c.occ[li>>1] = append(c.occ[li>>1], id)
			}
		}
	}
	nc := len(c.start)
	c.start = append(c.start, int32(len(c.lits)))
	c.cmark, c.ccomp = make([]uint32, nc), make([]int32, nc)
	c.cache = opt.Cache
	if c.cache == nil {
		c.cache = NewCache(DefaultCacheBytes)
	}
	if !c.cache.bind(h | 1) {
		return nil, fmt.Errorf("sharp: the cache given holds the counts of another formula")
	}
	// The units hold under every assumption: propagate them once, for good.
	for _, u := range c.units {
		switch c.litVal(u) {
		case -1:
			c.rootConflict = true
		case 0:
			c.assign(u)
		}
	}
	if !c.rootConflict && !c.propagate() {
		c.rootConflict = true
	}
	c.rootTrail = len(c.trail)
	return c, nil
}

// Stats returns the counter's work so far.
func (c *Counter) Stats() Stats { return c.stats }

// litVal is the value of literal index li: 1 true, −1 false, 0 unset.
func (c *Counter) litVal(li int32) int8 {
	v := c.val[li>>1]
	if li&1 != 0 {
		return -v
	}
	return v
}

func (c *Counter) assign(li int32) {
	if li&1 != 0 {
		c.val[li>>1] = -1
	} else {
		c.val[li>>1] = 1
	}
	c.trail = append(c.trail, li)
}

// undo unsets every literal assigned since the trail was mark long.
func (c *Counter) undo(mark int) {
	for _, li := range c.trail[mark:] {
		c.val[li>>1] = 0
	}
	c.trail = c.trail[:mark]
	c.qhead = mark
}

// propagate assigns what the clauses imply, and reports false on a conflict. Long clauses are watched by
// two literals, which backtracking need not restore.
func (c *Counter) propagate() bool {
	for c.qhead < len(c.trail) {
		p := c.trail[c.qhead]
		c.qhead++
		for _, q := range c.bin[p] {
			switch c.litVal(q) {
			case -1:
				return false
			case 0:
				c.assign(q)
			}
		}
		np := p ^ 1
		ws := c.watch[np]
		j := 0
		for i := 0; i < len(ws); i++ {
			ci := ws[i]
			cl := c.lits[c.start[ci]:c.start[ci+1]]
			if cl[0] == np {
				cl[0], cl[1] = cl[1], np
			}
			if c.litVal(cl[0]) == 1 {
				ws[j] = ci
				j++
				continue
			}
			moved := false
			for k := 2; k < len(cl); k++ {
				if c.litVal(cl[k]) != -1 {
					cl[1], cl[k] = cl[k], cl[1]
					c.watch[cl[1]] = append(c.watch[cl[1]], ci)
					moved = true
					break
				}
			}
			if moved {
				continue
			}
			ws[j] = ci
			j++
			if c.litVal(cl[0]) == -1 {
				j += copy(ws[j:], ws[i+1:])
				c.watch[np] = ws[:j]
				return false
			}
			c.assign(cl[0])
		}
		c.watch[np] = ws[:j]
	}
	return true
}

// satisfied reports whether long clause ci holds a true literal.
func (c *Counter) satisfied(ci int32) bool {
	for _, li := range c.lits[c.start[ci]:c.start[ci+1]] {
		if c.litVal(li) == 1 {
			return true
		}
	}
	return false
}

// toLit turns literal index li into DIMACS form.
func toLit(li int32) Lit {
	if li&1 != 0 {
		return Lit(-(li >> 1))
	}
	return Lit(li >> 1)
}
