package solvers

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
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
	// Unique is the number of classes of solutions under the model's symmetry group, counted from the
	// first solver's listed solutions; nil when the sets were not compared.
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

// MaxCompareLimit bounds the limit Compare takes: listing more solutions than this from every solver would
// take hours.
const MaxCompareLimit = 1 << 30

// exactDiffLimit is the largest solution set Compare holds in memory to name the solutions two solvers
// disagree on, once their digests differ.
const exactDiffLimit = 200_000

// Compare holds the solvers against each other and against m.Check: each counts the solutions of m; when
// the counts agree and are at most limit, each also lists them, every listed solution is checked with
// m.Check, and the lists are compared as sets (the solvers may list in different orders).
//
// The sets are compared in constant memory, by a digest of each: the number of solutions and two sums,
// modulo 2^64, of a hash of each solution under two random seeds. Two different sets of the same size
// agree on both sums with a chance of about 2^-64 at most (for a hash that behaves as a random function,
// 2^-128); a solution listed twice and another left out changes the sums as any difference does. Where
// the digests differ and the sets are small, they are listed again and the differences named.
//
// The error is ctx's when the context ended first; every other failure is reported in Problems.
func Compare(ctx context.Context, m constraints.Model, limit uint64, ss ...Solver) (Comparison, error) {
	var c Comparison
	if len(ss) == 0 {
		return c, errors.New("compare: no solvers given")
	}
	if limit > MaxCompareLimit {
		return c, fmt.Errorf("compare: limit %d: at most %d", limit, MaxCompareLimit)
	}
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
	group, err := m.Group(ctx)
	if err != nil {
		return c, err
	}
	seeds := [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}
	var unique uint64
	digests := make([]digest, len(ss))
	for i, s := range ss {
		var onEach func(constraints.Solution)
		if i == 0 {
			onEach = func(sol constraints.Solution) {
				if group.IsCanonical(sol) {
					unique++
				}
			}
		}
		d, problems, err := listDigest(ctx, s, m, seeds, onEach)
		if err != nil {
			return c, err
		}
		c.Problems = append(c.Problems, problems...)
		digests[i] = d
	}
	if len(c.Problems) > 0 {
		return c, nil
	}
	for i := 1; i < len(ss); i++ {
		if digests[i] == digests[0] {
			continue
		}
		c.Problems = append(c.Problems, fmt.Sprintf("solution sets differ: %s and %s list %d solutions each, not the same ones",
			ss[0].Name(), ss[i].Name(), digests[0].n))
		if c.Count() <= exactDiffLimit {
			names, err := diffSets(ctx, m, ss[0], ss[i])
			if err != nil {
				return c, err
			}
			c.Problems = append(c.Problems, names...)
		}
	}
	c.SetsCompared = len(c.Problems) == 0
	if c.SetsCompared {
		c.Unique = &unique
	}
	return c, nil
}

// digest stands for a set of solutions: its size and two sums of seeded hashes.
type digest struct {
	n    uint64
	sums [2]uint64
}

func (d *digest) add(sol constraints.Solution, seeds [2]maphash.Seed) {
	d.n++
	buf := make([]byte, 0, 8*len(sol))
	for _, c := range sol {
		buf = binary.AppendUvarint(binary.AppendUvarint(buf, uint64(c.Row)), uint64(c.Col))
	}
	for i, seed := range seeds {
		d.sums[i] += maphash.Bytes(seed, buf)
	}
}

// listDigest lists the solutions s gives for m, checking each with m.Check, and returns their digest and
// the problems found on the way.
func listDigest(ctx context.Context, s Solver, m constraints.Model, seeds [2]maphash.Seed, onEach func(constraints.Solution)) (digest, []string, error) {
	var d digest
	var problems []string
	res, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
		if err := m.Check(sol); err != nil {
			problems = append(problems, fmt.Sprintf("%s: solution %s fails the model's check: %v", s.Name(), short(sol), err))
		}
		d.add(sol, seeds)
		if onEach != nil {
			onEach(sol)
		}
		return len(problems) < 10
	})
	if ctx.Err() != nil {
		return d, nil, ctx.Err()
	}
	if err != nil {
		problems = append(problems, fmt.Sprintf("%s: %v", s.Name(), err))
	} else if res.Count != d.n && len(problems) == 0 {
		problems = append(problems, fmt.Sprintf("%s: listed %d solutions, counted %d", s.Name(), d.n, res.Count))
	}
	return d, problems, nil
}

// diffSets lists the solutions of a and b again, as sets, and names the first few each lacks.
func diffSets(ctx context.Context, m constraints.Model, a, b Solver) ([]string, error) {
	sets := [2]map[string]int{{}, {}}
	for i, s := range []Solver{a, b} {
		if _, err := s.Enumerate(ctx, m, func(sol constraints.Solution) bool {
			sets[i][sol.String()]++
			return true
		}); ctx.Err() != nil {
			return nil, ctx.Err()
		} else if err != nil {
			return []string{fmt.Sprintf("%s: %v", s.Name(), err)}, nil
		}
	}
	var out []string
	names := [2]string{a.Name(), b.Name()}
	for i := range 2 {
		for k, n := range sets[i] {
			if n > 1 && len(out) < 6 {
				out = append(out, fmt.Sprintf("%s lists %s %d times", names[i], k, n))
			}
			if _, ok := sets[1-i][k]; !ok && len(out) < 6 {
				out = append(out, fmt.Sprintf("%s lists %s, %s does not", names[i], k, names[1-i]))
			}
		}
	}
	return out, nil
}
