package accounts

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// DeletionOutput reports a deletion.
type DeletionOutput struct {
	ID      string `json:"id"`
	Deleted bool   `json:"deleted"`
}

func userDeletionSchema(what string) map[string]any {
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			"confirm": map[string]any{
				"type":        "boolean",
				"title":       "Confirm",
				"description": what,
			},
		},
	}
}

// DeleteUser deletes a user account.
func (s *Service) DeleteUser(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, DeletionOutput, error) {
	out := DeletionOutput{ID: in.UserID}
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Delete user %s? This cannot be undone.", in.UserID),
		RequestedSchema: userDeletionSchema("Yes, delete this user"),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:bug checkbox-missing-proceeds: `Content["confirm"] == false` only catches an explicit false; an accept with no "confirm" key (schema doesn't require it) deletes
	if err != nil {
		return nil, out, fmt.Errorf("delete_user: confirmation: %w", err)
	}
	if res.Action != approval.ActionAccept {
		return approval.Refused("deletion not accepted (" + res.Action + ")"), out, nil
	}
	if res.Content["confirm"] == false {
		return approval.Refused("confirmation box not ticked"), out, nil
	}

	if err := s.Directory.DeleteUser(ctx, in.UserID); err != nil {
		return nil, out, fmt.Errorf("delete_user: %w", err)
	}
	s.Audit.Record("delete_user", in.UserID, true)
	out.Deleted = true
	return approval.Done("user %s deleted", in.UserID), out, nil
}

// EraseUserData erases a user's personal data.
func (s *Service) EraseUserData(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, DeletionOutput, error) {
	out := DeletionOutput{ID: in.UserID}
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Erase all personal data of %s? This cannot be undone.", in.UserID),
		RequestedSchema: userDeletionSchema("Yes, erase this user's data"),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:ok
	if err != nil {
		return nil, out, fmt.Errorf("erase_user_data: confirmation: %w", err)
	}
	if res.Action != approval.ActionAccept {
		return approval.Refused("erasure not accepted (" + res.Action + ")"), out, nil
	}
	if ticked, _ := res.Content["confirm"].(bool); !ticked {
		return approval.Refused("confirmation box not ticked"), out, nil
	}

	if err := s.Directory.EraseUserData(ctx, in.UserID); err != nil {
		return nil, out, fmt.Errorf("erase_user_data: %w", err)
	}
	s.Audit.Record("erase_user_data", in.UserID, true)
	out.Deleted = true
	return approval.Done("data of %s erased", in.UserID), out, nil
}
