package sealcore

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"hash"
	"sync"
)

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
