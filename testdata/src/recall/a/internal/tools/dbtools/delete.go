package dbtools

import (
	"context"
	"fmt"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type DeleteDatabaseInput struct {
	Database string `json:"database"`
}

type DeleteSchemaInput struct {
	Schema string `json:"schema"`
}

func (t *Tools) deleteDatabase(ctx context.Context, req *mcp.CallToolRequest, in DeleteDatabaseInput) (*mcp.CallToolResult, any, error) {
	name, err := ident(in.Database)
	if err != nil {
		return failed(err), nil, nil
	}

	decision := confirm.Decide(ctx, req.Session, fmt.Sprintf("Permanently delete database %s?", in.Database)) // probe:bug cancel/error: handler only rejects confirm.Denied; Decide returns Unknown for cancel and for failed requests, which then proceeds to DROP DATABASE
	if decision == confirm.Denied {
		return text("Database deletion declined by the user."), nil, nil
	}
	t.log.InfoContext(ctx, "deleting database", "database", in.Database, "decision", decision)

	if _, err := t.db.ExecContext(ctx, "DROP DATABASE "+name); err != nil {
		return failed(err), nil, nil
	}
	return text("Deleted database " + in.Database), nil, nil
}

func (t *Tools) deleteSchema(ctx context.Context, req *mcp.CallToolRequest, in DeleteSchemaInput) (*mcp.CallToolResult, any, error) {
	name, err := ident(in.Schema)
	if err != nil {
		return failed(err), nil, nil
	}

	decision := confirm.Decide(ctx, req.Session, fmt.Sprintf("Drop schema %s and all objects in it?", in.Schema)) // probe:ok
	if decision != confirm.Approved {
		return text(fmt.Sprintf("Schema deletion not confirmed (%s).", decision)), nil, nil
	}
	t.log.InfoContext(ctx, "dropping schema", "schema", in.Schema, "decision", decision)

	if _, err := t.db.ExecContext(ctx, "DROP SCHEMA "+name+" CASCADE"); err != nil {
		return failed(err), nil, nil
	}
	return text("Dropped schema " + in.Schema), nil, nil
}
