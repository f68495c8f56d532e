// Package variants reads queens puzzles from YAML files: the schema of a variant file, strict loading
// with file:line:col errors, the expectations a file may carry (expect: {count: 92}), and a built-in
// catalog of variants whose expectations come from public tables.
//
// A variant file looks like this:
//
//	name: superqueens-10
//	description: queens that also jump like a knight
//	board: 10               # or {rows: 6, cols: 8}
//	queens: 10              # default: min(rows, cols)
//	attacks: [row, column, diagonal, anti-diagonal, knight]
//	wrap: false
//	blocked: [[0, 0]]       # [row, col], 0-based
//	fixed: [[3, 5]]
//	expect: {count: 1, unique: 1}   # the blocked and fixed cells leave 1 of the 4 boards
//
// Only board is required. Anything the schema does not know, and anything it knows in the wrong shape,
// is an error that names the file, line and column: a typo is never read as a default.
//
// The package knows nothing of solvers: it turns files into constraints.Model values and checks plain
// numbers against expectations.
package variants

import "github.com/queens-dev/queens/constraints"

// Variant is one puzzle read from a variant file.
type Variant struct {
	// Name is the file's name key, or the file's base name without its extension when the key is absent.
	Name string
	// Description is free text; empty when absent.
	Description string
	// Model is the puzzle. It has passed Model.Validate. Queens is 0 when the file leaves it to the default,
	// and Blocked and Fixed are nil when the file names no cells; otherwise cells keep the file's order.
	Model constraints.Model
	// Expect holds what the file says a solver should find.
	Expect Expect
	// Source is the name the file was loaded under: the path given to Load, or "catalog/classic-08.yaml"
	// for a built-in variant.
	Source string
}
