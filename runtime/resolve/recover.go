package resolve

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// internalMessage is the failure of a request that failed inside the
// server: a resolver or handler panicked, or the engine's own machinery
// (encoding, sealing, a schema the server built) failed. Clients see only
// this; the details go to Options.Logger.
func internalMessage(m rules.Method) string {
	return "the " + m.Noun() + " failed inside the server; the server's log has the details"
}

// exit is the one exit of the engine, for every method: a panic anywhere in
// the request (a resolver body, the handler, a codec) ends this request
// alone, and an error that is not a JSON-RPC error with a valid code ends
// it with a fixed message, so that no internals reach the client and go-sdk
// never sends code 0. internal renders that ending in the method's terms.
func exit[R any](e *engine, serve func() (R, error), internal func() (R, error)) (res R, err error) {
	defer func() {
		if v := recover(); v != nil {
			e.rt.logger.Error("resolve: a request panicked; the server goes on", e.method.Noun(), e.name, "panic", v, "stack", string(debug.Stack()))
			res, err = internal()
		}
	}()
	res, err = serve()
	if err == nil {
		return res, nil
	}
	var wire *jsonrpc.Error
	if errors.As(err, &wire) && wire.Code != 0 {
		var zero R
		return zero, wire
	}
	e.rt.logger.Error("resolve: a request failed inside the server", e.method.Noun(), e.name, "err", err)
	return internal()
}

// askFailed is the failure of a question that a session older than
// 2026-07-28 could not get answered, and logs why. go-sdk validates a form
// answer against its schema before the engine sees it, so an error that is
// neither the client's nor the call's ending is a mismatched answer: it
// gets the fixed message of rule 6, as on newer sessions.
func (e *engine) askFailed(ctx context.Context, key string, err error) ending {
	e.rt.logger.Warn("answer rejected", e.method.Noun(), e.name, "question", key, "reason", err)
	var wire *jsonrpc.Error
	switch {
	case ctx.Err() != nil:
		return failed(fmt.Sprintf("the call ended while question %q was asked", key))
	case errors.As(err, &wire):
		return failed(fmt.Sprintf("the client did not answer question %q", key))
	}
	return failed(mismatchMessage(key))
}

// mismatchMessage is the fixed message of a fresh answer that does not
// match its question (rule 6).
func mismatchMessage(key string) string {
	return fmt.Sprintf("the answer to question %q does not match the question asked", key)
}

// stateTooLarge is the failure of a call whose state does not fit in
// requestState, with any codec: n is the size of the state or of its token.
func stateTooLarge(n int) ending {
	return failed(fmt.Sprintf("the answers of this call do not fit in requestState: %d bytes, over the limit of %d", n, MaxStateBytes))
}
