package resolve

import (
	"github.com/mark3labs/mcp-go/mcp"
	vocab "github.com/mcplint/mcplint/runtime/internal/resolve"
)

// The questions for the client itself, rather than its user: their
// parameters and answers are the SDK's types.

// AskSampling returns a question for the client's model
// (sampling/createMessage). The client must declare the sampling capability.
//
// The protocol deprecates sampling as of version 2026-07-28 (SEP-2577): it
// stays served for at least twelve months, by the runtime too, on new and
// old sessions alike, but clients may stop offering it. A question the user
// answers (Ask, AskForm) asks what new tools need instead.
func AskSampling(params mcp.CreateMessageParams) Elicit[*mcp.CreateMessageResult] {
	return vocab.AskSampling[*mcp.CreateMessageResult](params)
}

// AskRoots returns a question for the client's roots (roots/list). The client
// must declare the roots capability.
//
// The protocol deprecates roots as of version 2026-07-28 (SEP-2577): they
// stay served for at least twelve months, by the runtime too, but clients
// may stop offering them. New tools take paths as tool input or ask for
// them (Ask, AskForm) instead.
func AskRoots() Elicit[*mcp.ListRootsResult] { return vocab.AskRoots[*mcp.ListRootsResult]() }
