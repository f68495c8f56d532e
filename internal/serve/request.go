package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/queens-dev/queens/constraints"
	"github.com/queens-dev/queens/constraints/suggest"
	"github.com/queens-dev/queens/internal/report"
	"github.com/queens-dev/queens/internal/source"
	"github.com/queens-dev/queens/internal/strictjson"
)

// Request is what the API's calls take: the query of a GET, or the body of a POST in JSON
// (Content-Type: application/json) or YAML (application/yaml), with the same fields in each; a body
// that is a variant file (it has board:) is taken as the request's yaml. The model
// is given once: by a source (variant: a built-in name or a puzz.link URL; yaml: a variant file's text;
// level: a level JSON; regions: a grid of letters, with stars; model: the model object of an answer,
// as report.Model writes it), or by the model fields (n, rows, cols,
// queens, attacks, wrap, each, blocked, fixed), as the command line's flags of the same names. What a
// call does not use is refused, as the command line refuses it.
type Request struct {
	Variant string   `json:"variant,omitempty" yaml:"variant"`
	URL     string   `json:"url,omitempty" yaml:"url"`
	YAML    string   `json:"yaml,omitempty" yaml:"yaml"`
	Level   any      `json:"level,omitempty" yaml:"level"`
	Regions []string `json:"regions,omitempty" yaml:"regions"`
	Stars   *int     `json:"stars,omitempty" yaml:"stars"`
	// Model is an answer's model object sent back, field for field.
	Model *report.Model `json:"model,omitempty" yaml:"model"`

	N       *int     `json:"n,omitempty" yaml:"n"`
	Rows    *int     `json:"rows,omitempty" yaml:"rows"`
	Cols    *int     `json:"cols,omitempty" yaml:"cols"`
	Queens  *int     `json:"queens,omitempty" yaml:"queens"`
	Attacks string   `json:"attacks,omitempty" yaml:"attacks"`
	Wrap    string   `json:"wrap,omitempty" yaml:"wrap"`
	Each    string   `json:"each,omitempty" yaml:"each"`
	Blocked []string `json:"blocked,omitempty" yaml:"blocked"`
	Fixed   []string `json:"fixed,omitempty" yaml:"fixed"`

	// State is hint's played board: a line per row, 'Q' a queen, 'x' marked empty, '.' open.
	State []string `json:"state,omitempty" yaml:"state"`
	// Solver, Mode and Limit are solve's: auto, backtrack or sat; count (the default), first or all;
	// and for all, the most solutions listed (default and at most MaxList).
	Solver string `json:"solver,omitempty" yaml:"solver"`
	Mode   string `json:"mode,omitempty" yaml:"mode"`
	Limit  *int   `json:"limit,omitempty" yaml:"limit"`
}

// readRequest reads the request of r: its query for a GET, its body for a POST. A POST's body is the
// request, or a variant file (a body with a board: key), the request's yaml; its query may hold solver,
// mode and limit, and nothing the body holds too.
func readRequest(ctx context.Context, r *http.Request) (Request, error) {
	if r.Method == http.MethodGet {
		return queryRequest(r.URL.Query())
	}
	var q Request
	data, err := source.ReadLimit(ctx, "body", r.Body, MaxBody)
	if err != nil {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return q, bad("body: more than %d bytes", MaxBody)
		}
		return q, bad("%v", err)
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	var top map[string]any
	switch ct {
	case "application/json":
		if err := strictjson.Decode(data, &top, false); err != nil {
			msg := fmt.Sprintf("body: not a JSON request: %v", err)
			if !bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
				msg += " (a YAML body needs Content-Type: application/yaml)"
			}
			return q, bad("%s", msg)
		}
		if _, variant := top["board"]; !variant {
			if err := strictjson.Decode(data, &q, true); err != nil {
				return q, bad("body: not a JSON request: %v", err)
			}
		}
	case "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml":
		if err := yaml.Unmarshal(data, &top); err != nil {
			return q, bad("body: not YAML: %s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		if _, variant := top["board"]; !variant {
			dec := yaml.NewDecoder(bytes.NewReader(data))
			dec.KnownFields(true)
			if err := dec.Decode(&q); err != nil {
				if errors.Is(err, io.EOF) {
					return q, bad("body: not a YAML request: empty")
				}
				return q, bad("body: not a YAML request: %s", strings.TrimPrefix(err.Error(), "yaml: "))
			}
			var more any
			if err := dec.Decode(&more); err == nil {
				return q, bad("body: more than one YAML document")
			}
		}
	default:
		return q, &badRequest{msg: fmt.Sprintf("Content-Type %q: want application/json or application/yaml", ct), code: http.StatusUnsupportedMediaType}
	}
	if _, variant := top["board"]; variant {
		q.YAML = string(data) // a variant file: its parser names the line and field of a mistake
	}
	for k, vals := range r.URL.Query() {
		switch {
		case k != "solver" && k != "mode" && k != "limit":
			return q, bad("%s=: a POST takes the request in its body; its URL's query may hold solver, mode and limit only", clip(k))
		case len(vals) > 1:
			return q, bad("%s= given %d times: give it once", k, len(vals))
		case k == "solver" && q.Solver != "", k == "mode" && q.Mode != "", k == "limit" && q.Limit != nil:
			return q, bad("%s is given in the body and in the URL's query: give it once", k)
		case k == "solver":
			q.Solver = vals[0]
		case k == "mode":
			q.Mode = vals[0]
		default:
			n, err := strconv.Atoi(vals[0])
			if err != nil {
				return q, bad("limit=%q: want a whole number", clip(vals[0]))
			}
			q.Limit = &n
		}
	}
	return q, nil
}

// queryKeys are the keys a GET's query may hold, each once.
var queryKeys = []string{"variant", "url", "regions", "stars", "n", "rows", "cols", "queens", "attacks", "wrap", "each", "blocked", "fixed", "solver", "mode", "limit"}

// queryRequest reads a GET's query. A key given twice, or one the API does not know, is refused.
func queryRequest(v url.Values) (Request, error) {
	var q Request
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		vals := v[k]
		if !slices.Contains(queryKeys, k) {
			return q, bad("%s=: not a parameter of this call (it takes %s)", clip(k), strings.Join(queryKeys, ", "))
		}
		if len(vals) > 1 {
			return q, bad("%s= given %d times: give it once", k, len(vals))
		}
		s := vals[0]
		num := func() (*int, error) {
			n, err := strconv.Atoi(s)
			if err != nil {
				return nil, bad("%s=%q: want a whole number", k, clip(s))
			}
			return &n, nil
		}
		var err error
		switch k {
		case "variant", "url":
			if s == "" {
				// As --variant '' is on the command line: an empty name is a mistake, not "no model".
				return q, bad("%s=: empty name (give a built-in name or a puzz.link URL, or leave the key out)", k)
			}
			if k == "variant" {
				q.Variant = s
			} else {
				q.URL = s
			}
		case "regions":
			q.Regions = strings.Split(s, ",")
		case "stars":
			q.Stars, err = num()
		case "n":
			q.N, err = num()
		case "rows":
			q.Rows, err = num()
		case "cols":
			q.Cols, err = num()
		case "queens":
			q.Queens, err = num()
		case "attacks":
			q.Attacks = s
		case "wrap":
			q.Wrap = s
		case "each":
			q.Each = s
		case "blocked":
			q.Blocked = []string{s}
		case "fixed":
			q.Fixed = []string{s}
		case "solver":
			q.Solver = s
		case "mode":
			q.Mode = s
		case "limit":
			q.Limit, err = num()
		}
		if err != nil {
			return q, err
		}
	}
	return q, nil
}

// modelFields names the model fields the request gives.
func (q Request) modelFields() []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{{"n", q.N != nil}, {"rows", q.Rows != nil}, {"cols", q.Cols != nil}, {"queens", q.Queens != nil},
		{"attacks", q.Attacks != ""}, {"wrap", q.Wrap != ""}, {"each", q.Each != ""}, {"blocked", q.Blocked != nil}, {"fixed", q.Fixed != nil}} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// sources names the sources the request gives.
func (q Request) sources() []string {
	var out []string
	if q.Variant != "" {
		out = append(out, "variant")
	}
	if q.URL != "" {
		out = append(out, "url")
	}
	if q.YAML != "" {
		out = append(out, "yaml")
	}
	if q.Level != nil {
		out = append(out, "level")
	}
	if q.Regions != nil {
		out = append(out, "regions")
	}
	if q.Model != nil {
		out = append(out, "model")
	}
	return out
}

// maxSide bounds the board a request's model fields may ask for.
const maxSide = 32

// model reads the request's model, through the command line's loader: a source, or the model fields.
// A built-in name, a URL or text are read; never a file of the server's.
func (q Request) model(ctx context.Context) (constraints.Model, error) {
	srcs, fields := q.sources(), q.modelFields()
	switch {
	case len(srcs) > 1:
		return constraints.Model{}, bad("the model is given %d times (%s): give one", len(srcs), strings.Join(srcs, ", "))
	case len(srcs) == 1 && len(fields) > 0:
		return constraints.Model{}, bad("%s gives the whole model: leave out %s", srcs[0], strings.Join(fields, ", "))
	case q.Stars != nil && *q.Stars < 1:
		return constraints.Model{}, bad("stars %d: want at least 1", *q.Stars)
	case len(srcs) == 0:
		if q.Stars != nil {
			return constraints.Model{}, bad("stars: for a level or regions, which do not say their quota")
		}
		return q.fieldModel(ctx)
	case srcs[0] == "model":
		if q.Stars != nil {
			return constraints.Model{}, bad("stars %d: model states its own quota (stars is for a level or regions)", *q.Stars)
		}
		m, err := q.Model.Model()
		if err != nil {
			return constraints.Model{}, bad("%v", err)
		}
		return m, nil
	}
	o := source.Options{}
	if q.Stars != nil {
		o.Stars = *q.Stars
	}
	var l source.Loaded
	var err error
	switch srcs[0] {
	case "variant", "url":
		name := q.Variant + q.URL
		if !source.IsURL(name) {
			l, err = source.Builtin(name)
			break
		}
		l, err = source.Parse(name, []byte(name), o, source.URL)
	case "yaml":
		l, err = source.Parse("yaml", []byte(q.YAML), o, source.YAML)
	case "level":
		data, jerr := json.Marshal(q.Level)
		if jerr != nil {
			return constraints.Model{}, bad("level: %v", jerr)
		}
		l, err = source.Parse("level", data, o, source.Level)
	case "regions":
		l, err = source.Parse("regions", []byte(strings.Join(q.Regions, "\n")), o, source.Grid)
	}
	if err != nil {
		return constraints.Model{}, bad("%v", err)
	}
	if q.Stars != nil && !l.StarsRead {
		return constraints.Model{}, bad("stars %d: %s states its own quota (stars is for a level or regions)", *q.Stars, srcs[0])
	}
	return l.Model, nil
}

// fieldModel builds the model of the model fields, as the command line's flags of the same names do.
func (q Request) fieldModel(ctx context.Context) (constraints.Model, error) {
	m := constraints.Classic(8)
	side := func(name string, v *int) (int, error) {
		if *v < 1 || *v > maxSide {
			return 0, bad("%s=%d: want 1 to %d", name, *v, maxSide)
		}
		return *v, nil
	}
	var err error
	switch {
	case q.N != nil && (q.Rows != nil || q.Cols != nil):
		return m, bad("n sets rows and cols both: give n, or rows and cols")
	case q.N != nil:
		if m.Rows, err = side("n", q.N); err != nil {
			return m, err
		}
		m.Cols = m.Rows
	case (q.Rows != nil) != (q.Cols != nil):
		return m, bad("rows and cols go together")
	case q.Rows != nil:
		if m.Rows, err = side("rows", q.Rows); err != nil {
			return m, err
		}
		if m.Cols, err = side("cols", q.Cols); err != nil {
			return m, err
		}
	}
	if q.Queens != nil {
		if *q.Queens < 1 {
			return m, bad("queens=%d: want at least 1", *q.Queens)
		}
		m.Queens = *q.Queens
	}
	if q.Attacks != "" {
		if m.Attack, err = constraints.ParseAttack(q.Attacks); err != nil {
			return m, bad("attacks=%q: %v", clip(q.Attacks), err)
		}
	}
	if q.Wrap != "" {
		if m.Surface, err = constraints.ParseSurface(q.Wrap); err != nil {
			return m, bad("wrap=%q: %v", clip(q.Wrap), err)
		}
	}
	if q.Each != "" {
		if m.Each, err = constraints.ParseQuota(q.Each); err != nil {
			return m, bad("each=%q: %v", clip(q.Each), err)
		}
	}
	cells := func(name string, vals []string) ([]constraints.Cell, error) {
		var out []constraints.Cell
		for _, v := range vals {
			for _, part := range strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ' ' }) {
				c, err := constraints.ParseCell(part)
				if err != nil {
					return nil, bad("%s=%q: %v", name, clip(v), err)
				}
				out = append(out, c)
			}
		}
		return out, nil
	}
	if m.Blocked, err = cells("blocked", q.Blocked); err != nil {
		return m, err
	}
	if m.Fixed, err = cells("fixed", q.Fixed); err != nil {
		return m, err
	}
	if err := m.Validate(); err != nil {
		return m, bad("%v", err)
	}
	if err := m.ValidateLines(ctx); err != nil {
		if ctx.Err() != nil {
			return m, ctx.Err()
		}
		return m, bad("%v", err)
	}
	return m, nil
}

// choice is the error for a value of key that is none of choices: it lists them and suggests the
// nearest, as the command line does.
func choice(key, value string, choices ...string) error {
	return bad("%s=%q: %s", key, clip(value), suggest.Want(value, choices...))
}

// clip keeps what a message quotes of the request short.
func clip(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}
