package serve_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/queens-dev/queens/internal/serve"
)

// start runs serve.Serve under l on a fresh loopback port; stop ends it as SIGINT does and returns
// Serve's error.
func start(t *testing.T, l serve.Limits) (base string, stop func() error) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve.Serve(ctx, ln, serve.New(l), l) }()
	var once bool
	var result error
	stop = func() error {
		if !once {
			once = true
			cancel()
			result = <-done
		}
		return result
	}
	t.Cleanup(func() { stop() })
	return "http://" + ln.Addr().String(), stop
}

func do(t *testing.T, ctx context.Context, method, url, ctype, body string, header ...string) (int, http.Header, string) {
	t.Helper()
	r, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		return 0, nil, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

// TestCrossSite: a page elsewhere can neither read nor drive the API (not even by a text/plain POST,
// which browsers send without asking first), but a link from elsewhere still opens the page.
func TestCrossSite(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	ctx := context.Background()
	hint := `{"variant": "linkedin-09"}`
	for _, c := range []struct {
		name, method, path, ctype, body string
		header                          []string
		code                            int
		want, reason                    string
	}{
		{"same origin", "POST", "/api/hint", "application/json", hint, []string{"Origin", "http://" + host, "Sec-Fetch-Site", "same-origin"}, 200, "technique", "the page's own calls"},
		{"no browser headers", "POST", "/api/hint", "application/json; charset=utf-8", hint, nil, 200, "technique", "curl and scripts send neither header"},
		{"YAML typed", "POST", "/api/solve", "application/yaml", "board: 6\n", nil, 200, `"count":4`, "a variant's YAML"},
		{"evil origin", "POST", "/api/hint", "application/json", hint, []string{"Origin", "https://evil.example"}, 403, "evil.example", "another site's page"},
		{"null origin", "GET", "/api/solve?variant=classic-08", "", "", []string{"Origin", "null"}, 403, "only this server's page", "a sandboxed frame or a file"},
		{"cross-site fetch", "GET", "/api/catalog", "", "", []string{"Sec-Fetch-Site", "cross-site"}, 403, "another site", "the browser says where the call comes from"},
		{"same-site fetch", "GET", "/api/catalog", "", "", []string{"Sec-Fetch-Site", "same-site"}, 403, "another site", "another port of localhost is another origin"},
		{"text/plain", "POST", "/api/hint", "text/plain", hint, nil, 415, "application/json", "a simple request needs no preflight"},
		{"form", "POST", "/api/solve", "application/x-www-form-urlencoded", "board: 8", nil, 415, "Content-Type", "a form posts anywhere"},
		{"no type", "POST", "/api/solve", "", "board: 8", nil, 415, "Content-Type", "a body must say what it is"},
		{"link to the page", "GET", "/?puzzle=linkedin-09", "", "", []string{"Sec-Fetch-Site", "cross-site"}, 200, `id="board"`, "a shared link opens the game"},
	} {
		code, _, body := do(t, ctx, c.method, srv.URL+c.path, c.ctype, c.body, c.header...)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s (%s): %d %.200s, want %d and %q", c.name, c.reason, code, body, c.code, c.want)
		}
	}
}

// TestBudgets: requests that would take the server's memory are refused before any work, by name.
func TestBudgets(t *testing.T) {
	srv := httptest.NewServer(serve.Handler())
	defer srv.Close()
	ctx := context.Background()
	for _, c := range []struct {
		name, method, path, body string
		code                     int
		want                     string
	}{
		{"ten million", "POST", "/api/solve?mode=first", "board: 10000000\n", 400, "at most 1000 rows"},
		{"sat 800", "POST", "/api/solve?mode=first&solver=sat", "board: 800\n", 400, "with sat on at most 10000 cells"},
		{"sat count 20", "GET", "/api/solve?n=20&mode=count&solver=sat", "", 400, "counts and lists with sat on at most 196 cells"},
		{"count 40", "POST", "/api/solve?mode=count", "board: 40\n", 400, "counts and lists on at most 1024 cells"},
		{"first 1000", "POST", "/api/solve?mode=first", "board: 1000\n", 200, `"count":1`},
		{"body too large", "POST", "/api/solve", "board: 8\n#" + strings.Repeat("x", serve.MaxBody), 413, "larger than"},
	} {
		code, _, body := do(t, ctx, c.method, srv.URL+c.path, "application/yaml", c.body)
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %.200s, want %d and %q", c.name, code, body, c.code, c.want)
		}
	}
}

// TestLongURLAndAnswer: a URL past the header limit gets 431 before any parsing, and an answer past
// MaxAnswer is refused rather than sent.
func TestLongURLAndAnswer(t *testing.T) {
	l := serve.DefaultLimits()
	l.MaxAnswer = 2000
	base, _ := start(t, l)
	ctx := context.Background()
	code, _, _ := do(t, ctx, "GET", base+"/api/solve?attacks="+strings.Repeat("leap(1,2),", 10000), "", "")
	if code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 100 KB URL: %d, want 431", code)
	}
	code, _, body := do(t, ctx, "GET", base+"/api/catalog", "", "")
	if code != 400 || !strings.Contains(body, "the answer would be larger than 2000 bytes") {
		t.Errorf("an answer past MaxAnswer: %d %.200s", code, body)
	}
	code, _, body = do(t, ctx, "GET", base+"/api/solve?variant=classic-08&mode=first", "", "")
	if code != 200 || !strings.Contains(body, `"count":1`) {
		t.Errorf("a small answer: %d %.200s", code, body)
	}
}

// slowCount is a request that works until its time limit: counting the 20-queens solutions.
const slowCount = "/api/solve?n=20&mode=count"

// TestBusy: with every turn taken, a request waits its short while and then gets 503 with
// Retry-After; a request whose client leaves gives its turn back at once, its work stopped.
func TestBusy(t *testing.T) {
	l := serve.DefaultLimits()
	l.Solves, l.Wait, l.Timeout = 1, 200*time.Millisecond, 5*time.Second
	base, _ := start(t, l)
	gone, leave := context.WithCancel(context.Background())
	first := make(chan int, 1)
	go func() {
		code, _, _ := do(t, gone, "GET", base+slowCount, "", "")
		first <- code
	}()
	// Ask until the slow request holds the one turn: on a loaded machine it may take a while to start.
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		code, h, body := do(t, context.Background(), "GET", base+"/api/solve?variant=classic-08&mode=first", "", "")
		if code == 503 {
			if h.Get("Retry-After") == "" || !strings.Contains(body, "busy") {
				t.Errorf("while busy: %d, Retry-After %q, %s; want 503 with Retry-After", code, h.Get("Retry-After"), body)
			}
			break
		}
		if code != 200 || time.Now().After(deadline) {
			t.Fatalf("while a count works: %d %s, want 503 once it holds the turn", code, body)
		}
	}
	leave()
	<-first
	l2 := time.Now()
	code, _, body := do(t, context.Background(), "GET", base+"/api/solve?variant=classic-08&mode=count", "", "")
	if code != 200 || !strings.Contains(body, `"count":92`) {
		t.Errorf("after the client left: %d %s, want 200 (the turn given back)", code, body)
	}
	t.Logf("the turn came back %v after the client left", time.Since(l2))
}

// TestTimeLimit: work that outlasts its limit is stopped and the client told so.
func TestTimeLimit(t *testing.T) {
	l := serve.DefaultLimits()
	l.Timeout = 300 * time.Millisecond
	base, _ := start(t, l)
	began := time.Now()
	code, _, body := do(t, context.Background(), "GET", base+slowCount, "", "")
	if code != 503 || !strings.Contains(body, "stopped after 300ms") {
		t.Errorf("%d %s, want 503 stopped after 300ms", code, body)
	}
	if d := time.Since(began); d > 3*time.Second {
		t.Errorf("answered after %v, want about 300ms", d)
	}
}

// TestShutdown: a request in flight when the server stops is told that it is shutting down, and Serve
// returns nil.
func TestShutdown(t *testing.T) {
	l := serve.DefaultLimits()
	base, stop := start(t, l)
	got := make(chan string, 1)
	go func() {
		code, _, body := do(t, context.Background(), "GET", base+slowCount, "", "")
		got <- fmt.Sprint(code, " ", body)
	}()
	time.Sleep(time.Second) // the count is in flight: it would work 20 s
	if err := stop(); err != nil {
		t.Errorf("Serve: %v, want nil after a stop", err)
	}
	select {
	case s := <-got:
		if !strings.HasPrefix(s, "503") || !strings.Contains(s, "shutting down") || strings.Contains(s, "stopped after") {
			t.Errorf("in flight at the stop: %s, want 503 shutting down", s)
		}
	case <-time.After(5 * time.Second):
		t.Error("no answer 5s after the stop")
	}
}

// TestSlowBody: a client that sends its body a byte at a time is cut off at the read limit, and a
// connection beyond MaxConns waits until one closes.
func TestSlowBody(t *testing.T) {
	l := serve.DefaultLimits()
	l.Read, l.MaxConns = time.Second, 1
	base, _ := start(t, l)
	addr := strings.TrimPrefix(base, "http://")
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST /api/solve HTTP/1.1\r\nHost: %s\r\nContent-Type: application/yaml\r\nContent-Length: 100\r\n\r\n", addr)
	// A second client gets no answer while the slow one holds the only connection.
	quick := &http.Client{Timeout: 300 * time.Millisecond}
	if r, err := quick.Get(base + "/api/catalog"); err == nil {
		r.Body.Close()
		t.Errorf("a second connection was served while MaxConns=1 was held: %s", r.Status)
	}
	began := time.Now()
	cut := make(chan time.Duration, 1)
	go func() {
		io.Copy(io.Discard, bufio.NewReader(c))
		cut <- time.Since(began)
	}()
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case d := <-cut:
			t.Logf("cut off %v after the first byte", d)
			if d > 3*time.Second {
				t.Errorf("cut off after %v, want about the 1s read limit", d)
			}
			r, err := (&http.Client{Timeout: 3 * time.Second}).Get(base + "/api/catalog")
			if err != nil {
				t.Fatalf("after the slow client was cut off: %v", err)
			}
			r.Body.Close()
			return
		case <-tick.C:
			if _, err := c.Write([]byte("b")); err != nil {
				continue
			}
			if time.Since(began) > 10*time.Second {
				t.Fatal("a slow body still open after 10s")
			}
		}
	}
}
