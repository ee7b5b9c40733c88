package fix

import (
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const prompt = "roots?"

func roots(msg string) []resolve.Elicit[*mcp.ListRootsResult] {
	return []resolve.Elicit[*mcp.ListRootsResult]{
		resolve.Ask[*mcp.ListRootsResult]("roots?"),        // want `use resolve.AskRoots`
		resolve.Ask[*mcp.ListRootsResult](prompt),          // want `use resolve.AskRoots`
		resolve.Ask[*mcp.ListRootsResult](msg),             // want `use resolve.AskRoots`
		resolve.Ask[*mcp.ListRootsResult](msg + "?"),       // want `use resolve.AskRoots`
		resolve.Ask[*mcp.ListRootsResult](prompt + prompt), // want `use resolve.AskRoots`
	}
}
