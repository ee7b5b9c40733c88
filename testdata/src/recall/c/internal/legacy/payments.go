package legacy

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// memoSchema lets the user attach an optional memo; pressing Accept is the
// confirmation itself.
var memoSchema = map[string]any{
	"type": "object",
	"properties": map[string]any{
		"memo": map[string]any{
			"type":        "string",
			"description": "Optional memo recorded with the transaction",
		},
	},
}

func memoOf(res *mcp.ElicitationResult) string {
	content, _ := res.Content.(map[string]any)
	memo, _ := content["memo"].(string)
	return memo
}

func transferFunds(srv *server.MCPServer, be Backend) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		from := req.GetString("from", "")
		to := req.GetString("to", "")
		cents := int64(req.GetInt("amount_cents", 0))
		if from == "" || to == "" || cents <= 0 {
			return mcp.NewToolResultError("from, to and a positive amount_cents are required"), nil
		}

		res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{ // probe:bug unknown-action-proceeds: switch handles decline and cancel but has no default, so any action other than those two (not only accept) reaches Transfer
			Params: mcp.ElicitationParams{
				Message:         fmt.Sprintf("Transfer %d.%02d from %s to %s?", cents/100, cents%100, from, to),
				RequestedSchema: memoSchema,
			},
		})
		if err != nil {
			return nil, fmt.Errorf("confirm transfer: %w", err)
		}
		if res == nil {
			return nil, fmt.Errorf("confirm transfer: empty elicitation result")
		}

		switch res.Action {
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("Transfer declined."), nil
		case mcp.ElicitationResponseActionCancel:
			return mcp.NewToolResultText("Transfer cancelled."), nil
		}

		txID, err := be.Transfer(ctx, from, to, cents)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("transfer failed", err), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("Transfer %s submitted (memo %q).", txID, memoOf(res))), nil
	}
}

func refundPayment(srv *server.MCPServer, be Backend) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		paymentID := req.GetString("payment_id", "")
		cents := int64(req.GetInt("amount_cents", 0))
		if paymentID == "" || cents <= 0 {
			return mcp.NewToolResultError("payment_id and a positive amount_cents are required"), nil
		}

		res, err := srv.RequestElicitation(ctx, mcp.ElicitationRequest{ // probe:ok
			Params: mcp.ElicitationParams{
				Message:         fmt.Sprintf("Refund %d.%02d on payment %s?", cents/100, cents%100, paymentID),
				RequestedSchema: memoSchema,
			},
		})
		if err != nil {
			return nil, fmt.Errorf("confirm refund: %w", err)
		}
		if res == nil {
			return nil, fmt.Errorf("confirm refund: empty elicitation result")
		}

		switch res.Action {
		case mcp.ElicitationResponseActionAccept:
			// fall out of the switch and refund
		case mcp.ElicitationResponseActionDecline:
			return mcp.NewToolResultText("Refund declined."), nil
		default:
			return mcp.NewToolResultText("Refund cancelled."), nil
		}

		refID, err := be.Refund(ctx, paymentID, cents)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("refund failed", err), nil
		}
		return mcp.NewToolResultText(fmt.Sprintf("Refund %s submitted (memo %q).", refID, memoOf(res))), nil
	}
}
