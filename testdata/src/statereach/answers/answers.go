// Package answers reads hand-written answers: where the handler would
// ask the question, or where an answer stands in for a value the server
// computes itself (python-sdk #3019's first bug), which a client can send
// unasked.
package answers

import (
	"context"
	"errors"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Name string `json:"name"`
}

func ask(key, msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{key: &mcp.ElicitParams{Message: msg}}}
}

func deleteAll() {}

// answer is the package's reader.
func answer(req *mcp.CallToolRequest, key string) (string, bool) {
	r, ok := req.Params.InputResponses[key].(*mcp.ElicitResult)
	if !ok || r.Action != "accept" {
		return "", false
	}
	s, _ := r.Content["value"].(string)
	return s, true
}

// confirm reads the answer where it would ask: present? else ask.
func confirm(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	r, ok := req.Params.InputResponses["purge"].(*mcp.ElicitResult)
	if !ok {
		return ask("purge", "Purge everything?"), nil, nil
	}
	if r.Action == "accept" {
		deleteAll()
	}
	return &mcp.CallToolResult{}, nil, nil
}

// askedFirst asks on every first call, and reads the answer on the retry.
func askedFirst(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if len(req.Params.InputResponses) == 0 {
		return ask("go", "Go ahead?"), nil, nil
	}
	if _, ok := answer(req, "go"); !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	deleteAll()
	return &mcp.CallToolResult{}, nil, nil
}

// fromArguments lets an answer replace the tool's own argument, which the
// client could send there anyway.
func fromArguments(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	name := in.Name
	if a, ok := answer(req, "name"); ok {
		name = a
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: name}}}, nil, nil
}

// required ends in an error without the answer.
func required(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	token, ok := answer(req, "token")
	if !ok {
		return nil, nil, errors.New("send the token")
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: token}}}, nil, nil
}

type store struct{ owner string }

// rename is registered as a method value: present? else ask.
func (s *store) rename(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	to, ok := answer(req, "to")
	if !ok {
		return ask("to", "New name?"), nil, nil
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: to}}}, nil, nil
}

func Register(s *mcp.Server, st *store) {
	mcp.AddTool(s, &mcp.Tool{Name: "confirm"}, confirm)
	mcp.AddTool(s, &mcp.Tool{Name: "asked-first"}, askedFirst)
	mcp.AddTool(s, &mcp.Tool{Name: "from-arguments"}, fromArguments)
	mcp.AddTool(s, &mcp.Tool{Name: "required"}, required)
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, st.rename)
	mcp.AddTool(s, &mcp.Tool{Name: "archive"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if _, ok := req.Params.InputResponses["archive"]; !ok {
			return ask("archive", "Archive?"), nil, nil
		}
		deleteAll()
		return &mcp.CallToolResult{}, nil, nil
	})
}

// deploy is mcp-go's "present? else ask".
func deploy(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "confirm") == nil {
		return server.NewInputRequestBuilder("").
			Elicit("confirm", mcpgo.ElicitationParams{Message: "Deploy?"}).
			ToolResult(), nil
	}
	deleteAll()
	return mcpgo.NewToolResultText("deployed"), nil
}

// scale ends in an error result without the answer.
func scale(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if server.ElicitationResponse(req.Params.InputResponses, "size") == nil {
		return mcpgo.NewToolResultError("send the size"), nil
	}
	deleteAll()
	return mcpgo.NewToolResultText("scaled"), nil
}

func RegisterMCPGo(s *server.MCPServer) {
	s.AddTool(mcpgo.NewTool("deploy"), deploy)
	s.AddTool(mcpgo.NewTool("scale"), scale)
}

// Answers that stand in for the server's own values.

type userKey struct{}

func callerIdentity(ctx context.Context) string {
	user, _ := ctx.Value(userKey{}).(string)
	return user
}

// whoami asks "user" only where the server cannot tell the caller: a
// client that sends "user" unasked replaces the caller's identity.
func whoami(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	user, ok := answer(req, "user") // want `^whoami reads the answer "user" in place of user \(what callerIdentity returns\), which it uses without asking "user" where the answer is missing: a client can send that answer unasked and replace it; read an answer only where the handler asks its question`
	if !ok {
		user = callerIdentity(ctx)
		if user == "" {
			return ask("user", "Who are you?"), nil, nil
		}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: user}}}, nil, nil
}

// purge never asks "purge all": a forged first request deletes
// everything.
func purge(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if r, ok := req.Params.InputResponses["purge all"].(*mcp.ElicitResult); ok && r.Action == "accept" { // want `^purge reads the answer "purge all", a question the package never asks, and calls answers.deleteAll only when it is there: a client can send that answer unasked`
		deleteAll()
	}
	return &mcp.CallToolResult{}, nil, nil
}

// owner is a method registered as a value: the answer replaces the
// server's own record.
func (s *store) transfer(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	owner := s.owner
	if a, ok := answer(req, "owner"); ok { // want `^\(\*store\).transfer reads the answer "owner" in place of owner \(the field owner\)`
		owner = a
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: owner}}}, nil, nil
}

// region on mcp-go: a constant default the answer replaces.
func region(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	where := "eu-west-1"
	if r := server.ElicitationResponse(req.Params.InputResponses, "region"); r != nil { // want `^region reads the answer "region" in place of where \(the constant "eu-west-1"\)`
		where, _ = r.Content.(string)
	}
	return mcpgo.NewToolResultText(where), nil
}

func RegisterStandIns(s *mcp.Server, m *server.MCPServer, st *store) {
	mcp.AddTool(s, &mcp.Tool{Name: "whoami"}, whoami)
	mcp.AddTool(s, &mcp.Tool{Name: "purge"}, purge)
	mcp.AddTool(s, &mcp.Tool{Name: "transfer"}, st.transfer)
	m.AddTool(mcpgo.NewTool("region"), region)
	// A handler written in place, on mcp-go: the answer gates an action it
	// never asks for.
	m.AddTool(mcpgo.NewTool("wipe"), func(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		if _, ok := server.InputResponse(req.Params.InputResponses, "wipe"); ok { // want `^func literal reads the answer "wipe", a question the package never asks, and calls answers.deleteAll only when it is there`
			deleteAll()
		}
		return mcpgo.NewToolResultText("done"), nil
	})
}
