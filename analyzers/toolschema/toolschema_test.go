package toolschema_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/toolschema"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "toolschema"), toolschema.Analyzer, "./a", "./lib", "./mcpgo")
}
