package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/mcpgo/resolve"
)

// newServer builds the server: the input-required tools and the
// input-required prompt, on a runtime that seals their requestState (with
// the key ring in MCPLINT_STATE_KEYS if it is set, a random per-process key
// otherwise, bound to the server's name).
func newServer(logger *slog.Logger) (*server.MCPServer, error) {
	rt, err := resolve.New(&resolve.Options{Logger: logger})
	if err != nil {
		return nil, err
	}
	s := server.NewMCPServer("mcplint-conformance-mcpgo", "v1.0.0")
	if err := errors.Join(addTools(rt, s), addPrompt(rt, s)); err != nil {
		return nil, err
	}
	return s, nil
}

// addTools registers the tools of the input-required scenarios.
func addTools(rt *resolve.Runtime, s *server.MCPServer) error {
	tool := func(name, description string) mcp.Tool {
		return mcp.NewTool(name, mcp.WithDescription(description))
	}
	return errors.Join(
		rt.AddTool(s, tool("test_input_required_result_elicitation", "Asks for the user's name and greets them."),
			greet, askName),
		rt.AddTool(s, tool("test_input_required_result_sampling", "Asks the client's model for the capital of France."),
			capital, askCapital),
		rt.AddTool(s, tool("test_input_required_result_list_roots", "Asks for the client's roots and lists them."),
			listRoots, askRoots),
		rt.AddTool(s, tool("test_input_required_result_request_state", "Asks for a confirmation, carried in requestState."),
			confirmed, askConfirm),
		rt.AddTool(s, tool("test_input_required_result_multiple_inputs", "Asks for a name, a greeting and the roots in one round."),
			multipleInputs, askName, askGreeting, askRoots),
		rt.AddTool(s, tool("test_input_required_result_multi_round", "Asks for a name, then for a favorite color."),
			multiRound, askStep1, askStep2),
		rt.AddTool(s, tool("test_input_required_result_tampered_state", "Asks for a confirmation; rejects tampered requestState."),
			confirmed, askConfirm),
		rt.AddTool(s, tool("test_input_required_result_capabilities", "Asks only what the client's capabilities allow."),
			capabilities, askNameIfAllowed, askGreetingIfAllowed, askRootsIfAllowed),
	)
}

// NoArgs is the input of every tool: the scenarios call them with {}.
type NoArgs struct{}

// Reply is the structured result of every tool.
type Reply struct {
	Text string `json:"text"`
}

// Wire keys: as in examples/conformance-server, an InputKey method
// (resolve.InputKeyer) gives each question the key the suite documents.

// UserName is the answer to "What is your name?".
type UserName struct {
	Name string `json:"name"`
}

// InputKey is the wire key the suite expects for this question.
func (UserName) InputKey() string { return "user_name" }

func askName(ctx context.Context) (resolve.Elicit[UserName], error) {
	return resolve.Ask[UserName]("What is your name?"), nil
}

func greet(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, n UserName) (Reply, error) {
	return Reply{Text: fmt.Sprintf("Hello, %s!", n.Name)}, nil
}

// sampleText returns the text of a sampling answer.
func sampleText(res *mcp.CreateMessageResult) string {
	if res == nil {
		return ""
	}
	switch c := res.Content.(type) {
	case mcp.TextContent:
		return c.Text
	case map[string]any:
		text, _ := c["text"].(string)
		return text
	}
	return ""
}

// ask builds a sampling question of one user message.
func ask(text string, maxTokens int) mcp.CreateMessageParams {
	return mcp.CreateMessageParams{
		Messages:  []mcp.SamplingMessage{{Role: mcp.RoleUser, Content: mcp.NewTextContent(text)}},
		MaxTokens: maxTokens,
	}
}

func askCapital(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	return resolve.AskSampling(ask("What is the capital of France?", 100)), nil
}

func capital(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, answer *mcp.CreateMessageResult) (Reply, error) {
	return Reply{Text: "Sampling response: " + sampleText(answer)}, nil
}

func askRoots(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	return resolve.AskRoots(), nil
}

// rootURIs lists the URIs of a roots answer.
func rootURIs(res *mcp.ListRootsResult) []string {
	var uris []string
	if res != nil {
		for _, r := range res.Roots {
			uris = append(uris, r.URI)
		}
	}
	return uris
}

func listRoots(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, roots *mcp.ListRootsResult) (Reply, error) {
	uris := rootURIs(roots)
	return Reply{Text: fmt.Sprintf("Client exposed %d root(s): %s", len(uris), strings.Join(uris, ", "))}, nil
}

// Confirm is the answer to "Please confirm".
type Confirm struct {
	OK bool `json:"ok"`
}

// InputKey is the wire key the suite documents for this question.
func (Confirm) InputKey() string { return "confirm" }

func askConfirm(ctx context.Context) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("Please confirm"), nil
}

// confirmed serves the request-state and tampered-state scenarios: it runs
// only after the runtime opened the sealed requestState of the previous
// round, so reaching it means the state was received and verified.
func confirmed(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, c Confirm) (Reply, error) {
	return Reply{Text: fmt.Sprintf("state-ok: requestState received and verified, confirmation ok=%v", c.OK)}, nil
}

func askGreeting(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	return resolve.AskSampling(ask("Generate a greeting", 50)), nil
}

func multipleInputs(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, n UserName, greeting *mcp.CreateMessageResult, roots *mcp.ListRootsResult) (Reply, error) {
	return Reply{Text: fmt.Sprintf("%s %s: %d root(s) visible", sampleText(greeting), n.Name, len(rootURIs(roots)))}, nil
}

// Step1 is the answer to the first question of the multi-round tool.
type Step1 struct {
	Name string `json:"name"`
}

// InputKey is the wire key the suite documents for this question.
func (Step1) InputKey() string { return "step1" }

// Step2 is the answer to the second question, which is asked only once the
// first is answered.
type Step2 struct {
	Color string `json:"color"`
}

// InputKey is the wire key the suite documents for this question.
func (Step2) InputKey() string { return "step2" }

func askStep1(ctx context.Context) (resolve.Elicit[Step1], error) {
	return resolve.Ask[Step1]("Step 1: What is your name?"), nil
}

// askStep2 depends on Step1, so the runtime asks it in the round after
// Step1 is answered.
func askStep2(ctx context.Context, _ Step1) (resolve.Elicit[Step2], error) {
	return resolve.Ask[Step2]("Step 2: What is your favorite color?"), nil
}

func multiRound(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, s1 Step1, s2 Step2) (Reply, error) {
	return Reply{Text: fmt.Sprintf("Multi-round complete: %s likes %s", s1.Name, s2.Color)}, nil
}

// The capability-aware questions ask only when the client declared the
// capability they need; otherwise they give a value that records that
// nothing was asked.

// OptionalName is the answer to the name question, or Skipped when the
// client cannot be asked.
type OptionalName struct {
	Name    string `json:"name"`
	Skipped bool   `json:"-"`
}

// InputKey is the wire key of the name question, as in the other tools.
func (OptionalName) InputKey() string { return "user_name" }

// clientCapabilities are the capabilities the client declared: in the
// request's _meta on protocol 2026-07-28, at initialize before.
func clientCapabilities(ctx context.Context) mcp.ClientCapabilities {
	if info := server.RequestProtocolInfoFromContext(ctx); info != nil && info.Modern && info.ClientCapabilities != nil {
		return *info.ClientCapabilities
	}
	if ss, ok := server.ClientSessionFromContext(ctx).(server.SessionWithClientInfo); ok {
		return ss.GetClientCapabilities()
	}
	return mcp.ClientCapabilities{}
}

func askNameIfAllowed(ctx context.Context) (resolve.Elicit[OptionalName], error) {
	if clientCapabilities(ctx).Elicitation == nil {
		return resolve.Given(OptionalName{Skipped: true}), nil
	}
	return resolve.Ask[OptionalName]("What is your name?"), nil
}

func askGreetingIfAllowed(ctx context.Context) (resolve.Elicit[*mcp.CreateMessageResult], error) {
	if clientCapabilities(ctx).Sampling == nil {
		return resolve.Given[*mcp.CreateMessageResult](nil), nil
	}
	return resolve.AskSampling(ask("Generate a short greeting", 50)), nil
}

func askRootsIfAllowed(ctx context.Context) (resolve.Elicit[*mcp.ListRootsResult], error) {
	if clientCapabilities(ctx).Roots == nil {
		return resolve.Given[*mcp.ListRootsResult](nil), nil
	}
	return resolve.AskRoots(), nil
}

func capabilities(ctx context.Context, req mcp.CallToolRequest, _ NoArgs, n OptionalName, greeting *mcp.CreateMessageResult, roots *mcp.ListRootsResult) (Reply, error) {
	var got []string
	if !n.Skipped {
		got = append(got, "name "+n.Name)
	}
	if greeting != nil {
		got = append(got, "greeting "+sampleText(greeting))
	}
	if roots != nil {
		got = append(got, fmt.Sprintf("%d root(s)", len(roots.Roots)))
	}
	if len(got) == 0 {
		return Reply{Text: "No declared client capability supports an input request"}, nil
	}
	return Reply{Text: "Capability-aware input requests fulfilled: " + strings.Join(got, ", ")}, nil
}
