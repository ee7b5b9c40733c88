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
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/mcplint/mcplint/tools/internal/debian"
	"github.com/mcplint/mcplint/tools/internal/repo"
)

func main() {
	p, err := run()
	if err != nil {
		fmt.Fprintf(os.Stderr, "installredis: %v\n", err)
		os.Exit(1)
	}
	fmt.Println(p)
}

func run() (string, error) {
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p, nil
	}
	root, err := repo.Root()
	if err != nil {
		return "", err
	}
	cache, err := repo.Cache(root, "redis")
	if err != nil {
		return "", err
	}
	u, err := debian.Unpack(cache, "redis-server", func(u debian.Unpacked) error {
		// usr/bin/redis-server is a link to redis-check-rdb, which runs as
		// the server when started under that name: exec keeps the name.
		wrapper := fmt.Sprintf(`#!/bin/sh
# redis-server %s, unpacked by mcplint's tools/cmd/installredis.
root=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH="%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
exec "$root/usr/bin/redis-server" "$@"
`, u.Version, u.LibPath)
		bin := filepath.Join(u.Dir, "redis-server")
		if err := os.WriteFile(bin, []byte(wrapper), 0o755); err != nil {
			return err
		}
		v, err := exec.Command(bin, "--version").Output()
		if err != nil {
			return fmt.Errorf("the unpacked redis-server does not run: %v", err)
		}
		fmt.Fprint(os.Stderr, strings.TrimSpace(string(v))+"\n")
		return nil
	})
	if err != nil {
		return "", err
	}
	return filepath.Join(u.Dir, "redis-server"), nil
}
