package sat

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// WriteDIMACS writes the CNF encoding of m to w in DIMACS form: comment lines describing the model and
// naming each cell variable ("c q r3c5 = 30"), a projection line "c p show 1 2 … K 0" over the K cell
// variables (for projected model counters: the solutions are the models projected on the cells), the
// "p cnf V C" header, and the clauses. The clauses are the ones the solver hands to gini, written from the
// encoder's own list, so an outside solver sees exactly the problem gini sees.
func WriteDIMACS(w io.Writer, m constraints.Model) error {
	if err := m.Validate(); err != nil {
		return err
	}
	if err := solvers.CheckFeatures("sat", features, m); err != nil {
		return err
	}
	e, err := encode(m, defaultPairwiseUpTo)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 1<<16)
	fmt.Fprintf(bw, "c queens: %s\n", m)
	fmt.Fprintf(bw, "c variables 1..%d are the free cells in row-major order", len(e.cells))
	if e.vars > len(e.cells) {
		fmt.Fprintf(bw, ", %d..%d are auxiliary", len(e.cells)+1, e.vars)
	}
	bw.WriteString("\n")
	for i, c := range e.cells {
		fmt.Fprintf(bw, "c q %s = %d\n", c, i+1)
	}
	bw.WriteString("c p show")
	for i := range e.cells {
		fmt.Fprintf(bw, " %d", i+1)
	}
	bw.WriteString(" 0\n")
	fmt.Fprintf(bw, "p cnf %d %d\n", e.vars, e.clauses)
	var buf []byte
	for _, l := range e.lits {
		buf = strconv.AppendInt(buf[:0], int64(l), 10)
		if l == 0 {
			buf = append(buf, '\n')
		} else {
			buf = append(buf, ' ')
		}
		bw.Write(buf)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("sat: writing DIMACS: %w", err)
	}
	return nil
}
