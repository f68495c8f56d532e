package variants

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/queens-dev/queens/constraints/suggest"
)

// catalogFS holds the built-in variants. Each states expectations taken from a public table (OEIS) or,
// where none exists, from brute force; each file's description says which.
//
//go:embed catalog/*.yaml
var catalogFS embed.FS

// Catalog returns the built-in variants in Sort order of their file names, each with Source
// "catalog/NAME.yaml". Every one carries expectations and is small enough to count in well under a
// second.
func Catalog() ([]Variant, error) { return LoadDirFS(catalogFS, "catalog") }

// CatalogFS returns the file system the catalog is read from, with the files under catalog/.
func CatalogFS() fs.FS { return catalogFS }

// CatalogFile returns the text of the built-in variant file of that name.
func CatalogFile(name string) ([]byte, error) {
	data, err := fs.ReadFile(catalogFS, "catalog/"+name+".yaml")
	if err != nil {
		return nil, fmt.Errorf("variants: %w", err)
	}
	return data, nil
}

// SameName reports whether two variant names are the same but for the padding of their numbers:
// classic-8 and classic-08.
func SameName(a, b string) bool { return naturalCompare(a, b) == 0 }

// ErrNoBuiltin is wrapped by Builtin's error for a name the catalog does not hold.
var ErrNoBuiltin = errors.New("no built-in variant")

// Builtin returns the built-in variant of that name as the queens command finds it: exactly, with or
// without ".yaml", or with its numbers padded as the catalog pads them (classic-8 is classic-08). An
// unknown name is an error that wraps ErrNoBuiltin and names the closest built-in name, if one is close.
func Builtin(name string) (Variant, error) {
	vs, err := Catalog()
	if err != nil {
		return Variant{}, err
	}
	name = strings.TrimSuffix(name, ".yaml")
	names := make([]string, 0, len(vs))
	for _, v := range vs {
		if v.Name == name || SameName(v.Name, name) {
			return v, nil
		}
		names = append(names, v.Name)
	}
	if near, ok := suggest.Closest(name, names); ok {
		return Variant{}, fmt.Errorf("variants: %w %q (did you mean %s?)", ErrNoBuiltin, name, near)
	}
	return Variant{}, fmt.Errorf("variants: %w %q", ErrNoBuiltin, name)
}
