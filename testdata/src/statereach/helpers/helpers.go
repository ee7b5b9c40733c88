package helpers

import (
	"strconv"
	"strings"

	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Answer reads an input response, which hand-written code may do.
func Answer(req *mcp.CallToolRequest, key string) mcp.InputResponse { // want Answer:`readsState\(mcp.CallToolParamsRaw.InputResponses in helpers.Answer\)`
	return req.Params.InputResponses[key]
}

// Peek reads input responses from a value of any type.
func Peek(v any) bool { // want Peek:`readsState\(mcp.CallToolParamsRaw.InputResponses in helpers.Peek\)`
	req, ok := v.(*mcp.CallToolRequest)
	return ok && len(req.Params.InputResponses) > 0
}

// Through reads state through an unexported function, which has no fact
// of its own.
func Through(req *mcp.CallToolRequest) bool { // want Through:`readsState\(mcp.CallToolParamsRaw.RequestState in helpers.hasState\)`
	return hasState(req)
}

func hasState(req *mcp.CallToolRequest) bool {
	return req.Params.RequestState != ""
}

// Verify opens a sealed state: it verifies its second parameter.
func Verify(codec *seal.Codec, cl seal.Claims, token string) ([]byte, error) { // want Verify:`verifier\(params 2\)`
	return codec.Open(cl, token)
}

// CheckMAC verifies a token by hand.
//
//mcplint:verifier
func CheckMAC(token string) bool { // want CheckMAC:`verifier`
	mac, _, ok := strings.Cut(token, ".")
	return ok && mac != ""
}

// Round reads a round number from plaintext state.
func Round(state string) int { // want Round:`usesUnverified\(0: passes it to strings.TrimPrefix\)`
	n, _ := strconv.Atoi(strings.TrimPrefix(state, "round="))
	return n
}

// Valid checks emptiness, then delegates.
func Valid(state string) bool { // want Valid:`usesUnverified\(0: passes it to suffixed, which passes it to strings.HasSuffix\)`
	return state != "" && suffixed(state)
}

func suffixed(s string) bool { return strings.HasSuffix(s, "-ok") }

// Harmless does nothing with state.
func Harmless(state string) int { return len(state) }
