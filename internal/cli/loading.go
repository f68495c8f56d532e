package cli

import (
	"context"
	"runtime/debug"
)

// whileLoading returns what load returns, or an *interrupted as soon as ctx is done, whichever comes
// first. load reads and checks input with code that takes no context (a YAML parser, a variant's
// checks): bounded, but seconds long for the largest file, during which a signal or a --timeout must
// still stop the command. The load left running ends with the process. A panic of load is carried to
// the caller's goroutine, so that it is reported as a bug like any other, not as a crash.
func whileLoading[T any](ctx context.Context, load func() (T, error)) (T, error) {
	type result struct {
		v     T
		err   error
		panic *carriedPanic
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- result{panic: &carriedPanic{v: v, stack: debug.Stack()}}
			}
		}()
		v, err := load()
		done <- result{v: v, err: err}
	}()
	select {
	case r := <-done:
		if r.panic != nil {
			panic(r.panic)
		}
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, &interrupted{cause: ctx.Err()}
	}
}

// carriedPanic is a panic taken from the goroutine where it happened to the one that reports it, with
// the stack of where it happened.
type carriedPanic struct {
	v     any
	stack []byte
}
