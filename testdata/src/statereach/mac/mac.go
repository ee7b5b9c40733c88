package mac

// Package mac imports no MCP API; its verifier is known through the
// directive alone.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

var key = []byte("0123456789abcdef0123456789abcdef")

// Open checks the HMAC of a token and returns its payload.
//
//mcplint:verifier
func Open(token string) ([]byte, error) { // want Open:`verifier`
	body, sig, _ := strings.Cut(token, ".")
	m := hmac.New(sha256.New, key)
	m.Write([]byte(body))
	want, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(m.Sum(nil), want) {
		return nil, err
	}
	return base64.RawURLEncoding.DecodeString(body)
}

// open is marked, but other packages cannot call it: no fact.
//
//mcplint:verifier
func open(token string) bool { return token != "" }

var _ = open
