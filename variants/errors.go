package variants

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"gopkg.in/yaml.v3"
)

// Error is a problem found in a variant file, with the place it was found.
//
// Its text is "FILE:LINE:COL: message", the message starting with the key it is about where it is about
// one ("f.yaml:3:12: attacks: unknown attack ..."): the file names where it came from, so no package
// prefix precedes it. Every error Parse returns has a line; COL is left out only for YAML syntax
// errors, for which yaml.v3 reports a line and no column ("f.yaml:3: invalid yaml: ..."): a made-up
// column would send an editor to the wrong place.
type Error struct {
	// File is the name the file was given to Parse, Load or LoadFS under.
	File string
	// Line and Col are 1-based; 0 means unknown.
	Line, Col int
	// Msg says what is wrong, in lower case.
	Msg string
	// Err is the underlying error, if any: the one Model.Validate returned, say.
	Err error
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(printable(e.File))
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
	}
	b.WriteString(": ")
	b.WriteString(printable(e.Msg))
	return b.String()
}

// printable writes control characters in s (a newline or an escape sequence in a file's name) as Go
// escapes, so that an error stays one line and cannot move a terminal's cursor or colour.
func printable(s string) string {
	if strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unicode.IsControl(r) {
			fmt.Fprintf(&b, "\\x%02x", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Unwrap returns the underlying error, or nil.
func (e *Error) Unwrap() error { return e.Err }

// describe names what a node holds, for "want X, got Y" messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		switch len(n.Content) {
		case 0:
			return "an empty list"
		case 1:
			return "a list of 1 item"
		}
		return fmt.Sprintf("a list of %d items", len(n.Content))
	case yaml.MappingNode:
		return "a mapping"
	case yaml.AliasNode:
		return "an alias"
	case yaml.DocumentNode:
		return "a document"
	}
	v := n.Value
	if r := []rune(v); len(r) > 40 {
		v = string(r[:40]) + "…"
	}
	switch n.ShortTag() {
	case "!!str":
		if _, err := strconv.ParseFloat(n.Value, 64); n.Style == 0 && (err == nil || errors.Is(err, strconv.ErrRange)) {
			return "number " + v // YAML leaves a number too large for a float as a string: say what it looks like
		}
		return "string " + strconv.Quote(v)
	case "!!int":
		return "integer " + v
	case "!!float":
		return "number " + v
	case "!!bool":
		return "bool " + v
	case "!!null":
		return "nothing"
	case "!!timestamp":
		return "timestamp " + v
	}
	return fmt.Sprintf("%s %q", n.ShortTag(), v)
}
