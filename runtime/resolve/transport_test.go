package resolve

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// 200 concurrent calls of one tool, from separate client sessions, each
// complete with their own answers. Run with -race.
func TestConcurrentSessions(t *testing.T) {
	s := newServer()
	batchTool(t, s, newRuns())
	const n = 200
	sessions := make([]*mcp.ClientSession, n)
	for i := range sessions {
		i := i
		user := newAnswerer(func(msg string) *mcp.ElicitResult {
			return accept(map[string]any{string(msg[0]): fmt.Sprintf("%c%d", msg[0], i)})
		})
		sessions[i] = userSession(t, s, user, "")
	}
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i, cs := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}})
			if err != nil {
				errs <- err
				return
			}
			want := fmt.Sprintf(`{"a":"a%d","b":"b%d","c":"c%d"}`, i, i, i)
			if got := text(res); got != want {
				errs <- fmt.Errorf("session %d: result %s, want %s", i, got, want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// The three-round flow over streamable HTTP on loopback, in stateful and
// stateless mode (where every round may reach a fresh session).
func TestStreamableHTTP(t *testing.T) {
	for _, stateless := range []bool{false, true} {
		t.Run(fmt.Sprintf("stateless=%v", stateless), func(t *testing.T) {
			s := newServer()
			runs := newRuns()
			batchTool(t, s, runs)
			handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, &mcp.StreamableHTTPOptions{Stateless: stateless})
			srv := httptest.NewServer(handler)
			defer srv.Close()

			user := newAnswerer(func(msg string) *mcp.ElicitResult {
				return accept(map[string]any{string(msg[0]): "http-" + string(msg[0])})
			})
			client := mcp.NewClient(&mcp.Implementation{Name: "http-client", Version: "v0"}, &mcp.ClientOptions{ElicitationHandler: user.elicit})
			cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: srv.URL}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			res := call(t, cs, &mcp.CallToolParams{Name: "batch", Arguments: map[string]any{}})
			if got, want := text(res), `{"a":"http-a","b":"http-b","c":"http-c"}`; got != want {
				t.Errorf("result = %s, want %s", got, want)
			}
			if user.total() != 3 || runs["handler"].get() != 1 {
				t.Errorf("questions shown %d times, handler ran %d times; want 3 and 1", user.total(), runs["handler"].get())
			}
		})
	}
}
