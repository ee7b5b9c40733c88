package sealcore

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"testing"
	"testing/cryptotest"
	"time"
)

// An earlier build sealed s1 tokens, whose claims are digests inside the
// ciphertext. This build still opens them (and s2) and seals s3. sealV1 seals
// an s1 token as that build's Codec.Seal did, for the tests below;
// TestEarlierSealersMatchTheirBuilds holds it to tokens that build sealed.
func sealV1(t testing.TB, c *Codec, cl Claims, payload []byte) string {
	t.Helper()
	k := &c.keys[0]
	body := make([]byte, minBodySizeV1+len(payload))
	header := body[:headerSizeV1]
	copy(header, k.id[:])
	rand.Read(header[keyIDSize:])
	plain := body[headerSizeV1 : len(body)-gcmTagSize]
	now := c.now()
	binary.BigEndian.PutUint64(plain[0:], uint64(now.UnixNano()))
	binary.BigEndian.PutUint64(plain[8:], uint64(now.Add(c.ttl).UnixNano()))
	bound := c.digestsV1(k, cl)
	for i := range bound {
		copy(plain[timesSizeV1+i*sha256.Size:], bound[i][:])
	}
	copy(plain[plainHeadV1:], payload)
	tokenAEAD(k.tokenKeysV1, header[keyIDSize:]).Seal(plain[:0], zeroNonce[:], plain, header)
	return tokenPrefixV1 + tokenEncoding.EncodeToString(body)
}

// A builtToken is a token an earlier build sealed, on fuzzCodec, with
// crypto/rand seeded by cryptotest.SetGlobalRandom(t, 1).
type builtToken struct {
	claims  Claims
	payload string
	token   string
}

// previousBuildTokens are s1 tokens of the build that sealed s1.
var previousBuildTokens = []builtToken{
	{testClaims, `{"v":1}`, "s1.XknQOTd09TZq5ng_T73pG264i3OkjtJH2-WILiV5aDTS4wczAr-PGZEeiL643j_5v8qTuGu2Pzz9gMFuWSmXyBUCUSyBmJm7GKPgRPIJqVke9rNtbL01Q1iv5w3aYWgXZTRs3FITgzgR8Bcq-Am3Ln92UfZvM9DI9GHo0RrMQQRHskZ3W1ATyeezpAF78U5BFILWwLFAQLl0NXb-0DnCGhzmfUMNaaEo9BrYuqhJqMw5N2mQJW2u8u7yUfz8a57ZxkVzLRJpt5S8VNP2aAx8H_g8JUrtAm0aEIgkkSrWuqUYnbNdDh30"},
	{Claims{}, "", "s1.XknQOTd09TZq5ng_T73pG264i3OkjtJH2-WILiV5aDTS4wczAr-PGZEeiL643j_5nRv7mIHZ3FAnew7SjTQ98kPTUjdtMyBAcv3cLJbuYMZK-yLu7zkyWw4XuasU9wvsRPrE6eJqbn3Mi82Vh49b1Yb80LL2ARuA8_4KNATliwshZUlGIosOHh0TkHufYPplFILWwLFAQLl0NXb-0DnCGhzmfUMNaaEo9BrYuqhJqMzgEcbXj97CzaAE7YzwHuo7W-rDZwQhBMxG7TsKv6ABs2-ZHbY8qn4hRJlqV0r_-w8"},
}

// TestEarlierSealersMatchTheirBuilds holds the tests' sealers of the
// earlier formats to tokens the builds that sealed them made.
func TestEarlierSealersMatchTheirBuilds(t *testing.T) {
	c := fuzzCodec(t)
	for _, f := range earlierBuilds {
		for _, tc := range f.tokens {
			cryptotest.SetGlobalRandom(t, 1)
			if got := f.seal(t, c, tc.claims, []byte(tc.payload)); got != tc.token {
				t.Errorf("%s sealer(%+v, %q) =\n%s\nthe earlier build sealed\n%s", f.format, tc.claims, tc.payload, got, tc.token)
			}
		}
	}
}

func TestEarlierBuildsTokensOpen(t *testing.T) {
	c := fuzzCodec(t)
	for _, f := range earlierBuilds {
		for _, tc := range f.tokens {
			got, err := c.Open(tc.claims, tc.token)
			if err != nil || string(got) != tc.payload {
				t.Errorf("Open(%q) = %q, %v; want %q", tc.token, got, err, tc.payload)
			}
		}
	}
}

// earlierBuilds are the formats of earlier builds that this one opens, with
// the tests' sealers of them and tokens those builds sealed.
var earlierBuilds = []struct {
	sealer
	tokens []builtToken
}{
	{sealer{tokenPrefixV1, sealV1}, previousBuildTokens},
	{sealer{tokenPrefixV2, sealV2}, previousBuildV2Tokens},
}

func TestV1ClaimsBound(t *testing.T) {
	keys := [][]byte{testKey("A")}
	c := newTestCodec(t, Options{Keys: keys, Audience: "srv"})
	token := sealV1(t, c, testClaims, []byte("state"))
	for _, tc := range claimChanges(t, keys) {
		t.Run(tc.name, func(t *testing.T) {
			want, ok := v1Reasons[tc.claim]
			if !ok {
				t.Fatalf("no s1 reason for a change of %s", tc.claim)
			}
			codec := c
			if tc.codec != nil {
				codec = tc.codec
			}
			wantRejected(t, codec, tc.claims, token, want)
		})
	}
	if got, err := c.Open(testClaims, token); err != nil || string(got) != "state" {
		t.Errorf("Open with the sealing claims = %q, %v", got, err)
	}
}

// v1Reasons are an s1 token's rejection reasons for a change of each claim.
var v1Reasons = map[string]reason{
	"method": reasonMethod, "target": reasonTarget, "arguments": reasonArguments,
	"principal": reasonPrincipal, "audience": reasonAudience,
}

func TestV1TruncatedAndShortRejected(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	token := sealV1(t, c, testClaims, []byte(`{"step":2}`))
	for n := range len(token) {
		wantRejected(t, c, testClaims, token[:n], "")
	}
	// Long enough for an s3 body, too short for an s1 one.
	short := tokenPrefixV1 + tokenEncoding.EncodeToString(make([]byte, minBodySize))
	wantRejected(t, c, testClaims, short, reasonTooShort)
}

func TestV1Expiry(t *testing.T) {
	clock := &testClock{testStart}
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}, Now: clock.now})
	token := sealV1(t, c, testClaims, []byte("state"))
	clock.t = testStart.Add(DefaultTTL - time.Nanosecond)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatalf("Open just before the TTL: %v", err)
	}
	clock.t = testStart.Add(DefaultTTL)
	wantRejected(t, c, testClaims, token, reasonExpired)
}

// TestV1PrincipalDigestIsKeyed checks that an s1 token's principal digest
// depends on the ring key, so that it cannot be matched against guessed
// user ids without the key.
func TestV1PrincipalDigestIsKeyed(t *testing.T) {
	a := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	b := newTestCodec(t, Options{Keys: [][]byte{testKey("B")}})
	da := a.digestsV1(&a.keys[0], testClaims)[4]
	db := b.digestsV1(&b.keys[0], testClaims)[4]
	if da == db {
		t.Error("the principal digest is the same under two keys")
	}
	if da == sha256.Sum256([]byte(testClaims.Principal)) {
		t.Error("the principal digest is a plain SHA-256")
	}
}

// TestFormatsDeriveUnrelatedKeys checks that the body of a token of one
// format presented as another's does not open, even for claims whose
// encodings could resemble each other.
func TestFormatsDeriveUnrelatedKeys(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	long := bytes.Repeat([]byte("s"), minBodySizeV1) // long enough to be tried as s1
	for _, cl := range []Claims{testClaims, {}} {
		v1 := sealV1(t, c, cl, []byte("state"))
		v2 := sealV2(t, c, cl, long)
		v3 := mustSeal(t, c, cl, long)
		for _, tc := range []struct {
			token string
			want  reason
		}{
			{tokenPrefix + v1[len(tokenPrefixV1):], reasonClaims},
			{tokenPrefixV2 + v1[len(tokenPrefixV1):], reasonClaims},
			{tokenPrefix + v2[len(tokenPrefixV2):], reasonClaims},
			{tokenPrefixV2 + v3[len(tokenPrefix):], reasonClaims},
			// An s2 or s3 body presented as s1: its 4-byte kid and what
			// follows are no 8-byte key id of the ring.
			{tokenPrefixV1 + v2[len(tokenPrefixV2):], reasonUnknownKey},
			{tokenPrefixV1 + v3[len(tokenPrefix):], reasonUnknownKey},
		} {
			wantRejected(t, c, cl, tc.token, tc.want)
		}
	}
	k := c.keys[0]
	if salt := []byte("salt"); k.tokenKeysV2.sum(salt) == k.tokenKeysV1.sum(salt) || k.siv.sum(salt) == k.tokenKeysV2.sum(salt) {
		t.Error("two formats draw the same keys")
	}
}
