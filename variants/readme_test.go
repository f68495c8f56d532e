package variants_test

import (
	"context"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/router"
	"github.com/queens-dev/queens/variants"
)

// TestREADMEVariants reads every YAML block of the README as a variant file and holds it to its own
// expectations: an example that contradicts itself would teach users the wrong thing.
func TestREADMEVariants(t *testing.T) {
	path := filepath.Join(modeltest.Root(t), "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks := yamlBlocks(string(data))
	if len(blocks) == 0 {
		t.Fatal("no ```yaml blocks in README.md: the test would pass without reading one")
	}
	for i, b := range blocks {
		name := filepath.Base(path) + "#yaml" + string(rune('1'+i))
		v, err := variants.Parse(name, []byte(b))
		if err != nil {
			t.Errorf("README yaml block %d: %v\n%s", i+1, err, b)
			continue
		}
		if v.Expect.IsZero() {
			continue
		}
		res, err := solvers.CountUnique(context.Background(), router.New(router.NativeOnly()), v.Model)
		if err != nil {
			t.Errorf("README yaml block %d (%s): %v", i+1, v.Name, err)
			continue
		}
		if err := v.Expect.Check(res.Count, res.Unique); err != nil {
			t.Errorf("README yaml block %d (%s): %v", i+1, v.Name, err)
		}
	}
}

// yamlBlocks returns the text of each fenced ```yaml block of a Markdown file.
func yamlBlocks(md string) []string {
	var out []string
	for {
		start := strings.Index(md, "```yaml\n")
		if start < 0 {
			return out
		}
		md = md[start+len("```yaml\n"):]
		end := strings.Index(md, "```")
		if end < 0 {
			return out
		}
		out = append(out, md[:end])
		md = md[end+3:]
	}
}

// TestPackageDocVariant holds the variant file the package doc shows (go doc ./variants) to its own
// expectations, as TestREADMEVariants does the README's: once it said count 4 of a model with 1 board.
func TestPackageDocVariant(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "variant.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("variant.go: no package doc: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(f.Doc.Text(), "\n") {
		if strings.HasPrefix(l, "\t") {
			lines = append(lines, strings.TrimPrefix(l, "\t"))
		}
	}
	if len(lines) == 0 {
		t.Fatal("no indented variant file in the package doc: the test would pass without reading one")
	}
	v, err := variants.Parse("doc.yaml", []byte(strings.Join(lines, "\n")))
	if err != nil || v.Expect.IsZero() {
		t.Fatalf("the package doc's variant: %v (expectations %v)", err, v.Expect)
	}
	res, err := solvers.CountUnique(context.Background(), router.New(router.NativeOnly()), v.Model)
	if err != nil {
		t.Fatal(err)
	}
	if err := v.Expect.Check(res.Count, res.Unique); err != nil {
		t.Errorf("the package doc's variant %s: %v", v.Name, err)
	}
}
