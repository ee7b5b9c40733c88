package docs_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/semver"
)

// floors are the requirements of mcplint's go.mod above what the other
// modules of its build ask for, each with the reason mcplint needs that
// version: a module that adds mcplint as a tool is raised to them (see
// the README). Every other requirement is at the highest version another
// module of the build asks for, which TestRequirementFloors checks.
var floors = map[string]struct{ version, why string }{
	"golang.org/x/tools":                         {"v0.47.0", "the analysis framework mcplint is built on: checker, go/packages, SSA (the version the lead pins; raising it raises every user's)"},
	"github.com/modelcontextprotocol/go-sdk":     {"v1.8.0", "the 2026-07-28 input-required flow the runtime drives on go-sdk"},
	"github.com/mark3labs/mcp-go":                {"v1.2.1", "the same flow on mcp-go"},
	"github.com/golangci/plugin-module-register": {"v0.1.1", "register.Plugin and LinterPlugin, as golangci/ uses them"},
}

// TestRequirementFloors checks that mcplint's go.mod asks for no version
// higher than it needs: each requirement is either one of [floors], at the
// version named there, or at the highest version that another module of
// the build (at its selected version) requires. A requirement raised
// without need fails here. It reads the module graph offline, from the
// module cache (go mod graph, under a second).
func TestRequirementFloors(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod, err := modfile.ParseLax("go.mod", data, nil)
	if err != nil {
		t.Fatal(err)
	}
	// go mod graph reads the go.mod files of the whole graph, whose sums
	// go.sum need not have: it runs on a copy, which it may complete.
	dir := t.TempDir()
	for name, content := range map[string][]byte{"go.mod": data, "go.sum": nil} {
		if name == "go.sum" {
			if content, err = os.ReadFile(filepath.Join(root, name)); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.WriteFile(filepath.Join(dir, name), content, 0o666); err != nil {
			t.Fatal(err)
		}
	}
	goCmd := func(args ...string) string {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")
		out, err := cmd.Output()
		if err != nil {
			var stderr []byte
			if exit, ok := err.(*exec.ExitError); ok {
				stderr = exit.Stderr
			}
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr)
		}
		return string(out)
	}
	// The module graph, and what minimal version selection picks of it:
	// the highest version of each module in the graph.
	var edges [][2]string
	selected := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(goCmd("mod", "graph")), "\n") {
		from, to, ok := strings.Cut(l, " ")
		if !ok {
			continue
		}
		edges = append(edges, [2]string{from, to})
		for _, m := range []string{from, to} {
			if path, version, ok := strings.Cut(m, "@"); ok && semver.Compare(version, selected[path]) > 0 {
				selected[path] = version
			}
		}
	}
	// needed[path] is the highest version of path that a selected module
	// other than mcplint (which has no version) requires.
	needed := map[string]string{}
	for _, e := range edges {
		fromPath, fromVersion, ok := strings.Cut(e[0], "@")
		if !ok || selected[fromPath] != fromVersion {
			continue
		}
		path, version, _ := strings.Cut(e[1], "@")
		if semver.Compare(version, needed[path]) > 0 {
			needed[path] = version
		}
	}
	for _, r := range mod.Require {
		path, version := r.Mod.Path, r.Mod.Version
		if f, ok := floors[path]; ok {
			if version != f.version {
				t.Errorf("go.mod requires %s %s; floors says %s (%s): raise it only with a reason, there", path, version, f.version, f.why)
			}
			continue
		}
		switch need := needed[path]; {
		case need == "":
			t.Errorf("go.mod requires %s %s, which no other module of the build requires: add it to floors, with the reason for its version", path, version)
		case semver.Compare(version, need) > 0:
			t.Errorf("go.mod requires %s %s, above the %s the build needs: lower it, or add it to floors with the reason", path, version, need)
		}
	}
	for path := range floors {
		found := false
		for _, r := range mod.Require {
			found = found || r.Mod.Path == path
		}
		if !found {
			t.Errorf("floors names %s, which go.mod does not require", path)
		}
	}
}
