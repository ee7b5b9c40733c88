// Package plain uses no MCP API: the directives are checked all the same.
package plain

// want +1 `mcplint:ignore directive names unknown analyzer "resolvgraph"; known analyzers: askcaps, askstable, elicitbase, failopen, resolvegraph, resolvemix, resolvepure, statereach, suppress, syncask`
//mcplint:ignore resolvgraph typo

var x = 1

// want +1 `mcplint:ignore directive names no analyzer; write //mcplint:ignore <analyzer> <reason>`
//mcplint:ignore

// Y is fine.
func Y() int { return x }
