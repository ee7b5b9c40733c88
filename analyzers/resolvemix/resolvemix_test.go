package resolvemix_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/resolvemix"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "resolvemix"), resolvemix.Analyzer, "./...")
}
