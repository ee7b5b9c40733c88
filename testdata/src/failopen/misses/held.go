package misses

// Confirmers kept by the package, on go-sdk: an interface field, a
// function field, a retry loop and a three-valued decision. Each
// correct shape comes first, its fail-open twin after it.

import (
	"context"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// asker asks the user to confirm.
type asker interface {
	Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error)
}

// strictAsker stops on every outcome but a ticked box.
type strictAsker struct{}

func (strictAsker) Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:"confirmer error=1 bool=0 decline=nil cancel=nil fail=failure bools=true/false/false/false"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg})
	if err != nil {
		return false, err
	}
	return ticked(res), nil
}

// laxAsker stops on a decline only.
type laxAsker struct{}

func (laxAsker) Confirm(ctx context.Context, ss *mcp.ServerSession, msg string) (bool, error) { // want Confirm:"confirmer error=1 bool=0 decline=nil cancel=nil fail=nil bools=true/false/true/true"
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: msg}) // want `^when ServerSession\.Elicit fails, misses\.laxAsker\.Confirm returns true`
	if err != nil {
		return true, nil
	}
	return res.Action != "decline", nil
}

// volumes keeps its confirmers in fields, wired in newVolumes.
type volumes struct {
	strict, lax asker
	askStrict   func(ctx context.Context, ss *mcp.ServerSession, vol string) bool
	askLax      func(ctx context.Context, ss *mcp.ServerSession, vol string) bool
}

func newVolumes() *volumes {
	v := &volumes{strict: strictAsker{}, lax: laxAsker{}}
	v.askStrict = func(ctx context.Context, ss *mcp.ServerSession, vol string) bool {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + vol + "?"})
		return err == nil && ticked(res)
	}
	v.askLax = func(ctx context.Context, ss *mcp.ServerSession, vol string) bool {
		res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + vol + "?"}) // want `^when the user cancels ServerSession\.Elicit, func literal in misses\.newVolumes returns a value, as when the user accepts`
		if err != nil {
			return false
		}
		return res.Action != "decline"
	}
	return v
}

// wipeStrict calls the interface field wired with strictAsker.
func (v *volumes) wipeStrict(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	ok, err := v.strict.Confirm(ctx, ss, "Wipe "+vol+"?")
	if err != nil || !ok {
		return errRefused
	}
	return wipe(vol)
}

// wipeLax calls the interface field wired with laxAsker: a failure wipes.
func (v *volumes) wipeLax(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	ok, err := v.lax.Confirm(ctx, ss, "Wipe "+vol+"?") // want `^when misses\.laxAsker\.Confirm fails, misses\.\(\*volumes\)\.wipeLax goes on into the code that only acceptance reaches, from its call of misses\.wipe`
	if err != nil || !ok {
		return errRefused
	}
	return wipe(vol)
}

// wipeByStrictFunc calls the function field askStrict.
func (v *volumes) wipeByStrictFunc(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	if !v.askStrict(ctx, ss, vol) {
		return errRefused
	}
	return wipe(vol)
}

// wipeByLaxFunc calls the function field askLax: a cancel wipes.
func (v *volumes) wipeByLaxFunc(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	if !v.askLax(ctx, ss, vol) { // want `^when the user cancels the function in field askLax, misses\.\(\*volumes\)\.wipeByLaxFunc goes on into the code that only acceptance reaches`
		return errRefused
	}
	return wipe(vol)
}

// wipeRetryStrict asks up to three times and stops on the last failure.
func wipeRetryStrict(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	var res *mcp.ElicitResult
	var err error
	for range 3 {
		if res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + vol + "?"}); err == nil {
			break
		}
	}
	if err != nil || !ticked(res) {
		return errRefused
	}
	return wipe(vol)
}

// wipeRetryLax leaves res nil after the last failure, and a nil res
// refuses nothing.
func wipeRetryLax(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	var res *mcp.ElicitResult
	var err error
	for range 3 {
		if res, err = ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + vol + "?"}); err == nil { // want `^when ServerSession\.Elicit fails, misses\.wipeRetryLax goes on into the code that only acceptance reaches`
			break
		}
	}
	if res != nil && !ticked(res) {
		return errRefused
	}
	return wipe(vol)
}

// A three-valued decision of the package, built on ticked.
type verdict int

const (
	unknown verdict = iota
	allow
	deny
)

func decide(res *mcp.ElicitResult, err error) verdict {
	switch {
	case err != nil:
		return unknown
	case ticked(res):
		return allow
	}
	return deny
}

// wipeUnlessNotAllowed stops on everything but allow.
func wipeUnlessNotAllowed(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + vol + "?"})
	if decide(res, err) != allow {
		return errRefused
	}
	return wipe(vol)
}

// wipeUnlessDenied stops on deny only: unknown, the failure, wipes.
func wipeUnlessDenied(ctx context.Context, ss *mcp.ServerSession, vol string) error {
	res, err := ss.Elicit(ctx, &mcp.ElicitParams{Message: "Wipe " + vol + "?"}) // want `^when ServerSession\.Elicit fails, misses\.wipeUnlessDenied goes on into the code that only acceptance reaches, from its call of misses\.wipe, past what misses\.decide decides`
	if decide(res, err) == deny {
		return errRefused
	}
	return wipe(vol)
}
