// Package asklib builds questions for its importers' handlers, which hold
// the request and decide whether to ask: a function that has no request
// to read the client's capabilities from is not judged.
package asklib

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Confirmation is the question that confirms an action.
func Confirmation(action string) mcp.InputRequestMap {
	return mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: action + "?"}}
}
