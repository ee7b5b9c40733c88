package docs_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/analyzers"
)

// findingLine is a finding as mcplint prints it.
var findingLine = regexp.MustCompile(`(?m)^(\S+\.go):\d+:\d+: .* \[([a-z]+)\]$`)

// TestReadmeCommands runs the README's commands whose output it describes
// and compares: the first set-up command, which lints the demo ("one
// finding for each analyzer", exit status 3 that go run reports as
// "exit status 3" and exit 1), whose output must hold the README's
// sample finding as written; and mcplint help, whose links must be pages
// of this repository at the address the README names. So the README
// cannot drift from what the commands print.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs mcplint")
	}
	t.Parallel()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	sh := func(line string) (string, int) {
		t.Helper()
		cmd := exec.Command("sh", "-c", line)
		cmd.Dir, cmd.Env = root, append(os.Environ(), "GOWORK=off")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			return string(out), exit.ExitCode()
		case err != nil:
			t.Fatalf("%s: %v", line, err)
		}
		return string(out), 0
	}

	// The first command of the set-up.
	m := regexp.MustCompile("(?s)\n## Set-up\n.*?```sh\n([^\n#]*)").FindStringSubmatch(readme)
	if m == nil {
		t.Fatal("README.md has no set-up commands")
	}
	lint := strings.TrimSpace(m[1])
	out, status := sh(lint)
	out = strings.ReplaceAll(out, root+string(filepath.Separator), "")
	if status != 1 || !strings.Contains(out, "exit status 3") {
		t.Errorf("%s: exit status %d, want 1 and \"exit status 3\", as the README says\n%s", lint, status, out)
	}
	var got, want []string
	for _, f := range findingLine.FindAllStringSubmatch(out, -1) {
		got = append(got, f[2])
	}
	for _, a := range analyzers.All() {
		want = append(want, a.Name)
	}
	if slices.Sort(got); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		t.Errorf("%s: findings of %v, want one for each analyzer (%v), as the README says\n%s", lint, got, want, out)
	}
	sample := regexp.MustCompile("(?s)A finding, as you see it.*?```\n(.*?)\n```").FindStringSubmatch(readme)
	if sample == nil || !findingLine.MatchString(sample[1]) {
		t.Fatal("README.md has no sample finding")
	}
	if !slices.Contains(strings.Split(out, "\n"), sample[1]) {
		t.Errorf("%s does not print the README's sample finding\n%s\nit printed:\n%s", lint, sample[1], out)
	}
	// The demo says what the README says of it, and uncounted.
	demo, err := os.ReadFile(filepath.Join(root, "testdata", "demo", "demo.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(demo), "\n//\t"+lint+"\n") {
		t.Errorf("testdata/demo/demo.go does not name the README's command %q", lint)
	}
	if n := regexp.MustCompile(`(?i)\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[0-9]+) mistakes\b`).FindString(string(demo)); n != "" {
		t.Errorf("testdata/demo/demo.go says %q: say one for each analyzer instead of counting them", n)
	}

	// mcplint help, from the same source.
	if !regexp.MustCompile(`(?m)^mcplint help +# the analyzers, with links to their pages$`).MatchString(readme) {
		t.Fatal("README.md does not list mcplint help")
	}
	help, status := sh(strings.TrimSuffix(lint, " ./testdata/demo") + " help")
	if status != 0 {
		t.Fatalf("mcplint help: exit status %d\n%s", status, help)
	}
	// The repository of the README's go get line.
	repo := regexp.MustCompile(`go get -tool (github\.com/[^/\s]+/[^/\s]+)/cmd/mcplint@`).FindStringSubmatch(readme)
	if repo == nil || !strings.HasPrefix(analyzers.DefaultDocs, "https://"+repo[1]+"/") {
		t.Errorf("the pages' default address %s is not in the repository the README installs from (%v)", analyzers.DefaultDocs, repo)
	}
	links := regexp.MustCompile(`https?://\S+`).FindAllString(help, -1)
	for _, link := range links {
		page, ok := strings.CutPrefix(link, analyzers.DefaultDocs)
		if !ok {
			t.Errorf("mcplint help links to %s, outside %s", link, analyzers.DefaultDocs)
			continue
		}
		if _, err := os.Stat(filepath.Join(root, "docs", filepath.FromSlash(page))); err != nil {
			t.Errorf("mcplint help links to %s, which is not a page of docs/: %v", link, err)
		}
	}
	for _, name := range want {
		if !slices.Contains(links, analyzers.DocURL("checks/"+name+".md")) {
			t.Errorf("mcplint help does not link to the page of %s:\n%s", name, help)
		}
	}
}
