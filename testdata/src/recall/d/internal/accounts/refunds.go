package accounts

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// RefundInput is the input of issue_refund.
type RefundInput struct {
	ChargeID string `json:"charge_id" jsonschema:"charge to refund"`
	Cents    int64  `json:"cents" jsonschema:"amount in cents"`
}

// VoidInput is the input of void_invoice.
type VoidInput struct {
	InvoiceID string `json:"invoice_id" jsonschema:"invoice to void"`
}

type (
	refundHandler = mcp.ToolHandlerFor[RefundInput, MoneyOutput]
	voidHandler   = mcp.ToolHandlerFor[VoidInput, MoneyOutput]
)

// refundApproval wraps a refund handler with a time-boxed approval step.
func (s *Service) refundApproval(next refundHandler) refundHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in RefundInput) (*mcp.CallToolResult, MoneyOutput, error) {
		p := approval.Prompt{
			Message:  fmt.Sprintf("Refund %s on charge %s?", formatCents(in.Cents), in.ChargeID),
			Checkbox: true,
		}
		d, err := approval.WithTimeout(ctx, s.PromptTimeout, func(ctx context.Context) (approval.Decision, error) {
			return s.Approver.Approve(ctx, req.Session, p) // probe:bug expired-proceeds: (middleware closure) only Declined()/Cancelled() block; WithTimeout reports a timeout as ActionExpired with nil error, and an unticked accept also passes to next
		})
		if err != nil {
			return nil, MoneyOutput{}, fmt.Errorf("issue_refund: approval: %w", err)
		}
		if d.Declined() || d.Cancelled() {
			s.Audit.Record("issue_refund", in.ChargeID, false)
			return approval.Refused("refund " + d.Action), MoneyOutput{Status: d.Action}, nil
		}
		s.Audit.Record("issue_refund", in.ChargeID, true)
		return next(ctx, req, in)
	}
}

// voidApproval wraps a void handler with a time-boxed approval step.
func (s *Service) voidApproval(next voidHandler) voidHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest, in VoidInput) (*mcp.CallToolResult, MoneyOutput, error) {
		p := approval.Prompt{
			Message:  fmt.Sprintf("Void invoice %s?", in.InvoiceID),
			Checkbox: true,
		}
		d, err := approval.WithTimeout(ctx, s.PromptTimeout, func(ctx context.Context) (approval.Decision, error) {
			return s.Approver.Approve(ctx, req.Session, p) // probe:ok
		})
		if err != nil {
			return nil, MoneyOutput{}, fmt.Errorf("void_invoice: approval: %w", err)
		}
		if !d.Approved() {
			s.Audit.Record("void_invoice", in.InvoiceID, false)
			return approval.Refused("void not approved (" + d.Action + ")"), MoneyOutput{Status: d.Action}, nil
		}
		s.Audit.Record("void_invoice", in.InvoiceID, true)
		return next(ctx, req, in)
	}
}

func (s *Service) issueRefund(ctx context.Context, _ *mcp.CallToolRequest, in RefundInput) (*mcp.CallToolResult, MoneyOutput, error) {
	id, err := s.Ledger.Refund(ctx, in.ChargeID, in.Cents)
	if err != nil {
		return nil, MoneyOutput{}, fmt.Errorf("issue_refund: %w", err)
	}
	return approval.Done("refund %s issued", id), MoneyOutput{ID: id, Status: "refunded"}, nil
}

func (s *Service) voidInvoice(ctx context.Context, _ *mcp.CallToolRequest, in VoidInput) (*mcp.CallToolResult, MoneyOutput, error) {
	if err := s.Ledger.VoidInvoice(ctx, in.InvoiceID); err != nil {
		return nil, MoneyOutput{}, fmt.Errorf("void_invoice: %w", err)
	}
	return approval.Done("invoice %s voided", in.InvoiceID), MoneyOutput{ID: in.InvoiceID, Status: "voided"}, nil
}
