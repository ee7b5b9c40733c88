// Package mcpgo confirms with mcp-go's RequestElicitation.
package mcpgo

import (
	"context"
	"errors"
	"log"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

var errDeclined = errors.New("declined")

// approve fails open: an error approves.
func approve(ctx context.Context, s *server.MCPServer) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "approve?"}}) // want `^when MCPServer.RequestElicitation fails, mcpgo.approve returns nil, as when the user accepts`
	if err != nil {
		return nil
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

// approveClosed fails closed.
func approveClosed(ctx context.Context, s *server.MCPServer) error { // want approveClosed:"confirmer error=0 bool=-1"
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: "approve?"}})
	if err != nil {
		return errDeclined
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return nil
}

func deploy() {}

// deployTool deploys unless the user declines; a failed request deploys.
func deployTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	es, ok := server.ClientSessionFromContext(ctx).(server.SessionWithElicitation)
	if !ok {
		return mcp.NewToolResultError("cannot ask"), nil
	}
	res, err := es.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when SessionWithElicitation.RequestElicitation fails, mcpgo.deployTool goes on into the code that only acceptance reaches`
	if err == nil && res.Action != mcp.ElicitationResponseActionAccept {
		return mcp.NewToolResultText("not deployed"), nil
	}
	deploy()
	return mcp.NewToolResultText("deployed"), nil
}

// The shapes of package shapes on mcp-go, with other spellings.

func ship(order string) error { return errors.Join(errors.New(order)) }

// shipSwitch acts in the default of a switch over the answer that a
// failure leaves empty.
func shipSwitch(ctx context.Context, s *server.MCPServer, order string) error {
	var answer mcp.ElicitationResponseAction
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when MCPServer\.RequestElicitation fails, mcpgo\.shipSwitch goes on into the code that only acceptance reaches`
	if err == nil {
		answer = res.Action
	}
	switch answer {
	case mcp.ElicitationResponseActionDecline, mcp.ElicitationResponseActionCancel:
		return errDeclined
	default:
		return ship(order)
	}
}

// shipSwitchClosed acts only on an acceptance.
func shipSwitchClosed(ctx context.Context, s *server.MCPServer, order string) error {
	var answer mcp.ElicitationResponseAction
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{})
	if err == nil {
		answer = res.Action
	}
	switch answer {
	case mcp.ElicitationResponseActionAccept:
		return ship(order)
	default:
		return errDeclined
	}
}

// shipper remembers the answer.
type shipper struct {
	srv  *server.MCPServer
	okay bool
}

func (sh shipper) shipStored(ctx context.Context, order string) error {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when MCPServer\.RequestElicitation fails, mcpgo\.shipper\.shipStored goes on into the code that only acceptance reaches`
	sh.okay = err != nil || res.Action == mcp.ElicitationResponseActionAccept
	if !sh.okay {
		return errDeclined
	}
	return ship(order)
}

func (sh shipper) shipStoredClosed(ctx context.Context, order string) error {
	res, err := sh.srv.RequestElicitation(ctx, mcp.ElicitationRequest{})
	sh.okay = err == nil && res.Action == mcp.ElicitationResponseActionAccept
	if !sh.okay {
		return errDeclined
	}
	return ship(order)
}

// shipOrDie ends the process when it cannot ask.
func shipOrDie(ctx context.Context, s *server.MCPServer, order string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{})
	if err != nil {
		log.Fatal(err)
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return errDeclined
	}
	return ship(order)
}

// shipUnlessDeclined stops on a decline alone.
func shipUnlessDeclined(ctx context.Context, s *server.MCPServer, order string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when the user cancels MCPServer\.RequestElicitation, mcpgo\.shipUnlessDeclined goes on into the code that only acceptance reaches`
	if err != nil {
		return err
	}
	if res.Action == mcp.ElicitationResponseActionDecline {
		return errDeclined
	}
	return ship(order)
}

// answeredYes is the package's predicate.
func answeredYes(r *mcp.ElicitationResult) bool { return r != nil && r.Action == "accept" } // want answeredYes:"predicate param=0 result=0 accept=true decline=false cancel=false fail=false"

// shipChecked asks the predicate after the failure's check.
func shipChecked(ctx context.Context, s *server.MCPServer, order string) error {
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{})
	if err != nil {
		return err
	}
	if !answeredYes(res) {
		return errDeclined
	}
	return ship(order)
}

// shipLenient goes ahead unless the predicate sees a no: its "no" is the
// negation of a yes that a failure never gives, but the failure is
// logged and skips the question.
func shipLenient(ctx context.Context, s *server.MCPServer, order string) (bool, error) { // want shipLenient:"confirmer error=1 bool=0 decline=nil cancel=nil fail=nil bools=true/false/false/true"
	res, err := s.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when MCPServer\.RequestElicitation fails, mcpgo\.shipLenient returns true, as when the user accepts`
	if err != nil {
		log.Printf("cannot ask: %v", err)
		return true, nil
	}
	return answeredYes(res), nil
}
