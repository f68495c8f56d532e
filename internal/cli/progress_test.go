package cli

import (
	"bytes"
	"context"
	"strings"
	"sync"
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
// wrote megabytes of lines redrawn in place four times a second. The count runs until stderr shows what
// the test waits for (two lines, or one line redrawn on a terminal), then is interrupted: it waits on
// what was written, not on a window of time, which a loaded machine may fill with nothing.
func TestProgressNotTerminal(t *testing.T) {
	saved := logPlan
	defer func() { logPlan = saved }()
	logPlan.early, logPlan.lateFrom, logPlan.late = 30*time.Millisecond, 60*time.Millisecond, 60*time.Millisecond
	progressLines := func(got string) int {
		lines := 0
		for _, l := range strings.Split(got, "\n") {
			if strings.HasPrefix(l, "# ") && strings.Contains(l, " tasks ") {
				lines++
			}
		}
		return lines
	}
	for _, terminal := range []bool{false, true} {
		var stdout bytes.Buffer
		var stderr lockedBuffer
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, stderrTerminal: terminal,
			getenv: func(string) string { return "" }, now: time.Now}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan int, 1)
		go func() { done <- e.main(ctx, []string{"solve", "-n", "21", "--progress"}) }()
		shown := func(got string) bool {
			if terminal {
				return strings.Contains(got, "\r") && strings.Contains(got, "\x1b[K")
			}
			return progressLines(got) >= 2
		}
		// The bound is only there so that a progress that never shows fails rather than hangs; the
		// test passes as soon as the lines are written.
		deadline := time.Now().Add(2 * time.Minute)
		for !shown(stderr.String()) && time.Now().Before(deadline) {
			select {
			case code := <-done:
				cancel()
				t.Fatalf("terminal %v: the count ended (exit %d) before its progress showed: %q", terminal, code, stderr.String())
			case <-time.After(10 * time.Millisecond):
			}
		}
		cancel()
		code := <-done
		got := stderr.String()
		if code != ExitInterrupted {
			t.Fatalf("terminal %v: exit %d, want %d (interrupted): %s", terminal, code, ExitInterrupted, got)
		}
		if terminal {
			if !shown(got) {
				t.Errorf("on a terminal, progress is one line redrawn in place; got %q", got)
			}
			continue
		}
		if strings.ContainsAny(got, "\r\x1b") {
			t.Errorf("not a terminal: progress must be whole lines, with no \\r or escape; got %q", got)
		}
		if lines := progressLines(got); lines < 2 {
			t.Errorf("not a terminal: %d progress lines at one per 30–60ms, want at least 2; got %q", lines, got)
		}
	}
}

// lockedBuffer is a buffer that a count's progress writes to while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
