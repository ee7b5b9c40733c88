package syncask_test

import (
	"strconv"
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/checktest"
	"github.com/mcplint/mcplint/analyzers/internal/testenv"
	"github.com/mcplint/mcplint/analyzers/syncask"
)

func Test(t *testing.T) {
	checktest.Run(t, testenv.Download(t, "syncask"), syncask.Analyzer,
		"./direct", "./guarded", "./versions", "./crossguard", "./helpers", "./chain",
		"./paths", "./samplerlib", "./mcpgopaths", "./hooksonly", "./prompter", "./ownserver", "./inprocesstest",
		"./mcpgo", "./mcpgoguarded", "./mcpgooptin", "./mcpgodeep", "./pinned", "./harness", "./harnessuse", "./inprocess", "./initparams", "./exportedserver", "./hookmethod")
}

// TestOldSDK checks code built against go-sdk v1.6.1, which predates
// protocol 2026-07-28: silent by default, reported with -syncask.all.
func TestOldSDK(t *testing.T) {
	dir := testenv.Download(t, "syncaskold")
	checktest.Run(t, dir, syncask.Analyzer, "./silent")
	setAll(t, true)
	checktest.Run(t, dir, syncask.Analyzer, "./all")
}

func setAll(t *testing.T, on bool) {
	t.Helper()
	f := syncask.Analyzer.Flags.Lookup("all")
	old := f.Value.String()
	if err := f.Value.Set(strconv.FormatBool(on)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}
