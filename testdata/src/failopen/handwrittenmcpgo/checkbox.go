package handwrittenmcpgo

import (
	"context"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// One-checkbox questions on mcp-go, in the input-required flow and on an
// older session.

func checkbox() map[string]any {
	return map[string]any{
		"type":       "object",
		"properties": map[string]any{"confirm": map[string]any{"type": "boolean"}},
	}
}

func askBox(bucket string) *mcp.CallToolResult {
	return server.NewInputRequestBuilder("").
		Elicit("box", mcp.ElicitationParams{Message: "Purge " + bucket + "?", RequestedSchema: checkbox()}).
		ToolResult()
}

// purgeTicked goes ahead only when the box is ticked.
func purgeTicked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return askBox(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept || content["confirm"] != true {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeSubmitted goes ahead on any accepted answer.
func purgeSubmitted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box") // want `^when the user accepts the question "box" with its one field, the checkbox "confirm", unticked, handwrittenmcpgo\.purgeSubmitted goes on into the code that only acceptance reaches`
	if answer == nil {
		return askBox(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeLegacy asks on an older session and goes ahead on any acceptance.
func purgeLegacy(ctx context.Context, s *server.MCPServer, bucket string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{ // want `^when the user accepts MCPServer\.RequestElicitation's question with its one field, the checkbox "confirm", unticked, handwrittenmcpgo\.purgeLegacy goes on into the code that only acceptance reaches`
		Message:         "Purge " + bucket + "?",
		RequestedSchema: checkbox(),
	}})
	if err != nil || res.Action != mcp.ElicitationResponseActionAccept {
		return err
	}
	return purge(bucket)
}

// purgeTickedApart refuses a decline and an unticked box, each on its own.
func purgeTickedApart(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return askBox(bucket), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	if content, _ := answer.Content.(map[string]any); content["confirm"] != true {
		return mcp.NewToolResultText("the box was not ticked"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeUnlessBoth stops only when the answer is no acceptance and the box
// is not ticked (&& for ||): an accepted answer with the box unticked
// purges.
func purgeUnlessBoth(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box") // want `^when the user accepts the question "box" with its one field, the checkbox "confirm", unticked, handwrittenmcpgo\.purgeUnlessBoth goes on into the code that only acceptance reaches`
	if answer == nil {
		return askBox(bucket), nil
	}
	content, _ := answer.Content.(map[string]any)
	if answer.Action != mcp.ElicitationResponseActionAccept && content["confirm"] != true {
		return mcp.NewToolResultText("kept"), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}

// purgeReaskUnticked asks again, with the builder chain written inline,
// when the box comes back unticked: the re-ask builds a result and does
// nothing a confirmation guards.
func purgeReaskUnticked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	bucket := req.GetString("bucket", "")
	answer := server.ElicitationResponse(req.Params.InputResponses, "box")
	if answer == nil {
		return server.NewInputRequestBuilder("").
			Elicit("box", mcp.ElicitationParams{Message: "Purge " + bucket + "?", RequestedSchema: checkbox()}).
			ToolResult(), nil
	}
	if answer.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("kept"), nil
	}
	if content, _ := answer.Content.(map[string]any); content["confirm"] != true {
		return server.NewInputRequestBuilder("").
			Elicit("box", mcp.ElicitationParams{Message: "Tick the box to purge " + bucket, RequestedSchema: checkbox()}).
			ToolResult(), nil
	}
	return mcp.NewToolResultText("purged"), purge(bucket)
}
