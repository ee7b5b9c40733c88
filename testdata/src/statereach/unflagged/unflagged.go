// Package unflagged is analyzed without the flag -statereach.verifiers, so
// flagged.Check verifies nothing here.
package unflagged

import (
	"example.com/statereach/flagged"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func handler(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	if _, err := flagged.Check(s); err == nil {
		_ = s == "x" // want `^handler compares s \(req.Params.RequestState\) with "x" before`
	}
}
