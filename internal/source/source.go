// Package source is the one loader of models: every command and the API read a model or puzzle through
// it, from a built-in name, a YAML variant file, stdin ("-"), a puzz.link Star Battle URL, a level JSON
// or a grid of region letters. It decides by content, not by the name of the file; when nothing fits it
// says what it tried. Every read is bounded in bytes and stops when its context ends.
package source

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/suggest"
	"github.com/queens-dev/queens/variants"
)

// Form is the form a model was given in.
type Form string

// The forms.
const (
	Catalog Form = "catalog" // a built-in name, as 'queens list' lists them
	YAML    Form = "yaml"    // a variant file
	URL     Form = "url"     // a puzz.link Star Battle URL
	Level   Form = "level"   // a LinkedIn-clone level JSON
	Grid    Form = "grid"    // a grid of region letters
)

// MaxBytes bounds what is read of one source: a variant file's bound, the largest of the forms'.
const MaxBytes = variants.MaxFileSize

// Options are what a load needs besides the argument.
type Options struct {
	// Stars is the queens per row, column and region of a level JSON or letter grid, which do not say
	// it (0: 1). The other forms state their own quotas.
	Stars int
	// Stdin is read for "-" (and /dev/stdin).
	Stdin io.Reader
}

func (o Options) stars() int {
	if o.Stars == 0 {
		return 1
	}
	return o.Stars
}

// Loaded is a model and where it came from.
type Loaded struct {
	// Variant holds the model, its name, its source (a file name, "stdin", the URL) and its expectations
	// (a YAML file's expect:).
	variants.Variant
	Form Form
	// StarsRead says whether Options.Stars was used: true for a level JSON and a letter grid.
	StarsRead bool
}

// Error is a source that could not be read or is not a model: its message names the source and what is
// wrong, on one line.
type Error struct {
	Source string
	Msg    string
	Err    error // the cause, if any
}

func (e *Error) Error() string {
	if e.Source == "" {
		return e.Msg
	}
	return e.Source + ": " + e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Stopped is a read cut short by its context (Ctrl-C, --timeout, a request's deadline).
type Stopped struct {
	Source string
	Err    error
}

func (e *Stopped) Error() string { return "stopped while reading " + e.Source + ": " + e.Err.Error() }
func (e *Stopped) Unwrap() error { return e.Err }

// Load reads the model arg names: "-" for stdin, a puzz.link URL, a file (its form read from its
// content), or a built-in name. A folder is refused: the caller that takes folders lists them.
func Load(ctx context.Context, arg string, o Options) (Loaded, error) {
	switch {
	case arg == "":
		return Loaded{}, &Error{Msg: "empty name: give a built-in name ('queens list'), a file, - for stdin, or a puzz.link URL"}
	case arg == "-" || arg == "/dev/stdin":
		if o.Stdin == nil {
			return Loaded{}, &Error{Source: "stdin", Msg: "no standard input here"}
		}
		data, err := Read(ctx, "stdin", o.Stdin)
		if err != nil {
			return Loaded{}, err
		}
		return Parse("stdin", data, o)
	case IsURL(arg):
		return parseURL(arg, arg, o)
	}
	info, err := os.Stat(arg)
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			return Loaded{}, &Error{Source: arg, Msg: plainPathError(err), Err: err}
		}
		return Builtin(arg)
	}
	switch {
	case info.IsDir():
		return Loaded{}, &Error{Source: arg, Msg: "a folder, not a regular file"}
	case info.Mode()&os.ModeNamedPipe != 0:
		// A FIFO is a stream: read it as stdin is read, stopped by the context (a FIFO with no writer
		// blocks the open itself).
	case !info.Mode().IsRegular():
		return Loaded{}, &Error{Source: arg, Msg: "not a regular file (give - to read stdin)"}
	case info.Size() > MaxBytes:
		return Loaded{}, &Error{Source: arg, Msg: fmt.Sprintf("%d bytes, more than the %d a model may take", info.Size(), int64(MaxBytes))}
	}
	data, err := ReadFile(ctx, arg, MaxBytes)
	if err != nil {
		return Loaded{}, err
	}
	return Parse(arg, data, o, formOfName(arg)...)
}

// IsURL reports whether arg is a puzz.link Star Battle URL, or the part of one from "starbattle/" on.
func IsURL(arg string) bool {
	return strings.Contains(arg, "?starbattle/") || strings.HasPrefix(arg, "starbattle/")
}

// formOfName returns the form a file's extension insists on: .yaml and .yml are variant files. Other
// names, .json among them (a level, or a variant written in JSON, which is YAML too), leave the form to
// the content.
func formOfName(name string) []Form {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml":
		return []Form{YAML}
	}
	return nil
}

// Builtin returns the catalog's variant of that name, or the error that says what was tried.
func Builtin(name string) (Loaded, error) {
	v, err := variants.Builtin(name)
	if err == nil {
		return Loaded{Variant: v, Form: Catalog}, nil
	}
	if !errors.Is(err, variants.ErrNoBuiltin) {
		return Loaded{}, err
	}
	msg := "no such file, no built-in variant of that name"
	if near, ok := suggest.Closest(strings.TrimSuffix(name, ".yaml"), catalogNames()); ok {
		msg += fmt.Sprintf(" (did you mean %s?)", near)
	} else {
		msg += " ('queens list' lists them)"
	}
	msg += ", not a puzz.link URL"
	if strings.Contains(name, "://") {
		msg = "a URL, but not of a puzz.link Star Battle (…/p?starbattle/COLS/ROWS/STARS/…), nor a file"
	}
	return Loaded{}, &Error{Source: quote(name), Msg: msg, Err: variants.ErrNoBuiltin}
}

func catalogNames() []string {
	vs, err := variants.Catalog()
	if err != nil {
		return nil
	}
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return names
}

// quote writes a name as given, in quotes when it holds spaces or characters a terminal would act on.
func quote(s string) string {
	if strings.ContainsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || !unicode.IsPrint(r) }) || len(s) > 200 {
		if len(s) > 200 {
			s = s[:200] + "…"
		}
		return fmt.Sprintf("%q", s)
	}
	return s
}

// plainPathError is an os error's message without the operation and path the caller already names.
func plainPathError(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// Parse reads data, named name in errors, as a model in the form its content shows (or in form, when
// given): a one-line puzz.link URL, a level JSON (an object with "colorRegions"), a grid of letters, or
// else a YAML variant.
func Parse(name string, data []byte, o Options, form ...Form) (Loaded, error) {
	f := Form("")
	if len(form) > 0 {
		f = form[0]
	}
	if int64(len(data)) > MaxBytes {
		return Loaded{}, &Error{Source: name, Msg: fmt.Sprintf("more than the %d bytes a model may take", int64(MaxBytes))}
	}
	text := strings.TrimSpace(strings.TrimPrefix(string(data), "\ufeff"))
	if f == "" {
		f = sniff(text)
	}
	switch f {
	case URL:
		return parseURL(name, text, o)
	case Level:
		m, err := codec.ParseLevel(data, o.stars())
		if err != nil {
			return Loaded{}, codecError(name, "level JSON", err)
		}
		return loaded(name, m, Level), nil
	case Grid:
		m, err := codec.ParseGrid(data, o.stars())
		if err != nil {
			return Loaded{}, codecError(name, "letter grid", err)
		}
		return loaded(name, m, Grid), nil
	}
	v, err := variants.Parse(name, data) // its errors name the source, line and column
	if err != nil {
		if len(form) == 0 && strings.HasPrefix(text, "{") {
			// A JSON object that is no variant may be a level that lost its grid: say both.
			return Loaded{}, fmt.Errorf("%w (nor a level JSON: it has no \"colorRegions\")", err)
		}
		return Loaded{}, err
	}
	return Loaded{Variant: v, Form: YAML}, nil
}

// sniff tells the form of a text by its content.
func sniff(text string) Form {
	switch {
	case !strings.Contains(text, "\n") && IsURL(text):
		return URL
	case strings.HasPrefix(text, "{") && strings.Contains(text, `"colorRegions"`):
		return Level
	case text != "" && isGrid(text):
		return Grid
	}
	return YAML
}

// isGrid reports whether every line that is not blank or a '#' comment holds only letters, digits and
// spaces: a grid of region letters. A YAML file has a colon on some line.
func isGrid(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		for _, r := range line {
			if !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ' ' || r == '\t') {
				return false
			}
		}
	}
	return true
}

func parseURL(name, url string, o Options) (Loaded, error) {
	m, err := codec.ParseURL(url)
	if err != nil {
		return Loaded{}, codecError(quote(name), "puzz.link URL", err)
	}
	l := loaded("puzz.link", m, URL)
	l.Source = quote(name)
	return l, nil
}

func loaded(name string, m constraints.Model, f Form) Loaded {
	return Loaded{Variant: variants.Variant{Name: name, Source: name, Model: m}, Form: f, StarsRead: f == Level || f == Grid}
}

// codecError says what the codec found wrong, led by the source and its form: "p.txt: letter grid: line
// 3 has 8 cells, line 1 has 9".
func codecError(name, form string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "codec: ")
	msg = strings.TrimSuffix(msg, ": "+codec.ErrFormat.Error())
	msg = strings.TrimPrefix(msg, form+": ")
	if strings.HasPrefix(msg, "url ") || strings.HasPrefix(msg, "url: ") {
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, "url: "), "url ")
	}
	return &Error{Source: name, Msg: form + ": " + msg, Err: err}
}

// ReadFile reads path up to limit bytes, until ctx ends: a FIFO with no writer blocks the open itself,
// and a pipe left open the read, so both run aside while Ctrl-C or a timeout can still stop the caller.
func ReadFile(ctx context.Context, path string, limit int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		f, err := os.Open(path)
		if err != nil {
			done <- result{err: err}
			return
		}
		defer f.Close()
		data, err := io.ReadAll(io.LimitReader(f, limit+1))
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		switch {
		case r.err != nil:
			return nil, &Error{Source: path, Msg: plainPathError(r.err), Err: r.err}
		case int64(len(r.data)) > limit:
			return nil, &Error{Source: path, Msg: fmt.Sprintf("more than the %d bytes it may hold", limit)}
		}
		return r.data, nil
	case <-ctx.Done():
		return nil, &Stopped{Source: path, Err: ctx.Err()}
	}
}

// Read reads r, named name, up to MaxBytes bytes, until ctx ends: a pipe that stays open and silent is
// left at once when the context ends (the read left behind finishes in its own goroutine).
func Read(ctx context.Context, name string, r io.Reader) ([]byte, error) {
	return ReadLimit(ctx, name, r, MaxBytes)
}

// ReadLimit is Read with a bound of its own.
func ReadLimit(ctx context.Context, name string, r io.Reader, limit int64) ([]byte, error) {
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := io.ReadAll(io.LimitReader(r, limit+1))
		done <- result{data, err}
	}()
	select {
	case res := <-done:
		switch {
		case ctx.Err() != nil:
			return nil, &Stopped{Source: name, Err: ctx.Err()}
		case res.err != nil:
			return nil, &Error{Source: name, Msg: res.err.Error(), Err: res.err}
		case int64(len(res.data)) > limit:
			return nil, &Error{Source: name, Msg: fmt.Sprintf("more than the %d bytes it may hold", limit)}
		}
		return res.data, nil
	case <-ctx.Done():
		return nil, &Stopped{Source: name, Err: ctx.Err()}
	}
}
