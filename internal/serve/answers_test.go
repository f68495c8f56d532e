package serve_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/queens-dev/queens/internal/cli"
	"github.com/queens-dev/queens/internal/serve"
)

// elapsed matches the one field that differs from run to run.
var elapsed = regexp.MustCompile(`"elapsed_ms":[0-9.e+-]+`)

// TestSameDocument holds the API to the command line: the same request gets the same bytes, timings
// aside, whether asked by query, by a JSON body or by a YAML body.
func TestSameDocument(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	for _, c := range []struct {
		name   string
		cli    []string
		method string
		path   string
		ctype  string
		body   string
	}{
		{"count", []string{"solve", "-n", "8", "--format", "json"}, "GET", "/api/solve?n=8", "", ""},
		{"count torus", []string{"solve", "-n", "7", "--wrap", "--format", "json"}, "GET", "/api/solve?n=7&wrap=torus", "", ""},
		{"count fairy", []string{"solve", "-n", "6", "--attacks", "king", "--format", "json"}, "POST", "/api/solve", "application/json", `{"n": 6, "attacks": "king"}`},
		{"first sat", []string{"solve", "linkedin-09", "--first", "--solver", "sat", "--format", "json"}, "POST", "/api/solve", "application/yaml", "variant: linkedin-09\nsolver: sat\nmode: first\n"},
		{"first url", []string{"solve", "https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g", "--first", "--format", "json"}, "GET", "/api/solve?mode=first&variant=https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g", "", ""},
		{"hint", []string{"hint", "linkedin-09", "--format", "json"}, "POST", "/api/hint", "application/json", `{"variant": "linkedin-09"}`},
		{"hint yaml", []string{"hint", "linkedin-09", "--format", "json"}, "POST", "/api/hint", "application/yaml", "variant: linkedin-09\n"},
		{"explain", []string{"explain", "starbattle-2-10", "--format", "json"}, "POST", "/api/explain", "application/json", `{"variant": "starbattle-2-10"}`},
		{"explain grid", []string{"explain", "-", "--format", "json"}, "POST", "/api/explain", "application/json", `{"regions": ["AABB","ACBB","CCDD","CDDD"]}`},
		{"check", []string{"check", "linkedin-09", "--format", "json"}, "POST", "/api/check", "application/json", `{"variant": "linkedin-09"}`},
		{"check grid", []string{"check", "-", "--format", "json"}, "POST", "/api/check", "application/yaml", "regions: [AABB, ACBB, CCDD, CDDD]\n"},
	} {
		var stdout, stderr bytes.Buffer
		stdin := strings.NewReader("AABB\nACBB\nCCDD\nCDDD\n")
		if code := cli.MainWith(context.Background(), c.cli, stdin, &stdout, &stderr); code != 0 && code != 1 {
			t.Errorf("%s: queens %s: exit %d, %s", c.name, strings.Join(c.cli, " "), code, stderr.String())
			continue
		}
		code, api := call(t, srv, c.method, c.path, c.ctype, c.body)
		want := elapsed.ReplaceAllString(stdout.String(), `"elapsed_ms":T`)
		got := elapsed.ReplaceAllString(string(api), `"elapsed_ms":T`)
		if code != 200 || got != want {
			t.Errorf("%s: the API answers %d\n%s\nthe command line\n%s", c.name, code, got, want)
		}
		if !strings.HasPrefix(got, `{"schema":"queens/1","command":"`) {
			t.Errorf("%s: %.80s: no schema first", c.name, got)
		}
	}
}

// TestAPIRefuses holds the API to refusing what it does not use, with one message in the error
// document.
func TestAPIRefuses(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	for _, c := range []struct {
		name, method, path, ctype, body string
		code                            int
		want                            string
	}{
		{"n beside variant", "GET", "/api/solve?variant=classic-08&n=8", "", "", 400, "variant gives the whole model: leave out n"},
		{"queens beside variant", "GET", "/api/solve?variant=classic-08&queens=3", "", "", 400, "variant gives the whole model: leave out queens"},
		{"key twice", "GET", "/api/solve?n=8&n=9", "", "", 400, "n= given 2 times"},
		{"unknown key", "GET", "/api/solve?nn=8", "", "", 400, "nn=: not a parameter"},
		{"mode each", "GET", "/api/solve?n=8&mode=each", "", "", 400, `mode=\"each\": want count, first or all`},
		{"solver typo", "GET", "/api/solve?n=8&solver=st", "", "", 400, `solver=\"st\": want auto, backtrack or sat (did you mean sat?)`},
		{"stars negative", "POST", "/api/hint", "application/json", `{"regions": ["AABB","ACBB","CCDD","CDDD"], "stars": -1}`, 400, "stars -1: want at least 1"},
		{"stars with a name", "POST", "/api/hint", "application/json", `{"variant": "linkedin-09", "stars": 2}`, 400, "stars 2: variant states its own quota"},
		{"trailing garbage", "POST", "/api/hint", "application/json", `{"variant": "linkedin-09"} x`, 400, "data after the JSON value"},
		{"repeated key", "POST", "/api/hint", "application/json", `{"variant": "linkedin-09", "variant": "linkedin-08"}`, 400, `repeated key \"variant\"`},
		{"level repeated key", "POST", "/api/hint", "application/json", `{"level": {"colorRegions": [["A"]], "colorRegions": [["B"]]}}`, 400, `repeated key \"colorRegions\"`},
		{"level sizes", "POST", "/api/explain", "application/json", `{"level": {"size": 5, "colorRegions": [["A","B"],["A","B"]]}}`, 400, "level: level JSON: size 5, but colorRegions has 2 rows"},
		{"yaml as json", "POST", "/api/hint", "application/json", "variant: linkedin-09\n", 400, "a YAML body needs Content-Type: application/yaml"},
		{"yaml repeated key", "POST", "/api/hint", "application/yaml", "variant: linkedin-09\nvariant: linkedin-08\n", 400, "already defined"},
		{"yaml unknown key", "POST", "/api/hint", "application/yaml", "varient: linkedin-09\n", 400, "not found in type"},
		{"plain text", "POST", "/api/hint", "text/plain", `{"variant": "linkedin-09"}`, 415, "application/json or application/yaml"},
		{"query on post", "POST", "/api/solve?n=8", "application/json", `{"mode": "first"}`, 400, "a POST takes the request in its body"},
		{"mode twice", "POST", "/api/solve?mode=first", "application/json", `{"n": 8, "mode": "count"}`, 400, "mode is given in the body and in the URL"},
		{"two models", "POST", "/api/solve", "application/json", `{"variant": "classic-08", "yaml": "board: 8"}`, 400, "the model is given 2 times (variant, yaml)"},
		{"ragged grid", "POST", "/api/check", "application/json", `{"regions": ["AAB","AB","ABB"]}`, 400, "regions: letter grid: grid line 2 has 2 cells, line 1 has 3"},
		{"truncated url", "GET", "/api/solve?variant=https://puzz.link/p?starbattle/9/9/2/12a9", "", "", 400, "puzz.link URL: "},
		{"state on solve", "POST", "/api/solve", "application/json", `{"n": 8, "state": ["Q"]}`, 400, "state: a played board is hint's"},
		{"no file of the server", "GET", "/api/solve?variant=/etc/passwd", "", "", 400, "no built-in variant"},
		{"empty variant", "GET", "/api/solve?variant=", "", "", 400, "variant=: empty name"},
		{"empty url", "GET", "/api/solve?url=&n=8", "", "", 400, "url=: empty name"},
		{"empty yaml body", "POST", "/api/solve", "application/yaml", "", 400, "body: not a YAML request: empty"},
		{"explain not a region puzzle", "POST", "/api/explain", "application/json", `{"variant": "classic-08"}`, 400, `"error":"not a region puzzle: `},
		{"hint not a region puzzle", "POST", "/api/hint", "application/json", `{"variant": "classic-08"}`, 400, `"error":"not a region puzzle: `},
		{"page puzzle not a region puzzle", "GET", "/api/puzzle?name=classic-08", "", "", 400, `"error":"not a region puzzle: `},
	} {
		code, body := call(t, srv, c.method, c.path, c.ctype, c.body)
		if code != c.code || !strings.Contains(string(body), c.want) || !strings.HasPrefix(string(body), `{"schema":"queens/1","error":`) {
			t.Errorf("%s: %d %s, want %d and %q", c.name, code, body, c.code, c.want)
		}
	}
}

// call makes a GET, or a POST of body with Content-Type ctype, and returns the status and the body.
func call(t *testing.T, srv *httptest.Server, method, path, ctype, body string) (int, []byte) {
	t.Helper()
	var r *http.Response
	var err error
	if method == "GET" {
		r, err = http.Get(srv.URL + path)
	} else {
		r, err = http.Post(srv.URL+path, ctype, strings.NewReader(body))
	}
	if err != nil {
		t.Fatal(err)
	}
	defer r.Body.Close()
	out, _ := io.ReadAll(r.Body)
	return r.StatusCode, out
}
