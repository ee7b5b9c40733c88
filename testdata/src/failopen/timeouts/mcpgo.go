package timeouts

import (
	"context"
	"errors"
	"log"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var dropRequest = mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: "Drop the table?"}}

// ---- correct: every class refuses ----

// timeoutRefusesMCPGo names the timeout and refuses, as on any other
// failure.
func timeoutRefusesMCPGo(ctx context.Context, s *server.MCPServer) error { // want timeoutRefusesMCPGo:"confirmer error=0 bool=-1 decline=error cancel=error fail=error"
	res, err := s.RequestElicitation(ctx, dropRequest)
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return errTimedOut
	case err != nil:
		return err
	case res.Action != mcpgo.ElicitationResponseActionAccept:
		return errors.New("declined")
	}
	return nil
}

// retryOnTimeoutMCPGo asks once more after a timeout, and refuses when
// that fails too.
func retryOnTimeoutMCPGo(ctx context.Context, s *server.MCPServer) error { // want retryOnTimeoutMCPGo:"confirmer error=0 bool=-1 decline=error cancel=error fail=failure"
	res, err := s.RequestElicitation(ctx, dropRequest)
	if errors.Is(err, context.DeadlineExceeded) {
		res, err = s.RequestElicitation(ctx, dropRequest)
	}
	if err != nil {
		return err
	}
	if res.Action != mcpgo.ElicitationResponseActionAccept {
		return errors.New("declined")
	}
	return nil
}

// LogsClassMCPGo logs the class of the failure and refuses on each.
func LogsClassMCPGo(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	table := req.GetString("table", "")
	res, err := server.ServerFromContext(ctx).RequestElicitation(ctx, dropRequest)
	if err != nil {
		switch {
		case errors.Is(err, context.DeadlineExceeded):
			log.Printf("the user did not answer in time")
		case errors.Is(err, context.Canceled):
			log.Printf("the client went away")
		default:
			log.Printf("could not ask: %v", err)
		}
		return mcpgo.NewToolResultText("kept"), nil
	}
	if res.Action != mcpgo.ElicitationResponseActionAccept {
		return mcpgo.NewToolResultText("kept"), nil
	}
	if err := drop(table); err != nil {
		return nil, err
	}
	return mcpgo.NewToolResultText("dropped"), nil
}

// ---- fail open ----

// proceedOnTimeoutMCPGo goes ahead when the user does not answer in
// time.
func proceedOnTimeoutMCPGo(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, dropRequest) // want `^when MCPServer\.RequestElicitation times out, timeouts\.proceedOnTimeoutMCPGo returns nil, as when the user accepts: a timeout`
	if errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	if err != nil {
		return err
	}
	if res.Action != mcpgo.ElicitationResponseActionAccept {
		return errors.New("declined")
	}
	return nil
}

// DropUnlessCancelled drops unless the user declines; a cancelled
// context drops too.
func DropUnlessCancelled(ctx context.Context, req mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	table := req.GetString("table", "")
	es, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcpgo.NewToolResultError("cannot ask"), nil
	}
	res, err := es.RequestElicitation(ctx, dropRequest) // want `^when the context of SessionWithElicitation\.RequestElicitation is cancelled, timeouts\.DropUnlessCancelled goes on into the code that only acceptance reaches, from its call of timeouts\.drop: a timeout`
	if err != nil && !errors.Is(err, context.Canceled) {
		return mcpgo.NewToolResultError("could not ask"), nil
	}
	if err == nil && res.Action != mcpgo.ElicitationResponseActionAccept {
		return mcpgo.NewToolResultText("kept"), nil
	}
	if err := drop(table); err != nil {
		return nil, err
	}
	return mcpgo.NewToolResultText("dropped"), nil
}
