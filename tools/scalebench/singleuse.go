package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mcplint/mcplint/internal/redisserver"
	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// runSingleUse runs the resolver tool on replicas three ways, single use
// off, spent calls in each replica's memory, and in one Redis they share,
// measures each, and then replays every confirmed call's final request on
// every replica directly: with Redis, no replay may run the handler. A
// fault phase stops Redis under load: calls must fail closed, with a tool
// error and no handler run, and succeed again once it is back.
func runSingleUse(ctx context.Context, cfg config) error {
	bin := redisserver.Find()
	if bin == "" {
		return errors.New("redis-server is not installed: `go run -C tools ./cmd/installredis` unpacks Debian's package into .cache/redis/, or set " + redisserver.Env)
	}
	rs, err := redisserver.Start(bin)
	if err != nil {
		return err
	}
	defer rs.Close()
	fmt.Println()
	ring := seal.GenerateKey()
	for _, store := range []string{storeOff, storeMemory, storeRedis} {
		if err := singleUsePhase(ctx, cfg, ring, store, rs); err != nil {
			return fmt.Errorf("single use %s: %w", store, err)
		}
	}
	return nil
}

var storeTitles = map[string]string{
	storeOff:    "single use off (Options.Replayable)",
	storeMemory: "single use, spent calls in each replica's memory (the default)",
	storeRedis:  "single use, spent calls in one shared Redis (redisstore)",
}

func singleUsePhase(ctx context.Context, cfg config, ring, store string, rs *redisserver.Server) error {
	c, err := startCluster(cfg.replicas, ring, "-store", store, "-redis", rs.Addr())
	if err != nil {
		return err
	}
	defer c.stop()
	var mu sync.Mutex
	var finals []*mcp.CallToolParams
	confirmed := func(p *mcp.CallToolParams) {
		mu.Lock()
		finals = append(finals, p)
		mu.Unlock()
	}
	callers, err := connectAll(ctx, cfg.clients, func(int) (caller, error) {
		cl, err := newResolverCaller(ctx, c.url("/resolvers"))
		if err == nil {
			cl.(*resolverCaller).confirmed = confirmed
		}
		return cl, err
	})
	if err != nil {
		return err
	}
	defer closeAll(callers)
	fmt.Printf("== %s: %d replicas behind the proxy, 2026-07-28 sessions\n", storeTitles[store], cfg.replicas)
	if err := measureCalls(ctx, c, cfg, callers, nil, false); err != nil {
		return err
	}
	runs, err := c.reservations()
	if err != nil {
		return err
	}
	if runs != int64(len(finals)) {
		return fmt.Errorf("%d handler runs for %d confirmed calls", runs, len(finals))
	}
	if err := replayPhase(ctx, cfg, c, store, finals); err != nil {
		return err
	}
	if store == storeRedis {
		if err := faultPhase(ctx, cfg, c, callers, rs); err != nil {
			return err
		}
	}
	fmt.Println()
	return nil
}

// replayPhase sends every confirmed call's final request again to every
// replica, bypassing the proxy, and counts the handler runs it causes.
func replayPhase(ctx context.Context, cfg config, c *cluster, store string, finals []*mcp.CallToolParams) error {
	direct := make([]*resolverCaller, len(c.replicas))
	for i, r := range c.replicas {
		cl, err := newResolverCaller(ctx, "http://"+r.addr+"/resolvers")
		if err != nil {
			return err
		}
		defer cl.close()
		direct[i] = cl.(*resolverCaller)
	}
	before, err := c.reservations()
	if err != nil {
		return err
	}
	var next, ran, refused, other atomic.Int64
	var firstOther atomic.Value
	var wg sync.WaitGroup
	start := time.Now()
	for range cfg.clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= len(finals)*len(direct) {
					return
				}
				p := *finals[i/len(direct)] // a copy: the client writes its _meta
				res, err := direct[i%len(direct)].cs.CallTool(ctx, &p)
				switch {
				case err == nil && !res.IsError:
					ran.Add(1)
				case isInvalidState(err):
					refused.Add(1)
				default:
					other.Add(1)
					firstOther.CompareAndSwap(nil, fmt.Sprint(res, err))
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	after, err := c.reservations()
	if err != nil {
		return err
	}
	replays := len(finals) * len(direct)
	fmt.Printf("replay         each of %d confirmed calls' final request sent again to each of the %d replicas: %d replays, %.0f/s\n",
		len(finals), len(direct), replays, float64(replays)/elapsed.Seconds())
	fmt.Printf("               ran the handler again %d, refused with -32602 %d, other %d; handler runs %d for %d confirmations\n",
		ran.Load(), refused.Load(), other.Load(), after, len(finals))
	if other.Load() > 0 {
		return fmt.Errorf("replays answered otherwise than run or -32602, first: %v", firstOther.Load())
	}
	switch store {
	case storeRedis:
		if after != before || ran.Load() != 0 {
			return fmt.Errorf("%d replays ran the handler with a shared store", after-before)
		}
	case storeMemory:
		// The replica that spent a call refuses its replay; the others
		// do not know it.
		fmt.Printf("               each replica's memory knows only the calls it spent: %d of %d replays ran on another replica\n", ran.Load(), replays)
	}
	return nil
}

// faultPhase stops Redis once a third of the calls completed, and starts
// it again once five calls have failed: the calls in between must
// fail closed (a tool error, no handler run), the calls begun after it is
// back must succeed.
func faultPhase(ctx context.Context, cfg config, c *cluster, callers []caller, rs *redisserver.Server) error {
	before, err := c.reservations()
	if err != nil {
		return err
	}
	var (
		next, completed, ok, closed, other atomic.Int64
		afterOK, afterFailed               atomic.Int64
		restarted                          atomic.Int64 // Unix nanoseconds, once Redis is back
		mu                                 sync.Mutex
		messages                           = map[string]int{}
		closedTook                         []time.Duration // how long each call that failed closed took
		firstOther                         error
		wg                                 sync.WaitGroup
	)
	const recovery = 1500 * time.Millisecond
	phaseStart := time.Now()
	var firstBack atomic.Int64 // Unix nanoseconds of the first success after the restart
	outage := make(chan error, 1)
	var down time.Duration
	go func() {
		for completed.Load() < int64(cfg.calls/3) {
			time.Sleep(2 * time.Millisecond)
		}
		rs.Stop()
		stopped := time.Now()
		// Long enough for several calls to meet it.
		for closed.Load()+other.Load() < int64(min(len(callers), 5)) && time.Since(stopped) < 5*time.Second {
			time.Sleep(5 * time.Millisecond)
		}
		err := rs.Restart()
		down = time.Since(stopped)
		restarted.Store(time.Now().UnixNano())
		outage <- err
	}()
	for _, cl := range callers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				id := next.Add(1)
				// Calls go on until the outage is over and the calls
				// begun after it are a third of the run.
				if id > int64(cfg.calls) && afterOK.Load()+afterFailed.Load() >= int64(cfg.calls/3) || time.Since(phaseStart) > time.Minute {
					return
				}
				began := time.Now().UnixNano()
				_, err := cl.call(ctx, id, nil)
				completed.Add(1)
				back := restarted.Load()
				var te *toolError
				switch {
				case err == nil:
					ok.Add(1)
					if back != 0 {
						firstBack.CompareAndSwap(0, time.Now().UnixNano())
					}
				case errors.As(err, &te):
					closed.Add(1)
					mu.Lock()
					messages[te.text]++
					closedTook = append(closedTook, time.Duration(time.Now().UnixNano()-began))
					mu.Unlock()
				default:
					other.Add(1)
					mu.Lock()
					if firstOther == nil {
						firstOther = err
					}
					mu.Unlock()
				}
				// go-redis fails fast for a while after its dials failed,
				// and probes Redis once a second: a call begun a second and
				// a half after the restart finds every replica's pool back.
				if back != 0 && began > back+int64(recovery) {
					if err == nil {
						afterOK.Add(1)
					} else {
						afterFailed.Add(1)
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := <-outage; err != nil {
		return fmt.Errorf("restarting Redis: %w", err)
	}
	after, err := c.reservations()
	if err != nil {
		return err
	}
	fmt.Printf("fault          Redis stopped after %d calls for %.0f ms, then started again (empty)\n", cfg.calls/3, float64(down)/float64(time.Millisecond))
	fmt.Printf("               %d calls succeeded, %d failed closed with a tool error, %d otherwise; handler runs %d for %d successes\n",
		ok.Load(), closed.Load(), other.Load(), after-before, ok.Load())
	for msg, n := range messages {
		fmt.Printf("               %d× %q\n", n, msg)
	}
	if len(closedTook) > 0 {
		fmt.Printf("               a call that failed closed took p50 %.0f ms, p99 %.0f ms (go-redis's default retries and dial backoff)\n",
			quantile(closedTook, 0.5), quantile(closedTook, 0.99))
	}
	if fb := firstBack.Load(); fb != 0 {
		fmt.Printf("               first success %.0f ms after the restart; begun %v after it: %d succeeded, %d failed\n",
			float64(fb-restarted.Load())/float64(time.Millisecond), recovery, afterOK.Load(), afterFailed.Load())
	}
	switch {
	case other.Load() > 0:
		return fmt.Errorf("%d calls failed otherwise than closed, first: %v", other.Load(), firstOther)
	case closed.Load() == 0:
		return errors.New("no call met the outage")
	case after-before != ok.Load():
		return fmt.Errorf("%d handler runs for %d successful calls", after-before, ok.Load())
	case afterFailed.Load() > 0 || afterOK.Load() == 0:
		return fmt.Errorf("after the restart %d calls failed, %d succeeded", afterFailed.Load(), afterOK.Load())
	}
	return nil
}

// isInvalidState reports whether err is the -32602 of rejected state.
func isInvalidState(err error) bool {
	var wire *jsonrpc.Error
	return errors.As(err, &wire) && wire.Code == jsonrpc.CodeInvalidParams && wire.Message == "Invalid or expired requestState"
}
