package resolve

import (
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/runtime/seal"
)

// MaxStateBytes bounds requestState in both directions: a token longer than
// this is rejected before any decoding, and a call whose state would grow
// past it fails instead of sending it.
const MaxStateBytes = 64 << 10

// A Binding is what a requestState token is issued for: a sealing codec
// binds the token to it, so that a token issued for one call cannot be
// replayed against another. The engine fills in the method, the tool name,
// the call's arguments as canonical JSON, and the principal that
// Options.Principal names (by default req.Extra.TokenInfo.UserID).
type Binding = seal.Claims

// A StateCodec turns the engine's state into the requestState string that
// the client echoes, and back. It is the one seam between the engine and
// the encoding of its state; *seal.Codec implements it.
//
// Seal returns an error wrapping [ErrStateTooLarge] for a payload too large
// for a token; the call then fails with a tool error naming the size and
// the limit. Any other error of Seal fails the call with a fixed message.
//
// Open returns an error for a token it cannot open. If the error wraps
// [ErrInvalidState], the call is answered with the JSON-RPC error -32602
// "Invalid or expired requestState": the token failed verification, so it is
// an attack or a stale call. Any other error means the state is unusable but
// harmless: the engine starts from no state and asks its questions again.
type StateCodec interface {
	Seal(b Binding, payload []byte) (string, error)
	Open(b Binding, token string) ([]byte, error)
}

// ErrInvalidState marks a requestState that failed verification. It is
// [seal.ErrInvalid], so the errors of a *seal.Codec carry it.
var ErrInvalidState = seal.ErrInvalid

// ErrStateTooLarge marks a payload too large for a token. It is
// [seal.ErrTooLarge], so the errors of a *seal.Codec carry it.
var ErrStateTooLarge = seal.ErrTooLarge

// stateVersion is the version of the payload layout below.
const stateVersion = 1

// callState is what the engine carries between the rounds of one call.
type callState struct {
	Version int `json:"v"`
	// Answers holds the outcome of every question answered so far, by wire
	// key.
	Answers map[string]storedAnswer `json:"a,omitempty"`
	// Asked holds the digest of every question sent in the last round, by
	// wire key: a fresh answer counts only for the question the client was
	// shown.
	Asked map[string]string `json:"q,omitempty"`
	// Changed holds, by wire key, a question that the resolver asked
	// differently from the question it had asked and had answered the
	// round before: how many rounds in a row that happened, and the
	// rendering asked instead, to log if it changes again.
	Changed map[string]changedQuestion `json:"c,omitempty"`
}

// changedQuestion is the record of a question that changed between rounds.
type changedQuestion struct {
	Rounds int             `json:"n"`
	Shown  json.RawMessage `json:"s"` // the rendering asked instead
}

// storedAnswer is one answer, pinned to the question it answered.
type storedAnswer struct {
	Digest   string          `json:"d"` // digest of the rendered question
	Response json.RawMessage `json:"r"` // the client's answer as received
}

// decodeState parses a payload. Malformed JSON or an unknown version yields
// an error; the caller then starts from no state.
func decodeState(payload []byte) (*callState, error) {
	var st callState
	if err := json.Unmarshal(payload, &st); err != nil {
		return nil, fmt.Errorf("malformed state: %w", err)
	}
	if st.Version != stateVersion {
		return nil, fmt.Errorf("state version %d, want %d", st.Version, stateVersion)
	}
	return &st, nil
}
