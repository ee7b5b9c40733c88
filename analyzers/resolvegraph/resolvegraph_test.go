package resolvegraph_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/resolvegraph"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "resolvegraph"), resolvegraph.Analyzer, "./...")
}

// TestFix checks the suggested fix of an unused resolver, and that it is
// offered only where it is mechanical and right.
func TestFix(t *testing.T) {
	checktest.Fix(t, testenv.Download(t, "resolvegraph"), resolvegraph.Analyzer, "./fix")
}
