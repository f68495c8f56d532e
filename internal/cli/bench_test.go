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
	if code, _, _ := run("bench", "-n", "25"); code != 2 {
		t.Errorf("bench -n 25: exit %d, want 2", code)
	}
}
