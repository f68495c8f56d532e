package sharp

import (
	"encoding/binary"
	"slices"
	"sync"
)

// DefaultCacheBytes is the memory a counter's cache may take when Options gives none.
const DefaultCacheBytes = 256 << 20

// entryBytes is what an entry costs beyond its key: the map's slot, the entry and its count, measured
// roughly (a Go map of strings to pointers spends about this much a slot).
const entryBytes = 96

// Cache maps components to their counts, bounded in memory: once its entries pass the bound it drops the
// half used longest ago. A component is keyed by its variables and its clauses not yet satisfied, which
// together fix the sub-formula exactly (see key), so a count found under one assignment serves every other
// that leaves the same component; the key is the component itself, not a hash of it, so two components
// never share a count by accident. It is safe for concurrent use by counters of one formula.
type Cache struct {
	mu      sync.Mutex
	max     int64
	bytes   int64
	tick    uint64
	m       map[string]*entry
	formula uint64 // the fingerprint of the formula whose counters use it, 0 until the first
	evicted uint64
}

type entry struct {
	n    num
	used uint64
}

// NewCache returns a cache that holds at most about maxBytes.
func NewCache(maxBytes int64) *Cache {
	return &Cache{max: maxBytes, m: map[string]*entry{}}
}

// Len returns the number of components held.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}

// Bytes returns the memory the cache counts itself as holding.
func (c *Cache) Bytes() int64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.bytes
}

// bind ties the cache to one formula, and reports false if it already serves another.
func (c *Cache) bind(fingerprint uint64) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.formula == 0 {
		c.formula = fingerprint
	}
	return c.formula == fingerprint
}

func (c *Cache) get(key []byte) (num, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[string(key)] // no allocation for the lookup
	if !ok {
		return zero, false
	}
	c.tick++
	e.used = c.tick
	return e.n, true
}

func (c *Cache) put(key string, n num) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.m[key]; ok {
		return // another counter got there first
	}
	c.tick++
	c.m[key] = &entry{n: n, used: c.tick}
	c.bytes += int64(len(key)) + entryBytes + n.bytes()
	if c.bytes > c.max {
		c.evict()
	}
}

// evict drops the entries used longest ago until the cache holds half its bound.
func (c *Cache) evict() {
	ticks := make([]uint64, 0, len(c.m))
	for _, e := range c.m {
		ticks = append(ticks, e.used)
	}
	slices.Sort(ticks)
	cut := ticks[len(ticks)/2]
	for k, e := range c.m {
		if e.used <= cut {
			c.bytes -= int64(len(k)) + entryBytes + e.n.bytes()
			delete(c.m, k)
			c.evicted++
		}
	}
	if c.bytes > c.max/2 {
		// A few huge entries: drop the rest too rather than evict again at once.
		clear(c.m)
		c.bytes = 0
	}
}

// appendKey appends the key of the component of the given variables and long clauses, both sorted: the
// number of variables, then each list as runs of consecutive numbers (the gap since the last run and the
// run's length, as varints). A component left by a sweep along the board is mostly a few long runs, so its
// key takes tens of bytes where a list would take thousands.
func appendKey(b []byte, vars, clauses []int32) []byte {
	b = binary.AppendUvarint(b, uint64(len(vars)))
	b = appendRuns(b, vars)
	return appendRuns(b, clauses)
}

func appendRuns(b []byte, xs []int32) []byte {
	prev := int64(-1)
	for i := 0; i < len(xs); {
		j := i
		for j+1 < len(xs) && xs[j+1] == xs[j]+1 {
			j++
		}
		b = binary.AppendUvarint(b, uint64(int64(xs[i])-prev-1))
		b = binary.AppendUvarint(b, uint64(j-i))
		prev = int64(xs[j])
		i = j + 1
	}
	return b
}
