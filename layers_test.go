package queens

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/queens-dev/queens/"

// TestLayers holds the imports to the one way data flows (inputs → Model → Program → router → engines
// → Result → outputs): no arrow runs back up.
func TestLayers(t *testing.T) {
	imports := map[string][]string{} // package folder → the module's folders it imports (tests left out)
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != "." && (strings.HasPrefix(name, ".") || name == "testdata") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, 0)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			return err
		}
		for _, imp := range pkg.Imports {
			if rest, ok := strings.CutPrefix(imp, module); ok {
				imports[filepath.ToSlash(path)] = append(imports[filepath.ToSlash(path)], rest)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	under := func(dir, root string) bool { return dir == root || strings.HasPrefix(dir, root+"/") }
	rules := []struct {
		pkg   func(dir string) bool
		may   func(imp string) bool
		where string
	}{
		{func(d string) bool { return under(d, "constraints") }, func(i string) bool { return under(i, "constraints") },
			"constraints imports nothing of the project but its own leaf packages"},
		{func(d string) bool { return under(d, "deduce") }, func(i string) bool { return under(i, "constraints") },
			"deduce reads the Program only: it sits below the solvers"},
		{func(d string) bool { return d == "solvers" }, func(i string) bool { return under(i, "constraints") },
			"solvers (the interfaces, jobs, results) sits below every engine"},
		{func(d string) bool { return under(d, "solvers") && d != "solvers/router" && d != "solvers/propagate" },
			func(i string) bool { return !under(i, "deduce") },
			"only the propagation solver (and the router) import deduce"},
		{func(d string) bool { return under(d, "solvers") && d != "solvers/router" && !under(d, "solvers/sat") },
			func(i string) bool { return !under(i, "solvers/sat") && i != "solvers/router" },
			"the router is the only solver that imports SAT beside the native engines; no engine imports the router"},
	}
	dirs := make([]string, 0, len(imports))
	for d := range imports {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	for _, r := range rules {
		for _, d := range dirs {
			if !r.pkg(d) {
				continue
			}
			for _, i := range imports[d] {
				if !r.may(i) {
					t.Errorf("%s imports %s: %s", d, i, r.where)
				}
			}
		}
	}
	// The router is the one package that chooses among engines. An engine (every package under solvers/
	// but the router, and the shared solvers package) imports no other engine, and nothing above the
	// engines: only constraints, deduce, the shared solvers package, its own subpackages and, where a true
	// dependency exists, what dependsOn lists. Every other package imports one engine at most.
	engine := func(dir string) string { // the engine a package belongs to ("solvers/sat" for solvers/sat/sharp), or ""
		rest, ok := strings.CutPrefix(dir, "solvers/")
		if !ok {
			return ""
		}
		name, _, _ := strings.Cut(rest, "/")
		if name == "router" {
			return ""
		}
		return "solvers/" + name
	}
	// dependsOn lists, by engine, the other engines it truly depends on, each with the reason. None does.
	dependsOn := map[string][]string{}
	for _, d := range dirs {
		e := engine(d)
		if e == "" && d != "solvers" {
			var engines []string
			for _, i := range imports[d] {
				if e := engine(i); e != "" && !slices.Contains(engines, e) {
					engines = append(engines, e)
				}
			}
			if d != "solvers/router" && len(engines) > 1 {
				t.Errorf("%s imports %v: only solvers/router imports two or more engines", d, engines)
			}
			continue
		}
		for _, i := range imports[d] {
			switch {
			case under(i, "constraints") || under(i, "deduce") || i == "solvers" || (e != "" && engine(i) == e):
			case slices.Contains(dependsOn[e], engine(i)):
			case engine(i) != "":
				t.Errorf("%s imports %s: an engine imports no other engine; the router's table holds the rows of each", d, i)
			default:
				t.Errorf("%s imports %s: an engine imports only constraints, deduce and the shared solvers package, nothing above the engines", d, i)
			}
		}
	}
	if len(imports["solvers/router"]) == 0 {
		t.Errorf("solvers/router: no imports read; the test reads nothing")
	}
}
