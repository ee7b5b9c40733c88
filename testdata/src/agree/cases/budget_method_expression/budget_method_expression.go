// Package budget_method_expression is a case of the agreement corpus: three
// dependent questions exceed a round budget of 2, through a method expression.
//
//agree:want resolvegraph/round-budget
package budget_method_expression

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
	two, err := resolve.New(&resolve.Options{RoundBudget: 2})
	if err != nil {
		return err
	}
	return (*resolve.Runtime).AddTool(two, s, &mcp.Tool{Name: "budget_method_expression"}, end[Q3], first, step[Q1, Q2], step[Q2, Q3])
}
