// Package tools is the admin toolbox of a SaaS back office: tools that
// delete customers, repositories, releases and data, each confirmed with
// the user first.
package tools

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Store carries out the destructive operations.
type Store interface {
	Delete(ctx context.Context, kind, name string) error
}

// Tools holds the tools' dependencies.
type Tools struct {
	srv    *server.MCPServer
	store  Store
	logger *slog.Logger

	approver       Approver
	strictApprover Approver

	// confirmPurge and confirmExpunge are the prompts of the purge tools,
	// kept as fields so that deployments can swap the wording.
	confirmPurge   func(ctx context.Context, what string) bool
	confirmExpunge func(ctx context.Context, what string) bool

	// gates of the hand-written rounds.
	releaseGate gate
	tagGate     gate
}

// New returns the toolbox, registered on srv.
func New(srv *server.MCPServer, store Store, logger *slog.Logger) *Tools {
	t := &Tools{srv: srv, store: store, logger: logger}
	t.approver = tolerantApprover{srv}
	t.strictApprover = checkboxApprover{srv}
	t.confirmPurge = func(ctx context.Context, what string) bool {
		res, err := srv.RequestElicitation(ctx, confirmRequest("Purge "+what+"?")) // probe:cause failopen-unticked: an accept is enough, the box is not read
		return err == nil && res.Action == mcp.ElicitationResponseActionAccept
	}
	t.confirmExpunge = func(ctx context.Context, what string) bool {
		res, err := srv.RequestElicitation(ctx, confirmRequest("Expunge "+what+"?")) // probe:ok
		return err == nil && boxTicked(res)
	}
	t.releaseGate = gate{key: "confirm_release", allow: func(r *mcp.ElicitationResult) bool {
		return r == nil || r.Action != mcp.ElicitationResponseActionDecline // probe:cause failopen-cancel: no answer and cancel both pass the gate
	}}
	t.tagGate = gate{key: "confirm_tag", allow: func(r *mcp.ElicitationResult) bool {
		return boxTicked(r) // probe:ok
	}}
	t.register()
	return t
}

func (t *Tools) register() {
	add := func(name, desc string, h server.ToolHandlerFunc) {
		t.srv.AddTool(mcp.NewTool(name, mcp.WithDescription(desc),
			mcp.WithString("name", mcp.Required(), mcp.Description("the resource to act on"))), h)
	}
	for _, d := range t.legacyTools() {
		add(d.name, d.desc, d.handler)
	}
	for _, d := range t.roundTools() {
		add(d.name, d.desc, d.handler)
	}
}

type toolDef struct {
	name, desc string
	handler    server.ToolHandlerFunc
}

func (t *Tools) delete(ctx context.Context, kind, name string) (*mcp.CallToolResult, error) {
	if err := t.store.Delete(ctx, kind, name); err != nil {
		return nil, err
	}
	return mcp.NewToolResultText(kind + " " + name + " deleted"), nil
}

func refused(tool string) *mcp.CallToolResult {
	return mcp.NewToolResultText(tool + ": not confirmed, nothing changed")
}

// confirmSchema is the one-checkbox form of every confirmation.
var confirmSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"confirm": map[string]any{"type": "boolean", "description": "Tick to confirm"},
	},
	"required": []string{"confirm"},
}

func confirmParams(message string) mcp.ElicitationParams {
	return mcp.ElicitationParams{Message: message, RequestedSchema: confirmSchema}
}

func confirmRequest(message string) mcp.ElicitationRequest {
	return mcp.ElicitationRequest{Params: confirmParams(message)}
}

func typedParams(name string) mcp.ElicitationParams {
	return mcp.ElicitationParams{
		Message: fmt.Sprintf("Type %q to confirm.", name),
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{"name": map[string]any{"type": "string"}},
		},
	}
}

// content returns the submitted form.
func content(r *mcp.ElicitationResult) map[string]any {
	if r == nil {
		return nil
	}
	c, _ := r.Content.(map[string]any)
	return c
}

// boxTicked reports whether the user accepted with the box ticked.
func boxTicked(r *mcp.ElicitationResult) bool {
	return r != nil && r.Action == mcp.ElicitationResponseActionAccept && content(r)["confirm"] == true
}

// Decision is the outcome of a confirmation.
type Decision string

const (
	Allow   Decision = "allow"
	Deny    Decision = "deny"
	Unknown Decision = "unknown"
)

func decisionOf(r *mcp.ElicitationResult, err error) Decision {
	if err != nil {
		return Unknown
	}
	if boxTicked(r) {
		return Allow
	}
	return Deny
}

// askYesNo asks and returns the answer; on a failed request it returns
// true with the error so that the caller can choose.
func (t *Tools) askYesNo(ctx context.Context, message string) (bool, error) {
	res, err := t.srv.RequestElicitation(ctx, confirmRequest(message)) // probe:cause failopen-error: true together with the error
	if err != nil {
		return true, fmt.Errorf("confirmation: %w", err)
	}
	return boxTicked(res), nil
}

var (
	errDeclined  = errors.New("declined")
	errCancelled = errors.New("cancelled")
)

// confirmErr returns nil on a ticked box, errDeclined or errCancelled on
// the user's refusal, and the request's error when it failed.
func (t *Tools) confirmErr(ctx context.Context, message string) error {
	res, err := t.srv.RequestElicitation(ctx, confirmRequest(message)) // probe:ok
	if err != nil {
		return err
	}
	switch {
	case res.Action == mcp.ElicitationResponseActionCancel:
		return errCancelled
	case !boxTicked(res):
		return errDeclined
	}
	return nil
}

// Approver asks the user to approve an operation.
type Approver interface {
	Approve(ctx context.Context, message string) bool
}

// checkboxApprover approves on a ticked box.
type checkboxApprover struct{ srv *server.MCPServer }

func (a checkboxApprover) Approve(ctx context.Context, message string) bool {
	res, err := a.srv.RequestElicitation(ctx, confirmRequest(message)) // probe:ok
	return err == nil && boxTicked(res)
}

// tolerantApprover approves unless the user says no.
type tolerantApprover struct{ srv *server.MCPServer }

func (a tolerantApprover) Approve(ctx context.Context, message string) bool {
	res, err := a.srv.RequestElicitation(ctx, confirmRequest(message)) // probe:cause failopen-error: only a decline refuses; failures and cancels approve
	if err != nil {
		return true
	}
	return res.Action != mcp.ElicitationResponseActionDecline
}

func typed(r *mcp.ElicitationResult) string {
	s, _ := content(r)["name"].(string)
	return strings.TrimSpace(s)
}
