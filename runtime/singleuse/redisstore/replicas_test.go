package redisstore_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/mcplint/mcplint/internal/redisserver"
	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/mcplint/mcplint/runtime/singleuse/redisstore"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"
)

type transferIn struct {
	Amount int `json:"amount"`
}

type confirmed struct {
	OK bool `json:"ok"`
}

func askConfirm(ctx context.Context, in transferIn) (resolve.Elicit[confirmed], error) {
	return resolve.Ask[confirmed]("Move the money?"), nil
}

// replicaServer is one replica of a service: its own process state (a
// Runtime, a Redis client), the key ring and the Redis it shares with the
// others. It counts its handler's runs into runs.
func replicaServer(t *testing.T, ring [][]byte, srv *redisserver.Server, runs *atomic.Int64) *mcp.ClientSession {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr(), MaxRetries: -1})
	t.Cleanup(func() { rdb.Close() })
	codec, err := seal.New(seal.Options{Keys: ring, Audience: "bank"})
	if err != nil {
		t.Fatal(err)
	}
	rt, err := resolve.New(&resolve.Options{StateCodec: codec, SpentStore: redisstore.New(rdb, nil)})
	if err != nil {
		t.Fatal(err)
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "bank", Version: "v1"}, nil)
	err = rt.AddTool(s, &mcp.Tool{Name: "transfer"}, func(ctx context.Context, req *mcp.CallToolRequest, in transferIn, _ confirmed) (string, error) {
		runs.Add(1)
		return "moved", nil
	}, askConfirm)
	if err != nil {
		t.Fatal(err)
	}
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ss.Close() })
	client := mcp.NewClient(&mcp.Implementation{Name: "host", Version: "v1"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return nil, errors.New("the test answers by hand")
		},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// finalRequest runs the first round of a transfer on cs and returns the
// request that confirms it.
func finalRequest(t *testing.T, cs *mcp.ClientSession) *mcp.CallToolParams {
	t.Helper()
	args := map[string]any{"amount": 100}
	r1, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "transfer", Arguments: args})
	if err != nil || !r1.NeedsInput() {
		t.Fatalf("round 1 = %+v, %v; want the question", r1, err)
	}
	return &mcp.CallToolParams{Name: "transfer", Arguments: args, RequestState: r1.RequestState,
		InputResponses: mcp.InputResponseMap{"redisstore_test.confirmed": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"ok": true}}}}
}

func copyParams(p *mcp.CallToolParams) *mcp.CallToolParams {
	c := *p
	c.Meta = nil
	return &c
}

// A call confirmed on one replica and replayed on another runs once; with
// Redis down every call fails closed and nothing runs; once Redis is back
// calls run again.
func TestReplicasShareSpentCalls(t *testing.T) {
	srv := redisserver.ForTest(t)
	ring, err := seal.ParseKeys(seal.GenerateKey())
	if err != nil {
		t.Fatal(err)
	}
	var runs atomic.Int64
	a, b := replicaServer(t, ring, srv, &runs), replicaServer(t, ring, srv, &runs)
	ctx := context.Background()

	final := finalRequest(t, a)
	res, err := b.CallTool(ctx, copyParams(final)) // round 2 on the other replica
	if err != nil || res.IsError {
		t.Fatalf("final round on replica b = %+v, %v", res, err)
	}
	for _, cs := range []*mcp.ClientSession{a, b} {
		_, err := cs.CallTool(ctx, copyParams(final))
		var wire *jsonrpc.Error
		if !errors.As(err, &wire) || wire.Code != jsonrpc.CodeInvalidParams || wire.Message != "Invalid or expired requestState" {
			t.Fatalf("replay = %v, want -32602 Invalid or expired requestState", err)
		}
	}
	if runs.Load() != 1 {
		t.Fatalf("handler ran %d times for one confirmation", runs.Load())
	}

	// Redis down: the final round fails closed with the fixed tool error,
	// and the handler does not run.
	pending := finalRequest(t, a)
	srv.Stop()
	res, err = b.CallTool(ctx, copyParams(pending))
	if err != nil || !res.IsError || len(res.Content) != 1 || res.Content[0].(*mcp.TextContent).Text != engine.StoreFailedMessage {
		t.Fatalf("with Redis down = %+v, %v; want the tool error %q", res, err, engine.StoreFailedMessage)
	}
	if runs.Load() != 1 {
		t.Fatalf("handler ran with Redis down")
	}

	// Redis back (empty, as after a restart without persistence): the
	// pending call completes, once.
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	res, err = a.CallTool(ctx, copyParams(pending))
	if err != nil || res.IsError {
		t.Fatalf("once Redis is back = %+v, %v", res, err)
	}
	if _, err := b.CallTool(ctx, copyParams(pending)); err == nil {
		t.Fatal("replay once Redis is back ran again")
	}
	if runs.Load() != 2 {
		t.Fatalf("handler ran %d times, want 2", runs.Load())
	}
}
