package variants

import (
	"errors"
	"fmt"
	"strings"
)

// Expect is what a variant file says a solver should find. A nil field is not stated in the file.
type Expect struct {
	// Count is the number of solutions.
	Count *uint64
	// Unique is the number of classes of solutions under the model's symmetries (constraints.Model.Symmetries).
	Unique *uint64
	// Satisfiable says whether the model has a solution at all.
	Satisfiable *bool
}

// ErrUnmet is wrapped by the errors Check and CheckSatisfiable return when a result misses an expectation.
var ErrUnmet = errors.New("expectation not met")

// IsZero reports whether e states nothing.
func (e Expect) IsZero() bool { return e.Count == nil && e.Unique == nil && e.Satisfiable == nil }

// String lists what e states, as in "count 92, unique 12", or "none".
func (e Expect) String() string {
	var parts []string
	if e.Count != nil {
		parts = append(parts, fmt.Sprintf("count %d", *e.Count))
	}
	if e.Unique != nil {
		parts = append(parts, fmt.Sprintf("unique %d", *e.Unique))
	}
	if e.Satisfiable != nil {
		parts = append(parts, fmt.Sprintf("satisfiable %t", *e.Satisfiable))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Check holds a measured result against e: count is the number of solutions found, unique the number of
// classes if it was measured (nil if not; an expected unique is then not checked). It returns nil when
// every stated expectation holds, and otherwise one error, wrapping ErrUnmet, that lists each miss:
// "expectation not met: count 90, want 92; unique 11, want 12".
func (e Expect) Check(count uint64, unique *uint64) error {
	var miss []string
	if e.Count != nil && count != *e.Count {
		miss = append(miss, fmt.Sprintf("count %d, want %d", count, *e.Count))
	}
	if e.Unique != nil && unique != nil && *unique != *e.Unique {
		miss = append(miss, fmt.Sprintf("unique %d, want %d", *unique, *e.Unique))
	}
	if e.Satisfiable != nil && (count > 0) != *e.Satisfiable {
		miss = append(miss, fmt.Sprintf("satisfiable %t, want %t", count > 0, *e.Satisfiable))
	}
	return unmet(miss)
}

// CheckSatisfiable holds against e a search that only learned whether a solution exists: it checks
// Satisfiable, and whether Count is zero.
func (e Expect) CheckSatisfiable(found bool) error {
	var miss []string
	if e.Satisfiable != nil && found != *e.Satisfiable {
		miss = append(miss, fmt.Sprintf("satisfiable %t, want %t", found, *e.Satisfiable))
	}
	if e.Count != nil && found != (*e.Count > 0) {
		miss = append(miss, fmt.Sprintf("satisfiable %t, want count %d", found, *e.Count))
	}
	return unmet(miss)
}

func unmet(miss []string) error {
	if len(miss) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s", ErrUnmet, strings.Join(miss, "; "))
}
