package search

import (
	"context"

	"github.com/queens-dev/queens/constraints"
)

// FindBySearch is Find without the linear placements of a torus: the depth-first search alone.
func FindBySearch(ctx context.Context, m constraints.Model) (constraints.Solution, bool, error) {
	return find(ctx, m, false)
}
