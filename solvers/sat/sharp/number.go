package sharp

import (
	"math/big"
	"math/bits"
)

// num is a count: a uint64 while it fits, a big.Int past it. Counts of components multiply, and a
// formula of many free variables passes 2^64 long before any board does.
type num struct {
	lo  uint64
	big *big.Int // set when the count does not fit lo; never shared between nums that change
}

var (
	zero = num{}
	one  = num{lo: 1}
)

func (a num) isZero() bool { return a.big == nil && a.lo == 0 }

func (a num) toBig() *big.Int {
	if a.big != nil {
		return new(big.Int).Set(a.big)
	}
	return new(big.Int).SetUint64(a.lo)
}

func (a num) add(b num) num {
	if a.big == nil && b.big == nil {
		if s, carry := bits.Add64(a.lo, b.lo, 0); carry == 0 {
			return num{lo: s}
		}
	}
	return num{big: new(big.Int).Add(a.toBig(), b.toBig())}
}

func (a num) mul(b num) num {
	if a.big == nil && b.big == nil {
		if hi, lo := bits.Mul64(a.lo, b.lo); hi == 0 {
			return num{lo: lo}
		}
	}
	return num{big: new(big.Int).Mul(a.toBig(), b.toBig())}
}

// shift returns a·2^k.
func (a num) shift(k int) num {
	if k == 0 {
		return a
	}
	if a.big == nil && k < 64 && a.lo>>(64-k) == 0 {
		return num{lo: a.lo << k}
	}
	return num{big: new(big.Int).Lsh(a.toBig(), uint(k))}
}

// bytes is what the count takes beyond its struct, for the cache's accounting.
func (a num) bytes() int64 {
	if a.big == nil {
		return 0
	}
	return int64(len(a.big.Bits()))*8 + 32
}
