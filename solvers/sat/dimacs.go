package sat

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/queens-dev/queens/constraints"
)

// WriteDIMACS writes the CNF encoding of m to w in DIMACS form: comment lines describing the model and
// naming each cell variable ("c q r3c5 = 30"), a projection line "c p show 1 2 … K 0" over the K cell
// variables (for projected model counters: the solutions are the models projected on the cells), the
// "p cnf V C" header, and the clauses. The options are New's; those that shape the encoding shape it here.
//
// The clauses are the ones the solver hands to gini, made by the same encoder in the same order, so an
// outside solver sees exactly the problem gini sees. They are written as they are made, never held: a dry
// run counts them first for the header. WriteDIMACS stops with ctx's error once ctx ends, and with the
// first write error (a full disk, a closed pipe) at once; what was written by then is a truncated file.
func WriteDIMACS(ctx context.Context, w io.Writer, m constraints.Model, opts ...Option) error {
	s := New(opts...)
	e, err := s.encode(ctx, m, "writing DIMACS")
	if err != nil {
		return err
	}
	d := &dimacs{w: bufio.NewWriterSize(w, 1<<16)}
	if err := d.head(ctx, e); err != nil {
		return wrap("writing DIMACS", err)
	}
	if err := e.run(ctx, d); err != nil {
		return wrap("writing DIMACS", err)
	}
	if err := d.w.Flush(); err != nil {
		return wrap("writing DIMACS", err)
	}
	return nil
}

// dimacs writes clauses as DIMACS text.
type dimacs struct {
	w   *bufio.Writer
	buf []byte
}

// head writes the comments and the "p cnf" header of e, which a dry run has sized.
func (d *dimacs) head(ctx context.Context, e *cnf) error {
	fmt.Fprintf(d.w, "c queens: %s\n", e.m)
	fmt.Fprintf(d.w, "c variables 1..%d are the free cells in row-major order", len(e.cells))
	if e.size.vars > len(e.cells) {
		fmt.Fprintf(d.w, ", %d..%d are auxiliary", len(e.cells)+1, e.size.vars)
	}
	d.w.WriteString("\n")
	for i, c := range e.cells {
		if err := d.poll(ctx, i); err != nil {
			return err
		}
		d.buf = append(d.buf[:0], "c q r"...)
		d.buf = strconv.AppendInt(d.buf, int64(c.Row), 10)
		d.buf = append(d.buf, 'c')
		d.buf = strconv.AppendInt(d.buf, int64(c.Col), 10)
		d.buf = append(d.buf, " = "...)
		d.buf = strconv.AppendInt(d.buf, int64(i+1), 10)
		d.buf = append(d.buf, '\n')
		d.w.Write(d.buf)
	}
	d.w.WriteString("c p show")
	for i := range e.cells {
		if err := d.poll(ctx, i); err != nil {
			return err
		}
		d.buf = append(d.buf[:0], ' ')
		d.buf = strconv.AppendInt(d.buf, int64(i+1), 10)
		d.w.Write(d.buf)
	}
	d.w.WriteString(" 0\n")
	_, err := fmt.Fprintf(d.w, "p cnf %d %d\n", e.size.vars, e.size.clauses)
	return err
}

// poll returns, every few thousand steps i, the context's error or the first write error.
func (d *dimacs) poll(ctx context.Context, i int) error {
	if i%pollEvery != 0 {
		return nil
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("stopped while writing comments: %w", err)
	}
	_, err := d.w.Write(nil) // a bufio.Writer keeps its first write error and returns it
	return err
}

func (d *dimacs) add(c []lit) error {
	d.buf = d.buf[:0]
	for _, l := range c {
		d.buf = strconv.AppendInt(d.buf, int64(l), 10)
		d.buf = append(d.buf, ' ')
	}
	d.buf = append(d.buf, '0', '\n')
	_, err := d.w.Write(d.buf)
	return err
}
