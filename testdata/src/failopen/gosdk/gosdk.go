// Package gosdk confirms destructive actions with go-sdk's
// ServerSession.Elicit, some failing open and some closed.
package gosdk

import (
	"context"
	"errors"
	"log"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	ErrDeclined  = errors.New("declined")
	ErrCancelled = errors.New("cancelled")
)

func cancelled(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

// elicit returns the answer's content, ErrDeclined or ErrCancelled, or the
// request's error: a Confirmer (error nil only on acceptance).
func elicit(ctx context.Context, ss *mcp.ServerSession, msg string) (map[string]any, error) { // want elicit:"confirmer error=1 bool=-1"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return nil, err
	}
	switch res.Action {
	case "accept":
		return res.Content, nil
	case "decline":
		return nil, ErrDeclined
	default:
		return nil, ErrCancelled
	}
}

// Confirm returns the user's yes or no: a Confirmer with a bool outcome.
func Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:"confirmer error=1 bool=0"
	content, err := elicit(ctx, ss, msg)
	if err != nil {
		return false, err
	}
	yes, ok := content["confirmed"].(bool)
	return ok && yes, nil
}

// ConfirmAction returns nil when the action may proceed, and a result
// to return otherwise: on a failure other than a decline it proceeds. It
// takes the request, but returns to its caller, not to the SDK.
func ConfirmAction(ctx context.Context, req *mcp.CallToolRequest, msg string) *mcp.CallToolResult {
	confirmed, err := Confirm(ctx, req.Session, msg) // want `^when gosdk.Confirm fails with an error it does not stop on, gosdk.ConfirmAction returns nil, as when the user accepts: a timeout, a disconnect or a refused request must not confirm; treat every failure as a decline, or ask through a resolver, where a decline aborts the call$`
	if err != nil {
		if errors.Is(err, ErrDeclined) || errors.Is(err, ErrCancelled) {
			return cancelled("Operation canceled by user.")
		}
		return nil
	}
	if !confirmed {
		return cancelled("Operation canceled by user.")
	}
	return nil
}

// ConfirmClosed is ConfirmAction done right: any failure cancels.
func ConfirmClosed(ctx context.Context, ss *mcp.ServerSession, msg string) *mcp.CallToolResult {
	confirmed, err := Confirm(ctx, ss, msg)
	if err != nil || !confirmed {
		return cancelled("Operation canceled.")
	}
	return nil
}

// allowed asks directly and says yes when asking fails.
func allowed(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want allowed:"confirmer error=1 bool=0 decline=nil cancel=nil fail=nil bools=true/false/false/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `^when ServerSession.Elicit fails, gosdk.allowed returns true, as when the user accepts`
	if err != nil {
		log.Printf("elicitation failed: %v", err)
		return true, nil
	}
	return res.Action == "accept", nil
}

// allowedExplicit spells the decision out.
func allowedExplicit(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want allowedExplicit:"confirmer error=1 bool=0 decline=nil cancel=nil fail=nil bools=true/false/false/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `^when ServerSession.Elicit fails, gosdk.allowedExplicit returns true, as when the user accepts`
	if err != nil {
		return true, nil
	}
	if res.Action != "accept" {
		return false, nil
	}
	return true, nil
}

// check returns nil to go ahead; it fails open on any error.
func check(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `^when ServerSession.Elicit fails, gosdk.check returns nil, as when the user accepts`
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return ErrDeclined
	}
	return nil
}

// checkClosed returns the request's error.
func checkClosed(ctx context.Context, ss *mcp.ServerSession) error { // want checkClosed:"confirmer error=0 bool=-1"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"})
	if err != nil {
		return err
	}
	if res.Action != "accept" {
		return ErrDeclined
	}
	return nil
}

type DeleteIn struct {
	Path string `json:"path"`
}

func remove(string) error { return nil }

// deleteTool logs the failure and deletes anyway.
func deleteTool(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete " + in.Path + "?"}) // want `^when ServerSession.Elicit fails, gosdk.deleteTool goes on into the code that only acceptance reaches, from its call of gosdk\.remove: a timeout`
	if err != nil {
		log.Printf("could not ask: %v", err)
	} else if res.Action != "accept" {
		return cancelled("kept " + in.Path), nil, nil
	}
	if err := remove(in.Path); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// deleteAsked stops only on an explicit decline.
func deleteAsked(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, any, error) {
	if err := checkClosed(ctx, req.Session); err != nil { // want `^when gosdk.checkClosed fails with an error it does not stop on, gosdk.deleteAsked goes on into the code that only acceptance reaches`
		if errors.Is(err, ErrDeclined) {
			return cancelled("kept " + in.Path), nil, nil
		}
		log.Printf("confirmation failed, deleting anyway: %v", err)
	}
	if err := remove(in.Path); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// deleteClosed returns the failure.
func deleteClosed(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Delete " + in.Path + "?"})
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return cancelled("kept " + in.Path), nil, nil
	}
	if err := remove(in.Path); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// deleteMessage tells the outcome in one message: every path reaches the
// final return, with what it did.
func deleteMessage(ctx context.Context, req *mcp.CallToolRequest, in DeleteIn) (*mcp.CallToolResult, any, error) {
	var msg string
	if err := checkClosed(ctx, req.Session); err != nil {
		msg = "not deleted: " + err.Error()
	} else {
		remove(in.Path)
		msg = "deleted"
	}
	return cancelled(msg), nil, nil
}

type CreateIn struct {
	Title string `json:"title"`
}

// createIssue asks a harmless optional question: a failure leaves the
// default.
func createIssue(ctx context.Context, req *mcp.CallToolRequest, in CreateIn) (*mcp.CallToolResult, any, error) {
	var confidential *bool
	if yes, err := Confirm(ctx, req.Session, "Should the issue be confidential?"); err == nil {
		confidential = &yes
	}
	_ = confidential
	return &mcp.CallToolResult{}, nil, nil
}

// login sends the user to a page (URL mode) and carries on whatever
// happens: an out-of-band prompt confirms nothing.
func login(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Mode: "url", URL: "https://example.com/login", Message: "log in"})
	if err != nil {
		return nil
	}
	if res.Action != "accept" {
		return ErrDeclined
	}
	return nil
}

// ignoring drops the error and tests the result: a failure's nil result
// goes ahead.
func ignoring(ctx context.Context, ss *mcp.ServerSession) error {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "go ahead?"}) // want `^when ServerSession.Elicit fails, gosdk.ignoring returns nil`
	if res != nil && res.Action != "accept" {
		return ErrDeclined
	}
	return nil
}

// probe asks and logs what went wrong; it does nothing either way.
func probe(ctx context.Context, ss *mcp.ServerSession) {
	err := checkClosed(ctx, ss)
	if errors.Is(err, context.Canceled) {
		log.Print("cancelled")
	}
}
