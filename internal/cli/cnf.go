package cli

import (
	"bufio"
	"context"

	"github.com/queens-dev/queens/solvers/sat"
)

const cnfUsage = `Usage: queens cnf [MODEL] [model flags]

Writes the model's CNF encoding in DIMACS form on stdout, as the SAT solver sees it. Cell variables come
first, numbered row-major over the free cells; a comment line names each ("c q r3c5 = 30") and the line
"c p show ... 0" lists them, so a projected model counter or any SAT solver's model maps back to the board.

Examples:
  queens cnf -n 8 > queens8.cnf && minisat queens8.cnf out.txt
  queens cnf -n 10 --knight
  queens cnf nauck-1850
`

func runCNF(ctx context.Context, e *env, args []string) error {
	var mf modelFlags
	fs := newFlagSet(e, "cnf", cnfUsage)
	mf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	m, _, err := mf.model(ctx, e, fs)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(e.stdout, 64<<10)
	if err := sat.WriteDIMACS(ctx, w, m); err != nil {
		if ctx.Err() != nil {
			return &interrupted{cause: ctx.Err(), done: "the CNF written is cut short"}
		}
		return err
	}
	return w.Flush()
}
