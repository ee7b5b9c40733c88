package resolve

import (
	"reflect"

	"github.com/mcplint/mcplint/runtime/internal/engine"
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

// principalOf names the user a request acts for, by Options.Principal.
func (rt *Runtime) principalOf(req reflect.Value, ss *mcp.ServerSession, extra *mcp.RequestExtra) string {
	tr, ok := req.Interface().(*mcp.CallToolRequest)
	if !ok {
		// Options.Principal reads who is asking, not what: a prompt or
		// resource request is shown as a tools/call request with its
		// session and extra, and empty params.
		tr = &mcp.CallToolRequest{Session: ss, Extra: extra, Params: &mcp.CallToolParamsRaw{}}
	}
	return rt.principal(tr)
}

// bindServer gives a registration on s the codec of s's audience, when
// the runtime seals per server name.
func bindServer(e *engine.Engine, s *mcp.Server) error {
	name, ok := serverName(s)
	return e.BindServer(s, name, ok)
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
