package gotypes

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/testenv"
)

// The rules of jsonschema-go mirrored in this package are those of the
// version that go.mod requires: a new version needs the mirror checked
// against it, and JSONSchemaVersion moved.
func TestJSONSchemaVersionMatchesGoMod(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testenv.Root(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*(?:require\s+)?github\.com/google/jsonschema-go\s+(\S+)`).FindSubmatch(data)
	if m == nil {
		t.Fatal("go.mod does not require github.com/google/jsonschema-go")
	}
	if got := string(m[1]); got != JSONSchemaVersion {
		t.Errorf("go.mod requires jsonschema-go %s, but the mirror in schema.go follows %s: check the mirrored rules against %s, then set JSONSchemaVersion", got, JSONSchemaVersion, got)
	}
}
