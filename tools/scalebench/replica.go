package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/singleuse/redisstore"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/redis/go-redis/v9"
)

// The tool both ways: a show ticket that needs a guest's name and then a
// seat chosen for that guest, two dependent questions, three rounds.

// ReserveIn is the tool's input.
type ReserveIn struct {
	Show string `json:"show"`
}

// Guest is the answer to the first question.
type Guest struct {
	Name string `json:"name"`
}

// Seat is the answer to the second question, which names the guest.
type Seat struct {
	Seat string `json:"seat"`
}

// Reservation is the tool's result.
type Reservation struct {
	Show  string `json:"show"`
	Guest string `json:"guest"`
	Seat  string `json:"seat"`
}

func seatQuestion(guest string) string { return "Which seat for " + guest + "?" }

const guestQuestion = "Who is the guest?"

func askGuest(ctx context.Context, in ReserveIn) (resolve.Elicit[Guest], error) {
	return resolve.Ask[Guest](guestQuestion), nil
}

func askSeat(ctx context.Context, in ReserveIn, g Guest) (resolve.Elicit[Seat], error) {
	return resolve.Ask[Seat](seatQuestion(g.Name)), nil
}

// reservations counts the runs of the resolver tool's handler in this
// replica: the replay phase compares them with the confirmations.
var reservations atomic.Int64

func reserve(ctx context.Context, req *mcp.CallToolRequest, in ReserveIn, g Guest, s Seat) (Reservation, error) {
	reservations.Add(1)
	return Reservation{Show: in.Show, Guest: g.Name, Seat: s.Seat}, nil
}

// The single-use configurations of a replica: where its spent calls go.
const (
	storeOff    = "off"    // single use off (Options.Replayable)
	storeMemory = "memory" // the default: a store in each replica's memory
	storeRedis  = "redis"  // one Redis that every replica shares
)

// quiet is a go-redis logger that drops what it is told.
type quiet struct{}

func (quiet) Printf(context.Context, string, ...any) {}

// resolverServer serves the tool with resolvers: on 2026-07-28 sessions the
// server keeps nothing between rounds, so replicas run stateless, with
// their spent calls in store (a storeOff, storeMemory or storeRedis) and,
// for storeRedis, in the Redis at redisAddr.
func resolverServer(store, redisAddr string) (*mcp.Server, error) {
	// The driver checks every outcome itself; the replicas' records of
	// each refused replay and failed store call would drown its report.
	opts := &resolve.Options{Logger: slog.New(slog.DiscardHandler)}
	switch store {
	case storeOff:
		opts.Replayable = true
	case storeRedis:
		redis.SetLogger(quiet{}) // its pool logs each failed dial of the fault phase
		opts.SpentStore = redisstore.New(redis.NewClient(&redis.Options{Addr: redisAddr}), nil)
	case storeMemory:
	default:
		return nil, fmt.Errorf("unknown store %q", store)
	}
	rt, err := resolve.New(opts)
	if err != nil {
		return nil, err
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "seats", Version: "v1"}, nil)
	err = rt.AddTool(s, &mcp.Tool{Name: "reserve", Description: "Reserve a seat at a show."}, reserve, askGuest, askSeat)
	return s, err
}

// elicitServer serves the same tool written by hand with Session.Elicit, as
// on a 2025-11-25 session: the handler waits for each answer, holding its
// goroutine and a pending request per waiting user.
func elicitServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "seats", Version: "v1"}, nil)
	form := func(field string) json.RawMessage {
		return json.RawMessage(fmt.Sprintf(`{"type":"object","properties":{%q:{"type":"string"}},"required":[%q]}`, field, field))
	}
	ask := func(ctx context.Context, req *mcp.CallToolRequest, message, field string) (string, error) {
		//mcplint:ignore syncask this server is the legacy side of the benchmark: only the benchmark's own 2025-11-25 clients (drive.go) call it
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: message, RequestedSchema: form(field)})
		if err != nil {
			return "", err
		}
		v, ok := res.Content[field].(string)
		if res.Action != "accept" || !ok {
			return "", fmt.Errorf("no %s given", field)
		}
		return v, nil
	}
	mcp.AddTool(s, &mcp.Tool{Name: "reserve", Description: "Reserve a seat at a show."},
		func(ctx context.Context, req *mcp.CallToolRequest, in ReserveIn) (*mcp.CallToolResult, Reservation, error) {
			guest, err := ask(ctx, req, guestQuestion, "name")
			if err != nil {
				return nil, Reservation{}, err
			}
			seat, err := ask(ctx, req, seatQuestion(guest), "seat")
			if err != nil {
				return nil, Reservation{}, err
			}
			return nil, Reservation{Show: in.Show, Guest: guest, Seat: seat}, nil
		})
	return s
}

// memStats is what a replica reports of its memory: live heap and
// goroutine stacks, after a collection.
type memStats struct {
	Heap       uint64 `json:"heap"`
	Stacks     uint64 `json:"stacks"`
	Goroutines int    `json:"goroutines"`
}

func readMem() memStats {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return memStats{Heap: m.HeapAlloc, Stacks: m.StackInuse, Goroutines: runtime.NumGoroutine()}
}

// runReplica serves /resolvers (stateless) and /elicit (stateful sessions)
// on addr, prints its address, and shuts down gracefully on SIGTERM: it
// stops accepting and finishes the requests in flight.
func runReplica(addr, store, redisAddr string) error {
	rs, err := resolverServer(store, redisAddr)
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/resolvers", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return rs }, &mcp.StreamableHTTPOptions{Stateless: true}))
	es := elicitServer()
	mux.Handle("/elicit", mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return es }, nil))
	mux.HandleFunc("/debug/mem", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(readMem())
	})
	mux.HandleFunc("/debug/reservations", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(reservations.Load())
	})
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(ln.Addr())
	var mu sync.Mutex
	active := map[net.Conn]bool{} // connections serving a request
	busy := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(active) > 0
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second,
		ConnState: func(c net.Conn, state http.ConnState) {
			mu.Lock()
			defer mu.Unlock()
			if state == http.StateActive {
				active[c] = true
			} else {
				delete(active, c)
			}
		}}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	drained := make(chan struct{})
	go func() {
		<-ctx.Done()
		// Stop accepting and close idle connections; then wait for the
		// requests in flight and close the rest. Shutdown alone would also
		// wait up to 5s for connections that never sent a request, such as
		// the spare connections a proxy dials ahead.
		go srv.Shutdown(context.Background())
		for deadline := time.Now().Add(10 * time.Second); busy() && time.Now().Before(deadline); {
			time.Sleep(10 * time.Millisecond)
		}
		srv.Close()
		close(drained)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-drained
	return nil
}
