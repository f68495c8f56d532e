package report_test

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/internal/report"
)

// TestModelRoundTrip: the model object an answer holds reads back, through JSON and through YAML, as a
// model that writes the same object and checks every solution alike (its Canonical text is the same):
// a table of every field, then random models of every feature.
func TestModelRoundTrip(t *testing.T) {
	regions, err := constraints.ParseRegions([]string{"aabb", "aabb", "ccdd", "cc.d"})
	if err != nil {
		t.Fatal(err)
	}
	models := []constraints.Model{
		constraints.Classic(8),
		{Rows: 5, Cols: 7, Queens: 4, Attack: constraints.Union(constraints.Knight, constraints.Ride(1, 3), constraints.Leap(2, 3)),
			Surface: constraints.Mobius, Blocked: []constraints.Cell{{Row: 0, Col: 1}}, Fixed: []constraints.Cell{{Row: 4, Col: 6}}},
		{Rows: 4, Cols: 4, Attack: constraints.King, Regions: regions, Each: constraints.Quota{Region: constraints.Exactly(1), Row: constraints.AtMost(2), Column: constraints.Between(0, 2)}},
		{Rows: 6, Cols: 6, Queens: 6, Surface: constraints.Klein, Attack: constraints.Rook, Each: constraints.Quota{Diagonal: constraints.AtMost(2)}},
		{Rows: 6, Cols: 6, Queens: 5, Surface: constraints.Torus, Attack: constraints.Attack{}},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for range 300 {
		models = append(models, modeltest.ValidWide(rng, 6))
	}
	for _, m := range models {
		want := report.ModelOf(m)
		data, err := json.Marshal(want)
		if err != nil {
			t.Fatal(err)
		}
		var fromJSON, fromYAML report.Model
		if err := json.Unmarshal(data, &fromJSON); err != nil {
			t.Fatalf("%v: %v", m, err)
		}
		if err := yaml.Unmarshal(data, &fromYAML); err != nil { // JSON is YAML
			t.Fatalf("%v: %v", m, err)
		}
		for _, j := range []report.Model{fromJSON, fromYAML} {
			back, err := j.Model()
			if err != nil {
				t.Fatalf("%v: %s reads back as an error: %v", m, data, err)
			}
			if got := report.ModelOf(back); !reflect.DeepEqual(normal(got), normal(want)) || back.Canonical() != m.Canonical() {
				t.Fatalf("%v: %s reads back as %v:\n%s\nwant\n%s", m, data, back, back.Canonical(), m.Canonical())
			}
		}
	}
}

// normal writes a model object as JSON, so that a number read from YAML (int) and one read from JSON
// (float64) compare alike.
func normal(j report.Model) string {
	b, _ := json.Marshal(j)
	return string(b)
}

// TestModelRefused: a model object that does not make a model says which field is wrong.
func TestModelRefused(t *testing.T) {
	for _, c := range []struct {
		j    report.Model
		want string
	}{
		{report.Model{Rows: 8, Cols: 8, Attacks: []string{"knigt"}}, "model: attacks: "},
		{report.Model{Rows: 8, Cols: 8, Surface: "donut"}, "model: surface: "},
		{report.Model{Rows: 8, Cols: 8, Surface: "torus", Wrap: false}, "wrap false beside surface torus"},
		{report.Model{Rows: 8, Cols: 8, Blocked: []report.Cell{{9, 9}}}, "model: "},
		{report.Model{Rows: 8, Cols: 8, Each: map[string]any{"row": 1.5}}, "model: each: row: 1.5"},
		{report.Model{Rows: 8, Cols: 8, Each: map[string]any{"rwo": 1.0}}, "model: each: "},
		{report.Model{Rows: 2, Cols: 2, Regions: []string{"ab", "abc"}}, "model: "},
		{report.Model{Rows: 0, Cols: 8}, "model: "},
	} {
		if _, err := c.j.Model(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want an error with %q", c.j, err, c.want)
		}
	}
}

// TestCellTwoNumbers: a cell read back is two numbers, in JSON and YAML; a third is refused, not dropped.
func TestCellTwoNumbers(t *testing.T) {
	for _, in := range []string{`[1, 2, 3]`, `[1]`, `[]`, `"r1c2"`} {
		var c report.Cell
		if err := json.Unmarshal([]byte(in), &c); err == nil {
			t.Errorf("JSON %s reads as %v, want an error", in, c)
		}
		if err := yaml.Unmarshal([]byte(in), &c); err == nil {
			t.Errorf("YAML %s reads as %v, want an error", in, c)
		}
	}
	var j, y report.Cell
	if err := json.Unmarshal([]byte(`[3, 4]`), &j); err != nil || j != (report.Cell{3, 4}) {
		t.Errorf("JSON [3, 4] reads as %v, %v", j, err)
	}
	if err := yaml.Unmarshal([]byte(`[3, 4]`), &y); err != nil || y != (report.Cell{3, 4}) {
		t.Errorf("YAML [3, 4] reads as %v, %v", y, err)
	}
}

// TestCellErrorNamesField: a bad cell in a model's blocked or fixed list is refused with the field's name,
// in JSON and in YAML.
func TestCellErrorNamesField(t *testing.T) {
	for _, field := range []string{"blocked", "fixed"} {
		in := `{"rows": 4, "cols": 4, "queens": 4, "attacks": ["queen"], "` + field + `": [[0, 1], [1, 2, 3]]}`
		var j, y report.Model
		if err := json.Unmarshal([]byte(in), &j); err == nil || !strings.Contains(err.Error(), field+": ") {
			t.Errorf("JSON %s: %v, want an error naming %q", in, err, field)
		}
		if err := yaml.Unmarshal([]byte(in), &y); err == nil || !strings.Contains(err.Error(), field+": ") {
			t.Errorf("YAML %s: %v, want an error naming %q", in, err, field)
		}
	}
}
