//go:build unix

package cli

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/modeltest"
)

// queensBinary builds cmd/queens once per test run into a temporary folder and returns its path.
func queensBinary(t *testing.T) string { return modeltest.Binary(t) }

// TestSignalStopsEveryPath starts each counting and listing path on a model too large to finish, sends
// SIGINT (or SIGTERM), and requires the process to exit within a second, with code 130 and its partial
// answer marked as such. Go catches both signals; a loop that never looks at its stop flag could only be
// killed.
func TestSignalStopsEveryPath(t *testing.T) {
	bin := queensBinary(t)
	cases := []struct {
		name   string
		args   []string
		signal syscall.Signal
		stdout string // what the partial answer must say
		stdin  bool   // stdin is a pipe left open, as a stalled producer leaves it
	}{
		{"join", []string{"solve", "-n", "21", "--format", "json"}, syscall.SIGINT, `"complete":false`, false},
		{"classes", []string{"solve", "-n", "20", "--method", "classes"}, syscall.SIGINT, "(incomplete)", false},
		{"mirror", []string{"solve", "-n", "20", "--method", "mirror"}, syscall.SIGTERM, "(incomplete)", false},
		{"superqueens", []string{"solve", "-n", "23", "--knight"}, syscall.SIGINT, "(incomplete)", false},
		{"torus", []string{"solve", "-n", "29", "--wrap"}, syscall.SIGINT, "(incomplete)", false},
		{"rooks on a torus", []string{"solve", "-n", "20", "--attacks", "rook", "--wrap", "--knight"}, syscall.SIGINT, "(incomplete)", false},
		{"kings by the transfer matrix", []string{"solve", "-n", "40", "--attacks", "king", "--queens", "300"}, syscall.SIGINT, "(incomplete)", false},
		{"unique by classes", []string{"solve", "-n", "20", "--unique", "--method", "classes"}, syscall.SIGINT, "(incomplete)", false},
		{"general path", []string{"solve", "--rows", "16", "--cols", "16", "--queens", "14", "--attacks", "column,diagonal"}, syscall.SIGINT, "(incomplete)", false},
		{"list", []string{"solve", "-n", "18", "--all", "--format", "cols"}, syscall.SIGINT, "", false},
		{"list sat", []string{"solve", "-n", "14", "--all", "--solver", "sat", "--format", "cols"}, syscall.SIGINT, "", false},
		{"count sat", []string{"solve", "-n", "16", "--solver", "sat"}, syscall.SIGTERM, "(incomplete)", false},
		{"compare", []string{"compare"}, syscall.SIGINT, "", false},
		{"cnf", []string{"cnf", "-n", "2000"}, syscall.SIGINT, "", false},
		{"merge waiting on stdin", []string{"merge", "-"}, syscall.SIGINT, "", true},
		{"board waiting on stdin", []string{"board", "-n", "8"}, syscall.SIGTERM, "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if c.stdin {
				r, w, err := os.Pipe()
				if err != nil {
					t.Fatal(err)
				}
				defer w.Close()
				defer r.Close()
				cmd.Stdin = r
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(700 * time.Millisecond)
			sent := time.Now()
			if err := cmd.Process.Signal(c.signal); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-done
				t.Fatalf("queens %s: still running 5 s after %v", strings.Join(c.args, " "), c.signal)
			}
			took := time.Since(sent)
			if took > time.Second {
				t.Errorf("queens %s: exited %v after %v, want within 1 s", strings.Join(c.args, " "), took.Round(time.Millisecond), c.signal)
			}
			if code := cmd.ProcessState.ExitCode(); code != ExitInterrupted {
				t.Errorf("queens %s: exit %d, want %d\nstderr: %s", strings.Join(c.args, " "), code, ExitInterrupted, stderr.String())
			}
			if !strings.Contains(stdout.String(), c.stdout) {
				t.Errorf("queens %s: stdout %q lacks %q", strings.Join(c.args, " "), short(stdout.String(), 300), c.stdout)
			}
			if !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("queens %s: stderr %q does not say it was interrupted", strings.Join(c.args, " "), stderr.String())
			}
		})
	}
}
