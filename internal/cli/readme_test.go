package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
)

// TestREADMETranscripts runs every "$ queens ..." line of the README's console blocks and holds its stdout
// to the lines shown under it, up to the next command or the block's end, and its exit code to 0 (10 and
// 20 for a dimacs answer, as SAT solvers exit). The arguments are split on spaces, with one level of
// double quotes; stderr is not compared.
func TestREADMETranscripts(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(modeltest.Root(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	commands := 0
	blocks := strings.Split(string(data), "```console\n")
	for _, block := range blocks[1:] {
		body, _, ok := strings.Cut(block, "```")
		if !ok {
			t.Fatal("a console block is not closed")
		}
		var args []string
		var want strings.Builder
		check := func() {
			if args == nil {
				return
			}
			commands++
			var out, errOut bytes.Buffer
			code := MainWith(context.Background(), args, strings.NewReader(""), &out, &errOut)
			wantCode := 0
			if slices.Contains(args, "dimacs") {
				wantCode = 10
				if strings.Contains(want.String(), "s UNSATISFIABLE") || strings.Contains(want.String(), "s mc 0\n") {
					wantCode = 20
				}
			}
			if code != wantCode || out.String() != want.String() {
				t.Errorf("queens %s: exit %d\ngot:\n%s\nwant:\n%s\nstderr: %s", strings.Join(args, " "), code, out.String(), want.String(), errOut.String())
			}
		}
		for _, line := range strings.SplitAfter(body, "\n") {
			if cmd, ok := strings.CutPrefix(line, "$ queens "); ok {
				check()
				args, want = splitArgs(strings.TrimSpace(cmd)), strings.Builder{}
				continue
			}
			want.WriteString(line)
		}
		check()
	}
	if commands < 10 {
		t.Errorf("only %d README commands run", commands)
	}
}

// splitArgs splits a command line on spaces, keeping double-quoted parts whole (without the quotes).
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	quoted, have := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, have = !quoted, true
		case r == ' ' && !quoted:
			if have {
				out = append(out, cur.String())
			}
			cur.Reset()
			have = false
		default:
			cur.WriteRune(r)
			have = true
		}
	}
	if have {
		out = append(out, cur.String())
	}
	return out
}
