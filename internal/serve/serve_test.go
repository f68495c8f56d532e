package serve_test

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/queens-dev/queens/internal/serve"
)

func get(t *testing.T, srv *httptest.Server, path string) (int, string) {
	t.Helper()
	r, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

func post(t *testing.T, srv *httptest.Server, path, body string) (int, string) {
	t.Helper()
	r, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	b, _ := io.ReadAll(r.Body)
	return r.StatusCode, string(b)
}

func TestAPI(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	for _, c := range []struct {
		name, method, path, body string
		code                     int
		want                     string
	}{
		{"page", "GET", "/", "", 200, `id="board"`},
		{"script", "GET", "/app.js", "", 200, "data-queen"},
		{"solve a built-in", "GET", "/api/solve?variant=linkedin-09&solver=sat&mode=first", "", 200, `"count":1`},
		{"count a built-in", "GET", "/api/solve?variant=classic-08&mode=count", "", 200, `"count":92`},
		{"count fairy", "GET", "/api/solve?n=6&attacks=king&mode=count&solver=backtrack", "", 200, `"complete":true`},
		{"solve YAML", "POST", "/api/solve?mode=count", "board: 8\n", 200, `"count":92`},
		{"hint", "POST", "/api/hint", `{"variant": "linkedin-09"}`, 200, `"technique":"exact-fill"`},
		{"explain", "POST", "/api/explain", `{"url": "?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g"}`, 200, `"solved":true`},
		{"check regions", "POST", "/api/check", `{"regions": ["AABB","ACBB","CCDD","CDDD"]}`, 200, `"solutions"`},
		{"unknown variant", "GET", "/api/solve?variant=nope", "", 400, "no built-in variant"},
		{"bad solver", "GET", "/api/solve?variant=classic-08&solver=x", "", 400, "want auto, backtrack or sat"},
		{"bad YAML", "POST", "/api/solve", "board: [", 400, "error"},
		{"bad JSON", "POST", "/api/hint", `{"variant": 3}`, 400, "error"},
		{"unknown field", "POST", "/api/hint", `{"varient": "linkedin-09"}`, 400, "unknown field"},
		{"bad board", "POST", "/api/hint", `{"variant": "linkedin-09", "board": ["Q"]}`, 400, "error"},
		{"too big", "POST", "/api/explain", `{"yaml": "` + strings.Repeat("a", serve.MaxBody) + `"}`, 400, "error"},
		{"bad size", "GET", "/api/generate?size=3", "", 400, "want a side"},
		{"hint, no solution", "POST", "/api/hint", `{"regions": ["AABB","AABB","CCDD","CCDD"], "stars": 2}`, 400, "no solution"},
		{"explain, no solution", "POST", "/api/explain", `{"regions": ["AABB","AABB","CCDD","CCDD"], "stars": 2}`, 400, "no solution"},
	} {
		var code int
		var body string
		if c.method == "GET" {
			code, body = get(t, srv, c.path)
		} else {
			code, body = post(t, srv, c.path, c.body)
		}
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %.300s, want %d and %q", c.name, code, body, c.code, c.want)
		}
	}
}

// chromium returns the path of a Chromium binary, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium on this machine: the browser test needs the Debian package chromium")
	return ""
}

// browse runs headless Chromium on url with the flags given, a fresh profile and no network but this
// machine's.
func browse(t *testing.T, bin, url string, flags ...string) []byte {
	t.Helper()
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + t.TempDir(), "--virtual-time-budget=20000", "--window-size=1280,1000"}, flags...)
	out, err := exec.Command(bin, append(args, url)...).Output()
	if err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return out
}

// TestBrowser plays the page in headless Chromium: the scenario (testdata/scenario.js, added to the page
// by this test's server) clicks and types, asks hints and solves; the test reads what the page showed.
// With QUEENS_SCREENSHOT=file.png it also saves a screenshot of the page after the scenario.
func TestBrowser(t *testing.T) {
	bin := chromium(t)
	scenario, err := os.ReadFile("testdata/scenario.js")
	if err != nil {
		t.Fatal(err)
	}
	page := serve.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/scenario.js" {
			w.Header().Set("Content-Type", "text/javascript")
			w.Write(scenario)
			return
		}
		if r.URL.Path == "/" {
			rec := httptest.NewRecorder()
			page.ServeHTTP(rec, r)
			w.Header().Set("Content-Type", "text/html")
			w.Write(bytes.Replace(rec.Body.Bytes(), []byte("</body>"), []byte(`<script src="scenario.js"></script></body>`), 1))
			return
		}
		page.ServeHTTP(w, r)
	}))
	defer srv.Close()
	url := srv.URL + "/?puzzle=linkedin-09"
	dom := browse(t, bin, url, "--dump-dom")
	m := regexp.MustCompile(`(?s)<pre id="result">(.*?)</pre>`).FindSubmatch(dom)
	if m == nil {
		t.Fatalf("no result in the page:\n%.2000s", dom)
	}
	var got struct {
		Error                                                         string
		Cells, WrongMarked, Hinted, Queens                            int
		MarkAfterClick, QueenAfterTwoClicks, ClearedByKey, FocusMoved bool
		QueenByKey                                                    bool
		HintOnWrongQueen, Hint, Message                               string
		Solvers                                                       []string
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &got); err != nil {
		t.Fatalf("%v: %s", err, m[1])
	}
	t.Logf("%+v", got)
	switch {
	case got.Error != "":
		t.Errorf("the scenario failed: %s", got.Error)
	case got.Cells != 81:
		t.Errorf("%d cells with data-row and data-col, want 81", got.Cells)
	case !got.MarkAfterClick || !got.QueenAfterTwoClicks || !got.ClearedByKey || !got.FocusMoved || !got.QueenByKey:
		t.Errorf("mouse or keyboard play failed: %+v", got)
	case !strings.Contains(got.HintOnWrongQueen, "r1c2 is wrong") || got.WrongMarked != 1:
		t.Errorf("a wrong queen: hint %q, %d cells shown wrong", got.HintOnWrongQueen, got.WrongMarked)
	case !strings.Contains(got.Hint, "r6c9") || got.Hinted == 0:
		t.Errorf("the first hint: %q, %d cells highlighted", got.Hint, got.Hinted)
	case len(got.Solvers) != 2 || got.Queens != 9 || !strings.HasPrefix(got.Message, "Solved"):
		t.Errorf("solving: %q, %d queens, %q", got.Solvers, got.Queens, got.Message)
	}
	if shot := os.Getenv("QUEENS_SCREENSHOT"); shot != "" {
		abs, _ := filepath.Abs(shot)
		browse(t, bin, url, "--screenshot="+abs, "--hide-scrollbars")
	}
}

// TestLocalHosts: behind LocalHosts, requests naming this machine are served and requests naming another
// host (a rebound DNS name) get 403.
func TestLocalHosts(t *testing.T) {
	h := serve.LocalHosts(serve.Handler())
	for _, tc := range []struct {
		host string
		code int
	}{
		{"localhost:8080", http.StatusOK},
		{"LOCALHOST", http.StatusOK},
		{"127.0.0.1:8080", http.StatusOK},
		{"127.0.0.2", http.StatusOK},
		{"[::1]:8080", http.StatusOK},
		{"evil.example:8080", http.StatusForbidden},
		{"evil.example", http.StatusForbidden},
		{"192.168.1.10:8080", http.StatusForbidden},
		{"localhost.evil.example", http.StatusForbidden},
		{"", http.StatusForbidden},
	} {
		r := httptest.NewRequest("GET", "/api/catalog", nil)
		r.Host = tc.host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		if w.Code != tc.code {
			t.Errorf("Host %q: %d, want %d (%s)", tc.host, w.Code, tc.code, strings.TrimSpace(w.Body.String()))
		}
	}
}
