package resolve

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// internalMessage is the tool error of a call that failed inside the
// server: a resolver or handler panicked, or the engine's own machinery
// (encoding, sealing, a schema the server built) failed. Clients see only
// this; the details go to Options.Logger.
const internalMessage = "the tool failed inside the server; the server's log has the details"

// handle serves one tools/call round. It is the one exit of the engine: a
// panic anywhere in the call (a resolver body, the handler, a codec) ends
// this call alone with a tool error, and an error that is not a JSON-RPC
// error with a valid code becomes a tool error with a fixed message, so
// that no internals reach the client and go-sdk never sends code 0.
func (t *tool) handle(ctx context.Context, req *mcp.CallToolRequest) (res *mcp.CallToolResult, err error) {
	defer func() {
		if v := recover(); v != nil {
			t.rt.logger.Error("resolve: a tool call panicked; the server goes on", "tool", t.spec.Name, "panic", v, "stack", string(debug.Stack()))
			res, err = toolError(internalMessage), nil
		}
	}()
	res, err = t.serve(ctx, req)
	if err == nil {
		return res, nil
	}
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire.Code != 0 {
		return nil, wire
	}
	t.rt.logger.Error("resolve: a tool call failed inside the server", "tool", t.spec.Name, "err", err)
	return toolError(internalMessage), nil
}

// askFailed is the tool error of a question that a session older than
// 2026-07-28 could not get answered, and logs why. go-sdk validates a form
// answer against its schema before the engine sees it, so an error that is
// neither the client's nor the call's ending is a mismatched answer: it
// gets the fixed message of rule 6, as on newer sessions.
func (t *tool) askFailed(ctx context.Context, key string, err error) *mcp.CallToolResult {
	t.rt.logger.Warn("answer rejected", "tool", t.spec.Name, "question", key, "reason", err)
	var wire *jsonrpc.Error
	switch {
	case ctx.Err() != nil:
		return toolError(fmt.Sprintf("the call ended while question %q was asked", key))
	case errors.As(err, &wire):
		return toolError(fmt.Sprintf("the client did not answer question %q", key))
	}
	return toolError(mismatchMessage(key))
}

// mismatchMessage is the fixed message of a fresh answer that does not
// match its question (rule 6).
func mismatchMessage(key string) string {
	return fmt.Sprintf("the answer to question %q does not match the question asked", key)
}

// stateTooLarge is the tool error of a call whose state does not fit in
// requestState, with any codec: n is the size of the state or of its token.
func stateTooLarge(n int) *mcp.CallToolResult {
	return toolError(fmt.Sprintf("the answers of this call do not fit in requestState: %d bytes, over the limit of %d", n, MaxStateBytes))
}
