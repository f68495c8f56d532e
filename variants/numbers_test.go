package variants

import (
	"strings"
	"testing"
)

// TestLeadingZero refuses numbers written with a leading zero wherever they stand: yaml.v3 read
// board: 010 as 8 (octal, as YAML 1.1), where YAML 1.2 and a reader of the file see 10.
func TestLeadingZero(t *testing.T) {
	tests := []struct {
		text, err string
	}{
		{"board: 010\n", "x.yaml:1:8: board: 010: a number with a leading zero, which YAML readers take for octal or for decimal: write 10"},
		{"board: 08\n", "x.yaml:1:8: board: 08: a number with a leading zero"},
		{"board: {rows: 8, cols: 010}\n", "x.yaml:1:24: cols: 010: a number with a leading zero"},
		{"board: 8\nblocked: [[0, 07]]\n", "x.yaml:2:15: blocked: 07: a number with a leading zero, which YAML readers take for octal or for decimal: write 7"},
		{"board: 8\nexpect: {count: 092}\n", "x.yaml:2:17: count: 092: a number with a leading zero"},
		{"board: 8\nqueens: -007\n", "write -7"},
		{"board: 8\nqueens: 0_7\n", "write 7"},
		{"board: 0x8\n", ""},
		{"board: 0o10\n", ""},
		{"board: 8\nname: \"010\"\n", ""},
		{"board: 8\ndescription: 010\n", "description: 010: a number with a leading zero"},
	}
	for _, tt := range tests {
		v, err := Parse("x.yaml", []byte(tt.text))
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%q: %v", tt.text, err)
		case tt.err == "" && v.Model.Rows != 8:
			t.Errorf("%q: %d rows, want 8", tt.text, v.Model.Rows)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%q: %v, want %q", tt.text, err, tt.err)
		}
	}
}
