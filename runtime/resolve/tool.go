package resolve

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// handle serves one tools/call round.
func (t *tool) handle(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return exit(&t.engine, func() (*mcp.CallToolResult, error) {
		args, in, err := t.decodeInput(req.Params.Arguments)
		if err != nil {
			return toolError(fmt.Sprintf("validating \"arguments\": %v", err)), nil
		}
		end, err := t.serve(&exchange{
			ctx: ctx, target: req.Params.Name, arguments: args, in: in, req: reflect.ValueOf(req),
			session: req.Session, extra: req.Extra, state: req.Params.RequestState, responses: req.Params.InputResponses,
			caps: req.ClientCapabilities(),
		})
		if err != nil {
			return nil, err
		}
		return t.render(end)
	}, func() (*mcp.CallToolResult, error) { return toolError(internalMessage(rules.Tool)), nil })
}

// render turns an ending into the tool's result: a failure is a tool error
// the model can see.
func (t *tool) render(end ending) (*mcp.CallToolResult, error) {
	switch {
	case end.failure != "":
		return toolError(end.failure), nil
	case end.questions != nil:
		return &mcp.CallToolResult{InputRequests: end.questions, RequestState: end.state}, nil
	}
	if res := asToolResult(end.out); res != nil {
		if t.isResolved && (res.InputRequests != nil || res.RequestState != "") {
			return toolError(oneChannelMessage), nil
		}
		return res, nil
	}
	return t.structuredResult(end.out)
}

// decodeInput validates the arguments against the input schema, applies
// defaults, and decodes them into In. It also returns the arguments as
// canonical JSON, which sealed state binds.
func (t *tool) decodeInput(raw json.RawMessage) ([]byte, reflect.Value, error) {
	var v any = map[string]any{}
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, reflect.Value{}, err
		}
	}
	if err := t.inSchema.ApplyDefaults(&v); err != nil {
		return nil, reflect.Value{}, err
	}
	if err := t.inSchema.Validate(v); err != nil {
		return nil, reflect.Value{}, err
	}
	canonical, err := json.Marshal(v) // maps marshal with sorted keys
	if err != nil {
		return nil, reflect.Value{}, err
	}
	in := reflect.New(t.inType)
	if err := json.Unmarshal(canonical, in.Interface()); err != nil {
		return nil, reflect.Value{}, err
	}
	return canonical, in.Elem(), nil
}
