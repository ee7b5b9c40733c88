package resolve

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/mcplint/mcplint/runtime/internal/engine"
	"github.com/mcplint/mcplint/runtime/singleuse"
)

// Options configure a [Runtime]. They are the go-sdk binding's, except for
// Principal.
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
	// Principal names the user a request acts for, from its context;
	// sealed state is bound to it, so that one user's requestState is
	// useless to another. mcp-go verifies no identity itself: a server
	// that authenticates puts the user into the context (for HTTP, with
	// server.WithHTTPContextFunc) and reads it here. Nil means no
	// principal: state is bound to the call, not to a user.
	Principal func(ctx context.Context) string
	// Audience names the service whose servers open each other's sealed
	// state. Empty means the name of the server a tool is registered on
	// (the name given to server.NewMCPServer). It applies to the default
	// sealed codec; a StateCodec binds its own audience.
	Audience string
	// SpentStore records the calls whose handler ran, for single use: a
	// call confirmed once runs once, and a request presenting its state
	// again, from any round, is answered -32602 "Invalid or expired
	// requestState" and runs nothing. Nil means a store in this process's
	// memory, bounded (singleuse.NewMemory); replicas that serve each
	// other's rounds need a shared one, such as
	// runtime/singleuse/redisstore. When the store fails, the call fails
	// with a tool error and its handler does not run.
	SpentStore singleuse.Store
	// Replayable turns single use off for every tool of this Runtime,
	// for tools that only read.
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
	principal func(context.Context) string
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
	return &Runtime{cfg: cfg, principal: opts.Principal}, nil
}

// defaultRuntime is the Runtime of the package-level functions, made on
// first use so that the environment is read then.
var defaultRuntime = sync.OnceValues(func() (*Runtime, error) { return New(nil) })
