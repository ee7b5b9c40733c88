package resolve

import (
	"log/slog"
	"sync"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configure a [Runtime].
type Options struct {
	// StateCodec encodes the engine's state into requestState and back.
	// Nil means sealed state (see package seal): with the key ring in the
	// environment variable MCPLINT_STATE_KEYS when it is set, which several
	// replicas of a server share, or else with a random key that this
	// runtime draws (another runtime, even in the same process, cannot
	// open its state), and bound to Audience.
	StateCodec StateCodec
	// RoundBudget is the longest chain of dependent questions a tool may
	// have. Zero means [DefaultRoundBudget].
	RoundBudget int
	// Logger receives the detailed reasons behind rejected state and
	// answers, the value and stack of a recovered panic, and the errors
	// behind internal failures, which clients only see as fixed messages.
	// Nil means slog.Default().
	Logger *slog.Logger
	// Principal names the user a request acts for; sealed state is bound
	// to it, so that one user's requestState is useless to another. Nil
	// means req.Extra.TokenInfo.UserID. A request that carries a TokenInfo
	// but has an empty principal is served with state bound to no user,
	// and the runtime logs that once per tool. For a prompt or resource,
	// req carries the Session and Extra of the prompts/get or
	// resources/read request, and empty Params.
	Principal func(req *mcp.CallToolRequest) string
	// Audience names the service whose servers open each other's sealed
	// state. Empty means the name of the server a tool is registered on
	// (its mcp.Implementation.Name), as python-sdk binds the server name:
	// two servers of one process with different names do not accept each
	// other's state, while replicas of one service, which share a name, do.
	// Set it when replicas have different names, or to keep apart two
	// servers that share a name, such as two tenants. It applies to the
	// default sealed codec; a StateCodec binds its own audience, as
	// seal.Options.Audience does.
	Audience string
}

// A Runtime registers resolver tools, prompts and resources that share one
// configuration.
type Runtime struct {
	cfg       *engine.Config
	principal func(*mcp.CallToolRequest) string
}

// New returns a Runtime configured by opts, which may be nil. It fails if
// MCPLINT_STATE_KEYS is needed and malformed.
func New(opts *Options) (*Runtime, error) {
	if opts == nil {
		opts = &Options{}
	}
	cfg, err := engine.NewConfig(opts.StateCodec, opts.RoundBudget, opts.Logger, opts.Audience)
	if err != nil {
		return nil, err
	}
	rt := &Runtime{cfg: cfg, principal: opts.Principal}
	if rt.principal == nil {
		rt.principal = tokenUserID
	}
	return rt, nil
}

// defaultRuntime is the Runtime of the package-level AddTool, made on first
// use so that the environment is read then.
var defaultRuntime = sync.OnceValues(func() (*Runtime, error) { return New(nil) })
