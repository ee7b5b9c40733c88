package resolvegraph_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/resolvegraph"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "resolvegraph"), resolvegraph.Analyzer, "./...")
}

// TestFix checks the suggested fix of an unused resolver, and that it is
// offered only where it is mechanical and right.
func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testenv.Module(t, "resolvegraph"), resolvegraph.Analyzer, "./fix")
}
