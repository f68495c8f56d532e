package cli

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/internal/modeltest"
	"github.com/queens-dev/queens/variants"
)

// TestShowURL holds 'queens show URL' to the URL: the variant file it writes loads back as the model
// codec.ParseURL reads from the URL, for explain's 9×9 and the published 17×17 to 25×25 Star Battles;
// a URL the codec cannot read, or one of another site (show and solve), is a usage error, and a
// built-in name still gives the catalog's file.
func TestShowURL(t *testing.T) {
	urls := []string{"https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g"}
	f, err := os.Open(filepath.Join(modeltest.Root(t), "testdata", "published", "starbattle-big.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && strings.HasPrefix(fields[1], "https://") {
			urls = append(urls, fields[1])
		}
	}
	if len(urls) < 30 {
		t.Fatalf("%d URLs, want the 9×9 and the published big ones", len(urls))
	}
	dir := t.TempDir()
	for i, u := range urls {
		code, out, errOut := run("show", u)
		if code != 0 {
			t.Fatalf("queens show %s: exit %d: %s", u, code, errOut)
		}
		want, err := codec.ParseURL(u)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "v.yaml")
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		v, err := variants.Load(file)
		if err != nil {
			t.Fatalf("#%d: queens show's file does not load: %v\n%s", i, err, out)
		}
		if !reflect.DeepEqual(v.Model, want) {
			t.Errorf("#%d: queens show's file holds %v, the URL %v", i, v.Model, want)
		}
		if !strings.Contains(v.Description, u) {
			t.Errorf("#%d: description %q does not name the URL", i, v.Description)
		}
	}
	if code, _, errOut := run("show", "https://puzz.link/p?starbattle/9/9/2/zz"); code != ExitUsage || !strings.Contains(errOut, "not a base-32 digit") {
		t.Errorf("show of a cut URL: exit %d, %q; want %d and the codec's reason", code, errOut, ExitUsage)
	}
	// Text before "?starbattle/" (here a terminal's escape) is not carried into the file, which loads.
	code, out, errOut := run("show", "\x1b[31m?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g")
	file := filepath.Join(dir, "escape.yaml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	if v, err := variants.Load(file); code != 0 || err != nil || !strings.Contains(v.Description, urls[0]) {
		t.Errorf("show of a URL after an escape: exit %d (%s), a file that loads with %v, description %q; want the URL as the codec writes it", code, errOut, err, v.Description)
	}
	// A file whose path holds "://" is a file to solve, not a URL, and not a puzzle to show.
	weird := filepath.Join(dir, "a:", "v.yaml")
	if err := os.MkdirAll(filepath.Dir(weird), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(weird, []byte("board: 6\nexpect: {count: 4}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := strings.Replace(weird, "a:/", "a://", 1)
	if code, out, errOut := run("solve", "--variant", path); code != 0 || !strings.Contains(out, "4 solutions") {
		t.Errorf("solve --variant %s: exit %d, %q %q; want the file's 4 solutions", path, code, out, errOut)
	}
	if code, out, errOut := run("show", path); code != ExitUsage || out != "" || !strings.Contains(errOut, "no built-in variant") {
		t.Errorf("show %s: exit %d, %q %q; want a usage error: show takes no file", path, code, out, errOut)
	}
	for _, args := range [][]string{{"show", "https://example.com/x"}, {"solve", "--variant", "https://example.com/x"}} {
		if code, _, errOut := run(args...); code != ExitUsage || !strings.Contains(errOut, "not of a puzz.link Star Battle") {
			t.Errorf("queens %s: exit %d, %q; want %d and that it is not a Star Battle's URL", strings.Join(args, " "), code, errOut, ExitUsage)
		}
	}
	code, out, _ = run("show", "classic-8")
	catalog, err := variants.CatalogFile("classic-08")
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || out != string(catalog) {
		t.Errorf("show classic-8: exit %d, %q; want the catalog's file", code, out)
	}
}
