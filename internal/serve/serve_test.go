package serve_test

import (
	"io"
	"net/http"
	"net/http/httptest"
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
		{"script", "GET", "/app.js", "", 200, "gridcell"},
		{"solve a built-in", "GET", "/api/solve?variant=linkedin-09&solver=sat&mode=first", "", 200, `"count":1`},
		{"count a built-in", "GET", "/api/solve?variant=classic-08&mode=count", "", 200, `"count":92`},
		{"count fairy", "GET", "/api/solve?n=6&attacks=king&mode=count&solver=backtrack", "", 200, `"complete":true`},
		{"solve a variant in JSON", "POST", "/api/solve?mode=count", `{"board": 8}`, 200, `"count":92`},
		{"hint", "POST", "/api/hint", `{"variant": "linkedin-09"}`, 200, `"technique":"exact-fill"`},
		{"explain", "POST", "/api/explain", `{"url": "?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g"}`, 200, `"solved":true`},
		{"check regions", "POST", "/api/check", `{"regions": ["AABB","ACBB","CCDD","CDDD"]}`, 200, `"solutions"`},
		{"unknown variant", "GET", "/api/solve?variant=nope", "", 400, "no built-in variant"},
		{"bad solver", "GET", "/api/solve?variant=classic-08&solver=x", "", 400, "want auto, backtrack or sat"},
		{"bad YAML", "POST", "/api/solve", "board: [", 400, "error"},
		{"bad JSON", "POST", "/api/hint", `{"variant": 3}`, 400, "error"},
		{"unknown field", "POST", "/api/hint", `{"varient": "linkedin-09"}`, 400, "unknown field"},
		{"bad board", "POST", "/api/hint", `{"variant": "linkedin-09", "state": ["Q"]}`, 400, "error"},
		{"too big", "POST", "/api/explain", `{"yaml": "` + strings.Repeat("a", serve.MaxBody) + `"}`, 413, "larger than"},
		{"bad size", "GET", "/api/generate?size=3", "", 400, "want a side"},
		{"negative seed", "GET", "/api/generate?seed=-1", "", 400, `seed=\"-1\": want a whole number from 0 to 18446744073709551615`},
		{"seed past 64 bits", "GET", "/api/generate?seed=18446744073709551616", "", 400, "want a whole number from 0"},
		{"largest seed", "GET", "/api/generate?size=5&seed=18446744073709551615", "", 200, "seed 18446744073709551615"},
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
