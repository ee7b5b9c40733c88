package engine

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"reflect"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
)

// rendering is a question as the client sees it: what its input request
// is built from, which happens only for a question that is sent (most
// rounds render questions already answered, for their digests).
type rendering struct {
	kind     Kind
	message  string
	body     json.RawMessage      // a form's schema as sent
	sampling any                  // sampling parameters
	schema   *jsonschema.Resolved // a form's schema, which answers are validated against
	digest   string               // pins answers to this rendering
}

// request builds the SDK's input request of a rendering.
func (e *Engine) request(q rendering) any {
	switch q.kind {
	case KindSampling:
		return e.sdk.RenderSampling(q.sampling)
	case KindRoots:
		return e.sdk.RenderRoots()
	}
	return e.sdk.RenderForm(q.message, q.body)
}

// render returns what the input request for a question is built from, the
// schema its answer is validated against, and the digest that pins answers
// to it.
func (e *Engine) render(n *node, q *Question) (rendering, error) {
	switch q.Kind {
	case KindForm:
		switch {
		case n.provides == e.answerType(KindForm):
			if err := checkFormSchema(q.Schema); err != nil {
				return rendering{}, err
			}
			rs, err := q.Schema.Resolve(nil)
			if err != nil {
				return rendering{}, fmt.Errorf("form schema: %w", err)
			}
			schemaJSON, err := json.Marshal(q.Schema)
			if err != nil {
				return rendering{}, fmt.Errorf("form schema: %w", err)
			}
			return rendering{kind: KindForm, message: q.Message, body: schemaJSON, schema: rs, digest: QuestionDigest(KindForm, n.key, q.Message, schemaJSON)}, nil
		case n.form != nil:
			last := n.asked.Load()
			if last == nil || last.message != q.Message {
				last = &renderedForm{q.Message, QuestionDigest(KindForm, n.key, q.Message, n.formJSON)}
				n.asked.Store(last)
			}
			return rendering{kind: KindForm, message: q.Message, body: n.formJSON, schema: n.form, digest: last.digest}, nil
		}
	case KindSampling:
		if n.provides == e.answerType(KindSampling) {
			if q.Sampling == nil || reflect.ValueOf(q.Sampling).IsZero() {
				return rendering{}, errors.New("sampling question without parameters")
			}
			params, err := json.Marshal(q.Sampling)
			if err != nil {
				return rendering{}, fmt.Errorf("sampling parameters: %w", err)
			}
			return rendering{kind: KindSampling, sampling: q.Sampling, digest: QuestionDigest(KindSampling, n.key, "", params)}, nil
		}
	case KindRoots:
		if n.provides == e.answerType(KindRoots) {
			return rendering{kind: KindRoots, digest: QuestionDigest(KindRoots, n.key, "", nil)}, nil
		}
	}
	return rendering{}, fmt.Errorf("asked a %s question but provides %s", q.Kind, spell(e.sdk, n.provides))
}

var digestPool = sync.Pool{New: func() any { return sha256.New() }}

// QuestionDigest pins an answer to the exact question it answers: its
// kind, the wire key it is asked under and everything the client was
// shown. It is the first 16 bytes of a SHA-256, as they are (the state's
// binary layout carries them so). The key is in it because the state
// names a question by its index among the tool's keys, which names another
// question in a build with other keys: there its digest does not match.
// (Digests of version 1 and 2 states, which had neither the key nor, in
// version 1, the raw bytes, match none: those questions are asked again.)
func QuestionDigest(kind Kind, key, message string, body []byte) string {
	h := digestPool.Get().(hash.Hash)
	defer digestPool.Put(h)
	h.Reset()
	fmt.Fprintf(h, "%d\x00%d\x00%s\x00%d\x00%s\x00", kind, len(key), key, len(message), message)
	h.Write(body)
	var sum [sha256.Size]byte
	return string(h.Sum(sum[:0])[:16])
}
