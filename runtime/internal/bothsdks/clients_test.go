package bothsdks_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	mcpgoclient "github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An outcome is how a call ended, as any client sees it.
type outcome struct {
	text    string // the result's text, or the JSON-RPC error's message
	isError bool   // a tool error
	code    int64  // the JSON-RPC error's code; 0 for a result
	data    string // the JSON-RPC error's data as JSON, as far as the client keeps it
}

func (o outcome) String() string {
	if o.code != 0 {
		return fmt.Sprintf("JSON-RPC error %d %q data %s", o.code, o.text, o.data)
	}
	return fmt.Sprintf("result isError=%v %q", o.isError, o.text)
}

// A user answers the form questions of a call by message, and records what
// it was shown.
type user struct {
	decline bool // decline every question
	mu      sync.Mutex
	shown   []string
}

func (u *user) answer(message string) (action string, content map[string]any) {
	u.mu.Lock()
	u.shown = append(u.shown, message)
	u.mu.Unlock()
	if u.decline {
		return "decline", nil
	}
	switch {
	case message == "Your name?":
		return "accept", map[string]any{"name": "Ada"}
	case strings.HasPrefix(message, "Favorite color"):
		return "accept", map[string]any{"color": "teal"}
	case message == "Confirm?":
		return "accept", map[string]any{"ok": true}
	case strings.HasPrefix(message, "Tick"):
		return "accept", map[string]any{"n": 1}
	case strings.HasPrefix(message, "step"):
		return "accept", map[string]any{"v": fmt.Sprint(len(u.shown))}
	}
	return "cancel", nil
}

func (u *user) questions() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]string(nil), u.shown...)
}

// A client is one SDK's client, connected to a server at a URL.
type client interface {
	call(t *testing.T, tool string, args map[string]any) outcome
}

// goSDKClient connects go-sdk's client, with elicitation and no sampling
// capability, on protocol version (empty: the newest).
func goSDKClient(t *testing.T, url, version string, u *user) client {
	c := mcp.NewClient(&mcp.Implementation{Name: "go-sdk-client", Version: "v1"}, &mcp.ClientOptions{
		ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			action, content := u.answer(req.Params.Message)
			return &mcp.ElicitResult{Action: action, Content: content}, nil
		},
	})
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url}, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("go-sdk client: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	if got := cs.InitializeResult().ProtocolVersion; version != "" && got != version {
		t.Fatalf("go-sdk client: session on protocol %s, want %s", got, version)
	}
	return goSDKSession{cs}
}

type goSDKSession struct{ cs *mcp.ClientSession }

func (s goSDKSession) call(t *testing.T, tool string, args map[string]any) outcome {
	res, err := s.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		var wire *jsonrpc.Error
		if errors.As(err, &wire) {
			return outcome{text: wire.Message, code: wire.Code, data: string(wire.Data)}
		}
		return outcome{text: err.Error(), code: -1} // the client gave up
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return outcome{text: strings.Join(parts, "\n"), isError: res.IsError}
}

// mcpGoClient connects mcp-go's client, with elicitation and no sampling
// capability, on protocol version (empty: the newest).
func mcpGoClient(t *testing.T, url, version string, u *user) client {
	tr, err := transport.NewStreamableHTTP(url)
	if err != nil {
		t.Fatal(err)
	}
	opts := []mcpgoclient.ClientOption{mcpgoclient.WithElicitationHandler(elicitFunc(func(_ context.Context, req mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error) {
		action, content := u.answer(req.Params.Message)
		res := &mcpgo.ElicitationResult{ElicitationResponse: mcpgo.ElicitationResponse{Action: mcpgo.ElicitationResponseAction(action)}}
		if content != nil {
			res.Content = content
		}
		return res, nil
	}))}
	if version != "" {
		opts = append(opts, mcpgoclient.WithProtocolVersion(version))
	}
	c := mcpgoclient.NewClient(tr, opts...)
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Initialize(ctx, mcpgo.InitializeRequest{}); err != nil {
		t.Fatalf("mcp-go client: %v", err)
	}
	t.Cleanup(func() { c.Close() })
	if got := c.ProtocolVersion(); got != version {
		t.Fatalf("mcp-go client: session on protocol %s, want %s", got, version)
	}
	return mcpGoSession{c}
}

type elicitFunc func(context.Context, mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error)

func (f elicitFunc) Elicit(ctx context.Context, r mcpgo.ElicitationRequest) (*mcpgo.ElicitationResult, error) {
	return f(ctx, r)
}

type mcpGoSession struct{ c *mcpgoclient.Client }

// codes are the JSON-RPC codes of mcp-go's error sentinels.
var codes = map[error]int64{mcpgo.ErrInvalidParams: -32602, mcpgo.ErrInternalError: -32603, mcpgo.ErrMethodNotFound: -32601}

func (s mcpGoSession) call(t *testing.T, tool string, args map[string]any) outcome {
	res, err := s.c.CallTool(context.Background(), mcpgo.CallToolRequest{Params: mcpgo.CallToolParams{Name: tool, Arguments: args}})
	if err != nil {
		// mcp-go's client turns -32042 into the error, its data kept, its
		// message dropped.
		var required mcpgo.URLElicitationRequiredError
		if errors.As(err, &required) {
			data, _ := json.Marshal(required.JSONRPCError().Error.Data)
			return outcome{code: mcpgo.URL_ELICITATION_REQUIRED, data: string(data)}
		}
		for sentinel, code := range codes {
			if errors.Is(err, sentinel) {
				// mcp-go's client wraps the message: "<sentinel>: <message>".
				return outcome{text: strings.TrimPrefix(err.Error(), sentinel.Error()+": "), code: code}
			}
		}
		return outcome{text: err.Error(), code: -1}
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(mcpgo.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return outcome{text: strings.Join(parts, "\n"), isError: res.IsError}
}
