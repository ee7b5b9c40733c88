package middle

// Package middle imports no MCP API, only a package whose functions read
// request state.

import "example.com/statereach/helpers"

func Indirect(v any) bool { // want Indirect:`readsState\(mcp.CallToolParamsRaw.InputResponses in helpers.Peek\)`
	return helpers.Peek(v)
}

func Plain() int { return 1 }
