package modeltest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// Binary builds cmd/queens once per test process into a temporary folder and returns its path. It skips
// the test in -short mode.
func Binary(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the command: not in -short")
	}
	root := Root(t)
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "queens-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "queens")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/queens")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = err
			binPath = string(out)
		}
	})
	if binErr != nil {
		t.Fatalf("go build: %v: %s", binErr, binPath)
	}
	return binPath
}
