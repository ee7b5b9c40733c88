package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strconv"
	"sync/atomic"
	"time"
)

// proxy is a round-robin reverse proxy over the replicas: every request
// goes to the next enabled replica. The driver disables a replica, which
// waits for the requests in flight to it, before restarting it, so that no
// request is sent to a replica that is going away.
type proxy struct {
	backends []*url.URL
	enabled  []atomic.Bool
	served   []atomic.Int64 // requests sent to each replica
	inflight []atomic.Int64 // requests to each replica not yet answered
	next     atomic.Uint64
}

// pick chooses the replica of a request and counts it in flight there;
// done must follow. A request is counted before the replica's switch is
// read, so that disable, which clears the switch and then waits for the
// count, cannot miss it.
func (p *proxy) pick() int {
	for range len(p.backends) {
		i := int(p.next.Add(1) % uint64(len(p.backends)))
		p.inflight[i].Add(1)
		if p.enabled[i].Load() {
			return i
		}
		p.inflight[i].Add(-1)
	}
	p.inflight[0].Add(1)
	return 0 // all disabled: the driver never does that
}

func (p *proxy) handler() http.Handler {
	backendOf := func(r *http.Request) int { return r.Context().Value(backendKey{}).(int) }
	transport := &http.Transport{MaxIdleConnsPerHost: 256, IdleConnTimeout: 30 * time.Second}
	rp := &httputil.ReverseProxy{
		Transport: transport,
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(p.backends[backendOf(pr.In)])
			pr.Out.URL.Path = pr.In.URL.Path
		},
		// A client that closes a stream once it has its response makes
		// the copy fail; a failed call shows at the client, so only
		// errors before the response are logged.
		ErrorLog: log.New(io.Discard, "", 0),
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			log.Printf("proxy: replica %d: %v", backendOf(r), err)
			w.WriteHeader(http.StatusBadGateway)
		},
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := p.pick()
		defer p.inflight[i].Add(-1)
		p.served[i].Add(1)
		rp.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), backendKey{}, i)))
	}))
	// The driver's controls: /-/enable?i=N&on=false, /-/served.
	mux.HandleFunc("/-/enable", func(w http.ResponseWriter, r *http.Request) {
		i, err := strconv.Atoi(r.URL.Query().Get("i"))
		if err != nil || i < 0 || i >= len(p.backends) {
			http.Error(w, "bad backend", http.StatusBadRequest)
			return
		}
		on := r.URL.Query().Get("on") != "false"
		p.enabled[i].Store(on)
		if on {
			// Connections kept from the replica's previous process are
			// dead; drop them rather than find out with a request.
			transport.CloseIdleConnections()
			return
		}
		for deadline := time.Now().Add(10 * time.Second); p.inflight[i].Load() > 0; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				http.Error(w, "requests still in flight", http.StatusServiceUnavailable)
				return
			}
		}
	})
	mux.HandleFunc("/-/served", func(w http.ResponseWriter, r *http.Request) {
		counts := make([]int64, len(p.served))
		for i := range p.served {
			counts[i] = p.served[i].Load()
		}
		json.NewEncoder(w).Encode(counts)
	})
	return mux
}

type backendKey struct{}

// runProxy serves the proxy on addr in front of backends and prints its
// address.
func runProxy(addr string, backends []string) error {
	p := &proxy{enabled: make([]atomic.Bool, len(backends)), served: make([]atomic.Int64, len(backends)), inflight: make([]atomic.Int64, len(backends))}
	for i, b := range backends {
		u, err := url.Parse("http://" + b)
		if err != nil {
			return err
		}
		p.backends = append(p.backends, u)
		p.enabled[i].Store(true)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	fmt.Println(ln.Addr())
	srv := &http.Server{Handler: p.handler(), ReadHeaderTimeout: 10 * time.Second}
	return srv.Serve(ln)
}
