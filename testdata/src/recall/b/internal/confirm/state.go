package confirm

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// Sign returns state with an HMAC suffix.
func (s *StateSigner) Sign(state string) string {
	m := hmac.New(sha256.New, s.Secret)
	m.Write([]byte(state))
	return state + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Verify checks a signed state and returns the payload.
func (s *StateSigner) Verify(signed string) (string, bool) {
	i := strings.LastIndexByte(signed, '.')
	if i < 0 {
		return "", false
	}
	payload := signed[:i]
	if !hmac.Equal([]byte(s.Sign(payload)), []byte(signed)) {
		return "", false
	}
	return payload, true
}
