package paytools

import (
	"context"
	"errors"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type CampaignInput struct {
	List     string `json:"list"`
	Template string `json:"template"`
}

func (t *Tools) sendBulkEmail(ctx context.Context, req *mcp.CallToolRequest, in CampaignInput) (*mcp.CallToolResult, any, error) {
	switch err := confirm.Require(ctx, req.Session, fmt.Sprintf("Email template %s to everyone on list %s?", in.Template, in.List)); { // probe:bug error: the switch only handles ErrDeclined and ErrCancelled; a failed request (transport error, ErrUnsupported, unexpected action) matches no case and the campaign is sent
	case errors.Is(err, confirm.ErrDeclined):
		return text("The user declined; do not retry this send."), nil, nil
	case errors.Is(err, confirm.ErrCancelled):
		return text("The user dismissed the confirmation; nothing was sent."), nil, nil
	}

	n, err := t.mail.SendCampaign(ctx, in.List, in.Template)
	if err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Campaign sent to %d recipients", n)), nil, nil
}

func (t *Tools) sendNewsletter(ctx context.Context, req *mcp.CallToolRequest, in CampaignInput) (*mcp.CallToolResult, any, error) {
	switch err := confirm.Require(ctx, req.Session, fmt.Sprintf("Send newsletter %s to list %s?", in.Template, in.List)); { // probe:ok
	case errors.Is(err, confirm.ErrDeclined):
		return text("The user declined; do not retry this send."), nil, nil
	case errors.Is(err, confirm.ErrCancelled):
		return text("The user dismissed the confirmation; nothing was sent."), nil, nil
	case err != nil:
		return failed(err), nil, nil
	}

	n, err := t.mail.SendCampaign(ctx, in.List, in.Template)
	if err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Newsletter sent to %d recipients", n)), nil, nil
}
