package runfile

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// ParseShard reads "I/M" (0 ≤ I < M), or "auto/M", which takes I from the environment of the engine that
// started the process (see Engines). getenv reads the environment.
func ParseShard(s string, getenv func(string) string) (solvers.Shard, error) {
	is, ms, ok := strings.Cut(s, "/")
	m, err := strconv.Atoi(ms)
	if !ok || err != nil || m < 1 || m > MaxShards {
		return solvers.Shard{}, fmt.Errorf("want I/M or auto/M with 1 ≤ M ≤ %d, got %q", MaxShards, s)
	}
	var i int
	var from string // where auto found the index, for messages
	if is == "auto" {
		i, from, err = shardFromEnv(getenv)
		if err != nil {
			return solvers.Shard{}, err
		}
	} else if i, err = strconv.Atoi(is); err != nil {
		return solvers.Shard{}, fmt.Errorf("want I/M or auto/M, got %q", s)
	}
	if i < 0 || i >= m {
		if from != "" {
			return solvers.Shard{}, fmt.Errorf("shard auto/%d: %s makes shard %d, but the index must be 0 to %d", m, from, i, m-1)
		}
		return solvers.Shard{}, fmt.Errorf("shard %d of %d: the index must be 0 to %d", i, m, m-1)
	}
	return solvers.Shard{Index: i, Of: m}, nil
}

// MaxShards bounds the number of shards a count may be split into.
const MaxShards = 1 << 20

// Engine is an array-job engine and how it tells a task its index.
type Engine struct {
	Name string
	// Var is the variable that holds the index; Base the variable holding the first index, or "".
	Var, Base string
	// One is true when the index counts from 1.
	One bool
}

// Engines are the engines --shard auto/M reads; where more than one's index is set, it asks for I/M.
var Engines = []Engine{
	{Name: "Kubernetes Indexed Job", Var: "JOB_COMPLETION_INDEX"},
	{Name: "Slurm array job", Var: "SLURM_ARRAY_TASK_ID", Base: "SLURM_ARRAY_TASK_MIN"},
	{Name: "GNU parallel", Var: "PARALLEL_SEQ", One: true},
}

// shardFromEnv returns the shard index the environment gives, and where it found it, for messages:
// `PARALLEL_SEQ="0" (GNU parallel, which counts from 1)`.
func shardFromEnv(getenv func(string) string) (int, string, error) {
	var set []string
	for _, e := range Engines {
		if v := getenv(e.Var); v != "" {
			set = append(set, fmt.Sprintf("%s=%q (%s)", e.Var, v, e.Name))
		}
	}
	if len(set) > 1 {
		// An engine run inside another (GNU parallel in a Kubernetes pod): which index names the shard
		// is the user's to say, not a guess that could count one shard twice.
		return 0, "", fmt.Errorf("shard auto: %s: more than one engine's index is set; give it as --shard I/M", strings.Join(set, " and "))
	}
	for _, e := range Engines {
		v := getenv(e.Var)
		if v == "" {
			continue
		}
		i, err := strconv.Atoi(v)
		if err != nil {
			return 0, "", fmt.Errorf("%s=%q (%s): not a whole number", e.Var, v, e.Name)
		}
		from := fmt.Sprintf("%s=%q (%s", e.Var, v, e.Name)
		if e.Base != "" {
			if b := getenv(e.Base); b != "" {
				base, err := strconv.Atoi(b)
				if err != nil {
					return 0, "", fmt.Errorf("%s=%q (%s): not a whole number", e.Base, b, e.Name)
				}
				i -= base
				from += fmt.Sprintf(", less %s=%q", e.Base, b)
			}
		}
		if e.One {
			i--
			from += ", which counts from 1"
		}
		return i, from + ")", nil
	}
	var names []string
	for _, e := range Engines {
		names = append(names, fmt.Sprintf("%s (%s)", e.Var, e.Name))
	}
	return 0, "", fmt.Errorf("shard auto: no engine's index in the environment (want one of %s)", strings.Join(names, ", "))
}

// ShardResult is what one shard of a count writes: which run and which shard it is, the tasks it
// counted with each task's count, and their sum.
type ShardResult struct {
	Format      string `json:"queens_shard"`
	Fingerprint string `json:"fingerprint"`
	Model       string `json:"model"`
	Method      string `json:"method"`
	Key         string `json:"key"`
	Version     string `json:"version"`
	Shard       struct {
		Index int `json:"index"`
		Of    int `json:"of"`
	} `json:"shard"`
	// TotalTasks is the length of the whole task list.
	TotalTasks int `json:"total_tasks"`
	// Tasks lists [task, count] for every task of the shard, in order.
	Tasks [][2]uint64 `json:"tasks"`
	Count uint64      `json:"count"`
	// Stopped, when set, says why the shard ended before its last task ("timed out after 1h"): Tasks
	// then lists the tasks that finished, and Merge refuses the shard.
	Stopped string `json:"stopped,omitempty"`
}

const shardFormat = "1"

// NewShardResult returns the result of shard s of run r, from the tallies of its tasks.
func NewShardResult(r Run, s solvers.Shard, done map[int]solvers.Tally) (ShardResult, error) {
	return newShardResult(r, s, done, "")
}

// NewStoppedShardResult returns the result of shard s of run r stopped for the reason why before all
// its tasks were counted: the tasks in done and their sum, marked so that Merge refuses it.
func NewStoppedShardResult(r Run, s solvers.Shard, done map[int]solvers.Tally, why string) (ShardResult, error) {
	if why == "" {
		why = "stopped"
	}
	return newShardResult(r, s, done, why)
}

func newShardResult(r Run, s solvers.Shard, done map[int]solvers.Tally, stopped string) (ShardResult, error) {
	res := ShardResult{Stopped: stopped, Tasks: [][2]uint64{}, Format: shardFormat, Fingerprint: r.Fingerprint(), Model: r.Model, Method: r.Method, Key: r.Key,
		Version: r.Version, TotalTasks: r.Tasks}
	res.Shard.Index, res.Shard.Of = s.Index, max(s.Of, 1)
	var sum solvers.Tally
	for i := range r.Tasks {
		if !s.Has(i) {
			continue
		}
		t, ok := done[i]
		if !ok && stopped != "" {
			continue
		}
		if !ok {
			return ShardResult{}, fmt.Errorf("shard %s: task %d was not counted", s, i)
		}
		if err := sum.Add(t); err != nil {
			return ShardResult{}, err
		}
		res.Tasks = append(res.Tasks, [2]uint64{uint64(i), t.Count})
	}
	res.Count = sum.Count
	return res, nil
}

// MaxTasks bounds the task list a shard result may describe: every solver's list is far shorter (at most
// 2^16 tasks), and Merge keeps a flag per task.
const MaxTasks = 1 << 24

// MaxShardFile bounds a shard result file Merge reads.
const MaxShardFile = 256 << 20

// Merged is the sum of a complete set of shards.
type Merged struct {
	Count  uint64
	Shards int
	Tasks  int
	Run    ShardResult // the first shard, for the run's description
	// Model is the model the shards counted, read back from their text once it was checked.
	Model constraints.Model
}

// ErrDuplicate is wrapped by Merge's error for a shard given twice.
var ErrDuplicate = errors.New("shard given twice")

// Merge checks that the shards make one whole count and adds them up: one fingerprint and one M for all,
// every shard 0 … M−1 present once (an identical copy of a shard is accepted only with allowSame, as a
// retried array task may leave two), every task of the list counted exactly once, each shard's count the
// sum of its tasks, and no sum past 64 bits. names[i] names shards[i] in errors.
func Merge(names []string, shards []ShardResult, allowSame bool) (Merged, error) {
	if len(shards) == 0 {
		return Merged{}, errors.New("no shards given")
	}
	first := shards[0]
	model, err := first.verify()
	if err != nil {
		return Merged{}, fmt.Errorf("%s: %w", names[0], err)
	}
	m := first.Shard.Of
	byIndex := make(map[int]int, m)
	var total uint64
	seen := make([]bool, first.TotalTasks)
	for k, s := range shards {
		if err := sameRun(names, k, s, first); err != nil {
			return Merged{}, err
		}
		switch {
		case s.Shard.Of != m:
			return Merged{}, fmt.Errorf("%s: shard %d of %d, but %s is one of %d", names[k], s.Shard.Index, s.Shard.Of, names[0], m)
		case s.Shard.Index < 0 || s.Shard.Index >= m || m > s.TotalTasks || s.TotalTasks != first.TotalTasks:
			return Merged{}, fmt.Errorf("%s: corrupted: shard %d of %d, %d tasks", names[k], s.Shard.Index, m, s.TotalTasks)
		}
		if s.Stopped != "" {
			return Merged{}, fmt.Errorf("%s: shard %d of %d is incomplete (%s, %d of its tasks counted): run it again (with its --checkpoint it resumes)",
				names[k], s.Shard.Index, m, s.Stopped, len(s.Tasks))
		}
		if j, dup := byIndex[s.Shard.Index]; dup {
			if allowSame && slices.Equal(shards[j].Tasks, s.Tasks) && shards[j].Count == s.Count {
				continue
			}
			return Merged{}, fmt.Errorf("%s: shard %d given again (first in %s): %w", names[k], s.Shard.Index, names[j], ErrDuplicate)
		}
		byIndex[s.Shard.Index] = k
		var sum uint64
		for _, t := range s.Tasks {
			i := int(t[0])
			if t[0] >= uint64(len(seen)) || i%m != s.Shard.Index {
				return Merged{}, fmt.Errorf("%s: corrupted: task %d does not belong to shard %d of %d", names[k], t[0], s.Shard.Index, m)
			}
			if seen[i] {
				return Merged{}, fmt.Errorf("%s: corrupted: task %d listed twice", names[k], i)
			}
			seen[i] = true
			var carry uint64
			if sum, carry = bits.Add64(sum, t[1], 0); carry != 0 {
				return Merged{}, fmt.Errorf("%s: %w", names[k], solvers.ErrOverflow)
			}
		}
		if sum != s.Count {
			return Merged{}, fmt.Errorf("%s: corrupted: its tasks sum to %d, its count says %d", names[k], sum, s.Count)
		}
		var carry uint64
		if total, carry = bits.Add64(total, sum, 0); carry != 0 {
			return Merged{}, solvers.ErrOverflow
		}
	}
	var missing []string
	for i := range m {
		if _, ok := byIndex[i]; !ok && len(missing) < 10 {
			missing = append(missing, strconv.Itoa(i))
		}
	}
	if len(missing) > 0 {
		return Merged{}, fmt.Errorf("shards missing: %s of 0 to %d", strings.Join(missing, ", "), m-1)
	}
	for i, ok := range seen {
		if !ok {
			return Merged{}, fmt.Errorf("task %d of %d is in no shard given", i, len(seen))
		}
	}
	return Merged{Count: total, Shards: m, Tasks: first.TotalTasks, Run: first, Model: model}, nil
}

// ShareText makes the text fields of s that equal those of first share first's memory, so that the
// shards of one count, read one after another, hold one copy of their model text between them, not one
// each. A field that differs is left as it is, for Merge to name.
func (s *ShardResult) ShareText(first ShardResult) {
	for _, f := range []struct{ mine, theirs *string }{
		{&s.Fingerprint, &first.Fingerprint}, {&s.Model, &first.Model}, {&s.Method, &first.Method},
		{&s.Key, &first.Key}, {&s.Version, &first.Version},
	} {
		if *f.mine == *f.theirs {
			*f.mine = *f.theirs
		}
	}
}

// run returns the run s names.
func (s ShardResult) run() Run {
	return Run{Model: s.Model, Method: s.Method, Key: s.Key, Tasks: s.TotalTasks, Version: s.Version}
}

// verify checks that s's fingerprint is the one of its fields and that its model text is a model's
// canonical text, and returns that model. A shard whose text was changed after it was written, even
// only where no count depends on it, is refused: what merge prints comes from what it checked.
func (s ShardResult) verify() (constraints.Model, error) {
	if s.run().Fingerprint() != s.Fingerprint {
		return constraints.Model{}, badField("fingerprint", "%q is not the one of its model, method, key, total_tasks and version: the file was changed after it was written", short(s.Fingerprint))
	}
	m, err := ParseModel(s.Model)
	if err != nil {
		return constraints.Model{}, badField("model", "%v", err)
	}
	return m, nil
}

// sameRun checks that shards[k], s, is of the run of first, a shard verify has accepted, field by field:
// every field that merge prints or that the fingerprint covers. names name the files in errors.
func sameRun(names []string, k int, s, first ShardResult) error {
	for _, f := range []struct{ name, got, want string }{
		{"model", s.Model, first.Model},
		{"method", s.Method, first.Method},
		{"key", s.Key, first.Key},
		{"version", s.Version, first.Version},
		{"total_tasks", strconv.Itoa(s.TotalTasks), strconv.Itoa(first.TotalTasks)},
	} {
		if f.got != f.want {
			return fmt.Errorf("%s: from another run than %s: its %s: the shards of one count agree on every field but their own tasks", names[k], names[0], firstDifference(f.name, f.got, f.want))
		}
	}
	if s.Fingerprint != first.Fingerprint {
		return fmt.Errorf("%s: %w", names[k], badField("fingerprint", "%q is not the one of its model, method, key, total_tasks and version: the file was changed after it was written", short(s.Fingerprint)))
	}
	return nil
}

// firstDifference names the first line where two texts of field differ, and shows both lines: `model
// line 1 is "board 13 13", not "board 12 12"`.
func firstDifference(field, got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; ; i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			if len(g) == 1 && len(w) == 1 {
				return fmt.Sprintf("%s is %q, not %q", field, short(gl), short(wl))
			}
			return fmt.Sprintf("%s line %d is %q, not %q", field, i+1, short(gl), short(wl))
		}
	}
}

// CrossCheck holds the per-task counts of shards (a set Merge has accepted) against those of others,
// shard results of the same run from another run of it (another M, another machine, a rerun): a task
// counted in both must have the same count in both. Merge alone cannot see a shard whose task counts and
// sum were edited to agree with each other; a second count of the same tasks can. others need not cover
// every task, but each must come from the same run and be sound in itself (its tasks sum to its count).
// CrossCheck returns how many tasks it compared. names and otherNames name the files in errors.
func CrossCheck(names []string, shards []ShardResult, otherNames []string, others []ShardResult) (int, error) {
	if len(shards) == 0 {
		return 0, errors.New("no shards given")
	}
	first := shards[0]
	count := make([]uint64, first.TotalTasks)
	from := make([]int32, first.TotalTasks) // 1 + the index of the shard that counted the task, or 0
	for k, s := range shards {
		for _, t := range s.Tasks {
			if t[0] >= uint64(len(count)) {
				return 0, fmt.Errorf("%s: corrupted: task %d of a list of %d", names[k], t[0], len(count))
			}
			count[t[0]], from[t[0]] = t[1], int32(k+1)
		}
	}
	checked := make([]bool, first.TotalTasks)
	n := 0
	if _, err := first.verify(); err != nil {
		return 0, fmt.Errorf("%s: %w", names[0], err)
	}
	for k, o := range others {
		// sameRun names the other file as its k-th name, and the first shard as its 0th.
		if err := sameRun([]string{names[0], otherNames[k]}, 1, o, first); err != nil {
			return n, err
		}
		var sum uint64
		for _, t := range o.Tasks {
			var carry uint64
			if sum, carry = bits.Add64(sum, t[1], 0); carry != 0 {
				return n, fmt.Errorf("%s: %w", otherNames[k], solvers.ErrOverflow)
			}
			i := int(t[0])
			if from[i] == 0 {
				continue
			}
			if count[i] != t[1] {
				return n, fmt.Errorf("task %d: %s counts %d, %s counts %d: one of them is wrong (count the task again: --shard %d/%d)",
					i, names[from[i]-1], count[i], otherNames[k], t[1], i%first.Shard.Of, first.Shard.Of)
			}
			if !checked[i] {
				checked[i] = true
				n++
			}
		}
		if sum != o.Count {
			return n, fmt.Errorf("%s: corrupted: its tasks sum to %d, its count says %d", otherNames[k], sum, o.Count)
		}
	}
	return n, nil
}
