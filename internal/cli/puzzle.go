package cli

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/deduce"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/variants"
)

const puzzleUsage = `Usage: queens puzzle [--size N] [--stars S] [--seed K] [--difficulty GRADE] [--format FORMAT]

Makes a region puzzle with exactly one solution: one queen per row, column and region, no two touching
(LinkedIn's "Queens"), or with --stars 2 two per row, column and region (Star Battle). Regions are grown
at random around a hidden solution, each in one piece and none tiny or huge, then cells move between
regions until the solver proves that no other solution is left. The sides offered: %s.
--difficulty makes puzzles until 'queens explain' solves one without guessing at that grade (expert
puzzles come mostly with two stars or more). Writes the puzzle as a variant file (yaml), a puzz.link URL
(url), a level JSON (json), a letter grid (grid) or a drawing. The same options and seed give the same
puzzle; without --seed a fresh one is drawn and written to stderr with the command that makes the puzzle
again. Stops with exit 1 and a message at --timeout.

Examples:
  queens puzzle --size 9 --seed 1 > p.yaml && queens solve --variant p.yaml --first --format unicode
  queens puzzle --size 17 --stars 4 --seed 2 --format grid
  queens puzzle --size 10 --stars 2 --seed 7 --format url
  queens puzzle --size 8 --difficulty easy | queens explain --variant /dev/stdin
  queens puzzle --size 8 --format svg --solution > p.svg
`

func runPuzzle(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "puzzle", fmt.Sprintf(puzzleUsage, puzzleSides()))
	size := fs.Int("size", 9, "the board's side: "+puzzleSides())
	stars := fs.Int("stars", 1, fmt.Sprintf("queens per row, column and region: 1 to %d", puzzles.MaxStars))
	seed := fs.Uint64("seed", 0, "picks the puzzle (default: a fresh seed, written to stderr)")
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
	fresh := !fs.Changed("seed")
	if fresh {
		o.Seed = rand.Uint64N(freshSeeds)
		*seed = o.Seed
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
		*difficulty = g.String()
	}
	// nil: Make's own search, deduce's walk as the propagate solver walks, within a budget of nodes.
	var s solvers.Solver
	proof := "propagate"
	if *solver != "propagate" {
		var err error
		if s, err = newSolver(*solver, 0); err != nil {
			return oneOf("--solver", *solver, "propagate", "backtrack", "sat")
		}
		proof = s.Name()
	}
	ctx, cancel, err := withTimeout(ctx, *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	again := puzzleCommand(*size, *stars, *difficulty, *solver, *seed)
	if fresh {
		fmt.Fprintf(e.stderr, "seed: %d; make it again with: %s\n", *seed, again)
	}
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
		v := variants.Variant{Name: puzzleName(*size, *stars, *difficulty, *seed), Model: m, Expect: variants.Expect{Count: ptr(uint64(1))},
			Description: fmt.Sprintf("%s, %d×%d: %s. Made by '%s'; exactly one solution, proved by the %s solver.",
				puzzleKind(*stars), *size, *size, puzzleRule(*stars), again, proof)}
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
		sv.caption = fmt.Sprintf("a puzzle with exactly one solution (proved by the %s solver)", proof)
		if *solution {
			sv.caption = fmt.Sprintf("the one solution of the puzzle (proved by the %s solver)", proof)
		}
	}
	if err := out.begin(proof); err != nil {
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

// freshSeeds bounds the seeds drawn when --seed is not given: short enough to type back, many enough
// that two runs seldom draw the same.
const freshSeeds = 1_000_000_000

// puzzleSides says which sides the generator takes, star count by star count.
func puzzleSides() string {
	var parts []string
	for k := 1; k <= puzzles.MaxStars; k++ {
		parts = append(parts, fmt.Sprintf("%d to %d with %d %s", puzzles.MinSideFor(k), puzzles.MaxSideFor(k), k, plural(uint64(k), "star", "stars")))
	}
	return strings.Join(parts, ", ")
}

// puzzleCommand is the command that makes a puzzle again: every flag that shapes it (the solver too,
// whose second solutions steer the repairs), none that only draws it.
func puzzleCommand(size, stars int, difficulty, solver string, seed uint64) string {
	cmd := fmt.Sprintf("queens puzzle --size %d --stars %d", size, stars)
	if difficulty != "" {
		cmd += " --difficulty " + difficulty
	}
	if solver != "propagate" {
		cmd += " --solver " + solver
	}
	return cmd + fmt.Sprintf(" --seed %d", seed)
}

func puzzleName(size, stars int, difficulty string, seed uint64) string {
	grade := ""
	if difficulty != "" {
		grade = difficulty + "-"
	}
	if stars == 1 {
		return fmt.Sprintf("linkedin-%02d-%sseed%d", size, grade, seed)
	}
	return fmt.Sprintf("starbattle-%d-%02d-%sseed%d", stars, size, grade, seed)
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

// makeGraded makes a puzzle, and with a grade the first puzzle of o's random draws that explain solves
// without guessing at that grade: each seed draws puzzles of its own, so different seeds give different
// puzzles of a grade too.
func makeGraded(ctx context.Context, o puzzles.Options, s solvers.Solver, grade deduce.Level) (constraints.Model, constraints.Solution, error) {
	if grade == deduce.Easy && o.Stars == 1 {
		// Only a one-cell region gives the easy techniques a place to start.
		o.Singles = max(1, o.Size/4)
	}
	if grade != 0 {
		o.Accept = func(ctx context.Context, m constraints.Model) (bool, error) {
			ex, err := deduce.Explain(ctx, m, deduce.Options{MaxLevel: grade})
			return err == nil && ex.Solved && ex.Grade == grade, err
		}
	}
	return puzzles.Make(ctx, o, s)
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
