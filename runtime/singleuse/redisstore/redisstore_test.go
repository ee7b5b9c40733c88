package redisstore_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcplint/mcplint/internal/redisserver"
	"github.com/mcplint/mcplint/runtime/singleuse"
	"github.com/mcplint/mcplint/runtime/singleuse/redisstore"
	"github.com/redis/go-redis/v9"
)

// replica is one server process's view of the shared store: its own
// client, its own connection pool.
func replica(t *testing.T, srv *redisserver.Server) *redisstore.Store {
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr(), MaxRetries: -1, DialTimeout: time.Second})
	t.Cleanup(func() { rdb.Close() })
	return redisstore.New(rdb, nil)
}

func TestSpendAcrossReplicas(t *testing.T) {
	srv := redisserver.ForTest(t)
	ctx := context.Background()
	a, b := replica(t, srv), replica(t, srv)
	until := time.Now().Add(time.Minute)
	if spent, err := b.Spent(ctx, "call-1"); spent || err != nil {
		t.Fatalf("Spent before any spend = %v, %v", spent, err)
	}
	if err := a.Spend(ctx, "call-1", until); err != nil {
		t.Fatalf("spend on replica a: %v", err)
	}
	if err := b.Spend(ctx, "call-1", until); !errors.Is(err, singleuse.ErrSpent) {
		t.Fatalf("spend of the same id on replica b = %v, want ErrSpent", err)
	}
	if spent, err := b.Spent(ctx, "call-1"); !spent || err != nil {
		t.Fatalf("Spent on replica b = %v, %v; want true", spent, err)
	}
	if err := b.Spend(ctx, "call-2", until); err != nil {
		t.Fatalf("another id on replica b: %v", err)
	}
}

// Twenty spends of one id at once, from three replicas: one succeeds.
func TestConcurrentSpendAcrossReplicas(t *testing.T) {
	srv := redisserver.ForTest(t)
	ctx := context.Background()
	stores := []*redisstore.Store{replica(t, srv), replica(t, srv), replica(t, srv)}
	var ok, spent atomic.Int64
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			switch err := stores[i%3].Spend(ctx, "same", time.Now().Add(time.Minute)); {
			case err == nil:
				ok.Add(1)
			case errors.Is(err, singleuse.ErrSpent):
				spent.Add(1)
			default:
				t.Error(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	if ok.Load() != 1 || spent.Load() != 19 {
		t.Fatalf("%d spends succeeded and %d were refused; want 1 and 19", ok.Load(), spent.Load())
	}
}

// The key lives until the state's expiry, rounded up to a whole second,
// and no longer.
func TestSpendExpires(t *testing.T) {
	srv := redisserver.ForTest(t)
	ctx := context.Background()
	s := replica(t, srv)
	until := time.Now().Add(1100 * time.Millisecond)
	if err := s.Spend(ctx, "short", until); err != nil {
		t.Fatal(err)
	}
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	at, err := rdb.ExpireTime(ctx, redisstore.DefaultPrefix+"short").Result()
	if err != nil {
		t.Fatal(err)
	}
	if want := until.Truncate(time.Second).Add(time.Second); at != time.Duration(want.Unix())*time.Second {
		t.Fatalf("key expires at %v, want %v (the state's expiry rounded up)", at, want.Unix())
	}
	time.Sleep(time.Until(until.Truncate(time.Second).Add(time.Second + 100*time.Millisecond)))
	if spent, err := s.Spent(ctx, "short"); spent || err != nil {
		t.Fatalf("Spent after expiry = %v, %v; want false", spent, err)
	}
	if err := s.Spend(ctx, "short", time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("spend after expiry: %v", err)
	}
}

// Redis down: every operation fails with an error that is neither success
// nor ErrSpent, so the engine fails the call closed. Redis back: service
// back.
func TestRedisDownFailsClosedAndRecovers(t *testing.T) {
	srv := redisserver.ForTest(t)
	ctx := context.Background()
	s := replica(t, srv)
	if err := s.Spend(ctx, "before", time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	err := s.Spend(ctx, "during", time.Now().Add(time.Minute))
	if err == nil || errors.Is(err, singleuse.ErrSpent) {
		t.Fatalf("Spend with Redis down = %v, want a store error", err)
	}
	if _, err := s.Spent(ctx, "before"); err == nil {
		t.Fatal("Spent with Redis down: no error")
	}
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	if err := s.Spend(ctx, "after", time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("Spend once Redis is back: %v", err)
	}
	if err := s.Spend(ctx, "after", time.Now().Add(time.Minute)); !errors.Is(err, singleuse.ErrSpent) {
		t.Fatalf("second spend once Redis is back = %v, want ErrSpent", err)
	}
}

func TestPrefix(t *testing.T) {
	srv := redisserver.ForTest(t)
	ctx := context.Background()
	rdb := redis.NewClient(&redis.Options{Addr: srv.Addr()})
	defer rdb.Close()
	a := redisstore.New(rdb, &redisstore.Options{Prefix: "tenant-a:"})
	b := redisstore.New(rdb, &redisstore.Options{Prefix: "tenant-b:"})
	until := time.Now().Add(time.Minute)
	if err := a.Spend(ctx, "id", until); err != nil {
		t.Fatal(err)
	}
	if err := b.Spend(ctx, "id", until); err != nil {
		t.Fatalf("same id under another prefix: %v", err)
	}
	if n, _ := rdb.Exists(ctx, "tenant-a:id", "tenant-b:id").Result(); n != 2 {
		t.Fatalf("%d keys, want 2", n)
	}
}

func TestRefusesBadIDs(t *testing.T) {
	s := redisstore.New(redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"}), nil)
	if err := s.Spend(context.Background(), "", time.Now()); !errors.Is(err, singleuse.ErrBadID) {
		t.Fatalf("empty id: %v", err)
	}
}
