package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// cancelOnWrite cancels a run's context at its first write, as a Ctrl-C that comes while the answer is
// being written.
type cancelOnWrite struct {
	bytes.Buffer
	cancel context.CancelFunc
}

func (w *cancelOnWrite) Write(p []byte) (int, error) {
	w.cancel()
	return w.Buffer.Write(p)
}

// TestInterruptAfterAnswer interrupts --first on a big board once its answer is found: the answer is
// written whole, and the exit code (130) and stderr say that the run was interrupted. It once exited 0.
func TestInterruptAfterAnswer(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := &cancelOnWrite{cancel: cancel}
	var stderr strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: out, stderr: &stderr, getenv: func(string) string { return "" }, now: time.Now}
	code := e.main(ctx, []string{"solve", "-n", "100000", "--first", "--format", "cols"})
	if code != ExitInterrupted || !strings.Contains(stderr.String(), "interrupted (after the answer was written in full)") {
		t.Errorf("exit %d, stderr %q; want 130 and a line saying the answer is whole", code, stderr.String())
	}
	if cols := strings.Fields(out.String()); len(cols) != 100000 {
		t.Errorf("%d columns written, want the whole answer, 100000", len(cols))
	}
}
