package check

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// decode reads the manifest file into v strictly: an unknown field, a field of the wrong type or a key
// given twice is an error.
func decode(t *testing.T, name string, v any) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.UnmarshalStrict(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return data
}

func TestStrictDecodeRefusesMistakes(t *testing.T) {
	for _, bad := range []string{
		"apiVersion: batch/v1\nkind: Job\nspec: {completion: 4}\n",                              // misspelt
		"apiVersion: batch/v1\nkind: Job\nspec: {completions: four}\n",                          // wrong type
		"apiVersion: batch/v1\nkind: Job\nspec: {completions: 4, completions: 5}\n",             // twice
		"apiVersion: batch/v1\nkind: Job\nspec: {template: {spec: {containers: [{nam: x}]}}}\n", // deep
	} {
		var job batchv1.Job
		if err := yaml.UnmarshalStrict([]byte(bad), &job); err == nil {
			t.Errorf("strict decoding took %q", bad)
		}
	}
}

// env returns the value of the container's variable name.
func env(c corev1.Container, name string) string {
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	return ""
}

// script returns the shell a container runs through /bin/sh -c.
func script(t *testing.T, what string, c corev1.Container) string {
	t.Helper()
	if len(c.Command) != 2 || c.Command[0] != "/bin/sh" || c.Command[1] != "-c" || len(c.Args) != 1 {
		t.Fatalf("%s: want command [/bin/sh, -c] and one argument, got %q %q", what, c.Command, c.Args)
	}
	// Kubernetes expands $(NAME) in command and args before the shell sees them; the scripts use the
	// shell's own $NAME, so that what runs is what is written.
	if strings.Contains(c.Args[0], "$(") {
		t.Errorf("%s: $( in the script: Kubernetes would expand it first; use $NAME", what)
	}
	return c.Args[0]
}

// claim returns the volume claim mounted at /results.
func claim(t *testing.T, what string, spec corev1.PodSpec) string {
	t.Helper()
	for _, c := range spec.Containers {
		for _, m := range c.VolumeMounts {
			if m.MountPath != "/results" {
				continue
			}
			for _, v := range spec.Volumes {
				if v.Name == m.Name && v.PersistentVolumeClaim != nil {
					return v.PersistentVolumeClaim.ClaimName
				}
			}
		}
	}
	t.Fatalf("%s: no persistent volume claim mounted at /results", what)
	return ""
}

// checkResources holds each container's requests to at most its limits.
func checkResources(t *testing.T, what string, spec corev1.PodSpec) {
	for _, c := range spec.Containers {
		for name, req := range c.Resources.Requests {
			if lim, ok := c.Resources.Limits[name]; ok && req.Cmp(lim) > 0 {
				t.Errorf("%s: %s request %s above its limit %s", what, name, req.String(), lim.String())
			}
		}
		for _, e := range c.Env {
			// YAML 1.1, which Kubernetes reads, takes y, n, yes, no, on, off for booleans: "name: N" names
			// a variable "false".
			if e.Name == "true" || e.Name == "false" {
				t.Errorf("%s: a variable named %q: a name YAML reads as a boolean (such as N or Y); quote it or rename it", what, e.Name)
			}
		}
		if c.Image == "" {
			t.Errorf("%s: container %s has no image", what, c.Name)
		}
	}
}

// TestManifests decodes every manifest strictly and holds them to one another.
func TestManifests(t *testing.T) {
	var job, merge batchv1.Job
	var pod corev1.Pod
	decode(t, "indexed-job.yaml", &job)
	decode(t, "merge-job.yaml", &merge)
	decode(t, "results-pod.yaml", &pod)
	for _, m := range []struct {
		what, kind, api string
		wantKind        string
	}{{"indexed-job.yaml", job.Kind, job.APIVersion, "Job"}, {"merge-job.yaml", merge.Kind, merge.APIVersion, "Job"}, {"results-pod.yaml", pod.Kind, pod.APIVersion, "Pod"}} {
		wantAPI := map[string]string{"Job": "batch/v1", "Pod": "v1"}[m.wantKind]
		if m.kind != m.wantKind || m.api != wantAPI {
			t.Errorf("%s: %s %s, want %s %s", m.what, m.api, m.kind, wantAPI, m.wantKind)
		}
	}

	s := job.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Fatalf("indexed-job.yaml: completionMode %v, want Indexed (JOB_COMPLETION_INDEX is set only then)", s.CompletionMode)
	}
	if len(s.Template.Spec.Containers) != 1 {
		t.Fatalf("indexed-job.yaml: %d containers, want 1", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	n, m := env(c, "QUEENS_N"), env(c, "QUEENS_M")
	mi, err := strconv.Atoi(m)
	if _, nerr := strconv.Atoi(n); nerr != nil || err != nil || mi < 1 {
		t.Fatalf("indexed-job.yaml: QUEENS_N=%q QUEENS_M=%q, want whole numbers", n, m)
	}
	switch {
	case s.Completions == nil || int(*s.Completions) != mi:
		t.Errorf("indexed-job.yaml: completions %v, but QUEENS_M=%d: one pod per shard", s.Completions, mi)
	case s.Parallelism == nil || *s.Parallelism < 1 || *s.Parallelism > *s.Completions:
		t.Errorf("indexed-job.yaml: parallelism %v, want 1 to completions", s.Parallelism)
	case s.BackoffLimitPerIndex == nil:
		t.Errorf("indexed-job.yaml: no backoffLimitPerIndex: one index failing for good would fail the rest")
	case s.Template.Spec.RestartPolicy != corev1.RestartPolicyNever:
		t.Errorf("indexed-job.yaml: restartPolicy %q; backoffLimitPerIndex needs Never", s.Template.Spec.RestartPolicy)
	case job.Name != fmt.Sprintf("queens-n%s-m%s", n, m):
		t.Errorf("indexed-job.yaml: name %q, want queens-n%s-m%s (the names the docs use)", job.Name, n, m)
	}
	run := script(t, "indexed-job.yaml", c)
	if !strings.Contains(run, "$JOB_COMPLETION_INDEX") {
		t.Errorf("indexed-job.yaml: the script does not read $JOB_COMPLETION_INDEX")
	}

	if len(merge.Spec.Template.Spec.Containers) != 1 {
		t.Fatalf("merge-job.yaml: %d containers, want 1", len(merge.Spec.Template.Spec.Containers))
	}
	mc := merge.Spec.Template.Spec.Containers[0]
	if env(mc, "QUEENS_N") != n || env(mc, "QUEENS_M") != m || merge.Name != job.Name+"-merge" {
		t.Errorf("merge-job.yaml: %s with QUEENS_N=%q QUEENS_M=%q, want %s-merge with indexed-job.yaml's QUEENS_N=%s QUEENS_M=%s", merge.Name, env(mc, "QUEENS_N"), env(mc, "QUEENS_M"), job.Name, n, m)
	}
	if merge.Spec.Template.Spec.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("merge-job.yaml: restartPolicy %q, want Never", merge.Spec.Template.Spec.RestartPolicy)
	}
	script(t, "merge-job.yaml", mc)
	for what, spec := range map[string]corev1.PodSpec{"indexed-job.yaml": s.Template.Spec, "merge-job.yaml": merge.Spec.Template.Spec, "results-pod.yaml": pod.Spec} {
		checkResources(t, what, spec)
		if got, want := claim(t, what, spec), claim(t, "indexed-job.yaml", s.Template.Spec); got != want {
			t.Errorf("%s: claim %q, want indexed-job.yaml's %q", what, got, want)
		}
	}
	if img := c.Image; mc.Image != img || pod.Spec.Containers[0].Image != img {
		t.Errorf("images differ: %s, %s, %s", img, mc.Image, pod.Spec.Containers[0].Image)
	}
}

// TestScriptsRun runs the shell of each pod of the Indexed Job here, with a small n and M, a folder for
// the volume and JOB_COMPLETION_INDEX set as Kubernetes sets it, then the merge Job's shell: the total
// must be OEIS's A000170. A pod run twice (a retry after its result was written) must change nothing.
func TestScriptsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds queens: not in -short")
	}
	var job, merge batchv1.Job
	decode(t, "indexed-job.yaml", &job)
	decode(t, "merge-job.yaml", &merge)
	bin := filepath.Join(t.TempDir(), "queens")
	build := exec.Command("go", "build", "-o", bin, "./cmd/queens")
	build.Dir = filepath.Join("..", "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	vol := t.TempDir()
	local := func(s string) string { return strings.ReplaceAll(s, "/results", vol) }
	const n, m = 10, 3
	sh := func(what, script string, extra ...string) string {
		cmd := exec.Command("/bin/sh", "-c", local(script))
		cmd.Env = append(os.Environ(), append([]string{"PATH=" + filepath.Dir(bin) + ":" + os.Getenv("PATH"),
			fmt.Sprintf("QUEENS_N=%d", n), fmt.Sprintf("QUEENS_M=%d", m)}, extra...)...)
		var out, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s%s", what, err, out.String(), stderr.String())
		}
		return out.String()
	}
	pod := job.Spec.Template.Spec.Containers[0].Args[0]
	for i := range m {
		sh(fmt.Sprintf("pod %d", i), pod, fmt.Sprintf("JOB_COMPLETION_INDEX=%d", i))
	}
	first, _ := os.ReadFile(filepath.Join(vol, "n10-m3", "shard-1.json"))
	sh("pod 1 again", pod, "JOB_COMPLETION_INDEX=1")
	if again, _ := os.ReadFile(filepath.Join(vol, "n10-m3", "shard-1.json")); !bytes.Equal(first, again) {
		t.Errorf("a retried pod rewrote its finished result")
	}
	out := sh("merge", merge.Spec.Template.Spec.Containers[0].Args[0])
	if !regexp.MustCompile(`(?m)^724 solutions of n=10 \(.*\), from M=3 shards`).MatchString(out) || !strings.Contains(out, `"count":724`) {
		t.Errorf("merge printed %q, want 724 (A000170) in text and JSON", out)
	}
	if total, err := os.ReadFile(filepath.Join(vol, "n10-m3.txt")); err != nil || !strings.HasPrefix(string(total), "724 solutions") {
		t.Errorf("n10-m3.txt on the volume: %q, %v", total, err)
	}
}
