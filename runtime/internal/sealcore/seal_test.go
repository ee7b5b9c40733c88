package sealcore

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// testKey returns a fixed 32-byte key, different for each name.
func testKey(name string) []byte {
	k := sha256.Sum256([]byte("seal test key " + name))
	return k[:]
}

// testClock is a settable Options.Now.
type testClock struct{ t time.Time }

func (c *testClock) now() time.Time { return c.t }

var testStart = time.Date(2026, 7, 28, 12, 0, 0, 0, time.UTC)

var testClaims = Claims{
	Method:    "tools/call",
	Target:    "deploy",
	Arguments: []byte(`{"region":"eu","service":"billing"}`),
	Principal: "user-42",
}

// newTestCodec returns a codec on opts, with a discarding logger unless
// opts sets one.
func newTestCodec(t testing.TB, opts Options) *Codec {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	c, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func mustSeal(t testing.TB, c *Codec, cl Claims, payload []byte) string {
	t.Helper()
	token, err := c.Seal(cl, payload)
	if err != nil {
		t.Fatal(err)
	}
	return token
}

// reasonOf returns the rejection reason of an Open error, failing the test
// if the error does not wrap ErrInvalid.
func reasonOf(t testing.TB, err error) reason {
	t.Helper()
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("error %v does not wrap ErrInvalid", err)
	}
	var inv *invalidError
	if !errors.As(err, &inv) {
		t.Fatalf("error %v is not an *invalidError", err)
	}
	return inv.reason
}

// wantRejected checks that Open rejects token for cl with the reason want,
// or with any reason if want is "".
func wantRejected(t testing.TB, c *Codec, cl Claims, token string, want reason) {
	t.Helper()
	payload, err := c.Open(cl, token)
	if err == nil {
		t.Fatalf("Open(%q) = %q, want an error", token, payload)
	}
	if got := reasonOf(t, err); want != "" && got != want {
		t.Fatalf("Open(%q): reason %q, want %q", token, got, want)
	}
}

func TestRoundTrip(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}, Audience: "srv"})
	payloads := [][]byte{
		{},
		[]byte(`{"v":1}`),
		bytes.Repeat([]byte{0, 0xff, '.', '\n'}, 256),
	}
	for _, cl := range []Claims{testClaims, {}} {
		for _, payload := range payloads {
			token := mustSeal(t, c, cl, payload)
			if !strings.HasPrefix(token, tokenPrefix) {
				t.Errorf("token %q lacks the prefix %q", token, tokenPrefix)
			}
			if strings.ContainsFunc(token[len(tokenPrefix):], func(r rune) bool {
				return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '-' || r == '_')
			}) {
				t.Errorf("token %q has characters outside unpadded base64url", token)
			}
			got, err := c.Open(cl, token)
			if err != nil {
				t.Fatalf("Open: %v", err)
			}
			if !bytes.Equal(got, payload) {
				t.Errorf("Open = %q, want %q", got, payload)
			}
		}
	}
}

// TestSealIsDeterministic: an s3 token depends on nothing but the key, the
// claims, the payload and the millisecond of issue, and a change to any of
// them changes its siv, so that no two distinct plaintexts share a counter
// stream.
func TestSealIsDeterministic(t *testing.T) {
	clock := &testClock{testStart}
	keys := [][]byte{testKey("A")}
	c := newTestCodec(t, Options{Keys: keys, Audience: "srv", Now: clock.now})
	token := mustSeal(t, c, testClaims, []byte("x"))
	if again := mustSeal(t, c, testClaims, []byte("x")); again != token {
		t.Errorf("two seals of one input differ:\n%s\n%s", token, again)
	}
	sivOf := func(token string) string {
		body, err := tokenEncoding.DecodeString(token[len(tokenPrefix):])
		if err != nil {
			t.Fatal(err)
		}
		return string(body[kidSize:headerSize])
	}
	sivs := map[string]string{sivOf(token): "the original"}
	seen := func(name, token string) {
		t.Helper()
		siv := sivOf(token)
		if other, ok := sivs[siv]; ok {
			t.Errorf("%s shares its siv with %s", name, other)
		}
		sivs[siv] = name
	}
	for _, tc := range claimChanges(t, keys) {
		codec := c
		if tc.codec != nil {
			codec = newTestCodec(t, Options{Keys: keys, Audience: tc.codec.audience, Now: clock.now})
		}
		seen("other "+tc.name, mustSeal(t, codec, tc.claims, []byte("x")))
	}
	seen("another payload", mustSeal(t, c, testClaims, []byte("y")))
	seen("another key", mustSeal(t, newTestCodec(t, Options{Keys: [][]byte{testKey("B")}, Audience: "srv", Now: clock.now}), testClaims, []byte("x")))
	clock.t = testStart.Add(time.Millisecond)
	seen("a millisecond later", mustSeal(t, c, testClaims, []byte("x")))
}

// TestSIVConstruction computes an s3 token's siv and ciphertext as the
// format's doc says, from the standard library's primitives, and compares:
// HKDF-SHA256 keys, HMAC-SHA256 over the kid, the length-prefixed claims
// and the plaintext, AES-256-CTR from the siv.
func TestSIVConstruction(t *testing.T) {
	// Plaintexts of every length around the counter loop's limit, where
	// xorCounterStream changes from one block at a time to cipher.NewCTR,
	// and across a carry out of the counter's low bytes.
	for n := range counterLoopBytes + 2*aes.BlockSize {
		checkSIVConstruction(t, bytes.Repeat([]byte{'p'}, n))
	}
}

func checkSIVConstruction(t *testing.T, payload []byte) {
	t.Helper()
	clock := &testClock{testStart}
	secret := testKey("A")
	c := newTestCodec(t, Options{Keys: [][]byte{secret}, Audience: "srv", Now: clock.now})
	body, err := tokenEncoding.DecodeString(mustSeal(t, c, testClaims, payload)[len(tokenPrefix):])
	if err != nil {
		t.Fatal(err)
	}
	derive := func(info string, n int) []byte {
		k, err := hkdf.Key(sha256.New, secret, nil, info, n)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	kid := derive("mcplint/seal v1 key id", 8)[:4]
	plain := binary.BigEndian.AppendUint64(nil, uint64(testStart.UnixMilli()))[2:]
	plain = binary.BigEndian.AppendUint32(plain, uint32(DefaultTTL.Milliseconds()))
	plain = append(plain, payload...)
	mac := hmac.New(sha256.New, derive("mcplint/seal s3 siv", 32))
	mac.Write(kid)
	for _, claim := range []string{testClaims.Method, testClaims.Target, string(testClaims.Arguments), "srv", testClaims.Principal} {
		mac.Write(binary.AppendUvarint(nil, uint64(len(claim))))
		mac.Write([]byte(claim))
	}
	mac.Write(plain)
	siv := mac.Sum(nil)[:16]
	block, err := aes.NewCipher(derive("mcplint/seal s3 ctr", 32))
	if err != nil {
		t.Fatal(err)
	}
	sealed := make([]byte, len(plain))
	cipher.NewCTR(block, siv).XORKeyStream(sealed, plain)
	if want := slices.Concat(kid, siv, sealed); !bytes.Equal(body, want) {
		t.Errorf("token body of a %d-byte payload\n%x\nwant\n%x", len(payload), body, want)
	}
}

// TestCounterStreamCarries checks xorCounterStream against cipher.NewCTR
// from counter blocks whose low bytes are about to wrap, on both of its
// paths: the carry must reach the higher bytes as NewCTR's does.
func TestCounterStreamCarries(t *testing.T) {
	block, err := aes.NewCipher(testKey("A"))
	if err != nil {
		t.Fatal(err)
	}
	for _, iv := range [][]byte{
		bytes.Repeat([]byte{0xff}, 16),
		append(bytes.Repeat([]byte{0}, 8), bytes.Repeat([]byte{0xff}, 8)...),
		append(bytes.Repeat([]byte{7}, 14), 0xff, 0xfe),
	} {
		for _, n := range []int{1, 3 * aes.BlockSize, counterLoopBytes, counterLoopBytes + 1, 40 * aes.BlockSize} {
			src := bytes.Repeat([]byte{0x5a}, n)
			got, want := make([]byte, n), make([]byte, n)
			xorCounterStream(block, iv, got, src)
			cipher.NewCTR(block, iv).XORKeyStream(want, src)
			if !bytes.Equal(got, want) {
				t.Errorf("iv %x, %d bytes: stream differs from cipher.NewCTR's", iv, n)
			}
		}
	}
}

func TestPayloadIsNotReadable(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	secret := []byte("the-secret-plan-the-secret-plan")
	token := mustSeal(t, c, testClaims, secret)
	body, err := tokenEncoding.DecodeString(token[len(tokenPrefix):])
	if err != nil {
		t.Fatal(err)
	}
	for _, plain := range [][]byte{secret, []byte(testClaims.Principal), []byte(testClaims.Target)} {
		if bytes.Contains(body, plain) {
			t.Errorf("token body contains %q in the clear", plain)
		}
	}
}

// tamperPayloads have lengths of every residue modulo 3, so that the last
// character of some token carries unused bits, which a lenient decoder
// would ignore.
var tamperPayloads = []string{`{"step":2}`, `{"step":20}`, `{"step":200}`}

func TestChangedCharacterRejected(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	replacements := []byte("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=. \n\r\x00\xff")
	for _, payload := range tamperPayloads {
		token := mustSeal(t, c, testClaims, []byte(payload))
		for i := range len(token) {
			for _, b := range replacements {
				if b == token[i] {
					continue
				}
				changed := token[:i] + string([]byte{b}) + token[i+1:]
				wantRejected(t, c, testClaims, changed, "")
			}
		}
	}
}

// A sealer seals tokens of one format that this build opens.
type sealer struct {
	format string
	seal   func(testing.TB, *Codec, Claims, []byte) string
}

// sealers are this build's Seal (s3) and the previous build's (s2), for
// the tests that hold for both.
var sealers = []sealer{{tokenPrefix, mustSeal}, {tokenPrefixV2, sealV2}}

// TestChangedBodyBitRejected flips every bit of the decoded token of each
// format and re-encodes it, so that each change gets past the encoding and
// must be caught by the key lookup or the tag.
func TestChangedBodyBitRejected(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	formats := []struct {
		sealer
		kid      int    // the bytes that name the key
		tampered reason // the reason for any other byte
	}{
		{sealers[0], kidSize, reasonClaims},
		{sealers[1], kidSize, reasonClaims},
		{sealer{tokenPrefixV1, sealV1}, keyIDSize, reasonAuth},
	}
	for _, f := range formats {
		token := f.seal(t, c, testClaims, []byte(`{"step":2}`))
		body, err := tokenEncoding.DecodeString(token[len(f.format):])
		if err != nil {
			t.Fatal(err)
		}
		for i := range body {
			for bit := range 8 {
				changed := bytes.Clone(body)
				changed[i] ^= 1 << bit
				want := f.tampered
				if i < f.kid {
					want = reasonUnknownKey
				}
				wantRejected(t, c, testClaims, f.format+tokenEncoding.EncodeToString(changed), want)
			}
		}
	}
}

func TestTruncatedTokenRejected(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	for _, payload := range tamperPayloads {
		token := mustSeal(t, c, testClaims, []byte(payload))
		for n := range len(token) {
			wantRejected(t, c, testClaims, token[:n], "")
		}
	}
}

func TestExtendedTokenRejected(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	for _, payload := range tamperPayloads {
		token := mustSeal(t, c, testClaims, []byte(payload))
		for _, suffix := range []string{"A", "AA", "AAA", "AAAA", "=", "==", "\n", "\r\n", " ", ".", ".AAAA", "\x00"} {
			wantRejected(t, c, testClaims, token+suffix, "")
		}
		for _, prefix := range []string{" ", "\n", "s1.", "s2.", "A"} {
			wantRejected(t, c, testClaims, prefix+token, "")
		}
	}
}

func TestMalformedTokenReasons(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	for _, tc := range []struct {
		token string
		want  reason
	}{
		{"", reasonFormat},
		{"p1.e30", reasonFormat},
		{"S1.AAAA", reasonFormat},
		{"s1.!!!!", reasonEncoding},
		{"s1.AAAA\nAAAA", reasonEncoding},
		{"s1.AAAA", reasonTooShort},
		{"s1.", reasonTooShort},
		{"s2.!!!!", reasonEncoding},
		{"s2.AAAA\nAAAA", reasonEncoding},
		{"s2.AAAA", reasonTooShort},
		{"s2.", reasonTooShort},
		{"s3.!!!!", reasonEncoding},
		{"s3.AAAA\nAAAA", reasonEncoding},
		{"s3.AAAA", reasonTooShort},
		{"s3.", reasonTooShort},
		{"s4.AAAA", reasonFormat},
		{"s3", reasonFormat},
	} {
		wantRejected(t, c, testClaims, tc.token, tc.want)
	}
}

// A claimChange is a presentation of testClaims, sealed on a codec with
// keys and audience "srv", with one claim changed: through claims, or
// through codec's audience (nil means the sealing codec).
type claimChange struct {
	name   string
	claim  string // the claim that differs
	claims Claims
	codec  *Codec
}

func claimChanges(t testing.TB, keys [][]byte) []claimChange {
	other := func(change func(*Claims)) Claims {
		cl := testClaims
		change(&cl)
		return cl
	}
	return []claimChange{
		{"method", "method", other(func(cl *Claims) { cl.Method = "prompts/get" }), nil},
		{"no method", "method", other(func(cl *Claims) { cl.Method = "" }), nil},
		{"target", "target", other(func(cl *Claims) { cl.Target = "destroy" }), nil},
		{"arguments", "arguments", other(func(cl *Claims) { cl.Arguments = []byte(`{"region":"us","service":"billing"}`) }), nil},
		{"arguments respelled", "arguments", other(func(cl *Claims) { cl.Arguments = []byte(`{"service":"billing","region":"eu"}`) }), nil},
		{"no arguments", "arguments", other(func(cl *Claims) { cl.Arguments = nil }), nil},
		{"principal", "principal", other(func(cl *Claims) { cl.Principal = "user-43" }), nil},
		{"no principal", "principal", other(func(cl *Claims) { cl.Principal = "" }), nil},
		// The same bytes, split differently between two claims: the
		// lengths that precede the claims tell them apart.
		{"method and target shifted", "method", other(func(cl *Claims) { cl.Method, cl.Target = "tools/calld", "eploy" }), nil},
		{"target and arguments shifted", "target", other(func(cl *Claims) {
			cl.Target, cl.Arguments = "deploy{", []byte(`"region":"eu","service":"billing"}`)
		}), nil},
		{"audience", "audience", testClaims, newTestCodec(t, Options{Keys: keys, Audience: "other"})},
		{"no audience", "audience", testClaims, newTestCodec(t, Options{Keys: keys})},
	}
}

// TestClaimsBound changes each claim in turn: an s3 or s2 token opens for
// none of them, with the one reason its tag can give.
func TestClaimsBound(t *testing.T) {
	keys := [][]byte{testKey("A")}
	c := newTestCodec(t, Options{Keys: keys, Audience: "srv"})
	for _, s := range sealers {
		token := s.seal(t, c, testClaims, []byte("state"))
		for _, tc := range claimChanges(t, keys) {
			t.Run(s.format+tc.name, func(t *testing.T) {
				codec := c
				if tc.codec != nil {
					codec = tc.codec
				}
				wantRejected(t, codec, tc.claims, token, reasonClaims)
			})
		}
		if got, err := c.Open(testClaims, token); err != nil || string(got) != "state" {
			t.Errorf("Open with the sealing claims = %q, %v", got, err)
		}
	}
}

func TestWrongKeyRejected(t *testing.T) {
	a := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	b := newTestCodec(t, Options{Keys: [][]byte{testKey("B")}})
	token := mustSeal(t, a, testClaims, []byte("state"))
	wantRejected(t, b, testClaims, token, reasonUnknownKey)

	// A different key under A's id, as a forger who guessed the id would
	// have, fails authentication.
	forged := newTestCodec(t, Options{Keys: [][]byte{testKey("B")}})
	forged.keys[0].id = a.keys[0].id
	wantRejected(t, forged, testClaims, token, reasonClaims)
}

func TestExpiry(t *testing.T) {
	for _, s := range sealers {
		t.Run(s.format, func(t *testing.T) { checkExpiry(t, s) })
	}
}

// checkExpiry checks the expiry of tokens that s seals: s3 and s2 tokens
// carry the same times.
func checkExpiry(t *testing.T, s sealer) {
	clock := &testClock{testStart}
	keys := [][]byte{testKey("A")}
	c := newTestCodec(t, Options{Keys: keys, Now: clock.now})
	token := s.seal(t, c, testClaims, []byte("state"))

	clock.t = testStart.Add(DefaultTTL - time.Nanosecond)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatalf("Open just before the TTL: %v", err)
	}
	clock.t = testStart.Add(DefaultTTL)
	wantRejected(t, c, testClaims, token, reasonExpired)

	// A codec with a shorter TTL refuses a token older than that TTL,
	// although the token's own expiry has not come.
	short := newTestCodec(t, Options{Keys: keys, Now: clock.now, TTL: time.Minute})
	clock.t = testStart.Add(time.Minute - time.Nanosecond)
	if _, err := short.Open(testClaims, token); err != nil {
		t.Fatalf("Open on a shorter TTL, within it: %v", err)
	}
	clock.t = testStart.Add(time.Minute)
	wantRejected(t, short, testClaims, token, reasonExpired)

	// A token carries its own expiry: a codec with a longer TTL refuses a
	// token once the sealer's TTL has passed.
	brief := newTestCodec(t, Options{Keys: keys, Now: clock.now, TTL: time.Minute})
	clock.t = testStart
	briefToken := s.seal(t, brief, testClaims, []byte("state"))
	clock.t = testStart.Add(time.Minute - time.Nanosecond)
	if _, err := c.Open(testClaims, briefToken); err != nil {
		t.Fatalf("Open of a one-minute token within its minute: %v", err)
	}
	clock.t = testStart.Add(time.Minute)
	wantRejected(t, c, testClaims, briefToken, reasonExpired)

	// A replica whose clock is behind the sealer's still opens the token.
	clock.t = testStart.Add(-time.Second)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatalf("Open on a clock one second behind: %v", err)
	}
}

func TestCustomTTL(t *testing.T) {
	clock := &testClock{testStart}
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}, Now: clock.now, TTL: 30 * time.Second})
	token := mustSeal(t, c, testClaims, nil)
	clock.t = testStart.Add(29 * time.Second)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatalf("Open within the TTL: %v", err)
	}
	clock.t = testStart.Add(30 * time.Second)
	wantRejected(t, c, testClaims, token, reasonExpired)
}

// TestReplicasShareRing checks that replicas built from one ring open each
// other's tokens, so any of them can serve any round of a call.
func TestReplicasShareRing(t *testing.T) {
	opts := Options{Keys: [][]byte{testKey("A"), testKey("B")}, Audience: "srv"}
	one, two := newTestCodec(t, opts), newTestCodec(t, opts)
	if _, err := two.Open(testClaims, mustSeal(t, one, testClaims, []byte("round 1"))); err != nil {
		t.Errorf("replica two opening replica one's token: %v", err)
	}
	if _, err := one.Open(testClaims, mustSeal(t, two, testClaims, []byte("round 2"))); err != nil {
		t.Errorf("replica one opening replica two's token: %v", err)
	}
}

func TestRotation(t *testing.T) {
	a, b := testKey("A"), testKey("B")
	old := newTestCodec(t, Options{Keys: [][]byte{a}})
	overlap := newTestCodec(t, Options{Keys: [][]byte{b, a}})
	done := newTestCodec(t, Options{Keys: [][]byte{b}})

	sealedWithA := mustSeal(t, old, testClaims, []byte("from A"))
	if got, err := overlap.Open(testClaims, sealedWithA); err != nil || string(got) != "from A" {
		t.Fatalf("ring [B, A] opening a token sealed with A = %q, %v", got, err)
	}
	wantRejected(t, done, testClaims, sealedWithA, reasonUnknownKey)

	// The ring's first key seals: [B] opens what [B, A] seals, [A] does not.
	sealedOnOverlap := mustSeal(t, overlap, testClaims, []byte("from B"))
	if _, err := done.Open(testClaims, sealedOnOverlap); err != nil {
		t.Fatalf("ring [B] opening a token sealed by [B, A]: %v", err)
	}
	wantRejected(t, old, testClaims, sealedOnOverlap, reasonUnknownKey)
}

func TestOversizedTokenRejectedBeforeDecoding(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	// Not base64 at all: only the length check can explain "oversized".
	junk := tokenPrefix + strings.Repeat("!", MaxTokenBytes-len(tokenPrefix))
	wantRejected(t, c, testClaims, junk, reasonEncoding)
	wantRejected(t, c, testClaims, junk+"!", reasonOversized)
	wantRejected(t, c, testClaims, strings.Repeat("\x00", 10*MaxTokenBytes), reasonOversized)
}

func TestSealSizeLimit(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	largest := 0
	for tokenLen(largest+1) <= MaxTokenBytes {
		largest++
	}
	token := mustSeal(t, c, testClaims, make([]byte, largest))
	if len(token) > MaxTokenBytes {
		t.Fatalf("token of %d bytes, over MaxTokenBytes", len(token))
	}
	if got, err := c.Open(testClaims, token); err != nil || len(got) != largest {
		t.Fatalf("Open of the largest token = %d bytes, %v", len(got), err)
	}
	if _, err := c.Seal(testClaims, make([]byte, largest+1)); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Seal of %d bytes: err = %v, want one wrapping ErrTooLarge", largest+1, err)
	}
}

func TestTokenLen(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	for _, n := range []int{0, 1, 2, 3, 100, 1024} {
		if got, want := len(mustSeal(t, c, testClaims, make([]byte, n))), tokenLen(n); got != want {
			t.Errorf("payload of %d bytes: token of %d bytes, tokenLen says %d", n, got, want)
		}
	}
}

func TestErrorWrapsErrInvalid(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	_, err := c.Open(testClaims, "p1.e30")
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("error %v does not wrap ErrInvalid", err)
	}
	if want := "seal: invalid or expired requestState: unknown format"; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
}

func TestNewRejectsBadOptions(t *testing.T) {
	a := testKey("A")
	for _, tc := range []struct {
		name string
		opts Options
		want string
	}{
		{"no keys", Options{}, "no keys"},
		{"empty ring", Options{Keys: [][]byte{}}, "no keys"},
		{"short key", Options{Keys: [][]byte{a, a[:31]}}, "Keys[1] is 31 bytes"},
		{"nil key", Options{Keys: [][]byte{nil}}, "Keys[0] is 0 bytes"},
		{"duplicate key", Options{Keys: [][]byte{a, testKey("B"), bytes.Clone(a)}}, "Keys[2] duplicates Keys[0]"},
		{"negative TTL", Options{Keys: [][]byte{a}, TTL: -time.Second}, "negative TTL"},
		{"TTL under the resolution", Options{Keys: [][]byte{a}, TTL: 999 * time.Microsecond}, "under a millisecond"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := New(tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("New: %v, want an error containing %q", err, tc.want)
			}
		})
	}
}

func TestNewKeepsNoReferenceToKeys(t *testing.T) {
	key := testKey("A")
	c := newTestCodec(t, Options{Keys: [][]byte{key}})
	token := mustSeal(t, c, testClaims, []byte("state"))
	clear(key)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Errorf("Open after the caller cleared its key: %v", err)
	}
}

func TestNewRandom(t *testing.T) {
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	a, err := NewRandom(Options{Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "random per-process key") {
		t.Errorf("NewRandom logged %q, want a notice about its random key", log.String())
	}
	b, err := NewRandom(Options{Logger: logger})
	if err != nil {
		t.Fatal(err)
	}
	token := mustSeal(t, a, testClaims, []byte("state"))
	if _, err := a.Open(testClaims, token); err != nil {
		t.Errorf("Open on the sealing codec: %v", err)
	}
	wantRejected(t, b, testClaims, token, reasonUnknownKey)

	if _, err := NewRandom(Options{Keys: [][]byte{testKey("A")}}); err == nil {
		t.Error("NewRandom with Keys set succeeded, want an error")
	}
	if _, err := NewRandom(Options{TTL: -1}); err == nil {
		t.Error("NewRandom with a negative TTL succeeded, want an error")
	}
}

func TestOpenLogsReason(t *testing.T) {
	var log bytes.Buffer
	clock := &testClock{testStart}
	c := newTestCodec(t, Options{
		Keys:   [][]byte{testKey("A")},
		Now:    clock.now,
		Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	token := mustSeal(t, c, testClaims, []byte("state"))

	wrongTarget := testClaims
	wrongTarget.Target = "destroy"
	c.Open(wrongTarget, token)
	if got := log.String(); !strings.Contains(got, `level=WARN`) || !strings.Contains(got, `reason="claims mismatch or tampered"`) || !strings.Contains(got, "target=destroy") {
		t.Errorf("log %q, want a warning with the reason and the target", got)
	}
	if strings.Contains(log.String(), testClaims.Principal) {
		t.Errorf("log %q names the principal", log.String())
	}

	log.Reset()
	clock.t = testStart.Add(DefaultTTL)
	c.Open(testClaims, token)
	if got := log.String(); !strings.Contains(got, "level=INFO") || !strings.Contains(got, "reason=expired") {
		t.Errorf("log %q, want an info record with reason=expired", got)
	}

	log.Reset()
	clock.t = testStart
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatal(err)
	}
	if log.Len() != 0 {
		t.Errorf("a successful Open logged %q", log.String())
	}
}

func TestConcurrentUse(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A"), testKey("B")}})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for j := range 50 {
				payload := fmt.Appendf(nil, "%d/%d", i, j)
				token, err := c.Seal(testClaims, payload)
				if err != nil {
					t.Error(err)
					return
				}
				got, err := c.Open(testClaims, token)
				if err != nil || !bytes.Equal(got, payload) {
					t.Errorf("Open = %q, %v; want %q", got, err, payload)
					return
				}
			}
		})
	}
	wg.Wait()
}

func BenchmarkSealOpen(b *testing.B) {
	c := newTestCodec(b, Options{Keys: [][]byte{testKey("A")}, Audience: "srv"})
	payload := bytes.Repeat([]byte(`{"answer":"yes"}`), 64) // 1 KiB
	b.ReportAllocs()
	b.SetBytes(int64(len(payload)))
	for b.Loop() {
		token, err := c.Seal(testClaims, payload)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := c.Open(testClaims, token); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSealGolden pins the s3 format: with the clock standing still, Seal
// must give these tokens byte for byte (it draws no randomness). A change
// to the layout, the key derivation or what the siv covers fails here;
// such a change needs a new version, opened beside this one during a
// rollout, as s3 opens s2.
func TestSealGolden(t *testing.T) {
	c := fuzzCodec(t)
	for _, tc := range []struct {
		claims  Claims
		payload string
		token   string
	}{
		{testClaims, `{"v":1}`, "s3.XknQORVrdTDstAnioOFBPFmBeiH8fjZFd8U0kI7kWpJUkmfAmg"},
		{Claims{}, "", "s3.XknQOQtNjJUcoz8li7PFQEpg_11gQD3ecVZZUcmG"},
	} {
		if got := mustSeal(t, c, tc.claims, []byte(tc.payload)); got != tc.token {
			t.Errorf("Seal(%+v, %q) =\n%s\nwant\n%s", tc.claims, tc.payload, got, tc.token)
		}
		if got, err := c.Open(tc.claims, tc.token); err != nil || string(got) != tc.payload {
			t.Errorf("Open(%q) = %q, %v; want %q", tc.token, got, err, tc.payload)
		}
	}
}

// TestTokenTimes checks the times of an s3 token: 10 bytes (Unix
// milliseconds of issue, the lifetime in milliseconds), never a later
// expiry than the TTL says: an issue time between two milliseconds counts
// from the earlier one, and a TTL longer than the lifetime field holds
// seals the longest lifetime it holds.
func TestTokenTimes(t *testing.T) {
	clock := &testClock{testStart.Add(700 * time.Microsecond)}
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}, Now: clock.now})
	token := mustSeal(t, c, testClaims, nil)
	body, err := tokenEncoding.DecodeString(token[len(tokenPrefix):])
	if err != nil {
		t.Fatal(err)
	}
	if want := headerSize + 10; len(body) != want {
		t.Errorf("token of an empty payload: %d bytes, want %d (the times in 10)", len(body), want)
	}
	clock.t = testStart.Add(DefaultTTL - time.Nanosecond)
	if _, err := c.Open(testClaims, token); err != nil {
		t.Fatalf("Open just before the TTL (from the millisecond of issue): %v", err)
	}
	clock.t = testStart.Add(DefaultTTL)
	wantRejected(t, c, testClaims, token, reasonExpired)

	longest := time.Duration(maxLifetime) * time.Millisecond
	clock.t = testStart
	long := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}, Now: clock.now, TTL: 2 * longest})
	token = mustSeal(t, long, testClaims, nil)
	clock.t = testStart.Add(longest - time.Nanosecond)
	if _, err := long.Open(testClaims, token); err != nil {
		t.Fatalf("Open within the longest lifetime: %v", err)
	}
	clock.t = testStart.Add(longest)
	wantRejected(t, long, testClaims, token, reasonExpired)
}

// TestKidSharedByTwoKeys: when two keys of a ring begin their ids with the
// same 4 bytes (the kid an s3 or s2 token carries), a token of either
// opens, and trying the other key first spoils nothing of the token.
func TestKidSharedByTwoKeys(t *testing.T) {
	a := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	b := newTestCodec(t, Options{Keys: [][]byte{testKey("B")}})
	ring := newTestCodec(t, Options{Keys: [][]byte{testKey("B"), testKey("A")}})
	copy(ring.keys[0].id[:kidSize], ring.keys[1].id[:kidSize]) // B's id begins as A's
	copy(b.keys[0].id[:kidSize], ring.keys[1].id[:kidSize])
	for _, s := range sealers {
		for name, token := range map[string]string{
			"sealed with the second key": s.seal(t, a, testClaims, []byte("from A")),
			"sealed with the first key":  s.seal(t, b, testClaims, []byte("from B")),
		} {
			got, err := ring.Open(testClaims, token)
			if err != nil || string(got) != "from A" && string(got) != "from B" {
				t.Errorf("%s%s: Open = %q, %v", s.format, name, got, err)
			}
		}
		// A token for other claims fails under both keys.
		wantRejected(t, ring, Claims{Method: "other"}, s.seal(t, a, testClaims, []byte("x")), reasonClaims)
	}
}

// TestTokenCarriesFourByteKid: an s3 token names its ring key by the first
// 4 bytes of the key's id; the whole id (8 bytes) is only in s1 tokens. Its
// overhead is the kid, the 16-byte siv and the 10 bytes of times.
func TestTokenCarriesFourByteKid(t *testing.T) {
	c := newTestCodec(t, Options{Keys: [][]byte{testKey("A")}})
	body, err := tokenEncoding.DecodeString(mustSeal(t, c, testClaims, nil)[len(tokenPrefix):])
	if err != nil {
		t.Fatal(err)
	}
	if want := 4 + 16 + 10; len(body) != want || string(body[:4]) != string(c.keys[0].id[:4]) {
		t.Errorf("token of an empty payload: %d bytes beginning %x, want %d beginning with the key id's %x", len(body), body[:4], want, c.keys[0].id[:4])
	}
}
