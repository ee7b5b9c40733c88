package legacy

import (
	"context"
	"fmt"
	"time"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/recall/c/internal/confirm"
)

// answerWindow is how long a queue operation waits for the operator.
const answerWindow = 2 * time.Minute

func (t *Tools) flushQueue(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queue, err := req.RequireString("queue")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	// Flushes are usually requested by the on-call runbook at 3am; don't
	// block the runbook forever if nobody is watching the client.
	ok, err := confirm.AskWithin(ctx, t.srv, fmt.Sprintf("Drop every pending message in %s?", queue), answerWindow, confirm.ProceedOnTimeout) // probe:bug timeout-as-consent: ProceedOnTimeout turns an unanswered elicitation into (true, nil), so the queue is flushed without acceptance
	if err != nil {
		return mcp.NewToolResultErrorFromErr("could not get confirmation", err), nil
	}
	if !ok {
		return mcp.NewToolResultText("Flush cancelled."), nil
	}

	n, err := t.be.FlushQueue(ctx, queue)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("flush failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Dropped %d messages from %s.", n, queue)), nil
}

func (t *Tools) purgeDeadLetters(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	queue, err := req.RequireString("queue")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	ok, err := confirm.AskWithin(ctx, t.srv, fmt.Sprintf("Drop every dead-lettered message of %s?", queue), answerWindow, confirm.AbortOnTimeout) // probe:ok
	if err != nil {
		return mcp.NewToolResultErrorFromErr("could not get confirmation", err), nil
	}
	if !ok {
		return mcp.NewToolResultText("Purge cancelled."), nil
	}

	n, err := t.be.PurgeDeadLetters(ctx, queue)
	if err != nil {
		return mcp.NewToolResultErrorFromErr("purge failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Dropped %d dead letters from %s.", n, queue)), nil
}
