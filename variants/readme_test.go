package variants_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/solvers/backtrack"
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
		res, err := solvers.CountUnique(context.Background(), backtrack.New(), v.Model)
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
