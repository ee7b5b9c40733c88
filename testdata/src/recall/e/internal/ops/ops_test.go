package ops_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"example.com/recall/e/internal/ops"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The tools' labels, as the comments on their asking lines give them.
var legacyTools = map[string]string{
	"drop_bucket": "bug", "drop_queue": "ok",
	"revoke_key": "bug", "revoke_token": "ok",
	"delete_volume": "bug", "delete_snapshot": "ok",
	"purge_dns": "bug", "purge_cdn": "ok",
	"destroy_tenant": "bug", "erase_tenant": "ok",
	"delete_repo": "bug", "archive_repo_hard": "ok",
	"drop_index": "bug", "drop_table": "ok",
	"kill_job": "bug", "kill_worker": "ok",
	"wipe_cache": "bug", "wipe_logs": "ok",
	"delete_domain": "bug", "delete_cert": "ok",
	"reset_db": "bug", "reset_cluster": "ok",
	"remove_user": "bug", "remove_group": "ok",
	"delete_branch": "bug", "delete_tag": "ok",
	"drop_replica": "bug", "drop_shard": "ok",
	"archive_project": "policy", "archive_team": "ok",
	"archive_folder": "policy",
}

var roundTools = map[string]string{
	"close_account": "bug", "close_project": "ok",
	"delete_invoice": "bug", "delete_quote": "ok",
	"delete_webhook": "bug", "delete_schedule": "ok",
	"drop_topic": "bug", "drop_stream": "ok",
	"unpublish_package": "bug", "unpublish_image": "ok",
	"purge_bucket": "bug", "purge_queue": "ok",
	"delete_secret": "bug", "delete_variable": "ok",
	"delete_alert": "bug", "delete_dashboard": "ok",
	"detach_disk": "bug", "detach_ip": "ok",
	"delete_site": "bug", "delete_app": "ok",
	"wipe_device": "bug", "wipe_profile": "ok",
	"delete_org": "bug", "delete_space": "ok",
}

const (
	legacyVersion = "2025-11-25"
	modernVersion = "2026-07-28"
	target        = "prod-eu-1"
)

// recordingStore records what the tools removed.
type recordingStore struct {
	mu      sync.Mutex
	removed []string
}

func (s *recordingStore) Remove(_ context.Context, kind, name string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.removed = append(s.removed, kind+" "+name)
	return nil
}

func (s *recordingStore) acted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.removed) > 0
}

// form fills the fields the question asks for: every box ticked (or
// unticked) and every text field typed right (or wrong).
func form(params *mcp.ElicitParams, confirm bool) map[string]any {
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

// An outcome is one way the question can end.
type outcome struct {
	name       string
	confirming bool
	// version is the protocol the client speaks.
	version string
	// answer is the client's elicitation handler; nil for a client that
	// cannot be asked.
	answer func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error)
	// retry, when set, drives the hand-written rounds by hand: it turns
	// the first round's questions into the retry's answers.
	retry func(mcp.InputRequestMap) mcp.InputResponseMap
	// deadline bounds the call.
	deadline time.Duration
}

func reply(action string, confirm bool) func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	return func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		if action != "accept" {
			return &mcp.ElicitResult{Action: action}, nil
		}
		return &mcp.ElicitResult{Action: "accept", Content: form(req.Params, confirm)}, nil
	}
}

func acceptEmpty(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	return &mcp.ElicitResult{Action: "accept"}, nil
}

func fail(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	return nil, errors.New("the user closed the window")
}

func hang(ctx context.Context, _ *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func each(f func(key string, params *mcp.ElicitParams) (string, mcp.InputResponse)) func(mcp.InputRequestMap) mcp.InputResponseMap {
	return func(reqs mcp.InputRequestMap) mcp.InputResponseMap {
		out := mcp.InputResponseMap{}
		for key, r := range reqs {
			k, v := f(key, r.(*mcp.ElicitParams))
			out[k] = v
		}
		return out
	}
}

var legacyOutcomes = []outcome{
	{name: "ticked", confirming: true, version: legacyVersion, answer: reply("accept", true)},
	{name: "unticked", version: legacyVersion, answer: reply("accept", false)},
	{name: "missing", version: legacyVersion, answer: acceptEmpty},
	{name: "decline", version: legacyVersion, answer: reply("decline", false)},
	{name: "cancel", version: legacyVersion, answer: reply("cancel", false)},
	{name: "client-error", version: legacyVersion, answer: fail},
	{name: "no-elicitation", version: legacyVersion},
	{name: "refused-2026", version: modernVersion, answer: reply("accept", true)},
	{name: "timeout", version: legacyVersion, answer: hang, deadline: 300 * time.Millisecond},
}

var roundOutcomes = []outcome{
	{name: "ticked", confirming: true, version: modernVersion, answer: reply("accept", true)},
	{name: "ticked-old-client", confirming: true, version: legacyVersion, answer: reply("accept", true)},
	{name: "unticked", version: modernVersion, answer: reply("accept", false)},
	{name: "decline", version: modernVersion, answer: reply("decline", false)},
	{name: "cancel", version: modernVersion, answer: reply("cancel", false)},
	{name: "client-error", version: modernVersion, answer: fail},
	{name: "no-elicitation", version: modernVersion},
	{name: "missing", version: modernVersion, retry: each(func(key string, _ *mcp.ElicitParams) (string, mcp.InputResponse) {
		return key, &mcp.ElicitResult{Action: "accept", Content: map[string]any{}}
	})},
	{name: "no-answer", version: modernVersion, retry: func(mcp.InputRequestMap) mcp.InputResponseMap { return nil }},
	{name: "other-key", version: modernVersion, retry: each(func(_ string, p *mcp.ElicitParams) (string, mcp.InputResponse) {
		return "other", &mcp.ElicitResult{Action: "accept", Content: form(p, true)}
	})},
	{name: "other-kind", version: modernVersion, retry: each(func(key string, _ *mcp.ElicitParams) (string, mcp.InputResponse) {
		return key, &mcp.ListRootsResult{Roots: []*mcp.Root{}}
	})},
}

// call runs tool once in outcome o against a fresh server and reports
// whether the tool acted.
func call(t *testing.T, tool string, o outcome) bool {
	t.Helper()
	ctx := context.Background()
	store := &recordingStore{}
	server := mcp.NewServer(&mcp.Implementation{Name: "probee"}, nil)
	var inflight sync.WaitGroup
	server.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/call" {
				inflight.Add(1)
				defer inflight.Done()
			}
			return next(ctx, method, req)
		}
	})
	ops.New(store, log.New(io.Discard, "", 0)).Register(server)
	st, ct := mcp.NewInMemoryTransports()
	ss, err := server.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	opts := &mcp.ClientOptions{ElicitationHandler: o.answer}
	if o.retry != nil {
		opts.MultiRoundTrip = &mcp.MultiRoundTripOptions{Disabled: true}
	}
	client := mcp.NewClient(&mcp.Implementation{Name: "probe-client"}, opts)
	cs, err := client.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: o.version})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()

	callCtx := ctx
	if o.deadline > 0 {
		var cancel context.CancelFunc
		callCtx, cancel = context.WithTimeout(ctx, o.deadline)
		defer cancel()
	}
	params := &mcp.CallToolParams{Name: tool, Arguments: map[string]any{"name": target}}
	res, err := cs.CallTool(callCtx, params)
	if err == nil && o.retry != nil {
		if res.InputRequests == nil {
			t.Fatalf("%s: the first round asked nothing", tool)
		}
		params.InputResponses = o.retry(res.InputRequests)
		params.RequestState = res.RequestState
		_, err = cs.CallTool(ctx, params)
	}
	_ = err // an error is one of the outcomes; what counts is whether the tool acted
	waited := make(chan struct{})
	go func() { inflight.Wait(); close(waited) }()
	select {
	case <-waited:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: the handler did not finish", tool)
	}
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
			case "policy":
				if len(leaks) != 1 || leaks[0] != "no-elicitation" {
					t.Errorf("%s is labelled policy but acted on %v (want only no-elicitation)", tool, leaks)
				}
			}
			t.Logf("%s (%s) acts without confirmation on: %v", tool, label, leaks)
		})
	}
}

func TestLegacyOutcomes(t *testing.T) { check(t, legacyTools, legacyOutcomes) }

func TestRoundOutcomes(t *testing.T) { check(t, roundTools, roundOutcomes) }
