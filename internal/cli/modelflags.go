package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/spf13/pflag"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/internal/source"
)

// modelFlags are the flags that describe a model, shared by every command that takes one.
type modelFlags struct {
	n, rows, cols, queens intFlag
	knight, king          bool
	wrap                  surfaceFlag
	attacks               string
	blocked, fixed        []string
	regions               string
	grid                  *constraints.Regions // the grid --regions read, once: a sweep builds many models
	each                  string
	variant               string
	stars                 intFlag
	preset                presetFlags
}

func (f *modelFlags) register(fs *pflag.FlagSet) {
	fs.VarP(&f.n, "n", "n", "board size: N queens on an N×N board (default 8)")
	fs.Var(&f.rows, "rows", "rows of a rectangular board (with --cols)")
	fs.Var(&f.cols, "cols", "columns of a rectangular board (with --rows)")
	fs.Var(&f.queens, "queens", "queens to place (default min(rows, cols))")
	fs.StringVar(&f.attacks, "attacks", "queen", "the attack names and forms: queens help attacks")
	fs.BoolVar(&f.knight, "knight", false, "add the knight's leap to the attacks (superqueens)")
	fs.BoolVar(&f.king, "king", false, "add the king's step to the attacks (no two queens touch)")
	fs.Var(&f.wrap, "wrap", "joined edges: --wrap is a torus; --wrap=`SURFACE` one of torus, cylinder, mobius, klein")
	fs.Lookup("wrap").NoOptDefVal = "torus"
	fs.StringArrayVar(&f.blocked, "blocked", nil, "a cell no queen may take, `ROW,COL` 0-based (repeatable, or joined by ';')")
	fs.StringArrayVar(&f.fixed, "fixed", nil, "a queen placed in advance, `ROW,COL` 0-based (repeatable)")
	fs.StringVar(&f.regions, "regions", "", "the region grid in `FILE` (- for stdin), a line of letters a row")
	fs.StringVar(&f.each, "each", "", "queens per line or region: `QUOTAS` as row=2,region=2 or line=<=2, diagonal=1..2")
	fs.StringVar(&f.variant, "variant", "", "the `MODEL`: a built-in name, a file, - (stdin) or a puzz.link URL")
	fs.Var(&f.stars, "stars", "`K` per row, column, region of a level JSON or letter grid (default 1)")
	f.preset.register(fs)
}

// set reports whether any model flag was given.
func (f *modelFlags) set(fs *pflag.FlagSet) bool {
	for _, name := range []string{"n", "rows", "cols", "queens", "attacks", "knight", "king", "wrap", "blocked", "fixed", "regions", "each"} {
		if fs.Changed(name) {
			return true
		}
	}
	return false
}

// model builds and validates the model: from the one source given, by --variant or as the argument
// (a built-in name, a YAML file, - for stdin, a puzz.link URL, a level JSON or a letter grid: see
// internal/source), or else from the model flags. The source, when one was read, comes with it. Every
// error is a usage error naming the flag, or the source, line and field; a read cut short by ctx is
// an *interrupted.
func (f *modelFlags) model(ctx context.Context, e *env, fs *pflag.FlagSet) (constraints.Model, *source.Loaded, error) {
	arg, given, err := f.source(fs)
	if err != nil {
		return constraints.Model{}, nil, err
	}
	if err := f.applyPreset(fs, given); err != nil {
		return constraints.Model{}, nil, err
	}
	if !given {
		// A flag given an empty value is a mistake (a shell variable left unset), never read as the
		// flag left out.
		for _, name := range []string{"each", "regions"} {
			if fs.Changed(name) && strings.TrimSpace(fs.Lookup(name).Value.String()) == "" {
				return constraints.Model{}, nil, usagef("--%s: empty (leave the flag out for none)", name)
			}
		}
		if f.stars.set {
			return constraints.Model{}, nil, usagef("--stars %d: for a level JSON or a letter grid, which do not say their quota (with --regions FILE, say --starbattle %d)", f.stars.v, f.stars.v)
		}
		m, err := f.flagModel(ctx, e.stdin)
		return m, nil, err
	}
	if f.set(fs) {
		if !fs.Changed("variant") {
			return constraints.Model{}, nil, usagef("unexpected argument %q: the model flags describe the model (a model given by name, file or URL takes none)", arg)
		}
		return constraints.Model{}, nil, usagef("--variant gives the whole model; leave out the other model flags")
	}
	// The read stops with ctx; the parse and checks after it take no context, so they run aside.
	l, err := whileLoading(ctx, func() (source.Loaded, error) {
		return source.Load(ctx, arg, source.Options{Stars: f.stars.v, Stdin: e.stdin})
	})
	if err != nil {
		return constraints.Model{}, nil, sourceError(err, arg)
	}
	if f.stars.set && !l.StarsRead {
		return constraints.Model{}, nil, usagef("--stars %d: %s states its own quota (--stars is for a level JSON or a letter grid)", f.stars.v, escape(l.Source))
	}
	return l.Model, &l, nil
}

// source returns the model's source, given by --variant or as the one argument, and whether one was.
func (f *modelFlags) source(fs *pflag.FlagSet) (string, bool, error) {
	args := fs.Args()
	switch {
	case len(args) > 0 && fs.Changed("variant"):
		return "", false, usagef("the model is given twice: --variant %s and the argument %q; give one", escape(f.variant), args[0])
	case len(args) > 1:
		return "", false, usagef("unexpected argument %q: one model at a time", args[1])
	case len(args) == 1:
		if _, err := constraints.ParseSurface(args[0]); err == nil && fs.Changed("wrap") {
			return "", false, usagef("unexpected argument %q: --wrap takes its surface after '=': --wrap=%s", args[0], args[0])
		}
		if _, err := strconv.Atoi(args[0]); err == nil && !exists(args[0]) {
			return "", false, usagef("unexpected argument %q: for a board of side %s say -n %s", args[0], args[0], args[0])
		}
		return args[0], true, nil
	case fs.Changed("variant"):
		if f.variant == "" {
			return "", false, usagef("--variant: empty name (give a file, a built-in name, - for stdin, or a puzz.link URL; 'queens list' lists the names)")
		}
		return f.variant, true, nil
	}
	return "", false, nil
}

// exists reports whether a file of that name exists.
func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// readsStdin reports whether the model, or its region grid, is to be read from stdin.
func (f *modelFlags) readsStdin(fs *pflag.FlagSet) bool {
	arg, given, err := f.source(fs)
	return err == nil && (given && (arg == "-" || arg == "/dev/stdin") || !given && f.regions == "-")
}

// withTimeoutOf fills in the --timeout that stopped a read, so that the message says it.
func withTimeoutOf(err error, d time.Duration) error {
	var ie *interrupted
	if errors.As(err, &ie) && ie.timeout == 0 {
		ie.timeout = d
	}
	return err
}

// sourceError turns the loader's error about arg into the command line's: a read stopped by a signal
// or a timeout, or a usage error that names the source.
func sourceError(err error, arg string) error {
	var st *source.Stopped
	var ie *interrupted
	switch {
	case errors.As(err, &st):
		return &interrupted{cause: st.Err, done: "while reading " + escape(st.Source)}
	case errors.As(err, &ie):
		ie.done = "while reading " + escape(arg)
		return ie
	}
	return &usageError{err.Error()}
}

// flagModel builds the model the flags describe; --regions - reads the grid from stdin.
func (f *modelFlags) flagModel(ctx context.Context, stdin io.Reader) (constraints.Model, error) {
	m := constraints.Classic(8)
	switch {
	case f.n.set && (f.rows.set || f.cols.set):
		return m, usagef("-n sets rows and columns both; give -n or --rows and --cols, not both")
	case f.n.set:
		m.Rows, m.Cols = f.n.v, f.n.v
	case f.rows.set != f.cols.set:
		return m, usagef("--rows and --cols go together")
	case f.rows.set:
		m.Rows, m.Cols = f.rows.v, f.cols.v
	}
	if f.queens.set {
		if f.queens.v < 1 {
			return m, usagef("--queens %d: must be at least 1", f.queens.v)
		}
		m.Queens = f.queens.v
	}
	a, err := constraints.ParseAttack(f.attacks)
	if err != nil {
		return m, usagef("--attacks: %v", err)
	}
	if f.knight {
		a = constraints.Union(a, constraints.Knight)
	}
	if f.king {
		a = constraints.Union(a, constraints.King)
	}
	m.Attack, m.Surface = a, f.wrap.s
	if f.regions != "" {
		if err := f.loadGrid(ctx, stdin); err != nil {
			return m, err
		}
		m.Regions = f.grid
		if !f.n.set && !f.rows.set {
			m.Rows, m.Cols = m.Regions.Rows(), m.Regions.Cols() // the grid gives the board
		}
	}
	if f.each != "" {
		if m.Each, err = parseQuota(f.each); err != nil {
			return m, err
		}
	}
	if m.Blocked, err = parseCells("--blocked", f.blocked); err != nil {
		return m, err
	}
	if m.Fixed, err = parseCells("--fixed", f.fixed); err != nil {
		return m, err
	}
	if err := m.Validate(); err != nil {
		return m, usagef("%s: %v", flagOf(err), err)
	}
	// The lines of a diagonal quota, walked: one shorter than its quota, or too many or too few for the
	// queens, is named at once, as in a variant file.
	if err := m.ValidateLines(ctx); err != nil {
		if ctx.Err() != nil {
			return m, &interrupted{cause: ctx.Err()}
		}
		return m, usagef("%s: %v", flagOf(err), err)
	}
	return m, nil
}

// flagOf names the flag a validation error is about: --blocked for a blocked cell, and so on.
func flagOf(err error) string {
	ve := constraints.AsValidationError(err)
	if ve == nil {
		return "model"
	}
	switch ve.Field {
	case "board":
		return "-n/--rows/--cols"
	case "queens":
		return "--queens"
	case "attacks":
		return "--attacks"
	case "blocked":
		return "--blocked"
	case "fixed":
		return "--fixed"
	case "regions":
		return "--regions"
	case "each":
		return "--each"
	}
	return ve.Field
}

// loadGrid reads the grid --regions names, unless it has been read: stdin can be read only once.
func (f *modelFlags) loadGrid(ctx context.Context, stdin io.Reader) error {
	if f.regions == "" || f.grid != nil {
		return nil
	}
	g, err := whileLoading(ctx, func() (*constraints.Regions, error) { return readRegions(ctx, f.regions, stdin) })
	f.grid = g
	return err
}

// readRegions reads a region grid, one line per board row, from a text file, or from stdin for "-"
// (at most maxRegionFile bytes either way); the read stops with ctx.
func readRegions(ctx context.Context, path string, stdin io.Reader) (*constraints.Regions, error) {
	var data []byte
	var err error
	if path == "-" {
		path = "stdin"
		if stdin == nil {
			return nil, usagef("--regions -: no stdin to read")
		}
		data, err = source.ReadLimit(ctx, "the region grid from stdin", stdin, maxRegionFile)
		var st *source.Stopped
		if errors.As(err, &st) {
			return nil, &interrupted{cause: st.Err, done: "while reading the region grid from stdin"}
		}
		if err != nil {
			return nil, usagef("--regions -: %v", strings.TrimPrefix(err.Error(), "the region grid from stdin: "))
		}
	} else if data, err = readInput(path, maxRegionFile); err != nil {
		return nil, usagef("--regions: %v", err)
	}
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(string(data), "\r\n"), "\n") {
		lines = append(lines, strings.TrimRight(l, "\r"))
	}
	g, err := constraints.ParseRegions(unspaced(lines))
	if err != nil {
		return nil, usagef("--regions: %s: %v", path, err)
	}
	return g, nil
}

// maxRegionFile bounds a region grid's file: enough for a 4096×4096 grid.
const maxRegionFile = 16 << 20

// readInput reads a regular file of at most limit bytes.
func readInput(path string, limit int64) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", escape(path), plainPathError(err))
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d a file may hold", path, info.Size(), limit)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %s", escape(path), plainPathError(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than the %d bytes a file may hold", path, limit)
	}
	return data, nil
}

// parseQuota reads --each: "row=2,column=2,line=<=2", as constraints.ParseQuota reads it, the one
// spelling the YAML key each: takes too.
func parseQuota(s string) (constraints.Quota, error) {
	q, err := constraints.ParseQuota(s)
	if err != nil {
		return q, usagef("--each %q: %v", s, err)
	}
	return q, nil
}

// aroundComma matches a comma with the spaces around it.
var aroundComma = regexp.MustCompile(`\s*,\s*`)

// parseCells reads the cells of a flag given once or more: each value holds cells "ROW,COL" separated by
// ';' or spaces; spaces around a cell's comma are allowed ("1, 1").
func parseCells(flag string, values []string) ([]constraints.Cell, error) {
	var cells []constraints.Cell
	for _, v := range values {
		v = aroundComma.ReplaceAllString(v, ",")
		parts := strings.FieldsFunc(v, func(r rune) bool { return r == ';' || unicode.IsSpace(r) })
		if len(parts) == 0 {
			return nil, usagef("%s %q: no cell (want ROW,COL cells separated by ';' or spaces; leave the flag out for none)", flag, v)
		}
		for _, part := range parts {
			c, err := constraints.ParseCell(part)
			if err != nil {
				return nil, usagef("%s: %v", flag, err)
			}
			cells = append(cells, c)
		}
	}
	return cells, nil
}

// surfaceFlag is --wrap: alone a torus, or --wrap=NAME for any surface.
type surfaceFlag struct{ s constraints.Surface }

func (f *surfaceFlag) String() string { return f.s.String() }

func (f *surfaceFlag) Set(s string) error {
	v, err := constraints.ParseSurface(s)
	if err != nil {
		return err
	}
	f.s = v
	return nil
}

func (f *surfaceFlag) Type() string { return "surface" }

// intFlag is an int flag that remembers whether it was set and says plainly what is wrong with a value.
type intFlag struct {
	v   int
	set bool
}

func (f *intFlag) String() string {
	if !f.set {
		return ""
	}
	return strconv.Itoa(f.v)
}

func (f *intFlag) Set(s string) error {
	v, err := strconv.Atoi(s)
	if err != nil {
		return fmt.Errorf("not a whole number")
	}
	if v < 1 {
		return fmt.Errorf("must be at least 1")
	}
	f.v, f.set = v, true
	return nil
}

func (f *intFlag) Type() string { return "int" }

// --- Presets: puzzle rules by name. A preset sets the attacks and quotas of a puzzle's rules, so that a
// region grid given by --regions is solved by them and not by the queen's lines (the default).

// presetFlags are --linkedin and --starbattle K.
type presetFlags struct {
	linkedin   bool
	starbattle intFlag
}

func (p *presetFlags) register(fs *pflag.FlagSet) {
	fs.BoolVar(&p.linkedin, "linkedin", false, "LinkedIn's Queens on the --regions grid: --starbattle 1")
	fs.Var(&p.starbattle, "starbattle", "Star Battle on --regions: `K` per row, column, region; none touch")
}

// applyPreset turns a preset into the attacks and quotas it stands for, refusing the flags it would
// overrule.
func (f *modelFlags) applyPreset(fs *pflag.FlagSet, source bool) error {
	name, k := "", 0
	switch {
	case f.preset.linkedin && f.preset.starbattle.set:
		return usagef("--linkedin and --starbattle are two sets of rules: give one")
	case f.preset.linkedin:
		name, k = "--linkedin", 1
	case f.preset.starbattle.set:
		name, k = fmt.Sprintf("--starbattle %d", f.preset.starbattle.v), f.preset.starbattle.v
	default:
		return nil
	}
	if source {
		return usagef("%s sets the rules of a --regions grid: leave out --variant (the model given states its own rules)", name)
	}
	for _, other := range []string{"attacks", "knight", "king", "each"} {
		if fs.Changed(other) {
			return usagef("%s sets the attacks (king) and the quotas (%d per row, column and region): leave out --%s", name, k, other)
		}
	}
	if f.regions == "" {
		return usagef("%s plays on a region grid: give it with --regions FILE (a line of letters per row)", name)
	}
	f.attacks = "king"
	f.each = fmt.Sprintf("row=%d,column=%d,region=%d", k, k, k)
	return nil
}

// presetHint returns a note for stderr when a region grid is solved with the queen's lines because no
// rules were named, as a LinkedIn or Star Battle player may not expect; else "".
func (f *modelFlags) presetHint(fs *pflag.FlagSet) string {
	if f.regions == "" || f.preset.linkedin || f.preset.starbattle.set || fs.Changed("attacks") || fs.Changed("each") {
		return ""
	}
	return "--regions with the queen's attacks (diagonals too) and no quotas; for LinkedIn's Queens give --linkedin, for Star Battle --starbattle K"
}
