package serve_test

import (
	"encoding/json"
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
		code, b := call(t, srv, c.method, c.path, "application/json", c.body)
		body := string(b)
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

// TestListing: mode=all lists the solutions up to the limit, as 'queens solve --all --limit K' does:
// a listing stopped past the limit says it is not complete; one that ends at the limit is; the limit
// belongs to listings alone and is bounded.
func TestListing(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	for _, c := range []struct {
		name, method, path, body string
		count                    int
		complete                 bool
		reason                   string
	}{
		{"all", "GET", "/api/solve?n=6&mode=all", "", 4, true, "classic 6 has 4 solutions, within the default limit"},
		{"past the limit", "GET", "/api/solve?n=6&mode=all&limit=3", "", 3, false, "a fourth was found"},
		{"at the limit", "GET", "/api/solve?n=6&mode=all&limit=4", "", 4, true, "the search ended with the fourth"},
		{"sat", "GET", "/api/solve?n=6&mode=all&solver=sat&limit=2", "", 2, false, "SAT lists in its own order"},
		{"posted", "POST", "/api/solve?mode=all&limit=1", `{"n": 5}`, 1, false, "the limit in the URL's query of a POST"},
		{"in the body", "POST", "/api/solve", `{"n": 5, "mode": "all", "limit": 20}`, 10, true, "classic 5 has 10"},
	} {
		code, b := call(t, srv, c.method, c.path, "application/json", c.body)
		body := string(b)
		var doc struct {
			Mode      string            `json:"mode"`
			Solutions []json.RawMessage `json:"solutions"`
			Count     int               `json:"count"`
			Complete  bool              `json:"complete"`
		}
		if err := json.Unmarshal([]byte(body), &doc); code != 200 || err != nil {
			t.Fatalf("%s: %d %v %.300s", c.name, code, err, body)
		}
		if doc.Mode != "all" || len(doc.Solutions) != c.count || doc.Count != c.count || doc.Complete != c.complete {
			t.Errorf("%s: mode %s, %d solutions, count %d, complete %v; want %d, complete %v (%s)", c.name, doc.Mode, len(doc.Solutions), doc.Count, doc.Complete, c.count, c.complete, c.reason)
		}
	}
	for _, c := range []struct{ name, method, path, body, want string }{
		{"limit of a count", "GET", "/api/solve?n=6&limit=3", "", "limit: bounds a listing (mode=all); mode=count does not take it"},
		{"limit zero", "GET", "/api/solve?n=6&mode=all&limit=0", "", "limit=0: want 1 to 1000 solutions"},
		{"limit too large", "GET", "/api/solve?n=6&mode=all&limit=1001", "", "limit=1001: want 1 to 1000 solutions"},
		{"limit not a number", "GET", "/api/solve?n=6&mode=all&limit=x", "", `limit=\"x\": want a whole number`},
		{"limit twice", "POST", "/api/solve?limit=2", `{"n": 6, "mode": "all", "limit": 3}`, "limit is given in the body and in the URL's query"},
		{"limit of a hint", "POST", "/api/hint", `{"variant": "linkedin-09", "limit": 3}`, "solver, mode and limit are solve's"},
		{"board too large to list", "POST", "/api/solve?mode=all", `{"yaml": "board: 40"}`, "counts and lists on at most 1024 cells"},
	} {
		code, b := call(t, srv, c.method, c.path, "application/json", c.body)
		body := string(b)
		if code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %.300s, want 400 and %q", c.name, code, body, c.want)
		}
	}
}

// TestModelSentBack: the model object of an answer, sent back as the request's model (in JSON and in
// YAML), is the same model: the answer to it holds the same model object and the same count.
func TestModelSentBack(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	for _, c := range []struct{ method, path, body string }{
		{"GET", "/api/solve?n=6", ""},
		{"GET", "/api/solve?n=6&attacks=knight,ride(1,3)&queens=5&wrap=mobius&blocked=0,1&fixed=5,5", ""},
		{"GET", "/api/solve?variant=linkedin-09", ""},
		{"POST", "/api/solve", `{"yaml": "board: {rows: 5, cols: 6}\nattacks: [king, \"leap(2,3)\"]\nwrap: klein\neach: {row: \"1..2\", diagonal: \"<=3\"}\nqueens: 6\n"}`},
		{"POST", "/api/solve", `{"regions": ["AABB", "AABB", "CCDD", "CCDD"], "stars": 1}`},
	} {
		code, b := call(t, srv, c.method, c.path, "application/json", c.body)
		body := string(b)
		var first struct {
			Model json.RawMessage `json:"model"`
			Count int             `json:"count"`
		}
		if err := json.Unmarshal([]byte(body), &first); code != 200 || err != nil {
			t.Fatalf("%s %s: %d %v %.300s", c.method, c.path, code, err, body)
		}
		for _, again := range []struct{ contentType, body string }{
			{"application/json", `{"model": ` + string(first.Model) + `}`},
			{"application/yaml", "model: " + string(first.Model) + "\n"},
		} {
			code, b := call(t, srv, "POST", "/api/solve", again.contentType, again.body)
			var second struct {
				Model json.RawMessage `json:"model"`
				Count int             `json:"count"`
			}
			if err := json.Unmarshal(b, &second); code != 200 || err != nil {
				t.Fatalf("%s %s sent back as %s: %d %v %.300s", c.method, c.path, again.contentType, code, err, b)
			}
			if string(second.Model) != string(first.Model) || second.Count != first.Count {
				t.Errorf("%s %s sent back as %s: model %s, count %d; want %s, count %d", c.method, c.path, again.contentType, second.Model, second.Count, first.Model, first.Count)
			}
		}
	}
	for _, c := range []struct{ body, want string }{
		{`{"model": {"rows": 8, "cols": 8, "attacks": ["knigt"]}}`, "model: attacks: "},
		{`{"model": {"rows": 8, "cols": 8, "surface": "torus"}}`, "wrap false beside surface torus"},
		{`{"model": {"rows": 8, "cols": 8}, "n": 8}`, "model gives the whole model: leave out n"},
		{`{"model": {"rows": 8, "cols": 8}, "variant": "classic-08"}`, "the model is given 2 times"},
		{`{"model": {"rows": 8, "cols": 8, "colour": 1}}`, "colour"},
		{`{"model": {"rows": 8, "cols": 8, "blocked": [[1, 2, 3]]}}`, "a cell: want [row, col], got 3 numbers"},
	} {
		if code, body := post(t, srv, "/api/solve", c.body); code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %.300s, want 400 and %q", c.body, code, body, c.want)
		}
	}
}
