package cli

import (
	"context"
	_ "embed"
	"slices"
	"strings"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
)

// pigeonholeRegions is a 62×62 LinkedIn-style grid whose columns 9–61 hold 54 whole regions: 54 queens in
// 53 columns, no solution. Deductions see it at the root; the row path and SAT alone search for minutes.
// It is solvers/router/testdata/pigeonhole-62.txt, the grid of the router's test.
//
//go:embed benchdata/pigeonhole-62.txt
var pigeonholeRegions string

// autoCase is one model timed by the default solver (auto) and by the engine auto should match there.
type autoCase struct {
	name  string
	m     constraints.Model
	find  bool           // one solution, else the count
	match *router.Engine // the engine alone
	long  bool           // seconds a run: only with --long
	want  uint64         // the count, or 1 where a solution exists (0 where none)
}

// benchAuto is one autoCase's figures.
type benchAuto struct {
	Name        string  `json:"name"`
	Op          string  `json:"op"`
	Engine      string  `json:"engine"`
	Method      string  `json:"method"`
	Count       uint64  `json:"count"`
	Match       string  `json:"match"`
	AutoMedian  float64 `json:"auto_median_seconds"`
	MatchMedian float64 `json:"match_median_seconds"`
	Ratio       float64 `json:"ratio"`
}

// autoCases are the default solver's targets: where it races two engines, it should cost about what the
// faster engine alone costs.
func autoCases(long bool) ([]autoCase, error) {
	g, err := constraints.ParseRegions(strings.Fields(pigeonholeRegions))
	if err != nil {
		return nil, err
	}
	pigeonhole := constraints.Model{Rows: 62, Cols: 62, Queens: 62, Attack: constraints.King, Regions: g,
		Each: constraints.Quota{Row: constraints.Exactly(1), Column: constraints.Exactly(1), Region: constraints.Exactly(1)}}
	cases := []autoCase{
		{name: "39 knights and alfils on 10×10, two fixed, first", m: constraints.Model{Rows: 10, Cols: 10, Queens: 39,
			Attack: constraints.Union(constraints.Knight, constraints.Leap(2, 2)), Fixed: []constraints.Cell{{Row: 0, Col: 0}, {Row: 4, Col: 5}}},
			find: true, match: router.SAT, want: 1},
		{name: "62×62 regions in too few columns, first", m: pigeonhole, find: true, match: router.Deductions, want: 0},
		{name: "62×62 regions in too few columns, count", m: pigeonhole, match: router.Deductions, want: 0},
		{name: "72 knights on 12×12, count", m: constraints.Model{Rows: 12, Cols: 12, Queens: 72, Attack: constraints.Knight},
			match: router.SAT, long: true, want: 2},
	}
	return slices.DeleteFunc(cases, func(c autoCase) bool { return c.long && !long }), nil
}

// timeAuto runs c runs times by auto and by its engine, interleaved, and returns the medians.
func timeAuto(ctx context.Context, c autoCase, threads, runs int) (benchAuto, error) {
	b := benchAuto{Name: c.name, Op: "count", Match: c.match.Name}
	if c.find {
		b.Op = "find"
	}
	call := func(s solvers.Solver) (solvers.Result, uint64, error) {
		if c.find {
			_, found, res, err := solvers.First(ctx, s, c.m)
			if found {
				return res, 1, err
			}
			return res, 0, err
		}
		res, err := s.Count(ctx, c.m)
		return res, res.Count, err
	}
	var autoTimes, matchTimes []float64
	for range runs {
		for i, s := range []solvers.Solver{router.New(router.Threads(threads)), c.match.New(threads)} {
			start := time.Now()
			res, n, err := call(s)
			if err != nil {
				return b, &interrupted{cause: err}
			}
			took := time.Since(start).Seconds()
			if i == 0 {
				autoTimes = append(autoTimes, took)
				b.Engine, b.Method, b.Count = res.Stats.Engine, res.Stats.Method, n
			} else {
				matchTimes = append(matchTimes, took)
			}
		}
	}
	slices.Sort(autoTimes)
	slices.Sort(matchTimes)
	b.AutoMedian, b.MatchMedian = autoTimes[len(autoTimes)/2], matchTimes[len(matchTimes)/2]
	if b.MatchMedian > 0 {
		b.Ratio = b.AutoMedian / b.MatchMedian
	}
	return b, nil
}
