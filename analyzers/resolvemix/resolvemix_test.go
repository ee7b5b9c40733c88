package resolvemix_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/resolvemix"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "resolvemix"), resolvemix.Analyzer, "./...")
}
