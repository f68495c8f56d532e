package constraints

import (
	"strings"
	"testing"
)

func TestParseCell(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    Cell
		wantErr string
		reason  string
	}{
		{"plain", "3,5", Cell{3, 5}, "", "row first, then column"},
		{"zero", "0,0", Cell{0, 0}, "", "cells are 0-based"},
		{"spaces", " 3 , 5 ", Cell{3, 5}, "", "spaces around either number are allowed"},
		{"negative", "-1,2", Cell{-1, 2}, "", "parsing is not validating: Validate reports off-board cells with the board's size"},
		{"large", "1000,1023", Cell{1000, 1023}, "", "numbers of several digits"},
		{"empty", "", Cell{}, "want ROW,COL", "no comma at all"},
		{"one number", "3", Cell{}, `cell "3": want ROW,COL`, "the input is quoted back"},
		{"semicolon", "3;5", Cell{}, "want ROW,COL", "only a comma separates"},
		{"row not a number", "a,5", Cell{}, "row is not an integer", "the error says which half is bad"},
		{"column not a number", "3,b", Cell{}, "column is not an integer", "the error says which half is bad"},
		{"empty row", ",5", Cell{}, "row is not an integer", "an empty half is not 0"},
		{"empty column", "3,", Cell{}, "column is not an integer", "an empty half is not 0"},
		{"three numbers", "1,2,3", Cell{}, "column is not an integer", "a third number must not be silently dropped"},
		{"float", "1.5,2", Cell{}, "row is not an integer", "cells are whole squares"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCell(tt.in)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("ParseCell(%q) = %v, %v; want an error containing %q (%s)", tt.in, got, err, tt.wantErr, tt.reason)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseCell(%q) = %v, %v; want %v (%s)", tt.in, got, err, tt.want, tt.reason)
			}
		})
	}
}

func TestCellString(t *testing.T) {
	if got := (Cell{3, 5}).String(); got != "r3c5" {
		t.Errorf("Cell{3,5}.String() = %q, want r3c5 (the name DIMACS comments and errors use)", got)
	}
}

func TestNewSolution(t *testing.T) {
	in := []Cell{{3, 2}, {0, 1}, {2, 0}, {1, 3}}
	s := NewSolution(in...)
	if got, want := s.String(), "r0c1 r1c3 r2c0 r3c2"; got != want {
		t.Errorf("NewSolution(...).String() = %q, want %q (sorted row-major)", got, want)
	}
	if in[0] != (Cell{3, 2}) {
		t.Errorf("NewSolution sorted its argument in place: %v", in)
	}
	if got := NewSolution().String(); got != "" {
		t.Errorf("empty solution prints %q, want \"\"", got)
	}
}

func TestSolutionCompare(t *testing.T) {
	tests := []struct {
		name   string
		s, u   Solution
		want   int
		reason string
	}{
		{"equal", NewSolution(Cell{0, 1}, Cell{1, 3}), NewSolution(Cell{1, 3}, Cell{0, 1}), 0, "the same cells given in another order"},
		{"row decides", NewSolution(Cell{0, 2}), NewSolution(Cell{1, 0}), -1, "row-major: an earlier row is less whatever the column"},
		{"column breaks tie", NewSolution(Cell{1, 2}), NewSolution(Cell{1, 1}), 1, "same row: the column decides"},
		{"later cell decides", NewSolution(Cell{0, 1}, Cell{1, 3}), NewSolution(Cell{0, 1}, Cell{2, 0}), -1, "lexicographic over the sorted cells"},
		{"prefix is less", NewSolution(Cell{0, 1}), NewSolution(Cell{0, 1}, Cell{1, 3}), -1, "a proper prefix comes first"},
	}
	for _, tt := range tests {
		if got := tt.s.Compare(tt.u); got != tt.want {
			t.Errorf("%s: %v.Compare(%v) = %d, want %d (%s)", tt.name, tt.s, tt.u, got, tt.want, tt.reason)
		}
		if got := tt.u.Compare(tt.s); got != -tt.want {
			t.Errorf("%s: Compare is not antisymmetric: reversed gives %d", tt.name, got)
		}
	}
}
