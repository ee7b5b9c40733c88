package kit

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// Budget is the clients' round budget: the go-sdk, python and typescript
// clients give up at their 10th input-required result.
const Budget = 10

// round is one call of a run: what the kit sent and what came back.
type round struct {
	args      map[string]any
	responses map[string]json.RawMessage
	state     string
	res       Result
}

// run is one call of a tool driven through its rounds.
type run struct {
	rounds     []round
	legacy     []Request // the server-to-client requests of a legacy session
	effects    int       // how many times the effect probe ticked
	overBudget bool
	final      Result
}

// plan answers question key of the result of round i (from 0).
type plan func(i int, key string, r Request) (json.RawMessage, bool)

// toolRun is everything the kit knows of one tool while it checks it.
type toolRun struct {
	name   string
	args   map[string]any
	opts   ToolOptions
	base   run  // confirmed, on a 2026-07-28 session
	stable bool // two confirmed calls ended with the same result
	keys   []string
	// own is what the tool's own confirmed call is handed for each
	// transplant of the last round's state (another principal, other
	// arguments); nil until known.
	own map[string]ownCall
}

func (t *toolRun) effect() int {
	if t.opts.Effect == nil {
		return 0
	}
	return t.opts.Effect()
}

func (t *toolRun) skips(scenario string) bool { return slices.Contains(t.opts.Skip, scenario) }

// question is the question the confirmed call was asked under key (the
// last time it was asked), or a zero Request.
func (t *toolRun) question(key string) Request {
	for i := len(t.base.rounds) - 1; i >= 0; i-- {
		if q, ok := t.base.rounds[i].res.Requests[key]; ok {
			return q
		}
	}
	return Request{}
}

func (t *toolRun) confirm(_ int, key string, r Request) (json.RawMessage, bool) {
	return answer(r, Confirm, t.opts.Answers[key]), true
}

// given is the user's confirming content (Tool.Answers) for a
// server-to-client request of a 2025-11-25 session, which carries no key:
// the content given for the question the confirmed call asked with the
// same method and parameters, or else with the same message (an SDK that
// turns input requests into server-to-client requests on older sessions
// may fill in defaults such as the form mode).
func (t *toolRun) given(r Request) map[string]any {
	if len(t.opts.Answers) == 0 {
		return nil
	}
	msg := readForm(r.Params).Message
	var sameMessage []string
	for _, rd := range t.base.rounds {
		for _, k := range sortedKeys(rd.res.Requests) {
			q := rd.res.Requests[k]
			if q.Method != r.Method {
				continue
			}
			if jsonEqual(q.Params, r.Params) {
				return t.opts.Answers[k]
			}
			if msg != "" && readForm(q.Params).Message == msg && !slices.Contains(sameMessage, k) {
				sameMessage = append(sameMessage, k)
			}
		}
	}
	if len(sameMessage) == 1 {
		return t.opts.Answers[sameMessage[0]]
	}
	return nil
}

type checker struct {
	srv      Server
	opts     Options
	report   *Report
	timeout  time.Duration
	user     string
	states   map[string]string // a state each tool's confirmed call carried, by tool
	allKeys  map[string]bool   // every question key any tool asked
	failures map[string]bool   // tool+error already reported
}

// Run checks the server's tools and returns what it found.
func Run(ctx context.Context, srv Server, opts Options) (*Report, error) {
	c := &checker{srv: srv, opts: opts, report: &Report{SDK: srv.SDK()}, timeout: opts.Timeout, user: opts.Principal,
		states: map[string]string{}, allKeys: map[string]bool{"confirm": true}, failures: map[string]bool{}}
	if c.timeout <= 0 {
		c.timeout = 5 * time.Second
	}
	if c.user == "" {
		c.user = "mcptest-user"
	}
	tools, err := srv.Tools(ctx)
	if err != nil {
		return nil, fmt.Errorf("mcptest: listing tools: %w", err)
	}
	byName := map[string]Tool{}
	for _, tl := range tools {
		byName[tl.Name] = tl
	}
	names := opts.Tools
	if len(names) == 0 {
		for _, tl := range tools {
			names = append(names, tl.Name)
		}
		sort.Strings(names)
	}
	var runs []*toolRun
	for _, name := range names {
		tl, ok := byName[name]
		if !ok {
			return nil, fmt.Errorf("mcptest: the server lists no tool %q", name)
		}
		t := &toolRun{name: name, opts: opts.Tool[name]}
		t.args = t.opts.Args
		if t.args == nil {
			t.args = argsFromSchema(tl.InputSchema)
		}
		c.report.Tools++
		if c.baseline(t) {
			runs = append(runs, t)
		}
	}
	for _, t := range runs {
		for _, s := range []struct {
			name string
			f    func(*toolRun)
		}{{"failopen", c.failopen}, {"standin", c.standIn}, {"statereach", c.stateReach},
			{"singleuse", c.singleUse}, {"askcaps", c.askCaps}, {"syncask", c.legacy}} {
			if !t.skips(s.name) {
				s.f(t)
			}
		}
	}
	return c.report, nil
}

// baseline drives the confirmed call twice and reports a tool that cannot
// be checked. It returns whether the scenarios can run.
func (c *checker) baseline(t *toolRun) bool {
	t.base = c.drive(t, c.session(false), t.args, t.confirm, nil)
	if t.base.overBudget {
		c.find(t, "askstable", "confirmed call", fmt.Sprintf("the call was still asking after %d input-required results, the clients' budget", Budget), t.base)
		// Its first round still says whom it asks.
		if !t.skips("askcaps") {
			c.askCaps(t)
		}
		return false
	}
	f := t.base.final
	if f.Status != Complete {
		if (f.Status == ToolError || f.Status == ProtocolError) && c.srv.Refusal(f.Err) && !t.skips("syncask") {
			c.find(t, "syncask", "confirmed call", "the tool failed with "+c.srv.SDK()+"'s refusal of a server-to-client request on a 2026-07-28 session: return the question as an input request (a resolver does)", t.base)
			c.legacy(t)
			return false
		}
		if c.failed(t, "confirmed call", t.base) {
			return false
		}
		c.find(t, "", "confirmed call", "the call with the example arguments and confirming answers did not complete ("+f.Status.String()+": "+trim(f.Err, 200)+"); give working Args, Answers or an Effect in the tool's options", t.base)
		return false
	}
	if t.opts.Effect != nil && t.base.effects == 0 {
		c.find(t, "", "confirmed call", "the effect probe did not tick on the confirmed call", t.base)
		return false
	}
	again := c.drive(t, c.session(false), t.args, t.confirm, nil)
	t.stable = again.final.Status == Complete && again.final.Body == f.Body
	for _, rd := range t.base.rounds {
		for k := range rd.res.Requests {
			if !slices.Contains(t.keys, k) {
				t.keys = append(t.keys, k)
			}
			c.allKeys[k] = true
		}
	}
	sort.Strings(t.keys)
	if n := len(t.base.rounds); n > 1 && t.base.rounds[n-1].state != "" {
		c.states[t.name] = t.base.rounds[n-1].state
	}
	return true
}

func (c *checker) session(legacy bool) Session {
	return Session{Legacy: legacy, Principal: c.user}
}

// drive calls the tool and answers its questions by p until it ends or
// the budget does. early adds answers to the request of round i.
func (c *checker) drive(t *toolRun, s Session, args map[string]any, p plan, early func(i int) map[string]json.RawMessage) run {
	var r run
	if s.Legacy && s.Answer == nil {
		s.Answer = func(method string, params json.RawMessage) (json.RawMessage, error) {
			req := Request{Method: method, Params: params}
			r.legacy = append(r.legacy, req)
			return answer(req, Confirm, t.given(req)), nil
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout*Budget)
	defer cancel()
	conn, err := c.srv.Connect(ctx, s)
	if err != nil {
		r.final = Result{Status: Failed, Err: "connecting: " + err.Error()}
		return r
	}
	defer conn.Close()
	before := t.effect()
	var responses map[string]json.RawMessage
	state := ""
	for i := 0; ; i++ {
		if early != nil {
			for k, v := range early(i) {
				if responses == nil {
					responses = map[string]json.RawMessage{}
				}
				if _, ok := responses[k]; !ok {
					responses[k] = v
				}
			}
		}
		res := c.call(conn, t.name, args, responses, state)
		r.rounds = append(r.rounds, round{args: args, responses: responses, state: state, res: res})
		r.final = res
		if res.Status != InputRequired {
			break
		}
		if i+1 >= Budget {
			r.overBudget = true
			break
		}
		responses = nil
		for _, k := range sortedKeys(res.Requests) {
			if a, ok := p(i, k, res.Requests[k]); ok {
				if responses == nil {
					responses = map[string]json.RawMessage{}
				}
				responses[k] = a
			}
		}
		state = res.State
	}
	r.effects = t.effect() - before
	return r
}

// once makes one call on a new session: a retry the kit built by hand.
func (c *checker) once(t *toolRun, s Session, args map[string]any, responses map[string]json.RawMessage, state string) run {
	var r run
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	conn, err := c.srv.Connect(ctx, s)
	if err != nil {
		r.final = Result{Status: Failed, Err: "connecting: " + err.Error()}
		return r
	}
	defer conn.Close()
	before := t.effect()
	res := c.call(conn, t.name, args, responses, state)
	r.rounds = []round{{args: args, responses: responses, state: state, res: res}}
	r.final = res
	r.effects = t.effect() - before
	return r
}

func (c *checker) call(conn Conn, tool string, args map[string]any, responses map[string]json.RawMessage, state string) Result {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	c.report.Calls++
	res := conn.Call(ctx, tool, args, responses, state)
	if res.Status == Failed && ctx.Err() != nil && !res.Panicked {
		res.Err = fmt.Sprintf("no result within the per-call timeout (%s)", c.timeout)
	}
	if res.Status == InputRequired {
		if len(res.Requests) == 0 && res.State == "" {
			return Result{Status: Failed, Err: "malformed result: input required with neither input requests nor requestState"}
		}
		for k, r := range res.Requests {
			if r.Method != methodElicit && r.Method != methodSampling && r.Method != methodRoots {
				return Result{Status: Failed, Err: fmt.Sprintf("malformed result: input request %q has method %q", k, r.Method)}
			}
		}
	}
	return res
}

// failed reports a run that ended without a result (a panic, a timeout, a
// malformed result) once per tool and error, and says whether it did.
func (c *checker) failed(t *toolRun, scenario string, r run) bool {
	for _, rd := range r.rounds {
		if rd.res.Status != Failed {
			continue
		}
		key := t.name + "\x00" + rd.res.Err
		if !c.failures[key] {
			c.failures[key] = true
			what := "the call failed: " + trim(rd.res.Err, 300)
			if rd.res.Panicked {
				what = "the handler panicked: " + trim(rd.res.Err, 300)
			}
			c.find(t, "", scenario, what, r)
		}
		return true
	}
	return false
}

// tookEffect says whether a run ended as the confirmed call did: the probe
// ticked, or (without one) the result is the confirmed call's. observed is
// false when neither can tell.
func (c *checker) tookEffect(t *toolRun, r run, base run, stable bool) (took, observed bool) {
	if t.opts.Effect != nil {
		return r.effects > 0, true
	}
	if r.final.Status != Complete {
		return false, true
	}
	if !stable {
		return false, false
	}
	return r.final.Body == base.final.Body, true
}

// lists reports whether the server lists tool on a session of kind s.
func (c *checker) lists(s Session, tool string) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	conn, err := c.srv.Connect(ctx, s)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	return conn.Lists(ctx, tool)
}

func (c *checker) note(t *toolRun, scenario, why string) {
	c.report.NotObserved = append(c.report.NotObserved, fmt.Sprintf("%s: %s: %s", t.name, scenario, why))
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func trim(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
