package solvers

import (
	"context"
	"fmt"
	"time"

	"github.com/queens-dev/queens/constraints"
)

// Run is one solver's part of a Comparison.
type Run struct {
	Solver  string
	Result  Result
	Elapsed time.Duration // the time to count
	Err     error
}

// Comparison is what Compare found on one model.
type Comparison struct {
	Runs []Run
	// SetsCompared is true when every solver's solutions were listed and compared as sets.
	SetsCompared bool
	// Unique is the number of classes of solutions under the model's symmetry group, computed from the
	// compared solution set; nil when the sets were not compared.
	Unique *uint64
	// Problems lists every disagreement found: counts that differ, solution sets that differ, a solution
	// that fails Model.Check, a solver's error. Empty means all agree.
	Problems []string
}

// Agree reports whether the comparison found no problem.
func (c Comparison) Agree() bool { return len(c.Problems) == 0 }

// Count returns the agreed count, the first solver's when they disagree.
func (c Comparison) Count() uint64 {
	if len(c.Runs) == 0 {
		return 0
	}
	return c.Runs[0].Result.Count
}

// Compare holds the solvers against each other and against m.Check: each counts the solutions of m; when
// the counts agree and are at most limit, each also lists them, every listed solution is checked with
// m.Check, and the lists are compared as sets (the solvers may list in different orders). The error is
// ctx's when the context ended first; every other failure is reported in Problems.
func Compare(ctx context.Context, m constraints.Model, limit uint64, ss ...Solver) (Comparison, error) {
	var c Comparison
	for _, s := range ss {
		start := time.Now()
		res, err := s.Count(ctx, m)
		c.Runs = append(c.Runs, Run{Solver: s.Name(), Result: res, Elapsed: time.Since(start), Err: err})
		if ctx.Err() != nil {
			return c, ctx.Err()
		}
		switch {
		case err != nil:
			c.Problems = append(c.Problems, fmt.Sprintf("%s: %v", s.Name(), err))
		case !res.Complete:
			c.Problems = append(c.Problems, fmt.Sprintf("%s: count incomplete", s.Name()))
		}
	}
	if len(c.Problems) > 0 {
		return c, nil
	}
	for _, r := range c.Runs[1:] {
		if r.Result.Count != c.Runs[0].Result.Count {
			c.Problems = append(c.Problems, fmt.Sprintf("counts differ: %s %d, %s %d",
				c.Runs[0].Solver, c.Runs[0].Result.Count, r.Solver, r.Result.Count))
		}
	}
	if len(c.Problems) > 0 || c.Count() > limit {
		return c, nil
	}
	var first map[string]constraints.Solution
	for i, s := range ss {
		set, problems, err := listed(ctx, s, m)
		if err != nil {
			return c, err
		}
		c.Problems = append(c.Problems, problems...)
		if i == 0 {
			first = set
			continue
		}
		c.Problems = append(c.Problems, diff(ss[0].Name(), first, s.Name(), set)...)
	}
	c.SetsCompared = len(c.Problems) == 0
	if c.SetsCompared {
		group := m.Symmetries()
		var unique uint64
		for _, sol := range first {
			if m.IsCanonical(sol, group) {
				unique++
			}
		}
		c.Unique = &unique
	}
	return c, nil
}

// listed returns the solutions s lists for m, keyed by their String, with every problem found on the way.
func listed(ctx context.Context, s Solver, m constraints.Model) (map[string]constraints.Solution, []string, error) {
	set := map[string]constraints.Solution{}
	var problems []string
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		if err := m.Check(sol); err != nil {
			problems = append(problems, fmt.Sprintf("%s: solution %s fails the model's check: %v", s.Name(), sol, err))
		}
		key := sol.String()
		if _, dup := set[key]; dup {
			problems = append(problems, fmt.Sprintf("%s: solution %s listed twice", s.Name(), sol))
		}
		set[key] = sol
		return len(problems) < 10
	})
	if ctx.Err() != nil {
		return nil, nil, ctx.Err()
	}
	if err != nil {
		problems = append(problems, fmt.Sprintf("%s: %v", s.Name(), err))
	} else if res.Count != uint64(len(set)) && len(problems) == 0 {
		problems = append(problems, fmt.Sprintf("%s: listed %d solutions, counted %d", s.Name(), len(set), res.Count))
	}
	return set, problems, nil
}

// diff names the first few solutions one set holds and the other lacks.
func diff(an string, a map[string]constraints.Solution, bn string, b map[string]constraints.Solution) []string {
	var out []string
	for k := range a {
		if _, ok := b[k]; !ok && len(out) < 3 {
			out = append(out, fmt.Sprintf("%s lists %s, %s does not", an, k, bn))
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok && len(out) < 6 {
			out = append(out, fmt.Sprintf("%s lists %s, %s does not", bn, k, an))
		}
	}
	return out
}
