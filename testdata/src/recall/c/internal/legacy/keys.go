package legacy

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/recall/c/internal/confirm"
)

func (t *Tools) rotateAPIKeys(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	project, err := req.RequireString("project")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	res, err := t.srv.RequestElicitation(ctx, confirm.Request(fmt.Sprintf("Rotate all API keys of %s? Existing keys stop working immediately.", project))) // probe:bug confirm-box-missing-proceeds: the checkbox only blocks when present and false; an accept whose content lacks "confirm" (or is not an object) rotates
	if err != nil {
		return nil, fmt.Errorf("confirm rotation: %w", err)
	}
	if res == nil || res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("Rotation cancelled."), nil
	}
	content, _ := res.Content.(map[string]any)
	if ticked, ok := content[confirm.Field].(bool); ok && !ticked {
		return mcp.NewToolResultText("Rotation not confirmed."), nil
	}

	if err := t.be.RotateAPIKeys(ctx, project); err != nil {
		return mcp.NewToolResultErrorFromErr("rotation failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("All API keys of %s rotated.", project)), nil
}

func (t *Tools) revokeAPIKey(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	project, err := req.RequireString("project")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	keyID, err := req.RequireString("key_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	res, err := t.srv.RequestElicitation(ctx, confirm.Request(fmt.Sprintf("Revoke key %s of %s? Clients using it will start failing.", keyID, project))) // probe:ok
	if err != nil {
		return nil, fmt.Errorf("confirm revocation: %w", err)
	}
	if res == nil || res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("Revocation cancelled."), nil
	}
	content, _ := res.Content.(map[string]any)
	if ticked, ok := content[confirm.Field].(bool); !ok || !ticked {
		return mcp.NewToolResultText("Revocation not confirmed."), nil
	}

	if err := t.be.RevokeAPIKey(ctx, project, keyID); err != nil {
		return mcp.NewToolResultErrorFromErr("revocation failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Key %s revoked.", keyID)), nil
}
