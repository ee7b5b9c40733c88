package misses

// The same shapes on mcp-go: an approver interface in a field, a prompt
// function in a field, a retry loop, and (true, err) read by a caller
// that looks only at the bool. Each correct shape comes first.

import (
	"context"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

func boxTicked(r *mcpgo.ElicitationResult) bool { // want boxTicked:"predicate param=0 result=0 accept=true decline=false cancel=false fail=false"
	if r == nil || r.Action != mcpgo.ElicitationResponseActionAccept {
		return false
	}
	c, _ := r.Content.(map[string]any)
	return c["confirm"] == true
}

func question(msg string) mcpgo.ElicitationRequest {
	return mcpgo.ElicitationRequest{Params: mcpgo.ElicitationParams{Message: msg}}
}

// approver approves an operation.
type approver interface {
	Approve(ctx context.Context, msg string) bool
}

type boxApprover struct{ srv *server.MCPServer }

func (a boxApprover) Approve(ctx context.Context, msg string) bool { // want Approve:"confirmer value=0 accept=1:true decline=1:false cancel=1:false fail=1:false"
	res, err := a.srv.RequestElicitation(ctx, question(msg))
	return err == nil && boxTicked(res)
}

// tolerantApprover approves unless the user declines.
type tolerantApprover struct{ srv *server.MCPServer }

func (a tolerantApprover) Approve(ctx context.Context, msg string) bool { // want Approve:"confirmer value=0 accept=1:true decline=1:false cancel=1:true fail=1:true"
	res, err := a.srv.RequestElicitation(ctx, question(msg)) // want `^when MCPServer\.RequestElicitation fails, misses\.tolerantApprover\.Approve returns true`
	if err != nil {
		return true
	}
	return res.Action != mcpgo.ElicitationResponseActionDecline
}

// mailboxes keeps its approvers and prompts in fields.
type mailboxes struct {
	srv            *server.MCPServer
	strict, lax    approver
	confirmExpunge func(ctx context.Context, what string) bool
	confirmPurge   func(ctx context.Context, what string) bool
}

func newMailboxes(srv *server.MCPServer) *mailboxes {
	m := &mailboxes{srv: srv, strict: boxApprover{srv}, lax: tolerantApprover{srv}}
	m.confirmExpunge = func(ctx context.Context, what string) bool {
		res, err := srv.RequestElicitation(ctx, question("Expunge "+what+"?"))
		return err == nil && boxTicked(res)
	}
	m.confirmPurge = func(ctx context.Context, what string) bool {
		res, err := srv.RequestElicitation(ctx, question("Purge "+what+"?")) // want `^when MCPServer\.RequestElicitation fails, func literal in misses\.newMailboxes returns a value, as when the user accepts`
		return err != nil || res.Action == mcpgo.ElicitationResponseActionAccept
	}
	return m
}

func (m *mailboxes) expungeStrict(ctx context.Context, box string) error {
	if !m.strict.Approve(ctx, "Expunge "+box+"?") {
		return errRefused
	}
	return wipe(box)
}

func (m *mailboxes) expungeLax(ctx context.Context, box string) error {
	if !m.lax.Approve(ctx, "Expunge "+box+"?") { // want `^when misses\.tolerantApprover\.Approve fails, misses\.\(\*mailboxes\)\.expungeLax goes on into the code that only acceptance reaches, from its call of misses\.wipe`
		return errRefused
	}
	return wipe(box)
}

func (m *mailboxes) expungeByFunc(ctx context.Context, box string) error {
	if !m.confirmExpunge(ctx, box) {
		return errRefused
	}
	return wipe(box)
}

func (m *mailboxes) purgeByFunc(ctx context.Context, box string) error {
	if !m.confirmPurge(ctx, box) { // want `^when the function in field confirmPurge fails, misses\.\(\*mailboxes\)\.purgeByFunc goes on into the code that only acceptance reaches, from its call of misses\.wipe`
		return errRefused
	}
	return wipe(box)
}

// purgeRetryStrict asks up to three times and stops on the last failure.
func (m *mailboxes) purgeRetryStrict(ctx context.Context, box string) error {
	var res *mcpgo.ElicitationResult
	var err error
	for range 3 {
		if res, err = m.srv.RequestElicitation(ctx, question("Purge "+box+"?")); err == nil {
			break
		}
	}
	if res == nil || !boxTicked(res) {
		return errRefused
	}
	return wipe(box)
}

// purgeRetryLax refuses only an answer that is not a tick: after the
// last failure res is nil and the mailbox is purged.
func (m *mailboxes) purgeRetryLax(ctx context.Context, box string) error {
	var res *mcpgo.ElicitationResult
	var err error
	for range 3 {
		if res, err = m.srv.RequestElicitation(ctx, question("Purge "+box+"?")); err == nil { // want `^when MCPServer\.RequestElicitation fails, misses\.\(\*mailboxes\)\.purgeRetryLax goes on into the code that only acceptance reaches`
			break
		}
	}
	if res != nil && !boxTicked(res) {
		return errRefused
	}
	return wipe(box)
}

// askYesNo returns true beside the request's error, for a caller to
// choose.
func (m *mailboxes) askYesNo(ctx context.Context, msg string) (bool, error) { // want askYesNo:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure bools=true/false/false/true"
	res, err := m.srv.RequestElicitation(ctx, question(msg))
	if err != nil {
		return true, err
	}
	return boxTicked(res), nil
}

func (m *mailboxes) archiveChecked(ctx context.Context, box string) error {
	ok, err := m.askYesNo(ctx, "Archive "+box+"?")
	if err != nil {
		return err
	}
	if !ok {
		return errRefused
	}
	return wipe(box)
}

func (m *mailboxes) archiveBoolOnly(ctx context.Context, box string) error {
	ok, err := m.askYesNo(ctx, "Archive "+box+"?") // want `^when misses\.\(\*mailboxes\)\.askYesNo fails, misses\.\(\*mailboxes\)\.archiveBoolOnly goes on into the code that only acceptance reaches, from its call of misses\.wipe`
	if err != nil && ctx.Err() != nil {
		return err
	}
	if ok {
		return wipe(box)
	}
	return errRefused
}
