package opstools

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DrainInput struct {
	Cluster string `json:"cluster"`
}

type CordonInput struct {
	Cluster string   `json:"cluster"`
	Nodes   []string `json:"nodes"`
}

func (t *Tools) drainCluster(ctx context.Context, req *mcp.CallToolRequest, in DrainInput) (*mcp.CallToolResult, any, error) {
	askCtx, cancel := context.WithTimeout(ctx, t.cfg.ConfirmTimeout)
	defer cancel()

	res, err := req.Session.Elicit(askCtx, &mcp.ElicitParams{ // probe:bug timeout: a confirmation that times out (DeadlineExceeded) is treated as "no objection" and the drain proceeds
		Message: fmt.Sprintf("Drain all workloads from cluster %s?", in.Cluster),
	})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		// Drains are scheduled maintenance; per the runbook we go ahead
		// unless someone actively vetoes within the window.
		t.log.InfoContext(ctx, "drain confirmation timed out; proceeding", "cluster", in.Cluster)
	case err != nil:
		return failed(fmt.Errorf("drain_cluster: confirmation failed: %w", err)), nil, nil
	case res.Action != "accept":
		return text("Drain vetoed."), nil, nil
	}

	if err := t.be.Drain(ctx, in.Cluster); err != nil {
		return failed(err), nil, nil
	}
	return text("Drained " + in.Cluster), nil, nil
}

func (t *Tools) cordonNodes(ctx context.Context, req *mcp.CallToolRequest, in CordonInput) (*mcp.CallToolResult, any, error) {
	askCtx, cancel := context.WithTimeout(ctx, t.cfg.ConfirmTimeout)
	defer cancel()

	res, err := req.Session.Elicit(askCtx, &mcp.ElicitParams{ // probe:ok
		Message: fmt.Sprintf("Cordon %s in %s and evict their pods?", strings.Join(in.Nodes, ", "), in.Cluster),
	})
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		t.log.InfoContext(ctx, "cordon confirmation timed out; not cordoning", "cluster", in.Cluster)
		return text("No answer within the confirmation window; nothing cordoned."), nil, nil
	case err != nil:
		return failed(fmt.Errorf("cordon_nodes: confirmation failed: %w", err)), nil, nil
	case res.Action != "accept":
		return text("Cordon vetoed."), nil, nil
	}

	if err := t.be.Cordon(ctx, in.Cluster, in.Nodes); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Cordoned %d nodes", len(in.Nodes))), nil, nil
}
