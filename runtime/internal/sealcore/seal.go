package sealcore

import (
	"cmp"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"strings"
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
	// compared byte for byte (as a digest), so both rounds must encode
	// them the same way.
	Arguments []byte
	// Principal is the authenticated user, such as
	// req.Extra.TokenInfo.UserID, or empty if there is none. The token
	// holds only a keyed digest of it.
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
	keys     []ringKey // keys[0] seals
	ttl      time.Duration
	audience [sha256.Size]byte // digest of Options.Audience
	now      func() time.Time
	logger   *slog.Logger
}

// A token is
//
//	"s1." base64url-unpadded( kid | salt | AES-256-GCM(plaintext, aad = kid | salt) )
//	plaintext = issued-at | expires-at | method | target | arguments | audience | principal | payload
//
// kid (8 bytes) names the ring key. salt (24 random bytes) draws a fresh
// AES-256 key for this token from the ring key, which lifts GCM's limit of
// 2^32 messages per key under random nonces. The two times are Unix
// nanoseconds (big-endian int64); the bound fields are SHA-256 digests,
// except the principal, which is an HMAC-SHA256 under a key derived from the
// ring key, so that it can neither be read nor guessed offline.
//
// The version lives in the prefix and in the HKDF info strings, so a future
// "s2" format derives unrelated keys.
const (
	tokenPrefix = "s1."
	kidSize     = 8
	saltSize    = 24
	timesSize   = 16
	boundSize   = boundFields * sha256.Size
	gcmTagSize  = 16
	headerSize  = kidSize + saltSize    // kid | salt, in the clear
	plainHead   = timesSize + boundSize // the plaintext before the payload
	minBodySize = headerSize + plainHead + gcmTagSize
)

const (
	infoKeyID     = "mcplint/seal v1 key id"
	infoTokenKeys = "mcplint/seal v1 token keys"
	infoPrincipal = "mcplint/seal v1 principal"
)

// tokenEncoding is strict so that each token has one spelling: the lenient
// decoder would accept a changed last character whose extra bits it drops.
var tokenEncoding = base64.RawURLEncoding.Strict()

// zeroNonce is the GCM nonce of every token. This is safe because no two
// tokens share an AES key: each key is drawn from a fresh random salt.
var zeroNonce [12]byte

// boundFields is the number of digests a token binds, and boundReasons the
// rejection reason for a mismatch in each, in the order of [Codec.digests].
const boundFields = 5

var boundReasons = [boundFields]reason{
	reasonMethod, reasonTarget, reasonArguments, reasonAudience, reasonPrincipal,
}

// ringKey is what a codec keeps of one key of its ring.
type ringKey struct {
	id        [kidSize]byte
	tokenKeys []byte // HMAC key that draws each token's AES key from its salt
	principal []byte // HMAC key of the principal digest
}

func deriveRingKey(secret []byte) (ringKey, error) {
	var k ringKey
	id, err := hkdf.Key(sha256.New, secret, nil, infoKeyID, kidSize)
	if err != nil {
		return k, err
	}
	copy(k.id[:], id)
	if k.tokenKeys, err = hkdf.Key(sha256.New, secret, nil, infoTokenKeys, 32); err != nil {
		return k, err
	}
	k.principal, err = hkdf.Key(sha256.New, secret, nil, infoPrincipal, 32)
	return k, err
}

// tokenAEAD returns the cipher of the token with this salt. HMAC-SHA256 is
// the PRF here, as in HKDF-Expand; its 32-byte output is the AES-256 key.
func (k *ringKey) tokenAEAD(salt []byte) cipher.AEAD {
	mac := hmac.New(sha256.New, k.tokenKeys)
	mac.Write(salt)
	block, err := aes.NewCipher(mac.Sum(nil))
	if err != nil {
		panic(err) // unreachable: the key is always 32 bytes
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err) // unreachable: AES has a 16-byte block
	}
	return aead
}

// New returns a codec for the key ring in opts.Keys. It fails if the ring is
// empty, a key is shorter than MinKeyBytes, a key appears twice, or the TTL
// is negative.
func New(opts Options) (*Codec, error) {
	if len(opts.Keys) == 0 {
		return nil, errors.New("seal: no keys (use NewRandom for a per-process key)")
	}
	if opts.TTL < 0 {
		return nil, fmt.Errorf("seal: negative TTL %v", opts.TTL)
	}
	c := &Codec{
		keys:     make([]ringKey, 0, len(opts.Keys)),
		ttl:      cmp.Or(opts.TTL, DefaultTTL),
		audience: sha256.Sum256([]byte(opts.Audience)),
		now:      opts.Now,
		logger:   cmp.Or(opts.Logger, slog.Default()),
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

// tokenLen is the length of the token that seals a payload of n bytes.
func tokenLen(n int) int {
	return len(tokenPrefix) + tokenEncoding.EncodedLen(minBodySize+n)
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
	header := body[:headerSize]
	copy(header, k.id[:])
	rand.Read(header[kidSize:])

	plain := body[headerSize : len(body)-gcmTagSize]
	now := c.now()
	binary.BigEndian.PutUint64(plain[0:], uint64(now.UnixNano()))
	binary.BigEndian.PutUint64(plain[8:], uint64(now.Add(c.ttl).UnixNano()))
	bound := c.digests(k, cl)
	for i := range bound {
		copy(plain[timesSize+i*sha256.Size:], bound[i][:])
	}
	copy(plain[plainHead:], payload)
	k.tokenAEAD(header[kidSize:]).Seal(plain[:0], zeroNonce[:], plain, header)

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

// open does the work of Open, returning the reason for a rejection, or ""
// and the payload.
func (c *Codec) open(cl Claims, token string) ([]byte, reason) {
	if len(token) > MaxTokenBytes {
		return nil, reasonOversized
	}
	encoded, ok := strings.CutPrefix(token, tokenPrefix)
	if !ok {
		return nil, reasonFormat
	}
	// The decoder skips CR and LF; refusing them keeps one spelling per
	// token.
	if strings.ContainsAny(encoded, "\r\n") {
		return nil, reasonEncoding
	}
	body, err := tokenEncoding.DecodeString(encoded)
	if err != nil {
		return nil, reasonEncoding
	}
	if len(body) < minBodySize {
		return nil, reasonTooShort
	}
	k := c.key(body[:kidSize])
	if k == nil {
		return nil, reasonUnknownKey
	}
	header, sealed := body[:headerSize], body[headerSize:]
	plain, err := k.tokenAEAD(header[kidSize:]).Open(sealed[:0], zeroNonce[:], sealed, header)
	if err != nil {
		return nil, reasonAuth
	}

	issued := int64(binary.BigEndian.Uint64(plain[0:]))
	expires := int64(binary.BigEndian.Uint64(plain[8:]))
	now := c.now().UnixNano()
	if now >= expires || now-issued >= int64(c.ttl) {
		return nil, reasonExpired
	}
	want := c.digests(k, cl)
	for i := range want {
		got := plain[timesSize+i*sha256.Size : timesSize+(i+1)*sha256.Size]
		if subtle.ConstantTimeCompare(got, want[i][:]) != 1 {
			return nil, boundReasons[i]
		}
	}
	return plain[plainHead:], ""
}

// key returns the ring key with this id, or nil. Key ids are public, so the
// lookup need not be constant-time.
func (c *Codec) key(id []byte) *ringKey {
	for i := range c.keys {
		if string(c.keys[i].id[:]) == string(id) {
			return &c.keys[i]
		}
	}
	return nil
}

// digests returns the digests a token binds for these claims under ring key
// k, in the order of boundReasons.
func (c *Codec) digests(k *ringKey, cl Claims) [boundFields][sha256.Size]byte {
	mac := hmac.New(sha256.New, k.principal)
	mac.Write([]byte(cl.Principal))
	return [boundFields][sha256.Size]byte{
		sha256.Sum256([]byte(cl.Method)),
		sha256.Sum256([]byte(cl.Target)),
		sha256.Sum256(cl.Arguments),
		c.audience,
		[sha256.Size]byte(mac.Sum(nil)),
	}
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
	reasonAuth       reason = "authentication failed"
	reasonExpired    reason = "expired"
	reasonMethod     reason = "wrong method"
	reasonTarget     reason = "wrong target"
	reasonArguments  reason = "wrong arguments"
	reasonAudience   reason = "wrong audience"
	reasonPrincipal  reason = "wrong principal"
)

// invalidError is the error of a rejected token.
type invalidError struct{ reason reason }

func (e *invalidError) Error() string { return ErrInvalid.Error() + ": " + string(e.reason) }
func (e *invalidError) Unwrap() error { return ErrInvalid }
