//go:build !amd64

package halves

func hasAVX512() bool { return false }

func build512(*wideTables, *columns, int, uint64) { panic("halves: no AVX-512") }

func scan512(*wideTables, []uint64, int, uint64) uint64 { panic("halves: no AVX-512") }

func scan1024(*wideTables, *wideTables, []uint64, int, uint64) uint64 { panic("halves: no AVX-512") }

func or512([]uint64) uint64 { panic("halves: no AVX-512") }

func compress(*uint64, []uint64, uint64) { panic("halves: no AVX-512") }

func pairs512(*uint64, []uint64, []uint64, []uint64, []uint64) int { panic("halves: no AVX-512") }

func partition512([]uint64, uint64, *uint64) (int, uint64, uint64) { panic("halves: no AVX-512") }

func filter512(*uint64, []uint64, uint64) (int, uint64) { panic("halves: no AVX-512") }

func transpose512(*columns, *[512]uint64, int, int) { panic("halves: no AVX-512") }

func prepare512(*uint64, *uint64, []uint64, *[5]uint64, uint64, uint64) int {
	panic("halves: no AVX-512")
}
