package runfile_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/internal/runfile"
)

// TestParseModelReadsBack: the canonical text of random valid models of every kind (surfaces, regions,
// quotas, blocked and fixed cells, riders and leapers) reads back to a model of the same text, as merge
// reads a shard's model to describe it.
func TestParseModelReadsBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(37, 5))
	kinds := map[string]int{}
	for i := range 600 {
		draw := []func(*rand.Rand, int) constraints.Model{modeltest.Valid, modeltest.ValidWide, modeltest.ValidShaped}[i%3]
		m := draw(rng, 9)
		text := m.Canonical()
		got, err := runfile.ParseModel(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if back := got.Canonical(); back != text {
			t.Fatalf("%q read back as %q", text, back)
		}
		if got.String() != m.String() {
			t.Errorf("%q: described as %q, the model as %q", text, got.String(), m.String())
		}
		kinds[m.Surface.String()]++
		if m.Regions != nil {
			kinds["regions"]++
		}
		if len(m.Blocked)+len(m.Fixed) > 0 {
			kinds["cells"]++
		}
		if !m.Each.IsZero() {
			kinds["each"]++
		}
	}
	for _, k := range []string{"flat", "torus", "mobius", "regions", "cells", "each"} {
		if kinds[k] == 0 {
			t.Errorf("no model of kind %s among those drawn (%v): the test reads back less than it says", k, kinds)
		}
	}
}

// TestParseModelRefuses: text that is no model's canonical text is refused, whatever fingerprint a shard
// made anew for it carries.
func TestParseModelRefuses(t *testing.T) {
	good := constraints.Classic(8).Canonical()
	for _, tt := range []struct{ text, want string }{
		{"", "line"},
		{"m", `line "m": not a line of a model's canonical text`},
		{strings.Replace(good, "board 8 8", "board 0 8", 1), "board"},
		{strings.Replace(good, "queens 8\n", "", 1) + "queens 8\n", "out of order"},
		{good + "each none\n", "out of order"},
		{strings.Replace(good, "wrap false", "wrap sideways", 1), "unknown surface"},
		{strings.Replace(good, "attacks row,column,diagonal,anti-diagonal", "attacks row,rook", 1), "rook holds row"},
		{strings.Replace(good, "attacks row,column,diagonal,anti-diagonal", "attacks queen", 1), "reads back otherwise"},
		{strings.Replace(good, "blocked\n", "blocked 9,9\n", 1), "off the 8×8 board"},
		{strings.Replace(good, "board 8 8", "board  8 8", 1), "reads back otherwise"},
		{strings.Replace(good, "\n", "\r\n", 1), ""},
		{strings.Repeat("b", runfile.MaxModelText+1), "more than the 4194304 a model's text may hold"},
	} {
		if _, err := runfile.ParseModel(tt.text); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("ParseModel(%.60q): %v, want an error with %q", tt.text, err, tt.want)
		}
	}
}

// TestRunCheck: a run whose text could not be read back from its own files is refused before it starts.
func TestRunCheck(t *testing.T) {
	r := runfile.Run{Model: constraints.Classic(8).Canonical(), Method: "join", Key: "k", Tasks: 2, Version: "v"}
	if err := r.Check(); err != nil {
		t.Fatal(err)
	}
	r.Model = strings.Repeat("x", runfile.MaxModelText+1)
	if err := r.Check(); err == nil || !strings.Contains(err.Error(), "model text is 4194305 bytes, more than the 4194304") {
		t.Errorf("a model text too long: %v", err)
	}
}
