package sealcore

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The checked-in corpus under testdata/fuzz/FuzzOpen holds junk and, in the
// files named valid-*, tokens that fuzzCodec sealed for testClaims: s1
// tokens of an earlier build (valid-empty, valid-state), s2 tokens of the
// previous one (valid-s2-*) and s3 tokens of this one (valid-s3-*). Their
// payloads are in validSeedPayloads. The seeds
// are kept short: the fuzzer's minimization of an input costs time
// quadratic in its length.
var validSeedPayloads = map[string]string{
	"valid-empty":    "",
	"valid-state":    `{"v":1,"a":{"confirm":{"d":"3f2a","r":{"action":"accept"}}}}`,
	"valid-s2-empty": "",
	"valid-s2-state": `{"v":1,"a":{"confirm":{"d":"3f2a","r":{"action":"accept"}}}}`,
	"valid-s3-empty": "",
	"valid-s3-state": `{"v":1,"a":{"confirm":{"d":"3f2a","r":{"action":"accept"}}}}`,
}

// fuzzCodec is the codec that sealed the valid seeds. Its clock stands
// still at the moment they were sealed, so they never expire.
func fuzzCodec(t testing.TB) *Codec {
	return newTestCodec(t, Options{
		Keys:     [][]byte{testKey("fuzz")},
		Audience: "fuzz-server",
		Now:      func() time.Time { return testStart },
	})
}

// validSeeds returns the valid seed tokens of the checked-in corpus, by file
// name.
func validSeeds(t testing.TB) map[string]string {
	t.Helper()
	dir := filepath.Join("testdata", "fuzz", "FuzzOpen")
	files, err := filepath.Glob(filepath.Join(dir, "valid-*"))
	if err != nil {
		t.Fatal(err)
	}
	seeds := map[string]string{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		// A corpus file is "go test fuzz v1" and one line string("...").
		header, value, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
		quoted, ok := strings.CutPrefix(value, "string(")
		quoted, ok2 := strings.CutSuffix(quoted, ")")
		token, err := strconv.Unquote(quoted)
		if header != "go test fuzz v1" || !ok || !ok2 || err != nil {
			t.Fatalf("%s is not a corpus file with one string", file)
		}
		seeds[filepath.Base(file)] = token
	}
	return seeds
}

// TestSealedTokensStillOpen keeps the token format stable: tokens sealed by
// an earlier build must open on this one, or a rolling deploy fails the
// calls in flight.
func TestSealedTokensStillOpen(t *testing.T) {
	c := fuzzCodec(t)
	seeds := validSeeds(t)
	if len(seeds) != len(validSeedPayloads) {
		t.Fatalf("found %d valid seeds, want %d", len(seeds), len(validSeedPayloads))
	}
	for name, token := range seeds {
		want, ok := validSeedPayloads[name]
		if !ok {
			t.Errorf("%s: no payload on record", name)
			continue
		}
		got, err := c.Open(testClaims, token)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if string(got) != want {
			t.Errorf("%s: payload %q, want %q", name, got, want)
		}
	}
}

// FuzzOpen checks that Open never panics, that every rejection wraps
// ErrInvalid, and that the only tokens it accepts are the ones sealed for
// these claims.
func FuzzOpen(f *testing.F) {
	c := fuzzCodec(f)
	known := map[string]bool{}
	for _, token := range validSeeds(f) {
		known[token] = true
	}
	otherClaims := testClaims
	otherClaims.Target = "other"
	f.Fuzz(func(t *testing.T, token string) {
		payload, err := c.Open(testClaims, token)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("Open error %v does not wrap ErrInvalid", err)
			}
		} else if !known[token] {
			t.Fatalf("Open accepted a token it did not seal: %q (payload %q)", token, payload)
		}
		if _, err := c.Open(otherClaims, token); err == nil {
			t.Fatalf("Open accepted %q for claims it was not sealed for", token)
		}
	})
}
