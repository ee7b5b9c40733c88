// Package secret asks form questions on go-sdk and through the runtime,
// some of them for a secret. The MCP specification forbids asking for
// sensitive information in a form-mode elicitation: a secret is asked in
// URL mode.
package secret

import (
	"context"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Negatives: forms that ask for no secret.

// Sorting has keys and tokens that are no secret, and a username.
type Sorting struct {
	SortKey    string `json:"sort_key"`
	Key        string `json:"key" jsonschema:"the key of the map entry to change"`
	Keyboard   string `json:"keyboard"`
	Monkey     string `json:"monkey"`
	TokenCount int    `json:"token_count" jsonschema:"how many tokens to generate"`
	PageToken  string `json:"next_page_token"`
	Username   string `json:"username"`
	IsSecret   bool   `json:"is_secret"`
	Hint       string `json:"password_hint"`
	apiKey     string
	Skipped    string `json:"-"`
}

func askSorting(ctx context.Context) (resolve.Elicit[Sorting], error) {
	return resolve.Ask[Sorting]("How to sort?"), nil
}

func sortingSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"sort_key":    {Type: "string", Description: "the key to sort by"},
			"keep_secret": {Type: "boolean", Description: "keep the note secret"},
			"tokens":      {Type: "integer", Description: "the number of tokens"},
			"username":    {Type: "string", Title: "User name"},
		},
	}
}

func askSortingForm(ctx context.Context) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("How to sort?", sortingSchema()), nil
}

// connect asks for its API key the right way: in URL mode, on the server's
// own page, with no requested schema.
func connect(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	sorting, _ := jsonschema.For[Sorting](nil)
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"key":  &mcp.ElicitParams{Mode: "url", Message: "Enter your API key on our page", URL: "https://example.com/connect", ElicitationID: "e1"},
		"sort": &mcp.ElicitParams{Message: "How to sort?", RequestedSchema: sorting},
	}}, nil, nil
}

// Positives.

type Credentials struct {
	Username string `json:"username"`
	APIKey   string `json:"api_key"`
}

type Login struct {
	User     string `json:"user"`
	Password string
}

type Described struct {
	Value string `json:"value" jsonschema:"your OpenAI API key"`
}

func askCredentials(ctx context.Context) (resolve.Elicit[Credentials], error) {
	return resolve.Ask[Credentials]("Connect"), nil // want `^resolve\.Ask\[secret\.Credentials\] asks in a form for property "api_key", a secret by its name; the MCP specification forbids asking for sensitive information in a form-mode elicitation, whose answer passes through the client: send the user to a URL-mode elicitation \(mode "url"\), where they enter it on the server's own page$`
}

func askLogin(ctx context.Context) (resolve.Elicit[*Login], error) {
	return resolve.Ask[*Login]("Log in"), nil // want `^resolve\.Ask\[\*secret\.Login\] asks in a form for property "Password", a secret by its name;`
}

func askDescribed(ctx context.Context) (resolve.Elicit[Described], error) {
	return resolve.Ask[Described]("Connect"), nil // want `^resolve\.Ask\[secret\.Described\] asks in a form for property "value", a secret by its description, which says "api key";`
}

func askTokenForm(ctx context.Context) (resolve.Elicit[resolve.Form], error) {
	return resolve.AskForm("Connect", &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"githubToken": {Type: "string"}, // want `^property "githubToken" of resolve\.AskForm's schema asks for a secret by its name;`
		},
	}), nil
}

// legacy asks, on an older session, for a password by its format.
func legacy(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	params := &mcp.ElicitParams{Message: "Unlock", RequestedSchema: &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"pin": {Type: "string", Format: "password"}, // want `^property "pin" of the elicitation's requested schema asks for a secret by its format "password";`
		},
	}}
	if _, err := req.Session.Elicit(ctx, params); err != nil {
		return nil, nil, err
	}
	return &mcp.CallToolResult{}, nil, nil
}

// inputRequests asks for a client secret in a form inferred from a struct,
// and for a value whose title says it is a private key.
func inputRequests(ctx context.Context, req *mcp.CallToolRequest, in struct{}) (*mcp.CallToolResult, any, error) {
	type oauth struct {
		ClientID     string `json:"client_id"`
		ClientSecret string `json:"client_secret"`
	}
	schema, _ := jsonschema.For[oauth](nil) // want `^jsonschema\.For\[secret\.oauth\] renders a form that asks for property "client_secret", a secret by its name;`
	return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{
		"oauth": &mcp.ElicitParams{Message: "OAuth app", RequestedSchema: schema},
		"pem": &mcp.ElicitParams{Message: "Key", RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"pem": map[string]any{"type": "string", "title": "Private key (PEM)"}, // want `^property "pem" of the elicitation's requested schema asks for a secret by its title, which says "private key";`
			},
		}},
	}}, nil, nil
}
