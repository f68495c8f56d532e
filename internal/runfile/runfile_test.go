package runfile

import (
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

var run = Run{Model: constraints.Classic(8).Canonical(), Method: "join", Key: "join n=8 tasks=5", Tasks: 5, Version: "test"}

func TestCheckpointResume(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	c, err := Open(path, run)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Done) != 0 {
		t.Fatalf("a new checkpoint holds %v", c.Done)
	}
	for _, i := range []int{3, 0, 4} {
		if err := c.Record(i, solvers.Tally{Count: uint64(10 * i), Classes: uint64(i)}); err != nil {
			t.Fatal(err)
		}
	}
	c.Close()
	c, err = Open(path, run)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	want := map[int]solvers.Tally{0: {}, 3: {Count: 30, Classes: 3}, 4: {Count: 40, Classes: 4}}
	if len(c.Done) != 3 || c.Done[3] != want[3] || c.Done[4] != want[4] || c.Torn {
		t.Errorf("reopened: %v (torn %v), want %v", c.Done, c.Torn, want)
	}
}

func TestCheckpointTornLine(t *testing.T) {
	for _, tail := range []string{"2 2", "2 20 0 deadbe", "2 20 0 00000000\n"[:15]} {
		path := filepath.Join(t.TempDir(), "c.ckpt")
		c, err := Open(path, run)
		if err != nil {
			t.Fatal(err)
		}
		c.Record(1, solvers.Tally{Count: 7})
		c.Close()
		f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(tail) // a kill in the middle of a write
		f.Close()
		c, err = Open(path, run)
		if err != nil {
			t.Fatalf("torn %q: %v", tail, err)
		}
		if !c.Torn || len(c.Done) != 1 || c.Done[1].Count != 7 {
			t.Errorf("torn %q: done %v, torn %v; want task 1 alone, torn", tail, c.Done, c.Torn)
		}
		if err := c.Record(2, solvers.Tally{Count: 9}); err != nil {
			t.Fatal(err)
		}
		c.Close()
		c, err = Open(path, run)
		if err != nil || len(c.Done) != 2 || c.Done[2].Count != 9 || c.Torn {
			t.Errorf("torn %q, after a record: %v, %v (torn %v): the torn line must have been cut off", tail, c.Done, err, c.Torn)
		}
		c.Close()
	}
}

func TestCheckpointRefuses(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.ckpt")
	c, err := Open(path, run)
	if err != nil {
		t.Fatal(err)
	}
	c.Record(0, solvers.Tally{Count: 1})
	if _, err := Open(path, run); !errors.Is(err, ErrLocked) {
		t.Errorf("second Open while the first holds it: %v, want ErrLocked", err)
	}
	c.Close()
	other := run
	other.Method = "mirror"
	if _, err := Open(path, other); err == nil || !strings.Contains(err.Error(), "made for another run") {
		t.Errorf("another method: %v", err)
	}
	newer := run
	newer.Version = "test2"
	if _, err := Open(path, newer); err == nil || !strings.Contains(err.Error(), "made for another run") {
		t.Errorf("another version: %v", err)
	}
	// A header edited by hand, its fingerprint kept, is not taken at its word.
	data, _ := os.ReadFile(path)
	edited := strings.Replace(string(data), fmt.Sprintf(`"tasks":%d`, run.Tasks), fmt.Sprintf(`"tasks":%d`, run.Tasks+1), 1)
	if edited == string(data) {
		t.Fatalf("no tasks field in the header: %q", data)
	}
	os.WriteFile(path, []byte(edited), 0o644)
	if _, err := Open(path, run); err == nil || !strings.Contains(err.Error(), "do not match its fingerprint") {
		t.Errorf("an edited header: %v", err)
	}
	os.WriteFile(path, data, 0o644)
	// Damage in the middle is no torn line.
	bad := strings.Replace(string(data), "0 1 0", "0 2 0", 1) + "1 5 0 " + crcOf("1 5 0") + "\n"
	os.WriteFile(path, []byte(bad), 0o644)
	if _, err := Open(path, run); err == nil || !strings.Contains(err.Error(), "line 2: checksum") {
		t.Errorf("a damaged record: %v", err)
	}
	os.WriteFile(path, []byte("hello\n"), 0o644)
	if _, err := Open(path, run); err == nil || !strings.Contains(err.Error(), "not a queens checkpoint") {
		t.Errorf("not a checkpoint: %v", err)
	}
	if _, err := Open(dir, run); err == nil {
		t.Errorf("a folder: no error")
	}
}

// crcOf is the checksum a record line carries, by the format's definition: the CRC-32 (IEEE) of the
// record's text, in eight hex digits.
func crcOf(body string) string { return fmt.Sprintf("%08x", crc32.ChecksumIEEE([]byte(body))) }

func TestParseShard(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	tests := []struct {
		in      string
		env     func(string) string
		want    solvers.Shard
		wantErr string
	}{
		{"3/8", env(), solvers.Shard{Index: 3, Of: 8}, ""},
		{"0/1", env(), solvers.Shard{Index: 0, Of: 1}, ""},
		{"8/8", env(), solvers.Shard{}, "the index must be 0 to 7"},
		{"-1/8", env(), solvers.Shard{}, "the index must be 0 to 7"},
		{"3", env(), solvers.Shard{}, "want I/M"},
		{"3/0", env(), solvers.Shard{}, "want I/M"},
		{"auto/4", env("JOB_COMPLETION_INDEX", "2"), solvers.Shard{Index: 2, Of: 4}, ""},
		{"auto/4", env("SLURM_ARRAY_TASK_ID", "12", "SLURM_ARRAY_TASK_MIN", "10"), solvers.Shard{Index: 2, Of: 4}, ""},
		{"auto/4", env("PARALLEL_SEQ", "3"), solvers.Shard{Index: 2, Of: 4}, ""},
		{"auto/4", env("PARALLEL_SEQ", "5"), solvers.Shard{}, `shard auto/4: PARALLEL_SEQ="5" (GNU parallel, which counts from 1) makes shard 4, but the index must be 0 to 3`},
		{"auto/4", env("PARALLEL_SEQ", "0"), solvers.Shard{}, `shard auto/4: PARALLEL_SEQ="0" (GNU parallel, which counts from 1) makes shard -1, but the index must be 0 to 3`},
		{"auto/4", env("SLURM_ARRAY_TASK_ID", "9", "SLURM_ARRAY_TASK_MIN", "1"), solvers.Shard{}, `SLURM_ARRAY_TASK_ID="9" (Slurm array job, less SLURM_ARRAY_TASK_MIN="1") makes shard 8`},
		{"auto/4", env(), solvers.Shard{}, "JOB_COMPLETION_INDEX (Kubernetes Indexed Job), SLURM_ARRAY_TASK_ID (Slurm array job), PARALLEL_SEQ (GNU parallel)"},
		{"auto/4", env("JOB_COMPLETION_INDEX", "x"), solvers.Shard{}, "not a whole number"},
		{"auto/4", env("JOB_COMPLETION_INDEX", "1", "PARALLEL_SEQ", "1"), solvers.Shard{}, `JOB_COMPLETION_INDEX="1" (Kubernetes Indexed Job) and PARALLEL_SEQ="1" (GNU parallel): more than one engine's index is set`},
	}
	for _, tt := range tests {
		got, err := ParseShard(tt.in, tt.env)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseShard(%q) = %v, %v; want an error with %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
}

func TestMerge(t *testing.T) {
	done := map[int]solvers.Tally{0: {Count: 5}, 1: {Count: 7}, 2: {Count: 11}, 3: {Count: 13}, 4: {Count: 17}}
	var shards []ShardResult
	var names []string
	for i := range 3 {
		s, err := NewShardResult(run, solvers.Shard{Index: i, Of: 3}, done)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
		names = append(names, []string{"a", "b", "c"}[i])
	}
	m, err := Merge(names, shards, false)
	if err != nil || m.Count != 53 || m.Shards != 3 || m.Tasks != 5 {
		t.Fatalf("Merge = %+v, %v; want 53 over 3 shards and 5 tasks", m, err)
	}
	if _, err := Merge(names[:2], shards[:2], false); err == nil || !strings.Contains(err.Error(), "shards missing: 2 of 0 to 2") {
		t.Errorf("a shard missing: %v", err)
	}
	dup := append(append([]ShardResult{}, shards...), shards[1])
	dupNames := append(append([]string{}, names...), "b2")
	if _, err := Merge(dupNames, dup, false); !errors.Is(err, ErrDuplicate) {
		t.Errorf("a shard twice: %v, want ErrDuplicate", err)
	}
	if m, err := Merge(dupNames, dup, true); err != nil || m.Count != 53 {
		t.Errorf("an identical copy, allowed: %+v, %v", m, err)
	}
	changed := shards[1]
	changed.Tasks = append([][2]uint64{}, changed.Tasks...)
	changed.Tasks[0][1]++
	changed.Count++
	if _, err := Merge(dupNames, append(append([]ShardResult{}, shards...), changed), true); !errors.Is(err, ErrDuplicate) {
		t.Errorf("a differing copy, even allowed: %v, want ErrDuplicate", err)
	}
	bad := append([]ShardResult{}, shards...)
	bad[2].Count++
	if _, err := Merge(names, bad, false); err == nil || !strings.Contains(err.Error(), "c: corrupted: its tasks sum") {
		t.Errorf("a wrong sum: %v", err)
	}
	other := append([]ShardResult{}, shards...)
	other[1].Fingerprint = "x"
	if _, err := Merge(names, other, false); err == nil || !strings.Contains(err.Error(), `b: corrupted: fingerprint "x" is not the one of its model`) {
		t.Errorf("a changed fingerprint: %v", err)
	}
	if _, err := ReadShard("x.json", strings.NewReader(`{"queens_shard": "1", "bogus": 1}`)); err == nil {
		t.Errorf("an unknown field: no error")
	}
	if _, err := ReadShard("x.json", strings.NewReader(`not json`)); err == nil || !strings.Contains(err.Error(), "x.json: not a queens shard result") {
		t.Errorf("not JSON: %v", err)
	}
}

// TestCheckpointRecordsValidated writes records whose checksums match but whose fields cannot belong to
// the run: each is refused, naming the line and the field, whether it is the last line or not. The last
// line was once taken for one torn by a kill, cut off, and the run went on (exit 0).
func TestCheckpointRecordsValidated(t *testing.T) {
	tests := []struct {
		body, want, reason string
	}{
		{"-1 5 0", `line 3: task "-1": want a whole number`, "a negative task"},
		{"5 5 0", "line 3: task 5: out of range (the run's tasks are 0 to 4)", "the list has tasks 0 to 4"},
		{"99999999999999999999 5 0", `line 3: task "99999999999999999999"`, "a task past 64 bits"},
		{"1 18446744073709551616 0", `line 3: count "18446744073709551616": want a whole number from 0 to 18446744073709551615`, "a count of 2^64"},
		{"1 5 18446744073709551616", `line 3: classes "18446744073709551616"`, "classes of 2^64"},
		{"01 5 0", `line 3: task "01"`, "Record never writes a leading zero"},
		{"1  5 0", "line 3: want TASK COUNT CLASSES CRC", "Record writes one space between fields"},
		{"1 +5 0", `line 3: count "+5"`, "Record writes no sign"},
		{"1 5", "line 3: want TASK COUNT CLASSES CRC", "a field missing"},
	}
	for _, tt := range tests {
		for _, last := range []bool{true, false} {
			path := filepath.Join(t.TempDir(), "c.ckpt")
			c, err := Open(path, run)
			if err != nil {
				t.Fatal(err)
			}
			c.Record(0, solvers.Tally{Count: 3})
			c.Close()
			text := tt.body + " " + crcOf(tt.body) + "\n"
			if !last {
				text += "2 1 0 " + crcOf("2 1 0") + "\n"
			}
			f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			f.WriteString(text)
			f.Close()
			c, err = Open(path, run)
			if err == nil {
				t.Errorf("%s (last line %v): accepted, done %v", tt.reason, last, c.Done)
				c.Close()
				continue
			}
			if !strings.Contains(err.Error(), path+": "+tt.want) {
				t.Errorf("%s (last line %v): %v, want %q", tt.reason, last, err, tt.want)
			}
		}
	}
}

// TestCheckpointHeaderAlone opens a file that holds this run's header and nothing more: without its
// newline (as a kill between the two bytes' writes could leave, or an editor that drops it) it is a
// sound start, once refused as "not a queens checkpoint header"; a header cut short is rewritten.
func TestCheckpointHeaderAlone(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.ckpt")
	c, err := Open(path, run)
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	whole, _ := os.ReadFile(path)
	for _, tt := range []struct {
		data []byte
		torn bool
	}{
		{whole[:len(whole)-1], false},
		{whole[:len(whole)/2], true},
		{whole[:1], true},
	} {
		os.WriteFile(path, tt.data, 0o644)
		c, err := Open(path, run)
		if err != nil {
			t.Errorf("%q: %v", tt.data, err)
			continue
		}
		if c.Torn != tt.torn || len(c.Done) != 0 {
			t.Errorf("%q: torn %v, done %v; want torn %v, nothing done", tt.data, c.Torn, c.Done, tt.torn)
		}
		if err := c.Record(4, solvers.Tally{Count: 2}); err != nil {
			t.Fatal(err)
		}
		c.Close()
		c, err = Open(path, run)
		if err != nil || len(c.Done) != 1 || c.Done[4].Count != 2 {
			t.Errorf("%q, then a record: %v, %v", tt.data, c.Done, err)
			continue
		}
		c.Close()
	}
	os.WriteFile(path, []byte(`{"queens_checkpoint":"1","fingerprint":"00`), 0o644)
	if _, err := Open(path, run); err == nil || !strings.Contains(err.Error(), "line 1: not a queens checkpoint header") {
		t.Errorf("a header that is not this run's, cut short: %v", err)
	}
}

// TestCheckpointReadsAStream opens files of 512 MB of zero bytes (sparse: no disk is used), in the header
// and after it: each is refused at its first line that cannot belong, having read and held a few kB. The
// whole file was once read into memory first (2.1 GB for a file of 1 GB).
func TestCheckpointReadsAStream(t *testing.T) {
	dir := t.TempDir()
	c, err := Open(filepath.Join(dir, "h.ckpt"), run)
	if err != nil {
		t.Fatal(err)
	}
	c.Record(1, solvers.Tally{Count: 1})
	c.Close()
	head, _ := os.ReadFile(filepath.Join(dir, "h.ckpt"))
	for _, tt := range []struct {
		name, prefix, want string
	}{
		{"zeros.ckpt", "", "line 1: more than"},
		{"header-then-zeros.ckpt", string(head), "line 3: more than the 64 bytes a record takes"},
	} {
		path := filepath.Join(dir, tt.name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(tt.prefix)
		if err := f.Truncate(512 << 20); err != nil {
			t.Skipf("no sparse file: %v", err)
		}
		f.Close()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err = Open(path, run)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), path+": "+tt.want) {
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("%s: %d bytes allocated to refuse it, want at most 1 MB", tt.name, got)
		}
	}
}

// TestCrossCheck edits a shard's task count and its sum alike, which Merge cannot see, and holds it
// against a second count of the same run split another way.
func TestCrossCheck(t *testing.T) {
	done := map[int]solvers.Tally{0: {Count: 5}, 1: {Count: 7}, 2: {Count: 11}, 3: {Count: 13}, 4: {Count: 17}}
	shardsOf := func(m int) ([]string, []ShardResult) {
		var names []string
		var out []ShardResult
		for i := range m {
			s, err := NewShardResult(run, solvers.Shard{Index: i, Of: m}, done)
			if err != nil {
				t.Fatal(err)
			}
			names, out = append(names, fmt.Sprintf("m%d-%d", m, i)), append(out, s)
		}
		return names, out
	}
	names, shards := shardsOf(3)
	otherNames, others := shardsOf(2)
	if n, err := CrossCheck(names, shards, otherNames, others); err != nil || n != 5 {
		t.Fatalf("two sound counts: %d tasks compared, %v; want 5, nil", n, err)
	}
	if n, err := CrossCheck(names, shards, otherNames[1:], others[1:]); err != nil || n != 2 {
		t.Errorf("against one shard of two: %d tasks compared, %v; want 2, nil", n, err)
	}
	edited := append([]ShardResult{}, shards...)
	edited[1].Tasks = [][2]uint64{{1, 8}, {4, 17}}
	edited[1].Count = 25
	if _, err := Merge(names, edited, false); err != nil {
		t.Fatalf("the edit must be beyond Merge, or the test shows nothing: %v", err)
	}
	if _, err := CrossCheck(names, edited, otherNames, others); err == nil || !strings.Contains(err.Error(), "task 1: m3-1 counts 8, m2-1 counts 7: one of them is wrong") {
		t.Errorf("an edited task: %v", err)
	}
	bad := append([]ShardResult{}, others...)
	bad[0].Count++
	if _, err := CrossCheck(names, shards, otherNames, bad); err == nil || !strings.Contains(err.Error(), "m2-0: corrupted: its tasks sum to 33, its count says 34") {
		t.Errorf("an unsound shard to check against: %v", err)
	}
	bad = append([]ShardResult{}, others...)
	bad[0].Fingerprint = "x"
	if _, err := CrossCheck(names, shards, otherNames, bad); err == nil || !strings.Contains(err.Error(), "m2-0: corrupted: fingerprint") {
		t.Errorf("a changed fingerprint: %v", err)
	}
	bad[0] = others[0]
	bad[0].TotalTasks = 1 << 20
	if _, err := CrossCheck(names, shards, otherNames, bad); err == nil || !strings.Contains(err.Error(), `m2-0: from another run than m3-0: its total_tasks is "1048576", not "5"`) {
		t.Errorf("a task list of another length: %v", err)
	}
}

// TestStoppedAndEmptyShards: a shard stopped before its end writes the tasks it counted and why it
// stopped, and Merge refuses it by name; an empty file (a shard that wrote nothing) has its own message.
func TestStoppedAndEmptyShards(t *testing.T) {
	done := map[int]solvers.Tally{0: {Count: 5}, 2: {Count: 11}}
	s, err := NewStoppedShardResult(run, solvers.Shard{Index: 0, Of: 2}, done, "timed out after 1s")
	if err != nil || s.Count != 16 || len(s.Tasks) != 2 || s.Stopped != "timed out after 1s" {
		t.Fatalf("stopped shard = %+v, %v; want tasks 0 and 2, count 16, stopped", s, err)
	}
	other, err := NewShardResult(run, solvers.Shard{Index: 1, Of: 2}, map[int]solvers.Tally{1: {Count: 7}, 3: {Count: 13}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge([]string{"a", "b"}, []ShardResult{s, other}, false); err == nil ||
		!strings.Contains(err.Error(), "a: shard 0 of 2 is incomplete (timed out after 1s, 2 of its tasks counted)") {
		t.Errorf("a stopped shard merged: %v", err)
	}
	for _, text := range []string{"", " \n\n"} {
		if _, err := ReadShard("x.json", strings.NewReader(text)); !errors.Is(err, ErrEmptyShard) || !strings.HasPrefix(err.Error(), "x.json: empty") {
			t.Errorf("ReadShard(%q) = %v, want ErrEmptyShard naming the file", text, err)
		}
	}
}
