package modeltest

import (
	"context"
	"errors"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// Kernel is a kernel's constructor as the router's rows take it: it builds the job that counts the
// Program's model, polling stop while it works (nil: never stop), or returns nil and why the model does
// not take it ("stopped" where stop asked it to).
type Kernel func(p *constraints.Program, stop func() bool) (solvers.Job, string)

// KernelContract holds a kernel to what the router asks of every kernel built from a Program: it stops
// when asked while it builds, a task of a cancelled context returns the context's error, a task out of
// range an error, and the tasks of small count their nodes. big is a model the kernel takes whose
// building takes a while; small one it counts at once.
func KernelContract(t *testing.T, build Kernel, big, small constraints.Model) {
	t.Helper()
	compile := func(m constraints.Model) *constraints.Program {
		t.Helper()
		p, err := constraints.Compile(m)
		if err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		return p
	}
	p := compile(big)
	if j, why := build(p, func() bool { return true }); j != nil || why != "stopped" {
		t.Errorf("%v, stopped at once: %v, %q; want \"stopped\"", big, j != nil, why)
	}
	j, why := build(p, nil)
	if j == nil {
		t.Fatalf("%v: refused: %s", big, why)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := j.Run(done, 0); !errors.Is(err, context.Canceled) {
		t.Errorf("%v: a cancelled task: %v, want %v", big, err, context.Canceled)
	}
	if _, err := j.Run(context.Background(), j.Tasks()); err == nil {
		t.Errorf("%v: task %d of %d: no error", big, j.Tasks(), j.Tasks())
	}
	s, why := build(compile(small), nil)
	if s == nil {
		t.Fatalf("%v: refused: %s", small, why)
	}
	var nodes uint64
	for i := range s.Tasks() {
		tally, err := s.Run(context.Background(), i)
		if err != nil {
			t.Fatal(err)
		}
		nodes += tally.Nodes
	}
	if nodes == 0 {
		t.Errorf("%v: no node counted over %d tasks", small, s.Tasks())
	}
}
