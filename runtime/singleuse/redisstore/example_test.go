package redisstore_test

import (
	"log"

	"github.com/mcplint/mcplint/runtime/resolve"
	"github.com/mcplint/mcplint/runtime/singleuse/redisstore"
	"github.com/redis/go-redis/v9"
)

// Every replica of a service keeps its spent calls in the one Redis they
// share, so that a call confirmed on one replica cannot run again on
// another.
func Example() {
	rdb := redis.NewClient(&redis.Options{Addr: "redis:6379"})
	rt, err := resolve.New(&resolve.Options{SpentStore: redisstore.New(rdb, nil)})
	if err != nil {
		log.Fatal(err)
	}
	_ = rt // register the tools with rt.AddTool
}
