//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/modeltest"
)

// queensBinary builds cmd/queens once per test run into a temporary folder and returns its path.
func queensBinary(t *testing.T) string { return modeltest.Binary(t) }

// TestSignalStopsEveryPath starts each counting and listing path on a model too large to finish, sends
// SIGINT (or SIGTERM), and requires the process to exit within a second (stretched on a loaded machine:
// modeltest.Grace), with code 130 and its partial
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
			case <-time.After(max(5*time.Second, 2*modeltest.Grace(time.Second))):
				cmd.Process.Kill()
				<-done
				t.Fatalf("queens %s: still running long after %v", strings.Join(c.args, " "), c.signal)
			}
			took := time.Since(sent)
			if grace := modeltest.Grace(time.Second); took > grace {
				t.Errorf("queens %s: exited %v after %v, want within %v (1 s on an idle machine)", strings.Join(c.args, " "), took.Round(time.Millisecond), c.signal, grace.Round(time.Millisecond))
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

// TestHelpExamplesRun runs every example line of every command's --help through a shell, in a fresh
// folder holding the files the examples name (shard results, my.yaml, q8.cnf,
// testdata/variants/good), with the built command on PATH, for up to 2 s each (long counts are cut;
// that is no failure): none may be a usage error, as when 'solve --variant linkedin-09 --format
// unicode' was shown as a way to draw a board and printed only "1 solution". Lines that need a SAT
// solver not installed here are left out (with minisat installed, board's second example read a
// q8.cnf that only the first made).
func TestHelpExamplesRun(t *testing.T) {
	bin := queensBinary(t)
	env := append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"),
		"JOB_COMPLETION_INDEX=0") // --shard auto/M reads an engine's index
	fixtures := t.TempDir()
	setup := "queens solve -n 8 --shard 0/2 > shard-0.json && queens solve -n 8 --shard 1/2 > shard-1.json && " +
		"mkdir -p results/n20-m64 testdata/variants && cp shard-*.json results/n20-m64/ && " +
		"queens show classic-8 > my.yaml && queens cnf -n 8 > q8.cnf && queens puzzle --size 8 --stars 2 --seed 3 --format grid > grid.txt && ln -s " + filepath.Join(modeltest.Root(t), "testdata", "variants", "good") + " testdata/variants/good"
	if _, out, err := shell(fixtures, env, setup, time.Minute); err != nil {
		t.Fatalf("%s: %v: %s", setup, err, out)
	}
	ran := 0
	pages := [][]string{{"help"}, {"help", "attacks"}}
	for _, c := range commands() {
		if c.run != nil {
			pages = append(pages, []string{c.name, "--help"})
		}
	}
	for _, page := range pages {
		_, help, _ := run(page...)
		_, examples, ok := strings.Cut(help, "Examples:\n")
		if !ok {
			continue
		}
		examples, _, _ = strings.Cut(examples, "\n\n")
	lines:
		for _, line := range strings.Split(examples, "\n") {
			line = strings.TrimSpace(line)
			comment := ""
			if i := strings.Index(line, "   "); i > 0 {
				// What follows is a comment on the example ("92 solutions, 12 unique").
				line, comment = line[:i], strings.TrimSpace(line[i:])
			}
			if !strings.Contains(line, "queens ") || strings.HasPrefix(line, "queens serve") {
				continue // a line of prose, or a server that runs until stopped
			}
			for _, tool := range []string{"minisat", "cadical"} {
				if _, err := exec.LookPath(tool); err != nil && strings.Contains(line, tool) {
					continue lines
				}
			}
			dir := t.TempDir()
			if out, err := exec.Command("cp", "-a", fixtures+"/.", dir).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v: %s", err, out)
			}
			ran++
			stdout, out, err := shell(dir, env, line, 2*time.Second)
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == ExitUsage || strings.Contains(out, "--help')") {
				t.Errorf("queens %s shows %q, a usage error: %s", strings.Join(page, " "), line, out)
			}
			if err != nil {
				continue // cut at 2 s, or a run that fails for want of a tool
			}
			// The numbers the comment promises ("92 solutions, 12 unique", "superqueens: 4") are printed.
			for _, m := range regexp.MustCompile(`(\d+) (?:solutions|unique)|: (\d+)$`).FindAllStringSubmatch(comment, -1) {
				if want := m[1] + m[2]; !regexp.MustCompile(`\b` + want + `\b`).MatchString(stdout) {
					t.Errorf("queens %s shows %q with %q, but it prints %q", strings.Join(page, " "), line, comment, stdout)
				}
			}
		}
	}
	if ran < 10 {
		t.Errorf("%d examples ran: the help lost its examples, or the test its way of finding them", ran)
	}
}

// shell runs command with sh in dir, for at most d, and returns its stdout and stderr.
func shell(dir string, env []string, command string, d time.Duration) (string, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Dir, cmd.Env = dir, env
	// The shell's children (queens in a pipeline) are killed with it, in their process group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}
