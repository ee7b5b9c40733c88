package sealcore

import (
	"cmp"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"log/slog"
	"strings"
	"sync"
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

// A token is
//
//	"s3." base64url-unpadded( kid | siv | AES-256-CTR(plaintext, iv = siv) )
//	plaintext = issued-at | lifetime | payload
//	siv       = HMAC-SHA256(kid | method | target | arguments | audience | principal | plaintext), first 16 bytes
//
// This is the SIV construction (Rogaway and Shrimpton's synthetic IV, which
// RFC 5297 instantiates with CMAC), here with HMAC-SHA256 as its PRF and
// AES-256-CTR as its IV-based cipher, each under its own key derived from
// the ring key with HKDF. The siv is the token's authentication tag and the
// counter's initial block at once: Open decrypts, recomputes the siv over
// what it decrypted and the claims presented, and accepts the token only if
// the two agree. No nonce or salt is drawn, so nothing depends on the
// random source, and no per-token key is scheduled: both ciphers are keyed
// once per ring key. Equal inputs (claims, payload and the millisecond of
// issue) give equal tokens, which reveals only that they are equal.
//
// kid (4 bytes) names the ring key: the first 4 of its 8-byte key id,
// which identifies the key and is no secret (it is derived from the key,
// and sent in the clear). Two keys of one ring may share the 4 bytes
// (probability 2^-32 per pair); Open then tries each, as a forger naming
// that id could make it do anyway. issued-at is Unix milliseconds, rounded
// down (6 bytes, big-endian: until the year 10889), and lifetime the
// sealer's TTL in milliseconds (4 bytes, big-endian; a TTL over 49 days
// seals 49 days): the token expires at issued-at + lifetime. Every byte of
// a token travels to the client and back each round; two Unix nanoseconds
// would take 16. The claims are not in the token at all: the siv covers
// them, each field preceded by its length as a uvarint (so that no two
// claims encode alike), and a token opens only where the same claims are
// presented. So the token carries nothing of the principal to read or to
// guess offline, and costs no digest.
//
// The earlier formats, still opened during a rollout (replicas of the
// previous builds seal them), are
//
//	"s2." base64url-unpadded( kid | salt | AES-256-GCM(plaintext, aad) )
//	aad = kid | method | target | arguments | audience | principal
//
// with the same kid, plaintext and claims, salt 24 random bytes from which
// HMAC-SHA256 draws the token's own AES-256 key (and the GCM nonce zero),
// 44 bytes of overhead to s3's 20; and
//
//	"s1." base64url-unpadded( kid8 | salt | AES-256-GCM(plaintext, aad = kid8 | salt) )
//	plaintext = issued-at | expires-at | method | target | arguments | audience | principal | payload
//
// with the whole 8-byte key id, the times as Unix nanoseconds (big-endian int64), the bound fields as SHA-256 digests inside the ciphertext, except
// the principal, an HMAC-SHA256 under a key derived from the ring key.
//
// The version lives in the prefix and in the HKDF info strings, so each
// format derives keys unrelated to the others'.
const (
	tokenPrefix   = "s3."
	tokenPrefixV2 = "s2."
	tokenPrefixV1 = "s1."
	keyIDSize     = 8 // a ring key's id, all of which s1 tokens carry
	kidSize       = 4 // the part of it that s2 and s3 tokens carry
	sivSize       = 16
	issuedSize    = 6
	lifetimeSize  = 4
	timesSize     = issuedSize + lifetimeSize
	headerSize    = kidSize + sivSize // kid | siv, in the clear
	minBodySize   = headerSize + timesSize

	saltSize      = 24 // an s2 or s1 token's
	gcmTagSize    = 16
	headerSizeV2  = kidSize + saltSize // an s2 token's kid | salt
	minBodySizeV2 = headerSizeV2 + timesSize + gcmTagSize

	headerSizeV1  = keyIDSize + saltSize // an s1 token's kid | salt
	timesSizeV1   = 16
	boundSizeV1   = boundFieldsV1 * sha256.Size
	plainHeadV1   = timesSizeV1 + boundSizeV1 // an s1 plaintext before the payload
	minBodySizeV1 = headerSizeV1 + plainHeadV1 + gcmTagSize
)

const (
	infoKeyID = "mcplint/seal v1 key id"
	infoSIV   = "mcplint/seal s3 siv"
	infoCTR   = "mcplint/seal s3 ctr"
	// Neither "mcplint/seal v2 token keys" nor "mcplint/seal s2 token
	// keys": unreleased builds sealed s2 tokens with 16 bytes of times, and
	// then with 8-byte key ids, under those, and a token of theirs must
	// fail to open here, not open misread.
	infoTokenKeysV2 = "mcplint/seal s2 token keys, 4-byte kid"
	infoTokenKeysV1 = "mcplint/seal v1 token keys"
	infoPrincipalV1 = "mcplint/seal v1 principal"
)

// tokenEncoding is strict so that each token has one spelling: the lenient
// decoder would accept a changed last character whose extra bits it drops.
var tokenEncoding = base64.RawURLEncoding.Strict()

// zeroNonce is the GCM nonce of every s2 and s1 token. This is safe
// because no two of them share an AES key: each key was drawn from a fresh
// random salt.
var zeroNonce [12]byte

// boundFieldsV1 is the number of digests an s1 token binds, and
// boundReasonsV1 the rejection reason for a mismatch in each, in the order
// of [Codec.digestsV1].
const boundFieldsV1 = 5

var boundReasonsV1 = [boundFieldsV1]reason{
	reasonMethod, reasonTarget, reasonArguments, reasonAudience, reasonPrincipal,
}

// ringKey is what a codec keeps of one key of its ring.
type ringKey struct {
	id          [keyIDSize]byte
	siv         *keyedMAC    // the PRF of an s3 token's siv
	ctr         cipher.Block // AES-256 under the key of an s3 token's counter mode
	tokenKeysV2 *keyedMAC    // draws each s2 token's AES key from its salt
	tokenKeysV1 *keyedMAC    // the same for s1 tokens
	principalV1 []byte       // HMAC key of an s1 token's principal digest
}

// A keyedMAC is HMAC-SHA256 under one key, its keyed states pooled: a
// state reset after use restores the key's precomputed pads instead of
// hashing them again.
type keyedMAC struct{ pool sync.Pool }

func newKeyedMAC(key []byte) *keyedMAC {
	return &keyedMAC{pool: sync.Pool{New: func() any { return hmac.New(sha256.New, key) }}}
}

// sum returns the HMAC of the concatenation of parts.
func (m *keyedMAC) sum(parts ...[]byte) [sha256.Size]byte {
	mac := m.pool.Get().(hash.Hash)
	mac.Reset()
	for _, p := range parts {
		mac.Write(p)
	}
	var out [sha256.Size]byte
	mac.Sum(out[:0])
	m.pool.Put(mac)
	return out
}

func deriveRingKey(secret []byte) (ringKey, error) {
	var k ringKey
	id, err := hkdf.Key(sha256.New, secret, nil, infoKeyID, keyIDSize)
	if err != nil {
		return k, err
	}
	copy(k.id[:], id)
	var keys [4][]byte
	for i, info := range [...]string{infoSIV, infoCTR, infoTokenKeysV2, infoTokenKeysV1} {
		if keys[i], err = hkdf.Key(sha256.New, secret, nil, info, 32); err != nil {
			return k, err
		}
	}
	if k.ctr, err = aes.NewCipher(keys[1]); err != nil {
		return k, err
	}
	k.siv, k.tokenKeysV2, k.tokenKeysV1 = newKeyedMAC(keys[0]), newKeyedMAC(keys[2]), newKeyedMAC(keys[3])
	k.principalV1, err = hkdf.Key(sha256.New, secret, nil, infoPrincipalV1, 32)
	return k, err
}

// siv returns the siv of an s3 token under ring key k: the first sivSize
// bytes of the HMAC of its kid, the claims (preceded by their lengths, as
// additionalData writes them) and its plaintext.
func (c *Codec) siv(k *ringKey, kid []byte, cl Claims, plain []byte) [sivSize]byte {
	claims := c.additionalData(kid, cl)
	sum := k.siv.sum(*claims, plain)
	aadPool.Put(claims)
	return [sivSize]byte(sum[:sivSize])
}

// tokenAEAD returns the cipher of the s2 or s1 token with this salt under
// the token keys tokenKeys. HMAC-SHA256 is the PRF here, as in HKDF-Expand; its
// 32-byte output is the AES-256 key.
func tokenAEAD(tokenKeys *keyedMAC, salt []byte) cipher.AEAD {
	key := tokenKeys.sum(salt)
	block, err := aes.NewCipher(key[:])
	if err != nil {
		panic(err) // unreachable: the key is always 32 bytes
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err) // unreachable: AES has a 16-byte block
	}
	return aead
}

// xorCounterStream XORs src with the counter-mode key stream of block from
// the initial counter block iv (incremented as one 128-bit big-endian
// number, as cipher.NewCTR does) into dst, which is src or does not
// overlap it. Most tokens are a few blocks long: for them it encrypts one
// counter block at a time, without the 512-byte buffer that a stream of
// cipher.NewCTR allocates; a longer token takes that stream, which
// encrypts several blocks at once.
func xorCounterStream(block cipher.Block, iv, dst, src []byte) {
	if len(src) > counterLoopBytes {
		cipher.NewCTR(block, iv).XORKeyStream(dst, src)
		return
	}
	// One allocation for both blocks: they escape through the interface.
	buf := new([2 * aes.BlockSize]byte)
	counter, stream := buf[:aes.BlockSize], buf[aes.BlockSize:]
	copy(counter, iv)
	for len(src) > 0 {
		block.Encrypt(stream, counter)
		n := subtle.XORBytes(dst, src, stream)
		dst, src = dst[n:], src[n:]
		for i := len(counter) - 1; i >= 0; i-- {
			if counter[i]++; counter[i] != 0 {
				break
			}
		}
	}
}

// counterLoopBytes is the longest plaintext that xorCounterStream
// encrypts a block at a time: past about eight blocks, cipher.NewCTR's
// batched stream costs less than its allocation saves.
const counterLoopBytes = 8 * aes.BlockSize

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

// aadPool holds the buffers additionalData builds the claims' encoding in.
var aadPool = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledAAD bounds the buffers kept in aadPool, so that one call with
// large arguments does not pin its buffer.
const maxPooledAAD = 4 << 10

// additionalData returns what an s3 token's siv and an s2 token's
// additional data cover before the plaintext, for this header (an s3
// token's kid, an s2 token's kid and salt) and these claims: the header,
// then each claim preceded by its length. The buffer comes from aadPool;
// give it back when done.
func (c *Codec) additionalData(header []byte, cl Claims) *[]byte {
	buf := aadPool.Get().(*[]byte)
	if cap(*buf) > maxPooledAAD {
		*buf = nil
	}
	b := append((*buf)[:0], header...)
	for _, field := range [...]string{cl.Method, cl.Target, string(cl.Arguments), c.audience, cl.Principal} {
		b = binary.AppendUvarint(b, uint64(len(field)))
		b = append(b, field...)
	}
	*buf = b
	return buf
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
	// Every prefix is three bytes.
	prefix, encoded := token[:min(len(token), len(tokenPrefix))], token[min(len(token), len(tokenPrefix)):]
	if prefix != tokenPrefix && prefix != tokenPrefixV2 && prefix != tokenPrefixV1 {
		return nil, reasonFormat
	}
	// The decoder skips CR and LF; refusing them keeps one spelling per
	// token. (IndexByte scans a word at a time, ContainsAny a byte.)
	if strings.IndexByte(encoded, '\r') >= 0 || strings.IndexByte(encoded, '\n') >= 0 {
		return nil, reasonEncoding
	}
	body, err := tokenEncoding.DecodeString(encoded)
	if err != nil {
		return nil, reasonEncoding
	}
	switch prefix {
	case tokenPrefix:
		if len(body) < minBodySize {
			return nil, reasonTooShort
		}
		return c.openS3(cl, body)
	case tokenPrefixV2:
		if len(body) < minBodySizeV2 {
			return nil, reasonTooShort
		}
		return c.openV2(cl, body)
	}
	if len(body) < minBodySizeV1 {
		return nil, reasonTooShort
	}
	k := c.key(body[:keyIDSize])
	if k == nil {
		return nil, reasonUnknownKey
	}
	return c.openV1(k, cl, body)
}

// openS3 opens the body of an s3 token: under each ring key its kid may
// name, it decrypts the body and accepts it if the siv of what it
// decrypted and the claims is the token's.
func (c *Codec) openS3(cl Claims, body []byte) ([]byte, reason) {
	kid, siv, sealed := body[:kidSize], body[kidSize:headerSize], body[headerSize:]
	why := reasonUnknownKey
	for i := c.nextKey(kid, 0); i >= 0; {
		k := &c.keys[i]
		next := c.nextKey(kid, i+1)
		// The last key to try decrypts in place, one with another after
		// it into a copy, which leaves the ciphertext for the next.
		plain := sealed
		if next >= 0 {
			plain = make([]byte, len(sealed))
		}
		xorCounterStream(k.ctr, siv, plain, sealed)
		if want := c.siv(k, kid, cl, plain); subtle.ConstantTimeCompare(want[:], siv) == 1 {
			if c.expired(plain) {
				return nil, reasonExpired
			}
			return plain[timesSize:], ""
		}
		why, i = reasonClaims, next
	}
	return nil, why
}

// openV2 opens the body of an s2 token, as openS3 does an s3 token's.
func (c *Codec) openV2(cl Claims, body []byte) ([]byte, reason) {
	header, sealed := body[:headerSizeV2], body[headerSizeV2:]
	why := reasonUnknownKey
	for i := c.nextKey(header, 0); i >= 0; {
		k := &c.keys[i]
		next := c.nextKey(header, i+1)
		// GCM clears its output when authentication fails: the last key
		// to try decrypts in place, one with another after it into a copy.
		dst := sealed[:0]
		if next >= 0 {
			dst = nil
		}
		aad := c.additionalData(header, cl)
		plain, err := tokenAEAD(k.tokenKeysV2, header[kidSize:]).Open(dst, zeroNonce[:], sealed, *aad)
		aadPool.Put(aad)
		if err == nil {
			if c.expired(plain) {
				return nil, reasonExpired
			}
			return plain[timesSize:], ""
		}
		why, i = reasonClaims, next
	}
	return nil, why
}

// nextKey returns the index of the first ring key from index from on
// whose id begins with the kid at the head of an s3 or s2 token, or -1.
func (c *Codec) nextKey(header []byte, from int) int {
	for i := from; i < len(c.keys); i++ {
		if string(c.keys[i].id[:kidSize]) == string(header[:kidSize]) {
			return i
		}
	}
	return -1
}

// maxIssued and maxLifetime are the largest times an s3 or s2 token holds, in
// milliseconds.
const (
	maxIssued   = 1<<(8*issuedSize) - 1
	maxLifetime = 1<<(8*lifetimeSize) - 1
)

// putTimes writes the times of an s3 token sealed at now with this TTL
// at the head of its plaintext. A time outside the fields' range is
// clamped so that the token expires no later than the TTL says: issued
// earlier, or a shorter lifetime.
func putTimes(plain []byte, now time.Time, ttl time.Duration) {
	issued := min(max(now.UnixMilli(), 0), maxIssued)
	lifetime := min(ttl.Milliseconds(), maxLifetime)
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(issued))
	copy(plain[:issuedSize], b[8-issuedSize:])
	binary.BigEndian.PutUint32(plain[issuedSize:], uint32(lifetime))
}

// expired reports whether the times at the head of an s3 or s2 plaintext say
// the token has expired, by its own expiry or by this codec's TTL.
func (c *Codec) expired(plain []byte) bool {
	var b [8]byte
	copy(b[8-issuedSize:], plain[:issuedSize])
	issued := time.UnixMilli(int64(binary.BigEndian.Uint64(b[:])))
	lifetime := time.Duration(binary.BigEndian.Uint32(plain[issuedSize:])) * time.Millisecond
	age := c.now().Sub(issued)
	return age >= lifetime || age >= c.ttl
}

// expiredV1 is expired for the times of an s1 plaintext: Unix nanoseconds
// of issue and of expiry.
func (c *Codec) expiredV1(plain []byte) bool {
	issued := int64(binary.BigEndian.Uint64(plain[0:]))
	expires := int64(binary.BigEndian.Uint64(plain[8:]))
	now := c.now().UnixNano()
	return now >= expires || now-issued >= int64(c.ttl)
}

// openV1 opens the body of an s1 token, whose claims are digests inside
// the ciphertext, each with its own rejection reason.
func (c *Codec) openV1(k *ringKey, cl Claims, body []byte) ([]byte, reason) {
	header, sealed := body[:headerSizeV1], body[headerSizeV1:]
	plain, err := tokenAEAD(k.tokenKeysV1, header[keyIDSize:]).Open(sealed[:0], zeroNonce[:], sealed, header)
	if err != nil {
		return nil, reasonAuth
	}
	if c.expiredV1(plain) {
		return nil, reasonExpired
	}
	want := c.digestsV1(k, cl)
	for i := range want {
		got := plain[timesSizeV1+i*sha256.Size : timesSizeV1+(i+1)*sha256.Size]
		if subtle.ConstantTimeCompare(got, want[i][:]) != 1 {
			return nil, boundReasonsV1[i]
		}
	}
	return plain[plainHeadV1:], ""
}

// key returns the ring key with this 8-byte id (an s1 token's), or nil.
// Key ids are public, so the lookups need not be constant-time.
func (c *Codec) key(id []byte) *ringKey {
	for i := range c.keys {
		if string(c.keys[i].id[:]) == string(id) {
			return &c.keys[i]
		}
	}
	return nil
}

// digestsV1 returns the digests an s1 token binds for these claims under
// ring key k, in the order of boundReasonsV1.
func (c *Codec) digestsV1(k *ringKey, cl Claims) [boundFieldsV1][sha256.Size]byte {
	mac := hmac.New(sha256.New, k.principalV1)
	mac.Write([]byte(cl.Principal))
	return [boundFieldsV1][sha256.Size]byte{
		sha256.Sum256([]byte(cl.Method)),
		sha256.Sum256([]byte(cl.Target)),
		sha256.Sum256(cl.Arguments),
		c.audienceHash,
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
