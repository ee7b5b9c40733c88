package askcaps_test

import (
	"testing"

	"github.com/mcplint/mcplint/analyzers/askcaps"
	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "askcaps"), askcaps.Analyzer, "./...")
}
