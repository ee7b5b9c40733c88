package main

import (
	"os"

	"github.com/mcplint/mcplint/internal/vetunit"
)

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
	u, err := vetunit.Read(cfgFile)
	if err != nil || !u.VetxOnly || u.VetxOutput == "" || !u.Standard() {
		return false
	}
	return os.WriteFile(u.VetxOutput, nil, 0o666) == nil
}
