package cli

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers/router"
)

// TestMakeGraded makes puzzles as 'queens puzzle --difficulty' does, at every grade, and holds each to
// what the issue asks: one solution (counted again by backtracking), explained without guessing at the
// grade asked for, each step sound against that solution (no queen placed off it, no cell of it
// excluded).
func TestMakeGraded(t *testing.T) {
	for _, tc := range []struct {
		size, stars int
		grade       deduce.Level
	}{
		{8, 1, deduce.Easy}, {8, 1, deduce.Medium}, {9, 1, deduce.Hard},
		{10, 2, deduce.Hard}, {10, 2, deduce.Expert},
	} {
		for seed := uint64(1); seed <= 2; seed++ {
			name := fmt.Sprintf("%d×%d %d★ %s seed %d", tc.size, tc.size, tc.stars, tc.grade, seed)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			m, hidden, err := makeGraded(ctx, puzzles.Options{Size: tc.size, Stars: tc.stars, Seed: seed}, nil, tc.grade)
			cancel()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			res, err := router.New(router.NativeOnly(), router.Threads(1)).Count(context.Background(), m)
			if err != nil || res.Count != 1 {
				t.Fatalf("%s: backtracking counts %+v, %v; want one solution", name, res, err)
			}
			ex, err := deduce.Explain(context.Background(), m, deduce.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !ex.Solved || ex.Guessed || ex.Grade != tc.grade {
				t.Errorf("%s: explained solved %v, guessed %v, grade %s", name, ex.Solved, ex.Guessed, ex.Grade)
			}
			for i, s := range ex.Steps {
				for _, c := range s.Place {
					if !slices.Contains(hidden, c) {
						t.Errorf("%s: step %d (%s) places a queen on %v, off the solution", name, i+1, s.Why, c)
					}
				}
				for _, c := range s.Exclude {
					if slices.Contains(hidden, c) {
						t.Errorf("%s: step %d (%s) excludes %v, a cell of the solution", name, i+1, s.Why, c)
					}
				}
			}
			if err := m.Check(constraints.Solution(hidden)); err != nil {
				t.Errorf("%s: the hidden solution: %v", name, err)
			}
		}
	}
}
