// Package cli is the queens command line: its subcommands, flags, output formats and exit codes. It is
// the only package that prints.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// Exit codes.
const (
	ExitOK          = 0   // done, and every check agreed
	ExitFailure     = 1   // a run-time failure, a disagreement or an unmet expectation
	ExitUsage       = 2   // a bad flag or value
	ExitInterrupted = 130 // stopped by a signal; what was found so far is printed, marked incomplete
)

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *env, args []string) error
}

// env is what a command writes to.
type env struct {
	stdout, stderr io.Writer
}

func commands() []command {
	return []command{
		{"solve", "count, list or find solutions of one model", runSolve},
		{"compare", "both solvers on variant files (default: the built-in catalog); exit 1 on any disagreement", runCompare},
		{"cnf", "the model's CNF encoding in DIMACS form", runCNF},
		{"bench", "time the backtracker's counting paths (medians of repeated runs)", runBench},
		{"help", "show help for a command", nil},
	}
}

// usageError is a bad flag or value: one line on stderr and exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// errHelp reports that help was asked for and printed.
var errHelp = errors.New("help printed")

// Main runs the queens command line with args (without the program name) and returns the exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr}
	name, rest := "", args
	if len(args) > 0 {
		name, rest = args[0], args[1:]
	}
	switch name {
	case "":
		return e.exit("queens", runDefault(ctx, e))
	case "help", "-h", "--help":
		if len(rest) > 0 {
			return Main(ctx, []string{rest[0], "--help"}, stdout, stderr)
		}
		printUsage(stdout)
		return ExitOK
	}
	for _, c := range commands() {
		if c.name == name && c.run != nil {
			return e.exit("queens "+name, c.run(ctx, e, rest))
		}
	}
	if strings.HasPrefix(name, "-") {
		// Flags without a command go to solve: "queens -n 10 --knight".
		return e.exit("queens solve", runSolve(ctx, e, args))
	}
	fmt.Fprintf(stderr, "queens: unknown command %q (run 'queens help')\n", name)
	return ExitUsage
}

// exit prints err, if any, as one line and maps it to an exit code.
func (e *env) exit(who string, err error) int {
	var ue *usageError
	var ie *interrupted
	switch {
	case err == nil, errors.Is(err, errHelp):
		return ExitOK
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "%s: %s (see '%s --help')\n", who, ue.msg, who)
		return ExitUsage
	case errors.As(err, &ie):
		fmt.Fprintf(e.stderr, "%s: %v\n", who, err)
		if errors.Is(err, context.DeadlineExceeded) {
			return ExitFailure // --timeout: the user asked for the limit
		}
		return ExitInterrupted
	}
	fmt.Fprintf(e.stderr, "%s: %v\n", who, err)
	return ExitFailure
}

// interrupted reports a run cut short by a signal or a timeout; its partial output has been printed.
type interrupted struct{ cause error }

func (e *interrupted) Error() string { return "stopped before the end: " + e.cause.Error() }
func (e *interrupted) Unwrap() error { return e.cause }

func printUsage(w io.Writer) {
	fmt.Fprint(w, `queens: N-Queens and its variants, solved by a bitboard backtracker and by SAT.

Usage:
  queens                    both solvers on the built-in catalog of variants, and 8 queens drawn
  queens COMMAND [flags]

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, `
Run 'queens COMMAND --help' for a command's flags and examples.
`)
}

// newFlagSet returns a flag set that reports errors instead of exiting, and prints its help (with the
// examples) on --help.
func newFlagSet(e *env, name, usage string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprint(e.stdout, usage)
		fmt.Fprintf(e.stdout, "\nFlags:\n%s", fs.FlagUsages())
	}
	fs.SortFlags = false
	return fs
}

// parse parses args, turning pflag's errors into usage errors and --help into errHelp.
func parse(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fs.Usage()
			return errHelp
		}
		return usagef("%v", err)
	}
	return nil
}
