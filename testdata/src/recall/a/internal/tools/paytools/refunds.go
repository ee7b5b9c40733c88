package paytools

import (
	"context"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type RefundInput struct {
	Charge string `json:"charge"`
	Cents  int64  `json:"cents"`
}

type VoidInput struct {
	Charge string `json:"charge"`
}

func (t *Tools) issueRefund(ctx context.Context, req *mcp.CallToolRequest, in RefundInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug unchecked-box: the "confirm" box only blocks when present and false; an accept whose Content lacks it (e.g. nil Content) issues the refund
		Message:         fmt.Sprintf("Refund %s on charge %s?", money(in.Cents), in.Charge),
		RequestedSchema: confirm.BoxSchema("confirm", "Refund the customer"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("issue_refund: %w", err)
	}
	if res.Action != confirm.ActionAccept {
		return text("Refund not confirmed."), nil, nil
	}
	if v, ok := res.Content["confirm"].(bool); ok && !v {
		return text("Refund box left unticked; nothing refunded."), nil, nil
	}

	if err := t.ledger.Refund(ctx, in.Charge, in.Cents); err != nil {
		return failed(err), nil, nil
	}
	return text("Refund issued for " + in.Charge), nil, nil
}

func (t *Tools) voidCharge(ctx context.Context, req *mcp.CallToolRequest, in VoidInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message:         fmt.Sprintf("Void charge %s?", in.Charge),
		RequestedSchema: confirm.BoxSchema("confirm", "Void this charge"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("void_charge: %w", err)
	}
	if res.Action != confirm.ActionAccept {
		return text("Void not confirmed."), nil, nil
	}
	if v, _ := res.Content["confirm"].(bool); !v {
		return text("Void box left unticked; nothing voided."), nil, nil
	}

	if err := t.ledger.Void(ctx, in.Charge); err != nil {
		return failed(err), nil, nil
	}
	return text("Voided " + in.Charge), nil, nil
}
