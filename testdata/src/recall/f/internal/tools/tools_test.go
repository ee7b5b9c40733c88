package tools_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/recall/f/internal/tools"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// The tools' labels, as the comments on their asking lines give them.
var legacyTools = map[string]string{
	"delete_customer": "bug", "delete_contact": "ok",
	"delete_repository": "bug", "delete_fork": "ok",
	"cancel_subscription": "bug", "cancel_order": "ok",
	"delete_environment": "bug", "delete_pipeline": "ok",
	"purge_mailbox": "bug", "expunge_mailbox": "ok",
	"delete_release": "bug", "delete_artifact": "ok",
	"terminate_instance": "bug", "terminate_node": "ok",
	"drop_dataset": "bug", "drop_model": "ok",
	"delete_account_data": "bug", "delete_audit_log": "ok",
	"remove_member": "bug", "remove_admin": "ok",
	"rotate_master_key": "ok",
}

var roundTools = map[string]string{
	"delete_bucket_policy": "bug", "delete_role_policy": "ok",
	"delete_project": "bug", "delete_workspace": "ok",
	"refund_payment": "bug", "void_payment": "ok",
	"delete_tenant": "bug", "delete_realm": "ok",
	"reset_password_all": "bug", "reset_mfa_all": "ok",
	"erase_disk": "bug", "erase_backup": "ok",
	"wipe_database": "bug", "wipe_bucket": "ok",
	"delete_release_tag": "bug", "delete_git_tag": "ok",
	"publish_release": "bug", "publish_hotfix": "ok",
}

const (
	legacyVersion = "2025-11-25"
	target        = "acme-prod"
)

// recordingStore records what the tools deleted.
type recordingStore struct {
	mu      sync.Mutex
	deleted []string
}

func (s *recordingStore) Delete(_ context.Context, kind, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.deleted = append(s.deleted, kind+" "+name)
	return nil
}

func (s *recordingStore) acted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.deleted) > 0
}

// form fills the fields the question asks for: every box ticked (or
// unticked) and every text field typed right (or wrong).
func form(params mcp.ElicitationParams, confirm bool) map[string]any {
	raw, err := json.Marshal(params.RequestedSchema)
	if err != nil {
		panic(err)
	}
	var schema struct {
		Properties map[string]struct {
			Type string `json:"type"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(raw, &schema); err != nil {
		panic(err)
	}
	content := map[string]any{}
	for name, p := range schema.Properties {
		switch p.Type {
		case "boolean":
			content[name] = confirm
		case "string":
			if confirm {
				content[name] = target
			} else {
				content[name] = "not-" + target
			}
		}
	}
	return content
}

// answerFunc is a client's elicitation handler; it serves both the
// server-to-client request and the client's own round trips.
type answerFunc func(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error)

func (f answerFunc) Elicit(ctx context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return f(ctx, req)
}

func reply(action mcp.ElicitationResponseAction, confirm bool) answerFunc {
	return func(_ context.Context, req mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
		res := &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: action}}
		if action == mcp.ElicitationResponseActionAccept {
			res.Content = form(req.Params, confirm)
		}
		return res, nil
	}
}

func acceptEmpty(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return &mcp.ElicitationResult{ElicitationResponse: mcp.ElicitationResponse{Action: mcp.ElicitationResponseActionAccept}}, nil
}

func fail(context.Context, mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	return nil, errors.New("the user closed the window")
}

func hang(ctx context.Context, _ mcp.ElicitationRequest) (*mcp.ElicitationResult, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

// tamper rewrites the inputResponses of every retry of a tools/call, the
// way a misbehaving client would send them.
type tamper struct {
	*transport.InProcessTransport
	rewrite func(map[string]any) map[string]any
}

func (t *tamper) SendRequest(ctx context.Context, req transport.JSONRPCRequest) (*transport.JSONRPCResponse, error) {
	if req.Method == string(mcp.MethodToolsCall) && t.rewrite != nil {
		raw, err := json.Marshal(req.Params)
		if err != nil {
			return nil, err
		}
		var params map[string]any
		if err := json.Unmarshal(raw, &params); err != nil {
			return nil, err
		}
		if responses, ok := params["inputResponses"].(map[string]any); ok {
			if rewritten := t.rewrite(responses); rewritten == nil {
				delete(params, "inputResponses")
			} else {
				params["inputResponses"] = rewritten
			}
			req.Params = params
		}
	}
	return t.InProcessTransport.SendRequest(ctx, req)
}

func eachAnswer(f func(key string, answer map[string]any) (string, any)) func(map[string]any) map[string]any {
	return func(responses map[string]any) map[string]any {
		out := map[string]any{}
		for key, r := range responses {
			answer, _ := r.(map[string]any)
			k, v := f(key, answer)
			out[k] = v
		}
		return out
	}
}

// An outcome is one way the question can end.
type outcome struct {
	name       string
	confirming bool
	legacy     bool // the client speaks a protocol before 2026-07-28
	answer     answerFunc
	rewrite    func(map[string]any) map[string]any
	deadline   time.Duration
	// stdio serves the call over stdio pipes instead of in process: a
	// 2026-07-28 session there refuses the server-to-client request.
	stdio bool
}

var legacyOutcomes = []outcome{
	{name: "ticked", confirming: true, answer: reply(mcp.ElicitationResponseActionAccept, true)},
	{name: "ticked-old-client", confirming: true, legacy: true, answer: reply(mcp.ElicitationResponseActionAccept, true)},
	{name: "unticked", answer: reply(mcp.ElicitationResponseActionAccept, false)},
	{name: "missing", answer: acceptEmpty},
	{name: "decline", answer: reply(mcp.ElicitationResponseActionDecline, false)},
	{name: "cancel", answer: reply(mcp.ElicitationResponseActionCancel, false)},
	{name: "client-error", answer: fail},
	{name: "no-elicitation"},
	{name: "timeout", answer: hang, deadline: 300 * time.Millisecond},
	{name: "refused-2026", answer: reply(mcp.ElicitationResponseActionAccept, true), stdio: true},
}

var roundOutcomes = []outcome{
	{name: "ticked", confirming: true, answer: reply(mcp.ElicitationResponseActionAccept, true)},
	{name: "ticked-old-client", confirming: true, legacy: true, answer: reply(mcp.ElicitationResponseActionAccept, true)},
	{name: "unticked", answer: reply(mcp.ElicitationResponseActionAccept, false)},
	{name: "decline", answer: reply(mcp.ElicitationResponseActionDecline, false)},
	{name: "cancel", answer: reply(mcp.ElicitationResponseActionCancel, false)},
	{name: "client-error", answer: fail},
	{name: "no-elicitation"},
	{name: "missing", answer: reply(mcp.ElicitationResponseActionAccept, true),
		rewrite: eachAnswer(func(key string, _ map[string]any) (string, any) {
			return key, map[string]any{"action": "accept", "content": map[string]any{}}
		})},
	{name: "no-answer", answer: reply(mcp.ElicitationResponseActionAccept, true),
		rewrite: func(map[string]any) map[string]any { return nil }},
	{name: "other-key", answer: reply(mcp.ElicitationResponseActionAccept, true),
		rewrite: eachAnswer(func(_ string, answer map[string]any) (string, any) { return "other", answer })},
	{name: "other-kind", answer: reply(mcp.ElicitationResponseActionAccept, true),
		rewrite: eachAnswer(func(key string, _ map[string]any) (string, any) {
			return key, map[string]any{"roots": []any{}}
		})},
}

// call runs tool once in outcome o against a fresh server and reports
// whether the tool acted.
func call(t *testing.T, tool string, o outcome) bool {
	t.Helper()
	ctx := context.Background()
	store := &recordingStore{}
	srv := server.NewMCPServer("probef", "0.1.0", server.WithToolCapabilities(false))
	tools.New(srv, store, slog.New(slog.NewTextHandler(io.Discard, nil)))

	var transportOpts []transport.InProcessOption
	var clientOpts []client.ClientOption
	if o.answer != nil {
		transportOpts = append(transportOpts, transport.WithElicitationHandler(o.answer))
		clientOpts = append(clientOpts, client.WithElicitationHandler(o.answer))
	}
	if o.legacy {
		clientOpts = append(clientOpts, client.WithProtocolVersion(legacyVersion))
	}
	var tr transport.Interface = &tamper{InProcessTransport: transport.NewInProcessTransportWithOptions(srv, transportOpts...), rewrite: o.rewrite}
	if o.stdio {
		serverIn, clientOut := io.Pipe()
		clientIn, serverOut := io.Pipe()
		listenCtx, stop := context.WithCancel(ctx)
		go func() { _ = server.NewStdioServer(srv).Listen(listenCtx, serverIn, serverOut) }()
		defer func() {
			stop()
			clientOut.Close()
			serverOut.Close()
		}()
		tr = transport.NewIO(clientIn, clientOut, io.NopCloser(strings.NewReader("")))
	}
	c := client.NewClient(tr, clientOpts...)
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	init := mcp.InitializeRequest{}
	init.Params.ClientInfo = mcp.Implementation{Name: "probe-client", Version: "0.1.0"}
	if _, err := c.Initialize(ctx, init); err != nil {
		t.Fatal(err)
	}

	callCtx := ctx
	if o.deadline > 0 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, o.deadline)
		defer cancel()
	}
	req := mcp.CallToolRequest{}
	req.Params.Name = tool
	req.Params.Arguments = map[string]any{"name": target}
	_, _ = c.CallTool(callCtx, req) // an error is one of the outcomes; what counts is whether the tool acted
	return store.acted()
}

func check(t *testing.T, tools map[string]string, outcomes []outcome) {
	names := make([]string, 0, len(tools))
	for name := range tools {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, tool := range names {
		label := tools[tool]
		t.Run(tool, func(t *testing.T) {
			var leaks []string
			for _, o := range outcomes {
				acted := call(t, tool, o)
				switch {
				case o.confirming && !acted:
					t.Errorf("%s did not act on a confirming answer (%s)", tool, o.name)
				case !o.confirming && acted:
					leaks = append(leaks, o.name)
				}
			}
			switch label {
			case "bug":
				if len(leaks) == 0 {
					t.Errorf("%s is labelled bug but acted on no non-confirming outcome", tool)
				}
			case "ok":
				if len(leaks) > 0 {
					t.Errorf("%s is labelled ok but acted on %s", tool, strings.Join(leaks, ", "))
				}
			}
			t.Logf("%s (%s) acts without confirmation on: %v", tool, label, leaks)
		})
	}
}

func TestLegacyOutcomes(t *testing.T) { check(t, legacyTools, legacyOutcomes) }

func TestRoundOutcomes(t *testing.T) { check(t, roundTools, roundOutcomes) }
