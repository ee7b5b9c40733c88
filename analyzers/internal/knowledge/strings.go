package knowledge

import (
	"go/types"
	"strings"
)

// The standard library's functions that map one string to another and
// depend on nothing else: a check that normalizes the action it compares
// (switch strings.ToLower(res.Action)) decides on the normalized word,
// which these give from a known one exactly as at run time.
var stringMaps = map[FuncKey]func(string) string{
	{Pkg: "strings", Name: "ToLower"}:   strings.ToLower,
	{Pkg: "strings", Name: "ToUpper"}:   strings.ToUpper,
	{Pkg: "strings", Name: "TrimSpace"}: strings.TrimSpace,
}

// StringMap returns what a call of fn gives for one string, when fn is a
// function of the standard library that maps one string to another and
// depends on nothing else (strings.ToLower, say).
func StringMap(fn *types.Func) (func(string) string, bool) {
	k, ok := KeyOf(fn)
	if !ok {
		return nil, false
	}
	f, ok := stringMaps[k]
	return f, ok
}
