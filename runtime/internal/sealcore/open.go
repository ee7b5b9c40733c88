package sealcore

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"strings"
)

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
