package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type config struct {
	clients, calls, replicas int
	only                     string // "resolvers", "elicit", or "" for both
}

// rounds are the latencies of the three rounds of one call.
type rounds [3]time.Duration

// caller makes complete calls from one client. pause, if not nil, runs
// between the first and the second round, while the call waits for its
// user.
type caller interface {
	call(ctx context.Context, id int64, pause func()) (rounds, error)
	close()
}

func run(cfg config) error {
	oldKey, newKey := seal.GenerateKey(), seal.GenerateKey()
	c, err := startCluster(cfg.replicas, oldKey)
	if err != nil {
		return err
	}
	defer c.stop()
	ctx := context.Background()
	if cfg.only == "" || cfg.only == "resolvers" {
		if err := runResolvers(ctx, c, cfg, oldKey, newKey); err != nil {
			return err
		}
	}
	if cfg.only == "" || cfg.only == "elicit" {
		if err := runElicit(ctx, c, cfg); err != nil {
			return err
		}
	}
	if cfg.only == "" || cfg.only == "singleuse" {
		return runSingleUse(ctx, cfg)
	}
	return nil
}

func runResolvers(ctx context.Context, c *cluster, cfg config, oldKey, newKey string) error {
	// The resolver tool, with the key ring rotated during the run: first
	// every replica also opens NEW, then every replica seals with NEW and
	// still opens OLD, one restart at a time.
	resolverClients, err := connectAll(ctx, cfg.clients, func(int) (caller, error) { return newResolverCaller(ctx, c.url("/resolvers")) })
	if err != nil {
		return err
	}
	rotation := func() error {
		for _, ring := range []string{oldKey + "," + newKey, newKey + "," + oldKey} {
			for i := range c.replicas {
				if err := c.restart(i, ring); err != nil {
					return err
				}
			}
		}
		return nil
	}
	fmt.Printf("== resolvers, 2026-07-28 sessions: %d stateless replicas (sealed state, shared %s) behind a round-robin proxy\n", cfg.replicas, seal.KeysEnv)
	err = measure(ctx, c, cfg, resolverClients, rotation)
	closeAll(resolverClients)
	if err != nil {
		return err
	}
	fmt.Printf("key ring rotated mid-run: OLD -> OLD,NEW -> NEW,OLD, one replica at a time (%d restarts)\n\n", c.restarts)
	return nil
}

func runElicit(ctx context.Context, c *cluster, cfg config) error {
	// A stateful session must stay on its replica, so each client talks to
	// one replica directly, the clients spread over them in turn, as a
	// load balancer with sticky sessions would place them.
	elicitClients, err := connectAll(ctx, cfg.clients, func(i int) (caller, error) {
		return newElicitCaller(ctx, "http://"+c.replicas[i%len(c.replicas)].addr+"/elicit")
	})
	if err != nil {
		return err
	}
	fmt.Printf("== Session.Elicit, 2025-11-25 sessions: %d replicas (stateful sessions), each client on one replica\n", cfg.replicas)
	defer closeAll(elicitClients) // before the replicas stop: sessions hold a stream open
	return measure(ctx, c, cfg, elicitClients, nil)
}

func closeAll(callers []caller) {
	for _, c := range callers {
		c.close()
	}
}

func connectAll(ctx context.Context, n int, connect func(i int) (caller, error)) ([]caller, error) {
	callers := make([]caller, n)
	for i := range callers {
		var err error
		if callers[i], err = connect(i); err != nil {
			return nil, err
		}
	}
	return callers, nil
}

// measure runs one call per client held between rounds to read the
// servers' memory, then cfg.calls complete calls, with rotate running
// concurrently, and prints the figures. It fails if any call failed.
func measure(ctx context.Context, c *cluster, cfg config, callers []caller, rotate func() error) error {
	return measureCalls(ctx, c, cfg, callers, rotate, true)
}

// measureCalls is measure, with the memory waves or without.
func measureCalls(ctx context.Context, c *cluster, cfg config, callers []caller, rotate func() error, waves bool) error {
	perCall := "not measured in this phase"
	if waves {
		var err error
		if perCall, err = waveMemory(ctx, c, callers); err != nil {
			return err
		}
	}
	before, err := c.served()
	if err != nil {
		return err
	}
	var (
		next, completed, failed atomic.Int64
		mu                      sync.Mutex
		latencies               [3][]time.Duration
		firstErrs               []error
		wg                      sync.WaitGroup
	)
	rotated := make(chan error, 1)
	if rotate == nil {
		rotated <- nil
		close(rotated)
	} else {
		// The rotation starts after a quarter of the calls, and the last
		// tenth start only after it is over, so that calls run before,
		// during and after it.
		go func() {
			for completed.Load() < int64(cfg.calls/4) && failed.Load() == 0 {
				time.Sleep(5 * time.Millisecond)
			}
			rotated <- rotate()
			close(rotated)
		}()
	}
	var rotateErr error
	var rotateOnce sync.Once
	waitRotation := func() {
		rotateOnce.Do(func() { rotateErr = <-rotated })
	}
	start := time.Now()
	for _, cl := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				id := next.Add(1)
				if id > int64(cfg.calls) {
					return
				}
				if id > int64(cfg.calls*9/10) {
					waitRotation()
				}
				r, err := cl.call(ctx, id, nil)
				completed.Add(1)
				mu.Lock()
				if err != nil {
					failed.Add(1)
					if len(firstErrs) < 5 {
						firstErrs = append(firstErrs, fmt.Errorf("call %d: %w", id, err))
					}
				} else {
					for i := range r {
						latencies[i] = append(latencies[i], r[i])
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	waitRotation()
	if rotateErr != nil {
		return fmt.Errorf("rotating the key ring: %w", rotateErr)
	}
	after, err := c.served()
	if err != nil {
		return err
	}
	fmt.Printf("calls          %d by %d clients, 3 rounds each\n", cfg.calls, len(callers))
	fmt.Printf("calls/s        %.0f\n", float64(cfg.calls)/elapsed.Seconds())
	for i := range latencies {
		fmt.Printf("round %d        p50 %6.2f ms   p99 %6.2f ms\n", i+1, quantile(latencies[i], 0.50), quantile(latencies[i], 0.99))
	}
	fmt.Printf("failed calls   %d\n", failed.Load())
	per, proxied := make([]int64, len(after)), false
	for i := range after {
		per[i] = after[i] - before[i]
		proxied = proxied || per[i] > 0
	}
	if proxied {
		fmt.Printf("HTTP requests per replica through the proxy  %v\n", per)
	}
	fmt.Printf("server memory per call waiting between rounds: %s\n", perCall)
	for _, err := range firstErrs {
		fmt.Println("  ", err)
	}
	if failed.Load() > 0 {
		return fmt.Errorf("%d failed calls", failed.Load())
	}
	return nil
}

// waveMemory starts one call per client, holds every call between its
// first and second round, and reads what the replicas hold for them: their
// memory then, less their memory before, when the calls had not started.
// A first wave, not measured, opens the connections that a wave needs, so
// that both readings have the same sessions and connections open.
func waveMemory(ctx context.Context, c *cluster, callers []caller) (string, error) {
	if _, _, err := wave(ctx, c, callers); err != nil {
		return "", err
	}
	idle, waiting, err := wave(ctx, c, callers)
	if err != nil {
		return "", err
	}
	n := int64(len(callers))
	heap := (int64(waiting.Heap) - int64(idle.Heap)) / n
	stacks := (int64(waiting.Stacks) - int64(idle.Stacks)) / n
	return fmt.Sprintf("%.1f KiB (heap %+.1f KiB, stacks %+.1f KiB, goroutines %+.1f; %d calls waiting, all replicas)",
		float64(heap+stacks)/1024, float64(heap)/1024, float64(stacks)/1024,
		float64(waiting.Goroutines-idle.Goroutines)/float64(n), n), nil
}

// wave reads the replicas' memory, then starts one call per client and
// reads it again while every call waits between its first and second
// round, and lets the calls complete.
func wave(ctx context.Context, c *cluster, callers []caller) (idle, waiting memStats, err error) {
	if idle, err = c.mem(); err != nil {
		return
	}
	var arrived, wg sync.WaitGroup
	release := make(chan struct{})
	errs := make(chan error, len(callers))
	arrived.Add(len(callers))
	for i, cl := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var once sync.Once
			_, err := cl.call(ctx, int64(-i-1), func() { once.Do(arrived.Done); <-release })
			once.Do(arrived.Done) // a call that failed before its pause
			errs <- err
		}()
	}
	arrived.Wait()
	waiting, err = c.mem()
	close(release)
	wg.Wait()
	close(errs)
	for e := range errs {
		if e != nil {
			return idle, waiting, fmt.Errorf("memory wave: %w", e)
		}
	}
	return idle, waiting, err
}

func quantile(d []time.Duration, q float64) float64 {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return float64(d[int(q*float64(len(d)-1))]) / float64(time.Millisecond)
}

// httpClient keeps connections to the proxy open for every client.
var httpClient = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 256, IdleConnTimeout: 30 * time.Second}}

func answers(id int64) (guest, seat string) {
	return fmt.Sprintf("guest-%d", id), fmt.Sprintf("%d%c", (id%40+40)%40+1, 'A'+(id%6+6)%6)
}

// A toolError is a call that ended with a tool error: the server refused
// it and said why.
type toolError struct{ text string }

func (e *toolError) Error() string { return "tool error: " + e.text }

func checkReservation(res *mcp.CallToolResult, guest, seat string) error {
	if res.IsError {
		var parts []string
		for _, c := range res.Content {
			if t, ok := c.(*mcp.TextContent); ok {
				parts = append(parts, t.Text)
			}
		}
		return &toolError{strings.Join(parts, "\n")}
	}
	if res.StructuredContent == nil {
		return fmt.Errorf("result %+v", res.Content)
	}
	data, err := json.Marshal(res.StructuredContent)
	if err != nil {
		return err
	}
	var r Reservation
	if err := json.Unmarshal(data, &r); err != nil {
		return err
	}
	if r != (Reservation{Show: "Hamlet", Guest: guest, Seat: seat}) {
		return fmt.Errorf("reservation %+v, want %s in %s", r, guest, seat)
	}
	return nil
}

// resolverCaller drives the rounds itself, as a host does: each round is
// one tools/call, which the proxy may send to any replica.
type resolverCaller struct {
	cs *mcp.ClientSession
	// confirmed, if set, receives the final request of every call that
	// completed: the request that carried the last answer and the state.
	confirmed func(*mcp.CallToolParams)
}

func newResolverCaller(ctx context.Context, endpoint string) (caller, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "scalebench", Version: "v1"}, &mcp.ClientOptions{
		ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return nil, errors.New("the driver answers input requests itself")
		},
		MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true},
	})
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: httpClient}, nil)
	if err != nil {
		return nil, err
	}
	return &resolverCaller{cs: cs}, nil
}

func (c *resolverCaller) close() { c.cs.Close() }

func (c *resolverCaller) call(ctx context.Context, id int64, pause func()) (rounds, error) {
	var r rounds
	guest, seat := answers(id)
	params := &mcp.CallToolParams{Name: "reserve", Arguments: ReserveIn{Show: "Hamlet"}}
	round := func(i int, state string, responses mcp.InputResponseMap) (*mcp.CallToolResult, error) {
		start := time.Now()
		p := *params
		p.RequestState, p.InputResponses = state, responses
		res, err := c.cs.CallTool(ctx, &p)
		r[i] = time.Since(start)
		if err == nil && res.IsError {
			return nil, checkReservation(res, "", "") // the tool error
		}
		return res, err
	}
	r1, err := round(0, "", nil)
	if err != nil {
		return r, err
	}
	if q, ok := r1.InputRequests["main.Guest"].(*mcp.ElicitParams); !ok || q.Message != guestQuestion {
		return r, fmt.Errorf("round 1: %+v, want the guest question", r1)
	}
	if pause != nil {
		pause()
	}
	r2, err := round(1, r1.RequestState, mcp.InputResponseMap{"main.Guest": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": guest}}})
	if err != nil {
		return r, err
	}
	if q, ok := r2.InputRequests["main.Seat"].(*mcp.ElicitParams); !ok || q.Message != seatQuestion(guest) {
		return r, fmt.Errorf("round 2: %+v, want the seat question", r2)
	}
	last := mcp.InputResponseMap{"main.Seat": &mcp.ElicitResult{Action: "accept", Content: map[string]any{"seat": seat}}}
	r3, err := round(2, r2.RequestState, last)
	if err != nil {
		return r, err
	}
	if err := checkReservation(r3, guest, seat); err != nil {
		return r, err
	}
	if c.confirmed != nil {
		c.confirmed(&mcp.CallToolParams{Name: params.Name, Arguments: params.Arguments, RequestState: r2.RequestState, InputResponses: last})
	}
	return r, nil
}

// elicitCaller is a 2025-11-25 client whose user answers the server's
// elicitation requests; a round ends when the next request (or the result)
// arrives.
type elicitCaller struct {
	cs *mcp.ClientSession
	// The call in flight (one per client at a time).
	guest, seat string
	pause       func()
	mark        time.Time
	r           rounds
}

func newElicitCaller(ctx context.Context, endpoint string) (caller, error) {
	c := &elicitCaller{}
	client := mcp.NewClient(&mcp.Implementation{Name: "scalebench", Version: "v1"}, &mcp.ClientOptions{ElicitationHandler: c.elicit})
	cs, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: httpClient}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		return nil, err
	}
	c.cs = cs
	return c, nil
}

func (c *elicitCaller) elicit(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	switch req.Params.Message {
	case guestQuestion:
		c.r[0] = time.Since(c.mark)
		if c.pause != nil {
			c.pause()
		}
		c.mark = time.Now()
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": c.guest}}, nil
	case seatQuestion(c.guest):
		c.r[1] = time.Since(c.mark)
		c.mark = time.Now()
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"seat": c.seat}}, nil
	}
	return nil, fmt.Errorf("unexpected question %q", req.Params.Message)
}

func (c *elicitCaller) close() { c.cs.Close() }

func (c *elicitCaller) call(ctx context.Context, id int64, pause func()) (rounds, error) {
	c.guest, c.seat = answers(id)
	c.pause, c.r = pause, rounds{}
	c.mark = time.Now()
	res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "reserve", Arguments: ReserveIn{Show: "Hamlet"}})
	c.r[2] = time.Since(c.mark)
	if err != nil {
		return c.r, err
	}
	return c.r, checkReservation(res, c.guest, c.seat)
}
