package elicitbase_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/elicitbase"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "elicitbase"), elicitbase.Analyzer, "./...")
}

func TestFix(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testenv.Module(t, "elicitbase"), elicitbase.Analyzer, "./fix")
}
