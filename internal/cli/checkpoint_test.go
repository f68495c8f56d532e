package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckpointNotTheOutput: a --checkpoint that is the command's own stdout (/dev/stdout with stdout
// sent to a file) is refused before a record is written, and the file keeps nothing of it.
func TestCheckpointNotTheOutput(t *testing.T) {
	out, err := os.Create(filepath.Join(t.TempDir(), "out.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	var stderr bytes.Buffer
	code := Main(context.Background(), []string{"solve", "-n", "6", "--checkpoint", out.Name()}, out, &stderr)
	if want := "that is this command's stdout"; code != ExitUsage || !strings.Contains(stderr.String(), want) {
		t.Errorf("exit %d, %q; want %d and %q", code, stderr.String(), ExitUsage, want)
	}
	if info, err := out.Stat(); err != nil || info.Size() != 0 {
		t.Errorf("the output holds %d bytes (%v), want none", info.Size(), err)
	}
}
