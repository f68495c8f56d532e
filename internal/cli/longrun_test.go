//go:build unix

package cli

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/modeltest"
)

// countOf reads the count a text count line gives: "2279184 solutions".
func countOf(t *testing.T, out string) uint64 {
	t.Helper()
	m := regexp.MustCompile(`(?m)^(\d+) solutions?`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no count in %q", out)
	}
	n, _ := strconv.ParseUint(m[1], 10, 64)
	return n
}

// TestCheckpointSurvivesKill runs a count with a checkpoint and kills it with SIGKILL at random moments,
// at least five times, then lets it finish: the count must equal A000170 every time, whatever the kills
// tore. It does so for the default method and for the count by classes, whose task lists differ.
func TestCheckpointSurvivesKill(t *testing.T) {
	bin := queensBinary(t)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	a000170 := modeltest.OEIS(t, "A000170")
	for _, tc := range []struct {
		n    int
		args []string
	}{{15, nil}, {16, []string{"--method", "classes", "--threads", "1"}}} {
		ckpt := filepath.Join(t.TempDir(), "run.ckpt")
		args := append([]string{"solve", "-n", strconv.Itoa(tc.n), "--checkpoint", ckpt, "--quiet"}, tc.args...)
		kills := 0
		for kills < 5 {
			cmd := exec.Command(bin, args...)
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Duration(30+rng.IntN(300)) * time.Millisecond)
			cmd.Process.Kill()
			cmd.Wait()
			kills++
			// Every line written must still read back: a kill mid-write leaves at most a torn last line.
			if data, err := os.ReadFile(ckpt); err == nil && len(data) > 0 {
				if code, _, stderr := run(append(args[:len(args):len(args)], "--timeout", "1ns")...); code == ExitUsage {
					t.Fatalf("after kill %d the checkpoint is refused: %s", kills, stderr)
				}
			}
		}
		var stdout, stderr bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("queens %s, after %d kills: %v: %s", strings.Join(args, " "), kills, err, stderr.String())
		}
		if got, want := countOf(t, stdout.String()), a000170[tc.n]; got != want {
			t.Errorf("n=%d %v, resumed after %d kills: %d solutions, A000170 says %d", tc.n, tc.args, kills, got, want)
		}
	}
}

// TestShardsRoundTrip splits counts into shards run side by side as the engines would run them (xargs
// -P 2, and the variables Kubernetes, Slurm and GNU parallel set for --shard auto/M), and merges them
// (deploy/ runs the recipes themselves): the total must be the OEIS count; a missing shard must be caught.
func TestShardsRoundTrip(t *testing.T) {
	bin := queensBinary(t)
	for _, tc := range []struct {
		model []string
		want  uint64
		seq   string
	}{
		{[]string{"-n", "12"}, modeltest.OEIS(t, "A000170")[12], "A000170"},
		{[]string{"-n", "13", "--knight"}, modeltest.OEIS(t, "A051223")[13], "A051223"},
		{[]string{"-n", "10", "--attacks", "king", "--queens", "25"}, modeltest.OEIS(t, "A018807")[5], "A018807"},
	} {
		model := strings.Join(tc.model, " ")
		const m = 5
		dir := t.TempDir()
		// xargs passes each shard its index.
		script := fmt.Sprintf(`seq 0 %d | xargs -P 2 -I{} sh -c '%s solve %s --shard {}/%d --format json --quiet > %s/shard-{}.json'`,
			m-1, bin, model, m, dir)
		if out, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
			t.Fatalf("xargs: %v: %s", err, out)
		}
		files, _ := filepath.Glob(filepath.Join(dir, "shard-*.json"))
		if len(files) != m {
			t.Fatalf("%d shard files, want %d", len(files), m)
		}
		code, out, stderr := run(append([]string{"merge"}, files...)...)
		if code != 0 || countOf(t, out) != tc.want {
			t.Errorf("%s in %d shards by xargs: merge exit %d, %q %s; want %d (%s)", model, m, code, out, stderr, tc.want, tc.seq)
		}
		code, _, stderr = run(append([]string{"merge"}, files[1:]...)...)
		if code != ExitFailure || !strings.Contains(stderr, "shards missing: 0 of 0 to 4") {
			t.Errorf("a missing shard: exit %d, %q", code, stderr)
		}
		// The engines' variables, read by --shard auto/M.
		for _, engine := range []struct {
			name string
			env  func(i int) []string
		}{
			{"kubernetes", func(i int) []string { return []string{"JOB_COMPLETION_INDEX=" + strconv.Itoa(i)} }},
			{"slurm", func(i int) []string {
				return []string{"SLURM_ARRAY_TASK_ID=" + strconv.Itoa(10+i), "SLURM_ARRAY_TASK_MIN=10"}
			}},
			{"gnu parallel", func(i int) []string { return []string{"PARALLEL_SEQ=" + strconv.Itoa(i+1)} }},
		} {
			var merged []string
			edir := t.TempDir()
			for i := range m {
				cmd := exec.Command(bin, append([]string{"solve"}, append(tc.model, "--shard", "auto/5", "--format", "json", "--quiet")...)...)
				cmd.Env = append(os.Environ(), engine.env(i)...)
				out, err := cmd.Output()
				if err != nil {
					t.Fatalf("%s shard %d: %v", engine.name, i, err)
				}
				path := filepath.Join(edir, fmt.Sprintf("s%d.json", i))
				os.WriteFile(path, out, 0o644)
				merged = append(merged, path)
			}
			code, out, stderr := run(append([]string{"merge"}, merged...)...)
			if code != 0 || countOf(t, out) != tc.want {
				t.Errorf("%s with %s's variables: merge exit %d, %q %s; want %d", model, engine.name, code, out, stderr, tc.want)
			}
		}
	}
}
