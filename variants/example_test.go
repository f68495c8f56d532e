package variants_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/queens-dev/queens/variants"
)

func ExampleParse() {
	file := []byte(`name: superqueens-10
description: queens that also leap like a knight
board: 10
attacks: [row, column, diagonal, anti-diagonal, knight]
expect: {count: 4, unique: 1}
`)
	v, err := variants.Parse("superqueens-10.yaml", file)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Name)
	fmt.Println(v.Model)
	fmt.Println(v.Expect)

	_, err = variants.Parse("typo.yaml", []byte("board: 10\nattacks: [row, column, knigt]\n"))
	fmt.Println(err)
	// Output:
	// superqueens-10
	// 10×10, 10 queens, attacks row,column,diagonal,anti-diagonal,knight
	// count 4, unique 1
	// typo.yaml:2:24: attacks: unknown attack "knigt" (did you mean knight?)
}

func ExampleFormat() {
	v, err := variants.Parse("rect.yaml", []byte("board: {rows: 4, cols: 5}\nblocked: [[0, 0]]\nexpect: {count: 8}\n"))
	if err != nil {
		fmt.Println(err)
		return
	}
	out, err := variants.Format(v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(out))
	// Output:
	// name: rect
	// board: {rows: 4, cols: 5}
	// attacks: [row, column, diagonal, anti-diagonal]
	// blocked: [[0, 0]]
	// expect: {count: 8}
}

// Load reads a variant file: here a LinkedIn-style puzzle written to a file, with its regions as a block of
// letters, one line per row.
func ExampleLoad() {
	dir, err := os.MkdirTemp("", "example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "linkedin-5.yaml")
	os.WriteFile(path, []byte(`name: linkedin-5
board: 5
attacks: [king]
regions: |
  AABBB
  AABCB
  DDDCC
  DEEEC
  DDEEE
each: {row: 1, column: 1, region: 1}
`), 0o644)
	v, err := variants.Load(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Name)
	fmt.Println(v.Model)
	fmt.Println(v.Model.Regions.Count(), "regions:", v.Model.Regions)
	// Output:
	// linkedin-5
	// 5×5, 5 queens, attacks king, 5 regions, each row=1,column=1,region=1
	// 5 regions: AABBB/AABCB/DDDCC/DEEEC/DDEEE
}

func ExampleBuiltin() {
	v, err := variants.Builtin("classic-8") // as the queens command finds it: classic-08
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Name, v.Model, v.Expect)

	_, err = variants.Builtin("superqueen-10")
	fmt.Println(err)
	// Output:
	// classic-08 8×8, 8 queens, attacks row,column,diagonal,anti-diagonal count 92, unique 12
	// variants: no built-in variant "superqueen-10" (did you mean superqueens-10?)
}
