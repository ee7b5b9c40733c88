package dbtools

import (
	"context"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type RestoreInput struct {
	Database string `json:"database"`
	Snapshot string `json:"snapshot"`
}

func strategySchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"strategy": {
				Type:        "string",
				Title:       "Restore strategy",
				Description: "overwrite replaces the live database; new_database restores next to it",
				Enum:        []any{"overwrite", "new_database"},
			},
		},
	}
}

func (t *Tools) restoreSnapshot(ctx context.Context, req *mcp.CallToolRequest, in RestoreInput) (*mcp.CallToolResult, any, error) {
	if _, err := ident(in.Database); err != nil {
		return failed(err), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug missing-content: strategy is not required; an accept without "strategy" (or with nil Content) silently picks the destructive in-place overwrite
		Message:         fmt.Sprintf("Restore snapshot %s into %s?", in.Snapshot, in.Database),
		RequestedSchema: strategySchema(),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("restore_snapshot: %w", err)
	}
	if res.Action != "accept" {
		return text("Restore not confirmed."), nil, nil
	}

	target := in.Database
	strategy, _ := res.Content["strategy"].(string)
	if strategy == "new_database" {
		target = in.Database + "_restored"
	}

	if err := t.snapshots.Restore(ctx, in.Snapshot, target); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Restored %s into %s", in.Snapshot, target)), nil, nil
}

func (t *Tools) restoreBackup(ctx context.Context, req *mcp.CallToolRequest, in RestoreInput) (*mcp.CallToolResult, any, error) {
	if _, err := ident(in.Database); err != nil {
		return failed(err), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message:         fmt.Sprintf("Restore backup %s into %s?", in.Snapshot, in.Database),
		RequestedSchema: strategySchema(),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("restore_backup: %w", err)
	}
	if res.Action != "accept" {
		return text("Restore not confirmed."), nil, nil
	}

	target := in.Database
	strategy, _ := res.Content["strategy"].(string)
	switch strategy {
	case "new_database":
		target = in.Database + "_restored"
	case "overwrite":
		// in place, as chosen explicitly by the user
	default:
		return text("No restore strategy was chosen; nothing restored."), nil, nil
	}

	if err := t.snapshots.Restore(ctx, in.Snapshot, target); err != nil {
		return failed(err), nil, nil
	}
	return text(fmt.Sprintf("Restored %s into %s", in.Snapshot, target)), nil, nil
}
