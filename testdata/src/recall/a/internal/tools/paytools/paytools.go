// Package paytools exposes payments and customer messaging as MCP tools.
package paytools

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Ledger moves money.
type Ledger interface {
	Pay(ctx context.Context, to string, cents int64, memo string) (txID string, err error)
	Refund(ctx context.Context, chargeID string, cents int64) error
	Void(ctx context.Context, chargeID string) error
	Payout(ctx context.Context, accountID string, cents int64) (string, error)
	Transfer(ctx context.Context, from, to string, cents int64) (string, error)
}

// Mailer sends email campaigns.
type Mailer interface {
	SendCampaign(ctx context.Context, listID, templateID string) (recipients int, err error)
}

type Tools struct {
	ledger Ledger
	mail   Mailer
	log    *slog.Logger
}

// Register adds all payment and messaging tools to s.
func Register(s *mcp.Server, ledger Ledger, mail Mailer, logger *slog.Logger) {
	t := &Tools{ledger: ledger, mail: mail, log: logger}

	mcp.AddTool(s, &mcp.Tool{Name: "send_payment", Description: "Send money to a payee."}, t.sendPayment)
	mcp.AddTool(s, &mcp.Tool{Name: "pay_invoice", Description: "Pay a supplier invoice."}, t.payInvoice)
	mcp.AddTool(s, &mcp.Tool{Name: "send_bulk_email", Description: "Send a marketing email to a list."}, t.sendBulkEmail)
	mcp.AddTool(s, &mcp.Tool{Name: "send_newsletter", Description: "Send the newsletter to all subscribers."}, t.sendNewsletter)
	mcp.AddTool(s, &mcp.Tool{Name: "issue_refund", Description: "Refund (part of) a charge."}, t.issueRefund)
	mcp.AddTool(s, &mcp.Tool{Name: "void_charge", Description: "Void an uncaptured charge."}, t.voidCharge)
	mcp.AddTool(s, &mcp.Tool{Name: "create_payout", Description: "Pay out a balance to a bank account."}, t.createPayout)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer_funds", Description: "Move funds between accounts."}, t.transferFunds)
}

func money(cents int64) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}

func text(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func failed(err error) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}
}
