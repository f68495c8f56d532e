// Package serve is the HTTP side of `queens serve`: one page to play region puzzles on (its assets
// embedded, nothing fetched from elsewhere) and the JSON API behind it. Every request body is bounded,
// every request has a time limit and stops when its client leaves, and a bad request gets 400 with a
// message.
package serve

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/deduce"
	"github.com/queens-dev/queens/puzzles"
	"github.com/queens-dev/queens/solvers"
	"github.com/queens-dev/queens/variants"
)

//go:embed static
var static embed.FS

// MaxBody bounds a request body (a 64×64 puzzle as level JSON takes about 20 KB); Timeout bounds a
// request's work.
const (
	MaxBody = 64 << 10
	Timeout = 20 * time.Second
)

// Handler returns the page and the API under DefaultLimits.
func Handler() http.Handler { return New(DefaultLimits()) }

// New returns the page and the API under l, guarded by SameOrigin.
func New(l Limits) http.Handler {
	s := &server{l: l, slots: make(slots, max(1, l.Solves))}
	mux := http.NewServeMux()
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /", http.FileServerFS(sub))
	mux.HandleFunc("GET /api/catalog", s.api(catalog, false))
	mux.HandleFunc("GET /api/puzzle", s.api(puzzle, false))
	mux.HandleFunc("POST /api/puzzle", s.api(puzzlePost, false))
	mux.HandleFunc("GET /api/techniques", s.api(techniques, false))
	mux.HandleFunc("GET /api/sizes", s.api(sizes, false))
	mux.HandleFunc("GET /api/generate", s.api(generate, true))
	mux.HandleFunc("GET /api/solve", s.api(solve, true))
	mux.HandleFunc("POST /api/solve", s.api(solve, true))
	mux.HandleFunc("POST /api/hint", s.api(hint, true))
	mux.HandleFunc("POST /api/explain", s.api(explain, true))
	mux.HandleFunc("POST /api/check", s.api(check, true))
	return SameOrigin(mux)
}

// server holds one handler's limits and its turns to solve.
type server struct {
	l     Limits
	slots slots
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

// api wraps a handler: a bounded body, a time limit tied to the client's connection that covers
// reading the puzzle too, a turn among the requests that solve (when solves), JSON out of bounded
// size, and errors as {"error": msg}: 400 for the client's (a puzzle with no solution too), 413 for a
// body too large, 503 for a time limit, a busy server (with Retry-After) or one shutting down, 500
// otherwise. A request whose client has gone gets no answer; its work stops.
func (s *server) api(h func(ctx context.Context, r *http.Request) (any, error), solves bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeoutCause(r.Context(), s.l.Timeout, errTimedOut)
		defer cancel()
		// The body is read here, within the server's read deadline, so that the work below, which may
		// outlive this call when the time limit passes, never touches the connection.
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.l.MaxBody))
		if err != nil {
			var mb *http.MaxBytesError
			if !errors.As(err, &mb) {
				err = bad("body: %v", err)
			}
			s.fail(w, r, ctx, err)
			return
		}
		r = r.Clone(ctx)
		r.Body = io.NopCloser(bytes.NewReader(body))
		type answer struct {
			v   any
			err error
		}
		done := make(chan answer, 1)
		if solves {
			if err := s.slots.take(ctx, s.l.Wait); err != nil {
				s.fail(w, r, ctx, err)
				return
			}
		}
		go func() {
			// The turn is given back when the work ends, not when the answer goes: work that
			// outlives its request still counts against Solves.
			if solves {
				defer s.slots.give()
			}
			v, err := h(ctx, r)
			done <- answer{v, err}
		}()
		var a answer
		select {
		case a = <-done:
		case <-ctx.Done():
			a.err = context.Cause(ctx)
		}
		if a.err != nil {
			s.fail(w, r, ctx, a.err)
			return
		}
		buf := &cappedBuffer{max: s.l.MaxAnswer}
		if d, ok := a.v.(document); ok {
			_, err = buf.Write(d)
		} else {
			err = json.NewEncoder(buf).Encode(a.v)
		}
		if err != nil {
			if errors.Is(err, errTooLarge) {
				err = bad("the answer would be larger than %d bytes: ask for less", s.l.MaxAnswer)
			}
			s.fail(w, r, ctx, err)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(buf.Bytes())
	}
}

// fail answers err with its status code.
func (s *server) fail(w http.ResponseWriter, r *http.Request, ctx context.Context, err error) {
	code := http.StatusInternalServerError
	var br *badRequest
	var mb *http.MaxBytesError
	var busy busyError
	cause := context.Cause(ctx)
	switch {
	case errors.Is(cause, ErrShuttingDown):
		code, err = http.StatusServiceUnavailable, fmt.Errorf("%w: ask again when it is back", ErrShuttingDown)
		w.Header().Set("Connection", "close")
	case errors.Is(cause, errTimedOut):
		code, err = http.StatusServiceUnavailable, fmt.Errorf("stopped after %v, the time limit of a request", s.l.Timeout)
	case r.Context().Err() != nil:
		return // the client has gone: there is no one to answer
	case errors.As(err, &busy):
		code = http.StatusServiceUnavailable
		w.Header().Set("Retry-After", "5")
	case errors.As(err, &mb):
		code, err = http.StatusRequestEntityTooLarge, fmt.Errorf("body: larger than %d bytes", mb.Limit)
	case errors.As(err, &br) && br.code != 0:
		code = br.code
	case errors.As(err, &br), errors.Is(err, solvers.ErrUnsupported):
		code = http.StatusBadRequest
	case errors.Is(err, deduce.ErrNoSolution), errors.Is(err, deduce.ErrNotRegionPuzzle):
		// The command line's message for the same puzzle, without the package's prefix.
		code, err = http.StatusBadRequest, errors.New(strings.TrimPrefix(err.Error(), "deduce: "))
	}
	writeError(w, code, err.Error())
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
	if m.Regions == nil || m.Each.Region.IsZero() {
		return nil, bad("not a region puzzle: the page plays puzzles whose regions each hold their queens (a LinkedIn level, a Star Battle)")
	}
	return describe(name, m), nil
}

// puzzlePost describes the puzzle a request body gives (a puzz.link URL, say), for the page to draw.
func puzzlePost(ctx context.Context, r *http.Request) (any, error) {
	q, m, err := puzzleRequest(ctx, r, "puzzle")
	if err != nil {
		return nil, err
	}
	name := q.Variant
	if name == "" {
		name = fmt.Sprintf("%d×%d, %d star(s)", m.Rows, m.Cols, m.Each.Region.Hi)
	}
	return describe(name, m), nil
}

// techniques lists deduce's techniques, for the page to name a step as players do.
func techniques(ctx context.Context, r *http.Request) (any, error) {
	type entry struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Level string `json:"level"`
		About string `json:"about"`
	}
	var out []entry
	for _, t := range deduce.Techniques() {
		out = append(out, entry{t.ID, t.Name, t.Level.String(), t.About})
	}
	return out, nil
}

// sizes lists the sides the generator makes puzzles of, by queens per region, for the page's choices.
func sizes(ctx context.Context, r *http.Request) (any, error) {
	type entry struct {
		Stars int `json:"stars"`
		Min   int `json:"min"`
		Max   int `json:"max"`
	}
	var out []entry
	for k := 1; k <= 10; k++ {
		if hi := puzzles.MaxSideFor(k); hi > 0 {
			out = append(out, entry{k, puzzles.MinSideFor(k), hi})
		}
	}
	return out, nil
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
	seed := uint64(1)
	if s := r.URL.Query().Get("seed"); s != "" {
		// A seed is a 64-bit word, as 'queens puzzle --seed' reads it: a negative one is refused, not
		// wrapped to a word that names another puzzle.
		if seed, err = strconv.ParseUint(s, 10, 64); err != nil {
			return nil, bad("seed=%q: want a whole number from 0 to %d", s, uint64(math.MaxUint64))
		}
	}
	o := puzzles.Options{Size: size, Stars: stars, Seed: seed}
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
		m, _, err := puzzles.Make(ctx, o, nil)
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
