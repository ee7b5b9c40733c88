// Package redisstore is a singleuse.Store on Redis, shared by the replicas
// of a server, so that a call confirmed once runs once whichever replica
// its requests reach.
//
// A spend is one SET NX of the id with the expiry of the call's state
// (EXAT): Redis runs it atomically, so of concurrent spends of one id, from
// any replica, one succeeds. Redis's own expiry drops the id when its state
// can no longer be presented. When Redis cannot be reached the store
// returns an error and the engine fails the call closed: nothing runs.
//
// The package is a module of its own, so that a server that keeps its
// spent ids in memory never builds a Redis client.
//
//	rdb := redis.NewClient(&redis.Options{Addr: "redis:6379"})
//	rt, err := resolve.New(&resolve.Options{SpentStore: redisstore.New(rdb, nil)})
package redisstore

import (
	"context"
	"errors"
	"time"

	"github.com/mcplint/mcplint/runtime/singleuse"
	"github.com/redis/go-redis/v9"
)

// DefaultPrefix is the prefix of the keys the store sets when
// Options.Prefix is empty.
const DefaultPrefix = "mcplint:spent:"

// Options configure a [Store].
type Options struct {
	// Prefix is put before each id to make its key; empty means
	// DefaultPrefix. Servers that share a Redis but not their calls may
	// use different prefixes; the ids are random, so sharing one is safe.
	Prefix string
}

// Store is a [singleuse.Store] on Redis.
type Store struct {
	rdb    redis.UniversalClient
	prefix string
}

var _ singleuse.Store = (*Store)(nil)

// New returns a store that keeps its ids in rdb; opts may be nil. The
// client's own timeouts bound each operation, as does the request's
// context.
func New(rdb redis.UniversalClient, opts *Options) *Store {
	s := &Store{rdb: rdb, prefix: DefaultPrefix}
	if opts != nil && opts.Prefix != "" {
		s.prefix = opts.Prefix
	}
	return s
}

// Spend implements [singleuse.Store] with SET key 1 EXAT until NX. The
// expiry is rounded up to a whole second, so that the key outlives the
// state that could present it.
func (s *Store) Spend(ctx context.Context, id string, until time.Time) error {
	if err := singleuse.CheckID(id); err != nil {
		return err
	}
	if t := until.Truncate(time.Second); t.Before(until) {
		until = t.Add(time.Second)
	}
	err := s.rdb.SetArgs(ctx, s.prefix+id, 1, redis.SetArgs{Mode: "NX", ExpireAt: until}).Err()
	if errors.Is(err, redis.Nil) {
		return singleuse.ErrSpent
	}
	return err
}

// Spent implements [singleuse.Store] with EXISTS.
func (s *Store) Spent(ctx context.Context, id string) (bool, error) {
	if err := singleuse.CheckID(id); err != nil {
		return false, err
	}
	n, err := s.rdb.Exists(ctx, s.prefix+id).Result()
	return n > 0, err
}
