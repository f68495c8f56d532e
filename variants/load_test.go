package variants_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/variants"
)

const (
	badDir  = "../testdata/variants/bad"
	goodDir = "../testdata/variants/good"
)

// TestParseBad loads each broken file in testdata/variants/bad through LoadFS, so the file is named by its
// base name alone, and holds the whole error text.
func TestParseBad(t *testing.T) {
	tests := []struct {
		file, want, reason string
	}{
		{"alias.yaml", `alias.yaml:2:9: alias *side: a variant file does not use anchors and aliases`,
			"an alias is refused where it is used"},
		{"attack-twice.yaml", `attack-twice.yaml:2:24: attack "row" named twice (first at line 2, column 11)`,
			"a kind named twice is a typo more likely than intent"},
		{"attacks-too-many.yaml", `attacks-too-many.yaml:2:10: attacks: 65 names: at most 64 riders and leapers in all`,
			"a list longer than the bound is refused before its names are compared with each other (60,000 once took 120 s)"},
		{"attack-unknown.yaml", `attack-unknown.yaml:2:24: attacks: unknown attack "knigt" (did you mean knight?)`,
			"a misspelt kind is an error, not ignored"},
		{"attacks-scalar.yaml", `attacks-scalar.yaml:2:10: attacks: want a list of kinds such as [row, column], got string "queen"`,
			"attacks is a list, even of one kind"},
		{"blocked-leave-too-few.yaml", `blocked-leave-too-few.yaml:2:10: blocked: 7 blocked cells leave 2 free, fewer than the 3 queens of a solution`,
			"with queens left to the default, too many blocked cells are the fault"},
		{"board-missing-cols.yaml", `board-missing-cols.yaml:1:8: board: missing cols (want {rows: R, cols: C})`,
			"a board mapping needs both sides"},
		{"board-not-int.yaml", `board-not-int.yaml:1:8: board: want a side N or {rows: R, cols: C}, got string "eight"`,
			"a wrong type names the type it got"},
		{"board-too-large.yaml", `board-too-large.yaml:1:8: board: 20000000 is out of range (want 1 to 10000000)`,
			"sides above constraints.MaxSide are refused"},
		{"board-zero-rows.yaml", `board-zero-rows.yaml:1:15: board rows: 0 is out of range (want 1 to 10000000)`,
			"the error points at the rows value inside the board mapping"},
		{"cell-negative.yaml", `cell-negative.yaml:2:10: fixed cell row: want a non-negative integer, got -1`,
			"cells are 0-based; a negative row is wrong, not off by one"},
		{"cell-off-board.yaml", `cell-off-board.yaml:2:19: blocked: cell [4, 0] is off the 4×6 board (rows 0 to 3, columns 0 to 5)`,
			"row 4 is one past the last row of a 4-row board; the error points at the second cell"},
		{"cell-three-numbers.yaml", `cell-three-numbers.yaml:2:11: blocked: want a cell [row, col], got a list of 3 items`,
			"a cell is exactly two numbers"},
		{"cell-twice.yaml", `cell-twice.yaml:5:5: blocked: cell [0, 0] named twice (first at line 3, column 5)`,
			"a duplicate cell names both places, in block style"},
		{"comments-only.yaml", `comments-only.yaml:1:1: no yaml document, only comments (want a mapping with at least a board)`,
			"a file of comments has no board"},
		{"control-char.yaml", `control-char.yaml:2:20: invalid yaml: control character U+0007`,
			"yaml.v3 rejects control characters without a place; the loader finds it"},
		{"duplicate-expect-key.yaml", `duplicate-expect-key.yaml:2:21: expect: duplicate key "count" (first at line 2, column 10)`,
			"duplicate keys are caught inside expect too"},
		{"duplicate-key.yaml", `duplicate-key.yaml:3:1: duplicate key "board" (first at line 1, column 1)`,
			"yaml.v3 keeps both keys in a node tree; the loader must refuse the second"},
		{"empty-document.yaml", `empty-document.yaml:1:1: empty document (want a mapping with at least a board)`,
			"a document marker with nothing after it"},
		{"empty.yaml", `empty.yaml:1:1: empty file (want a mapping with at least a board)`,
			"a file of no bytes"},
		{"expect-negative.yaml", `expect-negative.yaml:2:17: expect count: want a non-negative integer, got -92`,
			"counts are never negative"},
		{"fixed-attack.yaml", `fixed-attack.yaml:2:17: fixed: queens [0, 0] and [3, 3] attack each other (diagonal)`,
			"two fixed queens on a diagonal; the error points at the second and names the kind"},
		{"fixed-knight.yaml", `fixed-knight.yaml:3:17: fixed: queens [0, 0] and [2, 1] attack each other (knight)`,
			"a knight's leap counts as an attack when knight is in force"},
		{"fixed-more-than-queens.yaml", `fixed-more-than-queens.yaml:3:8: fixed: 3 queens, more than the 2 queens of a solution`,
			"fixed queens are part of the solution, so no more of them than queens"},
		{"fixed-on-blocked.yaml", `fixed-on-blocked.yaml:3:17: fixed: queen [2, 3] stands on a blocked cell (blocked at line 2, column 11)`,
			"a fixed queen and a blocked cell on one square contradict each other"},
		{"missing-board.yaml", `missing-board.yaml:1:1: missing board (want board: N or board: {rows: R, cols: C})`,
			"board is the one required key"},
		{"name-empty.yaml", `name-empty.yaml:1:7: name: empty (leave the key out to use the file's name)`,
			"a blank name is refused rather than replaced"},
		{"name-not-string.yaml", `name-not-string.yaml:1:7: name: want a string, got a list of 2 items`,
			"name is a string"},
		{"not-utf8.yaml", `not-utf8.yaml:1:10: invalid yaml: byte 0xe9 is not utf-8 (a variant file is utf-8 text)`,
			"a Latin-1 é; the loader says where"},
		{"queens-list.yaml", `queens-list.yaml:2:9: queens: want a positive integer, got a list of 1 item`,
			"queens is a number"},
		{"queens-more-than-free.yaml", `queens-more-than-free.yaml:2:9: queens: 4 is more than the 3 free cells of the 3×3 board`,
			"more queens than free cells can never be placed"},
		{"queens-zero.yaml", `queens-zero.yaml:2:9: queens: 0 is out of range (want at least 1)`,
			"0 means the default in a Model, but a file says the default by leaving the key out"},
		{"syntax-indent.yaml", `syntax-indent.yaml:2: invalid yaml: mapping values are not allowed in this context`,
			"a scanner error: yaml.v3 gives the line, no column"},
		{"syntax-tab.yaml", `syntax-tab.yaml:1: invalid yaml: found character that cannot start any token`,
			"yaml.v3 leaves out the line of faults on line 1; the loader puts it back"},
		{"syntax-unclosed.yaml", `syntax-unclosed.yaml:2: invalid yaml: did not find expected ',' or ']'`,
			"a parser error: yaml.v3 counts its lines from 0; line 2 is where the list opens"},
		{"top-list.yaml", `top-list.yaml:1:1: want a mapping of keys such as board: 8, got a list of 1 item`,
			"the top of a file is a mapping"},
		{"two-documents.yaml", `two-documents.yaml:2:1: a second document (a variant file holds one; remove the ---)`,
			"one file, one variant"},
		{"unique-more-than-count.yaml", `unique-more-than-count.yaml:2:29: expect: unique 92 is more than count 12`,
			"count and unique swapped"},
		{"unknown-alias.yaml", `unknown-alias.yaml:2:9: alias *side: a variant file does not use anchors and aliases`,
			"yaml.v3 reports an unknown anchor with no place; the loader finds it"},
		{"unknown-board-key.yaml", `unknown-board-key.yaml:1:27: board: unknown key "depth" (want rows or cols)`,
			"unknown keys are refused inside board"},
		{"unknown-expect-key.yaml", `unknown-expect-key.yaml:4:3: expect: unknown key "solutions" (want count, unique or satisfiable)`,
			"unknown keys are refused inside expect"},
		{"unknown-key.yaml", `unknown-key.yaml:3:1: unknown key "qeens" (did you mean queens?)`,
			"a misspelt key is never read as the default"},
		{"unsat-with-count.yaml", `unsat-with-count.yaml:2:34: expect: satisfiable false but count 92`,
			"an expectation that contradicts itself"},
		{"wrap-yes.yaml", `wrap-yes.yaml:2:7: wrap: unknown surface "yes" (want flat, torus, cylinder, mobius, klein)`,
			"YAML 1.2 reads yes as a string; the loader does not guess"},
		{"wrap-typo.yaml", `wrap-typo.yaml:2:7: wrap: unknown surface "mobeus" (did you mean mobius?)`,
			"a misspelt surface is named with its likely meaning"},
		{"wrap-list.yaml", `wrap-list.yaml:2:7: wrap: want true, false or a surface (torus, cylinder, mobius, klein), got a list of 1 item`,
			"a surface is one word"},
		{"each-unknown-key.yaml", `each-unknown-key.yaml:2:8: each: unknown key "colums" (did you mean column?)`,
			"a misspelt kind of line, with its likely meaning"},
		{"each-key-twice.yaml", `each-key-twice.yaml:2:16: each: row named twice (first at line 2, column 8)`,
			"an alias names the same kind"},
		{"each-range-upside-down.yaml", `each-range-upside-down.yaml:2:13: each row: range "3..2": 3 is more than 2, so no count meets it`,
			"a range no count meets"},
		{"each-list.yaml", `each-list.yaml:2:16: each column: want a count such as 2, "<=2" or "1..2", got a list of 2 items`,
			"a range is one value"},
		{"each-line-exact.yaml", `each-line-exact.yaml:2:7: each line=2: a line quota says at most how many (line=<=2): every straight line through two cells would need a queen`,
			"an exact count on every line through two cells"},
		{"each-line-torus.yaml", `each-line-torus.yaml:4:7: each line=<=2: lines of every slope are drawn on a flat board, not on a torus`,
			"lines of every slope are a flat board's"},
		{"each-diagonal-short.yaml", `each-diagonal-short.yaml:5:7: each diagonal=2: the diagonal through r0c3 has only 1 free cell`,
			"the corner diagonals of a flat board hold one cell: no count of two meets them"},
	}
	fsys := os.DirFS(badDir)
	files, err := filepath.Glob(filepath.Join(badDir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no files in %s: the test would pass without reading one", badDir)
	}
	tested := map[string]bool{}
	for _, tt := range tests {
		tested[tt.file] = true
		t.Run(tt.file, func(t *testing.T) {
			v, err := variants.LoadFS(fsys, tt.file)
			if err == nil {
				t.Fatalf("loaded %+v, want error %s\n(%s)", v.Model, tt.want, tt.reason)
			}
			if got := err.Error(); got != tt.want {
				t.Errorf("error\n got %s\nwant %s\n(%s)", got, tt.want, tt.reason)
			}
			var e *variants.Error
			if !errors.As(err, &e) || e.File != tt.file || e.Line < 1 {
				t.Errorf("error %#v: want an *Error naming %s with a line", err, tt.file)
			}
			// Parse of the same bytes says the same.
			data, _ := os.ReadFile(filepath.Join(badDir, tt.file))
			if _, err := variants.Parse(tt.file, data); err == nil || err.Error() != tt.want {
				t.Errorf("Parse: %v, want %s", err, tt.want)
			}
		})
	}
	for _, f := range files {
		if !tested[filepath.Base(f)] {
			t.Errorf("%s has no case in the table", f)
		}
	}
}

// TestLoadNames checks how each way in names the file in errors and in Source.
func TestLoadNames(t *testing.T) {
	tests := []struct {
		name   string
		load   func() (variants.Variant, error)
		source string
		reason string
	}{
		{"Load", func() (variants.Variant, error) { return variants.Load(badDir + "/unknown-key.yaml") },
			"../testdata/variants/bad/unknown-key.yaml", "Load names the file by the path as given"},
		{"LoadFS", func() (variants.Variant, error) {
			return variants.LoadFS(os.DirFS("../testdata"), "variants/bad/unknown-key.yaml")
		},
			"variants/bad/unknown-key.yaml", "LoadFS names the file by its name in the file system"},
		{"Parse", func() (variants.Variant, error) {
			data, err := os.ReadFile(badDir + "/unknown-key.yaml")
			if err != nil {
				t.Fatal(err)
			}
			return variants.Parse("board.yaml", data)
		}, "board.yaml", "Parse names the file by the name it is given"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.load()
			want := tt.source + `:3:1: unknown key "qeens" (did you mean queens?)`
			if err == nil || err.Error() != want {
				t.Errorf("error\n got %v\nwant %s\n(%s)", err, want, tt.reason)
			}
		})
	}
	if _, err := variants.Load(badDir + "/no-such-file.yaml"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Load of a missing file: %v, want an error wrapping os.ErrNotExist", err)
	}
	v, err := variants.Load(goodDir + "/minimal.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if v.Source != goodDir+"/minimal.yaml" || v.Name != "minimal" {
		t.Errorf("Load: Source %q, Name %q; want the path as given and the base name", v.Source, v.Name)
	}
}

func u64(u uint64) *uint64 { return &u }
func yes(b bool) *bool     { return &b }

// TestLoadGood loads each file in testdata/variants/good and compares the whole Variant.
func TestLoadGood(t *testing.T) {
	tests := []struct {
		file   string
		want   variants.Variant
		reason string
	}{
		{"minimal.yaml", variants.Variant{Name: "minimal", Model: constraints.Classic(8)},
			"only board: the name comes from the file, attacks default to the queen's, queens stays 0"},
		{"full.yaml", variants.Variant{
			Name:        "full-example",
			Description: "A 6×8 board with two blocked cells and one fixed queen.\nWritten by hand for the loader's tests.\n",
			Model: constraints.Model{Rows: 6, Cols: 8, Queens: 6, Attack: constraints.Superqueen,
				Blocked: []constraints.Cell{{Row: 0, Col: 0}, {Row: 5, Col: 7}}, Fixed: []constraints.Cell{{Row: 2, Col: 3}}},
			Expect: variants.Expect{Count: u64(0), Unique: u64(0), Satisfiable: yes(false)},
		}, "every key, block style, a literal description, a rectangle, all five kinds"},
		{"no-attacks.yaml", variants.Variant{Name: "free",
			Model:  constraints.Model{Rows: 2, Cols: 3, Queens: 3, Attack: constraints.Attack{}},
			Expect: variants.Expect{Count: u64(20)},
		}, "attacks: [] is no attack at all, not the default; queens may exceed min(rows, cols)"},
		{"torus-rooks.yaml", variants.Variant{Name: "torus-rooks",
			Model:  constraints.Model{Rows: 5, Cols: 5, Attack: constraints.Union(constraints.Row, constraints.Column), Surface: constraints.Torus, Fixed: []constraints.Cell{{Row: 4, Col: 4}}},
			Expect: variants.Expect{Satisfiable: yes(true)},
		}, "kinds in any order; blocked: [] is no cells, kept as nil"},
		{"crlf.yaml", variants.Variant{Name: "crlf", Model: constraints.Classic(8), Expect: variants.Expect{Count: u64(92), Unique: u64(12)}},
			"CRLF line ends, and a side written in hex"},
		{"bom.yaml", variants.Variant{Name: "bom", Model: constraints.Classic(1), Expect: variants.Expect{Count: u64(1), Unique: u64(1), Satisfiable: yes(true)}},
			"a UTF-8 byte order mark is allowed"},
	}
	fsys := os.DirFS(goodDir)
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			got, err := variants.LoadFS(fsys, tt.file)
			if err != nil {
				t.Fatalf("%v\n(%s)", err, tt.reason)
			}
			tt.want.Source = tt.file
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %#v (expect %s)\nwant %#v (expect %s)\n(%s)", got, got.Expect, tt.want, tt.want.Expect, tt.reason)
			}
			if err := got.Model.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}

	all, err := variants.LoadDir(goodDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != len(tests) {
		t.Errorf("LoadDir: %d variants, want %d (a good file without a case?)", len(all), len(tests))
	}
}

func TestLoadDir(t *testing.T) {
	vs, err := variants.LoadDir(badDir)
	if len(vs) != 0 || err == nil {
		t.Fatalf("LoadDir(bad): %d variants, error %v; want none and an error", len(vs), err)
	}
	files, _ := filepath.Glob(filepath.Join(badDir, "*.yaml"))
	if n := strings.Count(err.Error(), "\n") + 1; n != len(files) {
		t.Errorf("LoadDir(bad): %d errors, want one per file (%d)", n, len(files))
	}
	want := filepath.Join(badDir, "alias.yaml") + ":2:9: "
	if !strings.HasPrefix(err.Error(), want) {
		t.Errorf("LoadDir(bad): first error %q, want it to start %q: files in Sort order, named by path", strings.SplitN(err.Error(), "\n", 2)[0], want)
	}
	if _, err := variants.LoadDir(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no .yaml or .yml files") {
		t.Errorf("LoadDir(empty folder): %v, want an error", err)
	}
}

func TestSort(t *testing.T) {
	tests := []struct {
		in, want []string
		reason   string
	}{
		{[]string{"rooks-10.yaml", "rooks-9.yaml", "rooks-5.yaml"}, []string{"rooks-5.yaml", "rooks-9.yaml", "rooks-10.yaml"},
			"digits compare as numbers"},
		{[]string{"classic-08.yaml", "classic-8.yaml", "classic-7.yaml"}, []string{"classic-7.yaml", "classic-08.yaml", "classic-8.yaml"},
			"equal numbers fall back to string order"},
		{[]string{"b", "a10b", "a10a", "a2"}, []string{"a2", "a10a", "a10b", "b"},
			"text after a number decides between equal numbers"},
	}
	for _, tt := range tests {
		got := slices.Clone(tt.in)
		variants.Sort(got)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Sort(%q) = %q, want %q (%s)", tt.in, got, tt.want, tt.reason)
		}
	}
}

// TestParseLongAttackList: 60,000 distinct leapers are refused by their number, as the list stands; the
// error is the one of a list one name too long.
func TestParseLongAttackList(t *testing.T) {
	var b strings.Builder
	b.WriteString("board: 8\nattacks: [")
	for i := range 60000 {
		fmt.Fprintf(&b, "\"leap(%d,%d)\", ", i+1, i+4)
	}
	b.WriteString("]\n")
	_, err := variants.Parse("long.yaml", []byte(b.String()))
	if want := "long.yaml:2:10: attacks: 60000 names: at most 64 riders and leapers in all"; err == nil || err.Error() != want {
		t.Errorf("60000 leapers: %v, want %s", err, want)
	}
}
