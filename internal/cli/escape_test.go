package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEscape holds escape to writing every control and invisible format character as an escape, and
// nothing else; and jsonEscape to the same, with JSON text that still decodes to the same string.
func TestEscape(t *testing.T) {
	tests := map[string]string{
		"plain, ünïcödé ♛":       "plain, ünïcödé ♛",
		"a\x1b[2Jb\n":            `a\x1b[2Jb\x0a`,
		"evil\u202eexe.yaml":     `evil\u202eexe.yaml`,
		"\u2066iso\u2069 \u200b": `\u2066iso\u2069 \u200b`,
		"line\u2028sep\u0085":    `line\u2028sep\x85`,
		"tag\U000e0041":          `tag\U000e0041`,
	}
	for in, want := range tests {
		if got := escape(in); got != want {
			t.Errorf("escape(%q) = %q, want %q", in, got, want)
		}
		b, _ := json.Marshal(in)
		safe := jsonEscape(b)
		var back string
		if err := json.Unmarshal(safe, &back); err != nil || back != in {
			t.Errorf("jsonEscape(%s) = %s, which decodes to %q, %v", b, safe, back, err)
		}
		if strings.ContainsFunc(string(safe), unprintable) {
			t.Errorf("jsonEscape(%s) = %q: an unprintable character left raw", b, safe)
		}
	}
}
