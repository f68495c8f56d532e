package strictjson

import (
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	type target struct {
		Size int        `json:"size"`
		Rows [][]string `json:"rows"`
	}
	for _, c := range []struct {
		name, in string
		known    bool
		want     string // a part of the error, or "" for none
	}{
		{"ok", `{"size": 2, "rows": [["a","b"],["a","b"]]}`, true, ""},
		{"unknown kept", `{"size": 2, "other": 1}`, false, ""},
		{"unknown refused", `{"size": 2, "other": 1}`, true, `unknown field "other"`},
		{"repeated", `{"size": 2, "size": 3}`, false, `repeated key "size"`},
		{"repeated inside", `{"rows": [], "x": {"a": 1, "a": 2}}`, false, `repeated key "a"`},
		{"same key apart", `{"x": {"a": 1}, "y": {"a": 2}}`, false, ""},
		{"trailing", `{"size": 2} garbage`, false, "data after the JSON value"},
		{"two values", `{"size": 2}{"size": 3}`, false, "data after the JSON value"},
		{"empty", ``, false, "no JSON value"},
		{"cut", `{"size": 2`, false, "ends too soon"},
		{"yaml", "size: 2\n", false, "invalid character"},
		{"type", `{"size": "two"}`, false, "size: a JSON string, want int"},
		{"deep", strings.Repeat("[", 100) + strings.Repeat("]", 100), false, "nested more than"},
	} {
		var v target
		err := Decode([]byte(c.in), &v, c.known)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
		}
	}
}
