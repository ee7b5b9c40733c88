package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// A vetUnit is what mcplint reads of the configuration go vet writes for
// each package it asks a vet tool about.
type vetUnit struct {
	Dir        string // the package's directory
	ModulePath string // its module's path; "" in the standard library
	VetxOnly   bool   // asked for the package's facts only, as a dependency
	VetxOutput string // where the facts go
}

// answerStandardUnit answers go vet's question about a package of the
// standard library that it asks only for facts (a dependency of the
// packages named), without analyzing it: no analyzer of mcplint has a fact
// about the standard library, which imports no MCP API, so its facts are
// empty (an empty file is what a package without facts has). It reports
// whether it answered; any doubt (a configuration it cannot read, a
// package outside $GOROOT/src, which the go command sets for its tools)
// leaves the unit to the analysis framework.
//
// go vet asks a vet tool with facts about every dependency, and the
// standard library is most of them (some 240 of go-sdk's 300 units): the
// framework would parse and type-check each from source to find nothing.
func answerStandardUnit(cfgFile string) bool {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return false
	}
	var u vetUnit
	if json.Unmarshal(data, &u) != nil || !u.VetxOnly || u.VetxOutput == "" || u.ModulePath != "" || !inGOROOT(u.Dir) {
		return false
	}
	return os.WriteFile(u.VetxOutput, nil, 0o666) == nil
}

// inGOROOT reports whether dir is in the standard library's source tree,
// $GOROOT/src.
func inGOROOT(dir string) bool {
	goroot := os.Getenv("GOROOT")
	if goroot == "" || dir == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Join(goroot, "src"), dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
