package resolve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The questions of the prompts and resources below: a repository, then a
// branch of it (two dependent questions).
type repoChoice struct {
	Name string `json:"name"`
}

type branchChoice struct {
	Name string `json:"name"`
}

func askRepo(ctx context.Context) (Elicit[repoChoice], error) {
	return Ask[repoChoice]("Which repository?"), nil
}

func askBranch(ctx context.Context, r repoChoice) (Elicit[branchChoice], error) {
	return Ask[branchChoice]("Which branch of " + r.Name + "?"), nil
}

// askRepoUnlessGiven asks only when the prompt's arguments do not name the
// repository.
func askRepoUnlessGiven(req *mcp.GetPromptRequest) (Elicit[repoChoice], error) {
	if name := req.Params.Arguments["repo"]; name != "" {
		return Given(repoChoice{name}), nil
	}
	return Ask[repoChoice]("Which repository?"), nil
}

func promptText(text string) *mcp.GetPromptResult {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: text}}}}
}

func resourceText(req *mcp.ReadResourceRequest, text string) *mcp.ReadResourceResult {
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: text}}}
}

func outcomeText(o Outcome[repoChoice]) string {
	if !o.Accepted() {
		return "no repository: " + string(o.Action)
	}
	return "review " + o.Value.Name
}

// promptsAndResources registers, on rt and s, the prompts one, two and
// outcome and the resources res://one, res://two (a template) and
// res://outcome.
func promptsAndResources(t testing.TB, rt *Runtime, s *mcp.Server) {
	t.Helper()
	check := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	check(rt.AddPrompt(s, &mcp.Prompt{Name: "one"}, func(ctx context.Context, req *mcp.GetPromptRequest, r repoChoice) (*mcp.GetPromptResult, error) {
		return promptText("review " + r.Name), nil
	}, askRepoUnlessGiven))
	check(rt.AddPrompt(s, &mcp.Prompt{Name: "two"}, func(ctx context.Context, req *mcp.GetPromptRequest, r repoChoice, b branchChoice) (*mcp.GetPromptResult, error) {
		return promptText("review " + r.Name + "@" + b.Name), nil
	}, askRepo, askBranch))
	check(rt.AddPrompt(s, &mcp.Prompt{Name: "outcome"}, func(ctx context.Context, req *mcp.GetPromptRequest, o Outcome[repoChoice]) (*mcp.GetPromptResult, error) {
		return promptText(outcomeText(o)), nil
	}, askRepo))
	check(rt.AddResource(s, &mcp.Resource{URI: "res://one", Name: "one"}, func(ctx context.Context, req *mcp.ReadResourceRequest, r repoChoice) (*mcp.ReadResourceResult, error) {
		return resourceText(req, "review "+r.Name), nil
	}, askRepo))
	check(rt.AddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "res://{which}", Name: "two"}, func(ctx context.Context, req *mcp.ReadResourceRequest, r repoChoice, b branchChoice) (*mcp.ReadResourceResult, error) {
		return resourceText(req, "review "+r.Name+"@"+b.Name), nil
	}, askRepo, askBranch))
	check(rt.AddResource(s, &mcp.Resource{URI: "res://outcome", Name: "outcome"}, func(ctx context.Context, req *mcp.ReadResourceRequest, o Outcome[repoChoice]) (*mcp.ReadResourceResult, error) {
		return resourceText(req, outcomeText(o)), nil
	}, askRepo))
}

// fetch gets a prompt or reads a resource ("res://..."), and returns its
// text.
func fetch(cs *mcp.ClientSession, name string, args map[string]string) (string, error) {
	ctx := context.Background()
	if strings.HasPrefix(name, "res://") {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: name})
		if err != nil {
			return "", err
		}
		return res.Contents[0].Text, nil
	}
	res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: name, Arguments: args})
	if err != nil {
		return "", err
	}
	return res.Messages[0].Content.(*mcp.TextContent).Text, nil
}

// reviewer answers the repository and branch questions.
func reviewer(message string) *mcp.ElicitResult {
	switch message {
	case "Which repository?":
		return accept(map[string]any{"name": "mcplint"})
	case "Which branch of mcplint?":
		return accept(map[string]any{"name": "main"})
	}
	return &mcp.ElicitResult{Action: "cancel"}
}

// sessionKinds are the protocol versions of the two kinds of session: with
// input-required results, and with server-to-client requests.
var sessionKinds = []string{"", "2025-11-25"}

func TestPromptsAndResourcesAsk(t *testing.T) {
	for _, version := range sessionKinds {
		s := newServer()
		promptsAndResources(t, mustNew(nil), s)
		for _, tc := range []struct {
			name  string
			asked int
			want  string
		}{
			{"one", 1, "review mcplint"},
			{"two", 2, "review mcplint@main"},
			{"outcome", 1, "review mcplint"},
			{"res://one", 1, "review mcplint"},
			{"res://two", 2, "review mcplint@main"},
			{"res://outcome", 1, "review mcplint"},
		} {
			t.Run(fmt.Sprintf("%s/%q", tc.name, version), func(t *testing.T) {
				a := newAnswerer(reviewer)
				got, err := fetch(userSession(t, s, a, version), tc.name, nil)
				if err != nil || got != tc.want {
					t.Fatalf("fetch = %q, %v; want %q", got, err, tc.want)
				}
				if a.total() != tc.asked {
					t.Errorf("the user was asked %d questions, want %d", a.total(), tc.asked)
				}
			})
		}
	}
}

// A resolver that takes the request reads the prompt's arguments: a
// repository named there is not asked for.
func TestPromptArgumentsReachResolvers(t *testing.T) {
	s := newServer()
	promptsAndResources(t, mustNew(nil), s)
	a := newAnswerer(reviewer)
	got, err := fetch(userSession(t, s, a, ""), "one", map[string]string{"repo": "go-sdk"})
	if err != nil || got != "review go-sdk" || a.total() != 0 {
		t.Errorf("fetch = %q, %v after %d questions; want \"review go-sdk\" without questions", got, err, a.total())
	}
}

func TestPromptsAndResourcesDecline(t *testing.T) {
	decline := func(string) *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} }
	for _, version := range sessionKinds {
		s := newServer()
		promptsAndResources(t, mustNew(nil), s)
		for _, name := range []string{"one", "res://one"} {
			t.Run(fmt.Sprintf("plain %s/%q", name, version), func(t *testing.T) {
				_, err := fetch(userSession(t, s, newAnswerer(decline), version), name, nil)
				var wire *jsonrpc.Error
				if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams || !strings.Contains(wire.Message, `the user chose "decline"`) {
					t.Errorf("err = %v, want -32602 saying the user declined", err)
				}
			})
		}
		for _, name := range []string{"outcome", "res://outcome"} {
			t.Run(fmt.Sprintf("outcome %s/%q", name, version), func(t *testing.T) {
				got, err := fetch(userSession(t, s, newAnswerer(decline), version), name, nil)
				if err != nil || got != "no repository: decline" {
					t.Errorf("fetch = %q, %v; want the handler to see the decline", got, err)
				}
			})
		}
	}
}

func TestPromptsAndResourcesNeedTheCapability(t *testing.T) {
	for _, version := range sessionKinds {
		s := newServer()
		promptsAndResources(t, mustNew(nil), s)
		for _, name := range []string{"one", "res://one"} {
			t.Run(fmt.Sprintf("%s/%q", name, version), func(t *testing.T) {
				_, err := fetch(session(t, s, nil, version), name, nil)
				var wire *jsonrpc.Error
				if !errors.As(err, &wire) || wire.Code != mcp.CodeMissingRequiredClientCapabilities {
					t.Errorf("err = %v, want -32021", err)
				}
			})
		}
	}
}

// State issued for a prompt or a resource opens for nothing else: not for
// a tool of the same name, not across prompts and resources, not for other
// arguments; forged state is rejected like a tool's.
func TestPromptAndResourceStateIsBound(t *testing.T) {
	s := newServer()
	rt := mustNew(nil)
	promptsAndResources(t, rt, s)
	if err := rt.AddTool(s, &mcp.Tool{Name: "one"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, r repoChoice) (string, error) {
		return "tool " + r.Name, nil
	}, askRepo); err != nil {
		t.Fatal(err)
	}
	cs := manualSession(t, s)
	ctx := context.Background()
	answer := mcp.InputResponseMap{"resolve.repoChoice": accept(map[string]any{"name": "mcplint"})}
	p1, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "one"})
	if err != nil || p1.RequestState == "" || p1.InputRequests["resolve.repoChoice"] == nil {
		t.Fatalf("prompt round 1 = %+v, %v; want a question", p1, err)
	}
	r1, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://one"})
	if err != nil || r1.RequestState == "" {
		t.Fatalf("resource round 1 = %+v, %v; want a question", r1, err)
	}
	t1 := call(t, cs, &mcp.CallToolParams{Name: "one", Arguments: map[string]any{}})

	t.Run("prompt state for a tool of the same name", func(t *testing.T) {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "one", Arguments: map[string]any{}, RequestState: p1.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("tool state for a prompt of the same name", func(t *testing.T) {
		_, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "one", RequestState: t1.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("prompt state for a resource", func(t *testing.T) {
		_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://one", RequestState: p1.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("resource state for another URI of the same template", func(t *testing.T) {
		r2, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://a"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://b", RequestState: r2.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("prompt state for other arguments", func(t *testing.T) {
		_, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "one", Arguments: map[string]string{"x": "y"}, RequestState: p1.RequestState, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("forged prompt state", func(t *testing.T) {
		forged := plainState(t, &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{})})
		_, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "one", RequestState: forged, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("forged resource state", func(t *testing.T) {
		forged := plainState(t, &engine.State{Version: engine.StateVersion, Answers: engine.KeyedOf(map[string]engine.StoredAnswer{})})
		_, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://one", RequestState: forged, InputResponses: answer})
		wantInvalidState(t, err)
	})
	t.Run("replayed prompt state, same prompt", func(t *testing.T) {
		for range 2 {
			res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "one", RequestState: p1.RequestState, InputResponses: answer})
			if err != nil || res.Messages[0].Content.(*mcp.TextContent).Text != "review mcplint" {
				t.Fatalf("round 2 = %+v, %v; want the prompt", res, err)
			}
		}
	})
	t.Run("resource state, same resource", func(t *testing.T) {
		res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://one", RequestState: r1.RequestState, InputResponses: answer})
		if err != nil || res.Contents[0].Text != "review mcplint" {
			t.Fatalf("round 2 = %+v, %v; want the resource", res, err)
		}
	})
}

// A prompt or resource handler with resolved parameters that returns an
// input-required result is refused at run time (the one-channel rule).
func TestPromptAndResourceOneChannel(t *testing.T) {
	s := newServer()
	rt := mustNew(nil)
	own := mcp.InputRequestMap{"mine": &mcp.ElicitParams{Mode: "form", Message: "mine?"}}
	if err := rt.AddPrompt(s, &mcp.Prompt{Name: "mixed"}, func(ctx context.Context, req *mcp.GetPromptRequest, r repoChoice) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{InputRequests: own, RequestState: "mine"}, nil
	}, askRepo); err != nil {
		t.Fatal(err)
	}
	if err := rt.AddResource(s, &mcp.Resource{URI: "res://mixed", Name: "mixed"}, func(ctx context.Context, req *mcp.ReadResourceRequest, r repoChoice) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{InputRequests: own, RequestState: "mine"}, nil
	}, askRepo); err != nil {
		t.Fatal(err)
	}
	// Without resolved parameters, the handler drives the flow itself.
	if err := rt.AddPrompt(s, &mcp.Prompt{Name: "own"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{InputRequests: own, RequestState: "mine"}, nil
	}); err != nil {
		t.Fatal(err)
	}
	cs := manualSession(t, s)
	ctx := context.Background()
	answer := mcp.InputResponseMap{"resolve.repoChoice": accept(map[string]any{"name": "mcplint"})}
	p1, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "mixed"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "mixed", RequestState: p1.RequestState, InputResponses: answer})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInternalError || wire.Message != engine.OneChannelMessage {
		t.Errorf("prompt err = %v, want -32603 with the one-channel message", err)
	}
	r1, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://mixed"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "res://mixed", RequestState: r1.RequestState, InputResponses: answer})
	if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInternalError || wire.Message != engine.OneChannelMessage {
		t.Errorf("resource err = %v, want -32603 with the one-channel message", err)
	}
	res, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "own"})
	if err != nil || res.RequestState != "mine" {
		t.Errorf("own = %+v, %v; want its own input-required result", res, err)
	}
}

// A panic in a prompt's resolver ends that request with the fixed internal
// error; the server goes on.
func TestPromptPanicIsRecovered(t *testing.T) {
	s := newServer()
	rt := mustNew(&Options{Logger: slog.New(slog.DiscardHandler)})
	boom := func(ctx context.Context) (repoChoice, error) { panic("boom") }
	if err := rt.AddPrompt(s, &mcp.Prompt{Name: "boom"}, func(ctx context.Context, req *mcp.GetPromptRequest, r repoChoice) (*mcp.GetPromptResult, error) {
		return promptText(r.Name), nil
	}, boom); err != nil {
		t.Fatal(err)
	}
	cs := manualSession(t, s)
	_, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "boom"})
	var wire *jsonrpc.Error
	if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInternalError || wire.Message != "the prompt failed inside the server; the server's log has the details" {
		t.Errorf("err = %v, want -32603 with the fixed message", err)
	}
}

// Registration checks prompts and resources with the rules of tools, in
// the method's terms.
func TestPromptAndResourceRegistrationRules(t *testing.T) {
	rt := mustNew(nil)
	s := newServer()
	for _, tc := range []struct {
		name string
		add  func() error
		want string
		rule Rule
	}{
		{"tool-shaped prompt handler", func() error {
			//mcplint:ignore resolvegraph registration must reject this (rule resolvegraph): this case checks it
			return rt.AddPrompt(s, &mcp.Prompt{Name: "p"}, func(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (string, error) { return "", nil })
		}, `resolve: prompt "p": handler resolve.TestPromptAndResourceRegistrationRules.func`, RuleResolveGraph},
		{"prompt result type", func() error {
			//mcplint:ignore resolvegraph registration must reject this (rule resolvegraph): this case checks it
			return rt.AddPrompt(s, &mcp.Prompt{Name: "p"}, func(ctx context.Context, req *mcp.GetPromptRequest) (string, error) { return "", nil })
		}, "its first result has type string, not *mcp.GetPromptResult", RuleResolveGraph},
		{"resource request type", func() error {
			//mcplint:ignore resolvegraph registration must reject this (rule resolvegraph): this case checks it
			return rt.AddResource(s, &mcp.Resource{URI: "res://r"}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.ReadResourceResult, error) { return nil, nil })
		}, "its second parameter has type *mcp.GetPromptRequest, not *mcp.ReadResourceRequest", RuleResolveGraph},
		{"missing provider", func() error {
			//mcplint:ignore resolvegraph registration must reject this (rule resolvegraph): this case checks it
			return rt.AddResourceTemplate(s, &mcp.ResourceTemplate{URITemplate: "res://{x}"}, func(ctx context.Context, req *mcp.ReadResourceRequest, b branchChoice) (*mcp.ReadResourceResult, error) {
				return nil, nil
			})
		}, `resolve: resource "res://{x}": handler`, RuleResolveGraph},
		{"request after the fixed parameters", func() error {
			//mcplint:ignore resolvegraph registration must reject this (rule resolvegraph): this case checks it
			return rt.AddPrompt(s, &mcp.Prompt{Name: "p"}, func(ctx context.Context, req *mcp.GetPromptRequest, again *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
				return nil, nil
			})
		}, "after the request; move it before the request, where only context and request go", RuleResolveGraph},
		{"answer type", func() error {
			//mcplint:ignore elicitbase registration must reject this (rule elicitbase): this case checks it
			ask := func() (Elicit[map[string]any], error) { return Ask[map[string]any]("?"), nil }
			return rt.AddPrompt(s, &mcp.Prompt{Name: "p"}, func(ctx context.Context, req *mcp.GetPromptRequest, m map[string]any) (*mcp.GetPromptResult, error) {
				return nil, nil
			}, ask)
		}, "has no static form schema", RuleElicitBase},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.add()
			if err == nil || !strings.Contains(err.Error(), tc.want) || !slices.Contains(Rules(err), tc.rule) {
				t.Errorf("err = %v (rules %v), want %q under %s", err, Rules(err), tc.want, tc.rule)
			}
		})
	}
	//mcplint:ignore resolvegraph registration must reject this (rule resolvegraph): this case checks it
	if err := rt.AddPrompt(s, nil, nil); err == nil {
		t.Error("AddPrompt(nil) succeeded")
	}
}

// A prompt's state is bound to the principal that Options.Principal names,
// as a tool's is; Principal sees the request's session.
func TestPromptStateBoundToPrincipal(t *testing.T) {
	var user atomic.Value
	user.Store("alice")
	var sawSession atomic.Bool
	rt := mustNew(&Options{Principal: func(req *mcp.CallToolRequest) string {
		sawSession.Store(req.Session != nil && req.Params != nil)
		return user.Load().(string)
	}})
	s := newServer()
	promptsAndResources(t, rt, s)
	cs := manualSession(t, s)
	ctx := context.Background()
	answer := mcp.InputResponseMap{"resolve.repoChoice": accept(map[string]any{"name": "mcplint"})}
	p1, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "outcome"})
	if err != nil || p1.RequestState == "" {
		t.Fatalf("round 1 = %+v, %v; want a question", p1, err)
	}
	if !sawSession.Load() {
		t.Error("Principal did not get the request's session and non-nil params")
	}
	user.Store("bob")
	_, err = cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "outcome", RequestState: p1.RequestState, InputResponses: answer})
	wantInvalidState(t, err)
	user.Store("alice")
	if _, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "outcome", RequestState: p1.RequestState, InputResponses: answer}); err != nil {
		t.Errorf("alice's own state: %v", err)
	}
}
