package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/mcplint/mcplint/internal/rules"
)

// The JSON-RPC error codes the engine answers with.
const (
	CodeInvalidParams = -32602
	CodeInternalError = -32603
)

// A WireError is a JSON-RPC error the engine ends a request with; the
// binding sends it as its SDK's error.
type WireError struct {
	Code    int64
	Message string
	Data    json.RawMessage
}

func (e *WireError) Error() string { return fmt.Sprintf("%s (%d)", e.Message, e.Code) }

// InvalidState is the error of a requestState that failed verification or
// is oversized: -32602 "Invalid or expired requestState" with data
// {"reason":"invalid_request_state"}, as python and typescript answer. Each
// call returns a new value.
func InvalidState() *WireError {
	return &WireError{Code: CodeInvalidParams, Message: "Invalid or expired requestState",
		Data: json.RawMessage(`{"reason":"invalid_request_state"}`)}
}

// InternalMessage is the failure of a request that failed inside the
// server: a resolver or handler panicked, or the engine's own machinery
// (encoding, sealing, a schema the server built) failed. Clients see only
// this; the details go to the logger.
func InternalMessage(m rules.Method) string {
	return "the " + m.Noun() + " failed inside the server; the server's log has the details"
}

// Exit is the one exit of a request, for every method and both bindings: a
// panic anywhere in serve (a resolver body, the handler, a codec) ends this
// request alone, and an error that is neither a [*WireError] nor the SDK's
// JSON-RPC error with a valid code ends it with a fixed message, so that no
// internals reach the client and no SDK sends code 0. wire renders a
// WireError as the SDK's error; internal renders the fixed failure in the
// method's terms.
func Exit[R any](e *Engine, serve func() (R, error), wire func(*WireError) error, internal func() (R, error)) (res R, err error) {
	defer func() {
		if v := recover(); v != nil {
			e.cfg.logger.Error("resolve: a request panicked; the server goes on", e.method.Noun(), e.name, "panic", v, "stack", string(debug.Stack()))
			res, err = internal()
		}
	}()
	res, err = serve()
	if err == nil {
		return res, nil
	}
	var zero R
	var we *WireError
	if errors.As(err, &we) {
		return zero, wire(we)
	}
	if wire := e.sdk.WireError(err); wire != nil {
		return zero, wire
	}
	e.cfg.logger.Error("resolve: a request failed inside the server", e.method.Noun(), e.name, "err", err)
	return internal()
}

// ServeResult serves a round of a prompt or resource, whose handler returns
// R, the result type of its method, through [Exit]: exchange reads the
// request, ask renders an ending that asks questions, and asksForInput
// reports whether an R the handler returned asks for input itself, which
// breaks the one-channel rule for a handler with resolved parameters (a
// server bug the client cannot mend: -32603, logged). A failure the client
// must see is -32602 with its message, as these methods have no isError.
// wire and internal are as for Exit.
func ServeResult[R any](e *Engine, exchange func() (*Exchange, error), ask func(Ending) (R, error), asksForInput func(R) bool,
	wire func(*WireError) error, internal func() (R, error)) (R, error) {
	var zero R
	return Exit(e, func() (R, error) {
		x, err := exchange()
		if err != nil {
			return zero, err
		}
		end, err := e.Serve(x)
		switch {
		case err != nil:
			return zero, err
		case end.Failure != "":
			return zero, &WireError{Code: CodeInvalidParams, Message: end.Failure}
		case end.Questions != nil:
			return ask(end)
		}
		res, _ := end.Out.Interface().(R)
		if e.Resolved() && asksForInput(res) {
			e.cfg.logger.Error("resolve: a handler with resolved parameters returned an input-required result", e.method.Noun(), e.name)
			return zero, &WireError{Code: CodeInternalError, Message: OneChannelMessage}
		}
		return res, nil
	}, wire, internal)
}

// askFailed is the failure of a question that a session older than
// 2026-07-28 could not get answered, and logs why. The SDKs validate a form
// answer against its schema before the engine sees it, so an error that is
// neither the client's nor the call's ending is a mismatched answer: it
// gets the fixed message of rule 6, as on newer sessions.
func (e *Engine) askFailed(ctx context.Context, key string, err error) Ending {
	e.cfg.logger.Warn("answer rejected", e.method.Noun(), e.name, "question", key, "reason", err)
	switch {
	case ctx.Err() != nil:
		return failed(fmt.Sprintf("the call ended while question %q was asked", key))
	case e.sdk.IsClientError(err):
		return failed(fmt.Sprintf("the client did not answer question %q", key))
	}
	return failed(MismatchMessage(key))
}

// MismatchMessage is the fixed message of a fresh answer that does not
// match its question (rule 6).
func MismatchMessage(key string) string {
	return fmt.Sprintf("the answer to question %q does not match the question asked", key)
}

// stateTooLarge is the failure of a call whose state does not fit in
// requestState, with any codec: n is the size of the state or of its token.
func stateTooLarge(n int) Ending {
	return failed(fmt.Sprintf("the answers of this call do not fit in requestState: %d bytes, over the limit of %d", n, MaxStateBytes))
}
