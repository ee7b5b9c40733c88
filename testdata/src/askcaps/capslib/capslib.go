// Package capslib reads the client's capabilities for its importers. // want package:`readsCapabilities\(elicitation\)`
package capslib

import "github.com/modelcontextprotocol/go-sdk/mcp"

// CanAsk reports whether the client of req declared elicitation.
func CanAsk(req *mcp.CallToolRequest) bool { // want CanAsk:`checksCapabilities\(elicitation\)`
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}
