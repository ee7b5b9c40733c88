// Package usesconfirm calls confirmlib's helpers (facts across packages).
package usesconfirm

import (
	"context"
	"errors"
	"log"

	"example.com/failopen/confirmlib"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func drop() error { return nil }

// dropTable stops only on a decline.
func dropTable(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Ask(ctx, req.Session, "drop the table?") // want `^when confirmlib.Ask fails with an error it does not stop on, usesconfirm.dropTable goes on into the code that only acceptance reaches`
	if errors.Is(err, confirmlib.ErrDeclined) {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropClosed stops on every error.
func dropClosed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if err := confirmlib.Ask(ctx, req.Session, "drop the table?"); err != nil {
		return nil, nil, err
	}
	return nil, nil, drop()
}

// permitted fails open through the method's fact: every error but the
// decline's sentinel counts as yes.
func permitted(ctx context.Context, c confirmlib.Client) bool { // want permitted:"confirmer value=0 accept=1:true decline=1:false cancel=1:false fail=1:true"
	ok, err := c.Confirm(ctx, "go ahead?") // want `^when confirmlib.Client.Confirm fails with an error it does not stop on, usesconfirm.permitted returns true, as when the user accepts`
	if err != nil && !errors.Is(err, confirmlib.ErrDeclined) {
		return true
	}
	return ok
}

// permittedClosed says no on every error.
func permittedClosed(ctx context.Context, c confirmlib.Client) bool { // want permittedClosed:"confirmer value=0 accept=1:true decline=1:false cancel=1:false fail=1:false"
	ok, err := c.Confirm(ctx, "go ahead?")
	return err == nil && ok
}

// truncate asks the SDK and decides with the library's predicate.
func truncate(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "truncate?"})
	if err != nil || !confirmlib.Accepted(res) {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// truncateOpen logs the failure and asks the library whether the user
// declined: a failed request has no answer, so it truncates.
func truncateOpen(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "truncate?"}) // want `^when ServerSession\.Elicit fails, usesconfirm\.truncateOpen goes on into the code that only acceptance reaches, from its call of usesconfirm\.drop, past what confirmlib\.Declined decides`
	if err != nil {
		log.Printf("elicitation: %v", err)
	}
	if confirmlib.Declined(res) {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropWrappedClosed stops on every error, the wrapped decline among them.
func dropWrappedClosed(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if err := confirmlib.AskWrapped(ctx, req.Session, "drop the table?"); err != nil {
		return nil, nil, err
	}
	return nil, nil, drop()
}

// dropWrappedDeclined stops on the wrapped decline and reports the
// others: a failure stops too.
func dropWrappedDeclined(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	err := confirmlib.AskWrapped(ctx, req.Session, "drop the table?")
	if errors.Is(err, confirmlib.ErrDeclined) {
		return &mcp.CallToolResult{}, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return nil, nil, drop()
}

// dropWrappedOpen stops on the wrapped decline alone: a timeout or the
// 2026-07-28 refusal drops the table.
func dropWrappedOpen(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if err := confirmlib.AskWrapped(ctx, req.Session, "drop the table?"); errors.Is(err, confirmlib.ErrDeclined) { // want `^when confirmlib.AskWrapped fails with an error it does not stop on, usesconfirm.dropWrappedOpen goes on into the code that only acceptance reaches`
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropViaElicit asks through the wrapper, and stops on a failure or a
// refusal.
func dropViaElicit(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := confirmlib.Elicit(ctx, req.Session, "drop the table?")
	if err != nil {
		return nil, nil, err
	}
	if res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropViaElicitOpen logs the wrapper's failure and stops only on an answer
// it sees: a failure drops the table.
func dropViaElicitOpen(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	res, err := confirmlib.Elicit(ctx, req.Session, "drop the table?") // want `^when confirmlib.Elicit fails, usesconfirm.dropViaElicitOpen goes on into the code that only acceptance reaches`
	if err != nil {
		log.Printf("elicit: %v", err)
	}
	if res != nil && res.Action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropOnAccept goes ahead only on an accepting action: a failure's ""
// stops.
func dropOnAccept(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	action, err := confirmlib.AskAction(ctx, req.Session, "drop the table?")
	if err != nil {
		log.Printf("confirm: %v", err)
	}
	if action != "accept" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropUnlessRefusedAction stops on the refusing actions it names: a
// failure's "" drops the table.
func dropUnlessRefusedAction(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	action, err := confirmlib.AskAction(ctx, req.Session, "drop the table?") // want `^when confirmlib.AskAction fails, usesconfirm.dropUnlessRefusedAction goes on into the code that only acceptance reaches`
	if err != nil {
		log.Printf("confirm: %v", err)
	}
	if action == "decline" || action == "cancel" {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropOnAllow goes ahead only on Allow.
func dropOnAllow(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if confirmlib.Decide(ctx, req.Session, "drop the table?") != confirmlib.Allow {
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropUnlessDenied stops on Deny alone: Unknown, a failure, drops.
func dropUnlessDenied(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if confirmlib.Decide(ctx, req.Session, "drop the table?") == confirmlib.Deny { // want `^when confirmlib.Decide fails, usesconfirm.dropUnlessDenied goes on into the code that only acceptance reaches`
		return &mcp.CallToolResult{}, nil, nil
	}
	return nil, nil, drop()
}

// dropAcknowledged stops on any error of a confirmer that also checks a
// box.
func dropAcknowledged(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if err := confirmlib.Acknowledge(ctx, req.Session, "drop the table?"); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, drop()
}

// dropUnlessAcknowledgeDeclined stops only on the decline's sentinel: a
// failed request drops.
func dropUnlessAcknowledgeDeclined(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	if err := confirmlib.Acknowledge(ctx, req.Session, "drop the table?"); errors.Is(err, confirmlib.ErrDeclined) { // want `^when confirmlib.Acknowledge fails with an error it does not stop on, usesconfirm.dropUnlessAcknowledgeDeclined goes on into the code that only acceptance reaches`
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop()
}

// pushGated tells a refusal apart by its type, and stops on any other
// error too.
func pushGated(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Gate(ctx, req.Session, "force-push?")
	var refused *confirmlib.RefusedError
	if errors.As(err, &refused) {
		return &mcp.CallToolResult{}, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, drop()
}

// pushUnlessRefused stops only on a refusal: a failed request pushes.
func pushUnlessRefused(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Gate(ctx, req.Session, "force-push?") // want `^when confirmlib.Gate fails with an error it does not stop on, usesconfirm.pushUnlessRefused goes on into the code that only acceptance reaches`
	var refused *confirmlib.RefusedError
	if errors.As(err, &refused) {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, drop()
}

// audit records how a question ended.
func audit(event string, err error) {}

// pushAudited records the outcome, error and all, before it stops on the
// error: recording it is no push.
func pushAudited(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Gate(ctx, req.Session, "force-push?")
	var refused *confirmlib.RefusedError
	if errors.As(err, &refused) {
		return &mcp.CallToolResult{}, nil, nil
	}
	audit("push.confirm", err)
	if err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, drop()
}

// pushAuditedOpen records the outcome and pushes on a failure: the
// finding names the push, not the record.
func pushAuditedOpen(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	err := confirmlib.Gate(ctx, req.Session, "force-push?") // want `^when confirmlib.Gate fails with an error it does not stop on, usesconfirm.pushAuditedOpen goes on into the code that only acceptance reaches, from its call of usesconfirm\.drop:`
	var refused *confirmlib.RefusedError
	if errors.As(err, &refused) {
		return &mcp.CallToolResult{}, nil, nil
	}
	audit("push.confirm", err)
	return &mcp.CallToolResult{}, nil, drop()
}

// Questions whose schema another package builds: confirmlib.BoxSchema's
// Schema fact names the box by the constant passed for its key.

// resetTicked goes ahead only on a ticked box.
func resetTicked(ctx context.Context, ss *mcp.ServerSession) error { // want resetTicked:"confirmer error=0 bool=-1 decline=nil"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Reset?", RequestedSchema: confirmlib.BoxSchema("sure", "Reset everything")})
	if err != nil {
		return err
	}
	if sure, _ := res.Content["sure"].(bool); res.Action != "accept" || !sure {
		return nil
	}
	return drop()
}

// resetNoted asks for a note, no checkbox: accept alone confirms.
func resetNoted(ctx context.Context, ss *mcp.ServerSession) error { // want resetNoted:"confirmer error=0 bool=-1 decline=nil"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Reset?", RequestedSchema: confirmlib.NoteSchema()})
	if err != nil || res.Action != "accept" {
		return err
	}
	return drop()
}

// resetOnAccept logs the form and goes ahead on any acceptance, the box
// unticked too: logging the content reads no box.
func resetOnAccept(ctx context.Context, ss *mcp.ServerSession) error { // want resetOnAccept:"confirmer error=0 bool=-1 decline=nil"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Reset?", RequestedSchema: confirmlib.BoxSchema("sure", "Reset everything")}) // want `^when the user accepts ServerSession\.Elicit's question with its one field, the checkbox "sure", unticked, usesconfirm\.resetOnAccept goes on`
	if err != nil || res.Action != "accept" {
		return err
	}
	log.Printf("reset confirmed: %v", res.Content)
	return drop()
}
