package sat

import (
	"context"
	"fmt"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// MaxCells bounds the board the encoder takes, in cells: the geometry alone (a variable and a line per cell
// and rider) is linear in it, and a board past it has no encoding gini could load.
const MaxCells = 1 << 22

// MaxLiterals bounds the whole encoding, counted in literals of all clauses, before any of it is built: a
// dry run counts them (and stops once past the bound), which bounds the time of every pass, DIMACS
// included. A model whose encoding is larger is refused with an error wrapping solvers.ErrUnsupported.
const MaxLiterals = 1 << 27

// MaxLoadBytes bounds the memory gini may need to hold an encoding before it learns anything, as
// loadBytes estimates it from the dry run's count; a model past it is refused, for solving, with an error
// wrapping solvers.ErrUnsupported (WriteDIMACS holds nothing and writes it). A process needs about twice
// the load while it solves (learnt clauses, the garbage collector's headroom): classic n=1000 loads about
// 0.65 GB.
const MaxLoadBytes = 1 << 30

// loadBytes estimates the memory gini takes to hold an encoding of this size, as measured on classic
// boards (README.md): about 110 bytes a variable (its watch lists, trail, heap), 45 a clause and 4 a
// literal.
func (z size) loadBytes() int64 {
	return 110*int64(z.vars) + 45*int64(z.clauses) + 4*int64(z.literals)
}

// defaultPairwiseUpTo is the longest line whose at-most-one is written pairwise; longer lines get the
// product encoding. Of the thresholds tried on classic boards, 24 found solutions fastest; pairwise on
// every line is no faster and takes far more memory.
const defaultPairwiseUpTo = 24

// encoding holds the choices an encoding is made with.
type encoding struct {
	pairwiseUpTo int
	// amo is the at-most-one of lines longer than pairwiseUpTo.
	amo LongLines
	// card chooses the cardinality encodings of exact counts of 2 and more, and of ranges.
	card cardinality
	// binomialUpTo is the most clauses the binomial encoding of a range may take on a line; 0 never takes
	// it; binomialExact lets it take exact counts too. atMost chooses the counter of "at most k", for k of
	// 2 and more, past it.
	binomialUpTo  int
	binomialExact bool
	atMost        atMostBy
	// bands chooses the implied clauses of two adjacent lines (implied.go), made where the lines hold
	// bandsFrom queens or more each, and a tiling leaves at most bandSlack blocks empty.
	bands                bandTilings
	bandsFrom, bandSlack int
	// covers is the most clauses the implied clauses of a 2×2 cover of a line with an exact count may
	// take (implied.go); 0 makes none. coverMany is how many of a line's least covers are said.
	covers, coverMany int
	// blockVars gives each block of the implied clauses a variable (implied.go).
	blockVars bool
	// units says the count of a line of an exact count of two or more over groups of its cells that
	// exclude each other (units.go).
	units bool
}

// String describes the choices, for Job.Key.
func (o encoding) String() string {
	return fmt.Sprintf("pairwise up to %d, then %s; ranges binomially up to %d clauses, then %s, %s; %s", o.pairwiseUpTo, o.amo, o.binomialUpTo, o.card, o.atMost, o.bands)
}

// cardinality chooses the encodings of "exactly k" for k of 2 and more.
type cardinality int

const (
	// cardMixed, the default: a sequential counter for the quotas of rows, columns and regions, a
	// totalizer for the count over the whole board, each the faster where it serves (README.md).
	cardMixed cardinality = iota
	cardSequential
	cardTotalizer
)

func (c cardinality) String() string {
	switch c {
	case cardSequential:
		return "sequential counters"
	case cardTotalizer:
		return "totalizers"
	}
	return "sequential counters for quotas, a totalizer for the board"
}

// LongLines names an encoding of at most one queen on a line longer than PairwiseUpTo.
type LongLines int

const (
	// Product is Chen's product encoding: about 2L + O(√L) binary clauses and 2√L auxiliary variables
	// for a line of L cells. The default: the fastest to find a solution of a big board, and the
	// smallest in gini's memory (README.md).
	Product LongLines = iota
	// Sequential is Sinz's sequential counter: 3L−5 clauses and L−2 auxiliary variables.
	Sequential
)

// String names the encoding: "product", "sequential counter".
func (k LongLines) String() string {
	if k == Sequential {
		return "sequential counter"
	}
	return "product"
}

// cnf is the encoding of one model, read from its constraints.Program and nothing else of its geometry:
// the Program's lines, each with its range of queens, and its leaps. newCNF reads them once; the clauses
// are made on demand by run, which hands them to a sink one at a time, so that they can be counted,
// loaded into gini or written as text without ever being held whole. Variables 1..len(cells) are the free
// cells in row-major order; the auxiliary variables of the counters follow, numbered as run makes them,
// the same on every run.
type cnf struct {
	m     constraints.Model
	p     *constraints.Program
	opt   encoding
	cells []constraints.Cell
	varOf []int32 // varOf[r*cols+c]: the cell's variable, 0 if blocked
	// fams are the Program's families, in its order, with their lines.
	fams []family
	// forced marks the cell variables that are true in every solution (the fixed queens): a blocking clause
	// leaves them out.
	forced []bool
	// countImplied is set when the families already fix the number of queens (see narrow), so that no
	// counter over the whole board is needed.
	countImplied bool
	// extra are the implied clauses (implied.go), found once by newCNF; partners holds each cell's leap
	// partners meanwhile (clique).
	extra    impliedSet
	partners [][]lit

	// size is the whole encoding's, as the dry run counted it; at is the current run's so far.
	size, at    size
	maxLiterals int

	// The state of a run.
	ctx                context.Context
	out                sink
	buf, buf2, lineBuf []lit
	unitBuf            []lit
	// blockVars is the range of the implied clauses' block variables, from and to (impliedClauses), empty
	// (to < from) where there are none.
	blockVars [2]int
	leapBuf   []constraints.Cell
	err       error
}

// size measures an encoding.
type size struct{ vars, clauses, literals int }

// report records the encoding's size in st.
func (z size) report(st *solvers.Stats) {
	st.Variables, st.Clauses = uint64(z.vars), uint64(z.clauses)
}

// newCNF compiles m, which must be valid, reads its Program's lines, and sizes its encoding by a dry run.
// A board of more than MaxCells cells, or an encoding of more than MaxLiterals literals, is refused with
// an error wrapping solvers.ErrUnsupported; ctx stops the work, which grows with the board, at any point.
func newCNF(ctx context.Context, m constraints.Model, opt encoding) (*cnf, error) {
	if cells := int64(m.Rows) * int64(m.Cols); cells > MaxCells {
		return nil, fmt.Errorf("%s: %d cells, more than the %d the encoding takes: %w", m, cells, MaxCells, solvers.ErrUnsupported)
	}
	p, err := constraints.Compile(m)
	if err != nil {
		return nil, err
	}
	e := &cnf{m: m, p: p, opt: opt, varOf: make([]int32, p.Rows*p.Cols), maxLiterals: MaxLiterals}
	for _, b := range p.Blocked {
		e.varOf[b.Row*p.Cols+b.Col] = -1
	}
	e.cells = make([]constraints.Cell, 0, p.Rows*p.Cols-len(p.Blocked))
	for x := range e.varOf {
		if e.varOf[x] < 0 {
			e.varOf[x] = 0
			continue
		}
		e.cells = append(e.cells, constraints.Cell{Row: x / p.Cols, Col: x % p.Cols})
		e.varOf[x] = int32(len(e.cells))
	}
	e.forced = make([]bool, len(e.cells)+1)
	for _, f := range p.Fixed {
		e.forced[e.varOf[f.Row*p.Cols+f.Col]] = true
	}
	if err := e.readFamilies(ctx); err != nil {
		return nil, err
	}
	e.bands(&e.extra)
	e.covers(&e.extra)
	if err := e.groupLines(ctx); err != nil {
		return nil, err
	}
	e.partners = nil
	if err := e.run(ctx, discard{}); err != nil {
		return nil, fmt.Errorf("sizing the encoding: %w", err)
	}
	e.size = e.at
	return e, nil
}

// run makes the clauses of the encoding and hands them to out, in an order fixed by the model and the
// encoding's choices alone. It stops at the first error of out, once ctx ends, or once the encoding grows
// past its bound, and returns that error. It counts what it made in e.at.
func (e *cnf) run(ctx context.Context, out sink) error {
	e.ctx, e.out, e.err = ctx, out, nil
	e.at = size{vars: len(e.cells)}
	e.blockVars = [2]int{1, 0}
	if err := ctx.Err(); err != nil {
		e.err = fmt.Errorf("stopped before encoding: %w", err)
	} else {
		e.generate()
	}
	e.ctx, e.out = nil, nil
	return e.err
}

// generate makes every clause: a cardinality constraint on each line of each family, by its range; a
// clause for each pair of cells a leap apart; the fixed queens; and the queen count, unless the families
// fix it.
func (e *cnf) generate() {
	for k := range e.fams {
		f := &e.fams[k]
		for i := range f.lines.Count() {
			if e.poll(i) {
				return
			}
			e.lineBuf = e.lineVars(e.lineBuf[:0], f, i)
			if e.implied(k, e.lineBuf) {
				continue
			}
			if f.groups != nil && f.groups[i] != nil {
				e.unitBuf = e.unitLits(e.unitBuf[:0], f.groups[i])
				e.inRange(e.unitBuf, f.rng)
				continue
			}
			e.inRange(e.lineBuf, f.rng)
		}
	}
	if len(e.p.Leaps) > 0 {
		e.leaps()
	}
	e.impliedClauses()
	for _, f := range e.p.Fixed {
		e.clause(lit(e.varOf[f.Row*e.p.Cols+f.Col]))
	}
	if !e.countImplied {
		all := make([]lit, len(e.cells))
		for i := range all {
			all[i] = lit(i + 1)
		}
		e.exactlyBy(all, e.p.Queens, e.opt.card != cardSequential)
	}
}

// poll reports whether the run has failed, and every few thousand steps i of a loop that may make no
// clause for long, fails it once its context has ended.
func (e *cnf) poll(i int) bool {
	if e.err == nil && i%pollEvery == 0 {
		if err := e.ctx.Err(); err != nil {
			e.err = fmt.Errorf("stopped after %d of %s clauses: %w", e.at.clauses, e.total(), err)
		}
	}
	return e.err != nil
}

// total says how many clauses a run makes, once a dry run has counted them.
func (e *cnf) total() string {
	if e.size.clauses == 0 {
		return "the"
	}
	return fmt.Sprint(e.size.clauses)
}

// leaps forbids each pair of free cells a leap apart, once per pair and only where no line already does.
func (e *cnf) leaps() {
	var partners []lit
	for i := range e.cells {
		if e.poll(i) {
			return
		}
		va := lit(i + 1)
		partners = e.leapPartners(partners[:0], va, &e.leapBuf)
		for _, vb := range partners {
			if vb <= va || e.shareLine(va, vb) {
				continue // the pair is met from b's side, or a line covers it
			}
			e.clause(-va, -vb)
		}
	}
}

// leapPartners appends to dst the variables of the free cells a leap away from the cell of variable va
// (Program.LeapTargets: each once, never va itself), and returns it. scratch holds the cells between
// calls: each goroutine its own, as the tasks of a count call this at once.
func (e *cnf) leapPartners(dst []lit, va lit, scratch *[]constraints.Cell) []lit {
	*scratch = e.p.LeapTargets((*scratch)[:0], e.cells[va-1])
	for _, t := range *scratch {
		if vb := e.varOf[t.Row*e.p.Cols+t.Col]; vb != 0 {
			dst = append(dst, lit(vb))
		}
	}
	return dst
}
