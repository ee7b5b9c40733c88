package paytools

import (
	"context"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type PayoutInput struct {
	Account string `json:"account"`
	Cents   int64  `json:"cents"`
}

type TransferInput struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Cents int64  `json:"cents"`
}

func (t *Tools) createPayout(ctx context.Context, req *mcp.CallToolRequest, in PayoutInput) (*mcp.CallToolResult, any, error) {
	if _, err := confirm.Ask(ctx, req.Session, fmt.Sprintf("Pay out %s to account %s?", money(in.Cents), in.Account)); err != nil { // probe:bug decline: the bool from confirm.Ask is discarded; Ask returns (false, nil) on decline/cancel, so only transport errors stop the payout
		return failed(err), nil, nil
	}

	id, err := t.ledger.Payout(ctx, in.Account, in.Cents)
	if err != nil {
		return failed(err), nil, nil
	}
	return text("Payout created: " + id), nil, nil
}

func (t *Tools) transferFunds(ctx context.Context, req *mcp.CallToolRequest, in TransferInput) (*mcp.CallToolResult, any, error) {
	if ok, err := confirm.Ask(ctx, req.Session, fmt.Sprintf("Transfer %s from %s to %s?", money(in.Cents), in.From, in.To)); err != nil { // probe:ok
		return failed(err), nil, nil
	} else if !ok {
		return text("Transfer not confirmed."), nil, nil
	}

	id, err := t.ledger.Transfer(ctx, in.From, in.To, in.Cents)
	if err != nil {
		return failed(err), nil, nil
	}
	return text("Transfer created: " + id), nil, nil
}
