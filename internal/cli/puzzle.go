package cli

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/variants"
)

const puzzleUsage = `Usage: queens puzzle [--size N] [--stars S] [--seed K] [--format yaml|text|unicode|svg]

Makes a region puzzle with exactly one solution: one queen per row, column and region, no two touching
(LinkedIn's "Queens"), or with --stars 2 two per row, column and region (Star Battle). Regions are grown
at random around a hidden solution, then cells move between regions until the solver proves that no other
solution is left. Writes the puzzle as a variant file; the same size, stars, seed and solver give the
same puzzle.

Examples:
  queens puzzle --size 9 --seed 1 > p.yaml && queens solve --variant p.yaml --first --format unicode
  queens puzzle --size 10 --stars 2 --seed 7
  queens puzzle --size 8 --format svg --solution > p.svg
`

func runPuzzle(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "puzzle", puzzleUsage)
	size := fs.Int("size", 9, fmt.Sprintf("the board's side, %d to %d", puzzles.MinSize, puzzles.MaxSize))
	stars := fs.Int("stars", 1, "queens per row, column and region")
	seed := fs.Uint64("seed", 1, "picks the puzzle")
	format := fs.String("format", "yaml", "yaml (a variant file), text, unicode or svg")
	solution := fs.Bool("solution", false, "draw the solution in the board (text, unicode, svg)")
	solver := fs.String("solver", "backtrack", "the solver that proves the puzzle has one solution: backtrack or sat")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *stars < 1 || *size < puzzles.MinSize**stars || *size > puzzles.MaxSize {
		return usagef("--size %d --stars %d: want a side from %d to %d", *size, *stars, puzzles.MinSize*max(*stars, 1), puzzles.MaxSize)
	}
	switch *format {
	case "yaml", "text", "unicode", "svg":
	default:
		return usagef("--format %q: want yaml, text, unicode or svg", *format)
	}
	s, err := newSolver(*solver, 0, methods["fastest"])
	if err != nil {
		return err
	}
	m, hidden, err := puzzles.Make(ctx, puzzles.Options{Size: *size, Stars: *stars, Seed: *seed}, s)
	if err != nil {
		if ctx.Err() != nil {
			return &interrupted{cause: ctx.Err()}
		}
		return err
	}
	if *format == "yaml" {
		v := variants.Variant{Name: puzzleName(*size, *stars, *seed), Model: m, Expect: variants.Expect{Count: ptr(uint64(1))},
			Description: fmt.Sprintf("%s, %d×%d: %s. Made by 'queens puzzle --size %d --stars %d --seed %d'; exactly one solution, proved by the %s solver.",
				puzzleKind(*stars), *size, *size, puzzleRule(*stars), *size, *stars, *seed, s.Name())}
		text, err := variants.Format(v)
		if err != nil {
			return err
		}
		_, err = e.stdout.Write(text)
		return err
	}
	out, err := newSink(*format, e, m, modeFirst, false)
	if err != nil {
		return err
	}
	if sv, ok := out.(*svgSink); ok {
		sv.caption = fmt.Sprintf("a puzzle with exactly one solution (proved by the %s solver)", s.Name())
		if *solution {
			sv.caption = fmt.Sprintf("the one solution of the puzzle (proved by the %s solver)", s.Name())
		}
	}
	if err := out.begin(s.Name()); err != nil {
		return err
	}
	res := solvers.Result{Count: 1, Proved: true, Stats: solvers.Stats{Method: "puzzle"}}
	var sol constraints.Solution // the empty board: the puzzle itself
	if *solution {
		sol = hidden
	}
	if err := out.solution(sol); err != nil {
		return err
	}
	return out.end(summary{res: res})
}

func puzzleName(size, stars int, seed uint64) string {
	if stars == 1 {
		return fmt.Sprintf("linkedin-%02d-seed%d", size, seed)
	}
	return fmt.Sprintf("starbattle-%d-%02d-seed%d", stars, size, seed)
}

func puzzleKind(stars int) string {
	if stars == 1 {
		return `LinkedIn-style "Queens" puzzle`
	}
	return fmt.Sprintf("Star Battle with %d stars", stars)
}

func puzzleRule(stars int) string {
	if stars == 1 {
		return "one queen per row, column and region, no two touching"
	}
	return fmt.Sprintf("%d queens per row, column and region, no two touching", stars)
}

func ptr[T any](v T) *T { return &v }
