package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestAnswerStandardUnitBadConfig checks that a configuration mcplint
// cannot read is left to the analysis framework (which reports it).
func TestAnswerStandardUnitBadConfig(t *testing.T) {
	dir := t.TempDir()
	for _, content := range []string{"", "{", `{"VetxOnly": true, "Dir": 3}`} {
		cfg := filepath.Join(dir, "vet.cfg")
		if err := os.WriteFile(cfg, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
		if answerStandardUnit(cfg) {
			t.Errorf("answered the configuration %q", content)
		}
	}
	if answerStandardUnit(filepath.Join(dir, "none.cfg")) {
		t.Error("answered a configuration that does not exist")
	}
}
