package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// TransferInput is the input of transfer_funds.
type TransferInput struct {
	From  string `json:"from" jsonschema:"source account"`
	To    string `json:"to" jsonschema:"destination account"`
	Cents int64  `json:"cents" jsonschema:"amount in cents"`
}

// PayoutInput is the input of schedule_payout.
type PayoutInput struct {
	Account string `json:"account" jsonschema:"connected account id"`
	Cents   int64  `json:"cents" jsonschema:"amount in cents"`
}

// MoneyOutput reports a money movement.
type MoneyOutput struct {
	ID     string `json:"id,omitempty"`
	Status string `json:"status"`
}

func moneySchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"confirm": {Type: "boolean", Description: "I have verified the amount and the destination"},
		},
	}
}

func formatCents(c int64) string { return fmt.Sprintf("$%d.%02d", c/100, c%100) }

// TransferFunds moves money between two internal accounts.
func (s *Service) TransferFunds(ctx context.Context, req *mcp.CallToolRequest, in TransferInput) (*mcp.CallToolResult, MoneyOutput, error) {
	if in.Cents <= 0 {
		return nil, MoneyOutput{}, errors.New("transfer_funds: amount must be positive")
	}
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Transfer %s from %s to %s?", formatCents(in.Cents), in.From, in.To),
		RequestedSchema: moneySchema(),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:bug de-morgan-checkbox: refusal needs !accept AND !confirmed, so "accept" with the verify box unticked (or absent) transfers
	if err != nil {
		return nil, MoneyOutput{}, fmt.Errorf("transfer_funds: confirmation: %w", err)
	}
	confirmed, _ := res.Content["confirm"].(bool)
	if res.Action != approval.ActionAccept && !confirmed {
		return approval.Refused("transfer not confirmed"), MoneyOutput{Status: res.Action}, nil
	}

	id, err := s.Ledger.Transfer(ctx, in.From, in.To, in.Cents)
	if errors.Is(err, ErrInsufficientFunds) {
		return approval.Refused(err.Error()), MoneyOutput{Status: "insufficient_funds"}, nil
	} else if err != nil {
		return nil, MoneyOutput{}, fmt.Errorf("transfer_funds: %w", err)
	}
	return approval.Done("transferred %s (%s)", formatCents(in.Cents), id), MoneyOutput{ID: id, Status: "completed"}, nil
}

// SchedulePayout schedules a payout to a connected account.
func (s *Service) SchedulePayout(ctx context.Context, req *mcp.CallToolRequest, in PayoutInput) (*mcp.CallToolResult, MoneyOutput, error) {
	if in.Cents <= 0 {
		return nil, MoneyOutput{}, errors.New("schedule_payout: amount must be positive")
	}
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Pay out %s to %s?", formatCents(in.Cents), in.Account),
		RequestedSchema: moneySchema(),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:ok
	if err != nil {
		return nil, MoneyOutput{}, fmt.Errorf("schedule_payout: confirmation: %w", err)
	}
	confirmed, _ := res.Content["confirm"].(bool)
	if res.Action != approval.ActionAccept || !confirmed {
		return approval.Refused("payout not confirmed"), MoneyOutput{Status: res.Action}, nil
	}

	id, err := s.Ledger.SchedulePayout(ctx, in.Account, in.Cents)
	if err != nil {
		return nil, MoneyOutput{}, fmt.Errorf("schedule_payout: %w", err)
	}
	return approval.Done("payout %s scheduled", id), MoneyOutput{ID: id, Status: "scheduled"}, nil
}
