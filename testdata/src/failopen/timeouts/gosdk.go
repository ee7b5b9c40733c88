// Package timeouts tells a failed request apart by its class: the SDK's
// refusal (or any other error), a timeout (context.DeadlineExceeded) and
// a cancelled context (context.Canceled). Each class must end where a
// decline ends; each fail-open shape has a correct twin beside it, which
// must stay silent.
package timeouts

import (
	"context"
	"errors"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/failopen/confirmlib"
)

var errTimedOut = errors.New("the question timed out")

func drop(table string) error { return os.Remove(table) }

func kept(table string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "kept " + table}}}
}

type DropIn struct {
	Table string `json:"table"`
}

var dropQuestion = &mcp.ElicitParams{Message: "Drop the table?"}

// ---- correct: every class refuses ----

// timeoutRefuses names the timeout and refuses, as on any other failure.
func timeoutRefuses(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want timeoutRefuses:"confirmer error=1 bool=0 decline=nil cancel=nil fail=error bools=true/false/false/false"
	res, err := ss.Elicit(ctx, dropQuestion)
	if errors.Is(err, context.DeadlineExceeded) {
		return false, errTimedOut
	}
	if err != nil || res.Action != "accept" {
		return false, err
	}
	return true, nil
}

// retryOnTimeout asks once more after a timeout, and refuses when that
// fails too: the second question is judged on its own.
func retryOnTimeout(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want retryOnTimeout:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure bools=true/false/false/false"
	res, err := ss.Elicit(ctx, dropQuestion)
	if errors.Is(err, context.DeadlineExceeded) {
		res, err = ss.Elicit(ctx, dropQuestion)
	}
	if err != nil || res.Action != "accept" {
		return false, err
	}
	return true, nil
}

// LogsClass logs the class of the failure and refuses on each.
func LogsClass(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, dropQuestion)
	if err != nil {
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			log.Printf("the user did not answer in time")
		case errors.Is(err, context.Canceled):
			log.Printf("the client went away")
		default:
			log.Printf("could not ask: %v", err)
		}
		return kept(in.Table), nil, nil
	}
	if res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// ContextDone returns the context's error when it is done, and the
// decline otherwise: both stop.
func ContextDone(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, dropQuestion)
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return kept(in.Table), nil, nil
	}
	if res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// AckTimeoutRefuses stops on every error of a confirmer of another
// package, a timeout first.
func AckTimeoutRefuses(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Acknowledge(ctx, req.Session, "Drop the table?")
	if errors.Is(err, context.DeadlineExceeded) {
		return kept(in.Table), nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// ---- fail open: one class goes ahead ----

// proceedOnTimeout goes ahead when the user does not answer in time.
func proceedOnTimeout(ctx context.Context, ss *mcp.ServerSession) (bool, error) {
	res, err := ss.Elicit(ctx, dropQuestion) // want `^when ServerSession\.Elicit times out, timeouts\.proceedOnTimeout returns true, as when the user accepts: a timeout`
	if errors.Is(err, context.DeadlineExceeded) {
		return true, nil
	}
	if err != nil || res.Action != "accept" {
		return false, err
	}
	return true, nil
}

// FinishOnCancel drops the table when the client goes away: a cancelled
// context is no consent.
func FinishOnCancel(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, dropQuestion) // want `^when the context of ServerSession\.Elicit is cancelled, timeouts\.FinishOnCancel goes on into the code that only acceptance reaches, from its call of timeouts\.drop: a timeout`
	if err != nil && !errors.Is(err, context.Canceled) {
		return kept(in.Table), nil, nil
	}
	if err == nil && res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// ContextDoneProceeds stops on a failure only while the context is live.
func ContextDoneProceeds(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, dropQuestion) // want `^when ServerSession\.Elicit times out or its context is cancelled, timeouts\.ContextDoneProceeds goes on into the code that only acceptance reaches, from its call of timeouts\.drop: a timeout`
	if err != nil && ctx.Err() == nil {
		return kept(in.Table), nil, nil
	}
	if err == nil && res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// AckProceedsOnTimeout stops on every error of a confirmer of another
// package but a timeout.
func AckProceedsOnTimeout(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Acknowledge(ctx, req.Session, "Drop the table?") // want `^when confirmlib\.Acknowledge times out, timeouts\.AckProceedsOnTimeout goes on into the code that only acceptance reaches, from its call of timeouts\.drop: a timeout`
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}

// CompareTimeout stops on every error but a timeout, compared with ==: a
// cancelled context is never a timeout, so only a timeout goes ahead.
func CompareTimeout(ctx context.Context, req *mcp.CallToolRequest, in DropIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, dropQuestion) // want `^when ServerSession\.Elicit times out, timeouts\.CompareTimeout goes on into the code that only acceptance reaches, from its call of timeouts\.drop: a timeout`
	if err != nil && err != context.DeadlineExceeded {
		return kept(in.Table), nil, nil
	}
	if err == nil && res.Action != "accept" {
		return kept(in.Table), nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop(in.Table)
}
