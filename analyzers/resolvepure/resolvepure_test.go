package resolvepure_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/resolvepure"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "resolvepure"), resolvepure.Analyzer, "./a", "./lib", "./b", "./mcpgo", "./handgo", "./handmcpgo")
}
