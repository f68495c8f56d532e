package variants

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// Parse reads one variant from data. name is the file's name: it appears in error messages and in
// Source, and its base name without extension is the variant's name when the file has no name key.
//
// Every error Parse returns is an *Error. The file must hold exactly one YAML document whose top is a
// mapping with at least a board; see the package documentation for the keys.
func Parse(name string, data []byte) (Variant, error) {
	p := &parser{file: name, data: data}
	doc, err := p.document(data)
	if err != nil {
		return Variant{}, err
	}
	return p.variant(doc)
}

// MaxFileSize is the largest variant file Load reads: far more than any puzzle needs (about 400 000
// blocked or fixed cells), little enough that a mistaken path cannot exhaust the memory. yaml.v3 builds
// a node per list item, about 80 bytes of memory for each byte of a list of cells: a 16 MB file of them
// took 1.4 GB, a 4 MB one 470 MB. Larger cell lists go to the command line's flags.
const MaxFileSize = 4 << 20

// Load reads the variant file at path; errors name the file by path as given. It reads regular files
// only (not a FIFO, which could block forever, nor a device such as /dev/zero), of at most MaxFileSize
// bytes.
func Load(path string) (Variant, error) {
	info, err := os.Stat(path)
	if err != nil {
		return Variant{}, fmt.Errorf("variants: %w", err)
	}
	if !info.Mode().IsRegular() {
		return Variant{}, &Error{File: path, Msg: "not a regular file (a variant file is a YAML text file)"}
	}
	if info.Size() > MaxFileSize {
		return Variant{}, &Error{File: path, Msg: fmt.Sprintf("%d bytes: more than the %d a variant file may hold", info.Size(), MaxFileSize)}
	}
	f, err := os.Open(path)
	if err != nil {
		return Variant{}, fmt.Errorf("variants: %w", err)
	}
	defer f.Close()
	return parseFrom(path, f)
}

// LoadFS reads the variant file name from fsys; errors name the file by name.
func LoadFS(fsys fs.FS, name string) (Variant, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return Variant{}, fmt.Errorf("variants: %w", err)
	}
	defer f.Close()
	return parseFrom(name, f)
}

// parseFrom reads at most MaxFileSize bytes of r and parses them as the file name.
func parseFrom(name string, r io.Reader) (Variant, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return Variant{}, fmt.Errorf("variants: %s: %w", name, err)
	}
	if len(data) > MaxFileSize {
		return Variant{}, &Error{File: name, Msg: fmt.Sprintf("more than the %d bytes a variant file may hold", MaxFileSize)}
	}
	return Parse(name, data)
}

// LoadDir reads every *.yaml and *.yml file in dir (not its subfolders), in Sort order. It returns the
// variants that loaded and, joined, the errors of those that did not; a folder with no variant files is an
// error.
func LoadDir(dir string) ([]Variant, error) {
	return loadDir(dir, func() ([]fs.DirEntry, error) { return os.ReadDir(dir) },
		func(name string) (Variant, error) { return Load(filepath.Join(dir, name)) })
}

// LoadDirFS is LoadDir on a file system: it reads the variant files in dir of fsys, and names them
// dir/name in Source and in errors.
func LoadDirFS(fsys fs.FS, dir string) ([]Variant, error) {
	return loadDir(dir, func() ([]fs.DirEntry, error) { return fs.ReadDir(fsys, dir) },
		func(name string) (Variant, error) { return LoadFS(fsys, path.Join(dir, name)) })
}

func loadDir(dir string, list func() ([]fs.DirEntry, error), load func(name string) (Variant, error)) ([]Variant, error) {
	entries, err := list()
	if err != nil {
		return nil, fmt.Errorf("variants: %w", err)
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() && IsVariantFile(e.Name()) {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("variants: %s: no .yaml or .yml files", dir)
	}
	Sort(names)
	var (
		vs   []Variant
		errs []error
	)
	for _, name := range names {
		v, err := load(name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		vs = append(vs, v)
	}
	return vs, errors.Join(errs...)
}

// IsVariantFile reports whether name ends in .yaml or .yml, in any case.
func IsVariantFile(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".yaml" || ext == ".yml"
}

// Sort orders file names naturally: runs of digits compare as numbers, so rooks-5 comes before
// rooks-10, and classic-8 before classic-08 (equal numbers fall back to plain string order).
func Sort(names []string) {
	slices.SortFunc(names, func(a, b string) int {
		if c := naturalCompare(a, b); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
}

func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := len(na) - len(nb); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return int(a[0]) - int(b[0])
		}
		a, b = a[1:], b[1:]
	}
	return len(a) - len(b)
}

func digitRun(s string) int {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// yamlLine matches the line number yaml.v3 puts in its syntax errors; unknownAnchor its one syntax error
// that carries no place at all.
var (
	yamlLine      = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)
	unknownAnchor = regexp.MustCompile(`^yaml: unknown anchor '(.*)' referenced$`)
)

// document decodes the one YAML document of a file, rejecting text that is not UTF-8, an empty file, a
// second document and aliases, and returns its top node.
func (p *parser) document(data []byte) (*yaml.Node, error) {
	if err := p.text(data); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	switch err := decodeDoc(dec, &doc); {
	case err == io.EOF:
		msg := "empty file (want a mapping with at least a board)"
		if len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte(utf8BOM)))) > 0 {
			msg = "no yaml document, only comments (want a mapping with at least a board)"
		}
		return nil, &Error{File: p.file, Line: 1, Col: 1, Msg: msg}
	case err != nil:
		return nil, p.syntaxError(data, err)
	}
	if len(doc.Content) != 1 || doc.Content[0].ShortTag() == "!!null" {
		return nil, p.errAt(&doc, "empty document (want a mapping with at least a board)")
	}
	var next yaml.Node
	switch err := decodeDoc(dec, &next); {
	case err == nil:
		return nil, p.errAt(&next, "a second document (a variant file holds one; remove the ---)")
	case err != io.EOF:
		return nil, p.syntaxError(data, err)
	}
	top := doc.Content[0]
	if n := findAlias(top); n != nil {
		return nil, p.errAt(n, "alias *%s: a variant file does not use anchors and aliases", n.Value)
	}
	if n, key := findLeadingZero(top); n != nil {
		return nil, p.errAt(n, "%s%s: a number with a leading zero, which YAML readers take for octal or for decimal: write %s",
			keyPrefix(key), n.Value, decimal(n.Value))
	}
	return top, nil
}

const utf8BOM = "\ufeff"

// text checks that data is UTF-8 made of the characters YAML allows. yaml.v3 would catch both, but
// without saying where; this says where.
func (p *parser) text(data []byte) error {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	line, col := 1, 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		switch {
		case r == utf8.RuneError && size == 1:
			return &Error{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf("invalid yaml: byte %#x is not utf-8 (a variant file is utf-8 text)", data[0])}
		case !yamlChar(r):
			return &Error{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf("invalid yaml: control character %U", r)}
		case r == '\n':
			line, col = line+1, 1
		default:
			col++
		}
		data = data[size:]
	}
	return nil
}

// yamlChar reports whether YAML allows r in a file (YAML 1.2, section 5.1).
func yamlChar(r rune) bool {
	switch {
	case r == '\t', r == '\n', r == '\r', r >= 0x20 && r <= 0x7e, r == 0x85:
		return true
	case r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		return true
	}
	return false
}

// syntaxError turns a yaml.v3 error into an *Error. yaml.v3 reports a line but no column, leaves the line
// out when it is the first, and counts lines from 0 in its parser's errors (from 1 in its scanner's); an
// unknown anchor it reports with no place at all, so that place is looked up in data.
func (p *parser) syntaxError(data []byte, err error) *Error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = m[2]
	}
	e := &Error{File: p.file, Line: max(line, 1), Msg: "invalid yaml: " + msg, Err: err}
	if parserProblems[msg] {
		e.Line = line + 1
	}
	if m := unknownAnchor.FindStringSubmatch(err.Error()); m != nil {
		e.Msg = fmt.Sprintf("alias *%s: a variant file does not use anchors and aliases", m[1])
		if i := bytes.Index(data, []byte("*"+m[1])); i >= 0 {
			e.Line, e.Col = position(data[:i])
		}
	}
	return e
}

// parserProblems are the messages of yaml.v3's parser, as against its scanner (yaml.v3's parserc.go).
var parserProblems = map[string]bool{
	"did not find expected <stream-start>":   true,
	"did not find expected <document start>": true,
	"did not find expected node content":     true,
	"did not find expected key":              true,
	"did not find expected '-' indicator":    true,
	"did not find expected ',' or ']'":       true,
	"did not find expected ',' or '}'":       true,
	"found duplicate %YAML directive":        true,
	"found duplicate %TAG directive":         true,
	"found incompatible YAML document":       true,
	"found undefined tag handle":             true,
}

// position returns the 1-based line and column just after before, columns counted in characters.
func position(before []byte) (line, col int) {
	before = bytes.TrimPrefix(before, []byte(utf8BOM))
	last := bytes.LastIndexByte(before, '\n')
	return bytes.Count(before, []byte("\n")) + 1, utf8.RuneCount(before[last+1:]) + 1
}

// decodeDoc is Decoder.Decode kept from panicking on untrusted input.
func decodeDoc(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: %v", r)
		}
	}()
	return dec.Decode(n)
}

// findAlias returns the first alias node under n, or nil. It walks with a stack, as nesting depth is the
// file's to choose.
func findAlias(n *yaml.Node) *yaml.Node {
	stack := []*yaml.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind == yaml.AliasNode {
			return n
		}
		for i := len(n.Content) - 1; i >= 0; i-- {
			stack = append(stack, n.Content[i])
		}
	}
	return nil
}
