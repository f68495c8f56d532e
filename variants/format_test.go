package variants_test

import (
	"os"
	"reflect"
	"testing"

	"github.com/queens-dev/queens/variants"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		file, want, reason string
	}{
		{"minimal.yaml", "name: minimal\nboard: 8\nattacks: [row, column, diagonal, anti-diagonal]\n",
			"the name from the file name is written; attacks are spelled out"},
		{"full.yaml", `name: full-example
description: |
  A 6×8 board with two blocked cells and one fixed queen.
  Written by hand for the loader's tests.
board: {rows: 6, cols: 8}
queens: 6
attacks: [row, column, diagonal, anti-diagonal, knight]
blocked: [[0, 0], [5, 7]]
fixed: [[2, 3]]
expect: {count: 0, unique: 0, satisfiable: false}
`, "every key; wrap: false is the default and left out"},
		{"no-attacks.yaml", "name: free\nboard: {rows: 2, cols: 3}\nqueens: 3\nattacks: []\nexpect: {count: 20}\n",
			"no attack at all is written as [], not left out"},
		{"torus-rooks.yaml", "name: torus-rooks\nboard: 5\nattacks: [row, column]\nwrap: true\nfixed: [[4, 4]]\nexpect: {satisfiable: true}\n",
			"kinds in the schema's order; no blocked cells, no blocked key"},
	}
	fsys := os.DirFS(goodDir)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			v, err := variants.LoadFS(fsys, tt.file)
			if err != nil {
				t.Fatal(err)
			}
			out, err := variants.Format(v)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.want {
				t.Errorf("Format:\n%s\nwant:\n%s\n(%s)", out, tt.want, tt.reason)
			}
			back, err := variants.Parse(tt.file, out)
			if err != nil {
				t.Fatalf("Parse(Format): %v", err)
			}
			if !reflect.DeepEqual(back, v) {
				t.Errorf("round trip:\n got %#v\nwant %#v", back, v)
			}
		})
	}
}
