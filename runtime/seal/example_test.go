package seal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"log/slog"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/seal"
)

// deployArgs are the arguments of the example's deploy tool.
type deployArgs struct {
	Service string `json:"service"`
}

// deployState is what the deploy tool carries from its first round to the
// retry: the plan it asked the user to confirm.
type deployState struct {
	Plan string `json:"plan"`
}

// deployHandler is a hand-written go-sdk tool handler that asks for
// confirmation before it deploys, keeping its plan in sealed requestState.
func deployHandler(codec *seal.Codec) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var in deployArgs
		if err := json.Unmarshal(req.Params.Arguments, &in); err != nil {
			return nil, err
		}
		// Re-encoding the decoded arguments gives the same bytes on
		// every round, however the client spelled them.
		args, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		claims := seal.Claims{Method: "tools/call", Target: req.Params.Name, Arguments: args}
		if req.Extra != nil && req.Extra.TokenInfo != nil {
			claims.Principal = req.Extra.TokenInfo.UserID
		}

		if req.Params.RequestState == "" {
			// First round: make the plan, ask, and carry the plan.
			state, err := json.Marshal(deployState{Plan: "roll out " + in.Service + " v2 to 3 regions"})
			if err != nil {
				return nil, err
			}
			token, err := codec.Seal(claims, state)
			if err != nil {
				return nil, err
			}
			return &mcp.CallToolResult{
				InputRequests: mcp.InputRequestMap{"confirm": &mcp.ElicitParams{
					Mode:            "form",
					Message:         "Deploy " + in.Service + "?",
					RequestedSchema: map[string]any{"type": "object"},
				}},
				RequestState: token,
			}, nil
		}

		// Retry: the state must open for this very call.
		payload, err := codec.Open(claims, req.Params.RequestState)
		if err != nil {
			// err says why (and the codec has logged it); the client
			// gets only the fixed error.
			return nil, resolve.InvalidStateError()
		}
		var state deployState
		if err := json.Unmarshal(payload, &state); err != nil {
			return nil, err
		}
		answer, _ := req.Params.InputResponses["confirm"].(*mcp.ElicitResult)
		if answer == nil || answer.Action != "accept" {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "not deployed"}}}, nil
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done: " + state.Plan}}}, nil
	}
}

// A hand-written handler seals its state into an input-required result,
// opens it on the retry, and answers resolve.InvalidStateError when the state
// does not open: here, because the retry changed the arguments.
func Example_handler() {
	codec, err := seal.NewRandom(seal.Options{
		Audience: "deploy-server",
		Logger:   slog.New(slog.DiscardHandler), // keep the example's output clean
	})
	if err != nil {
		log.Fatal(err)
	}
	handle := deployHandler(codec)
	ctx := context.Background()
	call := func(args, state string, responses mcp.InputResponseMap) (*mcp.CallToolResult, error) {
		return handle(ctx, &mcp.CallToolRequest{Params: &mcp.CallToolParamsRaw{
			Name:           "deploy",
			Arguments:      json.RawMessage(args),
			RequestState:   state,
			InputResponses: responses,
		}})
	}

	first, err := call(`{"service":"billing"}`, "", nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("round 1 asks:", first.InputRequests["confirm"].(*mcp.ElicitParams).Message)

	yes := mcp.InputResponseMap{"confirm": &mcp.ElicitResult{Action: "accept"}}
	// The client may re-encode the arguments; the handler's re-encoding
	// absorbs that.
	retry, err := call(`{ "service": "billing" }`, first.RequestState, yes)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("round 2:", retry.Content[0].(*mcp.TextContent).Text)

	_, err = call(`{"service":"payments"}`, first.RequestState, yes)
	var rpcErr *jsonrpc.Error
	if errors.As(err, &rpcErr) {
		fmt.Println("other arguments:", rpcErr.Code, rpcErr.Message, string(rpcErr.Data))
	}

	// Output:
	// round 1 asks: Deploy billing?
	// round 2: done: roll out billing v2 to 3 regions
	// other arguments: -32602 Invalid or expired requestState {"reason":"invalid_request_state"}
}

// A key ring is read from MCPLINT_STATE_KEYS or from any string. During a
// rotation the ring holds the new key first, and still opens tokens sealed
// with the old one.
func ExampleParseKeys() {
	oldKey := "2U1QdD9cM9m8gAfKk3Y0sXz6C5R8bq1vYc7wN0eH4tI=" // openssl rand -base64 32
	newKey := "f3Jx0Qm9kT2Lw8Zr6Vb1Nc4Hy7Pd5Sg0Ae3Ui9Oo2Kq="

	before, err := seal.ParseKeys(oldKey)
	if err != nil {
		log.Fatal(err)
	}
	during, err := seal.ParseKeys(newKey + "," + oldKey)
	if err != nil {
		log.Fatal(err)
	}
	oldCodec, err := seal.New(seal.Options{Keys: before})
	if err != nil {
		log.Fatal(err)
	}
	rotating, err := seal.New(seal.Options{Keys: during})
	if err != nil {
		log.Fatal(err)
	}

	claims := seal.Claims{Method: "tools/call", Target: "deploy", Arguments: []byte(`{}`)}
	token, err := oldCodec.Seal(claims, []byte("sealed before the rotation"))
	if err != nil {
		log.Fatal(err)
	}
	payload, err := rotating.Open(claims, token)
	fmt.Printf("%s, %v\n", payload, err)

	// Output:
	// sealed before the rotation, <nil>
}
