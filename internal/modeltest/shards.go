package modeltest

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/runfile"
	"github.com/queens-dev/queens/solvers"
)

// ReadShards reads the shard results the glob names, for the checks of record counts.
func ReadShards(t testing.TB, glob string) []runfile.ShardResult {
	t.Helper()
	names, err := filepath.Glob(glob)
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no shard results (%v)", glob, err)
	}
	var out []runfile.ShardResult
	for _, name := range names {
		s, err := runfile.ReadShardFile(name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// Shards counts every task of j, the job that counts m, and returns the results of its shards 0/of to
// (of−1)/of, as queens solve --shard writes them.
func Shards(t testing.TB, j solvers.Job, m constraints.Model, of int) []runfile.ShardResult {
	t.Helper()
	ctx := context.Background()
	run := runfile.Run{Model: m.Canonical(), Method: j.Method(), Key: j.Key(), Tasks: j.Tasks(), Version: "test"}
	var out []runfile.ShardResult
	for i := range of {
		shard := solvers.Shard{Index: i, Of: of}
		done := map[int]solvers.Tally{}
		for k := range j.Tasks() {
			if shard.Has(k) {
				tl, err := j.Run(ctx, k)
				if err != nil {
					t.Fatal(err)
				}
				done[k] = tl
			}
		}
		r, err := runfile.NewShardResult(run, shard, done)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

// Fataler is what a check of a count needs of a test: a way to fail.
type Fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// Fails runs check with a Fataler that records the first failure and stops the check there, and returns
// whether it failed and with what message: for the tests that a check can fail.
func Fails(check func(Fataler)) (failed bool, msg string) {
	f := &recorder{}
	func() {
		defer func() {
			if v := recover(); v != nil && v != f {
				panic(v)
			}
		}()
		check(f)
	}()
	return f.failed, f.msg
}

type recorder struct {
	failed bool
	msg    string
}

func (*recorder) Helper() {}
func (f *recorder) Fatalf(format string, args ...any) {
	f.failed, f.msg = true, fmt.Sprintf(format, args...)
	panic(f)
}
