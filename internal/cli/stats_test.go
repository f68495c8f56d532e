package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestStats checks --stats: the method and threads that ran, the backtracker's nodes where its path counts
// them, and the size of the SAT encoding, in JSON and on stderr.
func TestStats(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		method string
		nodes  bool // the path counts nodes
		vars   uint64
		stderr string
	}{
		{"join", []string{"-n", "8"}, "join", false, 0, "method join"},
		{"general path", []string{"--rows", "6", "--cols", "6", "--queens", "5"}, "general", true, 0, "nodes"},
		{"sat count", []string{"-n", "8", "--solver", "sat"}, "cubes", true, 64, "CNF of 64 variables"}, // the model counter's decisions
		{"sat first", []string{"-n", "8", "--solver", "sat", "--first"}, "find", false, 64, "CNF of 64 variables"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := run(append([]string{"solve", "--stats", "--format", "json"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var got struct {
				Stats struct {
					Method    string `json:"method"`
					Threads   int    `json:"threads"`
					Nodes     uint64 `json:"nodes"`
					Variables uint64 `json:"variables"`
					Clauses   uint64 `json:"clauses"`
				} `json:"stats"`
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%v in %s", err, out)
			}
			st := got.Stats
			if st.Method != tt.method || st.Threads < 1 || (st.Nodes > 0) != tt.nodes || st.Variables != tt.vars || (st.Clauses > 0) != (tt.vars > 0) {
				t.Errorf("stats %+v; want method %s, nodes %v, %d variables", st, tt.method, tt.nodes, tt.vars)
			}
			if !strings.Contains(errOut, tt.stderr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.stderr)
			}
		})
	}
}

// TestProgressAfterResume: the tasks a checkpoint had done before the run began cost it nothing, so their
// solutions must not enter its rate: once, a resumed n=19 showed "46.7G/s, ETA 3m27s" in its first line.
func TestProgressAfterResume(t *testing.T) {
	p := &progress{total: 10}
	for range 5 {
		p.add(1_000_000_000) // resumed
	}
	base, baseSols := p.done.Load(), p.solutions.Load()
	p.add(30) // counted by this run, in its first second
	line := p.line(time.Second, base, baseSols)
	if !strings.Contains(line, "6/10 tasks") || !strings.Contains(line, "5G solutions, 30/s") {
		t.Errorf("after a resume of 5 tasks: %q; want 6/10 tasks, 5G solutions, a rate of 30/s", line)
	}
}
