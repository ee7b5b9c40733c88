// Package stdiotest runs a built MCP server over stdio with a real go-sdk
// client, for the tests of the examples and of the docs' complete programs.
package stdiotest

import (
	"bytes"
	"context"
	"os/exec"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Session starts the server binary bin, connects a go-sdk client to it
// over stdin and stdout, and passes the session to use. Then the client
// goes away (closes the server's stdin), and Session fails the test unless
// the server exits with status 0, within the SDK's grace period, having
// written nothing to stderr.
func Session(t *testing.T, bin string, use func(context.Context, *mcp.ClientSession)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.Command(bin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "stdiotest", Version: "v1"}, nil)
	// Past TerminateDuration the SDK sends SIGTERM: a server that has not
	// exited by then did not shut down on its own.
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 10 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connecting to %s: %v\nstderr:\n%s", bin, err, &stderr)
	}
	use(ctx, session)
	session.Close() // its error is the exit status, checked below
	if cmd.ProcessState == nil {
		t.Fatalf("%s has not exited after the client went away", bin)
	}
	if code := cmd.ProcessState.ExitCode(); code != 0 || stderr.Len() > 0 {
		t.Errorf("after the client went away, %s exited with status %d (%v), stderr:\n%s\nwant status 0 and no output",
			bin, code, cmd.ProcessState, &stderr)
	}
}
