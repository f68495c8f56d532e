//go:build unix

package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/queens-dev/queens/internal/modeltest"
)

// hostileCase is one entry of testdata/hostile/cases*.yaml.
type hostileCase struct {
	Name        string   `yaml:"name"`
	Args        []string `yaml:"args"`
	Stdin       string   `yaml:"stdin"`
	Exit        codes    `yaml:"exit"`
	Stdout      string   `yaml:"stdout"`
	StdoutEmpty bool     `yaml:"stdout_empty"`
	StdoutOnce  string   `yaml:"stdout_once"`
	Stderr      string   `yaml:"stderr"`
	Within      string   `yaml:"within"`
	Absent      string   `yaml:"absent"`
	CancelAfter string   `yaml:"cancel_after"`
}

// codes are the exit codes a case accepts: "2", or "0|1".
type codes []int

func (c *codes) UnmarshalYAML(n *yaml.Node) error {
	for _, part := range strings.Split(n.Value, "|") {
		v, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil {
			return fmt.Errorf("line %d: exit %q: want codes such as 2 or 0|1", n.Line, n.Value)
		}
		*c = append(*c, v)
	}
	return nil
}

// TestHostileInput runs every case of the corpus in testdata/hostile (cases.yaml, and cases-TOPIC.yaml
// beside it): each must exit as it says, print what it says, and return within its time.
func TestHostileInput(t *testing.T) {
	root := modeltest.Root(t)
	files, err := filepath.Glob(filepath.Join(root, "testdata", "hostile", "cases*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []hostileCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var more []hostileCase
		if err := yaml.Unmarshal(data, &more); err != nil {
			t.Fatalf("%s: %v", filepath.Base(f), err)
		}
		cases = append(cases, more...)
	}
	if len(cases) == 0 {
		t.Fatal("the corpus is empty: the test would pass without running a case")
	}
	fixtures := hostileFixtures(t, filepath.Join(root, "testdata", "hostile", "files"))
	names := map[string]bool{}
	for _, c := range cases {
		if names[c.Name] {
			t.Errorf("case %s twice", c.Name)
		}
		names[c.Name] = true
		t.Run(c.Name, func(t *testing.T) {
			runHostile(t, c, fixtures)
		})
	}
}

// hostileFixtures makes the files the cases name by placeholder.
func hostileFixtures(t *testing.T, files string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO on this system: %v", err)
	}
	zero, random := filepath.Join(dir, "zero.yaml"), filepath.Join(dir, "random.yaml")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skipf("no /dev/zero link: %v", err)
	}
	if err := os.Symlink("/dev/urandom", random); err != nil {
		t.Skipf("no /dev/urandom link: %v", err)
	}
	big := filepath.Join(dir, "big.yaml")
	// A cell named again and again: once, the loader read it all and held 4 GB.
	if err := os.WriteFile(big, append([]byte("board: 8\nblocked: ["), bytes.Repeat([]byte("[1, 1], "), 17<<20/8)...), 0o644); err != nil {
		t.Fatal(err)
	}
	// 512 MB of zero bytes, sparse (no disk used): once read whole before a look at its first line.
	sparse := filepath.Join(dir, "sparse")
	f, err := os.Create(sparse)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(512 << 20); err != nil {
		t.Skipf("no sparse file: %v", err)
	}
	f.Close()
	return map[string]string{"{files}": files, "{fifo}": fifo, "{zero}": zero, "{random}": random, "{big}": big, "{sparse}": sparse}
}

func runHostile(t *testing.T, c hostileCase, fixtures map[string]string) {
	tmp := t.TempDir()
	args := make([]string, len(c.Args))
	for i, a := range c.Args {
		for k, v := range fixtures {
			a = strings.ReplaceAll(a, k, v)
		}
		args[i] = strings.ReplaceAll(a, "{tmp}", tmp)
	}
	within := 10 * time.Second
	if c.Within != "" {
		var err error
		if within, err = time.ParseDuration(c.Within); err != nil {
			t.Fatalf("within %q: %v", c.Within, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	if c.CancelAfter != "" {
		d, err := time.ParseDuration(c.CancelAfter)
		if err != nil {
			t.Fatalf("cancel_after %q: %v", c.CancelAfter, err)
		}
		time.AfterFunc(d, cancel)
	}
	var stdout, stderr bytes.Buffer
	e := &env{stdin: strings.NewReader(c.Stdin), stdout: &stdout, stderr: &stderr, getenv: func(string) string { return "" }, now: time.Now}
	start := time.Now()
	done := make(chan int, 1)
	go func() { done <- e.main(ctx, args) }()
	var code int
	select {
	case code = <-done:
	case <-time.After(within):
		cancel()
		t.Fatalf("queens %s: still running after %v", strings.Join(args, " "), within)
	}
	took := time.Since(start)
	where := fmt.Sprintf("queens %s (%v)\nstdout: %q\nstderr: %q", strings.Join(args, " "), took.Round(time.Millisecond), short(stdout.String(), 400), stderr.String())
	if !containsInt(c.Exit, code) {
		t.Errorf("exit %d, want %v\n%s", code, []int(c.Exit), where)
	}
	if c.Stderr != "" && !regexp.MustCompile(c.Stderr).MatchString(stderr.String()) {
		t.Errorf("stderr does not match %q\n%s", c.Stderr, where)
	}
	if c.Stdout != "" && !regexp.MustCompile(c.Stdout).MatchString(stdout.String()) {
		t.Errorf("stdout does not match %q\n%s", c.Stdout, where)
	}
	if c.StdoutOnce != "" && strings.Count(stdout.String(), c.StdoutOnce) != 1 {
		t.Errorf("stdout holds %q %d times, want once\n%s", c.StdoutOnce, strings.Count(stdout.String(), c.StdoutOnce), where)
	}
	if c.Absent != "" && strings.Contains(stdout.String()+stderr.String(), c.Absent) {
		t.Errorf("the output holds %q raw\n%s", c.Absent, where)
	}
	if c.StdoutEmpty && stdout.Len() > 0 {
		t.Errorf("stdout not empty\n%s", where)
	}
	if m := doubledPrefix(stderr.String()); m != "" {
		t.Errorf("stderr says %q twice over\n%s", m, where)
	}
	if code == ExitUsage && strings.Count(strings.TrimSuffix(stderr.String(), "\n"), "\n") > 0 {
		t.Errorf("a usage error takes more than one line\n%s", where)
	}
	if code != 0 && c.Stderr == "" {
		t.Errorf("the case does not say what stderr must hold\n%s", where)
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// failingWriter accepts n bytes, then fails every write, as a full disk does.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, syscall.ENOSPC
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteErrorStops lists into a writer that fills up: the run must stop at the first failed write
// with exit 1, not enumerate on.
func TestWriteErrorStops(t *testing.T) {
	for _, format := range []string{"text", "leetcode", "json", "cols", "unicode", "dimacs"} {
		var stderr bytes.Buffer
		start := time.Now()
		e := &env{stdin: strings.NewReader(""), stdout: &failingWriter{n: 100 << 10}, stderr: &stderr, getenv: func(string) string { return "" }, now: time.Now}
		code := e.main(context.Background(), []string{"solve", "-n", "14", "--all", "--format", format})
		if code != ExitFailure || !strings.Contains(stderr.String(), "writing the answer") || !strings.Contains(stderr.String(), "no space left") {
			t.Errorf("--format %s into a full disk: exit %d, stderr %q", format, code, stderr.String())
		}
		if took, limit := time.Since(start), modeltest.Grace(5*time.Second); took > limit {
			t.Errorf("--format %s: %v before stopping, more than %v: the run went on after the write failed", format, took, limit)
		}
	}
}

// TestManyNamedCells gives the loader and the validation 60,000 fixed queens (a solution of the 60000
// board, by the even-then-odd construction, n mod 6 = 0) and 200×200 drawing with 20,000 blocked cells:
// both once took minutes, checking cells pairwise and by scans.
func TestManyNamedCells(t *testing.T) {
	n := 60000
	var b strings.Builder
	fmt.Fprintf(&b, "board: %d\nfixed: [", n)
	r := 0
	for c := 1; c < n; c += 2 {
		fmt.Fprintf(&b, "[%d, %d], ", r, c)
		r++
	}
	for c := 0; c < n; c += 2 {
		fmt.Fprintf(&b, "[%d, %d], ", r, c)
		r++
	}
	b.WriteString("]\n")
	path := filepath.Join(t.TempDir(), "fixed.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	code, _, stderr := run("solve", "--variant", path, "--count")
	if took, limit := time.Since(start), modeltest.Grace(10*time.Second); took > limit {
		t.Errorf("60,000 fixed queens: %v to load and validate, more than %v (10 s on an idle machine)", took, limit)
	}
	if code != ExitUsage || !strings.Contains(stderr, "at most 64 columns") {
		t.Errorf("60,000 fixed queens, counted: exit %d, stderr %q; want the backtracker's column limit, after validation", code, stderr)
	}
	var blocked []string
	for i := range 20000 {
		blocked = append(blocked, fmt.Sprintf("%d,%d", 100+i/200, i%200))
	}
	start = time.Now()
	code, out, stderr := run("solve", "-n", "200", "--queens", "50", "--first", "--blocked", strings.Join(blocked, ";"))
	if took, limit := time.Since(start), modeltest.Grace(10*time.Second); took > limit {
		t.Errorf("200×200 with 20,000 blocked cells: %v to solve and draw, more than %v (10 s on an idle machine)", took, limit)
	}
	if code != 0 || strings.Count(out, "#") != 20000 {
		t.Errorf("200×200 with 20,000 blocked: exit %d, %d blocked cells drawn, stderr %q", code, strings.Count(out, "#"), stderr)
	}
}

// doubledPrefix returns an error's prefix said twice in a row, as "sat: sat: " from wrapping an error
// that already names its package, or "".
func doubledPrefix(text string) string {
	for _, line := range strings.Split(text, "\n") {
		parts := strings.Split(line, ": ")
		for i := 1; i < len(parts)-1; i++ {
			if parts[i] == parts[i-1] && !strings.ContainsAny(parts[i], " ,") {
				return parts[i] + ": " + parts[i] + ": "
			}
		}
	}
	return ""
}

func TestDoubledPrefix(t *testing.T) {
	for text, want := range map[string]string{
		"queens solve: sat: sat: finding a solution: x\n": "sat: sat: ",
		"queens solve: backtrack: 65×65 board: x\n":       "",
		"queens merge: p0.json: corrupted: x\n":           "",
	} {
		if got := doubledPrefix(text); got != want {
			t.Errorf("doubledPrefix(%q) = %q, want %q", text, got, want)
		}
	}
}
