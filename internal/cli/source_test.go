package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// TestTimeoutCoversReading holds --timeout to a silent stdin: the command stops at the limit, says it
// was reading, and exits 1, whichever of its inputs waits.
func TestTimeoutCoversReading(t *testing.T) {
	for _, args := range [][]string{
		{"hint", "linkedin-09", "--state", "-", "--timeout", "300ms"},
		{"explain", "-", "--timeout", "300ms"},
		{"solve", "-", "--timeout", "300ms"},
		{"compare", "-", "--timeout", "300ms"},
	} {
		r, w := io.Pipe()
		var stdout, stderr bytes.Buffer
		e := &env{stdin: r, stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }, now: time.Now}
		start := time.Now()
		code := e.main(context.Background(), args)
		took := time.Since(start)
		w.Close()
		if code != ExitFailure || !strings.Contains(stderr.String(), "timed out after 300ms (while reading") || took > 5*time.Second {
			t.Errorf("queens %s: exit %d after %v, stderr %q; want exit 1 after about 300ms, naming the read", strings.Join(args, " "), code, took, stderr.String())
		}
	}
}
