package cli

import (
	"context"
	"fmt"
	"net"

	"github.com/queens-dev/queens/internal/serve"
)

const serveUsage = `Usage: queens serve [--addr 127.0.0.1:8080]

Serves a game of region puzzles (LinkedIn's Queens, Star Battle) in the browser: choose a built-in,
generated or pasted puzzle; play it by clicks, drags or keys, with automatic crosses, conflicts shown as
they happen, undo and a timer; ask a hint that outlines its cells, step through the whole explanation;
paint a puzzle of your own and check that it has one solution; share a link to a puzzle and a position.
Everything the page needs is inside the program. The JSON API behind it: GET /api/solve?variant=NAME&solver=backtrack|sat&mode=first|count,
POST /api/solve (a variant's YAML), POST /api/hint, POST /api/explain, POST /api/check. It listens on
this machine only unless --addr says otherwise, and there answers only requests to localhost; Ctrl-C (or SIGTERM) stops it, with exit 0: for a server that is the
normal end, not an interruption; a request in flight then is told the server is shutting down.
Every request is bounded (a 64 KB body, 10 s to send it, 20 s of work, board sizes per solver and
mode), the server works on as many requests at once as the machine has cores and answers 503 with
Retry-After when they are taken, and the API refuses calls from other sites' pages: docs/serve.md.

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
	limits := serve.DefaultLimits()
	handler := serve.New(limits)
	if ip := ln.Addr().(*net.TCPAddr).IP; ip.IsLoopback() {
		handler = serve.LocalHosts(handler) // listening on this machine only: refuse other hosts' names
	} else {
		fmt.Fprintf(e.stderr, "queens serve: warning: --addr %s is not a loopback address: other machines can reach this server, and requests naming any host are answered (the localhost-only Host check is off)\n", *addr)
	}
	fmt.Fprintf(e.stderr, "# serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
	return serve.Serve(ctx, ln, handler, limits)
}
