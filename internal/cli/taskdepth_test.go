package cli

import (
	"strings"
	"testing"
)

// TestTaskDepth checks that --task-depth cuts the row path's tasks where it says: its shard result's key
// names the depth, and the count is the same at every depth.
func TestTaskDepth(t *testing.T) {
	for _, depth := range []string{"1", "2", "3"} {
		code, out, errOut := run("solve", "-n", "9", "--attacks", "rook,nightrider", "--method", "mirror", "--task-depth", depth, "--shard", "0/1")
		if code != 0 || !strings.Contains(out, "depth="+depth+" ") || !strings.Contains(out, `"count": 648`) {
			t.Errorf("--task-depth %s: exit %d, %s %s", depth, code, out, errOut)
		}
	}
}
