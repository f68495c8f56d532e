package variants

import (
	"embed"
	"fmt"
	"io/fs"
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
