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

// TestPackageREADMETranscripts runs the "$ queens ..." lines shown in the packages' README files (indented
// blocks) and holds what they print, stdout and stderr with their spaces and line breaks folded, to the
// lines shown under them: once solvers/sat's showed a message the command no longer gave.
func TestPackageREADMETranscripts(t *testing.T) {
	root := modeltest.Root(t)
	files, _ := filepath.Glob(filepath.Join(root, "solvers", "*", "README.md"))
	ran := 0
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		for i, l := range lines {
			cmd, ok := strings.CutPrefix(l, "    $ queens ")
			if !ok {
				continue
			}
			var want []string
			for _, next := range lines[i+1:] {
				if !strings.HasPrefix(next, "    ") || strings.HasPrefix(next, "    $ ") {
					break
				}
				want = append(want, strings.TrimSpace(next))
			}
			var out, errOut bytes.Buffer
			MainWith(context.Background(), strings.Fields(cmd), strings.NewReader(""), &out, &errOut)
			ran++
			got := strings.Join(strings.Fields(out.String()+errOut.String()), " ")
			if w := strings.Join(strings.Fields(strings.Join(want, " ")), " "); got != w {
				t.Errorf("%s:%d: queens %s\n got: %s\nwant: %s", file, i+1, cmd, got, w)
			}
		}
	}
	if ran == 0 {
		t.Fatal("no $ queens line in the packages' README files: the test would pass without running one")
	}
}

// TestREADMEExamplesExist: every package the README names for its runnable examples has one.
func TestREADMEExamplesExist(t *testing.T) {
	root := modeltest.Root(t)
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, para, ok := strings.Cut(string(data), "Runnable examples")
	para, _, _ = strings.Cut(para, "\n\n")
	if !ok {
		t.Fatal("no paragraph on runnable examples in the README")
	}
	named := 0
	for i, part := range strings.Split(para, "`") {
		dir := filepath.Join(root, filepath.FromSlash(part))
		if info, err := os.Stat(dir); i%2 == 0 || err != nil || !info.IsDir() {
			continue
		}
		named++
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		found := false
		for _, f := range tests {
			b, _ := os.ReadFile(f)
			found = found || bytes.Contains(b, []byte("\nfunc Example"))
		}
		if !found {
			t.Errorf("the README names %s for its runnable examples, which has no Example function", part)
		}
	}
	if named < 5 {
		t.Errorf("%d packages named in the README's paragraph on examples, want them all", named)
	}
}
