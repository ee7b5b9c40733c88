package sealcore

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"strings"
)

// KeysEnv is the environment variable KeysFromEnv reads.
const KeysEnv = "MCPLINT_STATE_KEYS"

// ParseKeys parses a key ring written as comma-separated base64 keys, in the
// standard or URL alphabet, padded or not; spaces around a key are ignored.
// The first key seals. Every key must be at least MinKeyBytes long, and no
// entry may be empty. Errors name an entry by its position, never by its
// content.
func ParseKeys(s string) ([][]byte, error) {
	keys, err := parseKeys(s)
	if err != nil {
		return nil, fmt.Errorf("seal: %v", err)
	}
	return keys, nil
}

// KeysFromEnv returns the key ring in the environment variable
// MCPLINT_STATE_KEYS (see ParseKeys), or nil and no error if it is unset or
// blank.
func KeysFromEnv() ([][]byte, error) {
	s := os.Getenv(KeysEnv)
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	keys, err := parseKeys(s)
	if err != nil {
		return nil, fmt.Errorf("seal: %s: %v", KeysEnv, err)
	}
	return keys, nil
}

func parseKeys(s string) ([][]byte, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("no keys")
	}
	entries := strings.Split(s, ",")
	keys := make([][]byte, 0, len(entries))
	for i, entry := range entries {
		n := i + 1
		entry = strings.TrimSpace(entry)
		if entry == "" {
			return nil, fmt.Errorf("key %d of %d is empty", n, len(entries))
		}
		key, ok := decodeKey(entry)
		if !ok {
			return nil, fmt.Errorf("key %d of %d is not base64", n, len(entries))
		}
		if len(key) < MinKeyBytes {
			return nil, fmt.Errorf("key %d of %d is %d bytes, need at least %d", n, len(entries), len(key), MinKeyBytes)
		}
		keys = append(keys, key)
	}
	return keys, nil
}

// keyEncodings are the spellings of a key that decodeKey accepts: what
// openssl, base64(1) and Go's encoders produce.
var keyEncodings = []*base64.Encoding{
	base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding,
}

func decodeKey(s string) ([]byte, bool) {
	for _, enc := range keyEncodings {
		if key, err := enc.DecodeString(s); err == nil {
			return key, true
		}
	}
	return nil, false
}

// GenerateKey returns a new random key of MinKeyBytes, in standard base64:
// a value for MCPLINT_STATE_KEYS, like the output of
// "openssl rand -base64 32".
func GenerateKey() string {
	return base64.StdEncoding.EncodeToString(newKey())
}

func newKey() []byte {
	key := make([]byte, MinKeyBytes)
	rand.Read(key) // never fails: crypto/rand crashes the program instead
	return key
}
