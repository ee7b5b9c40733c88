package elicitbase_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/elicitbase"
	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "elicitbase"), elicitbase.Analyzer, "./...")
}

func TestFix(t *testing.T) {
	checktest.Fix(t, testenv.Download(t, "elicitbase"), elicitbase.Analyzer, "./fix")
}
