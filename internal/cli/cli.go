// Package cli is the queens command line: its subcommands, flags, output formats and exit codes. It is
// the only package that prints.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/queens-dev/queens/constraints/suggest"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/solvers"
)

// Exit codes.
const (
	ExitOK          = 0   // done, and every check agreed
	ExitFailure     = 1   // a run-time failure, a disagreement, an unmet expectation, or --timeout
	ExitUsage       = 2   // a bad flag, value or file, or a model the chosen solver does not take
	ExitSAT         = 10  // --format dimacs: a solution exists (the SAT competition's code)
	ExitUNSAT       = 20  // --format dimacs: no solution exists
	ExitInterrupted = 130 // stopped by a signal; what was found so far is printed, marked incomplete
	ExitBug         = 70  // an internal error: a bug in queens, never a fault of the input (sysexits' EX_SOFTWARE)
)

// reportTo is where a bug is reported.
const reportTo = "https://github.com/queens-dev/queens/issues"

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, env *env, args []string) error
}

// env is what a command reads and writes, and what it knows of its surroundings.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// stderrTerminal is true when stderr is a terminal: progress is drawn only there, unless asked for.
	stderrTerminal bool
	// getenv reads the environment (array-job engines hand a task its index there).
	getenv func(string) string
	// now is the clock, for elapsed times and progress.
	now func() time.Time
}

func commands() []command {
	return []command{
		{"solve", "count, list or find solutions of one model", runSolve},
		{"compare", "both solvers on variants (default: the built-in catalog); exit 1 on any disagreement", runCompare},
		{"list", "the built-in variants, one line each", runList},
		{"show", "a built-in variant's YAML", runShow},
		{"puzzle", "make a region puzzle with exactly one solution (LinkedIn Queens, Star Battle)", runPuzzle},
		{"explain", "solve a region puzzle step by step with named human techniques, and grade it", runExplain},
		{"hint", "the next human step from a partly played region puzzle", runHint},
		{"check", "whether a region puzzle has exactly one solution, and its grade", runCheck},
		{"serve", "a page to play, explain and make region puzzles in a browser", runServe},
		{"cnf", "the model's CNF encoding in DIMACS form", runCNF},
		{"board", "draw the board of a model a SAT solver found for 'queens cnf'", runBoard},
		{"merge", "add up the shards of a count split across machines", runMerge},
		{"bench", "time the backtracker's counting paths (medians of repeated runs)", runBench},
		{"version", "the program's version, revision and Go version", runVersion},
		{"help", "show help for a command", nil},
	}
}

// oneOf returns nil when value is one of choices, else a usage error for flag that lists them and
// suggests the nearest: --format jsn: want text or json (did you mean json?).
func oneOf(flag, value string, choices ...string) error {
	if contains(choices, value) {
		return nil
	}
	return usagef("%s %q: %s", flag, value, suggest.Want(value, choices...))
}

// usageError is a bad flag or value: one line on stderr and exit code 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error { return &usageError{fmt.Sprintf(format, args...)} }

// errHelp reports that help was asked for and printed.
var errHelp = errors.New("help printed")

// Main runs the queens command line with args (without the program name) and returns the exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	return MainWith(ctx, args, os.Stdin, stdout, stderr)
}

// MainWith is Main with stdin given.
func MainWith(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv, now: time.Now}
	if f, ok := stderr.(*os.File); ok {
		e.stderrTerminal = isTerminal(f)
	}
	return e.main(ctx, args)
}

func (e *env) main(ctx context.Context, args []string) (code int) {
	defer func() {
		if v := recover(); v != nil {
			stack := debug.Stack()
			if p, ok := v.(*carriedPanic); ok { // a panic of a load that ran aside (whileLoading)
				v, stack = p.v, p.stack
			}
			code = e.bug(v, stack)
		}
	}()
	if e.stdin != nil {
		e.stdin = &ctxReader{ctx: ctx, r: e.stdin}
	}
	name, rest := "", args
	if len(args) > 0 {
		name, rest = args[0], args[1:]
	}
	switch name {
	case "":
		return e.exit("queens", runDefault(ctx, e))
	case "-h", "--help":
		printUsage(e.stdout)
		return ExitOK
	case "help":
		return e.help(ctx, rest)
	case "--version", "-version":
		return e.exit("queens", runVersion(ctx, e, rest))
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
	msg := fmt.Sprintf("queens: unknown command %q", name)
	if near, ok := suggest.Closest(name, commandNames()); ok {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	fmt.Fprintf(e.stderr, "%s (run 'queens help')\n", msg)
	return ExitUsage
}

// help prints the help of the command named in args, or the overview. It never recurses: "queens help
// help" and "queens help -h" print the overview.
func (e *env) help(ctx context.Context, args []string) int {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || args[0] == "help" {
		printUsage(e.stdout)
		return ExitOK
	}
	for _, c := range commands() {
		if c.name == args[0] && c.run != nil {
			return e.exit("queens "+c.name, c.run(ctx, e, []string{"--help"}))
		}
	}
	for _, t := range topics() {
		if t.name == args[0] {
			t.write(e.stdout)
			return ExitOK
		}
	}
	names := commandNames()
	for _, t := range topics() {
		names = append(names, t.name)
	}
	msg := fmt.Sprintf("queens help: unknown command or topic %q", args[0])
	if near, ok := suggest.Closest(args[0], names); ok {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	}
	fmt.Fprintf(e.stderr, "%s (run 'queens help')\n", escape(msg))
	return ExitUsage
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// exit prints err, if any, as one line and maps it to an exit code.
func (e *env) exit(who string, err error) int {
	var ue *usageError
	var ie *interrupted
	var ce *codeError
	var pe *solvers.PanicError
	switch {
	case err == nil, errors.Is(err, errHelp):
		return ExitOK
	case errors.As(err, &pe):
		return e.bug(pe.Value, pe.Stack)
	case errors.As(err, &ce):
		if ce.err != nil {
			fmt.Fprintf(e.stderr, "%s: %s\n", who, oneLine(ce.err.Error()))
		}
		return ce.code
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "%s: %s (see '%s --help')\n", who, oneLine(ue.msg), who)
		return ExitUsage
	case errors.Is(err, solvers.ErrUnsupported):
		fmt.Fprintf(e.stderr, "%s: %s\n", who, oneLine(err.Error()))
		return ExitUsage
	case errors.As(err, &ie):
		fmt.Fprintf(e.stderr, "%s: %s\n", who, oneLine(err.Error()))
		if ie.timedOut() {
			return ExitFailure // --timeout: the user asked for the limit
		}
		return ExitInterrupted
	}
	fmt.Fprintf(e.stderr, "%s: %s\n", who, oneLine(err.Error()))
	return ExitFailure
}

// bug reports an internal error, a panic with value v caught with its stack: one line that says it is a
// bug, where it arose and how to report it (and the stack with QUEENS_TRACEBACK=1), and ExitBug.
func (e *env) bug(v any, stack []byte) int {
	fmt.Fprintf(e.stderr, "queens: internal error, a bug in queens (not in the input): %s%s; please report it at %s with the command line and this message (QUEENS_TRACEBACK=1 adds the stack)\n",
		oneLine(fmt.Sprint(v)), panicSite(stack), reportTo)
	if e.getenv != nil && e.getenv("QUEENS_TRACEBACK") != "" {
		e.stderr.Write(stack)
	}
	return ExitBug
}

// panicSite finds, in a stack that debug.Stack took while a panic unwound, the function of queens that
// panicked and its line: " at constraints.(*Model).Verify (verify.go:42)", or "".
func panicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	past := false // past the frames of the panic itself
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "panic(") || strings.HasPrefix(l, "runtime.gopanic") || strings.HasPrefix(l, "runtime.panic"):
			past = true
		case past && strings.HasPrefix(l, modulePath+"/") && i+1 < len(lines):
			fn := strings.TrimPrefix(l, modulePath+"/")
			if j := strings.LastIndexByte(fn, '('); j > 0 && strings.HasSuffix(fn, ")") {
				fn = fn[:j] // the arguments
			}
			if j := strings.LastIndexByte(fn, '/'); j >= 0 {
				fn = fn[j+1:]
			}
			file := strings.TrimSpace(lines[i+1])
			if j := strings.LastIndexByte(file, ' '); j > 0 {
				file = file[:j] // the program counter
			}
			if j := strings.LastIndexByte(file, '/'); j >= 0 {
				file = file[j+1:]
			}
			return fmt.Sprintf(" at %s (%s)", fn, file)
		}
	}
	return ""
}

// modulePath is the import path of the queens module, whose frames a bug report names.
const modulePath = "github.com/queens-dev/queens"

// codeError carries an exit code of its own (the SAT competition's 10 and 20), and an error to print or
// nil.
type codeError struct {
	code int
	err  error
}

func (e *codeError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

// interrupted reports a run cut short by a signal or a timeout; its partial output has been printed.
type interrupted struct {
	cause   error
	timeout time.Duration // the --timeout given, if that is what ended the run
	done    string        // what was done, as "12 of 40 tasks", or ""
}

func (e *interrupted) timedOut() bool { return errors.Is(e.cause, context.DeadlineExceeded) }

func (e *interrupted) Error() string {
	var why string
	switch {
	case e.timedOut() && e.timeout > 0:
		why = "timed out after " + e.timeout.String()
	case e.timedOut():
		why = "timed out"
	case errors.Is(e.cause, context.Canceled):
		why = "interrupted"
	default:
		why = "stopped: " + e.cause.Error()
	}
	if e.done != "" {
		why += " (" + e.done + ")"
	}
	return why
}

func (e *interrupted) Unwrap() error { return e.cause }

// oneLine keeps a message on one line: an error joined from several (a folder of bad files) is cut to
// its first line and a count of the rest, and control characters are escaped.
func oneLine(msg string) string {
	lines := strings.Split(strings.TrimRight(msg, "\n"), "\n")
	out := lines[0]
	if len(lines) > 1 {
		out += fmt.Sprintf(" (and %d more)", len(lines)-1)
	}
	return escape(out)
}

// plainPathError is an os error's message without the operation ("open", "stat") and the path, which
// the caller names in its own words.
func plainPathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// escape writes s with its control characters (an escape sequence in a variant's name, say) and its
// invisible format characters (a right-to-left override, a zero-width space, a line separator) as Go
// escapes, so that nothing a file holds can move the terminal's cursor or colour, or make text read in
// another order than it is written.
func escape(s string) string {
	if !strings.ContainsFunc(s, unprintable) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unprintable(r) {
			b.WriteString(runeEscape(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// runeEscape writes r as Go writes it in a string literal: \x1b, \u202e.
func runeEscape(r rune) string {
	switch {
	case r < 0x100:
		return fmt.Sprintf("\\x%02x", r)
	case r < 0x10000:
		return fmt.Sprintf("\\u%04x", r)
	}
	return fmt.Sprintf("\\U%08x", r)
}

// unprintable reports whether r is a control character, or a format character or separator that shows
// nothing of itself and changes how the text around it shows: the bidirectional controls (U+202E),
// zero-width spaces and joiners, U+2028 and U+2029.
func unprintable(r rune) bool {
	return isControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// jsonEscape writes the unprintable characters of JSON text b as \u escapes, as every document does.
func jsonEscape(b []byte) []byte { return report.Escape(b) }

func printUsage(w io.Writer) {
	fmt.Fprint(w, `queens: N-Queens and its variants, solved by native engines and by SAT.

Usage:
  queens                    both solvers on the built-in catalog of variants, and 8 queens drawn
  queens COMMAND [flags]    (flags alone run solve: queens -n 10 --knight)

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprint(w, "\nTopics (queens help TOPIC):\n")
	for _, t := range topics() {
		fmt.Fprintf(w, "  %-8s %s\n", t.name, t.summary)
	}
	fmt.Fprint(w, `
Examples:
  queens solve -n 8                 92 solutions
  queens solve -n 4 --all --format leetcode
  queens solve -n 10 --knight       superqueens: 4
  queens solve -n 8 --wrap=mobius   on a Möbius strip (queens help attacks: surfaces, quotas): 3328
  queens solve -n 8 --attacks none --each 'row=2,column=2,line=<=2'   no three in line: 380
  queens solve --variant linkedin-09 --first --format unicode
  queens compare                    both solvers on every built-in variant
  queens list                       the built-in variants

Exit codes:
  0      done
  1      a failure, a disagreement, an unmet expectation, an unchecked claim, or --timeout
  2      a bad flag, value or file (one line naming the flag, or the file, line and field)
  10, 20 satisfiable, unsatisfiable (--format dimacs only)
  70     an internal error: a bug in queens, never in the input (please report it)
  130    interrupted by Ctrl-C or SIGTERM (queens serve ends so with 0)

Run 'queens COMMAND --help' for a command's flags and examples.
`)
}

// newFlagSet returns a flag set that reports errors instead of exiting, and prints its help (with the
// examples) on --help.
func newFlagSet(e *env, name, usage string) *pflag.FlagSet {
	fs := pflag.NewFlagSet(name, pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprint(e.stdout, reflow(usage, helpWidth))
		if flags := fs.FlagUsagesWrapped(helpWidth); flags != "" {
			fmt.Fprintf(e.stdout, "\nFlags:\n%s", flags)
		}
	}
	fs.SortFlags = false
	return fs
}

// parse parses args, turning pflag's errors into usage errors and --help into errHelp. pflag has printed
// the help itself (by calling Usage) before it returns ErrHelp.
func parse(fs *pflag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return errHelp
		}
		return usagef("%s%s", plainNumberError(err.Error()), flagSuggestion(fs, err))
	}
	return nil
}

// plainNumberError rewrites pflag's message for a number flag given something else, which ends in Go's
// own words ("strconv.ParseUint: parsing \"-1\": invalid syntax"), into what the flag wants.
func plainNumberError(msg string) string {
	i := strings.Index(msg, "strconv.Parse")
	if i < 0 {
		return msg
	}
	fn, _, _ := strings.Cut(msg[i+len("strconv."):], ":")
	outOfRange := strings.HasSuffix(msg, "value out of range")
	want := "want a number"
	switch {
	case fn == "ParseUint" && outOfRange:
		want = "too large"
	case fn == "ParseUint":
		want = "want a whole number, 0 or more"
	case fn == "ParseInt" && outOfRange:
		want = "out of range"
	case fn == "ParseInt":
		want = "want a whole number"
	case fn == "ParseBool":
		want = "want true or false"
	}
	return msg[:i] + want
}

// flagSuggestion returns " (did you mean --knight?)" for pflag's "unknown flag: --knigt", when a flag of
// fs is close, else "".
func flagSuggestion(fs *pflag.FlagSet, err error) string {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, "=")
	var flags []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			flags = append(flags, f.Name)
		}
	})
	near, ok := suggest.Closest(name, flags)
	switch {
	case !ok:
		return ""
	case len(near) == 1:
		return fmt.Sprintf(" (did you mean -%s?)", near) // -n: a one-letter flag is written so
	}
	return fmt.Sprintf(" (did you mean --%s?)", near)
}

// ctxReader reads r until ctx ends: a read blocked on a pipe that never closes (stdin left open) then
// returns ctx's error at once, so that Ctrl-C stops a command that waits for input. The read it left
// behind finishes in its own goroutine, into a buffer of its own.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

type readResult struct {
	b   []byte
	err error
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	done := make(chan readResult, 1)
	go func() {
		buf := make([]byte, len(p))
		n, err := c.r.Read(buf)
		done <- readResult{buf[:n], err}
	}()
	select {
	case res := <-done:
		return copy(p, res.b), res.err
	case <-c.ctx.Done():
		return 0, c.ctx.Err()
	}
}

// helpWidth is the widest line of help text.
const helpWidth = 100

// reflow fills the prose paragraphs of text (lines that start with a letter) to width columns, and
// keeps the indented lines (examples, lists) and headers ("Usage:", "Examples:") as they are.
func reflow(text string, width int) string {
	var out, para strings.Builder
	flush := func() {
		if para.Len() == 0 {
			return
		}
		line := 0
		for i, word := range strings.Fields(para.String()) {
			if i > 0 && line+1+utf8.RuneCountInString(word) > width {
				out.WriteByte('\n')
				line = 0
			} else if i > 0 {
				out.WriteByte(' ')
				line++
			}
			out.WriteString(word)
			line += utf8.RuneCountInString(word)
		}
		out.WriteByte('\n')
		para.Reset()
	}
	for _, l := range strings.SplitAfter(text, "\n") {
		prose := l != "" && l[0] != ' ' && l[0] != '\n' && !(strings.HasSuffix(strings.TrimSpace(l), ":") && len(l) < 24) &&
			!strings.HasPrefix(l, "Usage:")
		if prose {
			para.WriteString(l)
			continue
		}
		flush()
		out.WriteString(l)
	}
	flush()
	return out.String()
}
