package failopen_test

import (
	"fmt"
	"testing"

	"github.com/mcplint/mcplint/analyzers/failopen"
	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "failopen"), failopen.Analyzer,
		"./gosdk", "./mcpgo", "./confirmlib", "./usesconfirm", "./shapes", "./approvals", "./ops", "./handwritten", "./handwrittenmcpgo", "./fallback", "./ignored", "./misses", "./timeouts")
}

// TestFix checks the suggested fix: the failure returns what a decline
// returns.
func TestFix(t *testing.T) {
	checktest.Fix(t, testenv.Download(t, "failopen"), failopen.Analyzer, "./fix")
}

// TestUnsupported checks the policy flag: going ahead without asking when
// the client declares no elicitation is reported with
// -failopen.unsupported, and not by default.
func TestUnsupported(t *testing.T) {
	dir := testenv.Download(t, "failopen")
	var quiet recorder
	for _, r := range checktest.Run(&quiet, dir, failopen.Analyzer, "./unsupported") {
		for _, d := range r.Diagnostics {
			t.Errorf("by default: unexpected diagnostic: %s", d.Message)
		}
	}
	f := failopen.Analyzer.Flags.Lookup("unsupported")
	if err := f.Value.Set("true"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set("false") })
	checktest.Run(t, dir, failopen.Analyzer, "./unsupported")
}

// recorder is a checktest.Testing that keeps the errors (the unmet
// expectations of a run that is expected to report nothing).
type recorder struct{ errors []string }

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (*recorder) Helper() {}
