package main

import (
	"context"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"
)

// TestShapes calls both shapes of the tool with mcp-go clients on a
// 2025-11-25 session and on a 2026-07-28 session.
func TestShapes(t *testing.T) {
	const refused = `"elicitation/create": server-initiated requests are not supported in protocol version 2026-07-28`
	for _, tc := range []struct {
		version, tool string
		wantErr       string // "" if the call completes
	}{
		{"2025-11-25", "delete_file_before", ""},
		{"2025-11-25", "delete_file_after", ""},
		{"2026-07-28", "delete_file_before", refused},
		{"2026-07-28", "delete_file_after", ""},
	} {
		t.Run(tc.tool+"@"+tc.version, func(t *testing.T) {
			f := &files{paths: map[string]bool{"notes.txt": true}}
			res, err := call(context.Background(), f, tc.version, tc.tool, "notes.txt")
			if err != nil {
				t.Fatal(err)
			}
			text := res.Content[0].(mcp.TextContent).Text
			if tc.wantErr != "" {
				if !res.IsError || !strings.Contains(text, tc.wantErr) {
					t.Errorf("result %q (error %v), want the SDK's error %q", text, res.IsError, tc.wantErr)
				}
				if !f.has("notes.txt") {
					t.Error("the file was deleted without confirmation")
				}
				return
			}
			if res.IsError || text != `{"deleted":"notes.txt"}` {
				t.Errorf("result %q (error %v), want the file deleted", text, res.IsError)
			}
			if f.has("notes.txt") {
				t.Error("the file is still there")
			}
		})
	}
}

func TestDemo(t *testing.T) {
	if err := runDemo(context.Background()); err != nil {
		t.Fatal(err)
	}
}
