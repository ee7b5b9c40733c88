package toolschema_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/toolschema"
)

func Test(t *testing.T) {
	analysistest.Run(t, testenv.Module(t, "toolschema"), toolschema.Analyzer, "./a", "./lib", "./mcpgo")
}
