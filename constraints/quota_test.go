package constraints

import (
	"strings"
	"testing"
)

func TestParseRange(t *testing.T) {
	tests := []struct {
		in      string
		want    Range
		wantErr string
		reason  string
	}{
		{"2", Exactly(2), "", "a plain count is exact"},
		{" <=2 ", AtMost(2), "", "at most, spaces around"},
		{"1..2", Between(1, 2), "", "between, both ends included"},
		{"0..3", AtMost(3), "", "from none is at most"},
		{"3..3", Exactly(3), "", "a range of one count is exact"},
		{"0", Range{}, "allows no queen", "exactly none asks for an empty board"},
		{"<=0", Range{}, "allows no queen", "at most none too"},
		{"3..2", Range{}, "no count meets it", "upside down"},
		{"-1", Range{}, "whole numbers from 0", "no negative counts"},
		{"010", Range{}, "whole numbers from 0", "a leading zero reads as octal in YAML: refused, never 8"},
		{"1..", Range{}, "whole numbers from 0", "an open end"},
		{"<=99999999999", Range{}, "whole numbers from 0", "bounded before use"},
		{"two", Range{}, "whole numbers from 0", "words are no numbers"},
	}
	for _, tt := range tests {
		got, err := ParseRange(tt.in)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseRange(%q) = %v, %v; want an error containing %q (%s)", tt.in, got, err, tt.wantErr, tt.reason)
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("ParseRange(%q) = %v, %v; want %v (%s)", tt.in, got, err, tt.want, tt.reason)
		case err == nil:
			if back, err := ParseRange(got.String()); err != nil || back != got {
				t.Errorf("ParseRange(%q) = %v, which reads back as %v, %v", tt.in, got, back, err)
			}
		}
	}
}

func TestParseQuota(t *testing.T) {
	tests := []struct {
		in      string
		want    Quota
		wantErr string
		reason  string
	}{
		{"row=2,column=2,line=<=2", Quota{Row: Exactly(2), Column: Exactly(2), Line: AtMost(2)}, "", "no three in a line"},
		{"rows=1,cols=1,regions=1", Quota{Row: Exactly(1), Column: Exactly(1), Region: Exactly(1)}, "", "plural aliases, as the command line always took them"},
		{"diagonal=<=1,anti-diagonal=0..1", Quota{Diagonal: AtMost(1), AntiDiagonal: AtMost(1)}, "", "the diagonals"},
		{"row=2,row=2", Quota{}, "named twice", "each key once"},
		{"rows=2,row=1", Quota{}, "named twice", "an alias is the same key"},
		{"colum=2", Quota{}, "did you mean column", "a typo is named with its likely meaning"},
		{"row", Quota{}, "want KEY=RANGE", "a key needs a range"},
		{"row=x", Quota{}, "row: range", "the key is named in a bad range's error"},
	}
	for _, tt := range tests {
		got, err := ParseQuota(tt.in)
		switch {
		case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
			t.Errorf("ParseQuota(%q) = %v, %v; want an error containing %q (%s)", tt.in, got, err, tt.wantErr, tt.reason)
		case tt.wantErr == "" && (err != nil || got != tt.want):
			t.Errorf("ParseQuota(%q) = %v, %v; want %v (%s)", tt.in, got, err, tt.want, tt.reason)
		case err == nil:
			if back, err := ParseQuota(got.String()); err != nil || back != got {
				t.Errorf("ParseQuota(%q) = %v, which reads back as %v, %v", tt.in, got, back, err)
			}
		}
	}
}

func TestParseSurface(t *testing.T) {
	for _, s := range Surfaces() {
		if got, err := ParseSurface(s.String()); err != nil || got != s {
			t.Errorf("ParseSurface(%q) = %v, %v", s, got, err)
		}
	}
	for in, want := range map[string]Surface{"true": Torus, "false": Flat, "Möbius": Mobius, "moebius": Mobius, "KLEIN": Klein} {
		if got, err := ParseSurface(in); err != nil || got != want {
			t.Errorf("ParseSurface(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseSurface("mobeus"); err == nil || !strings.Contains(err.Error(), "did you mean mobius") {
		t.Errorf("ParseSurface(mobeus) = %v, want a did-you-mean", err)
	}
}
