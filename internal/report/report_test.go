package report_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/report"
)

// TestEncode holds a document to its head first and its body's fields after, as one JSON object.
func TestEncode(t *testing.T) {
	m := constraints.Classic(4)
	for _, c := range []struct {
		name string
		m    *constraints.Model
		body any
		want string
	}{
		{"with a model", &m, map[string]int{"count": 2}, `{"schema":"queens/1","command":"x","model":{"rows":4,"cols":4,"queens":4,"attacks":["row","column","diagonal","anti-diagonal"],"wrap":false,"surface":"flat","blocked":[],"fixed":[]},"count":2}` + "\n"},
		{"without", nil, struct {
			A string `json:"a"`
		}{"\u202e"}, `{"schema":"queens/1","command":"x","a":"\u202e"}` + "\n"},
		{"empty body", nil, struct{}{}, `{"schema":"queens/1","command":"x"}` + "\n"},
	} {
		got, err := report.Encode("x", c.m, c.body)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %s (%v), want %s", c.name, got, err, c.want)
		}
		if !json.Valid(got) {
			t.Errorf("%s: not JSON: %s", c.name, got)
		}
	}
	if _, err := report.Encode("x", nil, []int{1}); err == nil {
		t.Error("a body that is no object: no error")
	}
}

// TestSolveWriter writes a list and reads it back as a Solve.
func TestSolveWriter(t *testing.T) {
	m := constraints.Classic(4)
	var b bytes.Buffer
	w := report.NewSolveWriter(&b, m, "backtrack", report.ModeAll)
	for _, s := range []constraints.Solution{constraints.NewSolution(constraints.Cell{Row: 0, Col: 1}, constraints.Cell{Row: 1, Col: 3}, constraints.Cell{Row: 2, Col: 0}, constraints.Cell{Row: 3, Col: 2})} {
		if err := w.Solution(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.End(report.SolveEnd{Count: 1, Complete: false}); err != nil {
		t.Fatal(err)
	}
	var got report.Solve
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	if got.Schema != report.Schema || got.Command != "solve" || got.Mode != "all" || len(got.Solutions) != 1 ||
		string(got.Solutions[0]) != `[".Q..","...Q","Q...","..Q."]` || got.Count != 1 || got.Complete {
		t.Errorf("read back %+v from\n%s", got, b.String())
	}
	if !strings.HasSuffix(b.String(), "}\n") {
		t.Errorf("the document does not end with a newline: %q", b.String())
	}
}
