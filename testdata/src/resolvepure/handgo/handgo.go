// Package handgo writes go-sdk's multi-round flow by hand. A handler runs
// once per round: what it does before returning InputRequests happens
// before the user answered, and again in every round.
package handgo

import (
	"context"
	"log"
	"net/http"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type In struct {
	Path string `json:"path"`
}

func confirm(path string) *mcp.CallToolResult {
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{Message: "Delete " + path + "?"}}}
}

func accepted(req *mcp.CallToolRequest) (answered, ok bool) {
	res, answered := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
	return answered, answered && res.Action == "accept"
}

// afterAnswer deletes only once the answer is in, and asks otherwise;
// reads and logging before asking are no effects.
func afterAnswer(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	log.Printf("delete %s", in.Path)
	if _, err := os.Stat(in.Path); err != nil {
		return nil, nil, err
	}
	if resp, err := http.Get("https://example.com/policy"); err == nil {
		resp.Body.Close()
	}
	answered, ok := accepted(req)
	if !answered {
		return confirm(in.Path), nil, nil
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	if err := os.Remove(in.Path); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// auditLog is an audit trail kept open for the server's life.
var auditLog, _ = os.OpenFile("/var/log/audit", os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o600)

// recorded appends to the audit trail that it asks, every round it asks:
// what the handler means to record.
func recorded(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	answered, ok := accepted(req)
	if !answered {
		auditLog.Write([]byte("approval requested for " + in.Path + "\n"))
		return confirm(in.Path), nil, nil
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// deferred has a defer, so its returns go through the result slots: the
// deletion after the answer reaches only the final return.
func deferred(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	f, err := os.Open(in.Path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	answered, ok := accepted(req)
	if !answered {
		return confirm(in.Path), nil, nil
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	if err := os.Remove(in.Path); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// submit deletes the file once the deletion is approved, and otherwise
// says that it holds it: a policy layer, as aiveto/veto's.
func submit(path string, approved bool) (held bool, err error) {
	if !approved {
		return true, nil
	}
	return false, os.Remove(path)
}

// held asks only when submit held the deletion: submit's outcome decides
// whether to ask, and a held deletion did nothing.
func held(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	_, ok := accepted(req)
	wait, err := submit(in.Path, ok)
	if err != nil {
		return nil, nil, err
	}
	if wait {
		return confirm(in.Path), nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// beforeAsking deletes, then asks.
func beforeAsking(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	os.Remove(in.Path + ".bak") // want `^handler handgo.beforeAsking writes to the file system \(os.Remove\) on a path that returns an input-required result: it runs before the user answered, and again in every round: move it past the last return of InputRequests`
	if answered, ok := accepted(req); !answered || !ok {
		return confirm(in.Path), nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func stage(path string) error { return os.WriteFile(path+".staged", nil, 0o600) }

// between asks a second question after an effect that the first answer
// allowed: the effect runs again in the round that answers the second.
func between(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	if answered, ok := accepted(req); !answered || !ok {
		return confirm(in.Path), nil, nil
	}
	if err := stage(in.Path); err != nil { // want `^handler handgo.between writes to the file system \(os.WriteFile, through handgo.stage\)`
		return nil, nil, err
	}
	if _, ok := req.Params.InputResponses["really"]; !ok {
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{"really": &mcp.ElicitParams{Message: "Really?"}}}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// helper asks through a function that returns the input-required result
// as its second result, as polymatx/opsgate's askApproval does.
func helper(req *mcp.CallToolRequest, path string) (bool, *mcp.CallToolResult) {
	if answered, ok := accepted(req); answered {
		return ok, nil
	}
	return false, confirm(path)
}

func viaHelper(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	os.Mkdir(in.Path, 0o700) // want `^handler handgo.viaHelper writes to the file system \(os.Mkdir\) on a path that returns an input-required result`
	ok, pending := helper(req, in.Path)
	if pending != nil {
		return pending, nil, nil
	}
	if !ok {
		return &mcp.CallToolResult{}, nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

// prompt removes a file before asking, in a prompt handler.
func prompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	os.Remove("/tmp/cache") // want `^handler handgo.prompt writes to the file system`
	if _, ok := req.Params.InputResponses["topic"]; !ok {
		return &mcp.GetPromptResult{InputRequests: mcp.InputRequestMap{"topic": &mcp.ElicitParams{Message: "Topic?"}}}, nil
	}
	return &mcp.GetPromptResult{}, nil
}

type gate struct{ dir string }

// method is registered as a method value.
func (g *gate) method(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
	os.RemoveAll(g.dir) // want `^handler handgo.\(\*gate\).method writes to the file system`
	if answered, ok := accepted(req); !answered || !ok {
		return confirm(in.Path), nil, nil
	}
	return &mcp.CallToolResult{}, nil, nil
}

func Register(s *mcp.Server) {
	mcp.AddTool(s, &mcp.Tool{Name: "a"}, afterAnswer)
	mcp.AddTool(s, &mcp.Tool{Name: "rec"}, recorded)
	mcp.AddTool(s, &mcp.Tool{Name: "def"}, deferred)
	mcp.AddTool(s, &mcp.Tool{Name: "held"}, held)
	mcp.AddTool(s, &mcp.Tool{Name: "b"}, beforeAsking)
	mcp.AddTool(s, &mcp.Tool{Name: "c"}, between)
	mcp.AddTool(s, &mcp.Tool{Name: "d"}, viaHelper)
	s.AddPrompt(&mcp.Prompt{Name: "p"}, prompt)
	g := &gate{dir: "/tmp/x"}
	mcp.AddTool(s, &mcp.Tool{Name: "m"}, g.method)
	// A closure registered directly.
	mcp.AddTool(s, &mcp.Tool{Name: "l"}, func(ctx context.Context, req *mcp.CallToolRequest, in In) (*mcp.CallToolResult, any, error) {
		os.Remove(in.Path) // want `^handler func literal in handgo.Register writes to the file system`
		return confirm(in.Path), nil, nil
	})
}
