//go:build unix

package main

import (
	"os/exec"
	"syscall"
	"time"
)

// ownProcessGroup starts cmd in a process group of its own and makes its
// context's end signal the whole group: the go command's compilers and
// test binaries, and the servers the tests start, end with it rather than
// outliving the run. Whoever is still there after ten seconds is killed.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
}
