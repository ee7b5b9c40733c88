package engine

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// fullState has every field of a state set.
func fullState() *State {
	return &State{
		Version: StateVersion,
		Answers: KeyedOf(map[string]StoredAnswer{
			"resolve.first":  {Digest: "yee9dfiTp_UrYMJmvcMkBw", Response: json.RawMessage(`{"action":"accept","content":{"name":"ada"}}`)},
			"resolve.second": {Digest: "w6vyygYeBKc31kF8q9Rvzw", Response: json.RawMessage(`{"action":"decline"}`)},
			"resolve.fourth": {Digest: "Ab", Action: Accept, Content: json.RawMessage(`{"n":2}`)},
			"resolve.fifth":  {Digest: "Cd", Action: Decline},
			"resolve.sixth":  {Digest: "Ef", Action: Accept, flat: []byte{0, flatString, 3, 'a', 'd', 'a'}},
		}),
		Asked:   Keyed[string]{{"resolve.third", "AAAAAAAAAAAAAAAAAAAAAA"}},
		Changed: Keyed[ChangedQuestion]{{"resolve.third", ChangedQuestion{Rounds: 1, Shown: json.RawMessage(`{"message":"x"}`)}}},
		Call:    &CallID{ID: "HDGDLNNL66SLK3VKMPLVESNWRL", Until: 1796128647},
	}
}

func TestStateRoundTrip(t *testing.T) {
	for name, st := range map[string]*State{
		"full":           fullState(),
		"empty":          {Version: StateVersion},
		"call only":      {Version: StateVersion, Call: &CallID{ID: "x", Until: -5}},
		"empty strings":  {Version: StateVersion, Answers: Keyed[StoredAnswer]{{"", StoredAnswer{}}}, Asked: Keyed[string]{{"", ""}}},
		"negative until": {Version: StateVersion, Call: &CallID{Until: -1 << 62}},
	} {
		got, err := DecodeState(EncodeState(st))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(normal(got), normal(st)) {
			t.Errorf("%s: decoded %+v, want %+v", name, got, st)
		}
	}
}

// normal makes empty byte fields and empty tables comparable (the binary
// layout does not tell an empty table from none).
func normal(st *State) *State {
	c := *st
	if len(c.Asked) == 0 {
		c.Asked = nil
	}
	if len(c.Changed) == 0 {
		c.Changed = nil
	}
	c.Answers = nil
	for _, e := range st.Answers {
		a := e.Value
		a.Response = append(json.RawMessage{}, a.Response...)
		a.Content = append(json.RawMessage{}, a.Content...)
		if a.flat != nil {
			a.flat = append([]byte{}, a.flat...)
		}
		c.Answers = append(c.Answers, Entry[StoredAnswer]{e.Key, a})
	}
	return &c
}

// TestStateEncodingGolden pins the layout of StateVersion: a change to it
// needs a new version, decoded beside this one, as this one decodes the
// JSON of version 1.
func TestStateEncodingGolden(t *testing.T) {
	st := &State{
		Asked: KeyedOf(map[string]string{"k.b": "D2", "k.a": "D1"}),
		Call:  &CallID{ID: "ID", Until: 300},
		Answers: KeyedOf(map[string]StoredAnswer{
			"k.z": {Digest: "D0", Response: json.RawMessage(`{}`)},
			"k.y": {Digest: "D3", Action: Accept, Content: json.RawMessage(`{"a":1}`)},
			"k.x": {Digest: "D4", Action: Cancel},
			"k.a": {Digest: "D5", Action: Accept, flat: []byte{0, flatTrue}},
		}),
	}
	const want = "04" + // version
		"01" + "024944" + "d804" + // call: flag, "ID", varint 300
		"04" + // four answers, in key order:
		"01" + "024435" + "04" + "020002" + // "k.a" (the first key), "D5", accept in a flat form's layout: property 0, true
		"02" + "024434" + "03" + // "k.x" (the second key), "D4", cancel
		"03" + "024433" + "01" + "077b2261223a317d" + // "k.y" (the third), "D3", accept, `{"a":1}`
		"00036b2e7a" + "024430" + "00" + "027b7d" + // "k.z" (not a key of the tool), "D0", a response, "{}"
		"02" + "01" + "024431" + "00036b2e62" + "024432" + // asked, in key order: "k.a" (the first key), "k.b"
		"00" // changed
	if got := hex.EncodeToString(EncodeState(st, toolKeys...)); got != want {
		t.Errorf("EncodeState = %s\nwant          %s", got, want)
	}
	got, err := DecodeState([]byte(mustHex(t, want)), toolKeys...)
	if err != nil || !reflect.DeepEqual(normal(got), normal(withVersion(st))) {
		t.Errorf("DecodeState = %+v, %v; want %+v", got, err, st)
	}
	for range 20 { // maps iterate in random order; the encoding must not
		if !bytes.Equal(EncodeState(fullState()), EncodeState(fullState())) {
			t.Fatal("two encodings of one state differ")
		}
	}
}

// toolKeys are the wire keys of the golden state's tool, sorted.
var toolKeys = []string{"k.a", "k.x", "k.y"}

func mustHex(t *testing.T, s string) string {
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestVersion3StillDecodes: the binary layout of the previous build, which
// is version 4's without flat answers, decodes (the state of a call that a
// replica of that build began).
func TestVersion3StillDecodes(t *testing.T) {
	const previous = "03" + "01" + "024944" + "d804" + "01" + "03" + "024433" + "01" + "077b2261223a317d" + "01" + "01" + "024431" + "00"
	got, err := DecodeState([]byte(mustHex(t, previous)), toolKeys...)
	want := &State{
		Version: StateVersion,
		Call:    &CallID{ID: "ID", Until: 300},
		Answers: KeyedOf(map[string]StoredAnswer{"k.y": {Digest: "D3", Action: Accept, Content: json.RawMessage(`{"a":1}`)}}),
		Asked:   KeyedOf(map[string]string{"k.a": "D1"}),
	}
	if err != nil || !reflect.DeepEqual(normal(got), normal(want)) {
		t.Errorf("DecodeState(version 3) = %+v, %v; want %+v", got, err, want)
	}
}

// TestQuestionIndexBeyondTheKeys: an entry naming a question by an index
// that the tool's keys do not have (a state of a build whose tool asks
// more questions) is left out, and the rest decodes; an index names
// whichever key has it, which is why question digests include the key.
func TestQuestionIndexBeyondTheKeys(t *testing.T) {
	st := &State{
		Answers: KeyedOf(map[string]StoredAnswer{"k.y": {Digest: "D3", Action: Decline}}),
		Asked:   KeyedOf(map[string]string{"k.a": "D1", "k.b": "D2"}),
		Changed: KeyedOf(map[string]ChangedQuestion{"k.y": {Rounds: 1, Shown: json.RawMessage(`{}`)}}),
	}
	payload := EncodeState(st, toolKeys...)
	got, err := DecodeState(payload, "k.a")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Answers) != 0 || len(got.Changed) != 0 || len(got.Asked) != 2 || at(got.Asked, "k.a") != "D1" || at(got.Asked, "k.b") != "D2" {
		t.Errorf("decoded with one key: %+v, want only the asked questions", got)
	}
	if got, err := DecodeState(payload, "k.c", "k.d", "k.e"); err != nil || at(got.Answers, "k.e").Digest != "D3" || at(got.Asked, "k.c") != "D1" {
		t.Errorf("decoded with other keys: %+v, %v; want the indices naming them", got, err)
	}
}

// TestJSONStateStillDecodes: the state of a call that a replica of the
// previous build began (its payload as that build sealed it) decodes.
func TestJSONStateStillDecodes(t *testing.T) {
	payload := `{"v":1,"a":{"resolve.first":{"d":"yee9dfiTp_UrYMJmvcMkBw","r":{"action":"accept","content":{"name":"ada"}}}},` +
		`"q":{"resolve.second":"w6vyygYeBKc31kF8q9Rvzw"},"call":{"id":"HDGDLNNL66SLK3VKMPLVESNWRL","u":1796128647}}`
	st, err := DecodeState([]byte(payload))
	if err != nil {
		t.Fatal(err)
	}
	if st.Call == nil || st.Call.ID != "HDGDLNNL66SLK3VKMPLVESNWRL" || st.Call.Until != 1796128647 ||
		at(st.Asked, "resolve.second") != "w6vyygYeBKc31kF8q9Rvzw" || at(st.Answers, "resolve.first").Digest != "yee9dfiTp_UrYMJmvcMkBw" ||
		string(at(st.Answers, "resolve.first").Response) != `{"action":"accept","content":{"name":"ada"}}` {
		t.Errorf("decoded %+v", st)
	}
	if _, err := DecodeState([]byte(`{"v":2}`)); err == nil {
		t.Error("JSON claiming version 2 decoded")
	}
}

func TestMalformedStateIsAnError(t *testing.T) {
	valid := EncodeState(fullState())
	for n := range len(valid) {
		if _, err := DecodeState(valid[:n]); err == nil {
			t.Errorf("the first %d of %d bytes decoded", n, len(valid))
		}
	}
	for name, payload := range map[string][]byte{
		"trailing":     append(bytes.Clone(valid), 0),
		"version 2":    {2, 0, 0, 0, 0},
		"call flag 3":  {StateVersion, 3, 0, 0, 0},
		"short raw id": {StateVersion, 2, 0, 0, 0},
		"answer tag 5": {StateVersion, 0, 1, 0, 1, 'k', 1, 'd', 5, 0, 0, 0},
		// Version 3 had no flat answers.
		"flat in version 3": {3, 0, 1, 0, 1, 'k', 1, 'd', 4, 0, 0, 0},
		"huge count":        {StateVersion, 0, 0xff, 0xff, 0xff, 0xff, 0x0f, 0, 0},
		"huge length":       {StateVersion, 1, 0xff, 0xff, 0xff, 0xff, 0x0f},
		"bad varint":        {StateVersion, 1, 0, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
		"count beyond":      {StateVersion, 0, 2, 1, 'k', 0, 0},
	} {
		if st, err := DecodeState(payload); err == nil {
			t.Errorf("%s: decoded %+v", name, st)
		}
	}
}

// FuzzDecodeState: no input panics or allocates beyond its size, and what
// decodes encodes to an equal state.
func FuzzDecodeState(f *testing.F) {
	f.Add(EncodeState(fullState()))
	f.Add(EncodeState(fullState(), fuzzKeys...))
	f.Add(EncodeState(&State{}))
	f.Add(EncodeState(&State{Call: (&SingleUse{Now: time.Now, Lifetime: time.Minute}).newCall()}))
	f.Add([]byte(`{"v":1,"q":{"k":"d"}}`))
	f.Add([]byte(`{"v":1,"C":{}}`)) // an empty map, which the binary layout writes as none
	f.Fuzz(func(t *testing.T, payload []byte) {
		st, err := DecodeState(payload, fuzzKeys...)
		if err != nil {
			return
		}
		again, err := DecodeState(EncodeState(st, fuzzKeys...), fuzzKeys...)
		if err != nil {
			t.Fatalf("%x decodes, but its encoding does not: %v", payload, err)
		}
		if !reflect.DeepEqual(normal(again), normal(withVersion(st))) {
			t.Fatalf("%x: %+v, then %+v", payload, st, again)
		}
	})
}

// fuzzKeys are wire keys of fullState, and one it does not have.
var fuzzKeys = []string{"resolve.fifth", "resolve.first", "resolve.ninth", "resolve.third"}

func withVersion(st *State) *State {
	c := *st
	c.Version = StateVersion
	return &c
}

// A question digest is 16 raw bytes: the binary layout carries it as it
// is. It covers the wire key, which the state names by its index among
// the tool's keys: in a build with other keys that index names another
// question, whose digest must not match.
func TestQuestionDigestIsRaw(t *testing.T) {
	d := QuestionDigest(KindForm, "resolve.first", "Your name?", []byte(`{"type":"object"}`))
	if len(d) != 16 {
		t.Errorf("digest of %d bytes, want 16", len(d))
	}
	for name, other := range map[string]string{
		"message and schema split differently": QuestionDigest(KindForm, "resolve.first", "Your name", []byte(`?{"type":"object"}`)),
		"another key":                          QuestionDigest(KindForm, "resolve.second", "Your name?", []byte(`{"type":"object"}`)),
		"key and message split differently":    QuestionDigest(KindForm, "resolve.firstYour", " name?", []byte(`{"type":"object"}`)),
		"another kind":                         QuestionDigest(KindSampling, "resolve.first", "Your name?", []byte(`{"type":"object"}`)),
	} {
		if other == d {
			t.Errorf("%s: the same digest", name)
		}
	}
}

// TestMintedCallIDIsRaw checks that the state carries the id of a call
// that newCall minted as its 16 bytes, not as its 26 characters, and gives
// back the same text; and that the id of a call an earlier build began,
// which is not such a text, still round-trips as text.
func TestMintedCallIDIsRaw(t *testing.T) {
	su := &SingleUse{Now: time.Now, Lifetime: time.Minute}
	call := su.newCall()
	enc := EncodeState(&State{Call: call})
	if want := 1 + 1 + callIDSize + 5 + 3; len(enc) != want { // version, flag, id, varint until, three counts
		t.Errorf("state of a call only: %d bytes (%x), want %d", len(enc), enc, want)
	}
	got, err := DecodeState(enc)
	if err != nil || got.Call == nil || *got.Call != *call {
		t.Errorf("decoded call %+v, %v; want %+v", got.Call, err, call)
	}
	for _, id := range []string{"HDGDLNNL66SLK3VKMPLVESNWRL", "HDGDLNNL66SLK3VKMPLVESNWRLX", "hdgdlnnl66slk3vkmplvesnwrq", ""} {
		st := &State{Call: &CallID{ID: id, Until: 7}}
		enc := EncodeState(st)
		if enc[1] != 1 {
			t.Errorf("id %q: flag %d, want 1 (as text)", id, enc[1])
		}
		got, err := DecodeState(enc)
		if err != nil || got.Call == nil || *got.Call != *st.Call {
			t.Errorf("id %q: decoded %+v, %v", id, got, err)
		}
	}
}

// TestStateCodecAllocations: EncodeState allocates its result only, and
// DecodeState allocates per map, not per key or digest (they share one
// copy of the payload): every byte of the state is decoded each round.
func TestStateCodecAllocations(t *testing.T) {
	st := fullState()
	if n := testing.AllocsPerRun(100, func() { EncodeState(st) }); n != 1 {
		t.Errorf("EncodeState: %v allocations, want 1", n)
	}
	withAsked := func(n int) []byte {
		st := fullState()
		st.Asked = nil
		for i := range n {
			st.Asked.Set(fmt.Sprintf("resolve.q%d", i), fmt.Sprintf("digest-%d", i))
		}
		return EncodeState(st)
	}
	one, eight := withAsked(1), withAsked(8)
	decode := func(payload []byte) float64 {
		return testing.AllocsPerRun(100, func() {
			if _, err := DecodeState(payload); err != nil {
				t.Fatal(err)
			}
		})
	}
	if a, b := decode(one), decode(eight); a != b {
		t.Errorf("DecodeState: %v allocations with one question asked, %v with eight: want the same", a, b)
	}
}

// at returns the value of key in k, or the zero value.
func at[V any](k Keyed[V], key string) V {
	v, _ := k.Get(key)
	return v
}
