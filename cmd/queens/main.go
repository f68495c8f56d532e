// Command queens counts, lists and finds solutions of N-Queens and its variants, with a bitboard
// backtracker and a SAT solver that are held against each other. Run "queens help" for usage.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/queens-dev/queens/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Main(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
