package knowledge

import (
	"strings"
	"unicode"
)

// The MCP specification (elicitation, since 2025-11-25, and the
// 2026-07-28 input-required flow) forbids a form-mode elicitation that
// asks for sensitive information: passwords, API keys, access tokens,
// secrets. The client shows a form and sends its answer through the
// model's conversation; a secret goes through a URL-mode elicitation,
// which sends the user to the server's own page.
//
// A requested property asks for a secret when its name, split into words
// (api_key, apiKey, API-Key and "api key" alike), ends in one of
// [secretNouns], or in one of [secretCompounds]; or when its title or
// description names one of [secretPhrases]; or when its format is
// [SecretFormat]. A name that only contains such a word does not
// (sort_key, keyboard, monkey, token_count, password_hint): the last word
// of an English compound is what it names.

// SecretFormat is the JSON Schema format by which a string property asks
// for a password (OpenAPI's, which form renderers mask).
const SecretFormat = "password"

// secretNouns are the words that name a secret on their own, as the last
// word of a property's name.
var secretNouns = map[string]bool{
	"password":     true,
	"passwd":       true,
	"passphrase":   true,
	"secret":       true,
	"token":        true,
	"credential":   true,
	"credentials":  true,
	"apikey":       true,
	"apitoken":     true,
	"accesstoken":  true,
	"authtoken":    true,
	"privatekey":   true,
	"secretkey":    true,
	"clientsecret": true,
}

// notSecretTokens are the words before a final "token" that make it no
// secret: a page token, a continuation token, a pagination token are
// cursors.
var notSecretTokens = map[string]bool{
	"page":         true,
	"continuation": true,
	"pagination":   true,
	"next":         true,
	"sync":         true,
}

// secretCompounds are the pairs of last words that name a secret where
// the last word alone does not: a key is a secret only as an API key, a
// private key, and so on (a sort key, a map key, a partition key is not).
var secretCompounds = map[[2]string]bool{
	{"api", "key"}:        true,
	{"private", "key"}:    true,
	{"secret", "key"}:     true,
	{"access", "key"}:     true,
	{"signing", "key"}:    true,
	{"encryption", "key"}: true,
	{"ssh", "key"}:        true,
	{"auth", "key"}:       true,
	{"client", "key"}:     true,
	{"license", "key"}:    true,
	{"pass", "phrase"}:    true,
	{"pass", "word"}:      true,
}

// secretPhrases are the words and pairs of words that, anywhere in a
// property's title or description, say that it asks for a secret. Prose
// is read more narrowly than a name: "secret" and "token" alone are too
// common in it ("the number of tokens", "keep it secret").
var secretPhrases = [][]string{
	{"password"},
	{"passwd"},
	{"passphrase"},
	{"api", "key"},
	{"apikey"},
	{"api", "token"},
	{"access", "token"},
	{"auth", "token"},
	{"bearer", "token"},
	{"refresh", "token"},
	{"client", "secret"},
	{"private", "key"},
	{"secret", "key"},
}

// SecretName reports whether a requested property named name asks for a
// secret.
func SecretName(name string) bool {
	w := Words(name)
	if len(w) == 0 {
		return false
	}
	last := w[len(w)-1]
	if secretNouns[last] {
		return last != "token" || len(w) < 2 || !notSecretTokens[w[len(w)-2]]
	}
	return len(w) >= 2 && secretCompounds[[2]string{w[len(w)-2], last}]
}

// SecretText reports whether a property's title or description says that
// it asks for a secret, and returns the phrase it names.
func SecretText(text string) (string, bool) {
	w := Words(text)
	for i := range w {
		for _, p := range secretPhrases {
			if i+len(p) <= len(w) && equalWords(w[i:i+len(p)], p) {
				return strings.Join(p, " "), true
			}
		}
	}
	return "", false
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Words splits a name or a text into lowercase words: at every character
// that is not a letter or a digit, and between a lowercase letter or a
// digit and the uppercase letter after it, and before the last capital of
// a run of capitals followed by a lowercase letter (APIKey is API, Key).
func Words(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(s)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return words
}
