//go:build linux

package deploy

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/modeltest"
)

// slurmBudget bounds the whole Slurm test, daemons included: past it every process is killed and the test
// fails, so that a Slurm that never schedules cannot hang CI. The run takes about 15 s.
const slurmBudget = 2 * time.Minute

// TestSlurmRecipe runs deploy/slurm as its README says, on a one-node Slurm cluster of its own (munged,
// slurmctld and slurmd started here, on free ports, in a temporary folder): two arrays submitted from one
// fresh folder at once (n=12 as --array=0-3, n=10 as --array=1-2, whose indices do not start at 0), each
// with its merge job chained by --dependency=afterok. Both totals must be OEIS's, in their own folders.
// It skips, saying why, where Slurm is not installed or the test is not root (slurmd runs jobs as root).
func TestSlurmRecipe(t *testing.T) {
	for _, tool := range []string{"slurmctld", "slurmd", "sbatch", "squeue", "munged"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (Debian: apt-get install slurm-wlm munge): the Slurm recipe did not run", tool)
		}
	}
	if os.Geteuid() != 0 {
		t.Skip("the Slurm recipe runs a slurmd of its own, which needs root: not run")
	}
	bin := modeltest.Binary(t)
	root := modeltest.Root(t)
	ctx, cancel := context.WithTimeout(context.Background(), slurmBudget)
	t.Cleanup(cancel) // after the cluster's own cleanups, which need it running
	began := time.Now()
	c := startSlurm(ctx, t)
	t.Logf("Slurm up in %v", time.Since(began).Round(time.Millisecond))

	work := t.TempDir() // the fresh folder the user submits from
	env := append(os.Environ(), "SLURM_CONF="+c.conf, "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
	sh := func(command string) string {
		t.Helper()
		cmd := exec.CommandContext(ctx, "bash", "-c", command)
		cmd.Dir, cmd.Env = work, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s\n%s", command, err, out, c.logs())
		}
		return strings.TrimSpace(string(out))
	}
	array := filepath.Join(root, "deploy", "slurm", "queens-array.sbatch")
	merge := filepath.Join(root, "deploy", "slurm", "queens-merge.sbatch")
	a000170 := modeltest.OEIS(t, "A000170")
	runs := []struct {
		n     int
		array string
		dir   string
	}{{12, "0-3", "results/n12-m4"}, {10, "1-2", "results/n10-m2"}}
	var jobs []string
	for _, r := range runs {
		// The node has 2 CPUs: one per task lets two run at once. The recipe as the README gives it.
		jid := sh(fmt.Sprintf("sbatch --parsable --array=%s --cpus-per-task=1 --mem=200M %s %d", r.array, array, r.n))
		mid := sh(fmt.Sprintf("sbatch --parsable --dependency=afterok:%s %s %s", jid, merge, r.dir))
		jobs = append(jobs, jid, mid)
	}
	for squeue := "x"; squeue != ""; {
		if ctx.Err() != nil {
			t.Fatalf("the jobs did not end within %v; squeue:\n%s\n%s", slurmBudget, sh("squeue"), c.logs())
		}
		time.Sleep(500 * time.Millisecond)
		squeue = sh("squeue -h -o '%i %T %r' -j " + strings.Join(jobs, ","))
		if strings.Contains(squeue, "DependencyNeverSatisfied") {
			t.Fatalf("an array task failed, so its merge will never run:\n%s\n%s", squeue, taskLogs(work))
		}
	}
	t.Logf("the jobs ended %v after the start", time.Since(began).Round(time.Millisecond))
	for _, r := range runs {
		data, err := os.ReadFile(filepath.Join(work, r.dir+".txt"))
		want := fmt.Sprintf("%d solutions of n=%d (", a000170[r.n], r.n)
		if err != nil || !strings.HasPrefix(string(data), want) || !strings.Contains(string(data), fmt.Sprintf("from M=%d shards", len(strings.Split(sh("ls "+r.dir+"/*.json"), "\n")))) {
			t.Errorf("n=%d: %s.txt = %q, %v; want %q…\n%s", r.n, r.dir, data, err, want, taskLogs(work))
		}
	}
	// Every task's log is where Slurm opened it, in the submit folder.
	if logs, _ := filepath.Glob(filepath.Join(work, "queens-*_*.log")); len(logs) != 6 {
		t.Errorf("%d array task logs in the submit folder, want 6: %v", len(logs), logs)
	}
}

// taskLogs returns the jobs' logs in the submit folder.
func taskLogs(work string) string {
	logs, _ := filepath.Glob(filepath.Join(work, "*.log"))
	var text []string
	for _, l := range logs {
		b, _ := os.ReadFile(l)
		text = append(text, filepath.Base(l)+":\n"+string(b))
	}
	return strings.Join(text, "\n")
}

// slurmCluster is a one-node Slurm cluster run by a test.
type slurmCluster struct {
	dir, conf string
}

func (c *slurmCluster) logs() string {
	var out []string
	for _, name := range []string{"slurmctld.log", "slurmd.log"} {
		b, _ := os.ReadFile(filepath.Join(c.dir, name))
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		out = append(out, name+":\n"+strings.Join(lines[max(0, len(lines)-15):], "\n"))
	}
	return strings.Join(out, "\n")
}

// startSlurm starts munged, slurmctld and slurmd on free ports with their files in a temporary folder,
// waits until the node takes jobs, and stops them all when the test ends (or ctx does).
func startSlurm(ctx context.Context, t *testing.T) *slurmCluster {
	t.Helper()
	// Unix socket paths are short (108 bytes): a folder of its own under /tmp, not t.TempDir's long name.
	dir, err := os.MkdirTemp("", "qslurm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil { // munged refuses a socket in a folder others cannot enter
		t.Fatal(err)
	}
	c := &slurmCluster{dir: dir, conf: filepath.Join(dir, "slurm.conf")}
	for _, sub := range []string{"state", "spool"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	key := make([]byte, 1024)
	for i := range key {
		key[i] = byte(i*7919 + 13)
	}
	if err := os.WriteFile(filepath.Join(dir, "munge.key"), key, 0o400); err != nil {
		t.Fatal(err)
	}
	host, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	ports := freePorts(t, 2)
	conf := fmt.Sprintf(`ClusterName=queenstest
SlurmctldHost=%[2]s(127.0.0.1)
SlurmctldPort=%[3]d
SlurmdPort=%[4]d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%[1]s/munge.sock
StateSaveLocation=%[1]s/state
SlurmdSpoolDir=%[1]s/spool
SlurmctldPidFile=%[1]s/slurmctld.pid
SlurmdPidFile=%[1]s/slurmd.pid
SlurmctldLogFile=%[1]s/slurmctld.log
SlurmdLogFile=%[1]s/slurmd.log
ProctrackType=proctrack/pgid
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
MpiDefault=none
ReturnToService=2
SchedulerType=sched/builtin
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
NodeName=qnode NodeHostname=%[2]s NodeAddr=127.0.0.1 CPUs=2 RealMemory=2000 State=UNKNOWN
PartitionName=q Nodes=qnode Default=YES MaxTime=INFINITE State=UP
`, dir, host, ports[0], ports[1])
	if err := os.WriteFile(c.conf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "SLURM_CONF="+c.conf)
	// start starts a daemon in the foreground, in a process group of its own; the returned function fails
	// the test with the daemon's output if it has ended.
	start := func(name string, args ...string) (dead func() bool) {
		cmd := exec.Command(name, args...)
		cmd.Env = env
		cmd.Dir = dir
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		out, err := os.Create(filepath.Join(dir, name+".out"))
		if err != nil {
			t.Fatal(err)
		}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		done := make(chan struct{})
		go func() {
			cmd.Wait()
			out.Close()
			close(done)
		}()
		stop := func() { // the cluster's state is thrown away: no need to let it save it
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
		go func() { // the budget ends: stop at once, whatever the test is waiting for
			select {
			case <-ctx.Done():
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			case <-done:
			}
		}()
		t.Cleanup(stop)
		return func() bool {
			select {
			case <-done:
				b, _ := os.ReadFile(filepath.Join(dir, name+".out"))
				t.Fatalf("%s ended: %s\n%s", name, b, c.logs())
				return true
			default:
				return false
			}
		}
	}
	mungedDead := start("munged", "-F", "--socket="+dir+"/munge.sock", "--key-file="+dir+"/munge.key",
		"--pid-file="+dir+"/munged.pid", "--log-file="+dir+"/munged.log", "--seed-file="+dir+"/munged.seed")
	waitFor(ctx, t, "munged's socket", func() bool {
		_, err := os.Stat(filepath.Join(dir, "munge.sock"))
		return err == nil || mungedDead()
	})
	ctldDead := start("slurmctld", "-D", "-f", c.conf)
	slurmdDead := start("slurmd", "-D", "-f", c.conf, "-N", "qnode")
	t.Cleanup(func() { // jobs first, while the daemons still run
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		cmd := exec.CommandContext(sctx, "scancel", "--full", "-u", "root")
		cmd.Env = env
		cmd.Run()
	})
	waitFor(ctx, t, "the node to take jobs", func() bool {
		cmd := exec.CommandContext(ctx, "sinfo", "-h", "-o", "%t")
		cmd.Env = env
		out, err := cmd.Output()
		return err == nil && strings.TrimSpace(string(out)) == "idle" || ctldDead() || slurmdDead()
	})
	return c
}

// freePorts returns k TCP ports on the loopback that were free a moment ago.
func freePorts(t *testing.T, k int) []int {
	t.Helper()
	var ports []int
	var ls []net.Listener
	for range k {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		ls = append(ls, l)
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	for _, l := range ls {
		l.Close()
	}
	return ports
}

// waitFor polls ok until it holds, failing the test when ctx ends first.
func waitFor(ctx context.Context, t *testing.T, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		select {
		case <-ctx.Done():
			t.Fatalf("waiting for %s: %v", what, ctx.Err())
		case <-time.After(200 * time.Millisecond):
		}
	}
}
