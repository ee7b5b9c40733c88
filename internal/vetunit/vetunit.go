// Package vetunit reads the configuration that go vet writes for each
// package it asks a vet tool about (the unitchecker protocol), for
// mcplint's vet path and for the lint benchmark, which must agree on what
// a unit of the standard library is.
package vetunit

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// A Unit is what mcplint reads of a vet configuration.
type Unit struct {
	ImportPath string
	Dir        string // the package's directory
	ModulePath string // its module's path; "" in the standard library
	VetxOnly   bool   // asked for the package's facts only, as a dependency
	VetxOutput string // where the facts go
}

// Read reads the vet configuration file.
func Read(file string) (Unit, error) {
	var u Unit
	data, err := os.ReadFile(file)
	if err == nil {
		err = json.Unmarshal(data, &u)
	}
	return u, err
}

// Standard reports whether the unit is a package of the standard library:
// no module, and a directory in $GOROOT/src (the go command sets GOROOT
// for its tools; without it, no unit is).
func (u Unit) Standard() bool {
	goroot := os.Getenv("GOROOT")
	if u.ModulePath != "" || goroot == "" || u.Dir == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Join(goroot, "src"), u.Dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
