package rounds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/recall/c/internal/confirm"
)

const (
	wireKey   = "wire-confirm"
	payoutKey = "payout-confirm"
)

func formatCents(c int64) string { return fmt.Sprintf("%d.%02d", c/100, c%100) }

func (h *Handlers) wireTransfer(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	account := req.GetString("account", "")
	iban := req.GetString("iban", "")
	cents := int64(req.GetInt("amount_cents", 0))
	if account == "" || iban == "" || cents <= 0 {
		return mcp.NewToolResultError("account, iban and a positive amount_cents are required"), nil
	}

	outcome := confirm.Decide(req.Params.InputResponses, wireKey) // probe:bug malformed-content-proceeds: the switch has no case for confirm.Invalid, so an accepted answer whose content is missing or malformed falls through to WireTransfer
	switch outcome {
	case confirm.Pending:
		return confirm.AskResult("", wireKey,
			fmt.Sprintf("Wire %s from %s to %s?", formatCents(cents), account, iban)), nil
	case confirm.Rejected:
		return mcp.NewToolResultText("Wire transfer cancelled."), nil
	}

	ref, err := h.be.WireTransfer(ctx, account, iban, cents)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("wire failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Wire %s submitted.", ref)), nil
}

func (h *Handlers) payoutVendor(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	vendor := req.GetString("vendor_id", "")
	cents := int64(req.GetInt("amount_cents", 0))
	if vendor == "" || cents <= 0 {
		return mcp.NewToolResultError("vendor_id and a positive amount_cents are required"), nil
	}

	outcome := confirm.Decide(req.Params.InputResponses, payoutKey) // probe:ok
	switch outcome {
	case confirm.Approved:
		// proceed below
	case confirm.Pending:
		return confirm.AskResult("", payoutKey,
			fmt.Sprintf("Pay out %s to vendor %s?", formatCents(cents), vendor)), nil
	case confirm.Rejected:
		return mcp.NewToolResultText("Payout cancelled."), nil
	default:
		h.log.Warn("unusable payout confirmation", "vendor", vendor, "outcome", outcome)
		return mcp.NewToolResultError("confirmation answer was not understood; payout not sent"), nil
	}

	ref, err := h.be.PayoutVendor(ctx, vendor, cents)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("payout failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Payout %s submitted.", ref)), nil
}
