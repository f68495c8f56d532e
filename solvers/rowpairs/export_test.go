package rowpairs

import (
	"context"

	"github.com/queens-dev/queens/constraints"
)

// GeneralCount counts a model by backtrack's general path, for TestRowPairsSplit's sample: oracle_test.go,
// in the external test package, sets it, as this package cannot import backtrack, which imports it.
var GeneralCount func(ctx context.Context, m constraints.Model) (uint64, error)
