package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// SubscriptionInput is the input of the subscription tools.
type SubscriptionInput struct {
	SubscriptionID string `json:"subscription_id" jsonschema:"subscription id"`
	Immediately    bool   `json:"immediately,omitempty" jsonschema:"cancel now instead of at period end"`
	Plan           string `json:"plan,omitempty" jsonschema:"target plan (downgrade only)"`
}

// SubscriptionOutput reports a subscription change.
type SubscriptionOutput struct {
	SubscriptionID string `json:"subscription_id"`
	Status         string `json:"status"`
}

// CancelSubscription cancels a subscription.
func (s *Service) CancelSubscription(ctx context.Context, req *mcp.CallToolRequest, in SubscriptionInput) (*mcp.CallToolResult, SubscriptionOutput, error) {
	out := SubscriptionOutput{SubscriptionID: in.SubscriptionID}
	p := approval.Prompt{
		Message:  fmt.Sprintf("Cancel subscription %s (immediately=%t)?", in.SubscriptionID, in.Immediately),
		Checkbox: true,
	}
	err := approval.Require(ctx, s.Approver, req.Session, p) // probe:bug error-class-fallthrough: the switch handles *DeniedError and context errors only; ErrUnsupported / transport / schema errors match no case and fall through to CancelSubscription
	var denied *approval.DeniedError
	switch {
	case errors.As(err, &denied):
		out.Status = denied.Decision.Action
		return approval.Refused("cancellation not approved"), out, nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, out, fmt.Errorf("cancel_subscription: %w", err)
	}

	if err := s.Ledger.CancelSubscription(ctx, in.SubscriptionID, in.Immediately); err != nil {
		return nil, out, fmt.Errorf("cancel_subscription: %w", err)
	}
	out.Status = "cancelled"
	return approval.Done("subscription %s cancelled", in.SubscriptionID), out, nil
}

// DowngradePlan moves a subscription to a cheaper plan.
func (s *Service) DowngradePlan(ctx context.Context, req *mcp.CallToolRequest, in SubscriptionInput) (*mcp.CallToolResult, SubscriptionOutput, error) {
	out := SubscriptionOutput{SubscriptionID: in.SubscriptionID}
	if in.Plan == "" {
		return nil, out, errors.New("downgrade_plan: plan is required")
	}
	p := approval.Prompt{
		Message:  fmt.Sprintf("Downgrade %s to %s? Features above that plan are removed.", in.SubscriptionID, in.Plan),
		Checkbox: true,
	}
	err := approval.Require(ctx, s.Approver, req.Session, p) // probe:ok
	var denied *approval.DeniedError
	switch {
	case errors.As(err, &denied):
		out.Status = denied.Decision.Action
		return approval.Refused("downgrade not approved"), out, nil
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return nil, out, fmt.Errorf("downgrade_plan: %w", err)
	case err != nil:
		return nil, out, fmt.Errorf("downgrade_plan: %w", err)
	}

	if err := s.Ledger.DowngradePlan(ctx, in.SubscriptionID, in.Plan); err != nil {
		return nil, out, fmt.Errorf("downgrade_plan: %w", err)
	}
	out.Status = "downgraded"
	return approval.Done("subscription %s downgraded to %s", in.SubscriptionID, in.Plan), out, nil
}
