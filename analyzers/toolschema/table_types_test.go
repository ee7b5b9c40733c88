package toolschema

// The types of the table test (table_test.go), in a file of their own that
// imports the standard library alone: the test registers each with the
// real SDKs, and type-checks this file to run the mirror on the same
// types.

import (
	"encoding/json"
	"log/slog"
	"math/big"
	"time"
	"unsafe"
)

// Types whose schemas go-sdk infers.

type Plain struct {
	Name  string `json:"name" jsonschema:"the name"`
	Count int    `json:"count,omitempty"`
}

type Empty struct{}

type MapIn map[string]any

type PlainPtr = *Plain

type WithTime struct {
	At    time.Time  `json:"at"`
	Until *time.Time `json:"until,omitempty"`
}

type WithRaw struct {
	Raw json.RawMessage `json:"raw"`
}

type Unexported struct {
	ch   chan int
	fn   func()
	Name string `json:"name"`
}

type JSONDash struct {
	C    chan int `json:"-"`
	F    func()   `json:"-"`
	Name string
}

type Embeds struct {
	Plain
	Extra string `json:"extra"`
}

type EmbedsPtr struct {
	*Plain
	Note string
}

type WithInterfaces struct {
	V any
	E error
}

type TextKey struct{ A, B string }

func (k TextKey) MarshalText() ([]byte, error) { return []byte(k.A + "/" + k.B), nil }

type TextKeyMap struct {
	M map[TextKey]string
}

type Key string

type NamedKeyMap struct {
	M map[Key]int
}

type Box[T any] struct {
	V T `json:"v"`
}

type BoxInt = Box[int]

type SpacedTag struct {
	A string `jsonschema:"the value is a=b"`
}

type Repeated struct {
	A, B Plain
	C    []Plain
}

type Numbers struct {
	Level slog.Level
	Big   *big.Int
	Rat   big.Rat
	P     uintptr
	Arr   [3]int8
}

type TagUnexported struct {
	a string `jsonschema:"description=hidden"`
	B string
}

type TagDashed struct {
	A string `json:"-" jsonschema:"description=hidden"`
	B string
}

type EmbeddedTimePtr struct {
	*time.Time
	Name string
}

type AnyIn = any

type NestedMap map[string]map[string][]Plain

// Types whose schemas go-sdk refuses, or whose schemas are not objects.

type Str string

type List []string

type TimeIn = time.Time

type PlainPtrPtr = **Plain

type Anything interface{}

type ChanIn = chan int

type IntKeyMapIn = map[int]string

type ChanField struct {
	C chan int
}

type FuncField struct {
	Name string
	F    func() `json:"f"`
}

type ComplexField struct {
	C complex128
}

type UnsafeField struct {
	P unsafe.Pointer
}

type IntKeyMap struct {
	M map[int]string
}

type Node struct {
	Value int
	Next  *Node
}

type Tree struct {
	Kids []Tree
}

type Ping struct{ P *Pong }

type Pong struct{ P *Ping }

type EmptyTag struct {
	A string `jsonschema:""`
}

type WordTag struct {
	A string `jsonschema:"description=the a"`
}

type EnumTag struct {
	Kind string `jsonschema:"enum=a,enum=b"`
}

type EnumTagPtr = *EnumTag

type EnumTagList = []EnumTag

type EmbeddedTime struct {
	time.Time
	Name string
}

type DashComma struct {
	C chan int `json:"-,"`
}

// Marshals is marshalled by hand, which jsonschema-go does not look at.
type Marshals struct {
	C chan int
}

func (Marshals) MarshalJSON() ([]byte, error) { return []byte(`{}`), nil }

type MarshalsField struct {
	M Marshals
}

type DeepFunc struct {
	Inner struct {
		F func()
	}
}

type SliceOfChan struct {
	S []chan int
}

type BoxChan = Box[chan int]

type MapOfFunc struct {
	M map[string]func()
}

type EmbedsBad struct {
	ChanField
	Name string
}

type BadInList struct {
	Items []WordTag
}

type StrPtr = *Str
