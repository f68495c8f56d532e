package propagate

import (
	"context"
	"fmt"
	"slices"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/solvers"
)

// A count's tasks are the open ends of the walk's tree expanded breadth first from the root until there
// are planTasks of them (or past planExpand expansions), and the solutions met on the way. A puzzle with
// one solution has a tree of thousands of nodes at most, each of tens of microseconds: a few dozen tasks
// feed every thread and show progress, and cost a few thousand nodes to plan at most. The list depends on
// the model alone.
const (
	planTasks  = 64
	planExpand = 4 * planTasks
)

// job is a count by the walk, split into tasks: each a path of branches from the root.
type job struct {
	m       constraints.Model
	root    *deduce.State
	confine bool
	group   *constraints.Group // for a count of classes, else nil
	paths   [][]bool
	key     string
}

var _ solvers.Job = (*job)(nil)

// Plan returns the job that counts m's solutions, and with unique their classes under m's symmetry
// group too.
func (s Solver) Plan(ctx context.Context, m constraints.Model, unique bool) (solvers.Job, error) {
	root, err := start(m)
	if err != nil {
		return nil, err
	}
	j := &job{m: m, root: root, confine: s.Deductions}
	if unique {
		if j.group, err = m.Group(ctx); err != nil {
			return nil, err
		}
	}
	root.Packs() // compiles the packing bounds once: every task's clone shares them
	expanded, err := j.plan(ctx)
	if err != nil {
		return nil, err
	}
	j.key = fmt.Sprintf("%s %dx%d expanded=%d tasks=%d", method, m.Rows, m.Cols, expanded, len(j.paths))
	if s.Deductions {
		j.key += " deductions"
	}
	return j, nil
}

// plan lists the tasks: the open ends of the tree expanded breadth first, and the paths to the
// solutions met, at least one task (the root) in all. It returns the expansions made.
func (j *job) plan(ctx context.Context) (int, error) {
	open := [][]bool{nil}
	var solved [][]bool
	expanded := 0
	w := deduce.Walk{Confine: j.confine}
	for len(open) > 0 && len(open)+len(solved) < planTasks && expanded < planExpand {
		if err := ctx.Err(); err != nil {
			return expanded, err
		}
		path := open[0]
		open = open[1:]
		expanded++
		st := j.root.Clone()
		if !w.Replay(st, path) || !w.Decide(st) {
			continue // a dead end
		}
		if st.Branch() < 0 {
			if st.Solved() {
				solved = append(solved, path)
			}
			continue
		}
		open = append(open, append(slices.Clone(path), true), append(slices.Clone(path), false))
	}
	j.paths = append(open, solved...)
	if len(j.paths) == 0 {
		j.paths = [][]bool{nil} // no solution: one task proves it
	}
	return expanded, nil
}

// Method returns "propagate".
func (j *job) Method() string { return method }

// Key describes the task list: the method, the board, and the size of the tree that shaped the list.
func (j *job) Key() string { return j.key }

// Tasks returns the number of tasks.
func (j *job) Tasks() int { return len(j.paths) }

// Run counts task i: the solutions below its path, and their least of each class where the job counts
// classes.
func (j *job) Run(ctx context.Context, i int) (solvers.Tally, error) {
	if i < 0 || i >= len(j.paths) {
		return solvers.Tally{}, fmt.Errorf("propagate: task %d of %d: out of range", i, len(j.paths))
	}
	stop, release := solvers.StopFlag(ctx)
	defer release()
	var t solvers.Tally
	var bad error
	w := deduce.Walk{Confine: j.confine, Stop: stop, Visit: func(s *deduce.State) bool {
		sol := s.Solution()
		if bad = solvers.Verify(name, j.m, sol); bad != nil {
			return false
		}
		t.Count++
		if j.group != nil && j.group.IsCanonical(sol) {
			t.Classes++
		}
		return true
	}}
	st := j.root.Clone()
	if w.Replay(st, j.paths[i]) {
		w.Run(st)
	}
	switch {
	case bad != nil:
		return solvers.Tally{}, bad
	case w.Stopped:
		return solvers.Tally{}, ctx.Err()
	}
	t.Nodes = w.Nodes
	return t, nil
}

// Finish returns the totals: the solutions, and the classes where the job counts them.
func (j *job) Finish(sum solvers.Tally) (uint64, *uint64, error) {
	if j.group == nil {
		return sum.Count, nil, nil
	}
	classes := sum.Classes
	return sum.Count, &classes, nil
}
