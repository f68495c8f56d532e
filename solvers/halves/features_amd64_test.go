package halves

import "testing"

// TestWideFeatures holds the wide join's CPUID check to processors' leaf-7 bits: it must refuse any
// processor that lacks one extension the assembly uses, since that would fault rather than count wrong.
func TestWideFeatures(t *testing.T) {
	const (
		bmi1, bmi2, f, bw, vl = 1 << 3, 1 << 8, 1 << 16, 1 << 30, 1 << 31
		vbmi, popcntdq        = 1 << 1, 1 << 14
		allB, allC            = bmi1 | bmi2 | f | bw | vl, vbmi | popcntdq
	)
	for _, tc := range []struct {
		name     string
		ebx, ecx uint32
		want     bool
	}{
		{"Ice Lake, Zen 4: everything", allB, allC, true},
		{"Skylake-X: no VPOPCNTDQ, no VBMI", allB, 0, false},
		{"Knights Mill: VPOPCNTDQ without VBMI, BW or VL", bmi1 | bmi2 | f, popcntdq, false},
		{"VBMI and VPOPCNTDQ without BW", bmi1 | bmi2 | f | vl, allC, false},
		{"without VL", bmi1 | bmi2 | f | bw, allC, false},
		{"Cannon Lake: VBMI without VPOPCNTDQ", allB, vbmi, false},
		{"no AVX-512F", bmi1 | bmi2 | bw | vl, allC, false},
		{"no BMI2", bmi1 | f | bw | vl, allC, false},
		{"no BMI1", bmi2 | f | bw | vl, allC, false},
		{"every other bit set too", ^uint32(0), ^uint32(0), true},
	} {
		if got := wideFeatures(tc.ebx, tc.ecx); got != tc.want {
			t.Errorf("%s: wideFeatures(%#x, %#x) = %v, want %v", tc.name, tc.ebx, tc.ecx, got, tc.want)
		}
	}
	if hasAVX512() {
		t.Log("this processor runs the wide join")
	} else {
		t.Log("this processor runs the portable join")
	}
}
