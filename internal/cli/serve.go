package cli

import "context"

func runServe(ctx context.Context, e *env, args []string) error { return usagef("serve: not yet") }
