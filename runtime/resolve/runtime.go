package resolve

import (
	"log/slog"
	"sync"
	"time"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/mcplint/mcplint/runtime/singleuse"
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
	// SpentStore records the calls whose handler ran, for single use: a
	// call confirmed once runs once, and a request presenting its state
	// again, from any round, is answered -32602 "Invalid or expired
	// requestState" and runs nothing (see Security in the runtime
	// guide). Nil means a store in this process's memory, bounded
	// (singleuse.NewMemory); replicas that serve each other's rounds need
	// a shared one, such as runtime/singleuse/redisstore. When the store
	// fails, the call fails with a tool error and its handler does not
	// run.
	SpentStore singleuse.Store
	// Replayable turns single use off for every tool, prompt and resource
	// of this Runtime: the final state of a call may then be presented
	// again until it expires, and runs the handler again. It suits tools
	// that only read; register those on a Runtime of their own.
	Replayable bool
	// CallLifetime bounds a call under single use, from its first round
	// to its handler; its spent id is kept that long. Zero means 30
	// minutes. The state holds the call's end in whole seconds, rounded
	// up: a call may last up to a second longer, never shorter. New
	// refuses a CallLifetime under a second, or negative.
	CallLifetime time.Duration
}

// A Runtime registers resolver tools, prompts and resources that share one
// configuration.
type Runtime struct {
	cfg       *engine.Config
	principal func(*mcp.CallToolRequest) string
}

// New returns a Runtime configured by opts, which may be nil. It fails if
// MCPLINT_STATE_KEYS is needed and malformed, or CallLifetime is negative
// or under a second.
func New(opts *Options) (*Runtime, error) {
	if opts == nil {
		opts = &Options{}
	}
	cfg, err := engine.NewConfig(opts.StateCodec, opts.RoundBudget, opts.Logger, opts.Audience)
	if err != nil {
		return nil, err
	}
	if err := cfg.SetSingleUse(engine.SingleUse{Off: opts.Replayable, Store: opts.SpentStore, Lifetime: opts.CallLifetime}); err != nil {
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
