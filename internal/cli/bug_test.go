package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/solvers"
)

// panicWriter panics at its first write, as a bug in a format would.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) {
	var cells []int
	return cells[3], nil // index out of range: a runtime error, as a real bug gives
}

// TestBugExitCode panics inside a command: the process must exit with ExitBug, not 2 (the code of bad
// input, which an unrecovered panic gave), with one line that says it is a bug, where, and how to report it.
func TestBugExitCode(t *testing.T) {
	for _, traceback := range []string{"", "1"} {
		var stderr strings.Builder
		e := &env{stdin: strings.NewReader(""), stdout: panicWriter{}, stderr: &stderr,
			getenv: func(k string) string {
				if k == "QUEENS_TRACEBACK" {
					return traceback
				}
				return ""
			}, now: time.Now}
		code := e.main(context.Background(), []string{"solve", "-n", "4", "--first"})
		text := stderr.String()
		if code != ExitBug || !strings.HasPrefix(text, "queens: internal error, a bug in queens (not in the input): runtime error: index out of range [3] with length 0 at cli.panicWriter.Write (bug_test.go:") ||
			!strings.Contains(text, reportTo) {
			t.Errorf("QUEENS_TRACEBACK=%q: exit %d, stderr %q; want %d and a line naming the bug, its place and %s", traceback, code, text, ExitBug, reportTo)
		}
		if lines := strings.Count(text, "\n"); (traceback == "") != (lines == 1) {
			t.Errorf("QUEENS_TRACEBACK=%q: %d lines on stderr; want one, or the stack as well when asked", traceback, lines)
		}
	}
}

// TestBugInATask maps a panic caught in a solver's goroutine to the same exit code and line.
func TestBugInATask(t *testing.T) {
	var stderr strings.Builder
	e := &env{stderr: &stderr, getenv: func(string) string { return "" }}
	code := e.exit("queens solve", &solvers.PanicError{Value: "boom", Where: "join task 3"})
	if code != ExitBug || !strings.Contains(stderr.String(), "internal error, a bug in queens (not in the input): boom;") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
