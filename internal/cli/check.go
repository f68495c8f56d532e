package cli

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/internal/serve"
)

const checkUsage = `Usage: queens check PUZZLE [--format text|json] [--timeout D]

Checks that a region puzzle is one: that it has exactly one solution, and whether deduction alone finds
it (queens explain) and at what grade; and writes its puzz.link URL where the format can say it. Exit 1
when the puzzle has no solution or more than one. PUZZLE is as for 'queens explain': a built-in name, a
variant file, - for stdin, a puzz.link URL, a level JSON or a letter grid (--stars K), or the model flags.

Examples:
  queens check linkedin-09
  queens puzzle --size 9 --format grid | queens check -
  queens check starbattle-2-10 --format json
`

func runCheck(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "check", checkUsage)
	in := newPuzzleInput(fs, time.Minute)
	ctx, cancel, m, _, err := in.load(ctx, e, fs, args, nil)
	if err != nil {
		return err
	}
	defer cancel()
	format, timeout := in.format, in.timeout
	c, err := serve.CheckPuzzle(ctx, m)
	if err != nil {
		if errors.Is(err, deduce.ErrNotRegionPuzzle) {
			return notRegionPuzzle(err)
		}
		if ctx.Err() != nil {
			return &interrupted{cause: ctx.Err(), timeout: *timeout}
		}
		return err
	}
	if *format == "json" {
		if err := report.Write(e.stdout, "check", &m, c); err != nil {
			return err
		}
	} else {
		switch {
		case c.Unique && c.Solved:
			fmt.Fprintf(e.stdout, "one solution: a puzzle, grade %s\n", c.Grade)
		case c.Unique:
			fmt.Fprintln(e.stdout, "one solution: a puzzle, which deduction alone does not finish (queens explain --guess)")
		case c.Solutions == 0:
			fmt.Fprintln(e.stdout, "no solution")
		default:
			fmt.Fprintln(e.stdout, "not unique: at least 2 solutions")
		}
		if c.URL != "" {
			fmt.Fprintln(e.stdout, c.URL)
		}
	}
	if !c.Unique {
		return &codeError{code: ExitFailure}
	}
	return nil
}
