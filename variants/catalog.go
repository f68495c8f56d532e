package variants

import (
	"embed"
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
