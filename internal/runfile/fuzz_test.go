package runfile

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/solvers"
)

// FuzzMerge feeds Merge two shard results read from arbitrary text, as `queens merge` reads files a user
// names: it must refuse what is not a whole count with an error, never panic, and never accept a set whose
// tasks are not each counted once.
func FuzzMerge(f *testing.F) {
	done := map[int]solvers.Tally{0: {Count: 5}, 1: {Count: 7}, 2: {Count: 11}, 3: {Count: 13}, 4: {Count: 17}}
	for i := range 2 {
		s, err := NewShardResult(run, solvers.Shard{Index: i, Of: 2}, done)
		if err != nil {
			f.Fatal(err)
		}
		data, _ := json.Marshal(s)
		f.Add(data, []byte(`{"queens_shard":"1","total_tasks":-1,"shard":{"index":0,"of":1}}`))
		f.Add(data, data)
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var shards []ShardResult
		for _, data := range [][]byte{a, b} {
			s, err := ReadShard("x", bytes.NewReader(data))
			if err != nil {
				if !strings.HasPrefix(err.Error(), "x: ") {
					t.Fatalf("error %q does not name the file", err)
				}
				continue
			}
			shards = append(shards, s)
		}
		if len(shards) == 0 {
			return
		}
		names := []string{"a", "b"}[:len(shards)]
		m, err := Merge(names, shards, true)
		if err != nil {
			return
		}
		if m.Tasks < 0 || m.Shards < 1 {
			t.Fatalf("Merge accepted %+v", m)
		}
		covered := 0
		seen := map[int]bool{}
		for _, s := range shards {
			if seen[s.Shard.Index] {
				continue
			}
			seen[s.Shard.Index] = true
			covered += len(s.Tasks)
		}
		if covered != m.Tasks {
			t.Fatalf("Merge accepted %d tasks listed for a list of %d", covered, m.Tasks)
		}
	})
}

// FuzzCheckpoint opens checkpoint files of arbitrary content: a damaged file is refused with an error that
// names it, a torn last line is cut off, and every task the file is taken to record lies in the run's list.
func FuzzCheckpoint(f *testing.F) {
	dir := f.TempDir()
	path := filepath.Join(dir, "seed.ckpt")
	c, err := Open(path, run)
	if err != nil {
		f.Fatal(err)
	}
	for i := range 3 {
		if err := c.Record(i, solvers.Tally{Count: uint64(10 + i)}); err != nil {
			f.Fatal(err)
		}
	}
	c.Close()
	seed, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(seed)
	f.Add(seed[:len(seed)-3])
	f.Add([]byte("{}\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "c.ckpt")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		c, err := Open(path, run)
		if err != nil {
			if !strings.Contains(err.Error(), path) && !strings.HasPrefix(err.Error(), "checkpoint") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		defer c.Close()
		for i := range c.Done {
			if i < 0 || i >= run.Tasks {
				t.Fatalf("task %d of a list of %d taken as done", i, run.Tasks)
			}
		}
	})
}
