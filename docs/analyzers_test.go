package docs_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
)

// TestAnalyzerLists checks every list of the analyzers in README.md and
// docs/ against analyzers.All(), so that adding an analyzer without
// listing it everywhere fails here: the README's table, docs/ci.md's
// list, its Bazel nogo deps and nogo_config.json, and docs/editors.md's
// diagnostic sources; and that each analyzer has its page.
func TestAnalyzerLists(t *testing.T) {
	t.Parallel()
	var want []string
	for _, a := range analyzers.All() {
		want = append(want, a.Name)
	}
	slices.Sort(want)
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	check := func(where string, got []string) {
		t.Helper()
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s lists the analyzers %v; analyzers.All() has %v", where, got, want)
		}
	}
	all := func(re, text string) []string {
		var names []string
		for _, m := range regexp.MustCompile(re).FindAllStringSubmatch(text, -1) {
			names = append(names, m[1])
		}
		return names
	}
	// inBackquotes returns the `names` of the list after the prefix, up
	// to its first ")" or ";".
	inBackquotes := func(where, text, prefix string) []string {
		t.Helper()
		_, after, ok := strings.Cut(text, prefix)
		if !ok {
			t.Errorf("%s: no %q", where, prefix)
			return nil
		}
		// The list ends at the first ")" or ";".
		list := after[:strings.IndexAny(after+")", ");")]
		return all("`([a-z]+)`", list)
	}

	readme := read("README.md")
	check("README.md's table of checks", all(`(?m)^\| \[([a-z]+)\]\(docs/checks/[a-z]+\.md\) \|`, readme))

	ci := read("docs/ci.md")
	check("docs/ci.md's analyzers.All()", inBackquotes("docs/ci.md", ci, "(`analyzers.All()`:"))
	check("docs/ci.md's nogo deps", all(`"@com_github_mcplint_mcplint//analyzers/([a-z]+)"`, ci))
	m := regexp.MustCompile("(?s)Flags and scope go in `nogo_config.json`.*?```json\n(.*?)```").FindStringSubmatch(ci)
	if m == nil {
		t.Fatal("docs/ci.md has no nogo_config.json block")
	}
	var config map[string]json.RawMessage
	if err := json.Unmarshal([]byte(m[1]), &config); err != nil {
		t.Fatalf("docs/ci.md's nogo_config.json: %v", err)
	}
	var keys []string
	for k := range config {
		keys = append(keys, k)
	}
	check("docs/ci.md's nogo_config.json", keys)

	check("docs/editors.md's diagnostic sources", inBackquotes("docs/editors.md", read("docs/editors.md"), "*source* is the analyzer's name\n  ("))

	// Counting words go stale: the lists say how many there are.
	number := regexp.MustCompile(`(?i)\b(two|three|four|five|six|seven|eight|nine|ten) analyzers\b`)
	for _, name := range []string{"README.md", "docs/ci.md", "docs/editors.md"} {
		for _, n := range number.FindAllString(read(name), -1) {
			t.Errorf("%s says %q: name the list (analyzers.All()) instead of counting it", name, n)
		}
	}
	for _, name := range want {
		if _, err := os.Stat(filepath.Join(root, "docs", "checks", name+".md")); err != nil {
			t.Errorf("analyzer %s has no page: %v", name, err)
		}
	}
}
