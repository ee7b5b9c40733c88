// This file declares the binding's SDK-neutral vocabulary; the mcp-go
// binding's copy (runtime/mcpgo/resolve) is generated from it by go
// generate there, so it names no SDK.

package resolve

import (
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/mcplint/mcplint/runtime/seal"
)

// MaxStateBytes bounds requestState in both directions: a token longer than
// this is rejected before any decoding, and a call whose state would grow
// past it fails instead of sending it.
const MaxStateBytes = engine.MaxStateBytes

// A Binding is what a requestState token is issued for: a sealing codec
// binds the token to it, so that a token issued for one call cannot be
// replayed against another. The engine fills in the method, the tool name,
// the call's arguments as canonical JSON, and the principal that
// Options.Principal names.
type Binding = seal.Claims

// A StateCodec turns the engine's state into the requestState string that
// the client echoes, and back. It is the one seam between the engine and
// the encoding of its state; *seal.Codec implements it. A codec serves the
// runtimes of both SDK bindings.
//
// Seal returns an error wrapping [ErrStateTooLarge] for a payload too large
// for a token; the call then fails with a tool error naming the size and
// the limit. Any other error of Seal fails the call with a fixed message.
//
// Open returns an error for a token it cannot open. If the error wraps
// [ErrInvalidState], the call is answered with the JSON-RPC error
// "Invalid or expired requestState" (-32602; mcp-go sends every error of a
// handler as -32603): the token failed verification, so it is an attack or
// a stale call. Any other error means the state is unusable but
// harmless: the engine starts from no state and asks its questions again.
type StateCodec = engine.StateCodec

// ErrInvalidState marks a requestState that failed verification. It is
// [seal.ErrInvalid], so the errors of a *seal.Codec carry it.
var ErrInvalidState = seal.ErrInvalid

// ErrStateTooLarge marks a payload too large for a token. It is
// [seal.ErrTooLarge], so the errors of a *seal.Codec carry it.
var ErrStateTooLarge = seal.ErrTooLarge
