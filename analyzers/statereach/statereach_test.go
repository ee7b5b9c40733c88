package statereach_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/statereach"
)

func Test(t *testing.T) {
	setFlag(t, "example.com/statereach/flagged.Check,example.com/statereach/flagged.(*Checker).Verify")
	dir := testenv.Download(t, "statereach")
	checktest.Run(t, dir, statereach.Analyzer, "./a", "./helpers", "./middle", "./mac", "./flagged", "./mcpgoresolve", "./marker", "./standsin", "./stages", "./computedstate", "./quoted", "./answers")
}

// TestWithoutFlag shows that the flag's verifiers are verifiers only
// when the flag names them.
func TestWithoutFlag(t *testing.T) {
	setFlag(t, "")
	checktest.Run(t, testenv.Download(t, "statereach"), statereach.Analyzer, "./unflagged")
}

func setFlag(t *testing.T, value string) {
	t.Helper()
	f := statereach.Analyzer.Flags.Lookup("verifiers")
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

// TestMisspelledVerifier checks that a function the flag names that does
// not exist is reported, once, in its package (or, for another module's
// package, where it is imported), whatever the driver.
func TestMisspelledVerifier(t *testing.T) {
	setFlag(t, "example.com/statereach/misspelled.Check, example.com/statereach/misspelled.Chek,"+
		"example.com/statereach/misspelled.(*Codec).Open,example.com/statereach/misspelled.(*Codec).Opne,"+
		"strings.HasPrefix,strings.NoSuchVerifier")
	checktest.Run(t, testenv.Download(t, "statereach"), statereach.Analyzer, "./misspelled")
}
