package deduce

import (
	"context"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
)

// firing is a published position where a technique fires: the board an explanation of a published
// puzzle has reached before its step (numbered from 1).
type firing struct {
	technique string
	file      string
	puzzle    int // from 1, in the file's order
	step      int
	reason    string
}

// firings names, for every technique, a published position where it fires, family by family (the
// files of the package).
var firings = []firing{
	// basics.go
	{"exact-fill", "linkedin.txt", 1, 1, "LinkedIn level 1: region E is one cell"},
	{"trivial-marks", "linkedin.txt", 1, 2, "the queen exact fill put on r2c6 attacks its neighbours"},
	{"saturation", "linkedin.txt", 1, 3, "row 2 holds its queen"},
	// locked.go
	{"locked-line", "linkedin.txt", 1, 9, "region C's open cells lie in column 8"},
	// exclusion.go
	{"adjacent-exclusion", "linkedin.txt", 2, 16, "either open cell of row 8 empties r9c3 and r9c4"},
	{"exclusion", "starbattle.txt", 1, 3, "a queen on r3c7 would leave region D no room"},
	{"pressured-exclusion", "starbattle.txt", 1, 7, "a queen on r3c2 would leave region E two queens for one 2×2 block"},
	// counting.go
	{"overcounting", "linkedin.txt", 4, 4, "LinkedIn level 5: regions D, F and K lie in columns 1–3"},
	{"undercounting", "linkedin.txt", 6, 12, "LinkedIn level 8: rows 1–5 lie in regions A, B, D and F"},
	{"band-counting", "starbattle.txt", 2, 27, "the expert puzzle: the regions' shares of column 4"},
	// blocks.go
	{"2x2-blocks", "starbattle.txt", 1, 41, "row 2's open cells fit in two 2×2 blocks"},
	// placements.go
	{"forced-placement", "starbattle.txt", 1, 15, "region B's 20 ways all leave r1c1 empty"},
	{"square-counting", "starbattle.txt", 3, 21, "columns 5–6 together: 49 ways, all leave r2c7 empty"},
	// chains.go
	{"forcing-chain", "starbattle.txt", 1, 16, "a queen on r1c2 forces a contradiction"},
	{"bifurcation", "starbattle.txt", 5, 13, "supposing a queen on r1c4 starves column 6"},
	{"by-a-thread", "starbattle-big.txt", 24, 1, "the 21×21 that no other technique opens: every way on from a queen on r1c1 breaks"},
}

// TestTechniquesFire sets up each position of firings from the explanation of its puzzle and looks
// for a step of that technique alone: it must find one, and every cell it decides must agree with the
// puzzle's one solution. Every technique has a row.
func TestTechniquesFire(t *testing.T) {
	seen := map[string]bool{}
	puzzles := map[string][]modeltest.Published{}
	for _, fr := range firings {
		seen[fr.technique] = true
		t.Run(fr.technique, func(t *testing.T) {
			if puzzles[fr.file] == nil {
				puzzles[fr.file] = modeltest.PublishedPuzzles(t, fr.file)
			}
			p := puzzles[fr.file][fr.puzzle-1]
			sols, _, err := Solutions(context.Background(), p.Model, 2)
			if err != nil || len(sols) != 1 {
				t.Fatalf("%s #%d: %d solutions (%v), want 1", fr.file, fr.puzzle, len(sols), err)
			}
			s, err := New(p.Model)
			if err != nil {
				t.Fatal(err)
			}
			if fr.step > 1 {
				_, boards, err := ExplainBoards(context.Background(), p.Model, Options{})
				if err != nil || len(boards) < fr.step {
					t.Fatalf("%s #%d: %d steps (%v), want %d at least", fr.file, fr.puzzle, len(boards), err, fr.step)
				}
				setBoard(s, boards[fr.step-2].Board)
			}
			tech := TechniqueByID(fr.technique)
			if tech == nil {
				t.Fatalf("no technique %q", fr.technique)
			}
			look := tech.find
			if tech == undercounting {
				look = (*finder).groups
			}
			f := newFinder(s)
			st, ok := look(f)
			if !ok || (st.tech != nil && st.tech != tech) {
				t.Fatalf("%s #%d before step %d (%s): no step of %s", fr.file, fr.puzzle, fr.step, fr.reason, fr.technique)
			}
			in := constraints.NewCellSet(sols[0])
			for _, c := range st.place {
				if !in.Has(s.Cell(int(c))) {
					t.Errorf("places %s, empty in the solution: %s", CellName(s.Cell(int(c))), st.why)
				}
			}
			for _, c := range st.exclude {
				if in.Has(s.Cell(int(c))) {
					t.Errorf("empties %s, a queen of the solution: %s", CellName(s.Cell(int(c))), st.why)
				}
			}
			t.Logf("%s #%d before step %d: %s", fr.file, fr.puzzle, fr.step, st.why)
		})
	}
	for _, tech := range append(Techniques(), undercounting) {
		if !seen[tech.ID] {
			t.Errorf("%s: no published position in firings", tech.ID)
		}
	}
}

// setBoard decides the cells of a board as Board draws it: 'Q' a queen, 'x' empty.
func setBoard(s *State, board []string) {
	for r, line := range board {
		for c, ch := range line {
			switch ch {
			case 'Q':
				s.Place(s.Index(constraints.Cell{Row: r, Col: c}))
			case 'x':
				s.Exclude(s.Index(constraints.Cell{Row: r, Col: c}))
			}
		}
	}
}
