package serve

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/report"
)

// Limits bound what one server takes on: how long and how large a request may be, how many
// connections it holds and how many requests it works on at once. docs/serve.md lists them.
type Limits struct {
	// MaxBody bounds a request body in bytes; a larger one gets 413.
	MaxBody int64
	// MaxHeader bounds a request's line and headers (so its URL) in bytes.
	MaxHeader int
	// ReadHeader bounds the time to read a request's line and headers; Read the time to read all of
	// it, body included: a client that sends a byte every few seconds is cut off then.
	ReadHeader, Read time.Duration
	// Idle bounds the time a kept-alive connection waits for its next request.
	Idle time.Duration
	// Timeout bounds a request's work, reading its puzzle included; Write bounds the whole answer and
	// is a little longer than Timeout.
	Timeout, Write time.Duration
	// MaxConns caps the connections open at once; more wait to be accepted.
	MaxConns int
	// Solves caps the requests that solve, hint, explain, check or generate at once; one more waits
	// up to Wait for a turn and then gets 503 with Retry-After.
	Solves int
	Wait   time.Duration
	// MaxAnswer bounds an answer's JSON in bytes.
	MaxAnswer int
}

// DefaultLimits are the limits of `queens serve`.
func DefaultLimits() Limits {
	return Limits{
		MaxBody:    MaxBody,
		MaxHeader:  64 << 10,
		ReadHeader: 5 * time.Second,
		Read:       10 * time.Second,
		Idle:       60 * time.Second,
		Timeout:    Timeout,
		Write:      Timeout + 10*time.Second,
		MaxConns:   256,
		Solves:     max(2, runtime.NumCPU()),
		Wait:       2 * time.Second,
		MaxAnswer:  1 << 20,
	}
}

// The budgets of one solve, by engine and mode: beyond them a request gets 400 before any work starts.
// They keep a request's memory to tens of megabytes: SAT's encoding grows with the cells, and counting
// with SAT keeps every solution found as a clause.
const (
	// MaxSide bounds the rows and the columns of a board to find one solution on.
	MaxSide = 1000
	// MaxSATCells bounds the cells of a board SAT finds one solution on (100×100: about 35 MB).
	MaxSATCells = 100 * 100
	// MaxCountCells bounds the cells of a board to count the solutions of by backtracking (32×32).
	MaxCountCells = 32 * 32
	// MaxSATCountCells bounds the cells of a board to count the solutions of by SAT (14×14: about 60 MB
	// after 15 s).
	MaxSATCountCells = 14 * 14
	// MaxList bounds the solutions a listing (mode=all) writes, and is its default limit; the answer's
	// size is bounded apart (Limits.MaxAnswer).
	MaxList = 1000
)

// budget refuses a solve that would take more memory than one request may.
func budget(m constraints.Model, solver, mode string) error {
	cells := m.Rows * m.Cols
	switch {
	case m.Rows > MaxSide || m.Cols > MaxSide:
		return bad("a %d×%d board: the server solves boards of at most %d rows and %d columns (the command line goes further)", m.Rows, m.Cols, MaxSide, MaxSide)
	case mode != "first" && solver == "sat" && cells > MaxSATCountCells:
		return bad("a %d×%d board: the server counts and lists with sat on at most %d cells; try solver=backtrack", m.Rows, m.Cols, MaxSATCountCells)
	case mode != "first" && cells > MaxCountCells:
		return bad("a %d×%d board: the server counts and lists on at most %d cells (the command line goes further)", m.Rows, m.Cols, MaxCountCells)
	case solver == "sat" && cells > MaxSATCells:
		return bad("a %d×%d board: the server solves with sat on at most %d cells; try solver=backtrack", m.Rows, m.Cols, MaxSATCells)
	}
	return nil
}

// ErrShuttingDown is the cause of a request's context when the server stops under it.
var ErrShuttingDown = errors.New("the server is shutting down")

// errTimedOut is the cause of a request's context when its time limit passes.
var errTimedOut = errors.New("time limit")

// busyError is a request that found no turn in time: 503 with Retry-After.
type busyError struct{ n int }

func (e busyError) Error() string {
	return fmt.Sprintf("the server is busy: %d requests are being worked on; try again in a few seconds", e.n)
}

// slots is a counting semaphore: the requests that solve.
type slots chan struct{}

// take waits for a turn up to wait, or until ctx ends.
func (s slots) take(ctx context.Context, wait time.Duration) error {
	select {
	case s <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case s <- struct{}{}:
		return nil
	case <-t.C:
		return busyError{cap(s)}
	case <-ctx.Done():
		return context.Cause(ctx)
	}
}

func (s slots) give() { <-s }

// cappedBuffer is a buffer that refuses to grow past max.
type cappedBuffer struct {
	bytes.Buffer
	max int
}

var errTooLarge = errors.New("answer too large")

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if b.Len()+len(p) > b.max {
		return 0, errTooLarge
	}
	return b.Buffer.Write(p)
}

// postTypes are the media types a POST may carry: JSON, or YAML (of which JSON is a part).
var postTypes = map[string]bool{
	"application/json": true, "application/yaml": true, "application/x-yaml": true, "text/yaml": true, "text/x-yaml": true,
}

// SameOrigin wraps h so that only this server's own page can use the API: a request to /api/ that a
// browser marks as sent by another site (Sec-Fetch-Site, or an Origin that is not this host) gets 403,
// and a POST whose body is not typed JSON or YAML gets 415, since a page elsewhere can send text/plain
// or a form to any address without asking first. A link from elsewhere to the page itself still opens
// it: only the API is guarded.
func SameOrigin(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			if err := sameOrigin(r); err != nil {
				writeError(w, http.StatusForbidden, err.Error())
				return
			}
			if r.Method == http.MethodPost {
				mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
				if err != nil || !postTypes[mt] {
					writeError(w, http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type %q: a POST carries application/json or application/yaml", r.Header.Get("Content-Type")))
					return
				}
			}
		}
		h.ServeHTTP(w, r)
	})
}

func sameOrigin(r *http.Request) error {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "", "same-origin", "none":
	default:
		return fmt.Errorf("a request from another site (Sec-Fetch-Site: %s): the API answers only this server's page", site)
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return nil
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || !strings.EqualFold(u.Host, r.Host) {
		return fmt.Errorf("a request from %q: the API answers only this server's page", origin)
	}
	return nil
}

func writeError(w http.ResponseWriter, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	report.WriteError(w, msg)
}

// LimitListener returns a listener that holds at most n connections open at once: Accept waits while
// n are open.
func LimitListener(ln net.Listener, n int) net.Listener {
	return &limitListener{Listener: ln, sem: make(chan struct{}, n), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	sem  chan struct{}
	once sync.Once
	done chan struct{}
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: func() { <-l.sem }}, nil
}

func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

type limitConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitConn) Close() error {
	c.once.Do(c.release)
	return c.Conn.Close()
}

// Serve answers on ln with the page and the API under l until ctx ends. Then requests still being
// worked on are told that the server is shutting down, and Serve waits up to two seconds for them to
// be answered before it closes their connections. It returns nil after such a stop.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, l Limits) error {
	base, stop := context.WithCancelCause(context.WithoutCancel(ctx))
	defer stop(nil)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    l.MaxHeader,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(LimitListener(ln, l.MaxConns)) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	stop(ErrShuttingDown)
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}
