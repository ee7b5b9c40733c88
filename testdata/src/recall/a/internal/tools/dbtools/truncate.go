package dbtools

import (
	"context"
	"fmt"
	"time"

	"example.com/recall/a/internal/confirm"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type TruncateInput struct {
	Table string `json:"table"`
}

type PurgeInput struct {
	Table     string `json:"table"`
	OlderThan string `json:"older_than" jsonschema:"Go duration, e.g. 720h"`
}

func (t *Tools) truncateTable(ctx context.Context, req *mcp.CallToolRequest, in TruncateInput) (*mcp.CallToolResult, any, error) {
	table, err := ident(in.Table)
	if err != nil {
		return failed(err), nil, nil
	}

	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:bug cancel: switch handles "decline" and "accept" but has no default, so "cancel" (and any unexpected action) falls out of the switch into TRUNCATE
		Message:         fmt.Sprintf("Truncate %s? This removes every row.", in.Table),
		RequestedSchema: confirm.BoxSchema("confirm", "Yes, remove every row"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("truncate_table: %w", err)
	}
	switch res.Action {
	case confirm.ActionDecline:
		return text("Truncate declined."), nil, nil
	case confirm.ActionAccept:
		if ok, _ := res.Content["confirm"].(bool); !ok {
			return text("Confirmation box was not ticked; nothing truncated."), nil, nil
		}
	}

	if _, err := t.db.ExecContext(ctx, "TRUNCATE TABLE "+table); err != nil {
		return failed(err), nil, nil
	}
	return text("Truncated " + in.Table), nil, nil
}

func (t *Tools) purgeRows(ctx context.Context, req *mcp.CallToolRequest, in PurgeInput) (*mcp.CallToolResult, any, error) {
	table, err := ident(in.Table)
	if err != nil {
		return failed(err), nil, nil
	}
	age, err := time.ParseDuration(in.OlderThan)
	if err != nil {
		return failed(err), nil, nil
	}
	cutoff := time.Now().Add(-age)

	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{ // probe:ok
		Message:         fmt.Sprintf("Delete rows in %s created before %s?", in.Table, cutoff.Format(time.RFC3339)),
		RequestedSchema: confirm.BoxSchema("confirm", "Yes, delete those rows"),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("purge_rows: %w", err)
	}
	switch res.Action {
	case confirm.ActionDecline:
		return text("Purge declined."), nil, nil
	case confirm.ActionAccept:
		if ok, _ := res.Content["confirm"].(bool); !ok {
			return text("Confirmation box was not ticked; nothing purged."), nil, nil
		}
	default:
		return text(fmt.Sprintf("Purge not confirmed (%s).", res.Action)), nil, nil
	}

	r, err := t.db.ExecContext(ctx, "DELETE FROM "+table+" WHERE created_at < $1", cutoff)
	if err != nil {
		return failed(err), nil, nil
	}
	n, _ := r.RowsAffected()
	return text(fmt.Sprintf("Purged %d rows from %s", n, in.Table)), nil, nil
}
