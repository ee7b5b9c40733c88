// Command scalebench runs a resolver tool on replicas as processes, under
// load, and the same tool written with Session.Elicit next to it.
//
// It starts three replica processes of itself with a shared
// MCPLINT_STATE_KEYS behind a round-robin reverse proxy in a process of its
// own, drives concurrent go-sdk clients through complete three-round calls,
// rotates the key ring mid-run by restarting the replicas one at a time,
// and prints calls/s, latency per round, failed calls and server memory per
// call waiting between rounds. Then it runs the resolver tool with single
// use off, with spent calls in each replica's memory, and in one real
// redis-server the replicas share: it replays every confirmed call's final
// request on every replica (with Redis none may run the handler again), and
// stops Redis under load (calls fail closed, and succeed once it is back).
// scripts/bench-scale.sh runs it; everything listens on loopback only.
//
// It is a module of its own, like the Redis store it uses (go-redis needs
// go 1.26; mcplint's module stays on go 1.25).
//
//	go run -C tools/scalebench . -clients 50 -calls 1000
//
// The subcommands "replica" and "proxy" are the processes it starts.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"
)

func main() {
	if len(os.Args) > 1 {
		switch os.Args[1] {
		case "replica":
			fs := flag.NewFlagSet("replica", flag.ExitOnError)
			addr := fs.String("addr", "127.0.0.1:0", "address to listen on")
			store := fs.String("store", storeMemory, "where spent calls go: off, memory or redis")
			redisAddr := fs.String("redis", "", "the Redis of -store redis")
			fs.Parse(os.Args[2:])
			exitOn(runReplica(*addr, *store, *redisAddr))
			return
		case "proxy":
			fs := flag.NewFlagSet("proxy", flag.ExitOnError)
			addr := fs.String("addr", "127.0.0.1:0", "address to listen on")
			backends := fs.String("backends", "", "comma-separated replica addresses")
			fs.Parse(os.Args[2:])
			exitOn(runProxy(*addr, strings.Split(*backends, ",")))
			return
		}
	}
	var cfg config
	flag.IntVar(&cfg.clients, "clients", 50, "concurrent go-sdk clients")
	flag.IntVar(&cfg.calls, "calls", 1000, "complete calls per run")
	flag.IntVar(&cfg.replicas, "replicas", 3, "replica processes")
	flag.StringVar(&cfg.only, "only", "", `run only "resolvers", "elicit" or "singleuse"`)
	flag.Parse()
	if cfg.clients < 1 || cfg.calls < cfg.clients || cfg.replicas < 1 {
		fmt.Fprintln(os.Stderr, "scalebench: need clients >= 1, calls >= clients, replicas >= 1")
		os.Exit(2)
	}
	exitOn(run(cfg))
}

func exitOn(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "scalebench:", err)
		os.Exit(1)
	}
}
