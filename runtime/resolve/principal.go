package resolve

import (
	"fmt"
	"log/slog"
	"reflect"
	"sync"

	"github.com/mcplint/mcplint/runtime/seal"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// tokenUserID is the default Options.Principal: the user of the request's
// verified token, if it has one.
func tokenUserID(req *mcp.CallToolRequest) string {
	if req.Extra == nil || req.Extra.TokenInfo == nil {
		return ""
	}
	return req.Extra.TokenInfo.UserID
}

// principalOf names the user whose state this request may open. A request
// that is authenticated but names no user is served, since the server chose
// its verifier; the operator learns once per tool, prompt or resource name
// that its state is not bound to a user, also when every request builds
// its own server.
func (e *engine) principalOf(x *exchange) string {
	req, ok := x.req.Interface().(*mcp.CallToolRequest)
	if !ok {
		// Options.Principal reads who is asking, not what: a prompt or
		// resource request is shown as a tools/call request with its
		// session and extra, and empty params.
		req = &mcp.CallToolRequest{Session: x.session, Extra: x.extra, Params: &mcp.CallToolParamsRaw{}}
	}
	p := e.rt.principal(req)
	if p == "" && x.extra != nil && x.extra.TokenInfo != nil {
		if _, logged := e.rt.unbound.LoadOrStore(e.method.String()+" "+e.name, true); !logged {
			e.rt.logger.Warn("resolve: requestState is not bound to a user: the request carries a TokenInfo but names no principal, "+
				"so any user who holds a token can continue another user's call; set TokenInfo.UserID in the token verifier, or Options.Principal",
				e.method.Noun(), e.name)
		}
	}
	return p
}

// audienceCodecs makes the default sealed codec of each audience, all over
// one key ring: the ring in MCPLINT_STATE_KEYS, or a random key of this
// process.
type audienceCodecs struct {
	keys   [][]byte
	logger *slog.Logger
	mu     sync.Mutex
	codecs map[string]StateCodec // by audience; as many as the process has server names
}

func newAudienceCodecs(logger *slog.Logger) (*audienceCodecs, error) {
	keys, err := seal.KeysFromEnv()
	if err != nil {
		return nil, fmt.Errorf("resolve: %w", err)
	}
	if keys == nil {
		logger.Debug("resolve: requestState is sealed with a random key of this process; set " + seal.KeysEnv + " to share a key ring between replicas")
		if keys, err = seal.ParseKeys(seal.GenerateKey()); err != nil {
			return nil, err
		}
	}
	return &audienceCodecs{keys: keys, logger: logger, codecs: map[string]StateCodec{}}, nil
}

// forAudience returns the codec of an audience. The engine logs rejected
// state itself, so the codec does not.
func (a *audienceCodecs) forAudience(audience string) (StateCodec, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c, ok := a.codecs[audience]; ok {
		return c, nil
	}
	c, err := seal.New(seal.Options{Keys: a.keys, Audience: audience, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return nil, fmt.Errorf("resolve: %w", err)
	}
	a.codecs[audience] = c
	return c, nil
}

// bindServer gives a registration on s the codec of s's audience, when
// the runtime seals per server name.
func (e *engine) bindServer(s *mcp.Server) error {
	if e.rt.audiences == nil {
		return nil
	}
	name, ok := serverName(s)
	if !ok {
		// A go-sdk that keeps the name elsewhere: bind this server
		// instance, which keeps servers apart, and say how to share.
		name = fmt.Sprintf("server instance %p", s)
		e.rt.logger.Warn("resolve: cannot read the server's name; its requestState opens only on this server instance (set Options.Audience to share it between replicas)",
			e.method.Noun(), e.name)
	}
	codec, err := e.rt.audiences.forAudience(name)
	if err != nil {
		return err
	}
	e.codec = codec
	return nil
}

// serverName returns the name s was created with. go-sdk sends it to
// clients as serverInfo but has no accessor for it, so it is read from the
// server's unexported implementation field; TestServerName pins that this
// works with the go-sdk in go.mod.
func serverName(s *mcp.Server) (string, bool) {
	if s == nil {
		return "", false
	}
	impl := reflect.ValueOf(s).Elem().FieldByName("impl")
	if !impl.IsValid() || impl.Type() != reflect.TypeFor[*mcp.Implementation]() || impl.IsNil() {
		return "", false
	}
	return impl.Elem().FieldByName("Name").String(), true
}
