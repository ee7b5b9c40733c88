package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The prompt of the non-tool-request scenario. Resolvers serve tools only,
// so this prompts/get handler drives its two rounds by hand, and seals its
// requestState with runtime/seal as the runtime does for tools.
const (
	promptName = "test_input_required_result_prompt"
	contextKey = "user_context" // the wire key of its one question
)

// contextSchema is the form of the prompt's question.
var contextSchema = &jsonschema.Schema{
	Type:       "object",
	Properties: map[string]*jsonschema.Schema{"context": {Type: "string"}},
	Required:   []string{"context"},
}

// contextQuestion is the question the prompt asks in its first round.
func contextQuestion() *mcp.ElicitParams {
	return &mcp.ElicitParams{Mode: "form", Message: "What context should the prompt use?", RequestedSchema: contextSchema}
}

// promptState is what the first round carries to the retry, sealed: the
// digest of the question it asked, so that an answer counts only for the
// question the client was shown.
type promptState struct {
	Asked string `json:"asked"`
}

func addPrompt(s *mcp.Server, codec *seal.Codec, logger *slog.Logger) {
	resolved, err := contextSchema.Resolve(nil)
	if err != nil {
		panic(err) // a programming error: the schema is a constant
	}
	s.AddPrompt(&mcp.Prompt{
		Name:        promptName,
		Description: "A prompt that asks the user for its context before it renders.",
	}, func(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return getPrompt(codec, resolved, logger, req)
	})
}

func getPrompt(codec *seal.Codec, schema *jsonschema.Resolved, logger *slog.Logger, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	claims, err := promptClaims(req)
	if err != nil {
		return nil, err
	}
	question := contextQuestion()
	digest, err := questionDigest(question)
	if err != nil {
		return nil, err
	}
	if req.Params.RequestState != "" {
		// The state is attacker-controlled: nothing in this request that
		// belongs to the multi-round flow is read before it opens.
		payload, err := codec.Open(claims, req.Params.RequestState)
		if err != nil {
			// The client sees only the fixed error; the reason is logged.
			logger.Warn("requestState rejected", "prompt", req.Params.Name, "reason", err)
			return nil, seal.InvalidStateError()
		}
		var st promptState
		if err := json.Unmarshal(payload, &st); err != nil {
			logger.Warn("requestState rejected", "prompt", req.Params.Name, "reason", err)
			return nil, seal.InvalidStateError()
		}
		if st.Asked == digest {
			if res, err, ok := answered(req.Params.InputResponses[contextKey], schema); ok {
				return res, err
			}
		}
	}
	// First round, or no usable answer: ask (again).
	payload, err := json.Marshal(promptState{Asked: digest})
	if err != nil {
		return nil, err
	}
	token, err := codec.Seal(claims, payload)
	if err != nil {
		return nil, err
	}
	return &mcp.GetPromptResult{
		InputRequests: mcp.InputRequestMap{contextKey: question},
		RequestState:  token,
	}, nil
}

// answered turns the answer to the prompt's question into the prompt, or
// reports !ok when there is no answer to use.
func answered(resp mcp.InputResponse, schema *jsonschema.Resolved) (_ *mcp.GetPromptResult, _ error, ok bool) {
	er, isElicit := resp.(*mcp.ElicitResult)
	if !isElicit || er == nil {
		return nil, nil, false
	}
	switch er.Action {
	case "accept":
	case "decline", "cancel":
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
			Message: fmt.Sprintf("the user chose %q: the prompt needs a context", er.Action)}, true
	default:
		return nil, nil, false
	}
	content := er.Content
	if content == nil {
		content = map[string]any{}
	}
	if err := schema.Validate(content); err != nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams,
			Message: fmt.Sprintf("the answer to question %q does not match the question asked", contextKey)}, true
	}
	text, _ := content["context"].(string)
	return &mcp.GetPromptResult{
		Description: "A prompt rendered with the context the user gave",
		Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.TextContent{Text: "Context: " + text}},
		},
	}, nil, true
}

// promptClaims describes the call a prompt's state is sealed for. The
// arguments are re-encoded (maps marshal with sorted keys), so both rounds
// bind the same bytes however the client spelled them.
func promptClaims(req *mcp.GetPromptRequest) (seal.Claims, error) {
	args := req.Params.Arguments
	if args == nil {
		args = map[string]string{}
	}
	canonical, err := json.Marshal(args)
	if err != nil {
		return seal.Claims{}, err
	}
	cl := seal.Claims{Method: "prompts/get", Target: req.Params.Name, Arguments: canonical}
	if req.Extra != nil && req.Extra.TokenInfo != nil {
		cl.Principal = req.Extra.TokenInfo.UserID
	}
	return cl, nil
}

// questionDigest pins an answer to the exact question it answers.
func questionDigest(q *mcp.ElicitParams) (string, error) {
	data, err := json.Marshal(q)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(data)
	return fmt.Sprintf("%x", sum[:16]), nil
}
