package constraints

import (
	"errors"
	"fmt"
)

// ValidationError is what Model.Validate and ParseRegions report: which part of the model is wrong, the
// cells the fault is about, and why. A reader of a variant file uses Field and Cells to point at the line
// and column the fault came from, so the message may change without moving the place reported.
type ValidationError struct {
	// Field names the part of the model: "board", "queens", "attacks", "blocked", "fixed", "regions" or
	// "each".
	Field string
	// Cells are the cells the fault is about, in the order the message names them; may be empty. For
	// "blocked" and "fixed" they are members of that list; for "regions" the first is the place in the
	// grid (row, and the column as a character index).
	Cells []Cell
	// Msg says what is wrong, in lower case, naming the cells.
	Msg string
}

func (e *ValidationError) Error() string { return e.Msg }

func invalid(field, format string, args ...any) *ValidationError {
	return &ValidationError{Field: field, Msg: fmt.Sprintf(format, args...)}
}

func invalidAt(field string, cells []Cell, format string, args ...any) *ValidationError {
	return &ValidationError{Field: field, Cells: cells, Msg: fmt.Sprintf(format, args...)}
}

// AsValidationError returns the *ValidationError in err's chain, or nil.
func AsValidationError(err error) *ValidationError {
	var ve *ValidationError
	if errors.As(err, &ve) {
		return ve
	}
	return nil
}
