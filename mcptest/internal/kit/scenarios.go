package kit

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// failopen answers every question of the confirmed call with each
// non-confirming outcome, from the round it was asked on (and again
// whenever it is asked again); the call must not end as the confirmed one
// does. The retries without an answer also check that the question asked
// again is the same (askstable).
//
// A question whose answer the tool never reads (no outcome, no answer
// included, changes the call) confirms nothing when another question of
// the call that asks for consent does stop it: that one confirms the
// effect, and the unread one is not judged (as for the analyzer, which
// judges the answers a handler reads).
func (c *checker) failopen(t *toolRun) {
	var qs []*judged
	for i, rd := range t.base.rounds {
		for _, key := range sortedKeys(rd.res.Requests) {
			asked := rd.res.Requests[key]
			q := &judged{name: fmt.Sprintf("question %q of round %d", key, i+1), asked: asked,
				consent: asksConsent(asked, t.opts.Answers[key] != nil)}
			for _, o := range outcomes(asked, false) {
				// moved holds, by round, the confirming answers AnotherKey
				// sends under another key in the question's place.
				moved := map[int]map[string]json.RawMessage{}
				p := func(j int, k string, r Request) (json.RawMessage, bool) {
					if k != key || j < i {
						return t.confirm(j, k, r)
					}
					switch o {
					case NoAnswer:
						return nil, false
					case AnotherKey:
						a, _ := t.confirm(j, k, r)
						moved[j+1] = map[string]json.RawMessage{anotherKey(t.keys): a}
						return nil, false
					}
					return answer(r, o, nil), true
				}
				scenario := fmt.Sprintf("%s to question %q of round %d", o, key, i+1)
				r := c.drive(t, c.session(false), t.args, p, func(j int) map[string]json.RawMessage { return moved[j] })
				if asked.Method == methodElicit {
					c.report.ran("failopen")
				}
				if c.failed(t, scenario, r) {
					q.read = true // an outcome that breaks the call is read
					continue
				}
				took, observed := c.tookEffect(t, r, t.base, t.stable)
				switch {
				case asked.Method != methodElicit:
					// Not a confirmation: run for askstable only.
				case !observed:
					q.read = true
					c.note(t, "failopen", "results differ between two confirmed calls and no Effect is given")
				case took:
					q.went = append(q.went, wentAhead{scenario, r})
				default:
					q.read = true
				}
				if o == NoAnswer && !t.skips("askstable") {
					c.stable(t, key, i, asked, r)
				}
			}
			qs = append(qs, q)
		}
	}
	c.judge(t, qs)
}

// judge reports the non-confirming outcomes that went ahead, but for
// questions another question of the call confirms in their place.
func (c *checker) judge(t *toolRun, qs []*judged) {
	for _, q := range qs {
		if len(q.went) == 0 {
			continue
		}
		if by := confirmedBy(q, qs); by != nil {
			c.note(t, "failopen", fmt.Sprintf("%s not judged: the call ends the same however it is answered, or if it is not, and %s, which asks for consent, confirms it", q.name, by.name))
			continue
		}
		for _, w := range q.went {
			c.find(t, "failopen", w.scenario, "the call ended as the confirmed call does"+effectNote(t), w.run)
		}
	}
}

// judged is one question of the confirmed call under failopen.
type judged struct {
	name    string // for messages
	asked   Request
	consent bool // it asks for consent, not for a value
	read    bool // some non-confirming outcome did not end the call as the confirmed one
	went    []wentAhead
}

// wentAhead is a non-confirming outcome that ended the call as the
// confirmed one does.
type wentAhead struct {
	scenario string
	run      run
}

// confirmedBy returns the question of the call that confirms it in q's
// place, when the tool reads nothing of q (every outcome went ahead): an
// elicitation that asks for consent and that the tool reads; or nil.
func confirmedBy(q *judged, qs []*judged) *judged {
	if q.read {
		return nil
	}
	for _, o := range qs {
		if o != q && o.consent && o.read && o.asked.Method == methodElicit {
			return o
		}
	}
	return nil
}

// asksConsent says whether an elicitation asks for consent rather than a
// value: a form whose fields are all booleans (none at all: a plain
// "Continue?"), or one whose confirming content the user gave (a typed
// confirmation word). A URL-mode question confirms nothing.
func asksConsent(r Request, given bool) bool {
	if r.Method != methodElicit {
		return false
	}
	f := readForm(r.Params)
	if f.Mode == "url" {
		return false
	}
	if given {
		return true
	}
	for _, p := range f.RequestedSchema.Properties {
		if typeOf(p) != "boolean" {
			return false
		}
	}
	return true
}

// stable checks that a question asked again, on a retry without its
// answer, is the question asked before.
func (c *checker) stable(t *toolRun, key string, i int, asked Request, r run) {
	c.report.ran("askstable")
	if len(r.rounds) <= i+1 {
		return
	}
	again, ok := r.rounds[i+1].res.Requests[key]
	if !ok {
		return
	}
	if again.Method != asked.Method || !jsonEqual(again.Params, asked.Params) {
		c.find(t, "askstable", fmt.Sprintf("retry without an answer to question %q of round %d", key, i+1),
			fmt.Sprintf("the question was asked again changed: %s, then %s; an answer is never matched to it", trim(string(asked.Params), 160), trim(string(again.Params), 160)), r)
	}
}

func effectNote(t *toolRun) string {
	if t.opts.Effect != nil {
		return " (the effect probe ticked)"
	}
	return " (the same result)"
}

// standIn sends answers the tool has not asked for: answers to a later
// round's question sent early, and answers under keys it never asks in
// this call. The outcome must be the confirmed call's.
func (c *checker) standIn(t *toolRun) {
	first := map[string]int{}
	for i, rd := range t.base.rounds {
		for k := range rd.res.Requests {
			if _, ok := first[k]; !ok {
				first[k] = i
			}
		}
	}
	for _, key := range sortedKeys(first) {
		i := first[key]
		if i == 0 {
			continue
		}
		decline := answer(t.base.rounds[i].res.Requests[key], Decline, nil)
		for _, e := range dedupe(0, i-1) {
			early := func(j int) map[string]json.RawMessage {
				if j != e {
					return nil
				}
				return map[string]json.RawMessage{key: decline}
			}
			c.standInRun(t, fmt.Sprintf("decline of question %q (asked in round %d) sent in round %d", key, i+1, e+1), early)
		}
	}
	var unasked []string
	for k := range c.allKeys {
		if _, ok := first[k]; !ok {
			unasked = append(unasked, k)
		}
	}
	for _, k := range t.opts.Keys {
		if _, ok := first[k]; !ok && !c.allKeys[k] {
			unasked = append(unasked, k)
		}
	}
	if len(unasked) == 0 {
		return
	}
	// Declined, then accepted: an answer never asked for must move
	// nothing either way (a decline that stops the tool, an acceptance
	// that stands in for consent or replaces the server's own value).
	for _, v := range []struct{ name, answer string }{
		{"declines", `{"action":"decline"}`},
		{"acceptances", `{"action":"accept","content":{}}`},
	} {
		forged := map[string]json.RawMessage{}
		for _, k := range unasked {
			forged[k] = json.RawMessage(v.answer)
		}
		c.standInRun(t, fmt.Sprintf("%s to questions the call never asks (%s) sent in every round", v.name, trim(fmt.Sprint(sortedKeys(forged)), 120)),
			func(int) map[string]json.RawMessage { return forged })
		if slices.ContainsFunc(c.report.Findings, func(f Finding) bool {
			return f.Tool == t.name && strings.HasPrefix(f.Scenario, "stand-in answer: "+v.name)
		}) {
			return // one finding says it
		}
	}
}

func dedupe(a, b int) []int {
	if a == b {
		return []int{a}
	}
	return []int{a, b}
}

func (c *checker) standInRun(t *toolRun, scenario string, early func(int) map[string]json.RawMessage) {
	r := c.drive(t, c.session(false), t.args, t.confirm, early)
	c.report.ran("standin")
	if c.failed(t, scenario, r) {
		return
	}
	changed := r.final.Status != t.base.final.Status || (t.opts.Effect != nil && r.effects != t.base.effects) ||
		(t.stable && r.final.Body != t.base.final.Body)
	// A tool that refuses a round it did not expect (an error, no effect)
	// fails closed: an answer sent unasked changed nothing a client gains.
	refused := (r.final.Status == ToolError || r.final.Status == ProtocolError) && !(t.opts.Effect != nil && r.effects > 0)
	if changed && !refused {
		c.find(t, "statereach", "stand-in answer: "+scenario, fmt.Sprintf("an answer to a question not asked changed the outcome (%s, where the confirmed call ended %s)", r.final.Status, t.base.final.Status), r)
	}
}

// stateReach retries the confirmed call's last round with its requestState
// tampered with; each must be refused or asked again, never completed.
func (c *checker) stateReach(t *toolRun) {
	n := len(t.base.rounds)
	if n < 2 {
		return
	}
	last := t.base.rounds[n-1]
	if last.state == "" {
		c.note(t, "statereach", "the tool keeps no requestState")
		return
	}
	control := c.once(t, c.session(false), t.args, last.responses, "")
	c.report.ran("statereach")
	took, _ := c.tookEffect(t, control, t.base, true)
	stateNeeded := !took && control.final.Status != Complete
	asking := 0
	for _, rd := range t.base.rounds {
		if rd.res.Status == InputRequired && len(rd.res.Requests) > 0 {
			asking++
		}
	}
	if !stateNeeded && asking >= 2 {
		c.find(t, "statereach", "tampered state: empty", "the last round completed without the state that carries the earlier rounds' answers", control)
	}
	type variant struct {
		name, state string
		args        map[string]any
		user        string
	}
	vs := []variant{
		{name: "a flipped byte", state: flip(last.state)},
		{name: "truncated", state: last.state[:len(last.state)/2]},
	}
	if edited, ok := edit(last.state); ok {
		vs = append(vs, variant{name: "edited plain text", state: edited})
	}
	for _, other := range sortedKeys(c.states) {
		if other != t.name {
			vs = append(vs, variant{name: "transplanted from tool " + other, state: c.states[other]})
			break
		}
	}
	if len(t.args) > 0 {
		vs = append(vs, variant{name: "other arguments", state: last.state, args: otherArgs(t.args)})
	}
	vs = append(vs, variant{name: "another principal", state: last.state, user: c.user + "-other"})
	own := c.ownCalls(t)
	marker := c.isMarker(t)
	for _, v := range vs {
		s := c.session(false)
		if v.user != "" {
			s.Principal = v.user
		}
		args := t.args
		if v.args != nil {
			args = v.args
		}
		// A transplant is tampering only when that client's own call
		// asks and is handed another state: a state it is given itself
		// binds nothing to forge (a marker's, judged by outcome below),
		// and arguments the tool asks nothing about need none.
		switch own[v.name] {
		case asksNothing:
			c.note(t, "statereach", "tampered state: "+v.name+": not judged: the tool completes these arguments without asking, so it hands them no state to compare")
			continue
		case sameState:
			if !marker {
				c.note(t, "statereach", "tampered state: "+v.name+": not judged: the tool hands that call this very state itself")
			}
			continue
		}
		r := c.once(t, s, args, last.responses, v.state)
		c.report.ran("statereach")
		scenario := "tampered state: " + v.name
		if c.failed(t, scenario, r) {
			continue
		}
		took := r.final.Status == Complete || (t.opts.Effect != nil && r.effects > 0)
		// A state the tool does not need (the control completed) steers
		// nothing unless the tampered one changed the result.
		if took && (stateNeeded || r.final.Body != control.final.Body && r.final.Body != t.base.final.Body) {
			c.find(t, "statereach", scenario, "the retry completed: requestState is not verified (seal it, and bind it to the tool, arguments and principal)", r)
		}
	}
	if marker && stateNeeded {
		c.markerDecides(t, last)
	}
}

// ownCall is what the tool's own confirmed call for a transplant's
// session and arguments is handed where the confirmed call was handed
// the state sent to it.
type ownCall int

const (
	otherState  ownCall = iota // another state, none, or no completion: the transplant is judged
	sameState                  // this very state: nothing to forge
	asksNothing                // the call completes its first round without a question: it needs no state
)

// ownCalls drives the confirmed call as another principal and, when the
// tool takes arguments, with other arguments, and says what each is
// handed, by variant name.
func (c *checker) ownCalls(t *toolRun) map[string]ownCall {
	if t.own != nil {
		return t.own
	}
	n := len(t.base.rounds)
	state := t.base.rounds[n-1].state
	handed := func(s Session, args map[string]any) ownCall {
		r := c.drive(t, s, args, t.confirm, nil)
		if len(r.rounds) == 1 && r.final.Status == Complete {
			return asksNothing
		}
		if len(r.rounds) == n && r.rounds[n-1].state == state {
			return sameState
		}
		return otherState
	}
	other := c.session(false)
	other.Principal = c.user + "-other"
	t.own = map[string]ownCall{"another principal": handed(other, t.args)}
	if len(t.args) > 0 {
		t.own["other arguments"] = handed(c.session(false), otherArgs(t.args))
	}
	return t.own
}

// isMarker says whether the state of the confirmed call's last round is
// a marker: the state another principal's confirmed call is handed in
// that round too, as is one with other arguments unless the tool asks
// those nothing. It is the same for every client the tool asks, so it
// binds nothing to forge, and a replay of the round is a new call that
// answers ahead with a public marker.
func (c *checker) isMarker(t *toolRun) bool {
	n := len(t.base.rounds)
	if n < 2 || t.base.rounds[n-1].state == "" {
		return false
	}
	own := c.ownCalls(t)
	args, ok := own["other arguments"]
	return own["another principal"] == sameState && (!ok || args != otherState)
}

// markerDecides judges a state every client is given (a marker that says
// only that the question was asked): tampering with it can make the tool
// refuse or ask again, nothing more, unless the marker decides in the
// answer's place. It does when the last round with the marker and its
// answers declined (or left out) completes where, without the marker, the
// same round does not.
func (c *checker) markerDecides(t *toolRun, last round) {
	declined := map[string]json.RawMessage{}
	for k := range last.responses {
		declined[k] = answer(t.question(k), Decline, nil)
	}
	for _, v := range []struct {
		name      string
		responses map[string]json.RawMessage
	}{{"declined", declined}, {"left out", nil}} {
		scenario := "tampered state: the state every client is given, with the answers " + v.name
		r := c.once(t, c.session(false), t.args, v.responses, last.state)
		c.report.ran("statereach")
		if c.failed(t, scenario, r) {
			continue
		}
		if r.final.Status != Complete && !(t.opts.Effect != nil && r.effects > 0) {
			continue
		}
		without := c.once(t, c.session(false), t.args, v.responses, "")
		if without.final.Status == Complete || (t.opts.Effect != nil && without.effects > 0) {
			continue // the answers' outcome alone: failopen's
		}
		c.find(t, "statereach", scenario, "the retry completed: the requestState, the same for every client, stands in for the answer (a marker says only that the question was asked: read the answer)", r)
		return
	}
}

// flip changes one character in the middle of s, within its alphabet.
func flip(s string) string {
	b := []byte(s)
	i := len(b) / 2
	switch c := b[i]; {
	case c >= 'a' && c < 'z', c >= 'A' && c < 'Z', c >= '0' && c < '9':
		b[i] = c + 1
	case c == 'z' || c == 'Z' || c == '9':
		b[i] = c - 1
	default:
		b[i] ^= 1
	}
	return string(b)
}

var encodings = []*base64.Encoding{base64.StdEncoding, base64.URLEncoding, base64.RawStdEncoding, base64.RawURLEncoding}

// edit changes the last letter or digit of a state that is readable text,
// as is or base64-encoded, and encodes it back.
func edit(s string) (string, bool) {
	if readable([]byte(s)) && !looksEncoded(s) {
		return string(editText([]byte(s))), true
	}
	for _, enc := range encodings {
		if b, err := enc.DecodeString(s); err == nil && readable(b) {
			return enc.EncodeToString(editText(b)), true
		}
	}
	return "", false
}

func looksEncoded(s string) bool {
	for _, enc := range encodings {
		if _, err := enc.DecodeString(s); err == nil {
			return true
		}
	}
	return false
}

func readable(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	for _, r := range string(b) {
		if r == unicode.ReplacementChar || (!unicode.IsPrint(r) && !unicode.IsSpace(r)) {
			return false
		}
	}
	return true
}

func editText(b []byte) []byte {
	b = bytes.Clone(b)
	if bytes.Contains(b, []byte("true")) {
		return bytes.Replace(b, []byte("true"), []byte("fals"), 1)
	}
	for i := len(b) - 1; i >= 0; i-- {
		switch c := b[i]; {
		case c >= '0' && c <= '8', c >= 'a' && c <= 'y', c >= 'A' && c <= 'Y':
			b[i] = c + 1
			return b
		}
	}
	return b
}

// singleUse replays the last round of the confirmed call: the effect must
// not be taken twice.
func (c *checker) singleUse(t *toolRun) {
	n := len(t.base.rounds)
	if n < 2 {
		return
	}
	if t.opts.Effect == nil {
		c.note(t, "singleuse", "no Effect is given")
		return
	}
	last := t.base.rounds[n-1]
	if last.state == "" {
		// Without state a replay is a new call that answers ahead,
		// which a resolver tool takes too.
		c.note(t, "singleuse", "the tool keeps no requestState")
		return
	}
	// A tool that completes the last round without its state reads the
	// answers alone: a replay is then a new call that answers ahead, as
	// with no state at all.
	control := c.once(t, c.session(false), t.args, last.responses, "")
	if control.final.Status == Complete || control.effects > 0 {
		c.note(t, "singleuse", "the tool does not need its requestState (the last round completes without it)")
		return
	}
	// A state every client is handed (a constant marker) is public: a
	// replay with it is a new call that answers ahead, as with a state
	// the tool does not need. Whether the marker decides in the answer's
	// place is statereach's.
	if c.isMarker(t) {
		c.note(t, "singleuse", "the tool's requestState is a marker every client is handed (a replay is a new call that answers ahead)")
		return
	}
	r := c.once(t, c.session(false), t.args, last.responses, last.state)
	c.report.ran("singleuse")
	if c.failed(t, "replay", r) {
		return
	}
	if r.effects > 0 {
		c.find(t, "singleuse", "replay of the last round", "the replayed round took the effect again: spend the call's state once, server-side", r)
	}
}

// askCaps calls the tool from a 2026-07-28 client that declares no
// elicitation, sampling or roots: it must not get input requests.
func (c *checker) askCaps(t *toolRun) {
	s := c.session(false)
	s.NoCaps = true
	r := c.once(t, s, t.args, nil, "")
	c.report.ran("askcaps")
	if c.failed(t, "client without capabilities", r) {
		return
	}
	for _, k := range sortedKeys(r.final.Requests) {
		c.find(t, "askcaps", "client without capabilities", fmt.Sprintf("input request %q (%s) sent to a client that declared no capability for it: answer -32021 with requiredCapabilities", k, r.final.Requests[k].Method), r)
	}
	if len(r.final.Requests) > 0 {
		return // it asks whoever calls: said once
	}
	// A tool that checks one capability may ask for another as well: for
	// each kind it asks, a client that declares the other two.
	var kinds []string
	for _, rd := range t.base.rounds {
		for _, q := range rd.res.Requests {
			if !slices.Contains(kinds, q.Method) {
				kinds = append(kinds, q.Method)
			}
		}
	}
	slices.Sort(kinds)
	for _, kind := range kinds {
		s := c.session(false)
		s.Lacks = kind
		scenario := "client without the capability of " + kind
		r := c.once(t, s, t.args, nil, "")
		c.report.ran("askcaps")
		if c.failed(t, scenario, r) {
			continue
		}
		for _, k := range sortedKeys(r.final.Requests) {
			if q := r.final.Requests[k]; q.Method == kind {
				c.find(t, "askcaps", scenario, fmt.Sprintf("input request %q (%s) sent to a client that declared the other capabilities but not this one: answer -32021 with requiredCapabilities", k, q.Method), r)
			}
		}
	}
}

// errFailed is the error a legacy session's client answers with, for the
// failed-request outcome.
var errFailed = errors.New("mcptest: the request failed")

// legacy runs the tool on a 2025-11-25 session: it must work there, and
// each server-to-client question answered with a non-confirming outcome
// (again whenever it is asked again) must not end the call as the
// confirmed one does.
func (c *checker) legacy(t *toolRun) {
	if listed, err := c.lists(c.session(true), t.name); err == nil && !listed {
		// A server may offer a tool from 2026-07-28 on only: a client
		// never calls what it is not offered.
		c.note(t, "syncask", "the server does not list the tool on a 2025-11-25 session")
		return
	}
	base := c.drive(t, c.session(true), t.args, t.confirm, nil)
	c.report.ran("syncask")
	if c.failed(t, "2025-11-25 session", base) {
		return
	}
	if base.final.Status != Complete {
		if sr, ok := c.srv.(SchemaRefuser); ok && sr.SchemaRefusal(base.final.Err) {
			c.find(t, "elicitbase", "2025-11-25 session", "the confirmed call fails on a 2025-11-25 session: "+c.srv.SDK()+" refuses to send its form question ("+trim(base.final.Err, 200)+"), and no user is asked: give the question a requestedSchema", base)
			return
		}
		if t.base.final.Status == Complete {
			c.find(t, "syncask", "2025-11-25 session", "the confirmed call fails on a 2025-11-25 session ("+trim(base.final.Err, 200)+") where it completes on 2026-07-28", base)
		}
		return
	}
	if t.skips("failopen") {
		return
	}
	again := c.drive(t, c.session(true), t.args, t.confirm, nil)
	stable := again.final.Body == base.final.Body
	var qs []*judged
	for n, asked := range base.legacy {
		q := &judged{name: fmt.Sprintf("server-to-client request %d", n+1), asked: asked, consent: asksConsent(asked, t.given(asked) != nil)}
		qs = append(qs, q)
		// The question may have been asked before it (asked again): its
		// occurrence is the one to answer. Requests carry no key, and an
		// SDK may send one round's questions in any order, so the question
		// is found by its parameters, not by its place.
		before := 0
		for _, prior := range base.legacy[:n] {
			if sameQuestion(prior, asked) {
				before++
			}
		}
		for _, o := range outcomes(asked, true) {
			s := c.session(true)
			var r run
			seen := 0 // occurrences of the question so far
			s.Answer = func(method string, params json.RawMessage) (json.RawMessage, error) {
				req := Request{Method: method, Params: params}
				r.legacy = append(r.legacy, req)
				// The question's occurrence gets the outcome, and so does
				// the same question asked again later.
				if !sameQuestion(req, asked) {
					return answer(req, Confirm, t.given(req)), nil
				}
				if seen++; seen <= before {
					return answer(req, Confirm, t.given(req)), nil
				}
				if o == Failure {
					return nil, errFailed
				}
				return answer(req, o, t.given(req)), nil
			}
			// The SDK may hand the same question asked again back as an
			// input request: it gets the outcome too.
			reask := func(j int, k string, req Request) (json.RawMessage, bool) {
				if seen > before && sameQuestion(req, asked) {
					if o == Failure {
						return nil, false
					}
					return answer(req, o, t.given(req)), true
				}
				return t.confirm(j, k, req)
			}
			got := c.drive(t, s, t.args, reask, nil)
			got.legacy = r.legacy
			c.report.ran("failopen")
			scenario := fmt.Sprintf("2025-11-25 session: %s to server-to-client request %d (%s)", o, n+1, asked.Method)
			if c.failed(t, scenario, got) {
				q.read = true
				continue
			}
			took, observed := c.tookEffect(t, got, base, stable)
			switch {
			case !observed:
				q.read = true
				c.note(t, "failopen (2025-11-25)", "results differ between two confirmed calls and no Effect is given")
			case took:
				q.went = append(q.went, wentAhead{scenario, got})
			case o != Failure:
				// A failed request may end the call in the SDK, before the
				// tool sees it: it says nothing of what the tool reads.
				q.read = true
			}
		}
	}
	c.judge(t, qs)
}

// sameQuestion says whether a question of a 2025-11-25 session, which
// has no key, asks b again: the same parameters, or the same form in
// other words.
func sameQuestion(a, b Request) bool {
	if a.Method != b.Method {
		return false
	}
	if jsonEqual(a.Params, b.Params) {
		return true
	}
	var fa, fb struct {
		RequestedSchema json.RawMessage `json:"requestedSchema"`
	}
	if json.Unmarshal(a.Params, &fa) != nil || json.Unmarshal(b.Params, &fb) != nil || len(fa.RequestedSchema) == 0 {
		return false
	}
	return jsonEqual(fa.RequestedSchema, fb.RequestedSchema)
}

func jsonEqual(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}
