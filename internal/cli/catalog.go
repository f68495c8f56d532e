package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/queens-dev/queens/codec"
	"github.com/queens-dev/queens/internal/source"
	"github.com/queens-dev/queens/variants"
)

const listUsage = `Usage: queens list

Lists the built-in variants: name, expectation and description, one line each. Any name works where a
variant file does: queens solve --variant NAME, queens compare NAME, queens show NAME. Numbers need not
be padded: classic-8 is classic-08.

Examples:
  queens list
  queens list | grep linkedin
`

func runList(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "list", listUsage)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	vs, err := variants.Catalog()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	for _, v := range vs {
		desc := strings.Join(strings.Fields(v.Description), " ")
		if first, _, ok := strings.Cut(desc, ". "); ok {
			desc = first + "."
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", v.Name, v.Expect, desc)
	}
	return tw.Flush()
}

const showUsage = `Usage: queens show NAME|URL

Writes a built-in variant's YAML file, or the model of a puzz.link Star Battle URL as a variant file, to
read, or to copy and change.

Examples:
  queens show superqueens-10
  queens show linkedin-09 > my-puzzle.yaml
  queens show 'https://puzz.link/p?starbattle/9/9/2/12a955kh37khi20fe0g13toea1c07g' > sb9.yaml
`

func runShow(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "show", showUsage)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("want one variant name, as 'queens list' lists them, or a puzz.link URL")
	}
	if source.IsURL(fs.Arg(0)) {
		m, err := codec.ParseURL(fs.Arg(0))
		if err != nil {
			return &usageError{err.Error()}
		}
		// The description holds the URL as the codec writes it, not as given: the argument may carry
		// text before "?starbattle/" that a variant file cannot hold.
		url, err := codec.FormatURL(m)
		if err != nil {
			return fmt.Errorf("show: %w", err)
		}
		data, err := variants.Format(variants.Variant{Description: "puzz.link Star Battle " + url, Model: m})
		if err != nil {
			return fmt.Errorf("show: %w", err)
		}
		_, err = e.stdout.Write(data)
		return err
	}
	if err := foreignURL("", fs.Arg(0)); err != nil {
		return err
	}
	v, err := builtIn(fs.Arg(0))
	if err != nil {
		return err
	}
	data, err := variants.CatalogFile(v.Name)
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(data)
	return err
}

// builtIn returns the built-in variant of that name: exactly, or with its numbers padded as the catalog
// pads them (classic-8 is classic-08). An unknown name is a usage error that suggests the closest one.
func builtIn(name string) (variants.Variant, error) {
	v, err := variants.Builtin(name)
	if errors.Is(err, variants.ErrNoBuiltin) {
		msg := strings.TrimPrefix(err.Error(), "variants: ")
		if strings.HasSuffix(msg, "?)") {
			return v, usagef("%s 'queens list' lists them)", escape(strings.TrimSuffix(msg, ")")))
		}
		return v, usagef("%s ('queens list' lists them)", escape(msg))
	}
	return v, err
}

// foreignURL returns a usage error, its message led by what ("--variant "), for a name that holds "://"
// and names no file: a URL of something other than a puzz.link Star Battle (isURL's). Else nil.
func foreignURL(what, name string) error {
	if _, err := os.Stat(name); errors.Is(err, os.ErrNotExist) && strings.Contains(name, "://") {
		return usagef("%s%s: a URL, but not of a puzz.link Star Battle (…/p?starbattle/COLS/ROWS/STARS/…)", what, escape(name))
	}
	return nil
}
