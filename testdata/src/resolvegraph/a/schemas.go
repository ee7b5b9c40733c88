package a

import (
	"context"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type Node struct {
	Name string
	Next *Node
}

type MapIn map[string]int

type IntKeys map[int]string

type Hidden struct {
	Title string
	C     chan int `json:"-"`
	c     chan int
}

type BadTag struct {
	Title string `jsonschema:""`
}

type Embeds struct {
	time.Time
}

func intIn(ctx context.Context, req *mcp.CallToolRequest, in int) (Out, error)     { return Out{}, nil }
func ptrPtrIn(ctx context.Context, req *mcp.CallToolRequest, in **In) (Out, error) { return Out{}, nil }
func ptrIn(ctx context.Context, req *mcp.CallToolRequest, in *In) (Out, error)     { return Out{}, nil }
func nodeIn(ctx context.Context, req *mcp.CallToolRequest, in Node) (Out, error)   { return Out{}, nil }
func mapIn(ctx context.Context, req *mcp.CallToolRequest, in MapIn) (Out, error)   { return Out{}, nil }
func intKeys(ctx context.Context, req *mcp.CallToolRequest, in IntKeys) (Out, error) {
	return Out{}, nil
}
func hiddenIn(ctx context.Context, req *mcp.CallToolRequest, in Hidden) (Out, error) {
	return Out{}, nil
}
func timeIn(ctx context.Context, req *mcp.CallToolRequest, in time.Time) (Out, error) {
	return Out{}, nil
}
func badTagOut(ctx context.Context, req *mcp.CallToolRequest, in In) (BadTag, error) {
	return BadTag{}, nil
}
func embedsOut(ctx context.Context, req *mcp.CallToolRequest, in In) (Embeds, error) {
	return Embeds{}, nil
}
func funcOut(ctx context.Context, req *mcp.CallToolRequest, in In) (func(), error) { return nil, nil }
func badBoth(ctx context.Context, req *mcp.CallToolRequest, in int) (chan int, error) {
	return nil, nil
}
func timeOut(ctx context.Context, req *mcp.CallToolRequest, in In) (*time.Time, error) {
	return nil, nil
}

func schemas(s *mcp.Server, tool *mcp.Tool) {
	resolve.AddTool(s, &mcp.Tool{Name: "intin"}, intIn)                                                                   // want `^tool "intin": handler a\.intIn has input type int, which is not a struct or map: tool arguments are a JSON object; use a struct, or set the tool's InputSchema$`
	resolve.AddTool(s, &mcp.Tool{Name: "ptrptr"}, ptrPtrIn)                                                               // want `tool "ptrptr": handler a\.ptrPtrIn has input type \*\*a\.In, which is not a struct or map: tool arguments are a JSON object; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "chanin"}, chanIn)                                                                 // want `tool "chanin": handler a\.chanIn has input type a\.ChanIn, which has no JSON schema: type chan int is unsupported by jsonschema; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "node"}, nodeIn)                                                                   // want `tool "node": handler a\.nodeIn has input type a\.Node, which has no JSON schema: cycle detected for type a\.Node; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "intkeys"}, intKeys)                                                               // want `unsupported map key type int`
	resolve.AddTool(s, &mcp.Tool{Name: "timein"}, timeIn)                                                                 // want `tool "timein": handler a\.timeIn has input type time\.Time, which is not a struct or map: tool arguments are a JSON object; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "badtag"}, badTagOut)                                                              // want `^tool "badtag": handler a\.badTagOut has result type a\.BadTag, which has no JSON schema: empty jsonschema tag on struct field a\.BadTag\.Title; use another type, or set the tool's OutputSchema$`
	resolve.AddTool(s, &mcp.Tool{Name: "embeds"}, embedsOut)                                                              // want `tool "embeds": handler a\.embedsOut has result type a\.Embeds, which has no JSON schema: custom schema for embedded struct must have type "object", got "string"; use another type, or set the tool's OutputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "funcout"}, funcOut)                                                               // want `tool "funcout": handler a\.funcOut has result type func\(\), which has no JSON schema: type func\(\) is unsupported by jsonschema; use another type, or set the tool's OutputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "chanout"}, chanOut)                                                               // want `tool "chanout": handler a\.chanOut has result type chan int, which has no JSON schema: type chan int is unsupported by jsonschema; use another type, or set the tool's OutputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "badboth"}, badBoth)                                                               // want `tool "badboth": handler a\.badBoth has input type int, which is not a struct or map: tool arguments are a JSON object; use a struct, or set the tool's InputSchema`
	resolve.AddTool(s, &mcp.Tool{Name: "ptrin"}, ptrIn)                                                                   // no diagnostic
	resolve.AddTool(s, &mcp.Tool{Name: "mapin"}, mapIn)                                                                   // no diagnostic
	resolve.AddTool(s, &mcp.Tool{Name: "hidden"}, hiddenIn)                                                               // no diagnostic
	resolve.AddTool(s, &mcp.Tool{Name: "timeout"}, timeOut)                                                               // no diagnostic
	resolve.AddTool(s, tool, intIn)                                                                                       // the tool is not a literal: its schemas are unknown
	resolve.AddTool(s, &mcp.Tool{Name: "set", InputSchema: map[string]any{"type": "object"}, OutputSchema: nil}, badBoth) // want `tool "set": handler a\.badBoth has result type chan int, which has no JSON schema: type chan int is unsupported by jsonschema; use another type, or set the tool's OutputSchema`
}
