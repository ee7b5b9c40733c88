package opstools

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type InstancesInput struct {
	IDs []string `json:"ids"`
}

func (t *Tools) terminateInstances(ctx context.Context, req *mcp.CallToolRequest, in InstancesInput) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{
		Message: fmt.Sprintf("Terminate %d instances (%s)?", len(in.IDs), strings.Join(in.IDs, ", ")),
	}

	var (
		res *mcp.ElicitResult
		err error
	)
	for attempt := 1; attempt <= t.cfg.Retries; attempt++ {
		res, err = req.Session.Elicit(ctx, params) // probe:bug error: when every retry fails, res stays nil and the nil-guarded Action check below is skipped, so the instances are terminated
		if err == nil {
			break
		}
		t.log.WarnContext(ctx, "elicitation attempt failed", "attempt", attempt, "err", err)
		time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
	}
	if res != nil && res.Action != "accept" {
		return text("Termination not confirmed."), nil, nil
	}

	if err := t.be.Terminate(ctx, in.IDs); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Terminated %d instances", len(in.IDs))), nil, nil
}

func (t *Tools) deleteVolumes(ctx context.Context, req *mcp.CallToolRequest, in InstancesInput) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{
		Message: fmt.Sprintf("Delete %d volumes (%s)? Data on them is unrecoverable.", len(in.IDs), strings.Join(in.IDs, ", ")),
	}

	var (
		res *mcp.ElicitResult
		err error
	)
	for attempt := 1; attempt <= t.cfg.Retries; attempt++ {
		res, err = req.Session.Elicit(ctx, params) // probe:ok
		if err == nil {
			break
		}
		t.log.WarnContext(ctx, "elicitation attempt failed", "attempt", attempt, "err", err)
		time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
	}
	if err != nil {
		return failed(fmt.Errorf("delete_volumes: could not confirm: %w", err)), nil, nil
	}
	if res == nil || res.Action != "accept" {
		return text("Volume deletion not confirmed."), nil, nil
	}

	if err := t.be.DeleteVolumes(ctx, in.IDs); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Deleted %d volumes", len(in.IDs))), nil, nil
}
