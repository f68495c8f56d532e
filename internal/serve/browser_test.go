package serve_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/queens-dev/queens/internal/serve"
)

var update = flag.Bool("update", false, "TestScreenshots: rewrite docs/serve.png and docs/serve-mobile.png")

// chromium returns the path of a Chromium binary, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on this machine: the browser tests need the Debian package chromium")
	return ""
}

// browser starts headless Chromium for the test and the page's server; tabs open in it.
type browser struct {
	t      *testing.T
	ctx    context.Context
	server *httptest.Server
}

func newBrowser(t *testing.T) *browser {
	bin := chromium(t)
	// A profile of its own, removed after the browser: its helper processes can still write there for a
	// moment after it stops, which t.TempDir would count as a failure.
	profile, err := os.MkdirTemp("", "queens-chromium-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 50 {
			if os.RemoveAll(profile) == nil {
				return
			}
			time.Sleep(100 * time.Millisecond)
		}
	})
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(bin), chromedp.NoSandbox,
		chromedp.DisableGPU, chromedp.UserDataDir(profile), chromedp.WindowSize(1100, 900))
	alloc, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(alloc)
	t.Cleanup(cancel2)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[int]("1")); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	srv := httptest.NewServer(serve.Handler())
	t.Cleanup(srv.Close)
	return &browser{t: t, ctx: ctx, server: srv}
}

// tab is one page of the game, with the script errors it has logged.
type tab struct {
	t      *testing.T
	ctx    context.Context
	mu     sync.Mutex
	errors []string
}

// open opens path in a fresh tab and waits until the page is ready. The test fails if the page
// throws or logs an error, at any time until the test ends.
func (b *browser) open(t *testing.T, path string, viewport ...int64) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	tb := &tab{t: t, ctx: ctx}
	if err := chromedp.Listen(ctx, func(ev any) {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			tb.errors = append(tb.errors, (&chromedp.ExceptionError{ExceptionDetails: ev.ExceptionDetails}).Error())
		case *runtime.EventConsoleAPICalled:
			if ev.Type == "error" {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, string(a.Value)+a.Description)
				}
				tb.errors = append(tb.errors, "console.error: "+strings.Join(parts, " "))
			}
		}
	}); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, e := range tb.errors {
			t.Errorf("script error on the page: %s", e)
		}
	})
	if len(viewport) == 2 {
		tb.do(chromedp.EmulateViewport(viewport[0], viewport[1], chromedp.EmulateMobile, chromedp.EmulateTouch))
	}
	tb.do(chromedp.Navigate(b.server.URL + path))
	tb.wait(`document.body.dataset.ready !== undefined`)
	return tb
}

func (tb *tab) do(a ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, a...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression on the page.
func eval[T any](tb *tab, js string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.t.Fatalf("%s: %v", js, err)
	}
	return v
}

// wait waits until a JavaScript expression is true, up to 15 s.
func (tb *tab) wait(js string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](js, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		tb.t.Fatalf("waiting for %s: %v (the message: %q)", js, err, tb.message())
	}
}

func (tb *tab) message() string {
	ctx, cancel := context.WithTimeout(tb.ctx, 5*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("message").textContent`))
	return s
}

func cellSel(r, c int) string { return fmt.Sprintf(`.cell[data-row="%d"][data-col="%d"]`, r, c) }

// click clicks the cell of row r and column c, both from 1.
func (tb *tab) click(r, c int) { tb.t.Helper(); tb.do(chromedp.Click(chromedp.CSS(cellSel(r, c)))) }

func (tb *tab) button(id string) { tb.t.Helper(); tb.do(chromedp.Click(chromedp.ID(id))) }

func (tb *tab) label(r, c int) string {
	tb.t.Helper()
	return eval[string](tb, fmt.Sprintf(`document.querySelector('%s').getAttribute("aria-label")`, cellSel(r, c)))
}

// labels are every cell's aria-label, row by row.
func (tb *tab) labels() []string {
	return eval[[]string](tb, `[...document.querySelectorAll("#board .cell")].map(d => d.getAttribute("aria-label"))`)
}

// solution asks the server for a built-in puzzle's solution: cells from 1.
func solution(t *testing.T, b *browser, name string) [][2]int {
	t.Helper()
	r, err := http.Get(b.server.URL + "/api/solve?mode=first&variant=" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var v struct{ Solutions [][]string }
	if err := json.NewDecoder(r.Body).Decode(&v); err != nil || len(v.Solutions) == 0 {
		t.Fatalf("solution of %s: %v", name, err)
	}
	var cells [][2]int
	for r, line := range v.Solutions[0] {
		for c, ch := range line {
			if ch == 'Q' {
				cells = append(cells, [2]int{r + 1, c + 1})
			}
		}
	}
	return cells
}

// TestGame plays the page in headless Chromium: a user's clicks, drags and keys, and what the page
// shows for them. Every tab fails the test if the page throws or logs an error.
func TestGame(t *testing.T) {
	b := newBrowser(t)
	began := time.Now()
	t.Cleanup(func() { t.Logf("browser tests took %v", time.Since(began).Round(time.Millisecond)) })

	t.Run("load", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		if n := eval[int](tb, `document.querySelectorAll('#board [role="gridcell"]').length`); n != 81 {
			t.Errorf("%d cells with role gridcell, want 81", n)
		}
		if got := tb.label(3, 5); !strings.HasPrefix(got, "row 3, column 5, empty") {
			t.Errorf("cell (3,5): aria-label %q, want it to start with %q", got, "row 3, column 5, empty")
		}
		if got := eval[string](tb, `document.querySelector('[role="status"]').id`); got != "message" {
			t.Errorf("the first role=status element is #%s, want #message", got)
		}
		if title := eval[string](tb, `document.getElementById("title").textContent`); title != "linkedin-09" {
			t.Errorf("title %q", title)
		}
	})

	t.Run("solve by clicks", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		sol := solution(t, b, "linkedin-09")
		tb.click(sol[0][0], sol[0][1])
		if got := tb.label(sol[0][0], sol[0][1]); !strings.Contains(got, ", cross") {
			t.Errorf("after one click: %q, want a cross", got)
		}
		for i, q := range sol {
			if i > 0 {
				tb.click(q[0], q[1])
			}
			if i == len(sol)-1 {
				if m := tb.message(); strings.Contains(m, "Solved") {
					t.Errorf("Solved shown before the last queen: %q", m)
				}
			}
			tb.click(q[0], q[1])
			if got := tb.label(q[0], q[1]); !strings.HasPrefix(got, fmt.Sprintf("row %d, column %d, queen", q[0], q[1])) {
				t.Fatalf("after two clicks: %q, want a queen", got)
			}
		}
		tb.wait(`document.getElementById("message").textContent.startsWith("Solved!")`)
		if n := eval[int](tb, `document.querySelectorAll("[data-conflict]").length`); n != 0 {
			t.Errorf("%d cells in conflict on the solved board", n)
		}
		// Solved again, the page compares with the best time this browser keeps.
		tb.button("clear")
		for _, q := range sol {
			tb.click(q[0], q[1])
			tb.click(q[0], q[1])
		}
		tb.wait(`document.getElementById("message").textContent.startsWith("Solved!")`)
		if m := tb.message(); !strings.Contains(m, "best") {
			t.Errorf("solved a second time: %q, want the best time", m)
		}
	})

	t.Run("conflicts, undo and redo", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		for range 2 {
			tb.click(1, 1)
		}
		for range 2 {
			tb.click(1, 5)
		}
		if n := eval[int](tb, `document.querySelectorAll("[data-conflict]").length`); n != 2 {
			t.Errorf("two queens in row 1: %d cells marked in conflict, want 2", n)
		}
		if got := tb.label(1, 5); !strings.Contains(got, "in conflict") {
			t.Errorf("label %q does not say the conflict", got)
		}
		tb.button("undo")
		if got := tb.label(1, 5); !strings.HasPrefix(got, "row 1, column 5, cross") {
			t.Errorf("after undo: %q, want the cross back", got)
		}
		if n := eval[int](tb, `document.querySelectorAll("[data-conflict]").length`); n != 0 {
			t.Errorf("after undo: %d cells in conflict", n)
		}
		tb.button("redo")
		if got := tb.label(1, 5); !strings.HasPrefix(got, "row 1, column 5, queen") {
			t.Errorf("after redo: %q, want the queen", got)
		}
		// Keyboard: u undoes, arrows move, q places a queen.
		tb.do(chromedp.Focus(chromedp.CSS(cellSel(1, 1))), chromedp.KeyEvent("u"))
		if got := tb.label(1, 5); !strings.HasPrefix(got, "row 1, column 5, cross") {
			t.Errorf("after the key u: %q, want the cross back", got)
		}
		tb.do(chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent("q"))
		if got := tb.label(2, 2); !strings.HasPrefix(got, "row 2, column 2, queen") {
			t.Errorf("down, right, q: %q, want a queen on row 2, column 2", got)
		}
		if n := eval[int](tb, `document.querySelectorAll("[data-conflict]").length`); n != 2 {
			t.Errorf("queens on (1,1) and (2,2) touch: %d cells in conflict, want 2", n)
		}
	})

	t.Run("drag crosses", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		box := func(r, c int) (float64, float64) {
			xy := eval[[]float64](tb, fmt.Sprintf(`(() => { const b = document.querySelector('%s').getBoundingClientRect(); return [b.x + b.width/2, b.y + b.height/2]; })()`, cellSel(r, c)))
			return xy[0], xy[1]
		}
		x1, y1 := box(4, 1)
		x2, y2 := box(4, 2)
		x3, y3 := box(4, 3)
		left := chromedp.Button("left")
		tb.do(chromedp.MouseEvent(input.DispatchMouseEventTypeMousePressed, x1, y1, left, chromedp.ClickCount(1)),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x2, y2, left),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, x3, y3, left),
			chromedp.MouseEvent(input.DispatchMouseEventTypeMouseReleased, x3, y3, left, chromedp.ClickCount(1)))
		for c := 1; c <= 3; c++ {
			if got := tb.label(4, c); !strings.HasPrefix(got, fmt.Sprintf("row 4, column %d, cross", c)) {
				t.Errorf("after a drag over row 4, columns 1-3: %q", got)
			}
		}
		tb.button("undo")
		for c := 1; c <= 3; c++ {
			if got := tb.label(4, c); !strings.Contains(got, "empty") {
				t.Errorf("one undo after the drag: %q, want every crossed cell empty again", got)
			}
		}
	})

	t.Run("auto crosses", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.do(chromedp.Click(chromedp.ID("autocross")))
		tb.click(5, 5)
		tb.click(5, 5)
		if got := tb.label(5, 6); !strings.Contains(got, "cross (automatic)") {
			t.Errorf("beside a queen with automatic crosses: %q", got)
		}
		if got := tb.label(5, 9); !strings.Contains(got, "cross (automatic)") {
			t.Errorf("in the queen's row: %q", got)
		}
		// A right queen's automatic crosses are on the board a hint reads: the hint goes further.
		tb.click(5, 5)
		q := solution(t, b, "linkedin-09")[0]
		tb.click(q[0], q[1])
		tb.click(q[0], q[1])
		tb.button("hint")
		tb.wait(`document.getElementById("message").textContent.startsWith("Hint")`)
		if m := tb.message(); strings.Contains(m, fmt.Sprintf("the queen on r%dc%d attacks", q[0], q[1])) {
			t.Errorf("with automatic crosses on, the hint tells what they show: %q", m)
		}
		tb.do(chromedp.Click(chromedp.ID("autocross")))
	})

	t.Run("hint", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.button("hint")
		tb.wait(`document.querySelectorAll(".hint-place, .hint-exclude").length > 0`)
		m := tb.message()
		if !strings.HasPrefix(m, "Hint — ") || strings.Contains(m, "last-cell") || strings.Contains(m, "exact-fill") {
			t.Errorf("hint message %q: want the technique by its players' name", m)
		}
		// A wrong queen is pointed at, not built on.
		sol := solution(t, b, "linkedin-09")
		wr, wc := sol[0][0], sol[0][1]%9+1
		tb.click(wr, wc)
		tb.click(wr, wc)
		tb.button("hint")
		tb.wait(`document.querySelectorAll(".wrong").length > 0`)
		if m := tb.message(); !strings.Contains(m, "wrong") {
			t.Errorf("hint with a wrong queen: %q", m)
		}
	})

	t.Run("hint reasons", func(t *testing.T) {
		// starbattle-2-10's first step reasons from region H's cells: a queen among four of them
		// empties a fifth.
		tb := b.open(t, "/?puzzle=starbattle-2-10")
		tb.button("hint")
		tb.wait(`document.querySelectorAll(".hint-exclude").length > 0`)
		if n := eval[int](tb, `document.querySelectorAll(".hint-uses").length`); n < 2 {
			t.Errorf("the hint outlines %d cells it reasons from: %q", n, tb.message())
		}
		if n := eval[int](tb, `document.querySelectorAll(".hint-uses.hint-exclude, .hint-uses.hint-place").length`); n != 0 {
			t.Errorf("%d cells outlined both as decided and as reasoned from", n)
		}
	})

	t.Run("explain steps", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.button("explain")
		tb.wait(`!document.getElementById("stepper").hidden`)
		tb.button("nextstep")
		tb.button("nextstep")
		if got := eval[string](tb, `document.getElementById("stepcount").textContent`); !strings.HasPrefix(got, "step 2 of ") {
			t.Errorf("after two steps: %q", got)
		}
		if m := tb.message(); !strings.HasPrefix(m, "Step 2 — ") {
			t.Errorf("step message %q", m)
		}
		tb.do(chromedp.KeyEvent("n"), chromedp.KeyEvent("n"), chromedp.KeyEvent("p"))
		if got := eval[string](tb, `document.getElementById("stepcount").textContent`); !strings.HasPrefix(got, "step 3 of ") {
			t.Errorf("after n, n, p: %q", got)
		}
		tb.button("closesteps")
		if n := eval[int](tb, `document.querySelectorAll("[data-queen], [data-mark]").length`); n != 0 {
			t.Errorf("back to the game: %d cells filled, want the player's empty board", n)
		}
	})

	t.Run("reveal is not a win", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.button("reveal")
		tb.wait(`document.querySelectorAll("[data-queen]").length === 9`)
		if m := tb.message(); strings.Contains(m, "Solved") || !strings.Contains(m, "revealed") {
			t.Errorf("after reveal: %q, want it labelled revealed and not Solved", m)
		}
	})

	t.Run("share round trip", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.click(2, 3)
		tb.click(6, 6)
		tb.click(6, 6)
		want := tb.labels()
		tb.button("share")
		link := eval[string](tb, `document.getElementById("sharelink").value`)
		if !strings.Contains(link, "puzzle=linkedin-09") || !strings.Contains(link, "board=") {
			t.Fatalf("share link %q", link)
		}
		again := b.open(t, strings.TrimPrefix(link, b.server.URL))
		if got := again.labels(); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("the shared link opened another position:\n%q\nwant\n%q", got, want)
		}
		// A generated puzzle is shared by its puzz.link code.
		tb.do(chromedp.Click(chromedp.CSS("#newbox summary")))
		tb.do(chromedp.SetValue(chromedp.ID("size"), "6"))
		tb.button("generate")
		tb.wait(`document.querySelectorAll("#board .cell").length === 36`)
		tb.click(1, 1)
		want = tb.labels()
		tb.button("share")
		link = eval[string](tb, `document.getElementById("sharelink").value`)
		if !strings.Contains(link, "puzzle=starbattle") {
			t.Fatalf("share link of a generated puzzle %q", link)
		}
		again = b.open(t, strings.TrimPrefix(link, b.server.URL))
		if got := again.labels(); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("the shared link of a generated puzzle opened another:\n%q\nwant\n%q", got, want)
		}
	})

	t.Run("open pasted", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.do(chromedp.Click(chromedp.CSS("#openbox summary")))
		level := `{"colorRegions": [["a","a","b","b"],["a","c","b","b"],["c","c","d","d"],["c","d","d","d"]]}`
		for _, c := range []struct{ paste, want string }{
			{"not a puzzle", "Could not open it"},
			{`{"colorRegions": 3}`, "Could not open it: level"},
			{`{"colorRegions": [["a"]], "colorRegions": [["b"]]}`, `repeated key "colorRegions"`},
			{level, ""},
			{"https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g", ""},
		} {
			eval[any](tb, `document.getElementById("message").textContent = ""`)
			tb.do(chromedp.SetValue(chromedp.ID("paste"), c.paste))
			tb.button("open")
			if c.want != "" {
				tb.wait(`document.getElementById("message").textContent.startsWith("Could not open it")`)
				if m := tb.message(); !strings.Contains(m, c.want) {
					t.Errorf("pasting %q: %q, want %q", c.paste, m, c.want)
				}
				continue
			}
			tb.wait(`document.getElementById("openbox").open === false`)
			n := eval[int](tb, `document.querySelectorAll("#board .cell").length`)
			if want := map[bool]int{true: 16, false: 81}[c.paste == level]; n != want {
				t.Errorf("pasting %.40q: %d cells, want %d", c.paste, n, want)
			}
			tb.do(chromedp.Click(chromedp.CSS("#openbox summary")))
		}
	})

	t.Run("resume", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-10")
		tb.click(2, 3)
		again := b.open(t, "/")
		if title := eval[string](again, `document.getElementById("title").textContent`); title != "linkedin-10" {
			t.Errorf("the page opened again without a link shows %q, want the last game, linkedin-10", title)
		}
		if got := again.label(2, 3); !strings.Contains(got, "cross") {
			t.Errorf("the last game's position: (2,3) %q", got)
		}
	})

	t.Run("bad links", func(t *testing.T) {
		for _, c := range []struct{ path, want string }{
			{"/?puzzle=classic-08", `Could not open the puzzle "classic-08": not a region puzzle`},
			{"/?puzzle=no-such-puzzle", `Could not open the puzzle "no-such-puzzle"`},
			{"/?puzzle=starbattle/9/9/1/zz", "Could not open the puzzle"},
			{"/?puzzle=linkedin-09&board=QQQ", "position is not readable"},
		} {
			tb := b.open(t, c.path)
			if m := tb.message(); !strings.Contains(m, c.want) {
				t.Errorf("%s: message %q, want %q", c.path, m, c.want)
			}
			if n := eval[int](tb, `document.querySelectorAll("#board .cell").length`); n == 0 {
				t.Errorf("%s: no board drawn", c.path)
			}
		}
	})

	t.Run("fairy count", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		tb.do(chromedp.Click(chromedp.CSS(".fairy summary")), chromedp.SetValue(chromedp.ID("fn"), "6"))
		tb.button("fcount")
		tb.wait(`document.getElementById("fmsg").textContent.includes("sat:")`)
		got := eval[string](tb, `document.getElementById("fmsg").textContent`)
		if !strings.Contains(got, "backtrack: 4 in") || !strings.Contains(got, "sat: 4 in") {
			t.Errorf("6 queens counted: %q, want 4 by each", got)
		}
	})

	t.Run("390 px wide", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-11", 390, 844)
		if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("the page is %d px wide at 390: it scrolls sideways", w)
		}
		if right := eval[float64](tb, `document.getElementById("board").getBoundingClientRect().right`); right > 390 {
			t.Errorf("the board ends at %.0f px", right)
		}
		tb.click(11, 11)
		if got := tb.label(11, 11); !strings.Contains(got, "cross") {
			t.Errorf("tapping the last cell: %q", got)
		}
	})

	t.Run("editor", func(t *testing.T) {
		tb := b.open(t, "/?puzzle=linkedin-09")
		// A 5×5 puzzle with one solution, painted region by region.
		regions := []string{"ABAAA", "AAAAA", "CAAAA", "AAAAD", "AAEED"}
		gen := checkUnique(t, b, regions)
		if !gen {
			t.Fatalf("the test's regions %q are not a puzzle with one solution", regions)
		}
		tb.button("makemode")
		tb.do(chromedp.SetValue(chromedp.ID("esize"), "5"))
		tb.button("blank")
		if n := eval[int](tb, `document.querySelectorAll("#board .cell").length`); n != 25 {
			t.Fatalf("blank grid: %d cells", n)
		}
		tb.button("checkregions")
		tb.wait(`document.getElementById("message").textContent.includes("no region yet")`)
		for _, letter := range "ABCDE" {
			tb.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`#palette [aria-label="region %c"]`, letter))))
			for r, line := range regions {
				for c, ch := range line {
					if ch == letter {
						tb.click(r+1, c+1)
					}
				}
			}
		}
		if got := tb.label(3, 1); !strings.HasSuffix(got, "region C") {
			t.Errorf("painted (3,1): %q", got)
		}
		tb.button("checkregions")
		tb.wait(`document.getElementById("message").textContent.startsWith("One solution")`)
		tb.button("playmade")
		tb.wait(`document.body.dataset.mode === "play"`)
		tb.click(1, 1)
		tb.button("share")
		link := eval[string](tb, `document.getElementById("sharelink").value`)
		again := b.open(t, strings.TrimPrefix(link, b.server.URL))
		if got := again.label(3, 1); !strings.HasSuffix(got, "region C") {
			t.Errorf("the shared made puzzle: (3,1) %q", got)
		}
		if got := again.label(1, 1); !strings.Contains(got, "cross") {
			t.Errorf("the shared made puzzle's position: (1,1) %q", got)
		}
	})
}

// checkUnique asks the server whether regions make a puzzle with one solution.
func checkUnique(t *testing.T, b *browser, regions []string) bool {
	body, _ := json.Marshal(map[string]any{"regions": regions})
	r, err := http.Post(b.server.URL+"/api/check", "application/json", strings.NewReader(string(body)))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	var v struct{ Unique bool }
	json.NewDecoder(r.Body).Decode(&v)
	return v.Unique
}

// TestScreenshots rewrites the pictures of the game in docs/ with -update:
//
//	go test ./internal/serve -run Screenshots -update
func TestScreenshots(t *testing.T) {
	if !*update {
		t.Skip("rewrites docs/serve.png and docs/serve-mobile.png: run with -update")
	}
	b := newBrowser(t)
	for _, s := range []struct {
		file          string
		width, height int64
	}{{"serve.png", 1000, 860}, {"serve-mobile.png", 390, 844}} {
		var tb *tab
		if s.width < 500 {
			tb = b.open(t, "/?puzzle=linkedin-09", s.width, s.height)
		} else {
			tb = b.open(t, "/?puzzle=linkedin-09")
			tb.do(chromedp.EmulateViewport(s.width, s.height))
		}
		eval[any](tb, `(() => { const a = document.getElementById("autocross"); a.checked = true; a.dispatchEvent(new Event("change")); })()`)
		sol := solution(t, b, "linkedin-09")
		for _, q := range sol[:2] {
			tb.click(q[0], q[1])
			tb.click(q[0], q[1])
		}
		tb.button("hint")
		tb.wait(`document.querySelectorAll(".hint-place, .hint-exclude").length > 0`)
		eval[any](tb, `clearInterval(ticker); document.getElementById("timer").textContent = "1:23"; document.activeElement.blur()`)
		png, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		out := filepath.Join("..", "..", "docs", s.file)
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d bytes)", out, len(png))
	}
}
