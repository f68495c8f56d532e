package variants_test

import (
	"errors"
	"testing"

	"github.com/queens-dev/queens/variants"
)

func TestExpectCheck(t *testing.T) {
	tests := []struct {
		name   string
		expect variants.Expect
		count  uint64
		unique *uint64
		want   string // "" for no error
		reason string
	}{
		{"none", variants.Expect{}, 5, nil, "", "an empty expectation holds for anything"},
		{"count met", variants.Expect{Count: u64(92), Unique: u64(12)}, 92, u64(12), "", "both stated, both met"},
		{"count missed", variants.Expect{Count: u64(92)}, 90, nil, "expectation not met: count 90, want 92", "a plain miss"},
		{"unique not measured", variants.Expect{Count: u64(92), Unique: u64(12)}, 92, nil, "",
			"unique is checked only when measured"},
		{"both missed", variants.Expect{Count: u64(92), Unique: u64(12)}, 90, u64(11),
			"expectation not met: count 90, want 92; unique 11, want 12", "every miss is listed, in field order"},
		{"unsat met", variants.Expect{Count: u64(0), Satisfiable: yes(false)}, 0, u64(0), "", "no solution, as stated"},
		{"unsat missed", variants.Expect{Satisfiable: yes(false)}, 3, nil,
			"expectation not met: satisfiable true, want false", "satisfiable is derived from the count"},
		{"sat missed", variants.Expect{Satisfiable: yes(true)}, 0, nil,
			"expectation not met: satisfiable false, want true", "a search that found nothing misses satisfiable: true"},
		{"unique only", variants.Expect{Unique: u64(1)}, 4, u64(2), "expectation not met: unique 2, want 1",
			"unique may be stated alone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.expect.Check(tt.count, tt.unique)
			if got := errText(err); got != tt.want {
				t.Errorf("Check(%d, %v) under %s = %q, want %q (%s)", tt.count, tt.unique, tt.expect, got, tt.want, tt.reason)
			}
			if err != nil && !errors.Is(err, variants.ErrUnmet) {
				t.Errorf("error %v does not wrap ErrUnmet", err)
			}
		})
	}
}

func TestExpectCheckSatisfiable(t *testing.T) {
	tests := []struct {
		name   string
		expect variants.Expect
		found  bool
		want   string
		reason string
	}{
		{"count says sat", variants.Expect{Count: u64(92)}, true, "", "a count above 0 means satisfiable"},
		{"count says unsat", variants.Expect{Count: u64(0)}, true, "expectation not met: satisfiable true, want count 0",
			"a find-one search can refute a count of 0"},
		{"count not refuted", variants.Expect{Count: u64(92)}, false, "expectation not met: satisfiable false, want count 92",
			"finding nothing refutes any count above 0"},
		{"satisfiable", variants.Expect{Satisfiable: yes(false)}, false, "", "stated and met"},
		{"satisfiable missed", variants.Expect{Satisfiable: yes(true), Count: u64(4)}, false,
			"expectation not met: satisfiable false, want true; satisfiable false, want count 4", "each miss is listed"},
		{"unique ignored", variants.Expect{Unique: u64(7)}, false, "", "a find-one search says nothing of unique"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := errText(tt.expect.CheckSatisfiable(tt.found)); got != tt.want {
				t.Errorf("CheckSatisfiable(%t) under %s = %q, want %q (%s)", tt.found, tt.expect, got, tt.want, tt.reason)
			}
		})
	}
}

func TestExpectString(t *testing.T) {
	tests := []struct {
		expect variants.Expect
		want   string
	}{
		{variants.Expect{}, "none"},
		{variants.Expect{Count: u64(92), Unique: u64(12)}, "count 92, unique 12"},
		{variants.Expect{Count: u64(0), Satisfiable: yes(false)}, "count 0, satisfiable false"},
	}
	for _, tt := range tests {
		if got := tt.expect.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
		if got, want := tt.expect.IsZero(), tt.want == "none"; got != want {
			t.Errorf("%s: IsZero() = %t, want %t", tt.want, got, want)
		}
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
