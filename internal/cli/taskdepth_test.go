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

// TestTaskDepthMeet checks that --task-depth cuts the meet's board where it says (the rows above the cut),
// with the same count at every cut, and that a cut off the board is refused.
func TestTaskDepthMeet(t *testing.T) {
	const girafferider = "rook,ride(1,4),ride(4,1),ride(1,-4),ride(4,-1)"
	for _, depth := range []string{"2", "4", "7"} {
		code, out, errOut := run("solve", "-n", "8", "--attacks", girafferider, "--method", "meet", "--task-depth", depth, "--shard", "0/1")
		if code != 0 || !strings.Contains(out, "cut="+depth+" ") || !strings.Contains(out, `"count": 5752`) {
			t.Errorf("--task-depth %s: exit %d, %s %s", depth, code, out, errOut)
		}
	}
	if code, _, errOut := run("solve", "-n", "8", "--attacks", girafferider, "--method", "meet", "--task-depth", "8"); code != 2 || !strings.Contains(errOut, "1 to 7 on 8 rows") {
		t.Errorf("--task-depth 8 of 8 rows: exit %d, %s", code, errOut)
	}
}
