package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// A runner runs the steps of a plan in order and the background jobs beside
// them, and keeps the score.
type runner struct {
	ctx         context.Context
	root        string
	out, errOut io.Writer

	start    time.Time
	passed   int
	failures []string
	skipped  int           // steps not run because the run was interrupted
	cpu      time.Duration // of the steps' own processes

	jobs      map[string]*job
	jobsCtx   context.Context
	cancelJob context.CancelFunc
}

func newRunner(ctx context.Context, root string, out, errOut io.Writer) *runner {
	jobsCtx, cancel := context.WithCancel(ctx)
	return &runner{
		ctx: ctx, root: root, out: out, errOut: errOut, start: time.Now(),
		jobs: map[string]*job{}, jobsCtx: jobsCtx, cancelJob: cancel,
	}
}

// step runs one check and reports whether it passed. It prints the check's
// name, then its result with its wall time and the CPU time of the
// processes it ran (a background job's when it awaits one).
func (r *runner) step(name string, run func(*proc) error) bool {
	if r.ctx.Err() != nil {
		r.skipped++
		return false
	}
	fmt.Fprintf(r.out, "=== %s\n", name)
	start := time.Now()
	x := &proc{ctx: r.ctx, root: r.root, out: r.out, errOut: r.errOut}
	err := run(x)
	r.cpu += x.own
	result := "ok"
	if err != nil {
		fmt.Fprintf(r.errOut, "%s: %v\n", name, err)
		result = "FAIL"
		r.failures = append(r.failures, name)
	} else {
		r.passed++
	}
	fmt.Fprintf(r.out, "--- %s: %s (%d s, %d s CPU)\n", result, name, seconds(time.Since(start)), seconds(x.own+x.awaited))
	return err == nil
}

// A job is a background job: what it runs, and how it ended.
type job struct {
	log  string
	done chan struct{}
	err  error         // set before done is closed
	cpu  time.Duration // likewise
}

// background starts run beside the steps, its commands writing to
// .cache/logs/NAME.log, each in a process group of its own.
func (r *runner) background(name string, run func(*proc) error) {
	j := &job{log: filepath.Join(r.root, ".cache", "logs", name+".log"), done: make(chan struct{})}
	r.jobs[name] = j
	f, err := createLog(j.log)
	if err != nil {
		j.err = err
		close(j.done)
		return
	}
	go func() {
		defer close(j.done)
		x := &proc{ctx: r.jobsCtx, root: r.root, out: f, errOut: f}
		j.err = run(x)
		if j.err != nil {
			fmt.Fprintf(f, "%s: %v\n", name, j.err)
		}
		j.cpu = x.own
		if err := f.Close(); j.err == nil {
			j.err = err
		}
	}()
}

// createLog creates (or empties) the log file at path, and its directory.
func createLog(path string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return nil, err
	}
	return os.Create(path)
}

// await is a step that waits for the background job name, prints its log
// without the go command's download lines, counts its CPU time, and fails
// if the job failed.
func (r *runner) await(name string) func(*proc) error {
	return func(x *proc) error {
		j, ok := r.jobs[name]
		if !ok {
			return fmt.Errorf("no background job %q was started", name)
		}
		select {
		case <-j.done:
		case <-x.ctx.Done():
			return x.ctx.Err()
		}
		x.awaited += j.cpu
		if err := copyLog(x.out, j.log); err != nil && j.err == nil {
			return err
		}
		return j.err
	}
}

// copyLog copies the log at path to w, without the lines in which the go
// command says what it downloads.
func copyLog(w io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "go: downloading ") {
			fmt.Fprintln(w, sc.Text())
		}
	}
	return sc.Err()
}

// stopBackground ends the background jobs still running, with their
// process groups, and waits for them.
func (r *runner) stopBackground() {
	r.cancelJob()
	for _, j := range r.jobs {
		<-j.done
	}
}

// summary prints the score and reports whether every check passed.
func (r *runner) summary() bool {
	cpu := r.cpu
	for _, j := range r.jobs {
		cpu += j.cpu
	}
	fmt.Fprintln(r.out)
	for _, name := range r.failures {
		fmt.Fprintf(r.out, "failed: %s\n", name)
	}
	if r.skipped > 0 {
		fmt.Fprintf(r.out, "interrupted: %d steps not run\n", r.skipped)
	}
	fmt.Fprintf(r.out, "checks: %d passed, %d failed (%d s, %d s CPU)\n", r.passed, len(r.failures), seconds(time.Since(r.start)), seconds(cpu))
	return len(r.failures) == 0 && r.skipped == 0
}

func seconds(d time.Duration) int64 { return int64(math.Round(d.Seconds())) }

// A proc runs the commands of one step or one background job, in the
// checkout, and adds up their CPU time.
type proc struct {
	ctx         context.Context
	root        string
	out, errOut io.Writer
	own         time.Duration // the CPU time of the commands it ran
	awaited     time.Duration // and of the background jobs it awaited
}

// run runs a command in dir (relative to the root), with env added to the
// environment.
func (x *proc) run(dir string, env []string, args ...string) error {
	return x.exec(x.command(dir, env, args), x.out)
}

// output runs a command like run and returns its standard output, trimmed.
func (x *proc) output(dir string, env []string, args ...string) (string, error) {
	var stdout bytes.Buffer
	err := x.exec(x.command(dir, env, args), &stdout)
	return strings.TrimSpace(stdout.String()), err
}

func (x *proc) command(dir string, env []string, args []string) *exec.Cmd {
	cmd := exec.CommandContext(x.ctx, args[0], args[1:]...)
	cmd.Dir = filepath.Join(x.root, dir)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = x.errOut
	ownProcessGroup(cmd)
	return cmd
}

func (x *proc) exec(cmd *exec.Cmd, stdout io.Writer) error {
	cmd.Stdout = stdout
	err := cmd.Run()
	if cmd.ProcessState != nil {
		// On Unix this includes the CPU time of the children the
		// command waited for: the go command's compilers and tests.
		x.own += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	if err != nil {
		return fmt.Errorf("%s: %w", strings.Join(cmd.Args, " "), err)
	}
	return nil
}

// trackedFiles returns the files git tracks that match the pathspecs.
func (x *proc) trackedFiles(pathspecs ...string) ([]string, error) {
	out, err := x.output(".", nil, append([]string{"git", "ls-files", "--"}, pathspecs...)...)
	if err != nil || out == "" {
		return nil, err
	}
	return strings.Split(out, "\n"), nil
}

// A pkg is a package of the root module.
type pkg struct{ path, dir string }

// packages returns the packages of the root module.
func (x *proc) packages() ([]pkg, error) {
	out, err := x.output(".", nil, "go", "list", "-f", "{{.ImportPath}}\t{{.Dir}}", "./...")
	if err != nil {
		return nil, err
	}
	var pkgs []pkg
	for line := range strings.Lines(out) {
		path, dir, ok := strings.Cut(strings.TrimSuffix(line, "\n"), "\t")
		if !ok {
			return nil, fmt.Errorf("go list printed %q", line)
		}
		pkgs = append(pkgs, pkg{path, dir})
	}
	return pkgs, nil
}

// testFuncs returns the names of the test functions of the _test.go files
// in dir whose names begin with kind (Benchmark, Fuzz), sorted.
func testFuncs(dir, kind string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		return nil, err
	}
	decl := regexp.MustCompile(`(?m)^func (` + kind + `[A-Za-z0-9_]*)\(`)
	var names []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		for _, m := range decl.FindAllSubmatch(src, -1) {
			names = append(names, string(m[1]))
		}
	}
	slices.Sort(names)
	return slices.Compact(names), nil
}
