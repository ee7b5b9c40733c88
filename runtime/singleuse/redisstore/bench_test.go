package redisstore_test

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mcplint/mcplint/internal/cputime"
	"github.com/mcplint/mcplint/internal/redisserver"
	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/singleuse"
	"github.com/mcplint/mcplint/runtime/singleuse/redisstore"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"
)

type name struct {
	Name string `json:"name"`
}

type color struct {
	Color string `json:"color"`
}

// BenchmarkThreeRoundsRedis is the three-round call of the runtime's
// BenchmarkThreeRoundsSingleUse (two dependent questions, the go-sdk client
// retrying by itself over in-memory transports) with spent calls in a real
// redis-server on loopback, and in memory, in one run: a Spent check on
// rounds 2 and 3 and a SET NX before the handler, each a round trip to
// Redis.
func BenchmarkThreeRoundsRedis(b *testing.B) {
	srv := redisserver.ForTest(b)
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	b.Cleanup(func() { rdb.Close() })
	for _, v := range []struct {
		name string
		opts *resolve.Options
	}{{"store=redis", &resolve.Options{SpentStore: redisstore.New(rdb, nil)}}, {"store=memory", nil}} {
		b.Run(v.name, func(b *testing.B) {
			rt, err := resolve.New(v.opts)
			if err != nil {
				b.Fatal(err)
			}
			s := mcp.NewServer(&mcp.Implementation{Name: "bench", Version: "v1"}, nil)
			askName := func(ctx context.Context) (resolve.Elicit[name], error) { return resolve.Ask[name]("Your name?"), nil }
			askColor := func(ctx context.Context, n name) (resolve.Elicit[color], error) {
				return resolve.Ask[color]("Favorite color, " + n.Name + "?"), nil
			}
			handler := func(ctx context.Context, req *mcp.CallToolRequest, in struct{}, n name, c color) (string, error) {
				return n.Name + " likes " + c.Color, nil
			}
			if err := rt.AddTool(s, &mcp.Tool{Name: "multi_round"}, handler, askName, askColor); err != nil {
				b.Fatal(err)
			}
			ct, st := mcp.NewInMemoryTransports()
			ss, err := s.Connect(context.Background(), st, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer ss.Close()
			client := mcp.NewClient(&mcp.Implementation{Name: "bench", Version: "v1"}, &mcp.ClientOptions{
				ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					if strings.HasPrefix(req.Params.Message, "Your name") {
						return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "ada"}}, nil
					}
					return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"color": "green"}}, nil
				},
			})
			cs, err := client.Connect(context.Background(), ct, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer cs.Close()
			b.ReportAllocs()
			cpu := cputime.Start()
			for b.Loop() {
				res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "multi_round", Arguments: map[string]any{}})
				if err != nil || res.IsError {
					b.Fatalf("call: %+v %v", res, err)
				}
			}
			// This process's CPU time per call, as the runtime's benchmarks
			// report it; redis-server's own is not in it, its round trips
			// are in ns/op.
			cpu.Report(b)
		})
	}
}

// BenchmarkStoreOps is what single use asks of its store in a three-round
// call: a Spent check on rounds 2 and 3 and the Spend before the handler,
// one id per call, in Redis on loopback and in memory.
func BenchmarkStoreOps(b *testing.B) {
	srv := redisserver.ForTest(b)
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	b.Cleanup(func() { rdb.Close() })
	for _, v := range []struct {
		name  string
		store singleuse.Store
	}{{"store=redis", redisstore.New(rdb, nil)}, {"store=memory", singleuse.NewMemory(&singleuse.MemoryOptions{Max: 1 << 22})}} {
		b.Run(v.name, func(b *testing.B) {
			ctx := context.Background()
			until := time.Now().Add(time.Hour)
			run, i := rand.Text(), 0 // ids of their own in every run
			for b.Loop() {
				i++
				id := fmt.Sprintf("%s-%d", run, i)
				for range 2 {
					if spent, err := v.store.Spent(ctx, id); err != nil || spent {
						b.Fatal(spent, err)
					}
				}
				if err := v.store.Spend(ctx, id, until); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
