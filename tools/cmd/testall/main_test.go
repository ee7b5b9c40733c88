package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The tests run real processes: this test binary, started again with
// TESTALL_HELPER set, does what the variable says.
func TestMain(m *testing.M) {
	if mode := os.Getenv("TESTALL_HELPER"); mode != "" {
		os.Exit(helper(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

// burnCPU is how much CPU time the "burn" helper spends.
const burnCPU = 300 * time.Millisecond

func helper(mode string, args []string) int {
	switch mode {
	case "burn":
		for start := processCPU(); processCPU()-start < burnCPU; {
		}
	case "fail":
		return 3
	case "print":
		fmt.Println("go: downloading example.com/m v1.0.0")
		fmt.Println("hello from the job")
	case "spawn-burn": // a child that burns, waited for
		if err := helperCommand("burn").Run(); err != nil {
			return 1
		}
	case "spawn-sleep": // a child that outlives this one unless its group is ended
		child := helperCommand("sleep")
		if err := child.Start(); err != nil {
			return 1
		}
		os.WriteFile(args[0], []byte(strconv.Itoa(child.Process.Pid)), 0o666)
		time.Sleep(time.Minute)
	case "sleep":
		time.Sleep(time.Minute)
	}
	return 0
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func helperCommand(mode string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "TESTALL_HELPER="+mode)
	return cmd
}

// helperArgs are the arguments of a proc's run that start the helper in mode.
func helperArgs(t *testing.T, mode string, args ...string) ([]string, []string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{"TESTALL_HELPER=" + mode}, append([]string{exe}, args...)
}

func newTestRunner(t *testing.T, ctx context.Context) (*runner, *bytes.Buffer) {
	var out bytes.Buffer
	return newRunner(ctx, t.TempDir(), &out, &out), &out
}

func TestStepsReportTimesAndFailures(t *testing.T) {
	r, out := newTestRunner(t, context.Background())
	if !r.step("burns", func(x *proc) error {
		env, args := helperArgs(t, "burn")
		return x.run(".", env, args...)
	}) {
		t.Fatal("the step that burns failed")
	}
	if r.step("fails", func(x *proc) error {
		env, args := helperArgs(t, "fail")
		return x.run(".", env, args...)
	}) {
		t.Fatal("the step whose command exits 3 passed")
	}
	if r.summary() {
		t.Fatal("summary reported success with a failed step")
	}
	for _, want := range []string{
		`(?m)^=== burns$`,
		`(?m)^--- ok: burns \(\d+ s, \d+ s CPU\)$`,
		`(?m)^--- FAIL: fails \(\d+ s, \d+ s CPU\)$`,
		`(?m)^failed: fails$`,
		`(?m)^checks: 1 passed, 1 failed \(\d+ s, \d+ s CPU\)$`,
		`exit status 3`,
	} {
		if !regexp.MustCompile(want).MatchString(out.String()) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

// A command's CPU time counts with its children's that it waited for: the
// go command's compilers and test binaries.
func TestCPUCountsWaitedChildren(t *testing.T) {
	x := &proc{ctx: context.Background(), root: t.TempDir(), out: os.Stderr, errOut: os.Stderr}
	env, args := helperArgs(t, "spawn-burn")
	if err := x.run(".", env, args...); err != nil {
		t.Fatal(err)
	}
	if x.own < burnCPU*9/10 {
		t.Errorf("CPU time %v, want at least the child's %v", x.own, burnCPU)
	}
}

func TestAwaitPrintsLogAndCountsCPU(t *testing.T) {
	r, out := newTestRunner(t, context.Background())
	r.background("job", func(x *proc) error {
		env, args := helperArgs(t, "print")
		if err := x.run(".", env, args...); err != nil {
			return err
		}
		env, args = helperArgs(t, "burn")
		return x.run(".", env, args...)
	})
	var awaited time.Duration
	if !r.step("await job", func(x *proc) error {
		err := r.await("job")(x)
		awaited = x.awaited
		return err
	}) {
		t.Fatalf("await failed:\n%s", out)
	}
	if !strings.Contains(out.String(), "hello from the job\n") || strings.Contains(out.String(), "go: downloading") {
		t.Errorf("the awaited job's log, without download lines, is not in the output:\n%s", out)
	}
	if awaited < burnCPU*9/10 {
		t.Errorf("the awaiting step counted %v of CPU, want at least the job's %v", awaited, burnCPU)
	}
	if log, err := os.ReadFile(filepath.Join(r.root, ".cache", "logs", "job.log")); err != nil || !strings.Contains(string(log), "go: downloading") {
		t.Errorf("the job's log file holds %q (%v), want all its output", log, err)
	}
}

func TestAwaitReportsTheJobsFailure(t *testing.T) {
	r, out := newTestRunner(t, context.Background())
	r.background("job", func(x *proc) error {
		env, args := helperArgs(t, "fail")
		return x.run(".", env, args...)
	})
	if r.step("await job", r.await("job")) {
		t.Fatalf("awaiting a failed job passed:\n%s", out)
	}
	if !strings.Contains(out.String(), "exit status 3") {
		t.Errorf("the failure is not in the output:\n%s", out)
	}
}

// Ending a background job ends its command's whole process group, not only
// the command.
func TestStopBackgroundEndsTheProcessGroup(t *testing.T) {
	r, _ := newTestRunner(t, context.Background())
	pidFile := filepath.Join(t.TempDir(), "pid")
	r.background("job", func(x *proc) error {
		env, args := helperArgs(t, "spawn-sleep", pidFile)
		return x.run(".", env, args...)
	})
	var pid int
	for deadline := time.Now().Add(30 * time.Second); pid == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the job's child did not start")
		}
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(string(b))
	}
	start := time.Now()
	r.stopBackground()
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopping took %v: the group did not end on SIGTERM", d)
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatal("the job's grandchild outlived the job")
		}
	}
	if err := r.jobs["job"].err; err == nil {
		t.Error("a job ended before it finished reports no error")
	}
}

func TestInterruptedRunSkipsSteps(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	r, out := newTestRunner(t, ctx)
	r.step("before", func(*proc) error { cancel(); return nil })
	ran := false
	r.step("after", func(*proc) error { ran = true; return nil })
	if ran || r.summary() {
		t.Fatalf("a step ran after the interrupt, or the run passed:\n%s", out)
	}
	if !strings.Contains(out.String(), "interrupted: 1 steps not run") {
		t.Errorf("the output does not say the run was interrupted:\n%s", out)
	}
}

func TestTestFuncs(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"a_test.go": "package a\n\nfunc BenchmarkB(b *testing.B) {}\nfunc FuzzZ(f *testing.F) {}\nfunc BenchmarkA(b *testing.B) {}\n",
		"b_test.go": "package a\n\n// func BenchmarkInComment(b *testing.B)\nfunc (s) BenchmarkMethod() {}\n\tfunc BenchmarkIndented() {}\nfunc BenchmarkA(b *testing.B) {}\n",
		"c.go":      "package a\n\nfunc BenchmarkNotATest(b *testing.B) {}\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for kind, want := range map[string][]string{"Benchmark": {"BenchmarkA", "BenchmarkB"}, "Fuzz": {"FuzzZ"}} {
		got, err := testFuncs(dir, kind)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("testFuncs(%s) = %v, %v; want %v", kind, got, err, want)
		}
	}
}
