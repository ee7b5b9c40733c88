package a

import (
	"context"

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

func end3(ctx context.Context, req *mcp.CallToolRequest, in In, q Q3) (Out, error) { return Out{}, nil }
func end4(ctx context.Context, req *mcp.CallToolRequest, in In, q Q4) (Out, error) { return Out{}, nil }
func end10(ctx context.Context, req *mcp.CallToolRequest, in In, q Q10) (Out, error) {
	return Out{}, nil
}
func end11(ctx context.Context, req *mcp.CallToolRequest, in In, q Q11) (Out, error) {
	return Out{}, nil
}

func budgets(s *mcp.Server, big bool) {
	// Nine dependent questions fit the default budget of 9.
	resolve.AddTool(s, &mcp.Tool{Name: "chain9"}, end10, first, step[Q1, Q2], step[Q2, Q3], step[Q3, Q4],
		step[Q4, Q5], step[Q5, Q6], step[Q6, Q7], step[Q7, Q8], step[Q8, Q9], plainStep[Q9, Q10])
	// Ten do not: the go-sdk client gives up at its 10th input-required result.
	resolve.AddTool(s, &mcp.Tool{Name: "chain10"}, end10, first, step[Q1, Q2], step[Q2, Q3], step[Q3, Q4],
		step[Q4, Q5], step[Q5, Q6], step[Q6, Q7], step[Q7, Q8], step[Q8, Q9], step[Q9, Q10]) // want `^tool "chain10": resolver a.step\[\.\.\.\] ends a chain of 10 dependent questions, more than the round budget of 9`
	// Eleven do not.
	resolve.AddTool(s, &mcp.Tool{Name: "chain11"}, end11, first, step[Q1, Q2], step[Q2, Q3], step[Q3, Q4],
		step[Q4, Q5], step[Q5, Q6], step[Q6, Q7], step[Q7, Q8], step[Q8, Q9], step[Q9, Q10],
		step[Q10, Q11]) // want `^tool "chain11": resolver a\.step\[\.\.\.\] ends a chain of 11 dependent questions, more than the round budget of 9 that clients answer: the call can never finish; make some questions independent, so that they are asked in one round, or ask for several answers in one form$`
	// A step that asks nothing does not count.
	resolve.AddTool(s, &mcp.Tool{Name: "chain11b"}, end11, first, plainStep[Q1, Q2], step[Q2, Q3], plainStep[Q3, Q4],
		step[Q4, Q5], step[Q5, Q6], step[Q6, Q7], step[Q7, Q8], step[Q8, Q9], step[Q9, Q10], step[Q10, Q11])

	// A runtime with a budget of its own.
	small, err := resolve.New(&resolve.Options{RoundBudget: 3})
	if err != nil {
		return
	}
	small.AddTool(s, &mcp.Tool{Name: "small3"}, end3, first, step[Q1, Q2], step[Q2, Q3])
	small.AddTool(s, &mcp.Tool{Name: "small4"}, end4, first, step[Q1, Q2], step[Q2, Q3], step[Q3, Q4]) // want `tool "small4": resolver a\.step\[\.\.\.\] ends a chain of 4 dependent questions, more than the round budget of 3 that clients answer: the call can never finish; make some questions independent, so that they are asked in one round, or ask for several answers in one form`
	var def, _ = resolve.New(nil)
	def.AddTool(s, &mcp.Tool{Name: "default4"}, end4, first, step[Q1, Q2], step[Q2, Q3], step[Q3, Q4])
	two, _ := resolve.New(&resolve.Options{Logger: nil, RoundBudget: 2})
	(*resolve.Runtime).AddTool(two, s, &mcp.Tool{Name: "two3"}, end3, first, step[Q1, Q2], step[Q2, Q3]) // want `tool "two3": resolver a\.step\[\.\.\.\] ends a chain of 3 dependent questions, more than the round budget of 2 that clients answer: the call can never finish; make some questions independent, so that they are asked in one round, or ask for several answers in one form`
	// A runtime whose budget is not known statically: not checked.
	var unknown *resolve.Runtime
	if big {
		unknown, _ = resolve.New(&resolve.Options{RoundBudget: 1})
	} else {
		unknown, _ = resolve.New(nil)
	}
	unknown.AddTool(s, &mcp.Tool{Name: "unknown"}, end3, first, step[Q1, Q2], step[Q2, Q3])
	sub := func(rt *resolve.Runtime) {
		rt.AddTool(s, &mcp.Tool{Name: "param"}, end3, first, step[Q1, Q2], step[Q2, Q3])
	}
	sub(two)
}

// Cycles.
type (
	CA struct{ N int }
	CB struct{ N int }
	CC struct{ N int }
)

func ca(ctx context.Context, b CB) (CA, error)   { return CA{}, nil }
func cb(ctx context.Context, c CC) (CB, error)   { return CB{}, nil }
func cc(ctx context.Context, a CA) (CC, error)   { return CC{}, nil }
func self(ctx context.Context, a CA) (CA, error) { return CA{}, nil }

func withCA(ctx context.Context, req *mcp.CallToolRequest, in In, a CA) (Out, error) {
	return Out{}, nil
}

func cycles(s *mcp.Server) {
	resolve.AddTool(s, &mcp.Tool{Name: "cycle"}, withCA, ca, cb, cc) // want `^tool "cycle": resolvers form a cycle: a\.ca -> a\.cb -> a\.cc -> a\.ca; break it so that no resolver needs, directly or not, its own value$`
	resolve.AddTool(s, &mcp.Tool{Name: "self"}, withCA, self)        // want `tool "self": resolvers form a cycle: a\.self -> a\.self; break it so that no resolver needs, directly or not, its own value`
	// A cycle that the handler does not reach is unused, not a cycle.
	resolve.AddTool(s, &mcp.Tool{Name: "offcycle"}, withStock, checkStock2, cb, cc, // want `tool "offcycle": resolver a\.cb provides a\.CB, which neither the handler nor another resolver uses; remove it, or take a\.CB as a parameter` `tool "offcycle": resolver a\.cc provides a\.CC, which neither the handler nor another resolver uses; remove it, or take a\.CC as a parameter`
		ca) // want `tool "offcycle": resolver a\.ca provides a\.CA, which neither the handler nor another resolver uses; remove it, or take a\.CA as a parameter`
}
