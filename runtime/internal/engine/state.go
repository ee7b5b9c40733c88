package engine

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/mcplint/mcplint/runtime/internal/sealcore"
)

// MaxStateBytes bounds requestState in both directions: a token longer than
// this is rejected before any decoding, and a call whose state would grow
// past it fails instead of sending it.
const MaxStateBytes = 64 << 10

// A Binding is what a requestState token is issued for: a sealing codec
// binds the token to it, so that a token issued for one call cannot be
// replayed against another.
type Binding = sealcore.Claims

// A StateCodec turns the engine's state into the requestState string that
// the client echoes, and back. The bindings document it as theirs.
type StateCodec interface {
	Seal(b Binding, payload []byte) (string, error)
	Open(b Binding, token string) ([]byte, error)
}

// ErrInvalidState marks a requestState that failed verification.
var ErrInvalidState = sealcore.ErrInvalid

// ErrStateTooLarge marks a payload too large for a token.
var ErrStateTooLarge = sealcore.ErrTooLarge

// StateVersion is the version of the payload layout that EncodeState
// writes: the binary layout of [EncodeState]. Version 1 was the JSON form
// of State, which DecodeState still reads: the state of calls that a
// replica of an earlier build began. Version 2 (unreleased) named each
// question by its wire key and pinned it with a digest of the question
// alone; its states are not read (their digests would not match, so they
// would only be asked again). Version 3 is version 4 without the
// answerFlat tag (an answer to a flat form kept as JSON): DecodeState
// reads it, the state of calls that a replica of the previous build began.
const StateVersion = 4

// stateVersionBeforeFlat is the binary layout of the previous build,
// which DecodeState still reads.
const stateVersionBeforeFlat = 3

// stateVersionJSON is the version of the JSON payload layout.
const stateVersionJSON = 1

// State is what the engine carries between the rounds of one call. Its
// layout is exported for the bindings' tests, which forge states.
type State struct {
	Version int `json:"v"`
	// Answers holds the outcome of every question answered so far, by wire
	// key.
	Answers Keyed[StoredAnswer] `json:"a,omitempty"`
	// Asked holds the digest of every question sent in the last round, by
	// wire key: a fresh answer counts only for the question the client was
	// shown.
	Asked Keyed[string] `json:"q,omitempty"`
	// Changed holds, by wire key, a question that the resolver asked
	// differently from the question it had asked and had answered the
	// round before: how many rounds in a row that happened, and the
	// rendering asked instead, to log if it changes again.
	Changed Keyed[ChangedQuestion] `json:"c,omitempty"`
	// Call identifies the call under single use: set in its first round,
	// the same in every state of the call.
	Call *CallID `json:"call,omitempty"`
}

// ChangedQuestion is the record of a question that changed between rounds.
type ChangedQuestion struct {
	Rounds int             `json:"n"`
	Shown  json.RawMessage `json:"s"` // the rendering asked instead
}

// StoredAnswer is one answer, pinned to the question it answered.
type StoredAnswer struct {
	Digest string `json:"d"` // digest of the rendered question
	// Response is a sampling or roots answer as the client sent it (in a
	// state of version 1, any answer).
	Response json.RawMessage `json:"r"`
	// Action is a form answer's action, which the engine stores instead
	// of the client's whole response; Content, an accepted form answer's
	// content, as JSON. Action is "" for an answer of another kind.
	Action  string          `json:"-"`
	Content json.RawMessage `json:"-"`
	// flat is, instead of Content, the content of an accepted answer to a
	// flat form, in the form's layout (FlatSchema.appendContent); nil if
	// the answer is kept otherwise.
	flat []byte
}

// The tags of a stored answer in the binary layout: the client's response,
// or a form answer by its action.
const (
	answerResponse byte = iota
	answerAccept
	answerDecline
	answerCancel
	answerFlat // accepted, the content in its flat form's layout (state version 4)
)

var formActions = [...]string{answerAccept: Accept, answerDecline: Decline, answerCancel: Cancel}

// formTag returns the tag of a form answer's action; the engine stores
// only answers it accepted, whose action is one of the three.
func formTag(action string) (byte, bool) {
	for tag, a := range formActions {
		if a != "" && a == action {
			return byte(tag), true
		}
	}
	return 0, false
}

// EncodeState returns the payload of a state, in the layout of
// StateVersion (whatever st.Version says), for a tool whose questions have
// the wire keys keys, sorted:
//
//	version 4 (one byte) | call | answers | asked | changed
//	call    = 0 | 1 id until | 2 raw until
//	answers = count (question digest answer)...
//	answer  = 0 response | 1 content | 2 | 3 | 4 flat
//	asked   = count (question digest)...
//	changed = count (question rounds shown)...
//	question = i+1 (the i-th of keys) | 0 key
//
// where an answer is the client's response (sampling, roots) or a form
// answer: accept with its content as JSON, decline, cancel, or accept with
// the content of a flat form in the form's layout (see
// FlatSchema.appendContent), which is shorter and needs no JSON decoder to
// read back; raw is the 16 bytes of
// a call id that newCall minted and id the text of any other (a call that
// a replica of an earlier build began), every string and byte field is its
// length (uvarint) and its bytes, counts, indices and rounds are uvarints,
// until a varint, and table entries come in key order, so that one state has
// one encoding. Every byte of it travels to the client and back each
// round: a question is named by its index among the tool's keys, one byte
// instead of its wire key (resolve.first and the like), and by the key
// itself only if it is not among them. An index means its key only to a
// build whose tool has the same keys; the question digest includes the
// wire key (see [QuestionDigest]), so that in a build with other keys an
// index naming another question pins nothing: its answer does not match,
// and the question is asked again.
func EncodeState(st *State, keys ...string) []byte {
	b := make([]byte, 0, encodedSize(st))
	b = append(b, StateVersion)
	if st.Call == nil {
		b = append(b, 0)
	} else if raw, ok := rawCallID(st.Call.ID); ok {
		b = append(append(b, 2), raw[:]...)
		b = binary.AppendVarint(b, st.Call.Until)
	} else {
		b = append(b, 1)
		b = appendBytes(b, st.Call.ID)
		b = binary.AppendVarint(b, st.Call.Until)
	}
	b = binary.AppendUvarint(b, uint64(len(st.Answers)))
	for _, e := range st.Answers {
		a := e.Value
		b = appendBytes(appendQuestion(b, e.Key, keys), a.Digest)
		switch tag, ok := formTag(a.Action); {
		case !ok:
			b = appendBytes(append(b, answerResponse), a.Response)
		case tag == answerAccept && a.flat != nil:
			b = appendBytes(append(b, answerFlat), a.flat)
		case tag == answerAccept:
			b = appendBytes(append(b, tag), a.Content)
		default:
			b = append(b, tag)
		}
	}
	b = binary.AppendUvarint(b, uint64(len(st.Asked)))
	for _, e := range st.Asked {
		b = appendBytes(appendQuestion(b, e.Key, keys), e.Value)
	}
	b = binary.AppendUvarint(b, uint64(len(st.Changed)))
	for _, e := range st.Changed {
		c := e.Value
		b = appendBytes(binary.AppendUvarint(appendQuestion(b, e.Key, keys), uint64(max(c.Rounds, 0))), c.Shown)
	}
	return b
}

// appendQuestion appends the name of the question with wire key k: its
// index among keys (sorted), or the key itself.
func appendQuestion(b []byte, k string, keys []string) []byte {
	if i, ok := slices.BinarySearch(keys, k); ok {
		return binary.AppendUvarint(b, uint64(i)+1)
	}
	return appendBytes(append(b, 0), k)
}

// encodedSize bounds the length of EncodeState's result, so that it
// allocates once.
func encodedSize(st *State) int {
	const field = binary.MaxVarintLen64
	n := 2 + 4*field
	if st.Call != nil {
		n += 2*field + len(st.Call.ID)
	}
	for _, e := range st.Answers {
		a := e.Value
		n += 5*field + len(e.Key) + len(a.Digest) + len(a.Response) + len(a.Content) + len(a.flat)
	}
	for _, e := range st.Asked {
		n += 3*field + len(e.Key) + len(e.Value)
	}
	for _, e := range st.Changed {
		n += 4*field + len(e.Key) + len(e.Value.Shown)
	}
	return n
}

func appendBytes[T string | []byte | json.RawMessage](b []byte, v T) []byte {
	return append(binary.AppendUvarint(b, uint64(len(v))), v...)
}

// DecodeState parses a payload: the layout of StateVersion for a tool
// whose questions have the wire keys keys, sorted, or the JSON of version
// 1. An entry whose question index is beyond keys (a state of a build
// whose tool asks more questions) is left out: its question is asked
// again. Malformed input or an unknown version yields an error; the caller
// then starts from no state.
func DecodeState(payload []byte, keys ...string) (*State, error) {
	if len(payload) > 0 && payload[0] == '{' {
		return decodeJSONState(payload)
	}
	d := stateDecoder{b: payload, text: string(payload), keys: keys}
	v := d.byte()
	if v != StateVersion && v != stateVersionBeforeFlat {
		if d.err != nil {
			return nil, d.err
		}
		return nil, fmt.Errorf("state version %d, want %d", v, StateVersion)
	}
	d.flat = v == StateVersion
	st := &State{Version: StateVersion}
	switch d.byte() {
	case 0:
	case 1:
		st.Call = &CallID{ID: d.string()}
		st.Call.Until = d.varint()
	case 2:
		st.Call = &CallID{ID: callIDText.EncodeToString(d.take(callIDSize)), Until: d.varint()}
	default:
		d.fail("bad call flag")
	}
	if n := d.count(3); n > 0 {
		st.Answers = make(Keyed[StoredAnswer], 0, n)
		for range n {
			k, known := d.question()
			a := StoredAnswer{Digest: d.string()}
			switch tag := d.byte(); tag {
			case answerResponse:
				a.Response = d.bytes()
			case answerAccept:
				a.Action, a.Content = Accept, d.bytes()
			case answerFlat:
				if !d.flat {
					d.fail("bad answer tag")
				}
				if a.Action, a.flat = Accept, d.bytes(); a.flat == nil {
					a.flat = []byte{} // an empty content, not no flat content
				}
			case answerDecline, answerCancel:
				a.Action = formActions[tag]
			default:
				d.fail("bad answer tag")
			}
			if known {
				st.Answers.Set(k, a)
			}
		}
	}
	if n := d.count(2); n > 0 {
		st.Asked = make(Keyed[string], 0, n)
		for range n {
			k, known := d.question()
			if digest := d.string(); known {
				st.Asked.Set(k, digest)
			}
		}
	}
	if n := d.count(3); n > 0 {
		st.Changed = make(Keyed[ChangedQuestion], 0, n)
		for range n {
			k, known := d.question()
			if c := (ChangedQuestion{Rounds: int(min(d.uvarint(), math.MaxInt32)), Shown: json.RawMessage(d.bytes())}); known {
				st.Changed.Set(k, c)
			}
		}
	}
	if d.err == nil && len(d.b) > 0 {
		d.fail("trailing bytes")
	}
	if d.err != nil {
		return nil, d.err
	}
	return st, nil
}

// decodeJSONState parses the JSON payload of version 1.
func decodeJSONState(payload []byte) (*State, error) {
	var st State
	if err := json.Unmarshal(payload, &st); err != nil {
		return nil, fmt.Errorf("malformed state: %w", err)
	}
	if st.Version != stateVersionJSON {
		return nil, fmt.Errorf("state version %d, want %d", st.Version, stateVersionJSON)
	}
	return &st, nil
}

// stateDecoder reads the fields of a binary payload, recording the first
// failure; after one, every read returns a zero value.
type stateDecoder struct {
	b   []byte
	err error
	// text is the whole payload as a string, which the keys and digests
	// share: one copy instead of one each.
	text string
	keys []string // the tool's wire keys, which question indices name
	flat bool     // the payload's version has the answerFlat tag
}

// question reads the name of a question: its wire key, and whether the
// tool has a question of that index (a key written out is always known).
func (d *stateDecoder) question() (string, bool) {
	i := d.uvarint()
	switch {
	case d.err != nil:
		return "", false
	case i == 0:
		return d.string(), true
	case i > uint64(len(d.keys)):
		return "", false
	}
	return d.keys[i-1], true
}

func (d *stateDecoder) fail(why string) {
	if d.err == nil {
		d.err = fmt.Errorf("malformed state: %s", why)
	}
	d.b = nil
}

func (d *stateDecoder) byte() byte {
	if len(d.b) == 0 {
		d.fail("truncated")
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	return c
}

func (d *stateDecoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail("bad length")
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *stateDecoder) varint() int64 {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail("bad number")
		return 0
	}
	d.b = d.b[n:]
	return v
}

// bytes reads a length and that many bytes, sharing the payload's memory.
func (d *stateDecoder) bytes() []byte { return d.take(d.uvarint()) }

// string reads a length and that many bytes, as a string sharing d.text.
func (d *stateDecoder) string() string {
	b := d.bytes()
	if len(b) == 0 {
		return ""
	}
	end := len(d.text) - len(d.b)
	return d.text[end-len(b) : end]
}

// take reads n bytes, sharing the payload's memory.
func (d *stateDecoder) take(n uint64) []byte {
	if n > uint64(len(d.b)) {
		d.fail("truncated")
		return nil
	}
	v := d.b[:n:n]
	d.b = d.b[n:]
	return v
}

// count reads the number of entries of a map whose entries have at least
// fields fields of one byte or more each: a count the rest of the payload
// cannot hold is malformed, so that no count makes the decoder allocate
// more than the payload's size.
func (d *stateDecoder) count(fields int) int {
	n := d.uvarint()
	if n > uint64(len(d.b)/fields) {
		d.fail("bad count")
		return 0
	}
	return int(n)
}
