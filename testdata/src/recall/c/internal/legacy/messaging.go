package legacy

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

func (t *Tools) sendBulkEmail(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	list, err := req.RequireString("list")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	tmpl, err := req.RequireString("template")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	res, err := t.srv.RequestElicitation(ctx, confirm.Request(fmt.Sprintf("Send template %s to everyone on %s?", tmpl, list))) // probe:policy no-elicitation-support-proceeds: a client without elicitation support gets the campaign sent with no confirmation at all (labelled a bug by its author; the comment below makes it a policy, which failopen reports with -failopen.unsupported)
	switch {
	case errors.Is(err, server.ErrElicitationNotSupported):
		// The scheduler's headless client can't render forms; campaigns it
		// triggers were already approved in the marketing calendar.
		t.log.Info("client cannot elicit, sending unconfirmed", "list", list, "template", tmpl)
	case err != nil:
		return nil, fmt.Errorf("confirm campaign: %w", err)
	case !confirm.Accepted(res) || !confirm.Checked(res):
		return mcp.NewToolResultText("Campaign not sent."), nil
	}

	n, err := t.be.SendCampaign(ctx, list, tmpl)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("send failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Campaign queued for %d recipients.", n)), nil
}

func (t *Tools) sendSMSBlast(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	list, err := req.RequireString("list")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	text, err := req.RequireString("text")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	res, err := t.srv.RequestElicitation(ctx, confirm.Request(fmt.Sprintf("Text %q to everyone on %s?", text, list))) // probe:ok
	switch {
	case errors.Is(err, server.ErrElicitationNotSupported):
		t.log.Info("client cannot elicit, refusing blast", "list", list)
		return mcp.NewToolResultError("send_sms_blast needs a client that supports elicitation so the blast can be confirmed"), nil
	case err != nil:
		return nil, fmt.Errorf("confirm blast: %w", err)
	case !confirm.Accepted(res) || !confirm.Checked(res):
		return mcp.NewToolResultText("Blast not sent."), nil
	}

	n, err := t.be.SendSMSBlast(ctx, list, text)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("send failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Blast queued for %d numbers.", n)), nil
}
