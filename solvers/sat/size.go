package sat

import (
	"context"

	"github.com/queens-dev/queens/constraints"
)

// Size returns the number of cell variables (the free cells, numbered first) and of all variables in
// the CNF that WriteDIMACS writes for m with the same options, from a dry run of the encoder that holds
// no clause: what an outside solver's answer to that CNF may name. A model the encoder refuses is
// refused here with the same error.
func Size(ctx context.Context, m constraints.Model, opts ...Option) (cells, vars int, err error) {
	e, err := New(opts...).encode(ctx, m, "sizing the CNF")
	if err != nil {
		return 0, 0, err
	}
	return len(e.cells), e.size.vars, nil
}
