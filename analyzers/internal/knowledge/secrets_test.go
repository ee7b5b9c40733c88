package knowledge

import (
	"slices"
	"testing"
)

func TestSecretName(t *testing.T) {
	for _, name := range []string{
		// Keys that are no secret, and words that contain a secret's.
		"key", "sort_key", "sortKey", "partition-key", "map key", "keyboard", "monkey", "hotkey",
		"token_count", "maxTokens", "tokens", "next_page_token", "pageToken", "continuationToken",
		"password_hint", "passwordPolicy", "secretary", "secret_santa_name", "tokenizer",
		"username", "user", "email", "", "_", "123",
	} {
		if SecretName(name) {
			t.Errorf("SecretName(%q) = true, want false", name)
		}
	}
	for _, name := range []string{
		"api_key", "apiKey", "APIKey", "ApiKey", "api-key", "API key", "apikey",
		"password", "Password", "new_password", "confirmPassword", "passwd", "passphrase",
		"token", "access_token", "accessToken", "authToken", "github_token", "refresh_token",
		"secret", "client_secret", "clientSecret", "webhookSecret",
		"private_key", "privateKey", "secret_key", "aws_access_key", "ssh_key", "license_key",
		"credentials",
	} {
		if !SecretName(name) {
			t.Errorf("SecretName(%q) = false, want true", name)
		}
	}
}

func TestSecretText(t *testing.T) {
	for _, text := range []string{
		"The number of tokens to generate", "Keep this choice secret?", "Sort key", "Your username",
		"Pick a key of the map", "",
	} {
		if p, ok := SecretText(text); ok {
			t.Errorf("SecretText(%q) = %q, want none", text, p)
		}
	}
	for text, want := range map[string]string{
		"Your OpenAI API key":            "api key",
		"Enter your password":            "password",
		"A GitHub personal access token": "access token",
		"The OAuth client secret":        "client secret",
	} {
		if p, ok := SecretText(text); !ok || p != want {
			t.Errorf("SecretText(%q) = %q, %v; want %q", text, p, ok, want)
		}
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string][]string{
		"APIKey":        {"api", "key"},
		"api_key":       {"api", "key"},
		"clientSecret2": {"client", "secret2"},
		"OAuth2Token":   {"o", "auth2", "token"},
		"HTTPServer":    {"http", "server"},
	} {
		if got := Words(in); !slices.Equal(got, want) {
			t.Errorf("Words(%q) = %q, want %q", in, got, want)
		}
	}
}
