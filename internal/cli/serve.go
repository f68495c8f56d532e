package cli

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/queens-dev/queens/internal/serve"
)

const serveUsage = `Usage: queens serve [--addr 127.0.0.1:8080]

Serves a page to play region puzzles on (LinkedIn's Queens, Star Battle): pick a built-in puzzle or make
one by size and grade, place queens and marks with the mouse or the keyboard, ask a hint, check, solve by
backtracking and by SAT side by side, read the whole explanation, paint regions to make a puzzle and check
that it has one solution, and count classic and fairy queens. Everything the page needs is inside the
program. The JSON API behind it: GET /api/solve?variant=NAME&solver=backtrack|sat&mode=first|count,
POST /api/solve (a variant's YAML), POST /api/hint, POST /api/explain, POST /api/check. It listens on
this machine only unless --addr says otherwise, and there answers only requests to localhost; Ctrl-C (or SIGTERM) stops it, with exit 0: for a server that is the
normal end, not an interruption.

Examples:
  queens serve
  queens serve --addr 127.0.0.1:9000
`

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "serve", serveUsage)
	addr := fs.String("addr", "127.0.0.1:8080", "the address to listen on")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return usagef("--addr %s: %v", *addr, err)
	}
	handler := serve.Handler()
	if ip := ln.Addr().(*net.TCPAddr).IP; ip.IsLoopback() {
		handler = serve.LocalHosts(handler) // listening on this machine only: refuse other hosts' names
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second, BaseContext: func(net.Listener) context.Context { return ctx }}
	fmt.Fprintf(e.stderr, "# serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
