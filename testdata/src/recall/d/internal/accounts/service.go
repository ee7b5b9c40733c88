package accounts

import (
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// Audit records who approved what.
type Audit interface {
	Record(action, subject string, approved bool)
}

// SlogAudit writes audit records to a logger.
type SlogAudit struct{ L *slog.Logger }

// Record implements Audit.
func (a SlogAudit) Record(action, subject string, approved bool) {
	a.L.Info("audit", "action", action, "subject", subject, "approved", approved)
}

// Deps are the dependencies of Service.
type Deps struct {
	Ledger    Ledger
	Directory Directory
	Approver  approval.Approver
	Confirmer approval.Confirmer
	Audit     Audit
	Logger    *slog.Logger
	// PromptTimeout bounds refund/void approvals.
	PromptTimeout time.Duration
	// RememberApprovals is how long an MFA/SSO approval is remembered per
	// session and user.
	RememberApprovals time.Duration
}

// Service hosts the billing and identity tools.
type Service struct {
	Deps
	mfaApprovals sync.Map // approvalKey -> rememberedDecision
	ssoApprovals sync.Map // approvalKey -> rememberedDecision
}

// NewService returns a Service with defaults filled in.
func NewService(d Deps) *Service {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Audit == nil {
		d.Audit = SlogAudit{L: d.Logger}
	}
	if d.PromptTimeout == 0 {
		d.PromptTimeout = time.Minute
	}
	if d.RememberApprovals == 0 {
		d.RememberApprovals = 10 * time.Minute
	}
	return &Service{Deps: d}
}

// Register adds the billing and identity tools to srv.
func (s *Service) Register(srv *mcp.Server) {
	mcp.AddTool(srv, &mcp.Tool{Name: "revoke_tokens", Description: "Revoke all OAuth tokens of a user"}, s.RevokeTokens)
	mcp.AddTool(srv, &mcp.Tool{Name: "revoke_sessions", Description: "Sign a user out everywhere"}, s.RevokeSessions)

	mcp.AddTool(srv, &mcp.Tool{Name: "transfer_funds", Description: "Move money between internal accounts"}, s.TransferFunds)
	mcp.AddTool(srv, &mcp.Tool{Name: "schedule_payout", Description: "Schedule a payout to a connected account"}, s.SchedulePayout)

	mcp.AddTool(srv, &mcp.Tool{Name: "delete_user", Description: "Delete a user"}, s.DeleteUser)
	mcp.AddTool(srv, &mcp.Tool{Name: "erase_user_data", Description: "GDPR-erase a user's data"}, s.EraseUserData)

	mcp.AddTool(srv, &mcp.Tool{Name: "issue_refund", Description: "Refund a charge"}, s.refundApproval(s.issueRefund))
	mcp.AddTool(srv, &mcp.Tool{Name: "void_invoice", Description: "Void an open invoice"}, s.voidApproval(s.voidInvoice))

	mcp.AddTool(srv, &mcp.Tool{Name: "reset_mfa", Description: "Remove all MFA factors of a user"}, s.ResetMFA)
	mcp.AddTool(srv, &mcp.Tool{Name: "unlink_sso", Description: "Unlink a user's SSO identity"}, s.UnlinkSSO)

	mcp.AddTool(srv, &mcp.Tool{Name: "cancel_subscription", Description: "Cancel a subscription"}, s.CancelSubscription)
	mcp.AddTool(srv, &mcp.Tool{Name: "downgrade_plan", Description: "Downgrade a subscription plan"}, s.DowngradePlan)

	mcp.AddTool(srv, &mcp.Tool{Name: "close_account", Description: "Close a billing account"}, s.CloseAccount)
	mcp.AddTool(srv, &mcp.Tool{Name: "delete_organization", Description: "Delete an organization"}, s.DeleteOrganization)
}
