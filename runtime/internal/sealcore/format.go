package sealcore

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"sync"
	"time"
)

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

// tokenLen is the length of the token that seals a payload of n bytes.
func tokenLen(n int) int {
	return len(tokenPrefix) + tokenEncoding.EncodedLen(minBodySize+n)
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
