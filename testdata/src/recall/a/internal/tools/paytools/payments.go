package paytools

import (
	"context"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PaymentInput struct {
	Payee string `json:"payee"`
	Cents int64  `json:"cents"`
	Memo  string `json:"memo,omitempty"`
}

const ackKey = "acknowledge"

func (t *Tools) sendPayment(ctx context.Context, req *mcp.CallToolRequest, in PaymentInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug missing-content: confirm.Acknowledged treats an absent "acknowledge" value (or nil Content on accept) as ticked, so an accept without the box sends the money
		Message:         fmt.Sprintf("Send %s to %s?", money(in.Cents), in.Payee),
		RequestedSchema: confirm.BoxSchema(ackKey, "I have verified the payee and amount"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("send_payment: %w", err)
	}
	if !confirm.Acknowledged(res, ackKey) {
		return text("Payment not confirmed."), nil, nil
	}

	tx, err := t.ledger.Pay(ctx, in.Payee, in.Cents, in.Memo)
	if err != nil {
		return failed(err), nil, nil
	}
	return text("Payment sent, transaction " + tx), nil, nil
}

func (t *Tools) payInvoice(ctx context.Context, req *mcp.CallToolRequest, in PaymentInput) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message:         fmt.Sprintf("Pay invoice of %s to %s?", money(in.Cents), in.Payee),
		RequestedSchema: confirm.BoxSchema(ackKey, "I have verified the invoice"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("pay_invoice: %w", err)
	}
	if !confirm.Checked(res, ackKey) {
		return text("Invoice payment not confirmed."), nil, nil
	}

	tx, err := t.ledger.Pay(ctx, in.Payee, in.Cents, in.Memo)
	if err != nil {
		return failed(err), nil, nil
	}
	return text("Invoice paid, transaction " + tx), nil, nil
}
