// Package bothsdks_test runs one table of cases against both bindings of
// the runtime, through real clients: go-sdk's client against the go-sdk
// and the mcp-go servers, and mcp-go's client against the mcp-go server,
// on protocol 2026-07-28 (input-required results) and 2025-11-25
// (server-to-client requests). The servers register the same fixture tools
// (gosdk_test.go, mcpgo_test.go); where mcp-go v1.2.1 cannot send what
// go-sdk sends (a JSON-RPC error code of the server's choosing), the case
// says so.
package bothsdks_test

import (
	"log/slog"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcplint/mcplint/internal/rules"
	mcpgoresolve "github.com/mcplint/mcplint/runtime/mcpgo/resolve"
	"github.com/mcplint/mcplint/runtime/resolve"
)

var quiet = slog.New(slog.DiscardHandler)

// A pairing is a client SDK against a server SDK.
type pairing struct {
	name   string
	server string // "go-sdk" or "mcp-go"
	client func(t *testing.T, url, version string, u *user) client
}

var pairings = []pairing{
	{"go-sdk client, go-sdk server", "go-sdk", goSDKClient},
	{"go-sdk client, mcp-go server", "mcp-go", goSDKClient},
	{"mcp-go client, mcp-go server", "mcp-go", mcpGoClient},
}

var versions = []string{"2026-07-28", "2025-11-25"}

// serve starts the fixture server of one SDK, with round budget budget
// (0: the default), and returns its URL.
func serve(t *testing.T, sdk string, budget int) string {
	t.Helper()
	var srv *httptest.Server
	switch sdk {
	case "go-sdk":
		s, _, err := goSDKServer(&resolve.Options{Logger: quiet, RoundBudget: budget}, "fixture")
		if err != nil {
			t.Fatal(err)
		}
		srv = httptest.NewServer(goSDKHandler(s))
	default:
		s, _, err := mcpGoServer(&mcpgoresolve.Options{Logger: quiet, RoundBudget: budget}, "fixture")
		if err != nil {
			t.Fatal(err)
		}
		srv = httptest.NewServer(mcpGoHandler(s))
	}
	t.Cleanup(srv.Close)
	return srv.URL
}

// A check judges an outcome; server and version say where it came from.
type check func(t *testing.T, o outcome, u *user, server, version string)

var internalFailure = "the tool failed inside the server; the server's log has the details"

var cases = []struct {
	name    string
	tool    string
	decline bool
	budget  int
	check   check
}{
	{name: "dependent questions", tool: "chain", check: func(t *testing.T, o outcome, u *user, _, _ string) {
		want(t, o, result("Dune: Ada likes teal"))
		if got := u.questions(); !slices.Equal(got, []string{"Your name?", "Favorite color, Ada?"}) {
			t.Errorf("questions shown %q, want the name, then the color asked with the name", got)
		}
	}},
	{name: "decline, plain consumer", tool: "confirm", decline: true, check: func(t *testing.T, o outcome, _ *user, _, _ string) {
		if !o.isError || !strings.Contains(o.text, `the user chose "decline" for the question of resolver `) ||
			!strings.Contains(o.text, `needs its bothsdks_test.gConfirm: the call cannot go on`) {
			t.Errorf("got %v, want a tool error naming the declined question's resolver, the parameter and the action", o)
		}
	}},
	{name: "decline, Outcome consumer", tool: "confirm_outcome", decline: true, check: func(t *testing.T, o outcome, _ *user, _, _ string) {
		want(t, o, result("action=decline accepted=false ok=false"))
	}},
	{name: "question the client cannot take", tool: "sample", check: func(t *testing.T, o outcome, _ *user, server, _ string) {
		if server == "go-sdk" {
			want(t, o, outcome{text: "the client did not declare the capability this tool needs: sampling", code: -32021,
				data: `{"requiredCapabilities":{"sampling":{}}}`})
			return
		}
		// mcp-go sends every handler error as -32603 with its text.
		want(t, o, outcome{text: `the client did not declare the capability this tool needs: sampling: {"requiredCapabilities":{"sampling":{}}}`, code: -32603})
	}},
	{name: "a resolver's wrapped JSON-RPC error", tool: "quota", check: wantQuota},
	{name: "a handler's wrapped JSON-RPC error", tool: "quota_handler", check: wantQuota},
	{name: "panic in a resolver", tool: "boom", check: func(t *testing.T, o outcome, _ *user, _, _ string) {
		want(t, o, outcome{text: internalFailure, isError: true})
	}},
	{name: "the askstable twin", tool: "unstable", check: func(t *testing.T, o outcome, u *user, _, _ string) {
		if !o.isError || !strings.HasSuffix(o.text, "its question changes every round: "+rules.AskStableFix) {
			t.Errorf("got %v, want the twin's tool error", o)
		}
		if n := len(u.questions()); n != rules.UnstableRounds {
			t.Errorf("the question was shown %d times, want %d", n, rules.UnstableRounds)
		}
	}},
	{name: "a chain the default budget allows", tool: "deep9", check: func(t *testing.T, o outcome, u *user, _, _ string) {
		want(t, o, result("deep 9"))
	}},
	{name: "a chain one longer than the clients finish", tool: "deep10", budget: 10, check: func(t *testing.T, o outcome, u *user, _, version string) {
		if version < rules.InputRequiredVersion {
			// Server-to-client requests have no client round limit.
			want(t, o, result("deep 10"))
			return
		}
		// Both clients give up at their 10th input-required result.
		if o.code != -1 || len(u.questions()) != 9 {
			t.Errorf("got %v after %d questions; want the client to give up after 9", o, len(u.questions()))
		}
	}},
}

// wantQuota checks that the JSON-RPC error a resolver or handler wrapped
// ("quota: %w") reaches the client as the wrapped error: its code, message
// and data, not the wrapping text. go-sdk's fixture wraps a *jsonrpc.Error,
// mcp-go's its one such error, URLElicitationRequiredError, which mcp-go
// sends as -32042 before 2026-07-28 and as -32603 with its text after.
func wantQuota(t *testing.T, o outcome, _ *user, server, version string) {
	switch {
	case server == "go-sdk":
		want(t, o, outcome{text: "over quota", code: -32050, data: `{"retryAfter":30}`})
	case version >= rules.InputRequiredVersion:
		want(t, o, outcome{text: "URL elicitation required: 1 elicitation(s) needed", code: -32603})
	case o.text == "": // mcp-go's client, which keeps the data only
		want(t, o, outcome{code: -32042, data: quotaElicitations})
	default:
		want(t, o, outcome{text: "URL elicitation required: 1 elicitation(s) needed", code: -32042, data: quotaElicitations})
	}
}

// quotaElicitations is the data of mcp-go's fixture error.
const quotaElicitations = `{"elicitations":[{"mode":"url","message":"Raise your quota","elicitationId":"quota-1","url":"https://example.com/quota"}]}`

// result is the outcome of a tool whose handler returned s: its structured
// content, a JSON string, is also its text.
func result(s string) outcome { return outcome{text: strconv.Quote(s)} }

func want(t *testing.T, got, want outcome) {
	t.Helper()
	if got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestBothBindings(t *testing.T) {
	for _, p := range pairings {
		for _, version := range versions {
			t.Run(p.name+"/"+version, func(t *testing.T) {
				t.Parallel()
				urls := map[int]string{}
				for _, tc := range cases {
					url, ok := urls[tc.budget]
					if !ok {
						url = serve(t, p.server, tc.budget)
						urls[tc.budget] = url
					}
					t.Run(tc.name, func(t *testing.T) {
						u := &user{decline: tc.decline}
						path := "/mcp"
						if version >= rules.InputRequiredVersion {
							path = "/modern"
						}
						c := p.client(t, url+path, version, u)
						tc.check(t, c.call(t, tc.tool, map[string]any{"title": "Dune"}), u, p.server, version)
					})
				}
			})
		}
	}
}
