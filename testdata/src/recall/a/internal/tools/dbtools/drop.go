package dbtools

import (
	"context"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DropInput struct {
	Table string `json:"table" jsonschema:"table to drop"`
}

type DropViewInput struct {
	View string `json:"view" jsonschema:"view to drop"`
}

func (t *Tools) dropTable(ctx context.Context, req *mcp.CallToolRequest, in DropInput) (*mcp.CallToolResult, any, error) {
	table, err := ident(in.Table)
	if err != nil {
		return failed(err), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug cancel: only "decline" is treated as a refusal, so Action "cancel" (dismissed dialog) falls through to DROP TABLE
		Message: fmt.Sprintf("Drop table %s? All rows will be lost.", in.Table),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("drop_table: confirmation failed: %w", err)
	}
	if res.Action == "decline" {
		return text(fmt.Sprintf("Table %s was not dropped: the user declined.", in.Table)), nil, nil
	}

	if _, err := t.db.ExecContext(ctx, "DROP TABLE "+table); err != nil {
		return failed(err), nil, nil
	}
	t.log.InfoContext(ctx, "table dropped", "table", in.Table)
	return text("Dropped table " + in.Table), nil, nil
}

func (t *Tools) dropView(ctx context.Context, req *mcp.CallToolRequest, in DropViewInput) (*mcp.CallToolResult, any, error) {
	view, err := ident(in.View)
	if err != nil {
		return failed(err), nil, nil
	}
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message: fmt.Sprintf("Drop view %s? Dependent queries will break.", in.View),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("drop_view: confirmation failed: %w", err)
	}
	if res.Action != "accept" {
		return text(fmt.Sprintf("View %s was not dropped (user chose %s).", in.View, res.Action)), nil, nil
	}

	if _, err := t.db.ExecContext(ctx, "DROP VIEW "+view); err != nil {
		return failed(err), nil, nil
	}
	t.log.InfoContext(ctx, "view dropped", "view", in.View)
	return text("Dropped view " + in.View), nil, nil
}
