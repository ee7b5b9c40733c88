package engine

import (
	"encoding/json"
	"slices"
	"strings"
)

// A Keyed holds values by wire key, in key order: the tables of a State. A
// state holds an entry or two for each of a tool's few questions, and is
// decoded, built and encoded every round; a map would keep each table in a
// group of eight slots (an Answers map of one answer takes a kilobyte).
// Set and KeyedOf keep the order; a literal must list its keys in order,
// or Get misses them and EncodeState writes another encoding.
type Keyed[V any] []Entry[V]

// An Entry is a value of a Keyed, and its key.
type Entry[V any] struct {
	Key   string
	Value V
}

// KeyedOf returns the entries of m, in key order: the bindings' tests write
// the states they forge as maps.
func KeyedOf[V any](m map[string]V) Keyed[V] {
	var k Keyed[V]
	for key, v := range m {
		k.Set(key, v)
	}
	return k
}

// Get returns the value of key, and whether k has one.
func (k Keyed[V]) Get(key string) (V, bool) {
	if i, ok := k.find(key); ok {
		return k[i].Value, true
	}
	var zero V
	return zero, false
}

// Set gives key the value v.
func (k *Keyed[V]) Set(key string, v V) {
	i, ok := k.find(key)
	if ok {
		(*k)[i].Value = v
		return
	}
	*k = slices.Insert(*k, i, Entry[V]{key, v})
}

func (k Keyed[V]) find(key string) (int, bool) {
	return slices.BinarySearchFunc(k, key, func(e Entry[V], key string) int { return strings.Compare(e.Key, key) })
}

// UnmarshalJSON reads a table of a version 1 state: a JSON object.
func (k *Keyed[V]) UnmarshalJSON(data []byte) error {
	var m map[string]V
	if err := json.Unmarshal(data, &m); err != nil {
		return err
	}
	*k = KeyedOf(m)
	return nil
}
