package sealcore

import (
	"cmp"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"log/slog"
	"time"
)

const (
	// MaxTokenBytes bounds a token. Open rejects a longer one before any
	// decoding or cryptographic work, and Seal refuses a payload that would
	// make one.
	MaxTokenBytes = 64 << 10

	// MinKeyBytes is the shortest key a ring accepts: 256 bits, the strength
	// of AES-256.
	MinKeyBytes = 32

	// DefaultTTL is how long a token stays valid when Options.TTL is zero.
	DefaultTTL = 10 * time.Minute
)

// Claims describe the call a token is issued for. Open accepts a token only
// for the same claims it was sealed with.
//
// resolve.Binding is an alias of Claims: the runtime hands its
// StateCodec the claims of each call as they are.
type Claims struct {
	// Method is the MCP method, such as "tools/call" or "prompts/get".
	Method string
	// Target is the tool or prompt name, or the resource URI.
	Target string
	// Arguments are the call's arguments as canonical JSON. They are
	// compared byte for byte, so both rounds must encode them the same
	// way.
	Arguments []byte
	// Principal is the authenticated user, such as
	// req.Extra.TokenInfo.UserID, or empty if there is none. The token
	// holds nothing of it (nor of the other claims): it is authenticated
	// with the token, never stored in it.
	Principal string
}

// Options configure a [Codec].
type Options struct {
	// Keys is the key ring: the first key seals, every key opens. Each key
	// is at least MinKeyBytes random bytes, and no key appears twice. New
	// keeps only keys derived from these, not the slices themselves.
	Keys [][]byte
	// TTL is how long a token stays valid; zero means DefaultTTL. A codec
	// also refuses a token older than its own TTL, whatever TTL sealed it,
	// so shortening the TTL takes effect at once on every replica.
	TTL time.Duration
	// Audience names the server, so that a token sealed by one server does
	// not open on another that shares its keys. Empty is a valid audience.
	Audience string
	// Now returns the current time; nil means time.Now. Tests set it.
	Now func() time.Time
	// Logger receives one record for each token Open rejects, with the
	// reason (at Info for an expired token, at Warn otherwise), and
	// NewRandom's notice. Nil means slog.Default(); to discard them, use
	// slog.New(slog.DiscardHandler).
	Logger *slog.Logger
}

// A Codec seals and opens requestState tokens. It is safe for concurrent
// use.
type Codec struct {
	keys         []ringKey // keys[0] seals
	ttl          time.Duration
	audience     string
	audienceHash [sha256.Size]byte // digest of Options.Audience, which s1 tokens bind
	now          func() time.Time
	logger       *slog.Logger
}

// New returns a codec for the key ring in opts.Keys. It fails if the ring is
// empty, a key is shorter than MinKeyBytes, a key appears twice, or the TTL
// is negative or under a millisecond (a token carries its TTL in
// milliseconds).
func New(opts Options) (*Codec, error) {
	if len(opts.Keys) == 0 {
		return nil, errors.New("seal: no keys (use NewRandom for a per-process key)")
	}
	switch {
	case opts.TTL < 0:
		return nil, fmt.Errorf("seal: negative TTL %v", opts.TTL)
	case opts.TTL > 0 && opts.TTL < time.Millisecond:
		return nil, fmt.Errorf("seal: TTL %v is under a millisecond, which a token cannot carry: its tokens would expire as they are sealed", opts.TTL)
	}
	c := &Codec{
		keys:         make([]ringKey, 0, len(opts.Keys)),
		ttl:          cmp.Or(opts.TTL, DefaultTTL),
		audience:     opts.Audience,
		audienceHash: sha256.Sum256([]byte(opts.Audience)),
		now:          opts.Now,
		logger:       cmp.Or(opts.Logger, slog.Default()),
	}
	if c.now == nil {
		c.now = time.Now
	}
	for i, secret := range opts.Keys {
		if len(secret) < MinKeyBytes {
			return nil, fmt.Errorf("seal: Keys[%d] is %d bytes, need at least %d", i, len(secret), MinKeyBytes)
		}
		k, err := deriveRingKey(secret)
		if err != nil {
			return nil, fmt.Errorf("seal: Keys[%d]: %v", i, err)
		}
		// Equal ids mean equal keys (a collision of distinct keys has
		// probability 2^-64), and a repeated key is a slip in the ring.
		for j := range c.keys {
			if c.keys[j].id == k.id {
				return nil, fmt.Errorf("seal: Keys[%d] duplicates Keys[%d]", i, j)
			}
		}
		c.keys = append(c.keys, k)
	}
	return c, nil
}

// NewRandom returns a codec whose only key is drawn at random, for a server
// that has no configured ring. opts.Keys must be empty. Its tokens do not
// survive a restart and open only in this process; NewRandom logs a notice
// saying so.
func NewRandom(opts Options) (*Codec, error) {
	if len(opts.Keys) != 0 {
		return nil, errors.New("seal: NewRandom with Options.Keys set (use New)")
	}
	opts.Keys = [][]byte{newKey()}
	c, err := New(opts)
	if err != nil {
		return nil, err
	}
	c.logger.Info("seal: requestState is sealed with a random per-process key; " +
		"its tokens do not survive a restart or open on another replica (set " + KeysEnv + " to share a key ring)")
	return c, nil
}

// Seal returns a token that carries payload and opens only for the same
// claims, on a codec that holds the same key and audience, until the TTL has
// passed. It fails only if the token would exceed MaxTokenBytes, with an
// error that wraps [ErrTooLarge].
func (c *Codec) Seal(cl Claims, payload []byte) (string, error) {
	if n := tokenLen(len(payload)); n > MaxTokenBytes {
		return "", fmt.Errorf("%w: a payload of %d bytes makes a %d-byte token, over MaxTokenBytes (%d)", ErrTooLarge, len(payload), n, MaxTokenBytes)
	}
	k := &c.keys[0]
	body := make([]byte, minBodySize+len(payload))
	kid, siv, plain := body[:kidSize], body[kidSize:headerSize], body[headerSize:]
	copy(kid, k.id[:kidSize])
	putTimes(plain, c.now(), c.ttl)
	copy(plain[timesSize:], payload)
	sum := c.siv(k, kid, cl, plain)
	copy(siv, sum[:])
	xorCounterStream(k.ctr, siv, plain, plain)

	token := make([]byte, tokenLen(len(payload)))
	copy(token, tokenPrefix)
	tokenEncoding.Encode(token[len(tokenPrefix):], body)
	return string(token), nil
}

// Open returns the payload of a token sealed for the same claims. Every
// failure wraps [ErrInvalid]; its message, which Open also logs, gives the
// reason. Answer the client with [InvalidStateError], which does not.
func (c *Codec) Open(cl Claims, token string) ([]byte, error) {
	payload, why := c.open(cl, token)
	if why != "" {
		level := slog.LevelWarn
		if why == reasonExpired {
			level = slog.LevelInfo // a user who took too long, not an attack
		}
		c.logger.Log(context.Background(), level, "seal: rejected requestState",
			"reason", string(why), "method", cl.Method, "target", cl.Target)
		return nil, &invalidError{why}
	}
	return payload, nil
}

// ErrInvalid is wrapped by every error Open returns: the token is malformed,
// forged, expired, or issued for another call.
var ErrInvalid = errors.New("seal: invalid or expired requestState")

// ErrTooLarge is wrapped by the error of Seal for a payload whose token
// would exceed MaxTokenBytes.
var ErrTooLarge = errors.New("seal: payload too large for a token")

// reason says why Open rejected a token. It goes to logs, never to the
// client.
type reason string

const (
	reasonOversized  reason = "oversized"
	reasonFormat     reason = "unknown format"
	reasonEncoding   reason = "bad encoding"
	reasonTooShort   reason = "too short"
	reasonUnknownKey reason = "unknown key id"
	// An s3 or s2 token that fails authentication was either changed or
	// presented with other claims than it was sealed for: its tag covers
	// both, so it cannot tell which.
	reasonClaims  reason = "claims mismatch or tampered"
	reasonExpired reason = "expired"
	// The reasons below are an s1 token's, whose claims are digests inside
	// the ciphertext.
	reasonAuth      reason = "authentication failed"
	reasonMethod    reason = "wrong method"
	reasonTarget    reason = "wrong target"
	reasonArguments reason = "wrong arguments"
	reasonAudience  reason = "wrong audience"
	reasonPrincipal reason = "wrong principal"
)

// invalidError is the error of a rejected token.
type invalidError struct{ reason reason }

func (e *invalidError) Error() string { return ErrInvalid.Error() + ": " + string(e.reason) }
func (e *invalidError) Unwrap() error { return ErrInvalid }
