// Package direct never checks the protocol version: every request it
// sends to the client is reported.
package direct

import (
	"context"
	"errors"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type sessionKey struct{}

type In struct {
	Name string `json:"name"`
}

// deleteTool confirms with the session of its request.
func deleteTool(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "delete " + in.Name + "?"}) // want `^ServerSession.Elicit fails on sessions at protocol 2026-07-28 or later: go-sdk refuses server-to-client requests there; ask through a resolver \(resolve.Ask\) or return InputRequests`
	if err != nil || res.Action != "accept" {
		return nil, nil, errors.New("not confirmed")
	}
	return &mcp.CallToolResult{}, nil, nil
}

// summarize samples and lists roots.
func summarize(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ss := req.Session
	if _, err := ss.CreateMessage(ctx, &mcp.CreateMessageParams{}); err != nil { // want `^ServerSession.CreateMessage fails`
		return nil, err
	}
	if _, err := ss.CreateMessageWithTools(ctx, &mcp.CreateMessageWithToolsParams{}); err != nil { // want `^ServerSession.CreateMessageWithTools fails`
		return nil, err
	}
	if _, err := ss.ListRoots(ctx, nil); err != nil { // want `^ServerSession.ListRoots fails`
		return nil, err
	}
	return &mcp.CallToolResult{}, nil
}

// Elicitor is implemented by contextElicitor; tools call it through the
// interface.
type Elicitor interface {
	Confirm(ctx context.Context, msg string) (bool, error)
}

// contextElicitor takes the session from the context, the way a
// middleware left it there.
type contextElicitor struct{}

func (contextElicitor) Confirm(ctx context.Context, msg string) (bool, error) {
	ss, ok := ctx.Value(sessionKey{}).(*mcp.ServerSession)
	if !ok {
		return false, errors.New("no session")
	}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg}) // want `^ServerSession.Elicit fails`
	if err != nil {
		return false, err
	}
	return res.Action == "accept", nil
}

// scaleTool asks through the interface: reported once, at the SDK call.
func scaleTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var e Elicitor = contextElicitor{}
	if ok, err := e.Confirm(ctx, "scale down?"); err != nil || !ok {
		return nil, errors.New("not confirmed")
	}
	return &mcp.CallToolResult{}, nil
}

// Prompter holds a session that whoever builds it hands over: this package
// never builds one, so it does not know whether the builder checked the
// version first.
type Prompter struct {
	Session *mcp.ServerSession
}

func (p *Prompter) Ask(ctx context.Context, msg string) (*mcp.ElicitResult, error) {
	return p.Session.Elicit(ctx, &mcp.ElicitParams{Message: msg})
}

// notifier holds a session and is built here, by newNotifier.
type notifier struct {
	ss *mcp.ServerSession
}

func newNotifier(ss *mcp.ServerSession) *notifier { return &notifier{ss: ss} }

func (n *notifier) roots(ctx context.Context) error {
	_, err := n.ss.ListRoots(ctx, nil) // want `^ServerSession.ListRoots fails`
	return err
}

// client side: nothing to report.
func client(ctx context.Context) error {
	c := mcp.NewClient(&mcp.Implementation{Name: "c"}, &mcp.ClientOptions{
		ElicitationHandler: func(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "decline"}, nil
		},
	})
	cs, err := c.Connect(ctx, &mcp.InMemoryTransport{}, nil)
	if err != nil {
		return err
	}
	_, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "delete"})
	return err
}

func register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "delete"}, deleteTool)
	s.AddTool(&mcp.Tool{Name: "summarize"}, summarize)
	s.AddTool(&mcp.Tool{Name: "scale"}, scaleTool)
	_ = newNotifier
	_ = client
}
