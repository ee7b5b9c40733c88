package sealcore

import (
	"crypto/rand"
	"testing"
	"testing/cryptotest"
	"time"
)

// The previous build sealed s2 tokens (AES-256-GCM under a key drawn from
// a random salt). This build opens them and seals s3, so that replicas of
// both builds serve the rounds of one call during a rolling deploy. sealV2
// seals an s2 token as the previous build's Codec.Seal did, for the tests
// that run on both formats (sealers); TestSealV2MatchesPreviousBuild holds
// it to tokens that build sealed.
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

// previousBuildV2Tokens were sealed by the previous build's Codec.Seal, on
// fuzzCodec, with crypto/rand seeded by cryptotest.SetGlobalRandom(t, 1).
var previousBuildV2Tokens = []struct {
	claims  Claims
	payload string
	token   string
}{
	{testClaims, `{"v":1}`, "s2.XknQOWrmeD9PvekbbriLc6SO0kfb5YguJXloNBc8yRU_sE-U_x-wiiDnDH5I29A7Og2LODc2mt5QXGq1aA"},
	{Claims{}, "", "s2.XknQOWrmeD9PvekbbriLc6SO0kfb5YguJXloNBc8yRU_sE-U_x_vPmY4l7WVc1RospVPKQfG"},
}

func TestSealV2MatchesPreviousBuild(t *testing.T) {
	c := fuzzCodec(t)
	for _, tc := range previousBuildV2Tokens {
		cryptotest.SetGlobalRandom(t, 1)
		if got := sealV2(t, c, tc.claims, []byte(tc.payload)); got != tc.token {
			t.Errorf("sealV2(%+v, %q) =\n%s\nthe previous build sealed\n%s", tc.claims, tc.payload, got, tc.token)
		}
	}
}

func TestPreviousBuildV2TokensOpen(t *testing.T) {
	c := fuzzCodec(t)
	for _, tc := range previousBuildV2Tokens {
		got, err := c.Open(tc.claims, tc.token)
		if err != nil || string(got) != tc.payload {
			t.Errorf("Open(%q) = %q, %v; want %q", tc.token, got, err, tc.payload)
		}
	}
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

func TestV2Expiry(t *testing.T) {
	clock := &testClock{testStart}
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}, Now: clock.now})
	token := sealV2(t, c, testClaims, []byte("state"))
	clock.t = testStart.Add(DefaultTTL - time.Nanosecond)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatalf("Open just before the TTL: %v", err)
	}
	clock.t = testStart.Add(DefaultTTL)
	wantRejected(t, c, testClaims, token, reasonExpired)
}
