// Package pertool registers several tools; each is judged on its own // want package:`readsCapabilities\(elicitation\)`
// paths: a capability read elsewhere in the package gates nothing.
package pertool

import (
	"context"
	"errors"

	"example.com/askcaps/gatelib"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
}

// canAsk is the package's check, called by the handlers that are gated.
func canAsk(req *mcp.CallToolRequest) bool {
	caps := req.ClientCapabilities()
	return caps != nil && caps.Elicitation != nil
}

var errCannotAsk = errors.New("this tool needs a client that can ask its user")

// remove checks through a helper before it asks.
func remove(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if !canAsk(req) {
		return nil, nil, errCannotAsk
	}
	if _, ok := req.Params.InputResponses["confirm"]; ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return question("confirm", in.Path), nil, nil
}

// question builds the question of the handlers that call it; each call
// is judged where it is made.
func question(key, path string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		key: &mcp.ElicitParams{Message: "Sure about " + path + "?"}, // want `pertool.question sends an elicitation input request without checking that the client declared elicitation`
	}}
}

// store's method is registered as a method value, and checks first.
type store struct{}

func (store) purge(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if !canAsk(req) {
		return nil, nil, errCannotAsk
	}
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"purge": &mcp.ElicitParams{Message: "Purge everything?"},
	}}, nil, nil
}

// archive is gated by the middleware it is registered through.
func archive(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"archive": &mcp.ElicitParams{Message: "Archive " + in.Path + "?"},
	}}, nil, nil
}

// touch asks through the same helper, unchecked: the check of the other
// tools does not gate it.
func touch(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if _, ok := req.Params.InputResponses["sure"]; ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return question("sure", in.Path), nil, nil
}

// late checks only after it has decided to ask.
func late(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	res := &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"late": &mcp.ElicitParams{Message: "Go?"}, // want `pertool.late sends an elicitation input request without checking`
	}}
	if !canAsk(req) {
		return nil, nil, errCannotAsk
	}
	return res, nil, nil
}

func Register(s *mcp.Server) {
	var st store
	mcp.AddTool(s, &mcp.Tool{Name: "touch"}, touch)
	mcp.AddTool(s, &mcp.Tool{Name: "late"}, late)
	mcp.AddTool(s, &mcp.Tool{Name: "list"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"which": &mcp.ElicitParams{Message: "Which?"}, // want `func literal in pertool.Register sends an elicitation input request without checking`
		}}, nil, nil
	})
	mcp.AddTool(s, &mcp.Tool{Name: "remove"}, remove)
	mcp.AddTool(s, &mcp.Tool{Name: "purge"}, st.purge)
	mcp.AddTool(s, &mcp.Tool{Name: "archive"}, gatelib.Require(archive))
	// A handler written in place, checking before it asks.
	mcp.AddTool(s, &mcp.Tool{Name: "rename"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
			return nil, nil, errCannotAsk
		}
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
			"name": &mcp.ElicitParams{Message: "New name?"},
		}}, nil, nil
	})
}
