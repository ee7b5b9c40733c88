package check_test

import (
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers/internal/check"
)

// TestSetDocs checks the -docs setting: a bad address is refused and
// changes nothing; a good one moves every link, the URL of each declared
// analyzer with them. (Not parallel: it sets what the other tests read.)
func TestSetDocs(t *testing.T) {
	defer check.SetDocs(check.DefaultDocs)
	a := check.New("failopen", docFile, check.Spec{})
	if a.URL != check.DefaultDocs+"checks/failopen.md" || check.DocURL("migrate.md") != check.DefaultDocs+"migrate.md" {
		t.Fatalf("by default: URL %s, migrate.md at %s", a.URL, check.DocURL("migrate.md"))
	}
	for value, want := range map[string]string{
		"docs/":                          "is not an absolute http, https or file URL",
		"ftp://example.com/docs/":        "is not an absolute http, https or file URL",
		"https:///docs/":                 "names no host",
		"https://example.com/docs/?v=1":  "has a query or fragment",
		"https://example.com/docs/#top":  "has a query or fragment",
		"https://example.com/my%20docs/": "has a %-escape",
		"https://example.com/docs/\x7f":  "is not a URL",
		"":                               "is not an absolute http, https or file URL",
	} {
		err := check.SetDocs(value)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("SetDocs(%q) = %v, want an error that says it %s", value, err, want)
		}
		if check.DocURL("migrate.md") != check.DefaultDocs+"migrate.md" {
			t.Errorf("SetDocs(%q) failed but changed the address to %s", value, check.DocURL(""))
		}
	}
	for value, base := range map[string]string{
		"https://docs.example.com/mcplint":  "https://docs.example.com/mcplint/",
		"http://localhost:6060/docs/":       "http://localhost:6060/docs/",
		"file:///home/me/src/mcplint/docs/": "file:///home/me/src/mcplint/docs/",
	} {
		if err := check.SetDocs(value); err != nil {
			t.Errorf("SetDocs(%q): %v", value, err)
			continue
		}
		if got := check.DocURL("migrate.md"); got != base+"migrate.md" {
			t.Errorf("after SetDocs(%q), migrate.md is at %s, want %smigrate.md", value, got, base)
		}
		if a.URL != base+"checks/failopen.md" || check.URL("failopen") != a.URL {
			t.Errorf("after SetDocs(%q), the analyzer's URL is %s, want %schecks/failopen.md", value, a.URL, base)
		}
	}
}
