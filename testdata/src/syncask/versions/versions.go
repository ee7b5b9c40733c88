// Package versions tells protocol versions apart for other packages.
package versions

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Modern reports whether the request is at protocol 2026-07-28 or later.
func Modern(req *mcp.CallToolRequest) bool { // want Modern:"versionCheck"
	return req.ProtocolVersion() >= "2026-07-28"
}

// Legacy reports the opposite, through Modern.
func Legacy(req *mcp.CallToolRequest) bool { // want Legacy:"versionCheck"
	return !Modern(req)
}

// Name is no check: it returns the version itself.
func Name(req *mcp.CallToolRequest) string { return req.ProtocolVersion() }
