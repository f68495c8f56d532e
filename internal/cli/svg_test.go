package cli

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os/exec"
	"strings"
	"testing"
)

// TestSVGRenders draws boards as SVG, checks the XML is well formed, and renders it with a real renderer
// (rsvg-convert, from Debian's librsvg2-bin) when there is one: the PNG must decode to a picture of the
// size the SVG declares, with dark marks (the crowns) on it.
func TestSVGRenders(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "-n", "8", "--first", "--fixed", "0,0", "--blocked", "3,3;4,4", "--format", "svg"},
		{"solve", "-n", "6", "--all", "--format", "svg"},
		{"solve", "-n", "3", "--first", "--format", "svg"},
		{"solve", "-n", "12", "--all", "--format", "svg"},
		{"solve", "--variant", "linkedin-09", "--first", "--format", "svg"},
	} {
		code, out, stderr := run(args...)
		if code != 0 {
			t.Fatalf("queens %s: exit %d: %s", strings.Join(args, " "), code, stderr)
		}
		var root struct {
			XMLName xml.Name `xml:"svg"`
			Width   int      `xml:"width,attr"`
			Height  int      `xml:"height,attr"`
			Texts   []string `xml:"text"`
		}
		if err := xml.Unmarshal([]byte(out), &root); err != nil {
			t.Fatalf("queens %s: not well-formed SVG: %v", strings.Join(args, " "), err)
		}
		if len(root.Texts) < 2 || root.Width < 100 || root.Height < 100 {
			t.Errorf("queens %s: a %d×%d picture with legend %q", strings.Join(args, " "), root.Width, root.Height, root.Texts)
		}
		if strings.Contains(strings.Join(args, " "), "--all") && args[2] == "12" && !strings.Contains(strings.Join(root.Texts, " "), "the first 48 drawn") {
			t.Errorf("14200 solutions drawn without saying only the first are: %q", root.Texts)
		}
		if args[1] == "--variant" && !strings.HasPrefix(root.Texts[0], args[2]+": ") {
			t.Errorf("queens %s: the legend %q does not name the variant", strings.Join(args, " "), root.Texts[0])
		}
		renderer, err := exec.LookPath("rsvg-convert")
		if err != nil {
			t.Log("rsvg-convert not installed (Debian: apt-get install librsvg2-bin): the SVG is checked as XML only")
			continue
		}
		cmd := exec.Command(renderer, "--format", "png")
		cmd.Stdin = strings.NewReader(out)
		var pngData, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &pngData, &errOut
		if err := cmd.Run(); err != nil {
			t.Fatalf("rsvg-convert: %v: %s", err, errOut.String())
		}
		img, err := png.Decode(&pngData)
		if err != nil {
			t.Fatalf("rsvg-convert's PNG: %v", err)
		}
		b := img.Bounds()
		if b.Dx() != root.Width || b.Dy() != root.Height {
			t.Errorf("rendered %v, the SVG says %d×%d", b, root.Width, root.Height)
		}
		dark := 0
		for y := b.Min.Y; y < b.Max.Y; y += 2 {
			for x := b.Min.X; x < b.Max.X; x += 2 {
				if r, g, bl, _ := img.At(x, y).RGBA(); r+g+bl < 3*0x3000 {
					dark++
				}
			}
		}
		if dark < 50 {
			t.Errorf("queens %s: the rendered picture has %d dark points: no crowns or text?", strings.Join(args, " "), dark)
		}
	}
}

// TestSVGRegionLines: on a region board, every two neighbouring cells are parted by a line, thick where
// the region changes and thin inside a region, so that a printed blank puzzle's cells can be counted.
// linkedin-08's grid has 112 neighbouring pairs.
func TestSVGRegionLines(t *testing.T) {
	code, out, _ := run("solve", "--variant", "linkedin-08", "--first", "--format", "svg")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	thin, thick := strings.Count(out, svgCellLine), strings.Count(out, svgRegionLine)
	if thin+thick != 2*8*7 || thin == 0 || thick == 0 {
		t.Errorf("%d thin and %d thick lines between cells, want 112 in all, of both kinds", thin, thick)
	}
}

// TestSVGPuzzleLegend: a blank puzzle's legend says it is a puzzle, not "one solution, by backtrack
// (puzzle)" as if a solve had found a board that is not drawn.
func TestSVGPuzzleLegend(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"puzzle", "--size", "6", "--format", "svg"}, "a puzzle with exactly one solution"},
		{[]string{"puzzle", "--size", "6", "--format", "svg", "--solution"}, "the one solution of the puzzle"},
	} {
		code, out, _ := run(tc.args...)
		if code != 0 || !strings.Contains(out, tc.want) || strings.Contains(out, "one solution, by") {
			t.Errorf("queens %s: exit %d; want a legend saying %q, not %q", strings.Join(tc.args, " "), code, tc.want, "one solution, by")
		}
	}
}
