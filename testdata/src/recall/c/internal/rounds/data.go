package rounds

import (
	"context"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"

	"example.com/recall/c/internal/confirm"
)

func dropTable(be Backend) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		db := req.GetString("database", "")
		table := req.GetString("table", "")
		if db == "" || table == "" {
			return mcp.NewToolResultError("database and table are required"), nil
		}
		key := "drop:" + db + "." + table

		if answer := server.ElicitationResponse(req.Params.InputResponses, key); answer != nil { // probe:bug confirm-box-ignored: only the action is checked; accepting the form with the required "confirm" box unticked still drops the table
			if answer.Action != mcp.ElicitationResponseActionAccept {
				return mcp.NewToolResultText("Drop cancelled."), nil
			}
			if err := be.DropTable(ctx, db, table); err != nil {
				return mcp.NewToolResultErrorFromErr("drop failed", err), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("Table %s.%s dropped.", db, table)), nil
		}

		return server.NewInputRequestBuilder("").
			Elicit(key, confirm.Params(fmt.Sprintf("Drop table %s.%s? This cannot be undone.", db, table))).
			ToolResult(), nil
	}
}

func truncateTable(be Backend) server.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		db := req.GetString("database", "")
		table := req.GetString("table", "")
		if db == "" || table == "" {
			return mcp.NewToolResultError("database and table are required"), nil
		}
		key := "truncate:" + db + "." + table

		if answer := server.ElicitationResponse(req.Params.InputResponses, key); answer != nil { // probe:ok
			if answer.Action != mcp.ElicitationResponseActionAccept || !confirm.Checked(answer) {
				return mcp.NewToolResultText("Truncate cancelled."), nil
			}
			if err := be.TruncateTable(ctx, db, table); err != nil {
				return mcp.NewToolResultErrorFromErr("truncate failed", err), nil
			}
			return mcp.NewToolResultText(fmt.Sprintf("Table %s.%s truncated.", db, table)), nil
		}

		return server.NewInputRequestBuilder("").
			Elicit(key, confirm.Params(fmt.Sprintf("Delete every row of %s.%s? This cannot be undone.", db, table))).
			ToolResult(), nil
	}
}
