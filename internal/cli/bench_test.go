package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestBench(t *testing.T) {
	code, out, stderr := run("bench", "-n", "10", "--runs", "1", "--format", "json")
	if code != 0 {
		t.Fatalf("bench: exit %d, %s", code, stderr)
	}
	var got struct {
		Cases []struct {
			Name   string
			Count  uint64
			Unique *uint64
		}
		Auto []struct {
			Name, Op, Engine, Match string
			Count                   uint64
			AutoMedian              float64 `json:"auto_median_seconds"`
			MatchMedian             float64 `json:"match_median_seconds"`
			Ratio                   float64
		}
		PeakMB float64 `json:"peak_rss_mb"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("bench --format json: %v\n%s", err, out)
	}
	if len(got.Cases) != 20 || got.PeakMB <= 0 {
		t.Fatalf("bench: %d cases, peak %v MB", len(got.Cases), got.PeakMB)
	}
	uniques := 0
	for _, c := range got.Cases {
		if c.Unique != nil {
			uniques++
		}
		want := uint64(724) // A000170(10)
		switch {
		case strings.HasPrefix(c.Name, "super"):
			want = 4 // A051223(10)
		case strings.HasPrefix(c.Name, "25 kings"):
			want = 32572756 // A018807(5)
		case strings.Contains(c.Name, "proved unique"), strings.HasPrefix(c.Name, "puzzle made"):
			want = 1
		case strings.HasPrefix(c.Name, "classic 12"):
			want = 14200 // A000170(12)
		}
		if c.Count != want {
			t.Errorf("bench case %q: count %d, want %d", c.Name, c.Count, want)
		}
		if c.Unique != nil && *c.Unique != 92 { // A002562(10)
			t.Errorf("bench case %q: unique %d, want 92", c.Name, *c.Unique)
		}
	}
	if uniques != 2 {
		t.Errorf("bench: %d cases count classes, want 2 (by classes and joined)", uniques)
	}
	// auto must answer by the engine it should match: SAT's 39 knights and alfils off every lattice
	// class, the deductions' proof that 54 regions do not fit in 53 columns.
	want := map[string]uint64{"39 knights and alfils on 10×10, two fixed, first": 1, "62×62 regions in too few columns, first": 0,
		"62×62 regions in too few columns, count": 0}
	if len(got.Auto) != len(want) {
		t.Errorf("bench: %d auto cases, want %d (the long one only with --long)", len(got.Auto), len(want))
	}
	for _, a := range got.Auto {
		if w, ok := want[a.Name]; !ok || a.Count != w {
			t.Errorf("bench auto case %q: count %d, want %d (known: %v)", a.Name, a.Count, w, ok)
		}
		if a.Engine != a.Match || a.AutoMedian <= 0 || a.MatchMedian <= 0 || a.Ratio != a.AutoMedian/a.MatchMedian {
			t.Errorf("bench auto case %q: answered by %q, want %q; medians %v and %v, ratio %v", a.Name, a.Engine, a.Match, a.AutoMedian, a.MatchMedian, a.Ratio)
		}
	}
	if code, _, _ := run("bench", "-n", "25"); code != 2 {
		t.Errorf("bench -n 25: exit %d, want 2", code)
	}
}

// TestBenchLong checks the --long case's model without running it (seconds a run by each engine): 72
// knights on 12×12 are the two colourings of the board.
func TestBenchLong(t *testing.T) {
	short, err := autoCases(false)
	if err != nil {
		t.Fatal(err)
	}
	long, err := autoCases(true)
	if err != nil {
		t.Fatal(err)
	}
	if len(long) != len(short)+1 {
		t.Fatalf("autoCases: %d with --long, %d without; want one more", len(long), len(short))
	}
	c := long[len(long)-1]
	if !c.long || c.find || c.want != 2 || c.m.Rows != 12 || c.m.Queens != 72 {
		t.Errorf("the long case: %+v", c)
	}
}
