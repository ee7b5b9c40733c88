package accounts

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// approvalKey scopes a remembered decision to one MCP session and one user,
// so that an operator working through a support ticket is not asked again
// for every step.
type approvalKey struct {
	session string
	user    string
}

type rememberedDecision struct {
	decision approval.Decision
	at       time.Time
}

func (s *Service) recall(m *sync.Map, k approvalKey) (rememberedDecision, bool) {
	v, ok := m.Load(k)
	if !ok {
		return rememberedDecision{}, false
	}
	rd := v.(rememberedDecision)
	if time.Since(rd.at) > s.RememberApprovals {
		m.Delete(k)
		return rememberedDecision{}, false
	}
	return rd, true
}

// ResetMFA removes all MFA factors of a user.
func (s *Service) ResetMFA(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, DeletionOutput, error) {
	out := DeletionOutput{ID: in.UserID}
	key := approvalKey{session: req.Session.ID(), user: in.UserID}

	if _, ok := s.recall(&s.mfaApprovals, key); ok {
		s.Logger.InfoContext(ctx, "reset_mfa: reusing earlier answer", "user", in.UserID)
	} else {
		p := approval.Prompt{
			Message:  fmt.Sprintf("Remove every MFA factor of %s? They will be able to sign in with a password only.", in.UserID),
			Checkbox: true,
		}
		d, err := s.Approver.Approve(ctx, req.Session, p) // probe:bug cached-decline-reused: every decision (including decline/cancel) is remembered, and the cache hit only tests presence, so a repeat call within the TTL resets MFA without approval
		if err != nil {
			return nil, out, fmt.Errorf("reset_mfa: approval: %w", err)
		}
		s.mfaApprovals.Store(key, rememberedDecision{decision: d, at: time.Now()})
		if !d.Approved() {
			return approval.Refused("MFA reset not approved"), out, nil
		}
	}

	if err := s.Directory.ResetMFA(ctx, in.UserID); err != nil {
		return nil, out, fmt.Errorf("reset_mfa: %w", err)
	}
	s.Audit.Record("reset_mfa", in.UserID, true)
	out.Deleted = true
	return approval.Done("MFA factors of %s removed", in.UserID), out, nil
}

// UnlinkSSO removes the SSO identity link of a user.
func (s *Service) UnlinkSSO(ctx context.Context, req *mcp.CallToolRequest, in UserInput) (*mcp.CallToolResult, DeletionOutput, error) {
	out := DeletionOutput{ID: in.UserID}
	key := approvalKey{session: req.Session.ID(), user: in.UserID}

	if rd, ok := s.recall(&s.ssoApprovals, key); ok && rd.decision.Approved() {
		s.Logger.InfoContext(ctx, "unlink_sso: reusing earlier approval", "user", in.UserID)
	} else {
		p := approval.Prompt{
			Message:  fmt.Sprintf("Unlink the SSO identity of %s?", in.UserID),
			Checkbox: true,
		}
		d, err := s.Approver.Approve(ctx, req.Session, p) // probe:ok
		if err != nil {
			return nil, out, fmt.Errorf("unlink_sso: approval: %w", err)
		}
		s.ssoApprovals.Store(key, rememberedDecision{decision: d, at: time.Now()})
		if !d.Approved() {
			return approval.Refused("SSO unlink not approved"), out, nil
		}
	}

	if err := s.Directory.UnlinkSSO(ctx, in.UserID); err != nil {
		return nil, out, fmt.Errorf("unlink_sso: %w", err)
	}
	s.Audit.Record("unlink_sso", in.UserID, true)
	out.Deleted = true
	return approval.Done("SSO identity of %s unlinked", in.UserID), out, nil
}
