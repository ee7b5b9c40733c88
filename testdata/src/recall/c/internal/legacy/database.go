package legacy

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"

	"example.com/recall/c/internal/confirm"
)

func (t *Tools) dropDatabase(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	name, err := req.RequireString("database")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	approved, err := confirm.Ask(ctx, t.srv, fmt.Sprintf("Drop database %q? All data will be lost.", name)) // probe:bug elicit-error-ignored: an elicitation error is only logged in the switch, so control falls through to DropDatabase
	switch {
	case err != nil:
		t.log.Warn("could not confirm drop", "database", name, "err", err)
	case !approved:
		return mcp.NewToolResultText("Drop cancelled."), nil
	}

	if err := t.be.DropDatabase(ctx, name); err != nil {
		return mcp.NewToolResultErrorFromErr("drop failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Database %s dropped.", name)), nil
}

func (t *Tools) dropSchema(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	db, err := req.RequireString("database")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}
	schema, err := req.RequireString("schema")
	if err != nil {
		return mcp.NewToolResultError(err.Error()), nil
	}

	approved, err := confirm.Ask(ctx, t.srv, fmt.Sprintf("Drop schema %s.%s and every table in it?", db, schema)) // probe:ok
	switch {
	case err != nil:
		t.log.Warn("could not confirm drop", "database", db, "schema", schema, "err", err)
		return mcp.NewToolResultErrorFromErr("could not get confirmation", err), nil
	case !approved:
		return mcp.NewToolResultText("Drop cancelled."), nil
	}

	if err := t.be.DropSchema(ctx, db, schema); err != nil {
		return mcp.NewToolResultErrorFromErr("drop failed", err), nil
	}
	return mcp.NewToolResultText(fmt.Sprintf("Schema %s.%s dropped.", db, schema)), nil
}
