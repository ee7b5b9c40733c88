package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"time"

	"github.com/mcplint/mcplint/runtime/seal"
)

// proc is a child process that listens on addr.
type proc struct {
	cmd  *exec.Cmd
	addr string
	done chan error
}

// startProc starts this binary with args and env, and waits for the
// address it prints.
func startProc(env []string, args ...string) (*proc, error) {
	bin, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, done: make(chan error, 1)}
	addr := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(out).ReadString('\n')
		addr <- strings.TrimSpace(line)
		p.done <- cmd.Wait()
	}()
	select {
	case p.addr = <-addr:
		if p.addr == "" {
			return nil, fmt.Errorf("%s: exited before listening", strings.Join(args, " "))
		}
		return p, nil
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		return nil, fmt.Errorf("%s: no address after 30s", strings.Join(args, " "))
	}
}

// stop ends the process gracefully, or kills it after 15s.
func (p *proc) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.done:
	case <-time.After(15 * time.Second):
		p.cmd.Process.Kill()
		<-p.done
	}
}

// cluster is the replicas and the proxy in front of them.
type cluster struct {
	replicas []*proc
	proxy    *proc
	restarts int
	args     []string // of every replica: where its spent calls go
}

// startCluster starts n replicas with the key ring and the replica flags
// args, and the proxy in front of them.
func startCluster(n int, ring string, args ...string) (*cluster, error) {
	c := &cluster{args: args}
	var addrs []string
	for range n {
		r, err := startProc([]string{seal.KeysEnv + "=" + ring}, append([]string{"replica"}, args...)...)
		if err != nil {
			c.stop()
			return nil, err
		}
		c.replicas = append(c.replicas, r)
		addrs = append(addrs, r.addr)
	}
	p, err := startProc(nil, "proxy", "-backends", strings.Join(addrs, ","))
	if err != nil {
		c.stop()
		return nil, err
	}
	c.proxy = p
	return c, nil
}

func (c *cluster) url(path string) string { return "http://" + c.proxy.addr + path }

func (c *cluster) stop() {
	for _, r := range c.replicas {
		r.stop()
	}
	if c.proxy != nil {
		c.proxy.stop()
	}
}

// restart replaces replica i by one with ring, on the same address: the
// proxy stops sending it requests and waits for those in flight, the old
// process stops, the new one starts, and the proxy sends to it again.
func (c *cluster) restart(i int, ring string) error {
	if err := c.enable(i, false); err != nil {
		return err
	}
	old := c.replicas[i]
	old.stop()
	r, err := startProc([]string{seal.KeysEnv + "=" + ring}, append([]string{"replica", "-addr", old.addr}, c.args...)...)
	if err != nil {
		return err
	}
	c.replicas[i] = r
	c.restarts++
	return c.enable(i, true)
}

func (c *cluster) enable(i int, on bool) error {
	resp, err := http.Get(fmt.Sprintf("%s?i=%d&on=%v", c.url("/-/enable"), i, on))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("proxy: enable %d: %s", i, resp.Status)
	}
	return nil
}

// served returns the requests the proxy sent to each replica.
func (c *cluster) served() ([]int64, error) {
	var counts []int64
	return counts, getJSON(c.url("/-/served"), &counts)
}

// mem returns the memory of all replicas together.
func (c *cluster) mem() (memStats, error) {
	var sum memStats
	for _, r := range c.replicas {
		var m memStats
		if err := getJSON("http://"+r.addr+"/debug/mem", &m); err != nil {
			return sum, err
		}
		sum.Heap += m.Heap
		sum.Stacks += m.Stacks
		sum.Goroutines += m.Goroutines
	}
	return sum, nil
}

// reservations returns the handler runs of all replicas together.
func (c *cluster) reservations() (int64, error) {
	var sum int64
	for _, r := range c.replicas {
		var n int64
		if err := getJSON("http://"+r.addr+"/debug/reservations", &n); err != nil {
			return sum, err
		}
		sum += n
	}
	return sum, nil
}

func getJSON(url string, v any) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}
