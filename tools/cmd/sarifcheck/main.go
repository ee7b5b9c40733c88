// Command sarifcheck checks mcplint's -sarif output against the SARIF
// 2.1.0 JSON schema and against what code scanning reads from it.
// scripts/test-sarif.sh runs it.
//
//	go -C tools run ./cmd/sarifcheck            check
//	go -C tools run ./cmd/sarifcheck install    only fetch the schema
//
// The schema comes from the npm registry: the package @microsoft/jest-sarif
// ships it. sarifcheck fetches the package's tarball with npm pack, once,
// and keeps only the schema, in .cache/sarif/ (git-ignored); npm's own cache
// and logs stay in .cache/npm. The schema is draft-04, which
// github.com/santhosh-tekuri/jsonschema/v6 validates (already in mcplint's
// module graph, through mcp-go), so no JavaScript runs.
//
// It builds mcplint, runs it with -sarif over testdata/demo (the demo
// server, with one mistake for each analyzer), again with a baseline of
// the demo's findings and one entry whose finding is gone, and over a
// package that does not type-check (whose log must say the run failed),
// prints each check and "sarif: N passed, M failed", and exits non-zero
// unless every check passed.
package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcplint/mcplint/analyzers"
	"github.com/mcplint/mcplint/tools/internal/repo"
)

const (
	schemaPackage = "@microsoft/jest-sarif@1.0.0-beta.0"
	// schemaMember is the schema's path in the package's tarball.
	schemaMember = "package/lib/schemas/sarif-2.1.0-rtm.5.json"
)

func main() {
	installOnly := false
	switch {
	case len(os.Args) == 2 && os.Args[1] == "install":
		installOnly = true
	case len(os.Args) != 1:
		fmt.Fprintln(os.Stderr, "usage: sarifcheck [install]")
		os.Exit(2)
	}
	ok, err := run(installOnly)
	if err != nil {
		fmt.Fprintln(os.Stderr, "sarifcheck:", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

func run(installOnly bool) (bool, error) {
	root, err := repo.Root()
	if err != nil {
		return false, err
	}
	schemaPath, err := install(root)
	if err != nil || installOnly {
		return err == nil, err
	}
	schema, err := compile(schemaPath)
	if err != nil {
		return false, err
	}
	work, err := os.MkdirTemp("", "sarifcheck")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(work)
	bin, err := buildMcplint(root, work)
	if err != nil {
		return false, err
	}
	c := &checker{w: os.Stdout}
	// A control: the schema as compiled refuses a log that breaks it, so
	// that the checks of validity cannot pass by validating nothing.
	broken, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"version":"2.0.0","runs":[{"tool":{"driver":{}}}]}`))
	c.check("the schema refuses a log of another version with a nameless driver", schema.Validate(broken) != nil, "accepted")

	run, err := lintSARIF(c, schema, bin, root, "./testdata/demo", 3)
	if err != nil {
		return false, err
	}
	checkRun(c, run)

	baseline, err := staleBaseline(bin, root, work)
	if err != nil {
		return false, err
	}
	run, err = lintSARIF(c, schema, bin, root, "./testdata/demo", 0, "-baseline="+baseline)
	if err != nil {
		return false, err
	}
	checkBaselineRun(c, run)

	brokenDir, err := brokenModule(work)
	if err != nil {
		return false, err
	}
	run, err = lintSARIF(c, schema, bin, brokenDir, "./...", 1)
	if err != nil {
		return false, err
	}
	failed := len(run.Invocations) == 1 && !run.Invocations[0].ExecutionSuccessful && len(run.Invocations[0].Notifications) == 1
	c.check("a package that does not type-check: the log says the run failed, with the error", failed, fmt.Sprintf("%+v", run.Invocations))
	fmt.Printf("sarif: %d passed, %d failed\n", c.passed, c.failed)
	return c.failed == 0, nil
}

// install puts the SARIF 2.1.0 schema in .cache/sarif/ unless it is there,
// and returns its path.
func install(root string) (string, error) {
	cache, err := repo.Cache(root, "sarif")
	if err != nil {
		return "", err
	}
	dir := filepath.Join(cache, "schema")
	return schemaFile(root), repo.InstallDir(dir, func(staging string) error {
		fmt.Printf("sarif: fetching the SARIF 2.1.0 schema (npm package %s)\n", schemaPackage)
		if err := os.MkdirAll(staging, 0o777); err != nil {
			return err
		}
		pack := exec.Command("npm", "pack", "--silent", "--pack-destination", staging, schemaPackage)
		pack.Env = append(os.Environ(), "npm_config_cache="+filepath.Join(root, ".cache", "npm"))
		pack.Stderr = os.Stderr
		out, err := pack.Output()
		if err != nil {
			return fmt.Errorf("npm pack %s: %v", schemaPackage, err)
		}
		tarball := filepath.Join(staging, strings.TrimSpace(string(out)))
		defer os.Remove(tarball)
		schema, err := member(tarball, schemaMember)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(staging, filepath.Base(schemaMember)), schema, 0o666)
	})
}

// schemaFile is where install puts the schema.
func schemaFile(root string) string {
	return filepath.Join(root, ".cache", "sarif", "schema", filepath.Base(schemaMember))
}

// member returns the contents of the file name in the gzipped tarball.
func member(tarball, name string) ([]byte, error) {
	f, err := os.Open(tarball)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil, fmt.Errorf("%s has no %s", filepath.Base(tarball), name)
		}
		if err != nil {
			return nil, err
		}
		if h.Name == name {
			return io.ReadAll(tr)
		}
	}
}

func compile(path string) (*jsonschema.Schema, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-2.1.0.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("sarif-2.1.0.json")
}

// buildMcplint builds mcplint into the directory work.
func buildMcplint(root, work string) (string, error) {
	bin := filepath.Join(work, "mcplint")
	build := exec.Command("go", "build", "-o", bin, "./cmd/mcplint")
	build.Dir = root
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("go build ./cmd/mcplint: %v", err)
	}
	return bin, nil
}

// lintSARIF runs mcplint -sarif with args over pkg in dir, checks its exit
// status (that of the text output: 3 with findings) and its output against
// the schema, and returns its run.
func lintSARIF(c *checker, schema *jsonschema.Schema, bin, dir, pkg string, wantStatus int, args ...string) (sarifRun, error) {
	args = append(append([]string{"-sarif"}, args...), pkg)
	lint := exec.Command(bin, args...)
	lint.Dir = dir
	out, err := lint.Output()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return sarifRun{}, fmt.Errorf("mcplint %s: %v", strings.Join(args, " "), err)
	}
	c.check(fmt.Sprintf("mcplint %s: exit status %d", strings.Join(args, " "), wantStatus), lint.ProcessState.ExitCode() == wantStatus, fmt.Sprint(err))
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	if err != nil {
		return sarifRun{}, fmt.Errorf("mcplint %s wrote no JSON: %v", strings.Join(args, " "), err)
	}
	err = schema.Validate(doc)
	c.check("mcplint "+strings.Join(args, " ")+": valid against the SARIF 2.1.0 schema", err == nil, fmt.Sprint(err))
	var log sarifLog
	if err := json.Unmarshal(out, &log); err != nil || len(log.Runs) != 1 {
		return sarifRun{}, fmt.Errorf("want one run in the log: %v", err)
	}
	return log.Runs[0], nil
}

// brokenModule writes into work a module of one package that does not
// type-check, and returns its directory.
func brokenModule(work string) (string, error) {
	dir := filepath.Join(work, "broken")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	for name, content := range map[string]string{
		"go.mod":    "module example.com/broken\n\ngo 1.25\n",
		"broken.go": "package broken\n\nfunc F() int { return \"x\" }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o666); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// staleEntry is the entry that staleBaseline adds, whose finding is gone.
const staleEntry = "resolvepure\ttestdata/demo/demo.go\tconfirmGone\tresolver demo.confirmGone writes to the file system\n"

// staleBaseline writes a baseline of the demo's findings into work, with
// one more entry whose finding does not exist, and returns its path.
func staleBaseline(bin, root, work string) (string, error) {
	path := filepath.Join(work, "mcplint.baseline")
	write := exec.Command(bin, "-write-baseline="+path, "./testdata/demo")
	write.Dir = root
	if out, err := write.CombinedOutput(); err != nil {
		return "", fmt.Errorf("mcplint -write-baseline: %v\n%s", err, out)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	const end = "# end\n"
	if !strings.HasSuffix(string(data), end) {
		return "", fmt.Errorf("the baseline mcplint wrote does not end with %q:\n%s", end, data)
	}
	return path, os.WriteFile(path, []byte(strings.TrimSuffix(string(data), end)+staleEntry+end), 0o666)
}

// The parts of a SARIF log that the checks read.
type (
	sarifLog struct {
		Runs []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID      string `json:"id"`
					HelpURI string `json:"helpUri"`
				} `json:"rules"`
			} `json:"driver"`
		} `json:"tool"`
		Results     []sarifResult `json:"results"`
		Invocations []struct {
			ExecutionSuccessful bool              `json:"executionSuccessful"`
			Notifications       []json.RawMessage `json:"toolExecutionNotifications"`
		} `json:"invocations"`
	}
	sarifResult struct {
		RuleID    string `json:"ruleId"`
		RuleIndex int    `json:"ruleIndex"`
		Message   struct {
			Text string `json:"text"`
		} `json:"message"`
		Locations           []sarifLocation   `json:"locations"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		BaselineState       string            `json:"baselineState"`
	}
	sarifLocation struct {
		PhysicalLocation struct {
			ArtifactLocation struct {
				URI       string `json:"uri"`
				URIBaseID string `json:"uriBaseId"`
			} `json:"artifactLocation"`
			Region struct {
				StartLine int `json:"startLine"`
			} `json:"region"`
		} `json:"physicalLocation"`
	}
)

var helpURI = regexp.MustCompile(`docs/checks/([a-z]+)\.md$`)

// checkRun checks what code scanning reads: the rules, one per analyzer,
// each with its page; results that point into them, with messages that do
// not repeat the rule, at relative locations.
func checkRun(c *checker, run sarifRun) {
	var want, rules []string
	for _, a := range analyzers.All() {
		want = append(want, a.Name)
	}
	pages := true
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, r.ID)
		m := helpURI.FindStringSubmatch(r.HelpURI)
		pages = pages && m != nil && m[1] == r.ID
	}
	c.check("the rules are the analyzers of analyzers.All, in order", slices.Equal(rules, want), strings.Join(rules, ","))
	c.check("every rule's help URI is its page in docs/checks", pages, "")

	reported := map[string]bool{}
	indexed, plain, located := true, true, true
	for _, r := range run.Results {
		reported[r.RuleID] = true
		indexed = indexed && r.RuleIndex >= 0 && r.RuleIndex < len(rules) && rules[r.RuleIndex] == r.RuleID
		plain = plain && !strings.Contains(r.Message.Text, "["+r.RuleID+"]") && !strings.HasPrefix(r.Message.Text, r.RuleID+":")
		for _, l := range r.Locations {
			p := l.PhysicalLocation
			located = located && p.ArtifactLocation.URIBaseID == "%SRCROOT%" &&
				p.ArtifactLocation.URI != "" && !filepath.IsAbs(p.ArtifactLocation.URI) && p.Region.StartLine > 0
		}
		located = located && len(r.Locations) > 0
	}
	var silent []string
	for _, name := range want {
		if !reported[name] {
			silent = append(silent, name)
		}
	}
	c.check("every analyzer has a result (the demo has a mistake for each)", len(silent) == 0, "none for "+strings.Join(silent, ","))
	c.check("every result names its rule by ruleId and ruleIndex", indexed, "")
	c.check("the ruleId alone names the analyzer, not the message too", plain, "")
	c.check("every result has a relative location with a line", located, "")
	checkFingerprints(c, run)
}

// fingerprintKey is the name of mcplint's partial fingerprint.
const fingerprintKey = "mcplintFinding/v1"

// checkFingerprints checks that every result has mcplint's fingerprint,
// and that no two have the same: code scanning would take them for one
// alert.
func checkFingerprints(c *checker, run sarifRun) {
	seen := map[string]bool{}
	each, distinct := true, true
	for _, r := range run.Results {
		fp := r.PartialFingerprints[fingerprintKey]
		each = each && fp != ""
		distinct = distinct && !seen[fp]
		seen[fp] = true
	}
	c.check("every result has the partial fingerprint "+fingerprintKey, each, "")
	c.check("no two results have the same fingerprint", distinct, "")
}

// checkBaselineRun checks the run with a baseline of every finding and a
// stale entry: every finding unchanged, and the stale entry one absent
// result, in its file, with its rule.
func checkBaselineRun(c *checker, run sarifRun) {
	var absent []sarifResult
	unchanged := true
	for _, r := range run.Results {
		switch r.BaselineState {
		case "absent":
			absent = append(absent, r)
		case "unchanged":
		default:
			unchanged = false
		}
	}
	c.check("with a baseline of every finding, every finding is unchanged", unchanged, "")
	stale := len(absent) == 1 && absent[0].RuleID == "resolvepure" && len(absent[0].Locations) == 1 &&
		absent[0].Locations[0].PhysicalLocation.ArtifactLocation.URI == "testdata/demo/demo.go"
	c.check("the stale entry is one absent result, in its file", stale, fmt.Sprint(absent))
	checkFingerprints(c, run)
}

// A checker prints each check's outcome to w and counts them.
type checker struct {
	w              io.Writer
	passed, failed int
}

func (c *checker) check(name string, ok bool, detail string) {
	if ok {
		c.passed++
		fmt.Fprintf(c.w, "ok    %s\n", name)
		return
	}
	c.failed++
	fmt.Fprintf(c.w, "FAIL  %s: %s\n", name, detail)
}
