package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestNextLog holds the schedule of progress lines in a log: every 10 s for the first minute, then
// every minute, so that a day's count writes about 1,500 lines.
func TestNextLog(t *testing.T) {
	for _, tt := range []struct{ elapsed, want time.Duration }{
		{0, 10 * time.Second},
		{time.Second, 10 * time.Second},
		{10 * time.Second, 20 * time.Second},
		{59 * time.Second, time.Minute},
		{time.Minute, 2 * time.Minute},
		{90 * time.Minute, 91 * time.Minute},
	} {
		if got := nextLog(tt.elapsed); got != tt.want {
			t.Errorf("nextLog(%v) = %v, want %v", tt.elapsed, got, tt.want)
		}
	}
	lines := 0
	for at := time.Duration(0); at < 24*time.Hour; at = nextLog(at) {
		lines++
	}
	if lines > 1500 {
		t.Errorf("a day's run writes %d progress lines to a log, want at most 1,500", lines)
	}
}

// TestProgressNotTerminal: with --progress and stderr a file or a pipe, progress is whole lines, each
// starting with "# ", with no carriage return or terminal escape: once, a long count redirected to a file
// wrote megabytes of lines redrawn in place four times a second.
func TestProgressNotTerminal(t *testing.T) {
	saved := logPlan
	defer func() { logPlan = saved }()
	logPlan.early, logPlan.lateFrom, logPlan.late = 30*time.Millisecond, 60*time.Millisecond, 60*time.Millisecond
	for _, terminal := range []bool{false, true} {
		var stdout, stderr bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, stderrTerminal: terminal,
			getenv: func(string) string { return "" }, now: time.Now}
		code := e.main(context.Background(), []string{"solve", "-n", "20", "--progress", "--timeout", "400ms"})
		if code != ExitFailure {
			t.Fatalf("terminal %v: exit %d, want %d (--timeout): %s", terminal, code, ExitFailure, stderr.String())
		}
		got := stderr.String()
		if terminal {
			if !strings.Contains(got, "\r") || !strings.Contains(got, "\x1b[K") {
				t.Errorf("on a terminal, progress is one line redrawn in place; got %q", got)
			}
			continue
		}
		if strings.ContainsAny(got, "\r\x1b") {
			t.Errorf("not a terminal: progress must be whole lines, with no \\r or escape; got %q", got)
		}
		lines := 0
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "# ") && strings.Contains(l, " tasks ") {
				lines++
			}
		}
		if lines < 2 {
			t.Errorf("not a terminal: %d progress lines in 400ms at one per 30–60ms, want at least 2; got %q", lines, got)
		}
	}
}
