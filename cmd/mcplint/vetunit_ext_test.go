package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A vetUnit is the part of a vet configuration the test varies.
type vetUnit struct {
	Dir        string
	ModulePath string
	VetxOnly   bool
	VetxOutput string
}

// writeUnit writes a vet configuration whose Go file does not exist (an
// analysis of it fails at once) and returns its path and its facts file.
func writeUnit(t *testing.T, u vetUnit) (cfg, vetx string) {
	t.Helper()
	dir := t.TempDir()
	u.VetxOutput = filepath.Join(dir, "vet.out")
	data, err := json.Marshal(struct {
		vetUnit
		ID, Compiler, ImportPath string
		GoFiles                  []string
	}{u, "fmt", "gc", "fmt", []string{filepath.Join(dir, "missing.go")}})
	if err != nil {
		t.Fatal(err)
	}
	cfg = filepath.Join(dir, "vet.cfg")
	if err := os.WriteFile(cfg, data, 0o666); err != nil {
		t.Fatal(err)
	}
	return cfg, u.VetxOutput
}

// TestAnswerStandardUnit runs mcplint as go vet does on units that it
// answers without an analysis (a standard library package asked for its
// facts) and on units it must analyze, whose missing file then fails the
// analysis.
func TestAnswerStandardUnit(t *testing.T) {
	t.Parallel()
	bin := build(t)
	goroot := t.TempDir()
	std := filepath.Join(goroot, "src", "fmt")
	for _, c := range []struct {
		name     string
		unit     vetUnit
		goroot   string
		answered bool
	}{
		{"std dependency", vetUnit{Dir: std, VetxOnly: true}, goroot, true},
		{"std dependency in a nested directory", vetUnit{Dir: filepath.Join(goroot, "src", "vendor", "golang.org", "x", "net"), VetxOnly: true}, goroot, true},
		{"std package named", vetUnit{Dir: std}, goroot, false},
		{"module dependency", vetUnit{Dir: std, ModulePath: "example.com/fmt", VetxOnly: true}, goroot, false},
		{"outside GOROOT/src", vetUnit{Dir: filepath.Join(goroot, "misc", "fmt"), VetxOnly: true}, goroot, false},
		{"beside GOROOT/src", vetUnit{Dir: goroot + "/src2/fmt", VetxOnly: true}, goroot, false},
		{"no GOROOT", vetUnit{Dir: std, VetxOnly: true}, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg, vetx := writeUnit(t, c.unit)
			_, stderr, status := runEnv(t, t.TempDir(), []string{"GOROOT=" + c.goroot}, bin, cfg)
			facts, err := os.ReadFile(vetx)
			switch {
			case c.answered && (status != 0 || err != nil || len(facts) != 0):
				t.Errorf("want the unit answered with no facts: exit status %d, facts %q (%v)\n%s", status, facts, err, stderr)
			case !c.answered && (status == 0 || !strings.Contains(stderr, "missing.go")):
				t.Errorf("want the unit analyzed (and failing on its missing file): exit status %d\n%s", status, stderr)
			}
		})
	}
}
