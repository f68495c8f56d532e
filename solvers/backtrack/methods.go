package backtrack

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// The backtracker's four methods, each its own kernels. The router's table names each as a row and says
// why it is there; this file says only what each serves and fits, and how Fastest chooses among them
// when the backtracker is used alone (New).

// ops returns the operations m serves.
func (m Method) ops() solvers.Op {
	switch m {
	case Shifts, Classes:
		return solvers.OpCount | solvers.OpClasses
	case Mirror:
		return solvers.OpCount | solvers.OpList
	case General:
		return solvers.OpCount | solvers.OpClasses | solvers.OpList
	}
	return 0
}

// fits returns "" where m serves o and takes p's model, else what the model lacks, or that m does not
// serve o. It reads the program's families, lines and leaps, never the attacks' names.
func (m Method) fits(p *plan, o solvers.Op) string {
	if m.ops()&o == 0 {
		return o.Lacks()
	}
	switch m {
	case Shifts:
		return shiftsFits(p)
	case Classes:
		return classesFits(p)
	case Mirror:
		return rowsFit(p)
	}
	return generalFits(p)
}

// count makes the job that counts p's model by m (with unique, its classes too). m must fit.
func (m Method) count(ctx context.Context, p *plan, unique bool) (*job, error) {
	switch m {
	case Shifts:
		return shiftsJob(ctx, p, unique)
	case Classes:
		return p.classesJob(ctx, unique)
	case Mirror:
		return p.rowJob(ctx, Mirror, false, nil)
	}
	return p.generalJob(ctx, unique)
}

// list walks every solution in Solution.Compare order by m, which must list (Mirror or General), handing
// each to emit as one row mask per row; it returns false once emit or k.stop asked to stop.
func (m Method) list(p *plan, k *ctl, emit func([]uint64) bool) (bool, error) {
	if m == Mirror {
		return p.enumerate(0, p.start(), make([]uint64, p.rows), k, emit), nil
	}
	return listGeneral(p, k, emit)
}

// fastest is Fastest's choice among the kernels for o on p's model: a torus's shifts, then classes
// (for a plain count only where the group is larger than the mirror, where they halve the work again),
// then the mirror, then the general path, which takes every board that fits in words. A board that does
// not is refused with what it lacks.
func fastest(p *plan, o solvers.Op) (Method, error) {
	switch {
	case Shifts.fits(p, o) == "":
		return Shifts, nil
	case Classes.fits(p, o) == "" && (o != solvers.OpCount || widerThanMirror(p)):
		return Classes, nil
	case Mirror.fits(p, o) == "":
		return Mirror, nil
	case General.fits(p, o) == "":
		return General, nil
	}
	return 0, fmt.Errorf("backtrack: %d×%d board: %s: %w", p.given.Rows, p.given.Cols, generalFits(p), solvers.ErrUnsupported)
}

// method returns the method s counts (o OpCount or OpClasses) or lists (OpList) p's model by: its own,
// or Fastest's choice. A method that does not fit is refused with what the model lacks, never replaced.
func (s *Solver) method(ctx context.Context, p *plan, o solvers.Op) (Method, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if s.counting == Fastest {
		return fastest(p, o)
	}
	if why := s.counting.fits(p, o); why != "" {
		return 0, fmt.Errorf("backtrack: method %s on %v: %s: %w", s.counting, p.given, why, solvers.ErrUnsupported)
	}
	return s.counting, nil
}

func shiftsFits(p *plan) string {
	if p.kernel != kernelTorus || !p.shift {
		return "needs one queen per row on a torus that keeps the shifts of its columns, with lines and the knight's leap"
	}
	return ""
}

func classesFits(p *plan) string {
	if why := rowsFit(p); why != "" {
		return why
	}
	if p.m.Surface != constraints.Flat {
		return "needs a flat board"
	}
	return ""
}

func widerThanMirror(p *plan) bool { return len(p.symmetryGroup().turns) > 2 }

func rowsFit(p *plan) string {
	if p.kernel == kernelNone {
		return "needs one queen per row (the row rider or a row quota of one) on a flat board or a torus, lines, leapers of at most 8 rows, regions of one queen each (at most 64, on a flat board)"
	}
	return ""
}

func generalFits(p *plan) string {
	if !p.words {
		return fmt.Sprintf("needs at most %d columns and %d rows (a flat board or a torus may have %d rows instead, counted on its side); the sat solver takes boards up to 2048×2048", MaxCols, MaxRows, MaxCols)
	}
	return ""
}

// shiftsJob counts the row path on a torus from the first row's queen in column 0; with unique, each
// solution's stabilizer too.
func shiftsJob(ctx context.Context, p *plan, unique bool) (*job, error) {
	if !unique {
		return p.rowJob(ctx, Shifts, true, nil)
	}
	group, err := p.m.Group(ctx)
	if err != nil {
		return nil, err
	}
	return p.rowJob(ctx, Shifts, true, group)
}
