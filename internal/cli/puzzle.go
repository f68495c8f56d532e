package cli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/deduce"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/propagate"
	"github.com/queens-dev/queens/variants"
)

const puzzleUsage = `Usage: queens puzzle [--size N] [--stars S] [--seed K] [--difficulty GRADE] [--format FORMAT]

Makes a region puzzle with exactly one solution: one queen per row, column and region, no two touching
(LinkedIn's "Queens"), or with --stars 2 two per row, column and region (Star Battle). Regions are grown
at random around a hidden solution, then cells move between regions until the solver proves that no other
solution is left. The smallest side grows with the stars: 4 per star; the largest is 20 for one star and
12 for two or three. --difficulty makes puzzles until 'queens explain' solves one without guessing at
that grade (expert puzzles come mostly with two stars or more). Writes the puzzle as a variant file (yaml), a puzz.link URL (url), a level JSON (json), a
letter grid (grid) or a drawing; the same options and seed give the same puzzle. Stops with exit 1 and a
message at --timeout.

Examples:
  queens puzzle --size 9 --seed 1 > p.yaml && queens solve --variant p.yaml --first --format unicode
  queens puzzle --size 10 --stars 2 --seed 7 --format url
  queens puzzle --size 8 --difficulty easy | queens explain --variant /dev/stdin
  queens puzzle --size 8 --format svg --solution > p.svg
`

func runPuzzle(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "puzzle", puzzleUsage)
	size := fs.Int("size", 9, fmt.Sprintf("the board's side: %d per star up to %d (one star) or %d (two or three)", puzzles.MinSize, puzzles.MaxSideFor(1), puzzles.MaxSideFor(2)))
	stars := fs.Int("stars", 1, "queens per row, column and region: 1 to 3")
	seed := fs.Uint64("seed", 1, "picks the puzzle")
	difficulty := fs.String("difficulty", "", "easy, medium, hard or expert: a puzzle explain solves without guessing at that grade")
	format := fs.String("format", "yaml", "yaml (a variant file), url (puzz.link), json (level JSON), grid, text, unicode or svg")
	solution := fs.Bool("solution", false, "draw the solution in the board (text, unicode, svg)")
	solver := fs.String("solver", "propagate", "the solver that proves the puzzle has one solution: propagate, backtrack or sat")
	timeout := fs.Duration("timeout", time.Minute, "give up after this long, exit 1 (0: never)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	o := puzzles.Options{Size: *size, Stars: *stars, Seed: *seed}
	if err := puzzles.CheckOptions(o); err != nil {
		return usagef("--size %d --stars %d: %v", *size, *stars, err)
	}
	if err := oneOf("--format", *format, "yaml", "url", "json", "grid", "text", "unicode", "svg"); err != nil {
		return err
	}
	var grade deduce.Level
	if *difficulty != "" {
		g, err := deduce.ParseLevel(*difficulty)
		if err != nil {
			return oneOf("--difficulty", *difficulty, "easy", "medium", "hard", "expert")
		}
		grade = g
	}
	var s solvers.Solver = propagate.Solver{}
	if *solver != "propagate" {
		var err error
		if s, err = newSolver(*solver, 0, methods["fastest"]); err != nil {
			return oneOf("--solver", *solver, "propagate", "backtrack", "sat")
		}
	}
	ctx, cancel, err := withTimeout(ctx, *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	o.Progress = func(tries int) {
		if e.stderrTerminal {
			fmt.Fprintf(e.stderr, "\r# %d hidden solutions tried\x1b[K", tries)
		}
	}
	m, hidden, err := makeGraded(ctx, o, s, grade)
	if e.stderrTerminal {
		fmt.Fprint(e.stderr, "\r\x1b[K")
	}
	if err != nil {
		if ctx.Err() != nil {
			var sooner []string
			if *size > puzzles.MinSideFor(*stars) {
				sooner = append(sooner, "a smaller side")
			}
			if grade > deduce.Easy {
				sooner = append(sooner, "an easier --difficulty")
			}
			done := fmt.Sprintf("no %spuzzle of side %d with %d %s found yet", gradeWord(*difficulty), *size, *stars, plural(uint64(*stars), "star", "stars"))
			if len(sooner) > 0 {
				done += "; " + strings.Join(sooner, " or ") + " finishes sooner"
			}
			return &interrupted{cause: ctx.Err(), timeout: *timeout, done: done}
		}
		return err
	}
	switch *format {
	case "url", "json", "grid":
		return writeShared(e, m, *format)
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

// makeGraded makes a puzzle, and with a grade keeps making them (seed after seed) until explain solves one
// without guessing at that grade.
func makeGraded(ctx context.Context, o puzzles.Options, s solvers.Solver, grade deduce.Level) (constraints.Model, constraints.Solution, error) {
	for {
		m, hidden, err := puzzles.Make(ctx, o, s)
		if err != nil || grade == 0 {
			return m, hidden, err
		}
		ex, err := deduce.Explain(ctx, m, deduce.Options{MaxLevel: grade})
		if err != nil {
			return m, hidden, err
		}
		if ex.Solved && ex.Grade == grade {
			return m, hidden, nil
		}
		o.Seed++
	}
}

// writeShared writes a puzzle in a format people share puzzles in.
func writeShared(e *env, m constraints.Model, format string) error {
	var out []byte
	var err error
	switch format {
	case "url":
		var url string
		url, err = codec.FormatURL(m)
		out = []byte(url + "\n")
	case "json":
		out, err = codec.FormatLevel(m)
	default:
		out, err = codec.FormatGrid(m)
	}
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(out)
	return err
}

// gradeWord returns "hard " for --difficulty hard, "" for none.
func gradeWord(difficulty string) string {
	if difficulty == "" {
		return ""
	}
	return difficulty + " "
}
