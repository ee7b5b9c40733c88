// Package flagged has verifiers that only the flag -statereach.verifiers
// declares.
package flagged

import "errors"

// Check verifies a token.
func Check(token string) ([]byte, error) {
	if token == "" {
		return nil, errors.New("empty")
	}
	return []byte(token), nil
}

// A Checker verifies tokens.
type Checker struct{}

// Verify verifies a token.
func (*Checker) Verify(token string) error { return nil }
