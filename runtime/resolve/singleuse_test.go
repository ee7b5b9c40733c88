package resolve

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/mcplint/mcplint/runtime/singleuse"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The steps of a transfer: each a confirmation that depends on the one
// before, so that a transfer of n steps takes n+1 rounds.
type (
	step1 struct{ OK bool }
	step2 struct{ OK bool }
	step3 struct{ OK bool }
	step4 struct{ OK bool }
	step5 struct{ OK bool }
	step6 struct{ OK bool }
	step7 struct{ OK bool }
	step8 struct{ OK bool }
	step9 struct{ OK bool }
)

type transferIn struct {
	Amount int `json:"amount"`
}

func stepQuestion(k int) string { return fmt.Sprintf("confirm step %d of the transfer", k) }

func ask1(ctx context.Context, in transferIn) (Elicit[step1], error) {
	return Ask[step1](stepQuestion(1)), nil
}
func ask2(_ step1) (Elicit[step2], error) { return Ask[step2](stepQuestion(2)), nil }
func ask3(_ step2) (Elicit[step3], error) { return Ask[step3](stepQuestion(3)), nil }
func ask4(_ step3) (Elicit[step4], error) { return Ask[step4](stepQuestion(4)), nil }
func ask5(_ step4) (Elicit[step5], error) { return Ask[step5](stepQuestion(5)), nil }
func ask6(_ step5) (Elicit[step6], error) { return Ask[step6](stepQuestion(6)), nil }
func ask7(_ step6) (Elicit[step7], error) { return Ask[step7](stepQuestion(7)), nil }
func ask8(_ step7) (Elicit[step8], error) { return Ask[step8](stepQuestion(8)), nil }
func ask9(_ step8) (Elicit[step9], error) { return Ask[step9](stepQuestion(9)), nil }

// transferTool registers "transfer", which moves money after n
// confirmations (1, 2 or 9), and counts the handler's runs.
func transferTool(t testing.TB, rt *Runtime, s *mcp.Server, n int, runs *counter) {
	t.Helper()
	moved := func(in transferIn) (string, error) {
		runs.inc()
		return fmt.Sprintf("moved %d", in.Amount), nil
	}
	var err error
	tool := &mcp.Tool{Name: "transfer"}
	switch n {
	case 1:
		err = rt.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in transferIn, _ step1) (string, error) {
			return moved(in)
		}, ask1)
	case 2:
		err = rt.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in transferIn, _ step1, _ step2) (string, error) {
			return moved(in)
		}, ask1, ask2)
	case 9:
		err = rt.AddTool(s, tool, func(ctx context.Context, req *mcp.CallToolRequest, in transferIn,
			_ step1, _ step2, _ step3, _ step4, _ step5, _ step6, _ step7, _ step8, _ step9) (string, error) {
			return moved(in)
		}, ask1, ask2, ask3, ask4, ask5, ask6, ask7, ask8, ask9)
	default:
		t.Fatalf("no transfer of %d steps", n)
	}
	if err != nil {
		t.Fatal(err)
	}
}

var transferArgs = map[string]any{"amount": 100}

// movedText is the text of the transfer's result.
const movedText = `"moved 100"`

// confirmEvery answers every question of a round.
func confirmEvery(res *mcp.CallToolResult) mcp.InputResponseMap {
	answers := mcp.InputResponseMap{}
	for key := range res.InputRequests {
		answers[key] = accept(map[string]any{"OK": true})
	}
	return answers
}

// confirmAll drives a call on a 2026-07-28 session, as a host does, the
// user confirming every question, and returns every request it sent (the
// first without state, the last the final one) and the final result.
func confirmAll(t *testing.T, cs *mcp.ClientSession) ([]*mcp.CallToolParams, *mcp.CallToolResult) {
	t.Helper()
	params := &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs}
	var sent []*mcp.CallToolParams
	for range DefaultRoundBudget + 1 {
		sent = append(sent, params)
		res := call(t, cs, params)
		if !res.NeedsInput() {
			return sent, res
		}
		params = &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs, RequestState: res.RequestState, InputResponses: confirmEvery(res)}
	}
	t.Fatal("the call did not complete within the round budget")
	return nil, nil
}

// wantReplayRefused checks that a request was refused as rejected state.
func wantReplayRefused(t *testing.T, cs *mcp.ClientSession, p *mcp.CallToolParams) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), p)
	if err == nil {
		t.Fatalf("replay answered %v %q, want -32602", res.NeedsInput(), text(res))
	}
	wantInvalidState(t, err)
}

// The case: a tool that moves money after one confirmation, whose
// final request is sent again, runs once; the replays are refused and the
// reason logged.
func TestReplayedFinalRequestRunsOnce(t *testing.T) {
	var logs logBuffer
	var runs counter
	s := newServer()
	transferTool(t, mustNew(&Options{Logger: logs.logger()}), s, 1, &runs)
	cs := manualSession(t, s)
	sent, res := confirmAll(t, cs)
	if text(res) != movedText || runs.get() != 1 {
		t.Fatalf("call = %q, %d runs; want moved 100, once", text(res), runs.get())
	}
	final := sent[len(sent)-1]
	for range 3 {
		wantReplayRefused(t, cs, final)
	}
	// From another session of the same user, too.
	wantReplayRefused(t, manualSession(t, s), final)
	if runs.get() != 1 {
		t.Errorf("handler ran %d times for one confirmation", runs.get())
	}
	if n := strings.Count(logs.String(), "reason=replay"); n != 4 {
		t.Errorf("%d replays logged, want 4:\n%s", n, logs.String())
	}
}

// Replaying an earlier round of a two-question call, to mint a fresh final
// state and complete it with the captured last answer, runs nothing: every
// state of a spent call is refused, from any round, before any resolver
// body runs.
func TestReplayedEarlierRoundRunsNothing(t *testing.T) {
	var runs counter
	s := newServer()
	var bodies atomic.Int64
	rt := mustNew(nil)
	askFirst := func(ctx context.Context, in transferIn) (Elicit[step1], error) {
		bodies.Add(1)
		return Ask[step1](stepQuestion(1)), nil
	}
	err := rt.AddTool(s, &mcp.Tool{Name: "transfer"}, func(ctx context.Context, req *mcp.CallToolRequest, in transferIn, _ step1, _ step2) (string, error) {
		runs.inc()
		return "moved", nil
	}, askFirst, ask2)
	if err != nil {
		t.Fatal(err)
	}
	cs := manualSession(t, s)
	sent, res := confirmAll(t, cs)
	if len(sent) != 3 || text(res) != `"moved"` {
		t.Fatalf("%d rounds, result %q; want 3 rounds and the transfer", len(sent), text(res))
	}
	bodiesBefore := bodies.Load()
	// Round 2 again (the state of round 1 with the first answer): refused,
	// so no fresh final state to complete.
	wantReplayRefused(t, cs, sent[1])
	// Even had it minted one, the captured last answer with the round-2
	// state it was sent with is the spent final request.
	wantReplayRefused(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs,
		RequestState: sent[1].RequestState, InputResponses: mcp.InputResponseMap{
			"resolve.step1": accept(map[string]any{"OK": true}), "resolve.step2": accept(map[string]any{"OK": true})}})
	wantReplayRefused(t, cs, sent[2])
	if runs.get() != 1 || bodies.Load() != bodiesBefore {
		t.Errorf("after the replays: handler %d runs (want 1), resolver bodies %d more (want 0)", runs.get(), bodies.Load()-bodiesBefore)
	}
}

// Twenty requests carrying the same final state at once, from several
// sessions: one runs the handler, the others are refused.
func TestConcurrentReplaysRunOnce(t *testing.T) {
	var runs counter
	s := newServer()
	transferTool(t, mustNew(nil), s, 1, &runs)
	sessions := []*mcp.ClientSession{manualSession(t, s), manualSession(t, s), manualSession(t, s), manualSession(t, s)}
	r1 := call(t, sessions[0], &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
	final := &mcp.CallToolParams{Name: "transfer", RequestState: r1.RequestState}
	var ok, refused atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			// Each its own copy: the client writes the request's _meta.
			res, err := sessions[i%len(sessions)].CallTool(context.Background(), &mcp.CallToolParams{
				Name: final.Name, Arguments: transferArgs, RequestState: final.RequestState, InputResponses: confirmEvery(r1)})
			var wire *jsonrpc.Error
			switch {
			case err == nil && text(res) == movedText:
				ok.Add(1)
			case errors.As(err, &wire) && wire.Code == jsonrpc.CodeInvalidParams:
				refused.Add(1)
			default:
				t.Errorf("request %d: %v %v", i, res, err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if ok.Load() != 1 || refused.Load() != 19 || runs.get() != 1 {
		t.Fatalf("%d succeeded, %d refused, handler ran %d times; want 1, 19, 1", ok.Load(), refused.Load(), runs.get())
	}
}

// A replay after the state expired gets the same error, whether the token
// expired (the codec's TTL) or the call's lifetime ended.
func TestReplayAfterExpiry(t *testing.T) {
	t.Run("token expired", func(t *testing.T) {
		var now atomic.Int64
		now.Store(time.Now().UnixNano())
		codec, err := seal.New(seal.Options{Keys: [][]byte{[]byte(strings.Repeat("k", seal.MinKeyBytes))}, TTL: time.Minute,
			Now: func() time.Time { return time.Unix(0, now.Load()) }})
		if err != nil {
			t.Fatal(err)
		}
		var runs counter
		s := newServer()
		transferTool(t, mustNew(&Options{StateCodec: codec}), s, 1, &runs)
		cs := manualSession(t, s)
		sent, _ := confirmAll(t, cs)
		now.Add(int64(2 * time.Minute))
		wantReplayRefused(t, cs, sent[len(sent)-1])
		if runs.get() != 1 {
			t.Errorf("handler ran %d times", runs.get())
		}
	})
	t.Run("call lifetime over", func(t *testing.T) {
		var logs logBuffer
		var runs counter
		var now atomic.Int64
		now.Store(time.Now().UnixNano())
		s := newServer()
		rt := mustNew(&Options{Logger: logs.logger()})
		rt.cfg.SetSingleUse(engine.SingleUse{Lifetime: time.Minute, Now: func() time.Time { return time.Unix(0, now.Load()) }})
		transferTool(t, rt, s, 1, &runs)
		cs := manualSession(t, s)
		r1 := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
		now.Add(int64(time.Minute + time.Second)) // the lifetime counts in whole seconds
		wantReplayRefused(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs, RequestState: r1.RequestState, InputResponses: confirmEvery(r1)})
		if runs.get() != 0 || !strings.Contains(logs.String(), "lifetime is over") {
			t.Errorf("handler ran %d times (want 0); log:\n%s", runs.get(), logs.String())
		}
	})
}

// The legitimate flows complete, each running the handler once: with 1, 2
// and 9 questions, on 2026-07-28 sessions and on 2025-11-25 ones.
func TestSingleUseLegitimateFlows(t *testing.T) {
	for _, n := range []int{1, 2, 9} {
		t.Run(fmt.Sprintf("%d questions, 2026-07-28", n), func(t *testing.T) {
			var runs counter
			s := newServer()
			transferTool(t, mustNew(nil), s, n, &runs)
			sent, res := confirmAll(t, manualSession(t, s))
			if len(sent) != n+1 || text(res) != movedText || runs.get() != 1 {
				t.Fatalf("%d rounds, %q, %d runs; want %d rounds, moved 100, 1 run", len(sent), text(res), runs.get(), n+1)
			}
		})
		t.Run(fmt.Sprintf("%d questions, 2025-11-25", n), func(t *testing.T) {
			var runs counter
			s := newServer()
			transferTool(t, mustNew(nil), s, n, &runs)
			user := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"OK": true}) })
			res := call(t, userSession(t, s, user, "2025-11-25"), &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
			if text(res) != movedText || runs.get() != 1 || user.total() != n {
				t.Fatalf("%q, %d runs, %d questions; want moved 100, 1 run, %d questions", text(res), runs.get(), user.total(), n)
			}
		})
	}
}

// On a 2025-11-25 session the engine keeps a call's state itself, inside
// the one tools/call request: there is no requestState to replay. A request
// sent again is a new call, and the user is asked again; a requestState and
// answers captured from a 2026-07-28 call are ignored there.
func TestSingleUseOnOlderSessions(t *testing.T) {
	var runs counter
	s := newServer()
	transferTool(t, mustNew(nil), s, 1, &runs)
	sent, _ := confirmAll(t, manualSession(t, s))
	final := sent[len(sent)-1]
	declines := newAnswerer(func(string) *mcp.ElicitResult { return &mcp.ElicitResult{Action: "decline"} })
	res := call(t, userSession(t, s, declines, "2025-11-25"), final)
	if !res.IsError || runs.get() != 1 || declines.times(stepQuestion(1)) != 1 {
		t.Fatalf("captured state on an older session: %q, %d runs, asked %d times; want the user asked, a decline, no run",
			text(res), runs.get(), declines.times(stepQuestion(1)))
	}
	confirms := newAnswerer(func(string) *mcp.ElicitResult { return accept(map[string]any{"OK": true}) })
	cs := userSession(t, s, confirms, "2025-11-25")
	for range 2 {
		call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
	}
	if runs.get() != 3 || confirms.total() != 2 {
		t.Fatalf("two calls: %d runs in all, %d confirmations; want a run per confirmation", runs.get(), confirms.total())
	}
}

// A runtime whose tools only read may opt out: its final state can be
// presented again, and runs the handler again.
func TestReplayableRuntime(t *testing.T) {
	var runs counter
	s := newServer()
	transferTool(t, mustNew(&Options{Replayable: true}), s, 1, &runs)
	cs := manualSession(t, s)
	sent, _ := confirmAll(t, cs)
	for range 2 {
		if res := call(t, cs, sent[len(sent)-1]); text(res) != movedText {
			t.Fatalf("replay = %q, want the result again", text(res))
		}
	}
	if runs.get() != 3 {
		t.Fatalf("handler ran %d times, want 3", runs.get())
	}
}

// failingStore is a store whose backend is down. The real Redis store
// going down is tested against a real redis-server in its module; this
// one shows the engine's side for any store.
type failingStore struct{}

func (failingStore) Spend(context.Context, string, time.Time) error {
	return errors.New("dial tcp 10.0.0.9:6379: connection refused")
}
func (failingStore) Spent(context.Context, string) (bool, error) { return false, nil }

type unreadableStore struct{ failingStore }

func (unreadableStore) Spent(context.Context, string) (bool, error) {
	return false, errors.New("dial tcp 10.0.0.9:6379: connection refused")
}

// A store that fails, or a memory store that is full, fails the call
// closed: a tool error with a fixed message, no handler run, the store's
// error in the log only.
func TestStoreFailureFailsClosed(t *testing.T) {
	cases := []struct {
		name  string
		store singleuse.Store
		calls int // calls that succeed first
		log   string
	}{
		{"store down at the spend", failingStore{}, 0, "connection refused"},
		{"store down at the check", unreadableStore{}, 0, "connection refused"},
		{"memory store full", singleuse.NewMemory(&singleuse.MemoryOptions{Max: 2}), 2, "store full"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var logs logBuffer
			var runs counter
			s := newServer()
			transferTool(t, mustNew(&Options{SpentStore: c.store, Logger: logs.logger()}), s, 1, &runs)
			cs := manualSession(t, s)
			for range c.calls {
				confirmAll(t, cs)
			}
			_, res := confirmAll(t, cs)
			if !res.IsError || text(res) != engine.StoreFailedMessage {
				t.Fatalf("result = %v %q, want the tool error %q", res.IsError, text(res), engine.StoreFailedMessage)
			}
			if strings.Contains(text(res), "10.0.0.9") || runs.get() != int64(c.calls) {
				t.Errorf("result %q, %d runs; want no store text and %d runs", text(res), runs.get(), c.calls)
			}
			if !strings.Contains(logs.String(), c.log) {
				t.Errorf("the store's error is not logged:\n%s", logs.String())
			}
		})
	}
}

// State that names no call (sealed before single use was on, by a replica
// of an older release) is no progress: the question is asked again, and
// the handler does not run on it; taking it would let that state run the
// handler once per replay.
func TestStateWithoutCallIsAskedAgain(t *testing.T) {
	var logs logBuffer
	var runs counter
	s := newServer()
	transferTool(t, mustNew(&Options{StateCodec: jsonCodec{}, Logger: logs.logger()}), s, 1, &runs)
	cs := manualSession(t, s)
	r1 := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
	st := openPlain(t, r1.RequestState, "resolve.step1")
	if st.Call == nil {
		t.Fatal("the first round's state names no call")
	}
	st.Call = nil
	old := plainToken(t, st)
	for range 2 {
		res := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs, RequestState: old, InputResponses: confirmEvery(r1)})
		if !res.NeedsInput() {
			t.Fatalf("state without a call = %q, want the question again", text(res))
		}
	}
	if runs.get() != 0 || !strings.Contains(logs.String(), "names no call") {
		t.Errorf("handler ran %d times (want 0); log:\n%s", runs.get(), logs.String())
	}
}

// plainToken encodes st as the plain codec does, as it is.
func plainToken(t *testing.T, st *engine.State) string {
	t.Helper()
	payload := engine.EncodeState(st)
	tok, err := jsonCodec{}.Seal(Binding{}, payload)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

// Options.CallLifetime sets the end of a call's lifetime, fixed in its
// first round and carried unchanged by every later state.
func TestCallLifetimeOption(t *testing.T) {
	s := newServer()
	transferTool(t, mustNew(&Options{StateCodec: jsonCodec{}, CallLifetime: 5 * time.Minute}), s, 2, new(counter))
	cs := manualSession(t, s)
	before := time.Now()
	r1 := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
	c1 := openPlain(t, r1.RequestState).Call
	// The end is in whole seconds, rounded up: never before the lifetime
	// is over, at most a second after.
	if until := time.Unix(c1.Until, 0); until.Before(before.Add(5*time.Minute)) || until.After(time.Now().Add(5*time.Minute+time.Second)) {
		t.Fatalf("call lifetime ends %v, want 5 minutes after %v, rounded up to the second", until, before)
	}
	r2 := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs, RequestState: r1.RequestState, InputResponses: confirmEvery(r1)})
	if c2 := openPlain(t, r2.RequestState).Call; *c2 != *c1 {
		t.Fatalf("round 2 carries call %+v, want %+v", c2, c1)
	}
}

// A call's lifetime, sealed in whole seconds, is rounded up: a call of a
// 2 s lifetime begun at .9 of a second is still on 1.95 s later (rounded
// down, it would have ended after 1.1 s), and over by 2.1 s later.
func TestCallLifetimeRoundedUp(t *testing.T) {
	var now atomic.Int64
	start := time.Unix(1_000_000, int64(900*time.Millisecond))
	now.Store(start.UnixNano())
	var runs counter
	s := newServer()
	rt := mustNew(nil)
	if err := rt.cfg.SetSingleUse(engine.SingleUse{Lifetime: 2 * time.Second, Now: func() time.Time { return time.Unix(0, now.Load()) }}); err != nil {
		t.Fatal(err)
	}
	transferTool(t, rt, s, 2, &runs)
	cs := manualSession(t, s)
	r1 := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs})
	now.Store(start.Add(1950 * time.Millisecond).UnixNano())
	r2 := call(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs, RequestState: r1.RequestState, InputResponses: confirmEvery(r1)})
	if r2.IsError || !r2.NeedsInput() {
		t.Fatalf("round 2, within the lifetime = error %v %q, want the next question", r2.IsError, text(r2))
	}
	now.Store(start.Add(2100 * time.Millisecond).UnixNano())
	wantReplayRefused(t, cs, &mcp.CallToolParams{Name: "transfer", Arguments: transferArgs, RequestState: r2.RequestState, InputResponses: confirmEvery(r2)})
	if runs.get() != 0 {
		t.Errorf("handler ran %d times after the lifetime, want 0", runs.get())
	}
}

// New refuses a CallLifetime the state cannot carry, naming it.
func TestCallLifetimeRefused(t *testing.T) {
	for _, lifetime := range []time.Duration{-time.Second, 500 * time.Millisecond} {
		if _, err := New(&Options{CallLifetime: lifetime}); err == nil || !strings.Contains(err.Error(), "CallLifetime") {
			t.Errorf("New with CallLifetime %v = %v, want an error naming CallLifetime", lifetime, err)
		}
	}
	if _, err := New(&Options{CallLifetime: time.Second}); err != nil {
		t.Errorf("New with CallLifetime 1s = %v", err)
	}
}

// A tool whose resolvers cannot ask keeps no call: a round that presents
// no state runs the handler with no state work at all (no call id minted,
// the single-use clock never read), and state sent to it anyway is still
// checked like any state.
func TestToolThatCannotAskKeepsNoCall(t *testing.T) {
	var clockReads atomic.Int64
	rt := mustNew(nil)
	rt.cfg.SetSingleUse(engine.SingleUse{Now: func() time.Time { clockReads.Add(1); return time.Now() }})
	s := newServer()
	handler := func(ctx context.Context, req *mcp.CallToolRequest, in quoteIn, st inStock, p quoted) (string, error) {
		return quoteText(st, p), nil
	}
	if err := rt.AddTool(s, &mcp.Tool{Name: "two"}, handler, countCopies, quote); err != nil {
		t.Fatal(err)
	}
	cs := manualSession(t, s)
	args := map[string]any{"title": "Dune"}
	for range 3 {
		if res := call(t, cs, &mcp.CallToolParams{Name: "two", Arguments: args}); text(res) != `"4 copies at 400"` || res.RequestState != "" {
			t.Fatalf("result %q, state %q", text(res), res.RequestState)
		}
	}
	if n := clockReads.Load(); n != 0 {
		t.Errorf("the single-use clock was read %d times for calls that cannot ask", n)
	}
	_, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "two", Arguments: args, RequestState: "s2.forged"})
	wantInvalidState(t, err)
}
