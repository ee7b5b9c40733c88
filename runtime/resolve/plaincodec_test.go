package resolve

import (
	"encoding/base64"
	"errors"
	"strings"
)

// jsonCodec is a plain, unsealed encoding of the engine's state: what a
// client can forge at will. The tests use it to show that the engine itself,
// without sealing, never lets forged state stand in for computation.
type jsonCodec struct{}

const jsonCodecPrefix = "p1."

func (jsonCodec) Seal(_ Binding, payload []byte) (string, error) {
	return jsonCodecPrefix + base64.RawURLEncoding.EncodeToString(payload), nil
}

func (jsonCodec) Open(_ Binding, token string) ([]byte, error) {
	body, ok := strings.CutPrefix(token, jsonCodecPrefix)
	if !ok {
		return nil, errors.New("unknown state encoding")
	}
	return base64.RawURLEncoding.DecodeString(body)
}

// plainRuntime registers tools whose state tests can forge.
var plainRuntime = mustNew(&Options{StateCodec: jsonCodec{}})

func mustNew(opts *Options) *Runtime {
	rt, err := New(opts)
	if err != nil {
		panic(err)
	}
	return rt
}
