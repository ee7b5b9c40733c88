package resolvepure_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/resolvepure"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "resolvepure"), resolvepure.Analyzer, "./a", "./lib", "./b", "./mcpgo", "./handgo", "./handmcpgo")
}
