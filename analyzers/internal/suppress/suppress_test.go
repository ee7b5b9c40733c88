package suppress

import (
	"go/ast"
	"slices"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		text   string
		ok     bool
		names  []string
		reason string
	}{
		{"//mcplint:ignore resolvemix the reason", true, []string{"resolvemix"}, "the reason"},
		{"//mcplint:ignore resolvemix,statereach  two  spaces ", true, []string{"resolvemix", "statereach"}, "two  spaces"},
		{"//mcplint:ignore resolvemix", true, []string{"resolvemix"}, ""},
		{"//mcplint:ignore", true, nil, ""},
		{"//mcplint:ignore\tresolvegraph\treason", true, []string{"resolvegraph"}, "reason"},
		{"//mcplint:ignored resolvemix reason", false, nil, ""},
		{"// mcplint:ignore resolvemix reason", false, nil, ""},
		{"//nolint:mcplint", false, nil, ""},
	} {
		d, ok := Parse(&ast.Comment{Text: tc.text})
		if ok != tc.ok || !slices.Equal(d.Names, tc.names) || d.Reason != tc.reason {
			t.Errorf("Parse(%q) = %q, %q, %v; want %q, %q, %v", tc.text, d.Names, d.Reason, ok, tc.names, tc.reason, tc.ok)
		}
	}
}
