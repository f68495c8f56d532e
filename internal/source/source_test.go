package source_test

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/source"
)

// grid9 is a LinkedIn-style 9×9 puzzle's regions; url9 and level4 are the other forms.
const (
	grid4  = "AABB\nACBB\nCCDD\nCDDD\n"
	level4 = `{"size": 4, "colorRegions": [["A","A","B","B"],["A","C","B","B"],["C","C","D","D"],["C","D","D","D"]]}`
	url9   = "https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g"
	yaml8  = "name: mine\nboard: 8\nexpect: {count: 92}\n"
)

func write(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestLoad holds each form, given as a file with a name that says nothing of it, to the form the loader
// finds and the model it reads.
func TestLoad(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name, arg string
		stdin     string
		form      source.Form
		model     string // a part of the model's description
		starsRead bool
		reason    string
	}{
		{"catalog", "classic-8", "", source.Catalog, "8×8", false, "padded numbers need not be typed"},
		{"yaml file", write(t, "a.txt", yaml8), "", source.YAML, "8×8", false, "a colon makes YAML"},
		{"yaml stdin", "-", yaml8, source.YAML, "8×8", false, "- is stdin"},
		{"url", url9, "", source.URL, "9×9", false, "a URL as given"},
		{"url file", write(t, "u", url9+"\n"), "", source.URL, "9×9", false, "a file holding one URL"},
		{"level file", write(t, "l.txt", level4), "", source.Level, "4×4", true, "colorRegions makes a level"},
		{"level stdin", "-", level4, source.Level, "4×4", true, "the same from stdin"},
		{"grid file", write(t, "g", grid4), "", source.Grid, "4×4", true, "letters only make a grid"},
		{"grid spaced", "-", "A A B B\nA C B B\nC C D D\nC D D D\n", source.Grid, "4×4", true, "as 'queens puzzle --format text' draws it"},
	} {
		l, err := source.Load(ctx, c.arg, source.Options{Stdin: strings.NewReader(c.stdin)})
		if err != nil {
			t.Errorf("%s: %v (%s)", c.name, err, c.reason)
			continue
		}
		if l.Form != c.form || l.StarsRead != c.starsRead || !strings.Contains(l.Model.String(), c.model) {
			t.Errorf("%s: form %s, stars read %v, model %s; want %s, %v, %s (%s)", c.name, l.Form, l.StarsRead, l.Model, c.form, c.starsRead, c.model, c.reason)
		}
	}
}

// TestLoadRefuses holds every malformed source to one line that names it and says what is wrong.
func TestLoadRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	for _, c := range []struct {
		name, arg, stdin, want string
	}{
		{"empty", "", "", "empty name"},
		{"unknown", "clasic-8", "", `clasic-8: no such file, no built-in variant of that name (did you mean classic-08?), not a puzz.link URL`},
		{"unknown far", "zzzzzzzz", "", `zzzzzzzz: no such file, no built-in variant of that name ('queens list' lists them), not a puzz.link URL`},
		{"foreign url", "https://example.com/p?x", "", "a URL, but not of a puzz.link Star Battle"},
		{"truncated url", "https://puzz.link/p?starbattle/9/9/2/12a9", "", "https://puzz.link/p?starbattle/9/9/2/12a9: puzz.link URL: "},
		{"ragged grid", write(t, "r.txt", "AAB\nAB\nABB\n"), "", "r.txt: letter grid: grid line 2 has 2 cells, line 1 has 3"},
		{"level sizes", "-", `{"size": 5, "colorRegions": [["A"]]}`, "stdin: level JSON: size 5, but colorRegions has 1 rows"},
		{"level repeated", "-", `{"colorRegions": [["A"]], "colorRegions": [["B"]]}`, `stdin: level JSON: offset 24: repeated key "colorRegions"`},
		{"level trailing", "-", `{"colorRegions": [["A"]]} x`, "stdin: level JSON: offset 26: data after the JSON value"},
		{"yaml bad", "-", "board: -3\n", "stdin:1:"},
		{"folder", dir, "", "a folder, not a regular file"},
		{"device", "/dev/zero", "", "not a regular file"},
	} {
		_, err := source.Load(ctx, c.arg, source.Options{Stdin: strings.NewReader(c.stdin)})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", c.name, err, c.want)
		}
	}
}

// TestReadStops holds a read of a pipe that never speaks to its context's deadline.
func TestReadStops(t *testing.T) {
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := source.Load(ctx, "-", source.Options{Stdin: r})
	var stopped *source.Stopped
	if !errors.As(err, &stopped) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want a stop by the deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to stop", d)
	}
}

func TestReadBound(t *testing.T) {
	_, err := source.Read(context.Background(), "stdin", io.LimitReader(zeros{}, source.MaxBytes+10))
	if err == nil || !strings.Contains(err.Error(), "more than the") {
		t.Fatalf("error %v, want the bound named", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
