// Command installredis makes redis-server available without installing
// it: Debian's redis-server package and the libraries it needs that the
// system lacks are downloaded (apt-get download, which needs no root) and
// unpacked (dpkg-deb -x) into .cache/redis/ (git-ignored); nothing outside
// it changes. It prints the path of a redis-server wrapper that runs the
// unpacked binary with its libraries. The tests of the Redis store and the
// scale benchmark start it on a loopback port with persistence off
// (internal/redisserver).
//
//	go run -C tools ./cmd/installredis      # -> .../.cache/redis/VERSION/redis-server
//
// If redis-server is on PATH, it prints that instead. Needs a Debian-based
// system (apt-get, dpkg-deb).
package main

import (
	"fmt"
	"os"

	"github.com/mcplint/mcplint/tools/internal/debian"
)

var redis = debian.Program{
	Command: "redis-server",
	Package: "redis-server",
	Cache:   "redis",
	By:      "tools/cmd/installredis",
	// usr/bin/redis-server is a link to redis-check-rdb, which runs as the
	// server when started under that name: the wrapper's exec keeps it.
}

func main() {
	p, err := redis.Path()
	if err != nil {
		fmt.Fprintf(os.Stderr, "installredis: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(p)
}
