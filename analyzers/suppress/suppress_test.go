package suppress_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/suppress"
)

// Test checks the directives of a package that uses no MCP API (where no
// other analyzer reports anything) and, with -suppress.unused, those
// that suppressed nothing.
func Test(t *testing.T) {
	f := suppress.Analyzer.Flags.Lookup("unused")
	if err := f.Value.Set("true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(f.DefValue) })
	checktest.Run(t, testenv.Download(t, "suppress"), suppress.Analyzer, "./a", "./plain")
}

// TestUnusedOff checks that a directive that suppresses nothing is not
// reported by default.
func TestUnusedOff(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "suppress"), suppress.Analyzer, "./off")
}
