package cli

import (
	"context"
	"errors"
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
