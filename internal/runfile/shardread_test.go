package runfile

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// shardText is the JSON of shard i of 2 of the test run, as solve writes it.
func shardText(t *testing.T, i int) string {
	t.Helper()
	done := map[int]solvers.Tally{0: {Count: 5}, 1: {Count: 7}, 2: {Count: 11}, 3: {Count: 13}, 4: {Count: 17}}
	s, err := NewShardResult(run, solvers.Shard{Index: i, Of: 2}, done)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// TestReadShardRefuses edits a sound shard result into what cannot be one: each is refused with an error
// that names the file and the field, or the byte where the text stopped making sense.
func TestReadShardRefuses(t *testing.T) {
	good := shardText(t, 0)
	if _, err := ReadShard("x.json", strings.NewReader(good)); err != nil {
		t.Fatalf("a sound shard result: %v", err)
	}
	compact := func(s string) string {
		var b bytes.Buffer
		json.Compact(&b, []byte(s))
		return b.String()
	}
	g := compact(good)
	edit := func(old, new string) string {
		if !strings.Contains(g, old) {
			t.Fatalf("%q is not in %s", old, g)
		}
		return strings.Replace(g, old, new, 1)
	}
	tests := []struct {
		text, want, reason string
	}{
		{g + "\n" + g, "data after the shard result", "a second object in a file"},
		{g + " x", "data after the shard result", "trailing garbage"},
		{edit(`"count":33`, `"count":33,"count":0`), "corrupted: count given twice", "a duplicate key: JSON keeps the last"},
		{edit(`"index":0`, `"index":0,"index":1`), "corrupted: shard.index given twice", "a duplicate key inside shard"},
		{edit(`"of":2`, `"of":2147483648`), "corrupted: shard.of 2147483648 out of range 1..1048576", "merge once allocated 6 GB"},
		{edit(`"of":2`, `"of":4611686018427387904`), "corrupted: shard.of 4611686018427387904 out of range", "merge once looped forever"},
		{edit(`"of":2`, `"of":6`), "corrupted: shard.of 6: more shards than the count's 5 tasks", "of is bounded by the task count"},
		{edit(`"total_tasks":5`, `"total_tasks":-10`), "corrupted: total_tasks -10 out of range", ""},
		{edit(`"total_tasks":5`, `"total_tasks":5.0`), "corrupted: total_tasks 5.0 out of range", "a fraction"},
		{edit(`[2,11]`, `[2,11,3]`), "corrupted: tasks[1] has more than 2 numbers", "json.Unmarshal drops the extra number"},
		{edit(`[2,11]`, `[2]`), "corrupted: tasks[1] has 1 numbers, want 2", ""},
		{edit(`[2,11]`, `[0,11]`), "corrupted: tasks[1] task 0 after task 0", "a task twice"},
		{edit(`[2,11]`, `[3,11]`), "corrupted: tasks[1] task 3 does not belong to shard 0 of 2", ""},
		{edit(`[4,17]`, `[6,17]`), "corrupted: tasks[2] task 6 of a list of 5", ""},
		{edit(`[2,11]`, `[2,1e3]`), "corrupted: tasks[1] 1e3 is not a whole number", "an exponent"},
		{edit(`[2,11]`, `[2,-11]`), "corrupted: tasks[1] -11 is not a whole number", ""},
		{edit(`[2,11]`, `[2,18446744073709551616]`), "corrupted: tasks[1] 18446744073709551616 is not a whole number", "2^64"},
		{edit(`"count":33`, `"count":"33"`), "corrupted: count is a string, want a whole number", ""},
		{edit(`"shard":{"index":0,"of":2}`, `"shard":[0,2]`), "corrupted: shard is a list", ""},
		{edit(`"shard":{"index":0,"of":2}`, `"shard":{"index":0}`), "corrupted: shard.of missing", ""},
		{edit(`,"count":33`, ``), "corrupted: count missing", "a missing count once read as 0"},
		{edit(`"count":33`, `"count":33,"extra":1`), "corrupted: extra is not a field of a shard result", ""},
		{g[:len(g)/2], "cut short", ""},
		{"", "empty: its shard wrote nothing", ""},
		{"[]", "not a queens shard result", ""},
		{`{"queens_shard":"2"}`, "not a queens shard result", "another format"},
		{"\"" + strings.Repeat(" ", 5000) + "\"", "not a queens shard result", "blanks in a string are the string's"},
		{strings.Repeat(" ", 5000) + g, "byte 4096: more than 4096 blank bytes in a row", ""},
		{edit(`"count":33`, `"count":`+strings.Repeat("9", 100)), "a word or number of more than 64 bytes", ""},
	}
	for _, tt := range tests {
		_, err := ReadShard("x.json", strings.NewReader(tt.text))
		if err == nil || !strings.HasPrefix(err.Error(), "x.json") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s %s: %v, want x.json: …%s", short(tt.text), tt.reason, err, tt.want)
		}
	}
}

// TestShardDecoderStream reads shard results one after another, as merge - does, naming each in errors.
func TestShardDecoderStream(t *testing.T) {
	text := shardText(t, 0) + shardText(t, 1) + `{"queens_shard":"1","count":1,"count":2}`
	d := NewShardDecoder("stdin", strings.NewReader(text))
	for i := range 2 {
		s, err := d.Next()
		if err != nil || s.Shard.Index != i {
			t.Fatalf("result %d: %+v, %v", i+1, s.Shard, err)
		}
	}
	if _, err := d.Next(); err == nil || !strings.Contains(err.Error(), "stdin (shard result 3): corrupted: count given twice") {
		t.Errorf("result 3: %v", err)
	}
	d = NewShardDecoder("stdin", strings.NewReader(shardText(t, 1)+"  \n"))
	if _, err := d.Next(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Next(); err != ErrNoShard {
		t.Errorf("at the end: %v, want ErrNoShard", err)
	}
}

// TestReadShardFileBounded refuses files that would cost memory out of proportion to a shard result: one
// over the size limit before reading a byte of it, and files of blanks and of one long number at their
// first bytes that cannot belong. A 300 MB file once cost 580 MB before it was refused.
func TestReadShardFileBounded(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxShardFile + 1); err != nil {
		t.Skipf("no sparse file: %v", err)
	}
	f.Close()
	blanks := filepath.Join(dir, "blanks.json")
	digits := filepath.Join(dir, "digits.json")
	os.WriteFile(blanks, bytes.Repeat([]byte(" "), 8<<20), 0o644)
	os.WriteFile(digits, append([]byte(`{"queens_shard":"1","count":`), bytes.Repeat([]byte("7"), 8<<20)...), 0o644)
	for path, want := range map[string]string{
		big:    "268435457 bytes, more than the 268435456 a shard result may hold",
		blanks: "more than 4096 blank bytes",
		digits: "a word or number of more than 64 bytes",
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := ReadShardFile(path)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), path+": ") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", filepath.Base(path), err, want)
		}
		if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
			t.Errorf("%s: %d bytes allocated to refuse it, want at most 1 MB", filepath.Base(path), got)
		}
	}
}

// TestMergeChecksEveryField edits one field of one shard of a sound count, as a user with an editor
// would: the set is refused, naming the file and the field, whether the fingerprint was left alone or
// made anew to match the edit. What merge prints comes from fields it checked.
func TestMergeChecksEveryField(t *testing.T) {
	done := map[int]solvers.Tally{0: {Count: 5}, 1: {Count: 7}, 2: {Count: 11}, 3: {Count: 13}, 4: {Count: 17}}
	var shards []ShardResult
	for i := range 2 {
		s, err := NewShardResult(run, solvers.Shard{Index: i, Of: 2}, done)
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
	}
	names := []string{"a.json", "b.json"}
	m, err := Merge(names, shards, false)
	if err != nil || m.Count != 53 || m.Model.Rows != 8 || m.Model.String() != "8×8, 8 queens, attacks row,column,diagonal,anti-diagonal" {
		t.Fatalf("a sound count: %+v, %v", m, err)
	}
	edits := []struct {
		name   string
		edit   func(s *ShardResult)
		want   string
		reason string
	}{
		{"model", func(s *ShardResult) { s.Model = strings.Replace(s.Model, "board 8 8", "board 9 9", 1) },
			`b.json: from another run than a.json: its model line 1 is "board 9 9", not "board 8 8"`, "merge once printed n=13 for the count of n=12"},
		{"version", func(s *ShardResult) { s.Version = "queens v9" }, `b.json: from another run than a.json: its version is "queens v9", not "test"`, ""},
		{"method", func(s *ShardResult) { s.Method = "meet" }, `its method is "meet", not "join"`, ""},
		{"key", func(s *ShardResult) { s.Key += " " }, `its key is`, ""},
		{"total_tasks", func(s *ShardResult) { s.TotalTasks = 6 }, `its total_tasks is "6", not "5"`, ""},
	}
	for _, tt := range edits {
		for _, refingerprint := range []bool{false, true} {
			edited := append([]ShardResult{}, shards...)
			tt.edit(&edited[1])
			if refingerprint {
				edited[1].Fingerprint = edited[1].run().Fingerprint()
			}
			if _, err := Merge(names, edited, false); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s edited (fingerprint made anew: %t) %s: %v, want %s", tt.name, refingerprint, tt.reason, err, tt.want)
			}
			// The same edit in the first shard is found as well: against the second, or in itself.
			edited = append([]ShardResult{}, shards...)
			tt.edit(&edited[0])
			if refingerprint {
				edited[0].Fingerprint = edited[0].run().Fingerprint()
			}
			if _, err := Merge(names, edited, false); err == nil || !strings.HasPrefix(err.Error(), "a.json: corrupted") && !strings.HasPrefix(err.Error(), "b.json: from another run") {
				t.Errorf("%s edited in the first shard (fingerprint made anew: %t): %v", tt.name, refingerprint, err)
			}
		}
	}
	// Every shard edited alike, its fingerprint made anew: the text must still be a model's.
	for _, text := range []string{"m", "board 8 8\n", constraints.Classic(8).Canonical() + "junk\n", strings.Replace(run.Model, "board 8 8", "board 0 8", 1)} {
		edited := append([]ShardResult{}, shards...)
		for i := range edited {
			edited[i].Model = text
			edited[i].Fingerprint = edited[i].run().Fingerprint()
		}
		if _, err := Merge(names, edited, false); err == nil || !strings.HasPrefix(err.Error(), "a.json: corrupted: model ") {
			t.Errorf("model text %q in every shard: %v, want a.json: corrupted: model …", text, err)
		}
	}
}

// TestReadShardLongStrings: a string longer than its field may be is refused as it is read, with memory
// bounded by the longest a field may be, not by the file.
func TestReadShardLongStrings(t *testing.T) {
	good := shardText(t, 0)
	for _, tt := range []struct{ field, text, want string }{
		{"version", `"version": "` + strings.Repeat("v", maxVersion+1) + `"`, "corrupted: version is 513 bytes long, more than the 512"},
		{"method", `"method": "` + strings.Repeat("m", 100) + `"`, "corrupted: method is 100 bytes long"},
		{"model", `"model": "` + strings.Repeat("b", MaxModelText+1) + `"`, "corrupted: model is 4194305 bytes long"},
		{"version", `"version": "` + strings.Repeat("v", maxString+10) + `"`, "a string of more than 8388610 bytes"},
	} {
		i := strings.Index(good, `"`+tt.field+`"`)
		j := i + strings.Index(good[i:], ",\n")
		text := good[:i] + tt.text + good[j:]
		if _, err := ReadShard("x.json", strings.NewReader(text)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("a long %s: %.200v, want %s", tt.field, err, tt.want)
		}
	}
}

// vs reads as n bytes 'v', never held whole.
type vs struct{ n int }

func (r *vs) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = 'v'
	}
	r.n -= k
	return k, nil
}

// TestReadShardHugeVersion: a version string of 200 MB, which merge once held (665 MB), is refused at the
// longest string a shard result may hold, with memory of a few times that, never the file's.
func TestReadShardHugeVersion(t *testing.T) {
	good := shardText(t, 0)
	i := strings.Index(good, `"version"`)
	j := i + strings.Index(good[i:], ",\n")
	r := io.MultiReader(strings.NewReader(good[:i]+`"version": "`), &vs{n: 200 << 20}, strings.NewReader(`"`+good[j:]))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := NewShardDecoder("stdin", r).Next()
	runtime.ReadMemStats(&after)
	if err == nil || !strings.Contains(err.Error(), "a string of more than") {
		t.Errorf("a version of 200 MB: %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 8*maxString {
		t.Errorf("%d bytes allocated to refuse a version of 200 MB, want at most %d", got, 8*maxString)
	} else {
		t.Logf("%d bytes allocated", got)
	}
}

// TestShareText: shards read one after another hold one copy of the text they share, and keep a text
// that differs, for Merge to name.
func TestShareText(t *testing.T) {
	a, err := ReadShard("a", strings.NewReader(shardText(t, 0)))
	if err != nil {
		t.Fatal(err)
	}
	b, err := ReadShard("b", strings.NewReader(shardText(t, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if unsafe.StringData(a.Model) == unsafe.StringData(b.Model) {
		t.Fatal("two reads share their model text already: the test shows nothing")
	}
	b.Version = "other"
	b.ShareText(a)
	if unsafe.StringData(a.Model) != unsafe.StringData(b.Model) || unsafe.StringData(a.Key) != unsafe.StringData(b.Key) {
		t.Error("the model and key texts are still two copies")
	}
	if b.Version != "other" {
		t.Errorf("a version that differs became %q", b.Version)
	}
}
