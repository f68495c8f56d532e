// Package queens is the module's root. It holds one thing: CodeFingerprint, a digest of the source of
// the code that counts, so that checkpoints and shard results from two builds of different code are told
// apart even when neither build carries a version or a VCS revision (go build from a copy of the tree,
// go run, a container built without .git: all say "(devel)").
package queens

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"strings"
	"sync"
)

// counting is the source that decides what a count is: the model, the solvers and their task lists, the
// files of long runs, and the module's requirements (gini's version). Test files and testdata ride along
// in the binary but are left out of the digest.
//
//go:embed constraints solvers internal/runfile go.mod go.sum
var counting embed.FS

var fingerprint = sync.OnceValue(func() string { return digest(counting) })

// digest hashes the counting files of fsys, each framed by its name and length.
func digest(fsys fs.FS) string {
	h := sha256.New()
	err := fs.WalkDir(fsys, ".", func(name string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "testdata":
			return fs.SkipDir
		case d.IsDir() || !countingFile(name):
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s\n%d\n", name, len(data)) // framed, so that no two trees hash alike
		h.Write(data)
		return nil
	})
	if err != nil {
		return "unknown" // an embedded tree always walks; never a digest that could match another
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// countingFile reports whether the file named goes into the digest: Go and assembly source other than
// tests, and the module's files.
func countingFile(name string) bool {
	base := path.Base(name)
	switch {
	case base == "go.mod" || base == "go.sum":
		return true
	case strings.HasSuffix(base, "_test.go"):
		return false
	}
	return strings.HasSuffix(base, ".go") || strings.HasSuffix(base, ".s")
}

// CodeFingerprint returns 12 hex digits that change whenever the source of the counting code does
// (constraints, solvers, internal/runfile, go.mod and go.sum; tests excluded), and are the same for
// every build of the same source, whatever the toolchain, flags or VCS information.
func CodeFingerprint() string { return fingerprint() }
