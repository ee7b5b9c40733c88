// Package approvals is a team's confirmation library on mcp-go: a
// confirmer type, a predicate over the SDK's result, and sentinel errors
// that tell a refusal from a failure. Its callers live in package ops.
package approvals

import (
	"context"
	"errors"
	"fmt"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// ErrDenied is returned when the user declines or cancels.
var ErrDenied = errors.New("denied")

// ErrUnavailable is returned when the question could not be asked.
var ErrUnavailable = errors.New("cannot ask")

// Granted is true only when the user accepted.
func Granted(res *mcp.ElicitationResult) bool { // want Granted:"predicate param=0 result=0 accept=true decline=false cancel=false fail=false"
	return res != nil && res.Action == mcp.ElicitationResponseActionAccept
}

// Refused is true when an answer came back and was not an acceptance.
func Refused(res *mcp.ElicitationResult) bool { // want Refused:"predicate param=0 result=0 accept=false decline=true cancel=true fail=false"
	return res != nil && res.Action != mcp.ElicitationResponseActionAccept
}

// Approver asks through an mcp-go server.
type Approver struct {
	Server *server.MCPServer
}

func (a *Approver) request(msg string) mcp.ElicitationRequest {
	return mcp.ElicitationRequest{Params: mcp.ElicitationParams{Message: msg}}
}

// Approve returns nil on acceptance, ErrDenied on a refusal, and the
// request's failure wrapped (still the failure).
func (a *Approver) Approve(ctx context.Context, msg string) error { // want Approve:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/approvals.ErrDenied cancel=sentinel:example.com/failopen/approvals.ErrDenied fail=failure"
	res, err := a.Server.RequestElicitation(ctx, a.request(msg))
	if err != nil {
		return fmt.Errorf("approval: %w", err)
	}
	if !Granted(res) {
		return ErrDenied
	}
	return nil
}

// Check returns ErrUnavailable when it cannot ask, ErrDenied on a
// refusal.
func (a *Approver) Check(ctx context.Context, msg string) error { // want Check:"confirmer error=0 bool=-1 decline=sentinel:example.com/failopen/approvals.ErrDenied cancel=sentinel:example.com/failopen/approvals.ErrDenied fail=sentinel:example.com/failopen/approvals.ErrUnavailable"
	res, err := a.Server.RequestElicitation(ctx, a.request(msg))
	if err != nil {
		return ErrUnavailable
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return ErrDenied
	}
	return nil
}

// Ask reports the answer as a bool; the two errors of the SDK that say the
// question could not be sent at all count as yes: the server's policy for
// clients that cannot elicit, reported only with -failopen.unsupported
// (see the unsupported package). Every other failure stops.
func (a *Approver) Ask(ctx context.Context, msg string) (bool, error) { // want Ask:"confirmer error=1 bool=0 decline=nil cancel=nil fail=error"
	res, err := a.Server.RequestElicitation(ctx, a.request(msg))
	if err != nil {
		if errors.Is(err, server.ErrElicitationNotSupported) || errors.Is(err, server.ErrNoActiveSession) {
			return true, nil
		}
		return false, errors.New("elicitation failed")
	}
	if res.Action != mcp.ElicitationResponseActionAccept {
		return false, nil
	}
	return true, nil
}
