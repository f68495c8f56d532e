package halves

// The join's tables with one 512-bit vector an entry, on processors that have AVX-512 with its
// population count (join_amd64.s): a long word's lookups then serve 512 short words at once, where a
// uint64 an entry serves 64 for about as many loads.

//go:noescape
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

func xgetbv() (eax uint32)

//go:noescape
func build512(tab *wideTables, cols *columns, pieces int, groups uint64)

//go:noescape
func scan512(tab *wideTables, large []uint64, pieces int, live uint64) (clashes uint64)

//go:noescape
func scan1024(tab, tab2 *wideTables, large []uint64, pieces int, live uint64) (clashes uint64)

//go:noescape
func or512(list []uint64) (or uint64)

//go:noescape
func compress(dst *uint64, src []uint64, live uint64)

//go:noescape
func pairs512(out *uint64, us, ucs, ds, dcs []uint64) (n int)

//go:noescape
func partition512(list []uint64, bit uint64, set *uint64) (clear int, orClear, orSet uint64)

//go:noescape
func filter512(dst *uint64, list []uint64, bit uint64) (n int, or uint64)

//go:noescape
func transpose512(cols *columns, words *[512]uint64, blocks, bytes int)

//go:noescape
func prepare512(parts, cross *uint64, src []uint64, shifts *[5]uint64, mask, block uint64) (n int)

// hasAVX512 reports whether the processor has what the wide join's assembly uses (wideFeatures), and the
// system saves the vector registers it uses.
func hasAVX512() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	const osxsave = 1 << 27
	if ecx1&osxsave == 0 {
		return false
	}
	// XCR0: SSE, AVX, opmask, the upper halves of ZMM0-15 and ZMM16-31.
	if xgetbv()&0xe6 != 0xe6 {
		return false
	}
	_, ebx7, ecx7, _ := cpuid(7, 0)
	return wideFeatures(ebx7, ecx7)
}

// wideFeatures reports whether CPUID leaf 7's EBX and ECX name every extension the wide join's assembly
// uses beyond AVX-512F: BMI1 and BMI2 (TZCNT, PEXT, RORX, SHLX), VPOPCNTDQ (VPOPCNTQ), BW (VPTESTMB,
// VPADDB and KMOVQ, in transpose512), VBMI (VPERMI2B, there too) and VL (VPORQ on Y and X registers, as
// FOLD folds a vector). A processor with VPOPCNTDQ but not
// VBMI or BW (Knights Mill) would fault on them.
func wideFeatures(ebx7, ecx7 uint32) bool {
	const (
		bmi1      = 1 << 3 // EBX
		bmi2      = 1 << 8 // EBX
		avx512f   = 1 << 16
		avx512bw  = 1 << 30
		avx512vl  = 1 << 31
		vbmi      = 1 << 1 // ECX
		vpopcntdq = 1 << 14
		ebx       = avx512f | avx512bw | avx512vl | bmi1 | bmi2
	)
	return ebx7&ebx == ebx && ecx7&(vbmi|vpopcntdq) == vbmi|vpopcntdq
}
