package codec_test

import (
	"fmt"

	"github.com/queens-dev/queens/codec"
)

// A puzz.link Star Battle URL read as a model, and written back as a grid of letters and as a level JSON.
func ExampleParseURL() {
	m, err := codec.ParseURL("https://puzz.link/p?starbattle/5/5/1/k31gcom3")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m)
	grid, _ := codec.FormatGrid(m)
	fmt.Print(string(grid))
	level, _ := codec.FormatLevel(m)
	fmt.Print(string(level))
	// Output:
	// 5×5, 5 queens, attacks king, 5 regions, each row=1,column=1,region=1
	// ABBAA
	// AAAAA
	// CDAAA
	// DDDEA
	// DDDDD
	// {"size":5,"colorRegions":[["A","B","B","A","A"],["A","A","A","A","A"],["C","D","A","A","A"],["D","D","D","E","A"],["D","D","D","D","D"]]}
}
