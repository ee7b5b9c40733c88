package resolve

import (
	"fmt"
	"reflect"

	"github.com/mark3labs/mcp-go/server"
	"github.com/mcplint/mcplint/runtime/internal/engine"
)

// bindServer gives a registration on s the codec of s's audience, when
// the runtime seals per server name.
func (rt *Runtime) bindServer(e *engine.Engine, s *server.MCPServer) error {
	if !rt.cfg.SealsPerServer() {
		return nil
	}
	name, ok := serverName(s)
	if !ok {
		// An mcp-go that keeps the name elsewhere: bind this server
		// instance, which keeps servers apart, and say how to share.
		name = fmt.Sprintf("server instance %p", s)
		rt.cfg.Logger().Warn("resolve: cannot read the server's name; its requestState opens only on this server instance (set Options.Audience to share it between replicas)",
			e.Method().Noun(), e.Name())
	}
	codec, err := rt.cfg.CodecFor(name)
	if err != nil {
		return err
	}
	e.UseCodec(codec)
	return nil
}

// serverName returns the name s was created with. mcp-go sends it to
// clients as serverInfo but has no accessor for it, so it is read from the
// server's unexported name field; TestServerName pins that this works with
// the mcp-go in go.mod.
func serverName(s *server.MCPServer) (string, bool) {
	if s == nil {
		return "", false
	}
	f := reflect.ValueOf(s).Elem().FieldByName("name")
	if !f.IsValid() || f.Kind() != reflect.String {
		return "", false
	}
	return f.String(), true
}
