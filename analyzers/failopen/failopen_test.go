package failopen_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/failopen"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "failopen"), failopen.Analyzer,
		"./gosdk", "./mcpgo", "./confirmlib", "./usesconfirm")
}

// TestFix checks the suggested fix: the failure returns what a decline
// returns.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testenv.Module(t, "failopen"), failopen.Analyzer, "./fix")
}
