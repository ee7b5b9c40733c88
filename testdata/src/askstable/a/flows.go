package a

// Unstable values reach questions through locals, fields, calls, closures,
// phi nodes, schemas, sampling parameters and other resolvers.

import (
	"context"
	"fmt"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type prompt struct {
	title string
	when  string
}

func throughField(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	p := prompt{title: in.Title}
	p.when = time.Now().String()
	return resolve.Ask[Confirm](p.title + " at " + p.when), nil // want `message depends on time.Now`
}

// fieldOfStableStruct reads only a stable field of a struct with an
// unstable one.
func fieldOfStableStruct(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	p := &prompt{title: in.Title, when: time.Now().String()}
	return resolve.Ask[Confirm](p.title), nil
}

func stamp() string { return time.Now().Format(time.RFC3339) }

func throughCall(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	return resolve.Ask[Confirm]("as of " + stamp()), nil // want `message depends on the result of a.stamp \(time.Now\)`
}

func throughClosure(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	now := time.Now()
	msg := func() string { return in.Title + now.String() }
	return resolve.Ask[Confirm](msg()), nil // want `message depends on time.Now`
}

func throughPhi(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	msg := "Order " + in.Title + "?"
	if in.Title == "" {
		msg = fmt.Sprintf("Order at %v?", time.Now())
	}
	return resolve.Ask[Confirm](msg), nil // want `message depends on time.Now`
}

// ask puts its parameter into a question: each call is checked.
func ask(msg string) resolve.Elicit[Confirm] { return resolve.Ask[Confirm](msg) }

func throughHelper(ctx context.Context, in In) (resolve.Elicit[Confirm], error) {
	if in.Title == "" {
		return ask("Which title?"), nil
	}
	return ask(in.Title + time.Now().String()), nil // want `^call of a.ask, which puts its argument into a question's message: the argument depends on time.Now`
}

type Form = resolve.Form

func throughSchema(ctx context.Context, in In) (resolve.Elicit[resolve.Form], error) {
	schema := &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"ok": {Type: "boolean", Description: "asked at " + time.Now().String()},
		},
	}
	return resolve.AskForm("Confirm?", schema), nil // want `^resolve.AskForm: the question's schema depends on time.Now`
}

func throughSampling(ctx context.Context, in In) (resolve.Elicit[*mcp.CreateMessageWithToolsResult], error) {
	return resolve.AskSampling(&mcp.CreateMessageWithToolsParams{ // want `^resolve.AskSampling: the question's sampling request depends on time.Now`
		MaxTokens: 100,
		Messages: []*mcp.SamplingMessageV2{{
			Role:    "user",
			Content: []mcp.Content{&mcp.TextContent{Text: "Summarize " + in.Title + " as of " + time.Now().String()}},
		}},
	}), nil
}

// Deadline is computed, not asked, every round.
type Deadline struct{ At string }

func deadline(ctx context.Context, in In) (resolve.Elicit[Deadline], error) {
	return resolve.Given(Deadline{At: time.Now().Add(time.Hour).String()}), nil
}

type Ack struct {
	OK bool `json:"ok"`
}

func confirmDeadline(ctx context.Context, in In, d Deadline) (resolve.Elicit[Ack], error) {
	return resolve.Ask[Ack]("Finish by " + d.At + "?"), nil // want `message depends on the value resolver deadline gives \(the result of a.deadline \(time.Now\)\)`
}

func finish(ctx context.Context, req *mcp.CallToolRequest, in In, a Ack) (Out, error) {
	return Out{OK: a.OK}, nil
}

func register(s *mcp.Server) {
	resolve.MustAddTool(s, &mcp.Tool{Name: "finish"}, finish, deadline, confirmDeadline)
}
