package engine

import (
	"encoding/json"
	"fmt"

	"github.com/mcplint/mcplint/runtime/internal/sealcore"
)

// MaxStateBytes bounds requestState in both directions: a token longer than
// this is rejected before any decoding, and a call whose state would grow
// past it fails instead of sending it.
const MaxStateBytes = 64 << 10

// A Binding is what a requestState token is issued for: a sealing codec
// binds the token to it, so that a token issued for one call cannot be
// replayed against another.
type Binding = sealcore.Claims

// A StateCodec turns the engine's state into the requestState string that
// the client echoes, and back. The bindings document it as theirs.
type StateCodec interface {
	Seal(b Binding, payload []byte) (string, error)
	Open(b Binding, token string) ([]byte, error)
}

// ErrInvalidState marks a requestState that failed verification.
var ErrInvalidState = sealcore.ErrInvalid

// ErrStateTooLarge marks a payload too large for a token.
var ErrStateTooLarge = sealcore.ErrTooLarge

// StateVersion is the version of the payload layout below.
const StateVersion = 1

// State is what the engine carries between the rounds of one call. Its
// layout is exported for the bindings' tests, which forge states.
type State struct {
	Version int `json:"v"`
	// Answers holds the outcome of every question answered so far, by wire
	// key.
	Answers map[string]StoredAnswer `json:"a,omitempty"`
	// Asked holds the digest of every question sent in the last round, by
	// wire key: a fresh answer counts only for the question the client was
	// shown.
	Asked map[string]string `json:"q,omitempty"`
	// Changed holds, by wire key, a question that the resolver asked
	// differently from the question it had asked and had answered the
	// round before: how many rounds in a row that happened, and the
	// rendering asked instead, to log if it changes again.
	Changed map[string]ChangedQuestion `json:"c,omitempty"`
}

// ChangedQuestion is the record of a question that changed between rounds.
type ChangedQuestion struct {
	Rounds int             `json:"n"`
	Shown  json.RawMessage `json:"s"` // the rendering asked instead
}

// StoredAnswer is one answer, pinned to the question it answered.
type StoredAnswer struct {
	Digest   string          `json:"d"` // digest of the rendered question
	Response json.RawMessage `json:"r"` // the client's answer as received
}

// DecodeState parses a payload. Malformed JSON or an unknown version yields
// an error; the caller then starts from no state.
func DecodeState(payload []byte) (*State, error) {
	var st State
	if err := json.Unmarshal(payload, &st); err != nil {
		return nil, fmt.Errorf("malformed state: %w", err)
	}
	if st.Version != StateVersion {
		return nil, fmt.Errorf("state version %d, want %d", st.Version, StateVersion)
	}
	return &st, nil
}
