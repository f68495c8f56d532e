package cli

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"strings"

	"github.com/queens-dev/queens"
)

const versionUsage = `Usage: queens version

Prints the program's module version, the revision it was built from (with "+dirty" when the work tree
had uncommitted changes), a digest of the source of the counting code and the Go version. 'queens
--version' is the same. Checkpoints and shard results carry this line: a build whose counting code
differs is refused by resume and merge even when no build carries a version or revision.

Examples:
  queens version      queens v0.3.0 (revision 0123abcd, code 5e1f04a2c9b7, go1.26.8)
  queens --version
`

// Version returns the program's version in one line: "queens v1.2.3 (revision 0123abcd, code
// 5e1f04a2c9b7, go1.26.8)". The module version is "(devel)" for a build from a work tree; the revision is
// left out when the build carries none (go run, go test, -buildvcs=false); the code digest
// (queens.CodeFingerprint) is always there, so that two such builds of different code still differ.
func Version() string {
	code := "code " + queens.CodeFingerprint()
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "queens (unknown version, " + code + ")"
	}
	var rev, dirty string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
			if len(rev) > 12 {
				rev = rev[:12]
			}
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	var parts []string
	if rev != "" {
		parts = append(parts, "revision "+rev+dirty)
	}
	parts = append(parts, code, info.GoVersion)
	return fmt.Sprintf("queens %s (%s)", info.Main.Version, strings.Join(parts, ", "))
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "version", versionUsage)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	_, err := fmt.Fprintln(e.stdout, Version())
	return err
}

// isTerminal reports whether f is a terminal. A character device is taken for one: that is the portable
// test without a terminal library, and it errs only for /dev/null, where drawing costs nothing.
func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
