package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// A kernel in a package of its own takes one row of the routing table: its package builds a
// solvers.Job from the constraints.Program (or says what the model lacks), kernelFits builds it when the
// row is first asked whether it fits, and kernelJob hands that job's tasks to the count.

// built is what a kernel's package built for a plan: its job, or why the model does not take it.
type built struct {
	job solvers.Job
	why string
}

// kernelFits returns a route's fits for a kernel that build makes from the program: build reads p's
// program alone and polls stop while it works, and returns its job or why the model does not take it.
// The job is kept in the plan for the count.
func kernelFits[J solvers.Job](method Method, build func(prog *constraints.Program, stop func() bool) (J, string)) func(p *plan) string {
	return func(p *plan) string {
		b, ok := p.built[method]
		if !ok {
			j, why := build(p.prog, p.stop)
			b = built{why: why}
			if why == "" {
				b.job = j
			}
			if p.built == nil {
				p.built = map[Method]built{}
			}
			p.built[method] = b
		}
		return b.why
	}
}

// kernelJob returns a route's count for a kernel whose job kernelFits built: its tasks, under a key that
// names the method and the board before the kernel's own.
func kernelJob(method Method) func(context.Context, *plan, bool) (*job, error) {
	return func(_ context.Context, p *plan, _ bool) (*job, error) {
		kj := p.built[method].job
		if kj == nil {
			return nil, fmt.Errorf("backtrack: method %s on %v: counted before its row fit", method, p.given)
		}
		return &job{method: method, tasks: kj.Tasks(), key: fmt.Sprintf("%s %s %s", method, p.board(), kj.Key()),
			run: func(ctx context.Context, k *ctl, i int) (solvers.Tally, error) {
				t, err := kj.Run(ctx, i)
				k.nodes += t.Nodes
				return t, err
			},
			finish: kj.Finish}, nil
	}
}
