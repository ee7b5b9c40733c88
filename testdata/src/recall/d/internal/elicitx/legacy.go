package elicitx

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// LegacyConfirmer is the original v0 confirmer kept for the API-key tools. It
// predates the checkbox form and only shows a message with accept/decline
// buttons.
type LegacyConfirmer struct {
	Prefix string
}

var _ approval.Confirmer = LegacyConfirmer{}

// Confirm implements approval.Confirmer.
func (l LegacyConfirmer) Confirm(ctx context.Context, ss *mcp.ServerSession, message string) (bool, error) {
	if ss == nil {
		return false, approval.ErrNoSession
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{ // probe:cause cancel: Confirm returns Action != "decline", true on a cancel; accounts/keys.go trusts it
		Message: l.Prefix + message,
		RequestedSchema: map[string]any{
			"type":       "object",
			"properties": map[string]any{},
		},
	})
	if err != nil {
		return false, fmt.Errorf("legacy confirm: %w", err)
	}
	// Only an explicit "no" blocks; see approval.Decision for the newer API.
	return res.Action != approval.ActionDecline, nil
}
