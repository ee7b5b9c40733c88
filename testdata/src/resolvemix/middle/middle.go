package middle

// Package middle imports no MCP API, only a package that builds
// input-required results.

import "example.com/resolvemix/helpers"

func Indirect() any { // want Indirect:`buildsInputRequired\(sets mcp.CallToolResult.InputRequests in helpers.Ask\)`
	return helpers.Wrap()
}

func Harmless() int { return 1 }
