package analysisdoc

import "testing"

func TestExtract(t *testing.T) {
	const src = `// Package x defines an Analyzer.
//
// # Analyzer x
//
// x: report things
//
// The x analyzer reports things.
//
// # Other
//
// Not part of the Doc.
package x
`
	got, err := Extract(src, "x")
	if want := "report things\n\nThe x analyzer reports things."; err != nil || got != want {
		t.Errorf("Extract = %q, %v; want %q", got, err, want)
	}
	for _, bad := range []string{"package x\n", "// Package x.\npackage x\n", "// # Analyzer x\n//\n// report things\npackage x\n"} {
		if _, err := Extract(bad, "x"); err == nil {
			t.Errorf("Extract(%q) succeeded, want an error", bad)
		}
	}
}
