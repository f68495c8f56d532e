package solvers

import (
	"context"
	"sync/atomic"
)

// StopFlag returns a poll that turns true once ctx is done, and a function that releases it (call it
// when the work is over; it reports whether the poll had not fired yet). The poll is one atomic load, so
// a search loop may call it every few thousand steps at no measurable cost; every long loop of every
// solver stops on it, and on nothing else.
func StopFlag(ctx context.Context) (stop func() bool, release func() bool) {
	var done atomic.Bool
	if ctx.Err() != nil {
		done.Store(true)
	}
	release = context.AfterFunc(ctx, func() { done.Store(true) })
	return done.Load, release
}
