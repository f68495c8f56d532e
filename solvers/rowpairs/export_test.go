package rowpairs

import (
	"context"

	"github.com/queens-dev/queens/constraints"
)

// GeneralCount counts a model by backtrack's general path, for TestRowPairsSplit's sample: oracle_test.go,
// in the external test package, sets it, so that the kernel's own tests import no other engine.
var GeneralCount func(ctx context.Context, m constraints.Model) (uint64, error)
