package a

// Hand-written handlers: reading inputResponses is normal, but
// requestState must be verified before it is relied on.

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"example.com/statereach/flagged"
	"example.com/statereach/helpers"
	"example.com/statereach/mac"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// multiRound keeps plaintext state, like go-sdk's everything-server.
func multiRound(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	state := req.Params.RequestState
	switch {
	case state == "": // emptiness: fine
		return &mcp.CallToolResult{RequestState: "round=1"}, nil, nil
	case state == "round=1": // want `^multiRound compares state \(req.Params.RequestState\) with "round=1" before verifying its integrity: requestState is attacker-controlled; pass it first to a verifier \(seal.\(\*Codec\).Open, an Open method returning \(payload, error\), or a function marked //mcplint:verifier\)$`
		return &mcp.CallToolResult{RequestState: "round=2;name=x"}, nil, nil
	}
	name := strings.TrimPrefix(state, "round=2;name=") // want `^multiRound passes state \(req.Params.RequestState\) to strings.TrimPrefix before verifying its integrity`
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: name}}}, nil, nil
}

// uses lists the reported uses.
func uses(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	switch req.Params.RequestState { // want `^uses switches on req.Params.RequestState before`
	case "a":
	}
	s := req.Params.RequestState
	t := s                                          // a copy is the same state
	_, _, _ = strings.Cut(t, ";")                   // want `^uses passes t \(req.Params.RequestState\) to strings.Cut before`
	_ = strings.Split(req.Params.RequestState, ";") // want `passes req.Params.RequestState to strings.Split before`
	_, _ = strconv.Atoi(s)                          // want `passes s \(req.Params.RequestState\) to strconv.Atoi before`
	var v map[string]any
	_ = json.Unmarshal([]byte(s), &v)         // want `passes s \(req.Params.RequestState\) to json.Unmarshal before`
	_, _ = base64.StdEncoding.DecodeString(s) // want `passes s \(req.Params.RequestState\) to base64.StdEncoding.DecodeString before`
	msg := fmt.Sprintf("state %s", s)         // want `passes s \(req.Params.RequestState\) to fmt.Sprintf before`
	msg += "/" + s                            // want `concatenates s \(req.Params.RequestState\) into a string before`
	_ = s[0]                                  // want `indexes s \(req.Params.RequestState\) before`
	_ = s[1:]                                 // want `slices s \(req.Params.RequestState\) before`
	for range s {                             // want `ranges over s \(req.Params.RequestState\) before`
	}
	if s != req.Params.Name { // want `compares s \(req.Params.RequestState\) with req.Params.Name before`
	}
	check := func() bool { return s > "b" } // want `compares s \(req.Params.RequestState\) with "b" before`
	_ = check
	_ = helpers.Round(s)               // want `passes s \(req.Params.RequestState\) to helpers.Round, which passes it to strings.TrimPrefix, before`
	_ = helpers.Valid(s)               // want `passes s \(req.Params.RequestState\) to helpers.Valid, which passes it to suffixed, which passes it to strings.HasSuffix, before`
	_ = valid(req.Params.RequestState) // want `passes req.Params.RequestState to valid, which passes it to strings.HasSuffix, before`
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: msg}}}, nil, nil
}

func valid(state string) bool {
	return state != "" && !strings.HasSuffix(state, "-TAMPERED")
}

// stateOf returns the raw state.
func stateOf(req *mcp.CallToolRequest) string {
	return req.Params.RequestState // want `^stateOf returns req.Params.RequestState before`
}

// Close negatives.

// empty only checks emptiness, and reads input responses.
func empty(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	s := req.Params.RequestState
	if s == "" || len(s) == 0 || req.Params.RequestState != "" || "" == s {
		_ = req.Params.InputResponses["confirm"]
	}
	if len(req.Params.InputResponses) > 0 {
		_ = helpers.Answer(req, "confirm")
	}
	_ = helpers.Harmless(s)
	_ = sessions[s]                // a lookup by the token: not a use
	slog.Info("retry", "state", s) // logging: not a use
	return &mcp.CallToolResult{RequestState: s}, nil, nil
}

var sessions = map[string]int{}

// declared taints through a var declaration.
func declared(req *mcp.CallToolRequest) {
	var s = req.Params.RequestState
	_ = s == "x" // want `^declared compares s \(req.Params.RequestState\) with "x" before`
}

var codec *seal.Codec

// sealed opens the state with the runtime's codec first; later uses are
// verified.
func sealed(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	s := req.Params.RequestState
	payload, err := codec.Open(seal.Claims{Method: "tools/call", Target: req.Params.Name}, s)
	if err != nil {
		return nil, nil, resolve.InvalidStateError()
	}
	if s == "x" || req.Params.RequestState == "y" {
		_ = payload
	}
	return nil, nil, nil
}

// tooLate uses the state before it opens it.
func tooLate(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	s := req.Params.RequestState
	if strings.HasPrefix(s, "v1.") { // want `^tooLate passes s \(req.Params.RequestState\) to strings.HasPrefix before`
		_, _ = codec.Open(seal.Claims{}, s)
	}
	return nil, nil, nil
}

// stateCodec is the user's own codec interface.
type stateCodec interface {
	Open(token string) (map[string]string, error)
}

func viaInterface(c stateCodec, rc resolve.StateCodec, req *mcp.CallToolRequest) {
	if _, err := c.Open(req.Params.RequestState); err != nil {
		return
	}
	_ = strings.Split(req.Params.RequestState, ";")
	s := req.Params.GetProgressToken
	_ = s
}

func viaRuntimeCodec(rc resolve.StateCodec, req *mcp.CallToolRequest) {
	st := req.Params.RequestState
	if _, err := rc.Open(resolve.Binding{}, st); err == nil {
		_ = st == "ok"
	}
}

// plainOpen is a concrete method named Open: not trusted as a verifier.
type plainOpen struct{}

func (plainOpen) Open(token string) ([]byte, error) { return []byte(token), nil }

func concreteOpen(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	_, _ = plainOpen{}.Open(s)
	_ = s == "x" // want `^concreteOpen compares s \(req.Params.RequestState\) with "x" before`
}

// checkMAC is the user's own verifier.
//
//mcplint:verifier
func checkMAC(token string) bool {
	mac, body, ok := strings.Cut(token, ".")
	return ok && mac == body
}

func marked(req *mcp.CallToolRequest) {
	if !checkMAC(req.Params.RequestState) {
		return
	}
	_ = strings.TrimPrefix(req.Params.RequestState, "v1.")
}

func markedElsewhere(req *mcp.CallToolRequest) {
	if helpers.CheckMAC(req.Params.RequestState) {
		_ = strings.Fields(req.Params.RequestState)
	}
	s := req.Params.RequestState
	if b, err := mac.Open(s); err == nil {
		_ = string(b) == s
	}
}

// openState wraps the codec: passing state to it verifies it.
func openState(token string) ([]byte, error) {
	return codec.Open(seal.Claims{}, token)
}

func wrapped(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	if _, err := openState(s); err != nil {
		return
	}
	_ = strings.Split(s, ";")
	t := req.Params.RequestState
	if _, err := helpers.Verify(codec, seal.Claims{}, t); err == nil {
		_ = t == "x"
	}
}

func flaggedVerifiers(req *mcp.CallToolRequest) {
	s := req.Params.RequestState
	if _, err := flagged.Check(s); err == nil {
		_ = s == "x"
	}
	t := req.Params.RequestState
	if (&flagged.Checker{}).Verify(t) == nil {
		_ = strings.Split(t, ";")
	}
}

// literal is a hand-written handler declared at package level.
var literal = func(ctx context.Context, req *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, any, error) {
	if req.Params.RequestState == "step2" { // want `^func literal compares req.Params.RequestState with "step2" before`
		return nil, nil, nil
	}
	return nil, nil, nil
}

// prompts and resources have state too.
func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	if req.Params.RequestState == "again" { // want `^prompt compares req.Params.RequestState with "again" before`
		return nil, nil
	}
	return nil, nil
}

func resource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return nil, fmt.Errorf("bad state %q", req.Params.RequestState) // want `^resource passes req.Params.RequestState to fmt.Errorf before`
}

// noResolvers is registered through the runtime without resolvers, so it
// drives the flow by hand: it is checked as hand-written.
func noResolvers(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, error) {
	if req.Params.RequestState == "" {
		return &mcp.CallToolResult{RequestState: "later"}, nil
	}
	if req.Params.RequestState == "later" { // want `^noResolvers compares req.Params.RequestState with "later" before`
		return nil, nil
	}
	return nil, nil
}

func registerHandWritten(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "by-hand"}, noResolvers)
	mcp.AddTool(s, &mcp.Tool{Name: "multi"}, multiRound)
}

// suppressedUse is reviewed.
func suppressedUse(req *mcp.CallToolRequest) {
	_ = req.Params.RequestState == "x" //mcplint:ignore statereach compared only for a debug log
}
