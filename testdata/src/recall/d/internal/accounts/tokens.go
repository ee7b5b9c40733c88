package accounts

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// UserInput names a user.
type UserInput struct {
	UserID string `json:"user_id" jsonschema:"user id"`
	Reason string `json:"reason,omitempty" jsonschema:"reason, recorded in the audit log"`
}

// RevokeOutput reports how many credentials were revoked.
type RevokeOutput struct {
	Revoked int `json:"revoked"`
}

// RevokeTokens revokes every OAuth token of a user.
func (s *Service) RevokeTokens(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, RevokeOutput, error) {
	msg := fmt.Sprintf("Revoke all OAuth tokens of %s? Integrations will stop working.", in.UserID)
	ok, err := s.Confirmer.Confirm(ctx, req.Session, msg) // probe:bug ok-unchecked: only err is checked; ok (false on decline/cancel/unticked) is merely written to the audit log before RevokeTokens runs
	if err != nil {
		return nil, RevokeOutput{}, fmt.Errorf("revoke_tokens: confirmation: %w", err)
	}
	s.Audit.Record("revoke_tokens", in.UserID, ok)

	n, err := s.Directory.RevokeTokens(ctx, in.UserID)
	if err != nil {
		return nil, RevokeOutput{}, fmt.Errorf("revoke_tokens: %w", err)
	}
	return approval.Done("revoked %d tokens of %s", n, in.UserID), RevokeOutput{Revoked: n}, nil
}

// RevokeSessions signs a user out of every session.
func (s *Service) RevokeSessions(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, RevokeOutput, error) {
	msg := fmt.Sprintf("Sign %s out of every session?", in.UserID)
	ok, err := s.Confirmer.Confirm(ctx, req.Session, msg) // probe:ok
	if err != nil {
		return nil, RevokeOutput{}, fmt.Errorf("revoke_sessions: confirmation: %w", err)
	}
	s.Audit.Record("revoke_sessions", in.UserID, ok)
	if !ok {
		return approval.Refused("sign-out not confirmed"), RevokeOutput{}, nil
	}

	n, err := s.Directory.RevokeSessions(ctx, in.UserID)
	if err != nil {
		return nil, RevokeOutput{}, fmt.Errorf("revoke_sessions: %w", err)
	}
	return approval.Done("revoked %d sessions of %s", n, in.UserID), RevokeOutput{Revoked: n}, nil
}
