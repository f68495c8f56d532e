package queens

import (
	"regexp"
	"testing"
	"testing/fstest"
)

func TestCodeFingerprint(t *testing.T) {
	if got := CodeFingerprint(); !regexp.MustCompile(`^[0-9a-f]{12}$`).MatchString(got) {
		t.Errorf("CodeFingerprint() = %q, want 12 hex digits", got)
	}
	if CodeFingerprint() != CodeFingerprint() {
		t.Error("two calls differ")
	}
}

// TestDigest holds the digest to what it must see: a change to counting source, a file added or
// renamed; and what it must not: tests, testdata, other files.
func TestDigest(t *testing.T) {
	base := func() fstest.MapFS {
		return fstest.MapFS{
			"go.mod":                      {Data: []byte("module m\n")},
			"solvers/job.go":              {Data: []byte("package solvers\n")},
			"solvers/halves/join_amd64.s": {Data: []byte("TEXT x(SB)\n")},
			"solvers/job_test.go":         {Data: []byte("package solvers\n")},
			"solvers/sat/testdata/a.cnf":  {Data: []byte("p cnf 1 1\n")},
			"solvers/backtrack/README.md": {Data: []byte("# backtrack\n")},
		}
	}
	want := digest(base())
	for _, tc := range []struct {
		name   string
		change func(fstest.MapFS)
		same   bool
	}{
		{"nothing", func(fstest.MapFS) {}, true},
		{"a source file edited", func(f fstest.MapFS) { f["solvers/job.go"] = &fstest.MapFile{Data: []byte("package solvers // x\n")} }, false},
		{"assembly edited", func(f fstest.MapFS) { f["solvers/halves/join_amd64.s"] = &fstest.MapFile{Data: []byte("TEXT y(SB)\n")} }, false},
		{"go.mod edited", func(f fstest.MapFS) { f["go.mod"] = &fstest.MapFile{Data: []byte("module m\ngo 1.27\n")} }, false},
		{"a source file added", func(f fstest.MapFS) { f["constraints/x.go"] = &fstest.MapFile{Data: []byte("package constraints\n")} }, false},
		{"a file renamed", func(f fstest.MapFS) { f["solvers/job2.go"] = f["solvers/job.go"]; delete(f, "solvers/job.go") }, false},
		{"a test edited", func(f fstest.MapFS) {
			f["solvers/job_test.go"] = &fstest.MapFile{Data: []byte("package solvers // y\n")}
		}, true},
		{"testdata edited", func(f fstest.MapFS) { f["solvers/sat/testdata/a.cnf"] = &fstest.MapFile{Data: []byte("p cnf 2 1\n")} }, true},
		{"testdata holding Go", func(f fstest.MapFS) { f["solvers/sat/testdata/b.go"] = &fstest.MapFile{Data: []byte("package b\n")} }, true},
		{"a README edited", func(f fstest.MapFS) { f["solvers/backtrack/README.md"] = &fstest.MapFile{Data: []byte("# new\n")} }, true},
	} {
		f := base()
		tc.change(f)
		if got := digest(f); (got == want) != tc.same {
			t.Errorf("%s: digest %s, before %s; want same=%v", tc.name, got, want, tc.same)
		}
	}
}
