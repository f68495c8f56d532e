#include "textflag.h"

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func xgetbv() (eax uint32)
TEXT ·xgetbv(SB), NOSPLIT, $0-4
	MOVL $0, CX
	XGETBV
	MOVL AX, eax+0(FP)
	RET

// func build512(tab *wideTables, cols *columns, pieces int, groups uint64)
//
// For each piece k, tab[k][v] = OR of cols[7k+b] over the bits b of v, for v below 16 times the
// groups that field k of groups (four bits) holds: a piece of fewer than seven bits needs no more.
// The sixteen values of the piece's low four bits are held in Z16–Z31; each value hi of its top
// three bits is the entry of hi less its lowest bit ORed with that bit's column, and its sixteen
// entries that one ORed with each of the sixteen: one load and sixteen stores for sixteen entries,
// where building by doubling loads every entry it stores.
TEXT ·build512(SB), NOSPLIT, $0-32
	MOVQ tab+0(FP), DI
	MOVQ cols+8(FP), SI
	MOVQ pieces+16(FP), R10
	MOVQ groups+24(FP), R13
piece:
	MOVQ R13, R14
	ANDQ $15, R14               // this piece's groups
	SHRQ $4, R13
	VPXORQ Z16, Z16, Z16
	VMOVDQU64 0(SI), Z17
	VMOVDQU64 64(SI), Z18
	VPORQ Z17, Z18, Z19
	VMOVDQU64 128(SI), Z20
	VPORQ Z17, Z20, Z21
	VPORQ Z18, Z20, Z22
	VPORQ Z19, Z20, Z23
	VMOVDQU64 192(SI), Z24
	VPORQ Z17, Z24, Z25
	VPORQ Z18, Z24, Z26
	VPORQ Z19, Z24, Z27
	VPORQ Z20, Z24, Z28
	VPORQ Z21, Z24, Z29
	VPORQ Z22, Z24, Z30
	VPORQ Z23, Z24, Z31
	XORQ R8, R8                 // hi
	VPXORQ Z0, Z0, Z0
	MOVQ DI, R12                // &tab[k][hi<<4]
	JMP store
high:
	// Z0 = tab[k][(hi&(hi-1))<<4] | cols[7k+4+tz(hi)]
	LEAQ -1(R8), AX
	ANDQ R8, AX
	SHLQ $10, AX
	VMOVDQU64 (DI)(AX*1), Z0
	TZCNTQ R8, BX
	SHLQ $6, BX
	VPORQ 256(SI)(BX*1), Z0, Z0
store:
	VMOVDQU64 Z0, 0(R12)
	VPORQ Z0, Z17, Z1
	VMOVDQU64 Z1, 64(R12)
	VPORQ Z0, Z18, Z1
	VMOVDQU64 Z1, 128(R12)
	VPORQ Z0, Z19, Z1
	VMOVDQU64 Z1, 192(R12)
	VPORQ Z0, Z20, Z1
	VMOVDQU64 Z1, 256(R12)
	VPORQ Z0, Z21, Z1
	VMOVDQU64 Z1, 320(R12)
	VPORQ Z0, Z22, Z1
	VMOVDQU64 Z1, 384(R12)
	VPORQ Z0, Z23, Z1
	VMOVDQU64 Z1, 448(R12)
	VPORQ Z0, Z24, Z1
	VMOVDQU64 Z1, 512(R12)
	VPORQ Z0, Z25, Z1
	VMOVDQU64 Z1, 576(R12)
	VPORQ Z0, Z26, Z1
	VMOVDQU64 Z1, 640(R12)
	VPORQ Z0, Z27, Z1
	VMOVDQU64 Z1, 704(R12)
	VPORQ Z0, Z28, Z1
	VMOVDQU64 Z1, 768(R12)
	VPORQ Z0, Z29, Z1
	VMOVDQU64 Z1, 832(R12)
	VPORQ Z0, Z30, Z1
	VMOVDQU64 Z1, 896(R12)
	VPORQ Z0, Z31, Z1
	VMOVDQU64 Z1, 960(R12)
	ADDQ $1024, R12
	INCQ R8
	CMPQ R8, R14
	JLT high
	ADDQ $448, SI               // the next piece's seven columns
	ADDQ $8192, DI
	DECQ R10
	JNZ piece
	VZEROUPPER
	RET

// LOOKUP(s, table, x, t, z) ORs into z the entry of the piece of x that starts at bit s+6, in the table
// at DI+table: the entry's offset is that piece times 64, rotated into place and masked in t.
#define LOOKUP(s, table, x, t, z) \
	RORXQ s, x, t \
	ANDQ $0x1FC0, t \
	VPORQ table(DI)(t*1), z, z

// FIRST(off, x, t, z) loads the long word at off(SI), packs its live bits (PEXT by R8) into x, and
// sets z to the entry of its first piece.
#define FIRST(off, x, t, z) \
	MOVQ off(SI), x \
	PEXTQ R8, x, x \
	RORXQ $58, x, t \
	ANDQ $0x1FC0, t \
	VMOVDQU64 (DI)(t*1), z

// PAIR(s1, table1, s2, table2, x, t, u, y1, y2, z) ORs into z the entries of two pieces of x, as
// LOOKUP does, loaded into y1 and y2 and ORed with z by one VPTERNLOGQ: plain loads keep their indexed
// addresses in one instruction each, where an OR from such an address takes two.
#define PAIR(s1, table1, s2, table2, x, t, u, y1, y2, z) \
	RORXQ s1, x, t \
	ANDQ $0x1FC0, t \
	RORXQ s2, x, u \
	ANDQ $0x1FC0, u \
	VMOVDQU64 table1(DI)(t*1), y1 \
	VMOVDQU64 table2(DI)(u*1), y2 \
	VPTERNLOGQ $0xFE, y1, y2, z

// PIECESk(x, t, u, y1, y2, z) ORs into z the entries of x's pieces after the first, up to the kth.
#define PIECES4(x, t, u, y1, y2, z) \
	PAIR($1, 8192, $8, 16384, x, t, u, y1, y2, z) \
	LOOKUP($15, 24576, x, t, z)

#define PIECES5(x, t, u, y1, y2, z) \
	PAIR($1, 8192, $8, 16384, x, t, u, y1, y2, z) \
	PAIR($15, 24576, $22, 32768, x, t, u, y1, y2, z)

#define PIECES6(x, t, u, y1, y2, z) \
	PIECES5(x, t, u, y1, y2, z) \
	LOOKUP($29, 40960, x, t, z)

// TWO(pieces) looks up two long words by pieces, interleaved, adds their clashes to Z1 and Z5, and
// moves on past them.
#define TWO(pieces) \
	FIRST(0, AX, BX, Z0) \
	FIRST(8, R10, DX, Z4) \
	pieces(AX, BX, R12, Z8, Z9, Z0) \
	pieces(R10, DX, R13, Z10, Z11, Z4) \
	VPOPCNTQ Z0, Z0 \
	VPOPCNTQ Z4, Z4 \
	VPADDQ Z0, Z1, Z1 \
	VPADDQ Z4, Z5, Z5 \
	ADDQ $16, SI \
	SUBQ $2, CX

// FOLD(op, z, y, x, ty, tx, r) sets r to z's eight words combined by op (VPADDQ, VPORQ): y and x
// name z's low 256 and 128 bits, ty and tx are scratch.
#define FOLD(op, z, y, x, ty, tx, r) \
	VEXTRACTI64X4 $1, z, ty \
	op ty, y, y \
	VEXTRACTI128 $1, y, tx \
	op tx, x, x \
	VPSHUFD $0x4e, x, tx \
	op tx, x, x \
	VMOVQ x, r

// SUM sets AX to the sum of the eight words of Z1 and Z5, the scans' clashes.
#define SUM \
	VPADDQ Z5, Z1, Z1 \
	FOLD(VPADDQ, Z1, Y1, X1, Y2, X2, AX)

// func scan512(tab *wideTables, large []uint64, pieces int, live uint64) (clashes uint64)
//
// Sums, over the words w of large, the bits set in the OR of tab[k][x>>7k & 127] over the pieces k,
// where x is w's bits under live packed to the bottom (PEXT): the short words each long word clashes
// with, 512 at a time. pieces is 4, 5 or 6 (narrower words use 4, their tables for the pieces above
// all zero). A loop for each, two long words a turn, their lookups interleaved and counted in two
// sums: no branch on pieces in the loop, and half the loop's own instructions.
TEXT ·scan512(SB), NOSPLIT, $0-56
	MOVQ tab+0(FP), DI
	MOVQ large_base+8(FP), SI
	MOVQ large_len+16(FP), CX
	MOVQ pieces+32(FP), R9
	MOVQ live+40(FP), R8
	VPXORQ Z1, Z1, Z1
	VPXORQ Z5, Z5, Z5
	CMPQ R9, $5
	JEQ five
	JGT six
	CMPQ CX, $2
	JLT four1
four2:
	TWO(PIECES4)
	CMPQ CX, $2
	JGE four2
four1:
	TESTQ CX, CX
	JZ done
	FIRST(0, AX, BX, Z0)
	PIECES4(AX, BX, R12, Z8, Z9, Z0)
	JMP last
five:
	CMPQ CX, $2
	JLT five1
five2:
	TWO(PIECES5)
	CMPQ CX, $2
	JGE five2
five1:
	TESTQ CX, CX
	JZ done
	FIRST(0, AX, BX, Z0)
	PIECES5(AX, BX, R12, Z8, Z9, Z0)
	JMP last
six:
	CMPQ CX, $2
	JLT six1
six2:
	TWO(PIECES6)
	CMPQ CX, $2
	JGE six2
six1:
	TESTQ CX, CX
	JZ done
	FIRST(0, AX, BX, Z0)
	PIECES6(AX, BX, R12, Z8, Z9, Z0)
last:
	VPOPCNTQ Z0, Z0
	VPADDQ Z0, Z1, Z1
done:
	SUM
	MOVQ AX, clashes+48(FP)
	VZEROUPPER
	RET

// func compress(dst *uint64, src []uint64, live uint64)
//
// Writes to dst each word of src with its bits under live packed to the bottom (PEXT), four a turn.
TEXT ·compress(SB), NOSPLIT, $0-40
	MOVQ dst+0(FP), DI
	MOVQ src_base+8(FP), SI
	MOVQ src_len+16(FP), CX
	MOVQ live+32(FP), R8
	CMPQ CX, $4
	JLT one
four:
	MOVQ 0(SI), AX
	PEXTQ R8, AX, AX
	MOVQ 8(SI), BX
	PEXTQ R8, BX, BX
	MOVQ 16(SI), DX
	PEXTQ R8, DX, DX
	MOVQ 24(SI), R9
	PEXTQ R8, R9, R9
	MOVQ AX, 0(DI)
	MOVQ BX, 8(DI)
	MOVQ DX, 16(DI)
	MOVQ R9, 24(DI)
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $4, CX
	CMPQ CX, $4
	JGE four
one:
	TESTQ CX, CX
	JZ done
	MOVQ (SI), AX
	PEXTQ R8, AX, AX
	MOVQ AX, (DI)
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JMP one
done:
	RET

// func pairs512(out *uint64, us, ucs, ds, dcs []uint64) (n int)
//
// For each u of us and d of ds with u&d == 0, in that order, writes ucs[i]|dcs[k] to out and returns how
// many it wrote. Eight d at a time: the lanes that fit are packed to the front and the whole vector
// stored, so out needs room for 7 words past the last it keeps.
TEXT ·pairs512(SB), NOSPLIT, $0-112
	MOVQ out+0(FP), DI
	MOVQ DI, R11
	MOVQ us_base+8(FP), R12
	MOVQ us_len+16(FP), R13
	MOVQ ucs_base+32(FP), R14
	MOVQ ds_len+64(FP), R10
	// K2 selects the lanes of the last, partial group of eight.
	MOVQ R10, CX
	ANDQ $7, CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K2
	TESTQ R13, R13
	JZ done
outer:
	VPBROADCASTQ (R12), Z2
	VPBROADCASTQ (R14), Z3
	MOVQ ds_base+56(FP), SI
	MOVQ dcs_base+80(FP), DX
	MOVQ R10, CX
	CMPQ CX, $8
	JLT tail
inner:
	VMOVDQU64 (SI), Z0
	VPTESTNMQ Z0, Z2, K1
	VPORQ (DX), Z3, Z1
	VPCOMPRESSQ Z1, K1, Z1
	VMOVDQU64 Z1, (DI)
	KMOVW K1, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*8), DI
	ADDQ $64, SI
	ADDQ $64, DX
	SUBQ $8, CX
	CMPQ CX, $8
	JGE inner
tail:
	TESTQ CX, CX
	JZ next
	VMOVDQU64.Z (SI), K2, Z0
	VMOVDQU64.Z (DX), K2, Z4
	VPTESTNMQ Z0, Z2, K2, K1
	VPORQ Z4, Z3, Z1
	VPCOMPRESSQ Z1, K1, Z1
	VMOVDQU64 Z1, (DI)
	KMOVW K1, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*8), DI
next:
	ADDQ $8, R12
	ADDQ $8, R14
	DECQ R13
	JNZ outer
done:
	SUBQ R11, DI
	SHRQ $3, DI
	MOVQ DI, n+104(FP)
	VZEROUPPER
	RET

// func partition512(list []uint64, bit uint64, set *uint64) (clear int, orClear, orSet uint64)
//
// partition with AVX-512, eight words at a time: the words without bit are packed to the front of list,
// which never passes the words already read, and those with it to set, then copied back after them.
// set needs room for len(list) words. It returns the OR of the words without bit and of those with it,
// ORed lane by lane into Z5 and Z6 under the masks that pick them.
TEXT ·partition512(SB), NOSPLIT, $0-64
	MOVQ list_base+0(FP), SI
	MOVQ set+32(FP), R8
	MOVQ SI, DI                 // where the next word without bit goes
	MOVQ R8, R9                 // where the next word with it goes
	MOVQ bit+24(FP), CX
	MOVQ $1, BX
	SHLQ CX, BX
	VPBROADCASTQ BX, Z2
	MOVQ list_len+8(FP), CX
	ANDQ $7, CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K3                // the lanes of the last, partial group
	MOVQ list_len+8(FP), CX
	MOVQ SI, R10
	VPXORQ Z5, Z5, Z5
	VPXORQ Z6, Z6, Z6
	CMPQ CX, $8
	JLT tail
loop:
	VMOVDQU64 (R10), Z0
	VPTESTNMQ Z2, Z0, K1        // lanes without bit
	KNOTW K1, K2                // lanes with it
	VPORQ Z0, Z5, K1, Z5
	VPORQ Z0, Z6, K2, Z6
	VPCOMPRESSQ Z0, K1, Z3
	VPCOMPRESSQ Z0, K2, Z4
	VMOVDQU64 Z3, (DI)
	VMOVDQU64 Z4, (R9)
	KMOVW K1, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*8), DI
	NEGQ AX
	LEAQ 64(R9)(AX*8), R9
	ADDQ $64, R10
	SUBQ $8, CX
	CMPQ CX, $8
	JGE loop
tail:
	TESTQ CX, CX
	JZ back
	VMOVDQU64.Z (R10), K3, Z0
	VPTESTNMQ Z2, Z0, K3, K1
	KANDNW K3, K1, K2
	VPORQ Z0, Z5, K1, Z5
	VPORQ Z0, Z6, K2, Z6
	VPCOMPRESSQ Z0, K1, Z3
	VPCOMPRESSQ Z0, K2, Z4
	VMOVDQU64 Z3, K3, (DI)      // within the list: no further than the words of the tail
	VMOVDQU64 Z4, (R9)
	KMOVW K1, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*8), DI
	KMOVW K2, AX
	POPCNTL AX, AX
	LEAQ (R9)(AX*8), R9
back:
	// Copy the words with bit after those without, the last few under a mask so as not to write past
	// the list.
	MOVQ DI, DX
	SUBQ SI, DX
	SHRQ $3, DX
	MOVQ DX, clear+40(FP)
	FOLD(VPORQ, Z5, Y5, X5, Y7, X7, AX)
	MOVQ AX, orClear+48(FP)
	FOLD(VPORQ, Z6, Y6, X6, Y7, X7, AX)
	MOVQ AX, orSet+56(FP)
	MOVQ R9, CX
	SUBQ R8, CX
	SHRQ $3, CX                 // words with bit
	MOVQ R8, R10
	CMPQ CX, $8
	JLT last
copy:
	VMOVDQU64 (R10), Z0
	VMOVDQU64 Z0, (DI)
	ADDQ $64, R10
	ADDQ $64, DI
	SUBQ $8, CX
	CMPQ CX, $8
	JGE copy
last:
	TESTQ CX, CX
	JZ done
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K1
	VMOVDQU64.Z (R10), K1, Z0
	VMOVDQU64 Z0, K1, (DI)
done:
	VZEROUPPER
	RET

// PREPARE8 is prepare512's step for the lanes K3 of Z0.
#define PREPARE8 \
	VPSLLVD Z26, Z0, Z0 \
	VPSRLVD Z25, Z0, Z0 \
	VPTESTNMQ Z31, Z0, K3, K1 \
	VPSRLQ X27, Z0, Z1 \
	VPANDQ Z30, Z1, Z1 \
	VPSRLQ X28, Z0, Z2 \
	VPANDQ Z30, Z2, Z2 \
	VPSLLQ X29, Z2, Z2 \
	VPORQ Z2, Z1, Z1 \
	VPCOMPRESSQ Z0, K1, Z0 \
	VPCOMPRESSQ Z1, K1, Z1 \
	VMOVDQU64 Z0, (DI) \
	VMOVDQU64 Z1, (R12) \
	KMOVW K1, AX \
	POPCNTL AX, AX \
	LEAQ (DI)(AX*8), DI \
	LEAQ (R12)(AX*8), R12

// func prepare512(parts, cross *uint64, src []uint64, shifts *[5]uint64, mask, block uint64) (n int)
//
// For each word x of src, each 32-bit half shifted left then right by its own count (shifts[0] and
// shifts[1] hold the counts of the low and the high half, bits leaving a half lost), and sharing no bit
// with block, in order: writes x to parts and ((x>>shifts[2]) & mask) | ((x>>shifts[3]) & mask)<<shifts[4]
// to cross, and returns how many it wrote: a half's parts of one quarter and their crossing diagonals
// (half). Eight at a time, packed by VPCOMPRESSQ and stored whole: parts and cross need room for 7 words
// past the last kept.
TEXT ·prepare512(SB), NOSPLIT, $0-72
	MOVQ parts+0(FP), DI
	MOVQ DI, R11
	MOVQ cross+8(FP), R12
	MOVQ src_base+16(FP), SI
	MOVQ src_len+24(FP), CX
	MOVQ shifts+40(FP), AX
	VPBROADCASTQ 0(AX), Z26
	VPBROADCASTQ 8(AX), Z25
	VMOVQ 16(AX), X27
	VMOVQ 24(AX), X28
	VMOVQ 32(AX), X29
	VPBROADCASTQ mask+48(FP), Z30
	VPBROADCASTQ block+56(FP), Z31
	MOVQ CX, DX
	ANDQ $7, CX
	MOVQ $1, AX
	SHLQ CX, AX
	DECQ AX
	KMOVW AX, K2                // the lanes of the last, partial group
	MOVQ DX, CX
	KXNORW K3, K3, K3
	CMPQ CX, $8
	JLT tail
loop:
	VMOVDQU64 (SI), Z0
	PREPARE8
	ADDQ $64, SI
	SUBQ $8, CX
	CMPQ CX, $8
	JGE loop
tail:
	TESTQ CX, CX
	JZ done
	VMOVDQU64.Z (SI), K2, Z0
	KMOVW K2, K3
	PREPARE8
done:
	SUBQ R11, DI
	SHRQ $3, DI
	MOVQ DI, n+64(FP)
	VZEROUPPER
	RET

// func or512(list []uint64) (or uint64)
//
// Returns the OR of list's words, eight at a time.
TEXT ·or512(SB), NOSPLIT, $0-32
	MOVQ list_base+0(FP), SI
	MOVQ list_len+8(FP), CX
	VPXORQ Z0, Z0, Z0
	XORQ AX, AX
	CMPQ CX, $8
	JLT tail
loop:
	VPORQ (SI), Z0, Z0
	ADDQ $64, SI
	SUBQ $8, CX
	CMPQ CX, $8
	JGE loop
tail:
	TESTQ CX, CX
	JZ fold
	ORQ (SI), AX
	ADDQ $8, SI
	DECQ CX
	JMP tail
fold:
	FOLD(VPORQ, Z0, Y0, X0, Y1, X1, BX)
	ORQ BX, AX
	MOVQ AX, or+24(FP)
	VZEROUPPER
	RET

// func filter512(dst *uint64, list []uint64, bit uint64) (n int, or uint64)
//
// Writes the words of list without bit to dst, in order, eight at a time, and returns how many and
// their OR: the lanes kept are packed to the front (VPCOMPRESSQ) and the whole vector stored, so dst
// needs room for len(list) words and 7 more.
TEXT ·filter512(SB), NOSPLIT, $0-56
	MOVQ dst+0(FP), DI
	MOVQ DI, R11
	MOVQ list_base+8(FP), SI
	MOVQ list_len+16(FP), CX
	MOVQ bit+32(FP), DX
	MOVQ $1, BX
	SHLXQ DX, BX, BX
	VPBROADCASTQ BX, Z2
	MOVQ CX, DX
	ANDQ $7, DX
	MOVQ $1, AX
	SHLXQ DX, AX, AX
	DECQ AX
	KMOVW AX, K3                // the lanes of the last, partial group
	VPXORQ Z5, Z5, Z5
	CMPQ CX, $8
	JLT tail
loop:
	VMOVDQU64 (SI), Z0
	VPTESTNMQ Z2, Z0, K1        // lanes without bit
	VPORQ Z0, Z5, K1, Z5
	VPCOMPRESSQ Z0, K1, Z3
	VMOVDQU64 Z3, (DI)
	KMOVW K1, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*8), DI
	ADDQ $64, SI
	SUBQ $8, CX
	CMPQ CX, $8
	JGE loop
tail:
	TESTQ CX, CX
	JZ done
	VMOVDQU64.Z (SI), K3, Z0
	VPTESTNMQ Z2, Z0, K3, K1
	VPORQ Z0, Z5, K1, Z5
	VPCOMPRESSQ Z0, K1, Z3
	VMOVDQU64 Z3, (DI)
	KMOVW K1, AX
	POPCNTL AX, AX
	LEAQ (DI)(AX*8), DI
done:
	SUBQ R11, DI
	SHRQ $3, DI
	MOVQ DI, n+40(FP)
	FOLD(VPORQ, Z5, Y5, X5, Y7, X7, AX)
	MOVQ AX, or+48(FP)
	VZEROUPPER
	RET

// FIRST2, PAIR2 and LOOKUP2 are FIRST, PAIR and LOOKUP for two tables, at DI and R11, whose entries
// they OR into Z0 and Z4: each piece's offset is found once for both.
//
// FIRST2(off, x, t) loads the long word at off(SI), packs its live bits (PEXT by R8) into x, and sets
// Z0 and Z4 to the entries of its first piece.
#define FIRST2(off, x, t) \
	MOVQ off(SI), x \
	PEXTQ R8, x, x \
	RORXQ $58, x, t \
	ANDQ $0x1FC0, t \
	VMOVDQU64 (DI)(t*1), Z0 \
	VMOVDQU64 (R11)(t*1), Z4

// PAIR2(s1, table1, s2, table2, x, t, u) ORs into Z0 and Z4 the entries of two pieces of x.
#define PAIR2(s1, table1, s2, table2, x, t, u) \
	RORXQ s1, x, t \
	ANDQ $0x1FC0, t \
	RORXQ s2, x, u \
	ANDQ $0x1FC0, u \
	VMOVDQU64 table1(DI)(t*1), Z8 \
	VMOVDQU64 table2(DI)(u*1), Z9 \
	VPTERNLOGQ $0xFE, Z8, Z9, Z0 \
	VMOVDQU64 table1(R11)(t*1), Z10 \
	VMOVDQU64 table2(R11)(u*1), Z11 \
	VPTERNLOGQ $0xFE, Z10, Z11, Z4

// LOOKUP2(s, table, x, t) ORs into Z0 and Z4 the entries of one piece of x.
#define LOOKUP2(s, table, x, t) \
	RORXQ s, x, t \
	ANDQ $0x1FC0, t \
	VPORQ table(DI)(t*1), Z0, Z0 \
	VPORQ table(R11)(t*1), Z4, Z4

// PIECES2_k(x, t, u) ORs into Z0 and Z4 the entries of x's pieces after the first, up to the kth.
#define PIECES2_4(x, t, u) \
	PAIR2($1, 8192, $8, 16384, x, t, u) \
	LOOKUP2($15, 24576, x, t)

#define PIECES2_5(x, t, u) \
	PAIR2($1, 8192, $8, 16384, x, t, u) \
	PAIR2($15, 24576, $22, 32768, x, t, u)

#define PIECES2_6(x, t, u) \
	PIECES2_5(x, t, u) \
	LOOKUP2($29, 40960, x, t)

// ONE2(pieces) looks up one long word in both tables by pieces, adds its clashes to Z1 and Z5, and
// moves on past it.
#define ONE2(pieces) \
	FIRST2(0, AX, BX) \
	pieces(AX, BX, R12) \
	VPOPCNTQ Z0, Z0 \
	VPOPCNTQ Z4, Z4 \
	VPADDQ Z0, Z1, Z1 \
	VPADDQ Z4, Z5, Z5 \
	ADDQ $8, SI \
	DECQ CX

// func scan1024(tab, tab2 *wideTables, large []uint64, pieces int, live uint64) (clashes uint64)
//
// scan512 over two tables at once: the short words each long word clashes with, 1,024 at a time. Each
// long word is packed and its pieces' offsets found once for both tables, which saves about a fifth
// of the instructions of two scans; one long word a turn, as the two tables' lookups already
// interleave.
TEXT ·scan1024(SB), NOSPLIT, $0-64
	MOVQ tab+0(FP), DI
	MOVQ tab2+8(FP), R11
	MOVQ large_base+16(FP), SI
	MOVQ large_len+24(FP), CX
	MOVQ pieces+40(FP), R9
	MOVQ live+48(FP), R8
	VPXORQ Z1, Z1, Z1
	VPXORQ Z5, Z5, Z5
	TESTQ CX, CX
	JZ done
	CMPQ R9, $5
	JEQ five
	JGT six
four:
	ONE2(PIECES2_4)
	JNZ four
	JMP done
five:
	ONE2(PIECES2_5)
	JNZ five
	JMP done
six:
	ONE2(PIECES2_6)
	JNZ six
done:
	SUM
	MOVQ AX, clashes+56(FP)
	VZEROUPPER
	RET

// The indices of VPERMI2B that gather the bytes of 64 words into planes, a byte of every word each
// (transpose512): planeBytes1 takes bytes 0–3 of two vectors' 16 words, byte p of word u to 16p+u;
// planeBytes2 and 2b the pairs of bytes 0–1 and 2–3 of two of those, 32 words, byte p of word v to
// 32(p mod 2)+v; planeBytes3 and 3b the first and the second byte of two of those, 64 words.
DATA planeBytes1<>+0(SB)/8, $0x3830282018100800
DATA planeBytes1<>+8(SB)/8, $0x7870686058504840
DATA planeBytes1<>+16(SB)/8, $0x3931292119110901
DATA planeBytes1<>+24(SB)/8, $0x7971696159514941
DATA planeBytes1<>+32(SB)/8, $0x3a322a221a120a02
DATA planeBytes1<>+40(SB)/8, $0x7a726a625a524a42
DATA planeBytes1<>+48(SB)/8, $0x3b332b231b130b03
DATA planeBytes1<>+56(SB)/8, $0x7b736b635b534b43
GLOBL planeBytes1<>(SB), RODATA|NOPTR, $64

DATA planeBytes2<>+0(SB)/8, $0x0706050403020100
DATA planeBytes2<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA planeBytes2<>+16(SB)/8, $0x4746454443424140
DATA planeBytes2<>+24(SB)/8, $0x4f4e4d4c4b4a4948
DATA planeBytes2<>+32(SB)/8, $0x1716151413121110
DATA planeBytes2<>+40(SB)/8, $0x1f1e1d1c1b1a1918
DATA planeBytes2<>+48(SB)/8, $0x5756555453525150
DATA planeBytes2<>+56(SB)/8, $0x5f5e5d5c5b5a5958
GLOBL planeBytes2<>(SB), RODATA|NOPTR, $64

DATA planeBytes2b<>+0(SB)/8, $0x2726252423222120
DATA planeBytes2b<>+8(SB)/8, $0x2f2e2d2c2b2a2928
DATA planeBytes2b<>+16(SB)/8, $0x6766656463626160
DATA planeBytes2b<>+24(SB)/8, $0x6f6e6d6c6b6a6968
DATA planeBytes2b<>+32(SB)/8, $0x3736353433323130
DATA planeBytes2b<>+40(SB)/8, $0x3f3e3d3c3b3a3938
DATA planeBytes2b<>+48(SB)/8, $0x7776757473727170
DATA planeBytes2b<>+56(SB)/8, $0x7f7e7d7c7b7a7978
GLOBL planeBytes2b<>(SB), RODATA|NOPTR, $64

DATA planeBytes3<>+0(SB)/8, $0x0706050403020100
DATA planeBytes3<>+8(SB)/8, $0x0f0e0d0c0b0a0908
DATA planeBytes3<>+16(SB)/8, $0x1716151413121110
DATA planeBytes3<>+24(SB)/8, $0x1f1e1d1c1b1a1918
DATA planeBytes3<>+32(SB)/8, $0x4746454443424140
DATA planeBytes3<>+40(SB)/8, $0x4f4e4d4c4b4a4948
DATA planeBytes3<>+48(SB)/8, $0x5756555453525150
DATA planeBytes3<>+56(SB)/8, $0x5f5e5d5c5b5a5958
GLOBL planeBytes3<>(SB), RODATA|NOPTR, $64

DATA planeBytes3b<>+0(SB)/8, $0x2726252423222120
DATA planeBytes3b<>+8(SB)/8, $0x2f2e2d2c2b2a2928
DATA planeBytes3b<>+16(SB)/8, $0x3736353433323130
DATA planeBytes3b<>+24(SB)/8, $0x3f3e3d3c3b3a3938
DATA planeBytes3b<>+32(SB)/8, $0x6766656463626160
DATA planeBytes3b<>+40(SB)/8, $0x6f6e6d6c6b6a6968
DATA planeBytes3b<>+48(SB)/8, $0x7776757473727170
DATA planeBytes3b<>+56(SB)/8, $0x7f7e7d7c7b7a7978
GLOBL planeBytes3b<>(SB), RODATA|NOPTR, $64

// PLANES sets Z4–Z7 to the planes of bytes 0–3 of the 64 words in Z8–Z15: byte i of plane p is byte
// p of word i. Z0–Z3 are scratch. Z16–Z20 hold planeBytes1, 2, 2b, 3 and 3b; VPERMI2B overwrites its
// indices, so each is copied first.
#define PLANES \
	VMOVDQA64 Z16, Z4 \
	VPERMI2B Z9, Z8, Z4 \
	VMOVDQA64 Z16, Z5 \
	VPERMI2B Z11, Z10, Z5 \
	VMOVDQA64 Z16, Z6 \
	VPERMI2B Z13, Z12, Z6 \
	VMOVDQA64 Z16, Z7 \
	VPERMI2B Z15, Z14, Z7 \
	VMOVDQA64 Z17, Z0 \
	VPERMI2B Z5, Z4, Z0 \
	VMOVDQA64 Z18, Z1 \
	VPERMI2B Z5, Z4, Z1 \
	VMOVDQA64 Z17, Z2 \
	VPERMI2B Z7, Z6, Z2 \
	VMOVDQA64 Z18, Z3 \
	VPERMI2B Z7, Z6, Z3 \
	VMOVDQA64 Z19, Z4 \
	VPERMI2B Z2, Z0, Z4 \
	VMOVDQA64 Z20, Z5 \
	VPERMI2B Z2, Z0, Z5 \
	VMOVDQA64 Z19, Z6 \
	VPERMI2B Z3, Z1, Z6 \
	VMOVDQA64 Z20, Z7 \
	VPERMI2B Z3, Z1, Z7

// PLANE(z, off) stores the bits of plane z: bit j of each byte, tested by Z21+j, to off+64j(R12).
#define PLANE(z, off) \
	VPTESTMB Z21, z, K1 \
	KMOVQ K1, off(R12) \
	VPTESTMB Z22, z, K1 \
	KMOVQ K1, off+64(R12) \
	VPTESTMB Z23, z, K1 \
	KMOVQ K1, off+128(R12) \
	VPTESTMB Z24, z, K1 \
	KMOVQ K1, off+192(R12) \
	VPTESTMB Z25, z, K1 \
	KMOVQ K1, off+256(R12) \
	VPTESTMB Z26, z, K1 \
	KMOVQ K1, off+320(R12) \
	VPTESTMB Z27, z, K1 \
	KMOVQ K1, off+384(R12) \
	VPTESTMB Z28, z, K1 \
	KMOVQ K1, off+448(R12)

// func transpose512(cols *columns, words *[512]uint64, blocks, bytes int)
//
// Sets bit i of cols[b][k] to bit b of words[64k+i], for the first blocks blocks of 64 words and the
// first 8*bytes bits (at most 48). For each block, VPERMI2B gathers the words' bytes into planes, a
// byte of every word each, in three rounds of four (PLANES), and VPTESTMB picks each bit of a plane's
// bytes, 64 words' bit b in a mask stored whole as cols[b][k] (PLANE).
TEXT ·transpose512(SB), NOSPLIT, $0-32
	MOVQ cols+0(FP), DI
	MOVQ words+8(FP), SI
	MOVQ blocks+16(FP), R8
	MOVQ bytes+24(FP), R9
	TESTQ R8, R8
	JZ done
	TESTQ R9, R9
	JZ done
	VMOVDQU64 planeBytes1<>(SB), Z16
	VMOVDQU64 planeBytes2<>(SB), Z17
	VMOVDQU64 planeBytes2b<>(SB), Z18
	VMOVDQU64 planeBytes3<>(SB), Z19
	VMOVDQU64 planeBytes3b<>(SB), Z20
	MOVQ $0x0101010101010101, AX
	VPBROADCASTQ AX, Z21
	VPADDB Z21, Z21, Z22
	VPADDB Z22, Z22, Z23
	VPADDB Z23, Z23, Z24
	VPADDB Z24, Z24, Z25
	VPADDB Z25, Z25, Z26
	VPADDB Z26, Z26, Z27
	VPADDB Z27, Z27, Z28
	MOVQ DI, R12                // &cols[0][k]
block:
	VMOVDQU64 0(SI), Z8
	VMOVDQU64 64(SI), Z9
	VMOVDQU64 128(SI), Z10
	VMOVDQU64 192(SI), Z11
	VMOVDQU64 256(SI), Z12
	VMOVDQU64 320(SI), Z13
	VMOVDQU64 384(SI), Z14
	VMOVDQU64 448(SI), Z15
	PLANES
	PLANE(Z4, 0)
	CMPQ R9, $1
	JEQ next
	PLANE(Z5, 512)
	CMPQ R9, $2
	JEQ next
	PLANE(Z6, 1024)
	CMPQ R9, $3
	JEQ next
	PLANE(Z7, 1536)
	CMPQ R9, $4
	JEQ next
	// Bytes 4–7: the same of the words' high halves.
	VPSRLQ $32, Z8, Z8
	VPSRLQ $32, Z9, Z9
	VPSRLQ $32, Z10, Z10
	VPSRLQ $32, Z11, Z11
	VPSRLQ $32, Z12, Z12
	VPSRLQ $32, Z13, Z13
	VPSRLQ $32, Z14, Z14
	VPSRLQ $32, Z15, Z15
	PLANES
	PLANE(Z4, 2048)
	CMPQ R9, $5
	JEQ next
	PLANE(Z5, 2560)
next:
	ADDQ $512, SI
	ADDQ $8, R12
	DECQ R8
	JNZ block
done:
	VZEROUPPER
	RET
