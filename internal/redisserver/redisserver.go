// Package redisserver runs a real redis-server for the tests and the scale
// benchmark: on a loopback port, with persistence off, as a child process
// that Stop ends and Restart brings back on the same port.
//
// The binary is Debian's redis-server package unpacked into the checkout's
// git-ignored .cache/redis/ by the tools' installredis command, which the
// test command runs; no root, nothing installed outside the checkout.
package redisserver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Env names the redis-server binary to use. The test command sets it to
// the one it installed, and then a test that needs Redis fails rather than
// skips when it cannot start it.
const Env = "MCPLINT_REDIS_SERVER"

// Find returns the redis-server to run: the one Env names, else one that
// tools/cmd/installredis unpacked under the checkout's .cache/redis/ (the
// last version directory in sorted order), else redis-server on PATH. It
// returns "" if there is none.
func Find() string {
	if p := os.Getenv(Env); p != "" {
		return p
	}
	if root, ok := checkoutRoot(); ok {
		found, _ := filepath.Glob(filepath.Join(root, ".cache", "redis", "*", "redis-server"))
		if len(found) > 0 {
			slices.Sort(found)
			return found[len(found)-1]
		}
	}
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p
	}
	return ""
}

// checkoutRoot is the nearest directory up from the current one that holds
// a go.mod of the module github.com/mcplint/mcplint (the tests of a nested
// module run below it).
func checkoutRoot() (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && bytes.HasPrefix(data, []byte("module github.com/mcplint/mcplint\n")) {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}

// A Server is a running redis-server.
type Server struct {
	bin  string
	port int
	dir  string // its working directory, empty: it writes nothing

	mu   sync.Mutex
	cmd  *exec.Cmd
	done chan struct{}
	log  *lockedBuffer
}

// lockedBuffer is the server's output, written by the process's copying
// goroutine and read on a failure to start.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Start starts bin on a free loopback port and waits until it answers.
func Start(bin string) (*Server, error) {
	dir, err := os.MkdirTemp("", "mcplint-redis-")
	if err != nil {
		return nil, err
	}
	s := &Server{bin: bin, dir: dir}
	for attempt := 0; ; attempt++ {
		if s.port, err = freePort(); err != nil {
			break
		}
		if err = s.start(); err == nil || attempt == 4 {
			break
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// ForTest starts a redis-server for t and stops it at the end of the test.
// If none is installed it skips t, saying how to install one, unless Env
// is set: then the test command means the test to run, and it fails.
func ForTest(t testing.TB) *Server {
	t.Helper()
	bin := Find()
	if bin == "" {
		t.Skip("redis-server is not installed: `go run -C tools ./cmd/installredis` unpacks Debian's package into .cache/redis/ (scripts/test.sh does), or set " + Env)
	}
	s, err := Start(bin)
	if err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	t.Cleanup(s.Close)
	return s
}

// Addr is the server's host:port.
func (s *Server) Addr() string { return net.JoinHostPort("127.0.0.1", strconv.Itoa(s.port)) }

func (s *Server) start() error {
	// Persistence off: no snapshot, no append-only file; loopback only.
	cmd := exec.Command(s.bin, "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--daemonize", "no", "--protected-mode", "yes",
		"--dir", s.dir, "--logfile", "")
	log := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return err
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if ping(s.Addr()) == nil {
			break
		}
		select {
		case <-done:
			return fmt.Errorf("redis-server exited: %s", strings.TrimSpace(log.String()))
		default:
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			<-done
			return fmt.Errorf("redis-server did not answer on %s within 10s: %s", s.Addr(), strings.TrimSpace(log.String()))
		}
	}
	s.mu.Lock()
	s.cmd, s.done, s.log = cmd, done, log
	s.mu.Unlock()
	return nil
}

// Stop ends the server; its port then refuses connections. Stopping a
// stopped server does nothing.
func (s *Server) Stop() {
	s.mu.Lock()
	cmd, done := s.cmd, s.done
	s.cmd = nil
	s.mu.Unlock()
	if cmd == nil {
		return
	}
	cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
	}
}

// Restart starts a stopped server again, empty, on the same port.
func (s *Server) Restart() error {
	s.Stop()
	var err error
	for range 50 { // the port may take a moment to be free again
		if err = s.start(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// Close stops the server and removes its directory.
func (s *Server) Close() {
	s.Stop()
	os.RemoveAll(s.dir)
}

// ping sends PING and expects PONG, in Redis's protocol.
func ping(addr string) error {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return err
	}
	if line != "+PONG\r\n" {
		return errors.New("PING: " + strings.TrimSpace(line))
	}
	return nil
}

func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}
