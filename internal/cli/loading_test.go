package cli

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// TestWhileLoading: a load that takes no context still gives way to a signal: whileLoading returns an
// *interrupted once ctx is done, while the load is still running, and the load's own result otherwise.
func TestWhileLoading(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release, started := make(chan struct{}), make(chan struct{})
	defer close(release)
	go func() {
		<-started
		cancel()
	}()
	_, err := whileLoading(ctx, func() (int, error) {
		close(started)
		<-release // a load that never looks at ctx, as yaml.v3 does not
		return 1, nil
	})
	var in *interrupted
	if !errors.As(err, &in) || !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled during the load: %v, want an *interrupted by context.Canceled", err)
	}
	v, err := whileLoading(context.Background(), func() (int, error) { return 7, errors.New("bad line") })
	if v != 7 || err == nil || err.Error() != "bad line" {
		t.Errorf("a load that ends: %d, %v, want 7, bad line", v, err)
	}
}

// TestWhileLoadingPanic: a panic in a load is the command's bug report, naming where it happened, not a
// crash of the goroutine the load ran in.
func TestWhileLoadingPanic(t *testing.T) {
	var stderr bytes.Buffer
	e := &env{stderr: &stderr}
	code := func() (code int) {
		defer func() {
			if v := recover(); v != nil {
				p, ok := v.(*carriedPanic)
				if !ok {
					t.Fatalf("recovered %v, want a *carriedPanic", v)
				}
				code = e.bug(p.v, p.stack)
			}
		}()
		whileLoading(context.Background(), func() (int, error) { return loadThatPanics() })
		return 0
	}()
	if code != ExitBug || !strings.Contains(stderr.String(), "internal error, a bug in queens (not in the input): a load that panics") || !strings.Contains(stderr.String(), "loadThatPanics") {
		t.Errorf("exit %d, %q; want %d, the panic and where it was", code, stderr.String(), ExitBug)
	}
}

func loadThatPanics() (int, error) { panic("a load that panics") }
