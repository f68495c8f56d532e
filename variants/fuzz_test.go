package variants_test

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/queens-dev/queens/variants"
)

// FuzzLoad feeds Parse arbitrary bytes, seeded with every variant file in testdata and the catalog. Parse
// must not panic; its errors must be *Error values that say where; what it accepts must pass
// Model.Validate and survive a round trip through Format unchanged.
func FuzzLoad(f *testing.F) {
	for _, dir := range []string{goodDir, badDir} {
		files, err := filepath.Glob(filepath.Join(dir, "*.yaml"))
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	err := fs.WalkDir(variants.CatalogFS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(variants.CatalogFS(), p)
		f.Add(data)
		return err
	})
	if err != nil {
		f.Fatal(err)
	}

	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := variants.Parse("fuzz.yaml", data)
		if err != nil {
			var e *variants.Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v (%T) is not an *Error", err, err)
			}
			if e.File != "fuzz.yaml" || e.Line < 1 || e.Msg == "" || !strings.HasPrefix(err.Error(), "fuzz.yaml:") {
				t.Fatalf("error %q does not say where", err)
			}
			if r, _ := utf8.DecodeRuneInString(e.Msg); unicode.IsUpper(r) {
				t.Fatalf("error %q: message not lower-case", err)
			}
			return
		}
		if err := v.Model.Validate(); err != nil {
			t.Fatalf("Parse accepted a model Validate rejects: %v\n%s", err, data)
		}
		out, err := variants.Format(v)
		if err != nil {
			t.Fatalf("Format: %v", err)
		}
		back, err := variants.Parse("fuzz.yaml", out)
		if err != nil {
			t.Fatalf("Parse(Format(v)): %v\ninput:\n%s\nformatted:\n%s", err, data, out)
		}
		if !reflect.DeepEqual(back, v) {
			t.Fatalf("round trip changed the variant:\n got %#v (expect %s)\nwant %#v (expect %s)\nformatted:\n%s", back, back.Expect, v, v.Expect, out)
		}
		again, err := variants.Format(back)
		if err != nil || !bytes.Equal(again, out) {
			t.Fatalf("Format is not stable: %v\nfirst:\n%s\nsecond:\n%s", err, out, again)
		}
	})
}
