package rounds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

// askSend asks a plain "are you sure?" question: Accept is the answer.
func askSend(key, message string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit(key, mcp.ElicitationParams{
			Mode:            mcp.ElicitationModeForm,
			Message:         message,
			RequestedSchema: confirm.EmptySchema(),
		}).
		ToolResult()
}

func (h *Handlers) sendNewsletter(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	issue, err := req.RequireString("issue")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	key := "newsletter:" + issue

	answer := server.ElicitationResponse(req.Params.InputResponses, key) // probe:bug cancel-proceeds: only decline is treated as "no"; a cancelled (dismissed) dialog sends the newsletter
	if answer == nil {
		return askSend(key, fmt.Sprintf("Email newsletter issue %s to all subscribers now?", issue)), nil
	}
	if answer.Action == mcp.ElicitationResponseActionDecline {
		return mcp.NewToolResultText("Newsletter not sent."), nil
	}

	n, err := h.be.SendNewsletter(ctx, issue)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("send failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Issue %s sent to %d subscribers.", issue, n)), nil
}

func (h *Handlers) sendInvoiceReminders(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	segment, err := req.RequireString("segment")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	key := "reminders:" + segment

	answer := server.ElicitationResponse(req.Params.InputResponses, key) // probe:ok
	if answer == nil {
		return askSend(key, fmt.Sprintf("Email payment reminders to every customer in %s now?", segment)), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("Reminders not sent."), nil
	}

	n, err := h.be.SendInvoiceReminders(ctx, segment)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("send failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Reminders sent to %d customers.", n)), nil
}
