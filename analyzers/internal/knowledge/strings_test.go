package knowledge_test

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

func TestStringMap(t *testing.T) {
	// The functions are made here, as the type checker makes them from the
	// standard library: a test built with -trimpath finds no GOROOT to
	// import it from.
	str := types.Typ[types.String]
	sig := types.NewSignatureType(nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, nil, "s", str)),
		types.NewTuple(types.NewParam(token.NoPos, nil, "", str)), false)
	std := types.NewPackage("strings", "strings")
	fn := func(name string) *types.Func { return types.NewFunc(token.NoPos, std, name, sig) }
	for _, tc := range []struct{ name, in, want string }{
		{"ToLower", "Accept", "accept"},
		{"ToUpper", "decline", "DECLINE"},
		{"TrimSpace", " cancel\n", "cancel"},
	} {
		f, ok := knowledge.StringMap(fn(tc.name))
		if !ok {
			t.Errorf("strings.%s: not a string map", tc.name)
			continue
		}
		if got := f(tc.in); got != tc.want {
			t.Errorf("strings.%s(%q) gives %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
	// Functions of strings that take more than the string, or return
	// something else, are not in the table.
	for _, name := range []string{"Repeat", "Fields", "Trim", "EqualFold"} {
		if _, ok := knowledge.StringMap(fn(name)); ok {
			t.Errorf("strings.%s is taken for a string map", name)
		}
	}
	// A function of another package with the same name is not either.
	mine := types.NewPackage("example.com/strings", "strings")
	if _, ok := knowledge.StringMap(types.NewFunc(token.NoPos, mine, "ToLower", sig)); ok {
		t.Error("example.com/strings.ToLower is taken for the standard library's")
	}
}
