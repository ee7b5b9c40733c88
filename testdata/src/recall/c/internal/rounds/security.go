package rounds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

// tenantSchema asks which tenant a tenant-wide operation applies to.
var tenantSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"tenant": map[string]any{
			"type":        "string",
			"description": "Tenant slug",
			"minLength":   1,
		},
	},
	"required": []string{"tenant"},
}

// askTenantAndAck asks, in one round, which tenant to act on and for an
// explicit acknowledgement of the consequences.
func askTenantAndAck(op, consequence string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit(op+":tenant", mcp.ElicitationParams{
			Message:         fmt.Sprintf("Which tenant should %s apply to?", op),
			RequestedSchema: tenantSchema,
		}).
		Elicit(op+":ack", mcp.ElicitationParams{
			Message:         consequence + " Continue?",
			RequestedSchema: confirm.EmptySchema(),
		}).
		ToolResult()
}

func (h *Handlers) revokeSessions(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	const op = "revoke_sessions"
	in := req.Params.InputResponses

	tenantAns := server.ElicitationResponse(in, op+":tenant")
	ack := server.ElicitationResponse(in, op+":ack") // probe:bug decline-proceeds: both answers are required to be present but only the tenant answer's action is checked; declining the acknowledgement still signs everyone out
	if tenantAns == nil || ack == nil {
		return askTenantAndAck(op, "Every user of the tenant will be signed out."), nil
	}
	if tenantAns.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("Revocation cancelled."), nil
	}
	tenant, ok := confirm.StringField(tenantAns, "tenant")
	if !ok || tenant == "" {
		return mcp.NewToolResultError("no tenant given"), nil
	}

	n, err := h.be.RevokeSessions(ctx, tenant)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("revocation failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Revoked %d sessions of %s.", n, tenant)), nil
}

func (h *Handlers) resetMFA(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	const op = "reset_mfa"
	in := req.Params.InputResponses

	tenantAns := server.ElicitationResponse(in, op+":tenant")
	ack := server.ElicitationResponse(in, op+":ack") // probe:ok
	if tenantAns == nil || ack == nil {
		return askTenantAndAck(op, "Every user of the tenant will have to enrol MFA again."), nil
	}
	if !confirm.Accepted(tenantAns) || !confirm.Accepted(ack) {
		return mcp.NewToolResultText("MFA reset cancelled."), nil
	}
	tenant, ok := confirm.StringField(tenantAns, "tenant")
	if !ok || tenant == "" {
		return mcp.NewToolResultError("no tenant given"), nil
	}

	n, err := h.be.ResetMFA(ctx, tenant)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("MFA reset failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Reset MFA for %d users of %s.", n, tenant)), nil
}

func (h *Handlers) rotateSigningKey(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	keyID, err := req.RequireString("key_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	key := "rotate-signing:" + keyID

	resp, ok := server.InputResponse(req.Params.InputResponses, key) // probe:bug undecoded-response-proceeds: a wire-decoded InputResponse keeps Elicitation nil until DecodeFor, so the nil-guarded rejection never fires for modern clients and the key is rotated regardless of the answer
	if !ok {
		return confirm.AskResult("", key,
			fmt.Sprintf("Rotate signing key %s? Every token it signed becomes invalid.", keyID)), nil
	}
	if e := resp.Elicitation; e != nil && (e.Action != mcp.ElicitationResponseActionAccept || !confirm.Checked(e)) {
		return mcp.NewToolResultText("Rotation cancelled."), nil
	}

	newID, err := h.be.RotateSigningKey(ctx, keyID)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("rotation failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Signing key rotated; new key is %s.", newID)), nil
}

func (h *Handlers) rotateWebhookSecret(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	hookID, err := req.RequireString("hook_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	key := "rotate-webhook:" + hookID

	resp, ok := server.InputResponse(req.Params.InputResponses, key) // probe:ok
	if !ok {
		return confirm.AskResult("", key,
			fmt.Sprintf("Rotate the secret of webhook %s? Receivers must update before deliveries verify again.", hookID)), nil
	}
	if err := resp.DecodeFor(mcp.MethodElicitationCreate); err != nil {
		return mcp.NewToolResultErrorFromErr("unreadable confirmation", err), nil
	}
	if e := resp.Elicitation; e == nil || e.Action != mcp.ElicitationResponseActionAccept || !confirm.Checked(e) {
		return mcp.NewToolResultText("Rotation cancelled."), nil
	}

	secretID, err := h.be.RotateWebhookSecret(ctx, hookID)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("rotation failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Webhook secret rotated (%s).", secretID)), nil
}
