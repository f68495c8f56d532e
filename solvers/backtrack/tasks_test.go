package backtrack_test

import (
	"context"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
	"github.com/queens-dev/queens/variants"
)

// TestSmallTreeTasks holds the split into tasks to the small tree's rule: a search of a few thousand
// placements, such as a LinkedIn puzzle, is a handful of tasks, not a thousand; a long count is still at
// least a thousand; the list is the same whatever the threads; and the key names the rule, so a
// checkpoint of a list split by the rule before is refused.
func TestSmallTreeTasks(t *testing.T) {
	ctx := context.Background()
	v, err := variants.LoadFS(variants.CatalogFS(), "catalog/linkedin-11.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		m        constraints.Model
		method   backtrack.Method
		min, max int
		want     uint64
	}{
		{"linkedin-11", v.Model, backtrack.Fastest, 1, 32, 1},
		{"queens-11.txt", loadPuzzle(t, puzzles[0]), backtrack.Fastest, 1, 32, 1},
		{"classic 8, mirror", constraints.Classic(8), backtrack.Mirror, 1, 32, 92},
		{"classic 8, classes", constraints.Classic(8), backtrack.Classes, 1, 32, 92},
		{"torus 7, shifts", constraints.Model{Rows: 7, Cols: 7, Attack: constraints.Queen, Surface: constraints.Torus}, backtrack.Shifts, 1, 32, 28},
		{"classic 12, mirror", constraints.Classic(12), backtrack.Mirror, 1024, 1 << 16, 14200},
		{"classic 12, classes", constraints.Classic(12), backtrack.Classes, 1024, 1 << 16, 14200},
	}
	for _, tt := range tests {
		var keys []string
		for _, threads := range []int{1, 2} {
			job, err := backtrack.New(backtrack.Threads(threads), backtrack.Counting(tt.method)).Plan(ctx, tt.m, false)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if n := job.Tasks(); n < tt.min || n > tt.max {
				t.Errorf("%s: %d tasks (%s), want %d to %d", tt.name, n, job.Key(), tt.min, tt.max)
			}
			if !strings.Contains(job.Key(), " plan=2 ") {
				t.Errorf("%s: key %q does not name the split rule (plan=2)", tt.name, job.Key())
			}
			keys = append(keys, job.Key())
			res, err := solvers.RunJob(ctx, job, solvers.RunOptions{Threads: threads})
			if err != nil || res.Count != tt.want {
				t.Errorf("%s: %d solutions (err %v), want %d", tt.name, res.Count, err, tt.want)
			}
		}
		if keys[0] != keys[1] {
			t.Errorf("%s: the key depends on the threads: %q and %q", tt.name, keys[0], keys[1])
		}
	}
}
