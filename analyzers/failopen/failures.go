package failopen

import (
	"go/types"
	"maps"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/mcplint/mcplint/analyzers/internal/flow"
	"github.com/mcplint/mcplint/analyzers/internal/knowledge"
)

// A failure is a class of the failed outcome that code can tell apart: a
// request refused or broken otherwise (the SDK's refusal on a 2026-07-28
// session, a client without the capability, a client's error, a
// disconnect), one that timed out, and one whose context was cancelled.
// Each must end where a decline ends. The failed outcome is walked once
// per class, where the package tells them apart, and its region is what
// the classes reach together; a finding names the class that goes ahead.
type failure int

const (
	refusedFailure failure = iota // neither context error
	timedOut                      // context.DeadlineExceeded
	ctxCancelled                  // context.Canceled
	numFailures
)

// tag returns the tag of a request's error of class f: failureTag for a
// refusal, which is none of the context's errors, and failureTag with the
// class for the others.
func (f failure) tag() string {
	switch f {
	case timedOut:
		return failureTag + ":" + knowledge.ContextDeadlineExceeded
	case ctxCancelled:
		return failureTag + ":" + knowledge.ContextCanceled
	}
	return failureTag
}

// isFailure reports whether tag is the tag of a request's error, of any
// class.
func isFailure(tag string) bool {
	return tag == failureTag || strings.HasPrefix(tag, failureTag+":")
}

// failureOf returns the class of a request's error tagged tag.
func failureOf(tag string) failure {
	for f := range numFailures {
		if f.tag() == tag {
			return f
		}
	}
	return refusedFailure
}

// contextErrorTag returns the tag of the context's error of class f (the
// sentinel knownValue gives context.DeadlineExceeded, say), or "" for a
// refusal.
func (f failure) contextErrorTag() string {
	switch f {
	case timedOut:
		return sentinelPrefix + knowledge.ContextPath + "." + knowledge.ContextDeadlineExceeded
	case ctxCancelled:
		return sentinelPrefix + knowledge.ContextPath + "." + knowledge.ContextCanceled
	}
	return ""
}

// contextFailure returns the class whose context error is the sentinel
// tagged tag.
func contextFailure(tag string) (failure, bool) {
	for _, f := range [...]failure{timedOut, ctxCancelled} {
		if f.contextErrorTag() == tag {
			return f, true
		}
	}
	return 0, false
}

// contextPrefix begins the tag of the context a request was sent with,
// bound on each class of its failure ("context:" and the class's tag):
// its Err is nil on a refusal, the class's error on the others.
const contextPrefix = "context:"

// tellsFailures reports whether the package may tell a failure's classes
// apart: it names context.DeadlineExceeded, context.Canceled or a
// context's Err. Elsewhere the failed outcome is walked once.
func tellsFailures(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		if knowledge.ContextError(obj) != "" {
			return true
		}
		if fn, ok := obj.(*types.Func); ok && knowledge.IsContextErr(fn) {
			return true
		}
	}
	return false
}

// splitsFailure reports whether the failed outcome of s is walked by
// class: a request of the SDK's, or a confirmer whose error on a failure
// is the request's own, in a package that tells the classes apart.
func (c *checker) splitsFailure(s *site) bool {
	if !c.classes || s.answer != "" || s.counted != nil || s.ranged {
		return false
	}
	return s.fact == nil || s.fact.Err >= 0 && s.fact.Fail == failureTag
}

// walkFailures walks the failed outcome of s, bound by bind, once per
// class, records each class's region in s.failures and returns what they
// reach together. A class that asks again where a refusal does not (a
// retry after a timeout) leaves its region out: what follows is that
// request's to judge, as its own site; a refusal's region is always
// kept.
func (c *checker) walkFailures(s *site, bind map[ssa.Value]flow.Val) *flow.Region {
	var regions []*flow.Region
	refusalAsksAgain := false
	for f := range numFailures {
		m := maps.Clone(bind)
		if s.err != nil {
			if v := m[s.err]; v.Kind == flow.NonNil && v.Tag == failureTag {
				v.Tag = f.tag()
				m[s.err] = v
			}
		}
		if s.ctx != nil {
			m[s.ctx] = flow.Val{Kind: flow.NonNil, Tag: contextPrefix + f.tag()}
		}
		r := c.paths.From(s.at, m)
		if !r.Complete {
			return r
		}
		switch asks := c.asksAgain(s, r); {
		case f == refusedFailure:
			refusalAsksAgain = asks
		case asks && !refusalAsksAgain:
			continue
		}
		s.failures[f] = r
		regions = append(regions, r)
	}
	return flow.Merge(regions...)
}

// contextErr returns what the Err of a context bound as one a request was
// sent with is on the class of its failure: nil on a refusal (a context
// that is done fails the request with its own error), the class's error
// on a timeout or a cancel.
func (c *checker) contextErr(ctx flow.Val) (flow.Val, bool) {
	tag, ok := strings.CutPrefix(ctx.Tag, contextPrefix)
	if ctx.Kind != flow.NonNil || !ok {
		return flow.Val{}, false
	}
	f := failureOf(tag)
	if f == refusedFailure {
		return flow.Nil, true
	}
	return c.sentinel(f.contextErrorTag()), true
}

// failing returns the words that name, after "when", the classes of the
// failure of s whose regions reach what reaches says (the code that only
// acceptance reaches, or the "go ahead" value), or "" when a refusal
// reaches it, or the failure was not walked by class.
func (s *site) failing(reaches func(*flow.Region) bool) string {
	if s.failures[refusedFailure] != nil && reaches(s.failures[refusedFailure]) {
		return ""
	}
	timeout := s.failures[timedOut] != nil && reaches(s.failures[timedOut])
	cancel := s.failures[ctxCancelled] != nil && reaches(s.failures[ctxCancelled])
	switch {
	case timeout && cancel:
		return s.name + " times out or its context is cancelled"
	case timeout:
		return s.name + " times out"
	case cancel:
		return "the context of " + s.name + " is cancelled"
	}
	return ""
}
