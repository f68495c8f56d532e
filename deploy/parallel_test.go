//go:build unix

package deploy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
)

// fakeSSH stands in for ssh when GNU parallel runs on "remote" hosts: it runs the command here, but as a
// remote shell would, in a home folder of the host's own (where a relative path of the submitting
// folder does not exist), and leaves a mark that the host ran something.
const fakeSSH = `#!/bin/sh
while [ $# -gt 0 ]; do case $1 in -l|-p|-o) shift 2;; -*) shift;; *) break;; esac; done
host=$1; shift
[ "${1:-}" = "--" ] && shift
mkdir -p "$FAKE_HOMES/$host" && cd "$FAKE_HOMES/$host" && touch ran
exec sh -c "$*"
`

// TestParallelRecipe runs deploy/parallel/run.sh as its README says: on this machine, and on two
// "remote" hosts (GNU parallel's -S, through a stand-in for ssh whose shells start in another folder), from
// a fresh folder with the default relative output folder; then again with another M in the same folder.
// Every total must be OEIS's, each run in its own folder. It skips where GNU parallel is not installed.
func TestParallelRecipe(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Skip("GNU parallel is not installed (Debian: apt-get install parallel): deploy/parallel/run.sh did not run")
	}
	bin := modeltest.Binary(t)
	script := filepath.Join(modeltest.Root(t), "deploy", "parallel", "run.sh")
	a000170 := modeltest.OEIS(t, "A000170")
	homes := t.TempDir()
	ssh := filepath.Join(t.TempDir(), "ssh")
	if err := os.WriteFile(ssh, []byte(fakeSSH), 0o755); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	for _, tc := range []struct {
		n, m  int
		hosts string
	}{{11, 4, "1/hostA,1/hostB"}, {11, 3, ""}, {10, 5, "2/hostA"}} {
		cmd := exec.Command("sh", script, fmt.Sprint(tc.n), fmt.Sprint(tc.m))
		cmd.Dir = work
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"), "HOSTS="+tc.hosts,
			"PARALLEL_SSH="+ssh, "FAKE_HOMES="+homes, "PARALLEL_HOME="+t.TempDir())
		out, err := cmd.CombinedOutput()
		want := fmt.Sprintf("%d solutions of n=%d (", a000170[tc.n], tc.n)
		if err != nil || !strings.HasPrefix(string(out), want) || !strings.Contains(string(out), fmt.Sprintf("from M=%d shards", tc.m)) {
			t.Errorf("HOSTS=%s run.sh %d %d: %v\n%s\nwant %q…", tc.hosts, tc.n, tc.m, err, out, want)
		}
		files, _ := filepath.Glob(filepath.Join(work, "results", fmt.Sprintf("n%d-m%d", tc.n, tc.m), "shard-*.json"))
		if len(files) != tc.m {
			t.Errorf("run.sh %d %d: %d shard results in results/n%d-m%d, want %d", tc.n, tc.m, len(files), tc.n, tc.m, tc.m)
		}
		for _, h := range strings.Split(tc.hosts, ",") {
			if _, host, ok := strings.Cut(h, "/"); ok {
				if _, err := os.Stat(filepath.Join(homes, host, "ran")); err != nil {
					t.Errorf("HOSTS=%s: %s ran nothing", tc.hosts, host)
				}
			}
		}
	}
	// Bad arguments: exit 2, one line.
	for _, args := range [][]string{{}, {"x"}, {"10", "0"}, {"10", "4", "-1"}} {
		cmd := exec.Command("sh", append([]string{script}, args...)...)
		cmd.Dir = t.TempDir()
		out, err := cmd.CombinedOutput()
		if code := exitCode(err); code != 2 || !strings.Contains(string(out), "usage: ") {
			t.Errorf("run.sh %v: exit %d, %q; want 2 and the usage", args, code, out)
		}
	}
}

func exitCode(err error) int {
	if e, ok := err.(*exec.ExitError); ok {
		return e.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}
