package sealcore

import (
	"bytes"
	"encoding/base64"
	"os"
	"strings"
	"testing"
)

func TestParseKeys(t *testing.T) {
	a, b := testKey("A"), testKey("B")
	long := bytes.Repeat([]byte{0xfb, 0xff, 0xbf}, 22) // 66 bytes, '+' '/' or '-' '_' in base64
	for _, tc := range []struct {
		name string
		in   string
		want [][]byte
	}{
		{"one std key", base64.StdEncoding.EncodeToString(a), [][]byte{a}},
		{"std unpadded", base64.RawStdEncoding.EncodeToString(a), [][]byte{a}},
		{"url padded", base64.URLEncoding.EncodeToString(long), [][]byte{long}},
		{"url unpadded", base64.RawURLEncoding.EncodeToString(long), [][]byte{long}},
		{"std with + and /", base64.StdEncoding.EncodeToString(long), [][]byte{long}},
		{"ring in order", base64.StdEncoding.EncodeToString(b) + "," + base64.StdEncoding.EncodeToString(a), [][]byte{b, a}},
		{"spaces around keys", " " + base64.StdEncoding.EncodeToString(a) + " ,\t" + base64.URLEncoding.EncodeToString(b) + "\n", [][]byte{a, b}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseKeys(tc.in)
			if err != nil {
				t.Fatalf("ParseKeys: %v", err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("ParseKeys gave %d keys, want %d", len(got), len(tc.want))
			}
			for i := range got {
				if !bytes.Equal(got[i], tc.want[i]) {
					t.Errorf("key %d = %x, want %x", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestParseKeysErrors(t *testing.T) {
	good := base64.StdEncoding.EncodeToString(testKey("A"))
	short := base64.StdEncoding.EncodeToString(make([]byte, 31))
	for _, tc := range []struct {
		name string
		in   string
		want string
	}{
		{"empty", "", "no keys"},
		{"blank", "  ", "no keys"},
		{"only a comma", ",", "key 1 of 2 is empty"},
		{"empty entry", good + ",," + good, "key 2 of 3 is empty"},
		{"trailing comma", good + ",", "key 2 of 2 is empty"},
		{"short key", good + "," + short, "key 2 of 2 is 31 bytes, need at least 32"},
		{"not base64", good + ",not*base64!", "key 2 of 2 is not base64"},
		{"mixed alphabets", "+-" + good[2:], "key 1 of 1 is not base64"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseKeys(tc.in)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseKeys(%q): %v, want an error containing %q", tc.in, err, tc.want)
			}
			if strings.Contains(err.Error(), good) || strings.Contains(err.Error(), short) {
				t.Errorf("error %q quotes a key", err)
			}
		})
	}
}

func TestKeysFromEnv(t *testing.T) {
	a := testKey("A")
	t.Setenv(KeysEnv, "") // restores the variable after the test
	os.Unsetenv(KeysEnv)
	if keys, err := KeysFromEnv(); keys != nil || err != nil {
		t.Errorf("KeysFromEnv with %s unset = %v, %v; want nil, nil", KeysEnv, keys, err)
	}
	t.Setenv(KeysEnv, " ")
	if keys, err := KeysFromEnv(); keys != nil || err != nil {
		t.Errorf("KeysFromEnv with %s blank = %v, %v; want nil, nil", KeysEnv, keys, err)
	}
	t.Setenv(KeysEnv, base64.StdEncoding.EncodeToString(a))
	if keys, err := KeysFromEnv(); err != nil || len(keys) != 1 || !bytes.Equal(keys[0], a) {
		t.Errorf("KeysFromEnv = %x, %v; want the key", keys, err)
	}
	t.Setenv(KeysEnv, "short")
	if _, err := KeysFromEnv(); err == nil || !strings.Contains(err.Error(), KeysEnv) {
		t.Errorf("KeysFromEnv with a bad ring: %v, want an error naming %s", err, KeysEnv)
	}
}

func TestGenerateKey(t *testing.T) {
	k1, k2 := GenerateKey(), GenerateKey()
	if k1 == k2 {
		t.Fatalf("GenerateKey returned %q twice", k1)
	}
	keys, err := ParseKeys(k1 + "," + k2)
	if err != nil {
		t.Fatalf("ParseKeys of generated keys: %v", err)
	}
	for _, k := range keys {
		if len(k) != MinKeyBytes {
			t.Errorf("generated key of %d bytes, want %d", len(k), MinKeyBytes)
		}
	}
	if _, err := New(Options{Keys: keys}); err != nil {
		t.Errorf("New on generated keys: %v", err)
	}
}
