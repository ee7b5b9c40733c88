package sealcore

import (
	"crypto/rand"
	"testing"
)

// The previous build sealed s2 tokens (AES-256-GCM under a key drawn from
// a random salt). This build opens them and seals s3, so that replicas of
// both builds serve the rounds of one call during a rolling deploy. sealV2
// seals an s2 token as the previous build's Codec.Seal did, for the tests
// that run on both formats (sealers); TestEarlierSealersMatchTheirBuilds
// holds it to tokens that build sealed.
func sealV2(t testing.TB, c *Codec, cl Claims, payload []byte) string {
	t.Helper()
	k := &c.keys[0]
	body := make([]byte, minBodySizeV2+len(payload))
	header := body[:headerSizeV2]
	copy(header, k.id[:kidSize])
	rand.Read(header[kidSize:])
	plain := body[headerSizeV2 : len(body)-gcmTagSize]
	putTimes(plain, c.now(), c.ttl)
	copy(plain[timesSize:], payload)
	aad := c.additionalData(header, cl)
	tokenAEAD(k.tokenKeysV2, header[kidSize:]).Seal(plain[:0], zeroNonce[:], plain, *aad)
	aadPool.Put(aad)
	return tokenPrefixV2 + tokenEncoding.EncodeToString(body)
}

// previousBuildV2Tokens are s2 tokens of the previous build.
var previousBuildV2Tokens = []builtToken{
	{testClaims, `{"v":1}`, "s2.XknQOWrmeD9PvekbbriLc6SO0kfb5YguJXloNBc8yRU_sE-U_x-wiiDnDH5I29A7Og2LODc2mt5QXGq1aA"},
	{Claims{}, "", "s2.XknQOWrmeD9PvekbbriLc6SO0kfb5YguJXloNBc8yRU_sE-U_x_vPmY4l7WVc1RospVPKQfG"},
}

// TestEarlierS2LayoutDoesNotOpen: tokens that unreleased builds sealed as
// s2 (fuzzCodec, testClaims, payload {"v":1}), with 16 bytes of times and
// with 8-byte key ids, fail to open, instead of opening misread.
func TestEarlierS2LayoutDoesNotOpen(t *testing.T) {
	for layout, token := range map[string]string{
		"16 bytes of times": "s2.XknQOTd09TZq5ng_T73pG264i3OkjtJH2-WILiV5aDTuckslj8bJVPFTX5RnjXRXVNFi1F0sOj5DzSkov1y_nYStG4qHbWI",
		"8-byte key id":     "s2.XknQOTd09TZq5ng_T73pG264i3OkjtJH2-WILiV5aDT0iKERrqIJ1n1PTNBZE0WA_TcVI5MV2cisxTUqBayWgxE",
	} {
		t.Run(layout, func(t *testing.T) { wantRejected(t, fuzzCodec(t), testClaims, token, reasonClaims) })
	}
}
