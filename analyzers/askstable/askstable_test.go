package askstable_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/askstable"
	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "askstable"), askstable.Analyzer, "./a", "./lib", "./b", "./mcpgo", "./handgo", "./handmcpgo", "./answers", "./handlib", "./handiter")
}
