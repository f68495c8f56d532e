package sat

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/solvers"
)

// streamModels are models of every feature the encoder takes, for the tests of its passes.
var streamModels = []constraints.Model{
	constraints.Classic(8),
	constraints.Classic(40),
	{Rows: 5, Cols: 7, Queens: 4, Attack: constraints.Superqueen, Blocked: []constraints.Cell{{Row: 0, Col: 0}, {Row: 4, Col: 6}}, Fixed: []constraints.Cell{{Row: 2, Col: 3}}},
	{Rows: 6, Cols: 6, Attack: constraints.Union(constraints.Queen, constraints.King), Surface: constraints.Torus, Blocked: []constraints.Cell{{Row: 1, Col: 1}}},
	{Rows: 4, Cols: 4, Attack: constraints.Queen, Blocked: []constraints.Cell{{Row: 1, Col: 0}, {Row: 1, Col: 1}, {Row: 1, Col: 2}, {Row: 1, Col: 3}}},
	{Rows: 12, Cols: 12, Queens: 6, Attack: constraints.Knight},
	{Rows: 4, Cols: 9, Attack: constraints.Union(constraints.Rook, constraints.Leap(1, 3), constraints.Ride(1, 2))},
}

// TestDIMACSIsWhatGiniGets holds the text WriteDIMACS writes against the clauses a search loads into gini,
// clause by clause, and the header against the dry run that sized them.
func TestDIMACSIsWhatGiniGets(t *testing.T) {
	for _, m := range streamModels {
		var buf bytes.Buffer
		if err := WriteDIMACS(context.Background(), &buf, m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
		var vars, clauses int
		var text []lit
		sc := bufio.NewScanner(&buf)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			switch fields[0] {
			case "c":
			case "p":
				vars, _ = strconv.Atoi(fields[2])
				clauses, _ = strconv.Atoi(fields[3])
			default:
				for _, f := range fields {
					l, err := strconv.Atoi(f)
					if err != nil {
						t.Fatal(err)
					}
					text = append(text, lit(l))
				}
			}
		}
		e, lits := encodeList(t, m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
		if !slicesEqual(text, lits) {
			t.Errorf("%s: the DIMACS clauses differ from the ones gini is given", m)
		}
		if vars != e.at.vars || clauses != e.at.clauses || e.size != e.at {
			t.Errorf("%s: header p cnf %d %d, dry run %+v, the run %+v", m, vars, clauses, e.size, e.at)
		}
	}
}

func slicesEqual(a, b []lit) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// failingWriter fails every write once n bytes have been taken, and counts what it was offered.
type failingWriter struct {
	n, offered int
	err        error
}

func (w *failingWriter) Write(p []byte) (int, error) {
	w.offered += len(p)
	if w.offered > w.n {
		return 0, w.err
	}
	return len(p), nil
}

// TestDIMACSStopsAtWriteError writes a model of megabytes to a writer that fails after a kilobyte, as a
// full disk does: the error must come back at once, not after the whole encoding.
func TestDIMACSStopsAtWriteError(t *testing.T) {
	full := errors.New("no space left on device")
	w := &failingWriter{n: 1024, err: full}
	err := WriteDIMACS(context.Background(), w, constraints.Classic(200))
	if !errors.Is(err, full) {
		t.Fatalf("WriteDIMACS to a full disk = %v, want the write error", err)
	}
	if w.offered > 1<<20 {
		t.Errorf("WriteDIMACS offered %d bytes after the first write failed; want it to stop at once", w.offered)
	}
}

// cancellingWriter cancels its context at the first write.
type cancellingWriter struct {
	cancel  context.CancelFunc
	written int
}

func (w *cancellingWriter) Write(p []byte) (int, error) {
	w.cancel()
	w.written += len(p)
	return len(p), nil
}

func TestDIMACSStopsOnContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	w := &cancellingWriter{cancel: cancel}
	err := WriteDIMACS(ctx, w, constraints.Classic(300))
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("WriteDIMACS, cancelled = %v, want context.Canceled", err)
	}
	if w.written > 4<<20 {
		t.Errorf("WriteDIMACS wrote %d bytes after its context ended", w.written)
	}
}

// TestEncodingBounds refuses by name, before building them, boards past MaxCells and encodings past
// MaxLiterals.
func TestEncodingBounds(t *testing.T) {
	for _, m := range []constraints.Model{
		constraints.Classic(2049),
		{Rows: 1, Cols: MaxCells + 1, Attack: constraints.Row},
		{Rows: 1024, Cols: 1024, Queens: 500, Attack: constraints.Knight},
	} {
		_, err := newCNF(context.Background(), m, encoding{pairwiseUpTo: defaultPairwiseUpTo})
		if !errors.Is(err, solvers.ErrUnsupported) {
			t.Errorf("%s: newCNF = %v, want ErrUnsupported", m, err)
		}
	}
	// An encoding WriteDIMACS could stream, but gini could not hold: its dry run takes a second or two.
	if testing.Short() {
		return
	}
	m := constraints.Classic(1600)
	if _, _, _, err := New().Find(context.Background(), m); !errors.Is(err, solvers.ErrUnsupported) {
		t.Errorf("%s: Find = %v, want ErrUnsupported (more than MaxLoadBytes)", m, err)
	}
}
