package cli

import "context"

// whileLoading returns what load returns, or an *interrupted as soon as ctx is done, whichever comes
// first. load reads and checks input with code that takes no context (a YAML parser, a variant's
// checks): bounded, but seconds long for the largest file, during which a signal or a --timeout must
// still stop the command. The load left running ends with the process.
func whileLoading[T any](ctx context.Context, load func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		v, err := load()
		done <- result{v, err}
	}()
	select {
	case r := <-done:
		return r.v, r.err
	case <-ctx.Done():
		var zero T
		return zero, &interrupted{cause: ctx.Err()}
	}
}
