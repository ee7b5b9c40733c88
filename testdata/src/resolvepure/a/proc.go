package a

// Processes: running one, or signalling one, is an effect; building the
// command or looking up a binary is not.

import (
	"context"
	"os"
	"os/exec"
	"syscall"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PID struct{ N int }

func runs(ctx context.Context, in In) (Backup, error) {
	exec.Command("cp", in.Path, in.Path+".bak").Run()             // want `^resolver a.runs runs a process \(exec.\(\*Cmd\).Run\)`
	cmd := exec.CommandContext(ctx, "tar", "czf", in.Path+".tgz") // building a command does nothing
	cmd.Start()                                                   // want `runs a process \(exec.\(\*Cmd\).Start\)`
	exec.Command("git", "gc").Output()                            // want `runs a process \(exec.\(\*Cmd\).Output\)`
	exec.Command("git", "push").CombinedOutput()                  // want `runs a process \(exec.\(\*Cmd\).CombinedOutput\)`
	if _, err := exec.LookPath("git"); err != nil {
		return Backup{}, err
	}
	return Backup{}, nil
}

func confirmKill(ctx context.Context, in In, pid PID) (resolve.Elicit[Confirm], error) {
	p, err := os.FindProcess(pid.N)
	if err != nil {
		return resolve.Elicit[Confirm]{}, err
	}
	p.Signal(syscall.SIGTERM)            // want `^resolver a.confirmKill signals a process \(os.\(\*Process\).Signal\)`
	p.Kill()                             // want `signals a process \(os.\(\*Process\).Kill\)`
	syscall.Kill(pid.N, syscall.SIGKILL) // want `signals a process \(syscall.Kill\)`
	kill := p.Kill
	kill() // want `signals a process \(os.\(\*Process\).Kill\)`
	return resolve.Ask[Confirm]("Stop it?"), nil
}

func pidOf(ctx context.Context, in In) (PID, error) { return PID{N: os.Getpid()}, nil }

func registerProc(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "runs"}, handle, runs)
	resolve.MustAddTool(s, &mcp.Tool{Name: "kill"}, handleConfirmed, pidOf, confirmKill)
}
