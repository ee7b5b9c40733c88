// Package budget_chain11 is a case of the agreement corpus: eleven dependent
// questions exceed the default round budget of 10.
//
//agree:want resolvegraph/round-budget
package budget_chain11

import (
	"context"

	"example.com/agree/kit"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Q1..Q11 are the answers of a chain of dependent questions.
type (
	Q1  struct{ OK bool }
	Q2  struct{ OK bool }
	Q3  struct{ OK bool }
	Q4  struct{ OK bool }
	Q5  struct{ OK bool }
	Q6  struct{ OK bool }
	Q7  struct{ OK bool }
	Q8  struct{ OK bool }
	Q9  struct{ OK bool }
	Q10 struct{ OK bool }
	Q11 struct{ OK bool }
)

func first(ctx context.Context) (resolve.Elicit[Q1], error) { return resolve.Ask[Q1]("1?"), nil }

// step asks a question that depends on the previous answer.
func step[P, T any](ctx context.Context, p P) (resolve.Elicit[T], error) {
	return resolve.Given(*new(T)), nil
}

// plainStep computes a value without asking.
func plainStep[P, T any](ctx context.Context, p P) (T, error) { return *new(T), nil }

func end[T any](ctx context.Context, req *mcp.CallToolRequest, in kit.In, q T) (kit.Out, error) {
	return kit.Out{}, nil
}

func Register(s *mcp.Server) error {
	return resolve.AddTool(s, &mcp.Tool{Name: "budget_chain11"}, end[Q11], first, step[Q1, Q2], step[Q2, Q3], step[Q3, Q4],
		step[Q4, Q5], step[Q5, Q6], step[Q6, Q7], step[Q7, Q8], step[Q8, Q9], step[Q9, Q10], step[Q10, Q11])
}
