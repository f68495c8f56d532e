// Package serve is the HTTP side of `queens serve`: one page to play region puzzles on (its assets
// embedded, nothing fetched from elsewhere) and the JSON API behind it. Every request body is bounded,
// every request has a time limit and stops when its client leaves, and a bad request gets 400 with a
// message.
package serve

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/variants"
)

//go:embed static
var static embed.FS

// MaxBody bounds a request body; Timeout bounds a request's work.
const (
	MaxBody = 1 << 20
	Timeout = 20 * time.Second
)

// Handler returns the page and the API.
func Handler() http.Handler {
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("GET /api/catalog", api(catalog))
	mux.HandleFunc("GET /api/puzzle", api(puzzle))
	mux.HandleFunc("GET /api/generate", api(generate))
	mux.HandleFunc("GET /api/solve", api(solve))
	mux.HandleFunc("POST /api/solve", api(solve))
	mux.HandleFunc("POST /api/hint", api(hint))
	mux.HandleFunc("POST /api/explain", api(explain))
	mux.HandleFunc("POST /api/check", api(check))
	return mux
}

// badRequest is an error the client made: 400, or the code it carries.
type badRequest struct {
	msg  string
	code int
}

func (e *badRequest) Error() string { return e.msg }

func bad(format string, args ...any) error { return &badRequest{msg: fmt.Sprintf(format, args...)} }

// document is an answer already encoded by internal/report: written as it is.
type document []byte

// api wraps a handler: a time limit tied to the client's connection, a bounded body, JSON out, and
// errors as the error document {"schema": ..., "error": msg} with 400 for the client's (a puzzle with
// no solution too), 503 for a time limit, 500 otherwise.
func api(h func(ctx context.Context, r *http.Request) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), Timeout)
		defer cancel()
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		v, err := h(ctx, r)
		w.Header().Set("Content-Type", "application/json")
		if err != nil {
			code := http.StatusInternalServerError
			var br *badRequest
			var mb *http.MaxBytesError
			switch {
			case errors.As(err, &br) && br.code != 0:
				code = br.code
			case errors.As(err, &br), errors.As(err, &mb), errors.Is(err, solvers.ErrUnsupported), errors.Is(err, deduce.ErrNoSolution):
				code = http.StatusBadRequest
			case ctx.Err() != nil:
				code = http.StatusServiceUnavailable
				err = fmt.Errorf("stopped after %v: %w", Timeout, ctx.Err())
			}
			w.WriteHeader(code)
			report.WriteError(w, err.Error())
			return
		}
		if d, ok := v.(document); ok {
			w.Write(d)
			return
		}
		json.NewEncoder(w).Encode(v)
	}
}

// Puzzle is a region puzzle as the page draws it.
type Puzzle struct {
	Name    string   `json:"name"`
	Rows    int      `json:"rows"`
	Cols    int      `json:"cols"`
	Regions []string `json:"regions"`
	Stars   int      `json:"stars"`
	URL     string   `json:"url,omitempty"`
	Model   string   `json:"model"`
}

func describe(name string, m constraints.Model) Puzzle {
	p := Puzzle{Name: name, Rows: m.Rows, Cols: m.Cols, Stars: m.Each.Region.Hi, Model: m.String()}
	if m.Regions != nil {
		p.Regions = m.Regions.Lines()
	}
	if url, err := codec.FormatURL(m); err == nil {
		p.URL = url
	}
	return p
}

func catalog(ctx context.Context, r *http.Request) (any, error) {
	all, err := variants.Catalog()
	if err != nil {
		return nil, err
	}
	type entry struct {
		Name    string `json:"name"`
		Regions bool   `json:"regions"`
		Model   string `json:"model"`
	}
	var out []entry
	for _, v := range all {
		out = append(out, entry{v.Name, v.Model.Regions != nil, v.Model.String()})
	}
	return out, nil
}

func builtIn(name string) (constraints.Model, error) {
	all, err := variants.Catalog()
	if err != nil {
		return constraints.Model{}, err
	}
	for _, v := range all {
		if variants.SameName(v.Name, name) {
			return v.Model, nil
		}
	}
	return constraints.Model{}, bad("no built-in variant %q", name)
}

func puzzle(ctx context.Context, r *http.Request) (any, error) {
	name := r.URL.Query().Get("name")
	m, err := builtIn(name)
	if err != nil {
		return nil, err
	}
	return describe(name, m), nil
}

func intParam(r *http.Request, key string, def int) (int, error) {
	s := r.URL.Query().Get(key)
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, bad("%s=%q: want a number", key, s)
	}
	return n, nil
}

func generate(ctx context.Context, r *http.Request) (any, error) {
	size, err := intParam(r, "size", 8)
	if err != nil {
		return nil, err
	}
	stars, err := intParam(r, "stars", 1)
	if err != nil {
		return nil, err
	}
	seed, err := intParam(r, "seed", 1)
	if err != nil {
		return nil, err
	}
	o := puzzles.Options{Size: size, Stars: stars, Seed: uint64(seed)}
	if err := puzzles.CheckOptions(o); err != nil {
		return nil, bad("%v", err)
	}
	var grade deduce.Level
	if d := r.URL.Query().Get("difficulty"); d != "" {
		if grade, err = deduce.ParseLevel(d); err != nil {
			return nil, bad("%v", err)
		}
	}
	for {
		m, _, err := puzzles.Make(ctx, o, deduce.Solver{Packing: true})
		if err != nil {
			return nil, err
		}
		if grade == 0 {
			return describe(fmt.Sprintf("generated %d×%d, %d star(s), seed %d", size, size, stars, o.Seed), m), nil
		}
		ex, err := deduce.Explain(ctx, m, deduce.Options{MaxLevel: grade})
		if err != nil {
			return nil, err
		}
		if ex.Solved && ex.Grade == grade {
			return describe(fmt.Sprintf("generated %d×%d, %d star(s), %s, seed %d", size, size, stars, grade, o.Seed), m), nil
		}
		o.Seed++
	}
}

// LocalHosts wraps h for a server that listens on a loopback address: a request whose Host header names
// any other host (a page elsewhere whose name was rebound to 127.0.0.1, "DNS rebinding") gets 403, so
// that only pages served from this machine can reach the API.
func LocalHosts(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if name, _, err := net.SplitHostPort(host); err == nil {
			host = name
		}
		host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
		if ip := net.ParseIP(host); !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, fmt.Sprintf("host %q: this server answers only requests to localhost", r.Host), http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}
