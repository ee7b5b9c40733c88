package askstable_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/askstable"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "askstable"), askstable.Analyzer, "./a", "./lib", "./b", "./mcpgo", "./handgo", "./handmcpgo", "./answers", "./handlib", "./handiter")
}
