// Package answers is a team's reader helper: it reads one answer out of
// a request's input responses by its key.
package answers

import "github.com/modelcontextprotocol/go-sdk/mcp"

// Accepted reports whether the answer under key accepts.
func Accepted(req *mcp.CallToolRequest, key string) bool {
	res, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	return ok && res.Action == "accept"
}
