package engine

import (
	"fmt"
	"log/slog"
	"sync"

	"github.com/mcplint/mcplint/internal/rules"
	"github.com/mcplint/mcplint/runtime/internal/sealcore"
)

// Config is what the registrations of one binding's Runtime share: the
// state codec, the round budget and the logger. Both bindings build it from
// their Options with [NewConfig].
type Config struct {
	codec     StateCodec // of every registration; with audiences, of those not bound to a server
	budget    int
	logger    *slog.Logger
	audiences *audienceCodecs // nil unless the codec is sealed per server name
	unbound   sync.Map        // registrations logged as serving state bound to no user
}

// NewConfig returns the configuration of a Runtime: codec nil means sealed
// state over the key ring of the environment (or a random key that this
// configuration draws, its own), bound to audience, or, when audience is empty, to the name of
// the server each registration is bound to ([Config.CodecFor]). budget 0
// means [rules.DefaultRoundBudget]; logger nil, slog.Default().
func NewConfig(codec StateCodec, budget int, logger *slog.Logger, audience string) (*Config, error) {
	c := &Config{codec: codec, budget: rules.DefaultRoundBudget, logger: logger}
	if budget > 0 {
		c.budget = budget
	}
	if c.logger == nil {
		c.logger = slog.Default()
	}
	if c.codec == nil {
		codecs, err := newAudienceCodecs(c.logger)
		if err != nil {
			return nil, err
		}
		if c.codec, err = codecs.forAudience(audience); err != nil {
			return nil, err
		}
		if audience == "" {
			c.audiences = codecs
		}
	}
	return c, nil
}

// Codec returns the codec of registrations not bound to a server.
func (c *Config) Codec() StateCodec { return c.codec }

// Logger returns the logger.
func (c *Config) Logger() *slog.Logger { return c.logger }

// Budget returns the round budget, in questions.
func (c *Config) Budget() int { return c.budget }

// SealsPerServer reports whether each registration's state is sealed for
// the name of the server it is registered on.
func (c *Config) SealsPerServer() bool { return c.audiences != nil }

// CodecFor returns the codec of a registration on the server named
// server, when the runtime seals per server name, or else the runtime's
// one codec.
func (c *Config) CodecFor(server string) (StateCodec, error) {
	if c.audiences == nil {
		return c.codec, nil
	}
	return c.audiences.forAudience(server)
}

// audienceCodecs makes the default sealed codec of each audience, all over
// one key ring: the ring in MCPLINT_STATE_KEYS, or a random key drawn for
// this runtime alone (two runtimes of one process do not open each other's
// state).
type audienceCodecs struct {
	keys   [][]byte
	mu     sync.Mutex
	codecs map[string]StateCodec // by audience; as many as the process has server names
}

func newAudienceCodecs(logger *slog.Logger) (*audienceCodecs, error) {
	keys, err := sealcore.KeysFromEnv()
	if err != nil {
		return nil, fmt.Errorf("resolve: %w", err)
	}
	if keys == nil {
		logger.Debug("resolve: requestState is sealed with a random key of this runtime; set " + sealcore.KeysEnv + " to share a key ring between replicas")
		if keys, err = sealcore.ParseKeys(sealcore.GenerateKey()); err != nil {
			return nil, err
		}
	}
	return &audienceCodecs{keys: keys, codecs: map[string]StateCodec{}}, nil
}

// forAudience returns the codec of an audience. The engine logs rejected
// state itself, so the codec does not.
func (a *audienceCodecs) forAudience(audience string) (StateCodec, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if c, ok := a.codecs[audience]; ok {
		return c, nil
	}
	c, err := sealcore.New(sealcore.Options{Keys: a.keys, Audience: audience, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return nil, fmt.Errorf("resolve: %w", err)
	}
	a.codecs[audience] = c
	return c, nil
}
