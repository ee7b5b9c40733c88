package legacy

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/recall/c/internal/confirm"
)

func (t *Tools) areYouSure(message string) mcp.ElicitationRequest {
	return mcp.ElicitationRequest{
		Params: mcp.ElicitationParams{
			Message:         message,
			RequestedSchema: confirm.EmptySchema(),
		},
	}
}

func (t *Tools) deleteUserAccount(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	userID, err := req.RequireString("user_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	res, err := t.srv.RequestElicitation(ctx, t.areYouSure(fmt.Sprintf("Permanently delete user %s?", userID))) // probe:bug cancel-proceeds: confirm.UserSaidNo only matches decline, so a cancelled (or unknown-action) dialog deletes the account
	if err != nil {
		return nil, fmt.Errorf("confirm account deletion: %w", err)
	}
	if res == nil {
		return nil, fmt.Errorf("confirm account deletion: empty elicitation result")
	}
	if confirm.UserSaidNo(res) {
		return mcp.NewToolResultText("Account kept."), nil
	}

	if err := t.be.DeleteUserAccount(ctx, userID); err != nil {
		return mcp.NewToolResultErrorFromErr("delete failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("User %s deleted.", userID)), nil
}

func (t *Tools) deleteTeam(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	teamID, err := req.RequireString("team_id")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	res, err := t.srv.RequestElicitation(ctx, t.areYouSure(fmt.Sprintf("Permanently delete team %s?", teamID))) // probe:ok
	if err != nil {
		return nil, fmt.Errorf("confirm team deletion: %w", err)
	}
	if res == nil {
		return nil, fmt.Errorf("confirm team deletion: empty elicitation result")
	}
	if !confirm.Accepted(res) {
		return mcp.NewToolResultText("Team kept."), nil
	}

	if err := t.be.DeleteTeam(ctx, teamID); err != nil {
		return mcp.NewToolResultErrorFromErr("delete failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Team %s deleted.", teamID)), nil
}
