package knowledge_test

import (
	"go/importer"
	"go/token"
	"go/types"
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

func TestStringMap(t *testing.T) {
	std, err := importer.ForCompiler(token.NewFileSet(), "source", nil).Import("strings")
	if err != nil {
		t.Fatal(err)
	}
	fn := func(name string) *types.Func { return std.Scope().Lookup(name).(*types.Func) }
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
	// A function that takes more than the string, or that returns
	// something else, is not one.
	for _, name := range []string{"Repeat", "Fields", "Trim", "EqualFold"} {
		if _, ok := knowledge.StringMap(fn(name)); ok {
			t.Errorf("strings.%s is taken for a string map", name)
		}
	}
	// A function of another package with the same name is not either.
	mine := types.NewPackage("example.com/strings", "strings")
	if _, ok := knowledge.StringMap(types.NewFunc(token.NoPos, mine, "ToLower", fn("ToLower").Signature())); ok {
		t.Error("example.com/strings.ToLower is taken for the standard library's")
	}
}
