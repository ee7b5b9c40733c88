// Package ops calls package approvals' confirmations (facts across
// packages): each fail-open caller has a correct twin.
package ops

import (
	"context"
	"errors"
	"os"

	"example.com/failopen/approvals"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func deploy(env string) error   { return os.Setenv("DEPLOYED", env) }
func rollback(env string) error { return os.Unsetenv(env) }

// Service deploys with an approver.
type Service struct {
	approver *approvals.Approver
	srv      *server.MCPServer
}

// DeployClosed stops on every error.
func (s *Service) DeployClosed(ctx context.Context, env string) error {
	if err := s.approver.Approve(ctx, "deploy to "+env+"?"); err != nil {
		return err
	}
	return deploy(env)
}

// DeployOnDenial stops only on the refusal's sentinel: a failure deploys.
func (s *Service) DeployOnDenial(ctx context.Context, env string) error {
	err := s.approver.Approve(ctx, "deploy to "+env+"?") // want `^when approvals\.\(\*Approver\)\.Approve fails with an error it does not stop on, ops\.\(\*Service\)\.DeployOnDenial goes on into the code that only acceptance reaches`
	if errors.Is(err, approvals.ErrDenied) {
		return err
	}
	return deploy(env)
}

// RollbackSentinels stops on both sentinels of Check: a failure is
// ErrUnavailable, so it stops too.
func (s *Service) RollbackSentinels(ctx context.Context, env string) error {
	err := s.approver.Check(ctx, "roll back "+env+"?")
	if errors.Is(err, approvals.ErrDenied) || errors.Is(err, approvals.ErrUnavailable) {
		return err
	}
	return rollback(env)
}

// RollbackDenialOnly stops on ErrDenied alone: Check's failure is
// ErrUnavailable, which rolls back.
func (s *Service) RollbackDenialOnly(ctx context.Context, env string) error {
	err := s.approver.Check(ctx, "roll back "+env+"?") // want `^when approvals\.\(\*Approver\)\.Check fails with an error it does not stop on, ops\.\(\*Service\)\.RollbackDenialOnly goes on into the code that only acceptance reaches`
	if err == approvals.ErrDenied {
		return err
	}
	return rollback(env)
}

// deployTool asks through the SDK and decides with the library's
// predicate (a fact across packages).
func (s *Service) deployTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, err := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{})
	if err != nil {
		return mcp.NewToolResultError("could not ask: " + err.Error()), nil
	}
	if !approvals.Granted(res) {
		return mcp.NewToolResultText("not deployed"), nil
	}
	return nil, deploy("prod")
}

// deployToolOpen ignores the error and stops on the library's refusal:
// a missing answer is not one.
func (s *Service) deployToolOpen(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	res, _ := s.srv.RequestElicitation(ctx, mcp.ElicitationRequest{}) // want `^when MCPServer\.RequestElicitation fails, ops\.\(\*Service\)\.deployToolOpen goes on into the code that only acceptance reaches, from its call of ops\.deploy, past what approvals\.Refused decides`
	if approvals.Refused(res) {
		return mcp.NewToolResultText("not deployed"), nil
	}
	return nil, deploy("prod")
}

// Confirmer is what the handlers ask through.
type Confirmer interface {
	Confirm(ctx context.Context, msg string) (bool, error)
}

// elicitConfirmer is the package's one Confirmer.
type elicitConfirmer struct{ srv *server.MCPServer }

func (e elicitConfirmer) Confirm(ctx context.Context, msg string) (bool, error) { // want Confirm:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure"
	res, err := e.srv.RequestElicitation(ctx, mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg}})
	if err != nil {
		return false, err
	}
	return res.Action == mcp.ElicitationResponseActionAccept, nil
}

// rollbackVia asks through the interface and stops on every error.
func rollbackVia(ctx context.Context, c Confirmer, env string) error {
	ok, err := c.Confirm(ctx, "roll back?")
	if err != nil {
		return err
	}
	if !ok {
		return approvals.ErrDenied
	}
	return rollback(env)
}

// rollbackViaOpen logs the error and rolls back.
func rollbackViaOpen(ctx context.Context, c Confirmer, env string) error {
	ok, err := c.Confirm(ctx, "roll back?") // want `^when ops\.Confirmer\.Confirm fails, ops\.rollbackViaOpen goes on into the code that only acceptance reaches`
	if err != nil {
		ok = true
	}
	if !ok {
		return approvals.ErrDenied
	}
	return rollback(env)
}

// RollbackSwitch tells the sentinels apart in a switch: the failure's
// ErrUnavailable falls to the default, which rolls back.
func (s *Service) RollbackSwitch(ctx context.Context, env string) error {
	err := s.approver.Check(ctx, "roll back "+env+"?") // want `^when approvals\.\(\*Approver\)\.Check fails with an error it does not stop on, ops\.\(\*Service\)\.RollbackSwitch goes on into the code that only acceptance reaches`
	switch {
	case errors.Is(err, approvals.ErrDenied):
		return err
	default:
		return rollback(env)
	}
}

// RollbackSwitchClosed stops on every error.
func (s *Service) RollbackSwitchClosed(ctx context.Context, env string) error {
	switch err := s.approver.Check(ctx, "roll back "+env+"?"); {
	case err == nil:
		return rollback(env)
	default:
		return err
	}
}
