package mcptest_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/mcptest"
	"github.com/mcplint/mcplint/mcptest/internal/shapetest"
)

// Shapes met on public servers that hand-write their rounds, reduced: each
// test pins a verdict the kit once got wrong there.

const modern = "2026-07-28"

type nameIn struct {
	Name string `json:"name"`
}

// checkOne runs the kit on the server's tool "rm" with a probe over n.
func checkOne(t *testing.T, server *mcp.Server, n *atomic.Int64, answers map[string]map[string]any) *mcptest.Report {
	t.Helper()
	r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"rm": {
		Args:    map[string]any{"name": "users"},
		Answers: answers,
		Effect:  func() int { return int(n.Load()) },
	}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range r.Findings {
		t.Log(f)
	}
	t.Log(r.Summary())
	return r
}

// stateTool asks by hand with an ElicitParams carrying a readable
// requestState: "confirm:rm" on every call, or with perCall one numbered
// per call. needState says whether the retry refuses a state the tool did
// not issue; the state is never spent, so a replay of the last round runs
// again.
//
//mcplint:ignore statereach the plain state is the shape under test: single use's positive when the tool needs it
func stateTool(n *atomic.Int64, needState, perCall bool) mcp.ToolHandlerFor[nameIn, any] {
	var mu sync.Mutex
	var calls int
	issued := map[string]bool{}
	return func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
		if req.Session.InitializeParams().ProtocolVersion < modern {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "needs " + modern}}}, nil, nil
		}
		mu.Lock()
		defer mu.Unlock()
		res, ok := req.Params.InputResponses["confirm:rm"].(*mcp.ElicitResult)
		if !ok {
			state := "confirm:rm"
			if perCall {
				calls++
				state = fmt.Sprintf("confirm:rm:%d", calls)
			}
			issued[state] = true
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"confirm:rm": &mcp.ElicitParams{Message: "Remove " + in.Name + "?"}},
				RequestState:  state,
			}, nil, nil
		}
		if needState && !issued[req.Params.RequestState] {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "state missing"}}}, nil, nil
		}
		if res.Action != "accept" {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not removed"}}}, nil, nil
		}
		n.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
	}
}

// A tool that echoes a correlation state it never reads decides on the
// answer alone: replaying its last round is a new call that answers ahead,
// not a reuse of state. So does one whose state it needs but hands every
// client alike (a constant marker): the replay answers ahead with a public
// marker. One that refuses the last round without the state it issued to
// that call, and does not spend it, is single use's positive.
func TestSingleUseOfAStateTheToolDoesNotNeed(t *testing.T) {
	for _, tc := range []struct {
		needState, perCall bool
		note               string // why single use was not judged; "" when it reports
	}{
		{false, false, "singleuse: the tool does not need its requestState"},
		{true, false, "singleuse: the tool's requestState is a marker every client is handed"},
		{true, true, ""},
	} {
		var n atomic.Int64
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, stateTool(&n, tc.needState, tc.perCall))
		r := checkOne(t, server, &n, nil)
		// Other rules (askcaps: the tool asks without checking;
		// statereach: the per-call state is bound to no principal) are
		// not this test's.
		if got := r.Rules(); slices.Contains(got, "singleuse") != (tc.note == "") {
			t.Errorf("state needed %v, per call %v: rules %v", tc.needState, tc.perCall, got)
		}
		if tc.note != "" && !slices.ContainsFunc(r.NotObserved, func(s string) bool { return strings.Contains(s, tc.note) }) {
			t.Errorf("state needed %v, per call %v: the summary does not say why single use was not judged (%q): %v", tc.needState, tc.perCall, tc.note, r.NotObserved)
		}
	}
}

// A server may offer a tool only to 2026-07-28 sessions (hidden from the
// list and refused below): the legacy path of a tool never offered there
// is not syncask's to judge. Offered there and failing, it is.
func TestToolNotOfferedOnLegacySessions(t *testing.T) {
	for _, hide := range []bool{true, false} {
		var n atomic.Int64
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, stateTool(&n, true, false))
		if hide {
			server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
				return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
					res, err := next(ctx, method, req)
					if lt, ok := res.(*mcp.ListToolsResult); ok && err == nil {
						ss := req.GetSession().(*mcp.ServerSession)
						if ss.InitializeParams().ProtocolVersion < modern {
							lt.Tools = slices.DeleteFunc(lt.Tools, func(tl *mcp.Tool) bool { return tl.Name == "rm" })
						}
					}
					return res, err
				}
			})
		}
		r := checkOne(t, server, &n, nil)
		got := r.Rules()
		if slices.Contains(got, "syncask") == hide {
			t.Errorf("hidden on 2025-11-25 %v: rules %v", hide, got)
		}
	}
}

// A question whose confirming answer the user gives (type the name) is
// answered with it on a 2025-11-25 session too, where the SDK sends it
// as a server-to-client request that carries no key.
func TestGivenAnswersOnLegacySessions(t *testing.T) {
	var n atomic.Int64
	server := newServer()
	mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
		res, ok := req.Params.InputResponses["typed"].(*mcp.ElicitResult)
		if !ok {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"typed": &mcp.ElicitParams{
				Message: "Type " + in.Name + " to remove it",
				RequestedSchema: map[string]any{"type": "object",
					"properties": map[string]any{"name": map[string]any{"type": "string"}}, "required": []any{"name"}},
			}}}, nil, nil
		}
		if res.Action != "accept" || res.Content["name"] != in.Name {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not removed"}}}, nil, nil
		}
		n.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
	})
	r := checkOne(t, server, &n, map[string]map[string]any{"typed": {"name": "users"}})
	if got := r.Rules(); slices.Contains(got, "syncask") {
		t.Errorf("rules %v: the legacy call was not answered with the given content", got)
	}
}

// A roots question confirms nothing: a tool that asks for the client's
// roots to scope its work, and goes on without them when the answer is
// not a roots list, is not failopen's positive (nor the analyzer's).
func TestRootsQuestionConfirmsNothing(t *testing.T) {
	var n atomic.Int64
	server := newServer()
	mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
		resp, answered := req.Params.InputResponses["roots"]
		if !answered {
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
		}
		scope := "everywhere"
		if roots, ok := resp.(*mcp.ListRootsResult); ok && len(roots.Roots) > 0 {
			scope = "under the roots"
		}
		n.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "searched " + scope}}}, nil, nil
	})
	r := checkOne(t, server, &n, nil)
	if got := r.Rules(); slices.Contains(got, "failopen") {
		t.Errorf("rules %v: a roots answer of another kind judged as a failed confirmation", got)
	}
}

// markerTool carries one constant requestState, the same for every
// client, arguments and principal, and refuses a retry without it (the
// shape of statereach/marker's prune). trusted says whether the marker
// stands in for the answer: the retry then goes ahead on any answer,
// declined too, instead of reading it.
//
//mcplint:ignore statereach the constant marker is the shape under test
func markerTool(n *atomic.Int64, trusted bool) mcp.ToolHandlerFor[nameIn, any] {
	const awaiting = "awaiting_confirmation"
	return func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
		if len(req.Params.InputResponses) == 0 {
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Remove " + in.Name + "?"}},
				RequestState:  awaiting,
			}, nil, nil
		}
		if req.Params.RequestState != awaiting {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "not a reply to the confirmation"}}}, nil, nil
		}
		if res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult); !trusted && (!ok || res.Action != "accept") {
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "declined"}}}, nil, nil
		}
		n.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed " + in.Name}}}, nil, nil
	}
}

// A constant marker that every client is given says only that the
// question was asked: another principal's copy of it, or one taken with
// other arguments, is the state that client gets itself, and tampering
// with it can only make the tool refuse or ask again. It is statereach's
// negative as long as the answer decides; a marker that decides in the
// answer's place (any answer goes ahead with it) is the positive.
func TestConstantMarkerState(t *testing.T) {
	for _, trusted := range []bool{false, true} {
		for _, probe := range []bool{true, false} {
			var n atomic.Int64
			server := newServer()
			mcp.AddTool(server, &mcp.Tool{Name: "rm"}, markerTool(&n, trusted))
			opts := mcptest.Tool{Args: map[string]any{"name": "users"}}
			if probe {
				opts.Effect = func() int { return int(n.Load()) }
			}
			r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"rm": opts}})
			if err != nil {
				t.Fatal(err)
			}
			var statereach []string
			for _, f := range r.Findings {
				if f.Rule == "statereach" {
					statereach = append(statereach, f.Scenario+": "+f.Detail)
				}
			}
			if got := len(statereach) > 0; got != trusted {
				t.Errorf("trusted marker %v, probe %v: statereach findings %q", trusted, probe, statereach)
			}
		}
	}
}

// A tool that asks on every round (it never reads an answer: a reduced
// shape, or a bug) runs out of the clients' round budget, askstable's
// finding; its first round still says whether it asks a client that
// declared no capability for the question. gated checks the capability
// first.
func TestCapabilitiesOfAToolThatAsksForever(t *testing.T) {
	for _, gated := range []bool{true, false} {
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			if gated && req.ClientCapabilities().RootsV2 == nil {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "needs roots"}}}, nil, nil
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"roots": &mcp.ListRootsParams{}}}, nil, nil
		})
		r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"rm": {Args: map[string]any{"name": "users"}}}})
		if err != nil {
			t.Fatal(err)
		}
		got := r.Rules()
		if !slices.Contains(got, "askstable") {
			t.Errorf("gated %v: rules %v, want askstable's round budget", gated, got)
		}
		if slices.Contains(got, "askcaps") == gated {
			t.Errorf("gated %v: rules %v", gated, got)
		}
	}
}

// A form with a boolean and a text field is no checkbox: its boolean may
// say anything (notify the owner), and an accepted form confirms, as for
// the analyzer. Only a form whose one field is a boolean is a checkbox,
// whose box unticked is a no.
func TestBooleanOfAFormIsNoCheckbox(t *testing.T) {
	for _, checkbox := range []bool{false, true} {
		props := map[string]any{"notify": map[string]any{"type": "boolean"}}
		if !checkbox {
			props["note"] = map[string]any{"type": "string"}
		}
		var n atomic.Int64
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			res, ok := req.Params.InputResponses["form"].(*mcp.ElicitResult)
			if !ok {
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"form": &mcp.ElicitParams{
					Message:         "Remove " + in.Name + "?",
					RequestedSchema: map[string]any{"type": "object", "properties": props},
				}}}, nil, nil
			}
			if res.Action != "accept" {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
			}
			n.Add(1)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
		})
		r := checkOne(t, server, &n, nil)
		if got := r.Rules(); slices.Contains(got, "failopen") != checkbox {
			t.Errorf("checkbox %v: rules %v", checkbox, got)
		}
	}
}

// A tool that asks again, the same question, when its checkbox comes back
// unticked stops at nothing but a ticked box. On a 2025-11-25 session,
// where the SDK sends each question as a server-to-client request, the
// request asked again (the same form, in the same or other words) is the
// same question: the kit's non-confirming answer is given to it again,
// not a confirming one, which would take the effect as it should.
func TestQuestionAskedAgainOnALegacySession(t *testing.T) {
	var n atomic.Int64
	server := newServer()
	box := map[string]any{"type": "object", "properties": map[string]any{"confirm": map[string]any{"type": "boolean"}}}
	mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
		ask := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"box": &mcp.ElicitParams{Message: "Remove " + in.Name + "?", RequestedSchema: box}}}
		res, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
		if !ok {
			return ask, nil, nil
		}
		if res.Action != "accept" {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
		}
		if res.Content["confirm"] != true {
			// Asked again in other words: the same checkbox.
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"box": &mcp.ElicitParams{Message: "Tick the box to remove " + in.Name, RequestedSchema: box}}}, nil, nil
		}
		n.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
	})
	r := checkOne(t, server, &n, nil)
	if got := r.Rules(); slices.Contains(got, "failopen") {
		t.Errorf("rules %v: a question asked again was answered as confirmed", got)
	}
}

// A checkbox whose box the schema does not require may come back without
// it: a tool that stops only on a box that is there and false goes ahead
// then. One that goes ahead only on a ticked box does not.
func TestCheckboxLeftOut(t *testing.T) {
	for _, onlyTicked := range []bool{true, false} {
		var n atomic.Int64
		server := newServer()
		box := map[string]any{"type": "object", "properties": map[string]any{"confirm": map[string]any{"type": "boolean"}}}
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			res, ok := req.Params.InputResponses["box"].(*mcp.ElicitResult)
			if !ok {
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"box": &mcp.ElicitParams{Message: "Remove " + in.Name + "?", RequestedSchema: box}}}, nil, nil
			}
			stop := res.Content["confirm"] == false
			if onlyTicked {
				stop = res.Content["confirm"] != true
			}
			if res.Action != "accept" || stop {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
			}
			n.Add(1)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
		})
		r := checkOne(t, server, &n, nil)
		leftOut := slices.ContainsFunc(r.Findings, func(f mcptest.Finding) bool {
			return f.Rule == "failopen" && strings.HasPrefix(f.Scenario, "accept with the fields missing")
		})
		if leftOut == onlyTicked {
			t.Errorf("only ticked %v: a box left out reported %v", onlyTicked, leftOut)
		}
	}
}

// An answer the call never asks for must not change its outcome, accepted
// or not: a tool that takes the region from an answer it never asks
// ("region", a key the user names in Tool.Keys) lets any client replace
// its own value. One that reads only the answer it asks for is unmoved.
func TestAcceptedAnswerSentUnasked(t *testing.T) {
	for _, readsUnasked := range []bool{false, true} {
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			res, ok := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
			if !ok {
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Remove " + in.Name + "?"}}}, nil, nil
			}
			if res.Action != "accept" {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
			}
			region := "eu-west-1"
			if r, ok := req.Params.InputResponses["region"].(*mcp.ElicitResult); ok && readsUnasked && r.Action == "accept" {
				region, _ = r.Content["region"].(string)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed " + in.Name + " in " + region}}}, nil, nil
		})
		r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"rm": {Args: map[string]any{"name": "users"}, Keys: []string{"region"}}}})
		if err != nil {
			t.Fatal(err)
		}
		standIn := slices.ContainsFunc(r.Findings, func(f mcptest.Finding) bool {
			return f.Rule == "statereach" && strings.HasPrefix(f.Scenario, "stand-in answer")
		})
		if standIn != readsUnasked {
			t.Errorf("reads an answer it never asks %v: stand-in finding %v", readsUnasked, standIn)
			for _, f := range r.Findings {
				t.Log(f)
			}
		}
	}
}

// A tool that asks for elicitation and sampling in one round must check
// both capabilities: one that checks elicitation alone sends its sampling
// request to a client that declared elicitation but not sampling, which a
// client declaring nothing never shows (it is refused first).
func TestCapabilitiesCheckedApart(t *testing.T) {
	for _, both := range []bool{true, false} {
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "plan"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			caps := req.ClientCapabilities()
			if caps.Elicitation == nil || both && caps.Sampling == nil {
				return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "needs a client that can ask and sample"}}}, nil, nil
			}
			if _, ok := req.Params.InputResponses["goal"]; ok {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "planned " + in.Name}}}, nil, nil
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
				"goal":  &mcp.ElicitParams{Message: "Goal?"},
				"draft": &mcp.CreateMessageParams{MaxTokens: 100, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "draft a plan"}}}},
			}}, nil, nil
		})
		r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"plan": {Args: map[string]any{"name": "q3"}}}})
		if err != nil {
			t.Fatal(err)
		}
		var askcaps []string
		for _, f := range r.Findings {
			if f.Rule == "askcaps" {
				askcaps = append(askcaps, f.Detail)
			}
		}
		if caught := slices.ContainsFunc(askcaps, func(d string) bool { return strings.Contains(d, "sampling/createMessage") }); caught == both || len(askcaps) > 1 {
			t.Errorf("checks both capabilities %v: askcaps findings %q", both, askcaps)
		}
	}
}

type pruneIn struct {
	Name  string `json:"name"`
	Apply bool   `json:"apply"`
}

// pruneTool is i18n-mcp's keys_prune, reduced: it asks only when told to
// apply, marks its question with a state it checks on the retry (state
// says how), and otherwise completes a dry run at once.
//
//mcplint:ignore statereach the unsealed state is the shape under test
func pruneTool(n *atomic.Int64, state func() string) mcp.ToolHandlerFor[pruneIn, any] {
	var mu sync.Mutex
	issued := map[string]bool{}
	return func(_ context.Context, req *mcp.CallToolRequest, in pruneIn) (*mcp.CallToolResult, any, error) {
		mu.Lock()
		defer mu.Unlock()
		if !in.Apply {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "would prune " + in.Name}}}, nil, nil
		}
		if len(req.Params.InputResponses) == 0 {
			s := state()
			issued[s] = true
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"prune": &mcp.ElicitParams{Message: "Prune " + in.Name + "?"}},
				RequestState:  s,
			}, nil, nil
		}
		if !issued[req.Params.RequestState] {
			return nil, nil, errors.New("not a reply to the confirmation")
		}
		if res, ok := req.Params.InputResponses["prune"].(*mcp.ElicitResult); !ok || res.Action != "accept" {
			return nil, nil, errors.New("declined")
		}
		n.Add(1)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "pruned " + in.Name}}}, nil, nil
	}
}

// A state is tampered with only when the tool would not hand the same one
// to the other arguments or principal itself: a constant marker is every
// call's own state, and arguments the tool does not ask about (a dry run)
// need none. A state the tool issues per call and never binds to its
// caller is still another principal's to forge.
func TestTransplantedStateTheToolIssuesItself(t *testing.T) {
	var seq atomic.Int64
	for _, tc := range []struct {
		name     string
		state    func() string
		reported []string // tampered-state variants reported
	}{
		{"constant marker", func() string { return "awaiting_prune_confirmation" }, nil},
		{"per-call nonce", func() string { return fmt.Sprintf("prune-%d", seq.Add(1)) }, []string{"another principal"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var n atomic.Int64
			server := newServer()
			mcp.AddTool(server, &mcp.Tool{Name: "prune"}, pruneTool(&n, tc.state))
			r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"prune": {
				Args:   map[string]any{"name": "users", "apply": true},
				Effect: func() int { return int(n.Load()) },
			}}})
			if err != nil {
				t.Fatal(err)
			}
			shapetest.Transplants(t, r, tc.reported)
		})
	}
}

// A ticked answer sent under a key the call never asks, with none under
// the asked key, confirms nothing: a tool that checks the key asks again;
// one that takes a ticked answer under any key drops (failopen's outcome
// table: gosdk.OtherKeyChecked, gosdk.OtherKey).
func TestConfirmingAnswerUnderAnotherKey(t *testing.T) {
	for _, anyKey := range []bool{false, true} {
		var n atomic.Int64
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			for key, r := range req.Params.InputResponses {
				if e, ok := r.(*mcp.ElicitResult); ok && (anyKey || key == "box") && e.Action == "accept" && e.Content["confirm"] == true {
					n.Add(1)
					return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
				}
			}
			return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"box": &mcp.ElicitParams{Message: "Remove " + in.Name + "?", RequestedSchema: map[string]any{
				"type":       "object",
				"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
				"required":   []string{"confirm"},
			}}}}, nil, nil
		})
		shapetest.AnswerUnderAnotherKey(t, checkOne(t, server, &n, nil), anyKey)
	}
}

// A tool that asks who the caller is only where the server cannot tell
// (statereach's fixture answers.whoami): where the principal is known it
// asks nothing, and one that still reads "user" lets a client replace the
// caller's identity by sending it unasked. The kit sees it on that path,
// with the key in Tool.Keys; one that reads the answer only where it asks
// is unmoved.
func TestStandInReplacesTheCaller(t *testing.T) {
	for _, readsUnasked := range []bool{false, true} {
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "whoami"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			user := ""
			if req.Extra != nil && req.Extra.TokenInfo != nil {
				ti := req.Extra.TokenInfo
				user = ti.UserID
			}
			if user == "" || readsUnasked {
				if r, ok := req.Params.InputResponses["user"].(*mcp.ElicitResult); ok && r.Action == "accept" {
					user, _ = r.Content["value"].(string)
				} else if user == "" {
					return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"user": &mcp.ElicitParams{Message: "Who are you?"}}}, nil, nil
				}
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: user}}}, nil, nil
		})
		r, err := mcptest.Run(server, mcptest.Options{Tool: map[string]mcptest.Tool{"whoami": {Args: map[string]any{"name": "x"}, Keys: []string{"user"}}}})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range r.Findings {
			t.Log(f)
		}
		if got, want := r.Rules(), readsUnasked; slices.Contains(got, "statereach") != want {
			t.Errorf("reads \"user\" where it does not ask %v: rules %v", readsUnasked, got)
		}
	}
}

// Two questions in one round. One the tool never reads (the call ends
// the same however it is answered, or if it is not) confirms nothing
// when the other asks for consent and the tool reads it: not reported
// (failopen/handwrittenmcpgo's purgeAckViaHelper). Beside a question that
// gathers a value (a string field), the unread "Continue?" is the only
// consent asked, and declining it drops: reported. So is a consent only
// told present (purgeAckUnread).
func TestQuestionTheToolNeverReads(t *testing.T) {
	text := map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}, "required": []string{"name"}}
	for _, tc := range []struct {
		name string
		// first is the question the tool reads and stops on; the tool
		// checks the second only with presence (or not at all).
		first    *mcp.ElicitParams
		presence bool
		want     bool
	}{
		{"unread beside a read consent", &mcp.ElicitParams{Message: "Continue?"}, false, false},
		{"unread consent beside a read value", &mcp.ElicitParams{Message: "Which table?", RequestedSchema: text}, false, true},
		{"consent told present beside a read one", &mcp.ElicitParams{Message: "Continue?"}, true, true},
	} {
		var n atomic.Int64
		server := newServer()
		mcp.AddTool(server, &mcp.Tool{Name: "rm"}, func(_ context.Context, req *mcp.CallToolRequest, in nameIn) (*mcp.CallToolResult, any, error) {
			first, ok := req.Params.InputResponses["first"].(*mcp.ElicitResult)
			_, second := req.Params.InputResponses["second"]
			if !ok || tc.presence && !second {
				return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
					"first":  tc.first,
					"second": &mcp.ElicitParams{Message: "Every row of " + in.Name + " goes. Sure?"},
				}}, nil, nil
			}
			if first.Action != "accept" {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "kept"}}}, nil, nil
			}
			n.Add(1)
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "removed"}}}, nil, nil
		})
		r := checkOne(t, server, &n, nil)
		// The second question's outcomes, on either session (a legacy
		// request carries no key: any finding there counts).
		var got []string
		for _, f := range r.Findings {
			if f.Rule == "failopen" && (strings.HasSuffix(f.Scenario, `question "second" of round 1`) || strings.HasPrefix(f.Scenario, "2025-11-25")) {
				got = append(got, f.Scenario)
			}
		}
		if reported := len(got) > 0; reported != tc.want {
			t.Errorf("%s: failopen reported %v (%q), want %v", tc.name, reported, got, tc.want)
		}
	}
}
