// Command benchlint measures what mcplint adds to a go vet run, against
// the floor that a vet tool pays (tools/cmd/noopvet: one analyzer that
// requires the inspector and returns at once), on the module sources of
// go-sdk v1.8.0 and mcp-go v1.2.1, and on generated corpora of N
// resolver-tool packages. scripts/bench-lint.sh runs it.
//
//	go -C tools run ./cmd/benchlint [-runs 5] [-scale 10,100,1000]
//
// mcplint's analyzers reason across packages with facts, so go vet runs it
// on every dependency of the packages named (the standard library
// included), as it does for any vet tool with facts. The floor is therefore
// noopvet with a fact type (noop+facts); the table also shows noopvet
// without one, so the price of fact plumbing itself is visible.
//
// The go vet result cache is defeated the same way for every tool: each is
// called through this command itself as a wrapper (BENCHLINT_TOOL set)
// that answers go vet's "-V=full" question with a fresh build ID on every
// run, so every vet action misses the cache while the compiled
// dependencies stay cached for all. Runs alternate (mcplint, noop+facts,
// noop, mcplint, ...) so all see the same machine load. Each run is timed
// twice: its CPU time (user and system, of go vet and every process it
// waited for: the vet tool on each package, the compiler), which other work
// on a shared machine disturbs far less than the wall time, and its wall
// time. The ratios of record are the CPU ones; the last line is
// "lint ratio mcplint/noop: X.XX" for go-sdk, CPU time against the
// noop+facts floor.
//
// With -instructions, it counts instead the instructions the vet tool
// processes execute, under valgrind's callgrind (which must be on PATH),
// one go vet run of mcplint and of the floor on each SDK corpus. Where CPU
// time moves by a tenth between runs on a shared or virtual machine,
// instruction counts move by well under a hundredth: a figure a loaded
// machine can measure. It counts user-space instructions of the vet tools
// alone (not the go command's, which both share, nor the kernel's work for
// them, nor cache misses), so it complements the CPU ratio rather than
// replacing it. The tools run with GOMAXPROCS=1 and GOGC=off there, for
// counts that repeat: the count is then the tool's own work, without the
// collector's (whose cycles fall chaotically in processes this short, and
// which the CPU ratio includes); a run takes some fifteen minutes.
package main

import (
	"cmp"
	"crypto/rand"
	_ "embed"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/internal/modcopy"
	"github.com/mcplint/mcplint/internal/vetunit"
	"github.com/mcplint/mcplint/tools/internal/repo"
	"github.com/mcplint/mcplint/tools/internal/stats"
)

// resolverTool is the package each generated corpus repeats.
//
//go:embed resolvertool.go.txt
var resolverTool string

// wrapEnv names the vet tool this command runs as a wrapper of; with
// countEnv set too, the wrapper runs it under callgrind, which logs each
// process's count in that directory.
const (
	wrapEnv  = "BENCHLINT_TOOL"
	countEnv = "BENCHLINT_CALLGRIND_DIR"
)

func main() {
	if tool := os.Getenv(wrapEnv); tool != "" {
		wrap(tool)
	}
	runs := flag.Int("runs", envInt("RUNS", 5), "alternating runs of each tool (default: $RUNS or 5)")
	scale := flag.String("scale", envString("SCALE", "10 100 1000"), "sizes of the generated corpora, in packages (default: $SCALE)")
	instructions := flag.Bool("instructions", os.Getenv("INSTRUCTIONS") == "1", "count the vet tools' instructions under callgrind instead of timing them (default: $INSTRUCTIONS=1)")
	flag.Parse()
	run := func() error {
		return bench(*runs, strings.FieldsFunc(*scale, func(r rune) bool { return r == ' ' || r == ',' }))
	}
	if *instructions {
		run = countInstructions
	}
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "benchlint: %v\n", err)
		os.Exit(1)
	}
}

// wrap is go vet's view of a vet tool: a fresh build ID for -V=full, the
// tool itself for everything else.
func wrap(tool string) {
	if len(os.Args) == 2 && os.Args[1] == "-V=full" {
		fmt.Printf("%s-fresh version devel fresh buildID=%s\n", filepath.Base(tool), rand.Text())
		os.Exit(0)
	}
	argv := append([]string{tool}, os.Args[1:]...)
	if dir := os.Getenv(countEnv); dir != "" {
		valgrind, err := exec.LookPath("valgrind")
		if err != nil {
			fmt.Fprintf(os.Stderr, "benchlint: %v\n", err)
			os.Exit(1)
		}
		tool = valgrind
		path, std := vetUnit(os.Args[len(os.Args)-1])
		log := strings.ReplaceAll(path, "/", "!") + pkgEnd + "%p.log"
		if std {
			log = stdPrefix + log
		}
		argv = append([]string{valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null",
			"--log-file=" + filepath.Join(dir, log)}, argv...)
		// One thread of Go code, no asynchronous preemption and no
		// garbage collection: counts that repeat. A collection's timing
		// in a process this short is chaotic (two builds differing only
		// in a profiling rate counted 8 % apart), so with the collector
		// on, the count of a tool's own work carries noise larger than
		// the difference measured. (Set here, for the tool alone: the go
		// command's own GOMAXPROCS is its build parallelism.)
		os.Setenv("GOMAXPROCS", "1")
		os.Setenv("GODEBUG", "asyncpreemptoff=1")
		os.Setenv("GOGC", "off")
	}
	err := syscall.Exec(tool, argv, os.Environ())
	fmt.Fprintf(os.Stderr, "benchlint: exec %s: %v\n", tool, err)
	os.Exit(1)
}

// A callgrind log is named for its vet unit: stdPrefix for a unit of the
// standard library, the package's import path with its slashes as "!",
// pkgEnd, the process id, ".log".
const (
	stdPrefix = "std-"
	pkgEnd    = "@"
)

// vetUnit returns the import path of the package whose configuration go
// vet wrote to arg ("" if arg is none), and whether it is of the standard
// library: no module, a directory in $GOROOT/src (the go command sets
// GOROOT for its tools).
func vetUnit(arg string) (path string, std bool) {
	if !strings.HasSuffix(arg, ".cfg") {
		return "", false
	}
	u, err := vetunit.Read(arg)
	if err != nil {
		return "", false
	}
	return u.ImportPath, u.Standard()
}

// A vetTool is one tool go vet runs through the wrapper.
type vetTool struct{ env []string }

func (v vetTool) vet(dir string) (cost, error) {
	self, err := os.Executable()
	if err != nil {
		return cost{}, err
	}
	return timed(dir, v.env, "go", "vet", "-vettool="+self, "./...")
}

// The cost of one run of a command: its wall time, and its CPU time with
// that of the processes it waited for (the kernel adds a reaped child's
// times to its parent's, so go vet's include every vet tool and compiler
// it ran).
type cost struct{ wall, cpu time.Duration }

// timed runs a command in dir and returns its cost. Findings (a non-zero
// exit from the linters) are expected and ignored; a command that cannot
// start is an error.
func timed(dir string, env []string, name string, args ...string) (cost, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		return cost{}, err
	}
	return cost{wall, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}, nil
}

// A tally is what the vet tool processes of a run executed.
type tally struct {
	instructions int64 // in all
	std          int64 // in the units of the standard library
	processes    int
	perPackage   map[string]int64
}

// count runs go vet in dir with the tool under callgrind and tallies the
// instructions its processes executed.
func (v vetTool) count(dir string) (tally, error) {
	logs, err := os.MkdirTemp("", "benchlint-callgrind")
	if err != nil {
		return tally{}, err
	}
	defer os.RemoveAll(logs)
	if _, err := (vetTool{append(v.env, countEnv+"="+logs)}).vet(dir); err != nil {
		return tally{}, err
	}
	n, err := sumCallgrindLogs(logs)
	if err == nil && n.processes == 0 {
		err = fmt.Errorf("go vet in %s ran no vet tool under callgrind", dir)
	}
	return n, err
}

// A difference is what mcplint executed on one package beyond the floor.
type difference struct {
	pkg  string
	diff int64
}

// largestDifferences returns the n packages where the counts of a and b
// differ most, either way, largest first.
func largestDifferences(a, b map[string]int64, n int) []difference {
	var ds []difference
	for pkg := range a {
		ds = append(ds, difference{pkg, a[pkg] - b[pkg]})
	}
	for pkg := range b {
		if _, ok := a[pkg]; !ok {
			ds = append(ds, difference{pkg, -b[pkg]})
		}
	}
	slices.SortFunc(ds, func(x, y difference) int {
		return cmp.Or(cmp.Compare(abs(y.diff), abs(x.diff)), strings.Compare(x.pkg, y.pkg))
	})
	return ds[:min(n, len(ds))]
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// sumCallgrindLogs adds up the instruction counts ("Collected : N") of the
// callgrind logs in dir, one a process (those of standard library units
// named with stdPrefix), and counts the logs. A log without a count is an
// error: its process did not finish.
func sumCallgrindLogs(dir string) (tally, error) {
	var n tally
	files, err := filepath.Glob(filepath.Join(dir, "*.log"))
	if err != nil {
		return n, err
	}
	collected := regexp.MustCompile(`(?m)^==\d+== Collected : (\d+)$`)
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return n, err
		}
		m := collected.FindSubmatch(data)
		if m == nil {
			return n, fmt.Errorf("callgrind log %s has no count (did the vet tool crash?):\n%s", filepath.Base(f), data)
		}
		count, err := strconv.ParseInt(string(m[1]), 10, 64)
		if err != nil {
			return n, err
		}
		n.instructions += count
		name := filepath.Base(f)
		if strings.HasPrefix(name, stdPrefix) {
			n.std += count
		}
		if pkg, _, ok := strings.Cut(strings.TrimPrefix(name, stdPrefix), pkgEnd); ok && pkg != "" {
			if n.perPackage == nil {
				n.perPackage = make(map[string]int64)
			}
			n.perPackage[strings.ReplaceAll(pkg, "!", "/")] += count
		}
	}
	n.processes = len(files)
	return n, nil
}

// A setup is what every measurement needs: the tools built into bin, and
// the SDK corpora.
type setup struct {
	root, work, bin          string
	mcplint, noopFacts, noop vetTool
	corpora, dirs            []string // module@version, and its copy
}

// prepare builds mcplint and the floor (and staticcheck, with
// staticcheck), and copies the SDK corpora.
func prepare(staticcheck bool) (*setup, error) {
	root, err := repo.Root()
	if err != nil {
		return nil, err
	}
	work, err := repo.Cache(root, "bench-lint")
	if err != nil {
		return nil, err
	}
	bin := filepath.Join(work, "bin")
	if staticcheck {
		fmt.Println("== building mcplint, noopvet and staticcheck v0.8.2")
	} else {
		fmt.Println("== building mcplint and noopvet")
	}
	if err := goRun(root, nil, "build", "-o", filepath.Join(bin, "mcplint"), "./cmd/mcplint"); err != nil {
		return nil, err
	}
	if err := goRun(filepath.Join(root, "tools"), nil, "build", "-o", filepath.Join(bin, "noopvet"), "./cmd/noopvet"); err != nil {
		return nil, err
	}
	if staticcheck {
		if err := goRun(root, []string{"GOBIN=" + bin}, "install", "honnef.co/go/tools/cmd/staticcheck@v0.8.2"); err != nil {
			return nil, err
		}
	}
	s := &setup{
		root: root, work: work, bin: bin,
		mcplint:   vetTool{[]string{wrapEnv + "=" + filepath.Join(bin, "mcplint")}},
		noopFacts: vetTool{[]string{wrapEnv + "=" + filepath.Join(bin, "noopvet"), "NOOPVET_FACTS=1"}},
		noop:      vetTool{[]string{wrapEnv + "=" + filepath.Join(bin, "noopvet")}},
		corpora:   []string{"github.com/modelcontextprotocol/go-sdk@v1.8.0", "github.com/mark3labs/mcp-go@v1.2.1"},
	}
	for _, module := range s.corpora {
		dir, err := corpus(work, module)
		if err != nil {
			return nil, err
		}
		s.dirs = append(s.dirs, dir)
	}
	return s, nil
}

// countInstructions is the -instructions mode.
func countInstructions() error {
	if _, err := exec.LookPath("valgrind"); err != nil {
		return fmt.Errorf("-instructions counts under valgrind's callgrind: %v", err)
	}
	s, err := prepare(false)
	if err != nil {
		return err
	}
	fmt.Println()
	fmt.Println("== go vet -vettool, instructions of the vet tool processes (millions), one run each under callgrind")
	fmt.Println("   noop+facts: the floor for a vet tool with facts; the go command's own work is not counted;")
	fmt.Println("   outside std: the units of packages outside the standard library (which mcplint answers")
	fmt.Println("   without an analysis, having no fact there, and the floor analyzes)")
	fmt.Printf("%-16s %10s %12s %14s   %-34s %10s\n", "corpus", "mcplint", "noop+facts", "mcplint/floor", "outside std: mcplint, floor, ratio", "processes")
	var sdkRatio string
	var tallies [][2]tally // mcplint's and the floor's, by corpus
	for i, dir := range s.dirs {
		// Warm the build cache (compiled dependencies) for both.
		if _, err := s.noopFacts.vet(dir); err != nil {
			return err
		}
		m, err := s.mcplint.count(dir)
		if err != nil {
			return err
		}
		f, err := s.noopFacts.count(dir)
		if err != nil {
			return err
		}
		ratio := stats.Ratio(float64(m.instructions), float64(f.instructions))
		if i == 0 {
			sdkRatio = ratio
		}
		mOut, fOut := float64(m.instructions-m.std), float64(f.instructions-f.std)
		outside := fmt.Sprintf("%.0f, %.0f, %s", mOut/1e6, fOut/1e6, stats.Ratio(mOut, fOut))
		fmt.Printf("%-16s %10.0f %12.0f %14s   %-34s %10d\n", label(s.corpora[i]), float64(m.instructions)/1e6, float64(f.instructions)/1e6, ratio, outside, m.processes)
		tallies = append(tallies, [2]tally{m, f})
	}
	fmt.Println()
	fmt.Println("== the packages outside the standard library where mcplint and the floor differ most (millions)")
	for i, t := range tallies {
		for _, d := range largestDifferences(t[0].perPackage, t[1].perPackage, 8) {
			fmt.Printf("%-16s %+9.1f  %s\n", label(s.corpora[i]), float64(d.diff)/1e6, d.pkg)
		}
	}
	fmt.Println()
	fmt.Printf("instruction ratio mcplint/noop: %s\n", sdkRatio)
	return nil
}

func bench(runs int, scale []string) error {
	s, err := prepare(true)
	if err != nil {
		return err
	}
	root, work, bin := s.root, s.work, s.bin
	mcplint, noopFacts, noop := s.mcplint, s.noopFacts, s.noop

	// vetRuns returns the medians (ms) of alternating runs of mcplint, the
	// floor with facts and the floor without: their CPU times, then their
	// wall times.
	vetRuns := func(dir string) (cpu, wall [3]float64, err error) {
		// Warm the build cache (compiled dependencies) for all three.
		if _, err := noopFacts.vet(dir); err != nil {
			return cpu, wall, err
		}
		var cpus, walls [3][]float64
		for range runs {
			for i, t := range []vetTool{mcplint, noopFacts, noop} {
				c, err := t.vet(dir)
				if err != nil {
					return cpu, wall, err
				}
				cpus[i] = append(cpus[i], ms(c.cpu))
				walls[i] = append(walls[i], ms(c.wall))
			}
		}
		for i := range cpus {
			cpu[i], wall[i] = stats.Median(cpus[i]), stats.Median(walls[i])
		}
		return cpu, wall, nil
	}

	corpora, dirs := s.corpora, s.dirs

	var cpus, walls [][3]float64
	for _, dir := range dirs {
		cpu, wall, err := vetRuns(dir)
		if err != nil {
			return err
		}
		cpus, walls = append(cpus, cpu), append(walls, wall)
	}
	for _, table := range []struct {
		what    string
		medians [][3]float64
	}{{"CPU time", cpus}, {"wall time", walls}} {
		fmt.Println()
		fmt.Printf("== go vet -vettool, %s, median of %d alternating runs (ms)\n", table.what, runs)
		fmt.Println("   noop+facts: the floor for a vet tool with facts (go vet then analyzes every dependency);")
		fmt.Println("   noop: the floor without facts")
		fmt.Printf("%-16s %10s %12s %10s %14s %12s\n", "corpus", "mcplint", "noop+facts", "noop", "mcplint/floor", "facts/noop")
		for i, m := range table.medians {
			fmt.Printf("%-16s %10.0f %12.0f %10.0f %14s %12s\n", label(corpora[i]), m[0], m[1], m[2], stats.Ratio(m[0], m[1]), stats.Ratio(m[1], m[2]))
		}
	}
	sdkRatio := stats.Ratio(cpus[0][0], cpus[0][1])

	fmt.Println()
	fmt.Printf("== reference: standalone mcplint ./... against staticcheck v0.8.2, wall time, median of %d runs (ms)\n", runs)
	fmt.Printf("%-16s %10s %12s\n", "corpus", "mcplint", "staticcheck")
	for i, dir := range dirs {
		var as, bs []float64
		for range runs {
			c, err := timed(dir, nil, filepath.Join(bin, "mcplint"), "./...")
			if err != nil {
				return err
			}
			as = append(as, ms(c.wall))
			scCache, err := os.MkdirTemp("", "staticcheck-cache")
			if err != nil {
				return err
			}
			c, err = timed(dir, []string{"STATICCHECK_CACHE=" + scCache}, filepath.Join(bin, "staticcheck"), "./...")
			os.RemoveAll(scCache)
			if err != nil {
				return err
			}
			bs = append(bs, ms(c.wall))
		}
		fmt.Printf("%-16s %10.0f %12.0f\n", label(corpora[i]), stats.Median(as), stats.Median(bs))
	}

	fmt.Println()
	fmt.Printf("== scaling: generated corpora of N resolver-tool packages, CPU time, median of %d runs (ms)\n", runs)
	fmt.Printf("%8s %10s %12s %12s %14s\n", "N", "mcplint", "noop+facts", "over floor", "per package")
	for _, s := range scale {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			return fmt.Errorf("scale %q is not a number of packages", s)
		}
		dir, err := generated(root, work, n)
		if err != nil {
			return err
		}
		cpu, _, err := vetRuns(dir)
		if err != nil {
			return err
		}
		a, b := cpu[0], cpu[1]
		fmt.Printf("%8d %10.0f %12.0f %12.0f %14.2f\n", n, a, b, a-b, (a-b)/float64(n))
	}

	fmt.Println()
	fmt.Printf("lint ratio mcplint/noop: %s\n", sdkRatio)
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Milliseconds()) }

// label turns "github.com/x/go-sdk@v1.8.0" into "go-sdk v1.8.0".
func label(module string) string {
	path, version, _ := strings.Cut(module, "@")
	return filepath.Base(path) + " " + version
}

// corpus returns a writable copy of a module's source under work, with its
// dependencies downloaded and built, so that it builds offline.
func corpus(work, module string) (string, error) {
	dir := filepath.Join(work, "corpus", regexp.MustCompile(`[@/]`).ReplaceAllString(module, "_"))
	if _, err := os.Stat(filepath.Join(dir, ".ready")); err == nil {
		return dir, nil
	}
	src, err := modcopy.Download(module)
	if err != nil {
		return "", err
	}
	repo.RemoveAll(dir)
	if err := modcopy.Copy(src, dir); err != nil {
		return "", err
	}
	if err := goRun(dir, nil, "build", "./..."); err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, ".ready"), nil, 0o666)
}

// generated returns a module of n packages, each with a resolver tool, that
// requires mcplint from the checkout.
func generated(root, work string, n int) (string, error) {
	dir := filepath.Join(work, "generated", fmt.Sprintf("n%d", n))
	if _, err := os.Stat(filepath.Join(dir, ".ready")); err == nil {
		return dir, nil
	}
	repo.RemoveAll(dir)
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", err
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		return "", err
	}
	mod := regexp.MustCompile(`(?m)^module .*$`).ReplaceAllString(string(gomod), "module example.com/generated") +
		"\nrequire github.com/mcplint/mcplint v0.0.0\n\nreplace github.com/mcplint/mcplint => " + root + "\n"
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o666); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), gosum, 0o666); err != nil {
		return "", err
	}
	for i := 1; i <= n; i++ {
		pkg := filepath.Join(dir, fmt.Sprintf("p%d", i))
		if err := os.MkdirAll(pkg, 0o777); err != nil {
			return "", err
		}
		src := strings.Replace(resolverTool, "package bookstore", fmt.Sprintf("package p%d", i), 1)
		if err := os.WriteFile(filepath.Join(pkg, "tool.go"), []byte(src), 0o666); err != nil {
			return "", err
		}
	}
	if err := goRun(dir, nil, "mod", "tidy"); err != nil {
		return "", err
	}
	if err := goRun(dir, nil, "build", "./..."); err != nil {
		return "", err
	}
	return dir, os.WriteFile(filepath.Join(dir, ".ready"), nil, 0o666)
}

// goRun runs the go command in dir, its output on stderr.
func goRun(dir string, env []string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go %s in %s: %v", strings.Join(args, " "), dir, err)
	}
	return nil
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return n
	}
	return def
}

// envString returns the variable name if it is set, even to "" (SCALE=""
// runs no scaling corpora), and def otherwise.
func envString(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}
