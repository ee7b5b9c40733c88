// Package shapes confirms the way teams write it on go-sdk: helper
// predicates, switches, stored booleans, ignored errors, confirmer
// methods and functions that never return. Each fail-open shape has a
// correct twin beside it, which must stay silent.
package shapes

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var errRefused = errors.New("refused by the user")

func refused(msg string) *mcp.CallToolResult {
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

func wipe(vol string) error      { return os.RemoveAll(vol) }
func rotate(key string) error    { return os.Setenv("KEY", key) }
func publish(doc string) error   { return os.WriteFile(doc, nil, 0o600) }
func transfer(acct string) error { return os.Remove(acct) }

type VolumeIn struct {
	Volume string `json:"volume"`
}

// ---- helper predicates ----

// userAgreed is true only when the user accepted.
func userAgreed(res *mcp.ElicitResult) bool { // want userAgreed:"predicate param=0 result=0 accept=true decline=false cancel=false fail=false"
	return res != nil && res.Action == "accept"
}

// isNo is true when the answer is not an acceptance.
func isNo(res *mcp.ElicitResult) bool { return res.Action != "accept" } // want isNo:"predicate param=0 result=0 accept=false decline=true cancel=true fail=\\?"

// saidNo is true when an answer came back and was not an acceptance: a
// missing answer is not a no.
func saidNo(res *mcp.ElicitResult) bool { return res != nil && res.Action != "accept" } // want saidNo:"predicate param=0 result=0 accept=false decline=true cancel=true fail=false"

// wipeClosed: a failure or a refusal stops.
func wipeClosed(ctx context.Context, req *mcp.CallToolRequest, in VolumeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + in.Volume + "?"})
	if err != nil || !userAgreed(res) {
		return refused("kept " + in.Volume), nil, nil
	}
	return nil, nil, wipe(in.Volume)
}

// wipeUnlessRefused asks the predicate only when the request worked.
func wipeUnlessRefused(ctx context.Context, req *mcp.CallToolRequest, in VolumeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + in.Volume + "?"}) // want `^when ServerSession\.Elicit fails, shapes\.wipeUnlessRefused goes on into the code that only acceptance reaches, from its call of shapes\.wipe: a timeout`
	if err == nil && !userAgreed(res) {
		return refused("kept " + in.Volume), nil, nil
	}
	return nil, nil, wipe(in.Volume)
}

// wipeOpen logs the failure and lets the predicate decide: a missing
// answer is not a no, so it wipes.
func wipeOpen(ctx context.Context, req *mcp.CallToolRequest, in VolumeIn) (*mcp.CallToolResult, any, error) {
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + in.Volume + "?"}) // want `^when ServerSession\.Elicit fails, shapes\.wipeOpen goes on into the code that only acceptance reaches, from its call of shapes\.wipe, past what shapes\.saidNo decides: a timeout`
	if err != nil {
		log.Printf("could not ask: %v", err)
	}
	if saidNo(res) {
		return refused("kept " + in.Volume), nil, nil
	}
	return nil, nil, wipe(in.Volume)
}

// mayRotate returns the predicate's verdict, and the failure's error.
func mayRotate(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want mayRotate:"confirmer error=1 bool=0"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate the keys?"})
	if err != nil {
		return false, err
	}
	return userAgreed(res), nil
}

// mayPublish says yes when it cannot ask.
func mayPublish(ctx context.Context, ss *mcp.ServerSession) (bool, error) { // want mayPublish:"confirmer error=1 bool=0 decline=nil cancel=nil fail=nil bools=true/false/false/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Publish?"}) // want `^when ServerSession\.Elicit fails, shapes\.mayPublish returns true, as when the user accepts`
	if err != nil {
		log.Printf("asking failed: %v", err)
		return true, nil
	}
	return !isNo(res), nil
}

// gatekeeper holds the policy; its method is the predicate.
type gatekeeper struct{ strict bool }

func (g *gatekeeper) lets(res *mcp.ElicitResult) bool { // want lets:"predicate param=1 result=0 accept=true decline=false cancel=false fail=\\?"
	if res == nil {
		return !g.strict
	}
	return res.Action == "accept"
}

// transferClosed: the method says no to a nil result when strict... but
// the failure returns before it is asked.
func (g *gatekeeper) transferClosed(ctx context.Context, ss *mcp.ServerSession, acct string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Transfer from " + acct + "?"})
	if err != nil {
		return err
	}
	if !g.lets(res) {
		return errRefused
	}
	return transfer(acct)
}

// ---- switches ----

// purgeClosed proceeds only on "accept".
func purgeClosed(ctx context.Context, req *mcp.CallToolRequest, in VolumeIn) (*mcp.CallToolResult, any, error) {
	choice := ""
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Purge?"})
	if err != nil {
		log.Printf("elicit: %v", err)
	} else {
		choice = res.Action
	}
	switch choice {
	case "accept":
		return nil, nil, wipe(in.Volume)
	default:
		return refused("kept"), nil, nil
	}
}

// purgeOpen stops on the two refusals it names; a failure leaves the
// choice empty, and the default purges.
func purgeOpen(ctx context.Context, req *mcp.CallToolRequest, in VolumeIn) (*mcp.CallToolResult, any, error) {
	choice := ""
	res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "Purge?"}) // want `^when ServerSession\.Elicit fails, shapes\.purgeOpen goes on into the code that only acceptance reaches`
	if err != nil {
		log.Printf("elicit: %v", err)
	} else {
		choice = res.Action
	}
	switch choice {
	case "decline", "cancel":
		return refused("kept"), nil, nil
	default:
		if err := wipe(in.Volume); err != nil {
			return nil, nil, err
		}
	}
	return &mcp.CallToolResult{}, nil, nil
}

// ---- stored booleans ----

// job remembers the answer in a field.
type job struct {
	approved bool
	name     string
}

func (j *job) runClosed(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + j.name + "?"})
	if err != nil {
		j.approved = false
	} else {
		j.approved = res.Action == "accept"
	}
	if !j.approved {
		return errRefused
	}
	return publish(j.name)
}

func (j *job) runOpen(ctx context.Context, ss *mcp.ServerSession) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Run " + j.name + "?"}) // want `^when ServerSession\.Elicit fails, shapes\.\(\*job\)\.runOpen goes on into the code that only acceptance reaches`
	if err != nil {
		j.approved = true // assume yes when we cannot ask
	} else {
		j.approved = res.Action == "accept"
	}
	if !j.approved {
		return errRefused
	}
	return publish(j.name)
}

// rotateVar keeps the answer in a variable that a failure never sets.
func rotateVar(ctx context.Context, ss *mcp.ServerSession, key string) error {
	ok := false
	if res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate?"}); err == nil {
		ok = res.Action == "accept"
	}
	if !ok {
		return errRefused
	}
	return rotate(key)
}

// rotateAssumed starts from yes.
func rotateAssumed(ctx context.Context, ss *mcp.ServerSession, key string) error {
	ok := true
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate?"}) // want `^when ServerSession\.Elicit fails, shapes\.rotateAssumed goes on into the code that only acceptance reaches`
	if err == nil {
		ok = res.Action == "accept"
	}
	if !ok {
		return errRefused
	}
	return rotate(key)
}

// decision is a local record of an answer, built zero: approved starts
// out false.
type decision struct {
	approved bool
	note     string
}

// rotateRecorded keeps the answer in a field of a local struct that a
// failure never sets: it stays false, and the rotation stops.
func rotateRecorded(ctx context.Context, ss *mcp.ServerSession, key string) error {
	var d decision
	if res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate?"}); err == nil {
		d.approved = res.Action == "accept"
	} else {
		d.note = err.Error()
	}
	if !d.approved {
		return errRefused
	}
	return rotate(key)
}

// rotateRecordedLiteral is rotateRecorded with the record a composite
// literal.
func rotateRecordedLiteral(ctx context.Context, ss *mcp.ServerSession, key string) error {
	d := &decision{note: "asked"}
	if res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate?"}); err == nil {
		d.approved = res.Action == "accept"
	}
	if !d.approved {
		return errRefused
	}
	return rotate(key)
}

// rotateRecordedAssumed starts its record from yes: a failure rotates.
func rotateRecordedAssumed(ctx context.Context, ss *mcp.ServerSession, key string) error {
	d := decision{approved: true}
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Rotate?"}) // want `^when ServerSession\.Elicit fails, shapes\.rotateRecordedAssumed goes on into the code that only acceptance reaches`
	if err == nil {
		d.approved = res.Action == "accept"
	}
	if !d.approved {
		return errRefused
	}
	return rotate(key)
}

// ---- ignored errors ----

// publishIgnoring drops the error; a nil result is a refusal.
func publishIgnoring(ctx context.Context, ss *mcp.ServerSession, doc string) error {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Publish " + doc + "?"})
	if res == nil || res.Action != "accept" {
		return errRefused
	}
	return publish(doc)
}

// publishIgnoringOpen drops the error and stops only on a result that
// declines: a failure's nil result publishes.
func publishIgnoringOpen(ctx context.Context, ss *mcp.ServerSession, doc string) error {
	res, _ := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Publish " + doc + "?"}) // want `^when ServerSession\.Elicit fails, shapes\.publishIgnoringOpen goes on into the code that only acceptance reaches`
	if res != nil && res.Action != "accept" {
		return errRefused
	}
	return publish(doc)
}

// ---- functions that never return ----

func fatal(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format, args...)
	os.Exit(1)
}

// must panics on an error.
func must(err error) {
	if err != nil {
		panic(err)
	}
}

// wipeFatal ends the process when it cannot ask.
func wipeFatal(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	if err != nil {
		log.Fatalf("cannot ask: %v", err)
	}
	if res.Action != "accept" {
		return errRefused
	}
	return wipe(vol)
}

// wipeExit ends the process through a helper of its own.
func wipeExit(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	if err != nil {
		fatal("cannot ask: %v", err)
	}
	if res.Action != "accept" {
		return errRefused
	}
	return wipe(vol)
}

// wipeMust panics on the failure.
func wipeMust(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe?"})
	must(err)
	if res.Action != "accept" {
		return errRefused
	}
	return wipe(vol)
}

// ---- cancel ----

// transferCancel stops only on "decline": a dismissed question transfers.
func transferCancel(ctx context.Context, ss *mcp.ServerSession, acct string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Transfer?"}) // want `^when the user cancels ServerSession\.Elicit, shapes\.transferCancel goes on into the code that only acceptance reaches, from its call of shapes\.transfer: a dismissed question is not consent`
	if err != nil {
		return err
	}
	if res.Action == "decline" {
		return errRefused
	}
	return transfer(acct)
}
