package infra

import (
	"context"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"example.com/recall/d/internal/approval"
)

// PurgeInput is the input of the cache purge tools.
type PurgeInput struct {
	Target string   `json:"target" jsonschema:"CDN zone or edge POP"`
	Paths  []string `json:"paths,omitempty" jsonschema:"paths to purge; empty purges everything"`
}

// PurgeOutput reports how many entries were invalidated.
type PurgeOutput struct {
	Purged int `json:"purged"`
}

func purgeSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"confirm": {Type: "boolean", Description: "I understand origin load will spike"},
		},
		Required: []string{"confirm"},
	}
}

func describePaths(p []string) string {
	if len(p) == 0 {
		return "ALL paths"
	}
	return strings.Join(p, ", ")
}

// PurgeCDN purges a CDN zone.
func (t *Tools) PurgeCDN(ctx context.Context, req *mcp.CallToolRequest, in PurgeInput) (*mcp.CallToolResult, PurgeOutput, error) {
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Purge %s from CDN zone %s?", describePaths(in.Paths), in.Target),
		RequestedSchema: purgeSchema(),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:bug elicit-error-proceeds: "client does not support elicitation" error is downgraded to a warning and the purge runs unconfirmed
	switch {
	case err != nil && strings.Contains(err.Error(), "does not support elicitation"):
		// Older IDE plugins can't render forms. A purge is recoverable (the
		// origin refills the cache), so don't hard-fail for them.
		t.logger.WarnContext(ctx, "purge_cdn: client cannot confirm, continuing", "zone", in.Target)
	case err != nil:
		return nil, PurgeOutput{}, fmt.Errorf("purge_cdn: confirmation: %w", err)
	case res.Action != approval.ActionAccept:
		return approval.Refused("purge not approved"), PurgeOutput{}, nil
	case res.Content["confirm"] != true:
		return approval.Refused("confirmation box not ticked"), PurgeOutput{}, nil
	}

	n, err := t.backend.PurgeCDN(ctx, in.Target, in.Paths)
	if err != nil {
		return nil, PurgeOutput{}, fmt.Errorf("purge_cdn: %w", err)
	}
	return approval.Done("purged %d entries from %s", n, in.Target), PurgeOutput{Purged: n}, nil
}

// PurgeEdgeCache purges a single edge POP.
func (t *Tools) PurgeEdgeCache(ctx context.Context, req *mcp.CallToolRequest, in PurgeInput) (*mcp.CallToolResult, PurgeOutput, error) {
	params := &mcp.ElicitParams{
		Message:         fmt.Sprintf("Purge %s on edge POP %s?", describePaths(in.Paths), in.Target),
		RequestedSchema: purgeSchema(),
	}
	res, err := req.Session.Elicit(ctx, params) // probe:ok
	switch {
	case err != nil && strings.Contains(err.Error(), "does not support elicitation"):
		t.logger.WarnContext(ctx, "purge_edge_cache: client cannot confirm", "pop", in.Target)
		return approval.Refused("this client cannot show confirmation dialogs; purge from the console instead"), PurgeOutput{}, nil
	case err != nil:
		return nil, PurgeOutput{}, fmt.Errorf("purge_edge_cache: confirmation: %w", err)
	case res.Action != approval.ActionAccept:
		return approval.Refused("purge not approved"), PurgeOutput{}, nil
	case res.Content["confirm"] != true:
		return approval.Refused("confirmation box not ticked"), PurgeOutput{}, nil
	}

	n, err := t.backend.PurgeEdge(ctx, in.Target, in.Paths)
	if err != nil {
		return nil, PurgeOutput{}, fmt.Errorf("purge_edge_cache: %w", err)
	}
	return approval.Done("purged %d entries on %s", n, in.Target), PurgeOutput{Purged: n}, nil
}
