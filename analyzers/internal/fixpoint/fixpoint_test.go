package fixpoint

import (
	"maps"
	"testing"
)

// A chain of calls a <- b <- c, written in the worst order, and d, which
// calls nothing: the fact of a reaches c through b; d has none.
func TestFactsThroughCalls(t *testing.T) {
	calls := map[string][]string{"c": {"b"}, "b": {"a"}, "a": nil, "d": nil}
	own := map[string]string{"a": "reads state"}
	derivations := 0
	got := Facts([]string{"c", "b", "a", "d"}, func(fn string, known map[string]string) (string, bool) {
		derivations++
		if f, ok := own[fn]; ok {
			return f + " in " + fn, true
		}
		for _, callee := range calls[fn] {
			if f, ok := known[callee]; ok {
				return f, true
			}
		}
		return "", false
	})
	want := map[string]string{"a": "reads state in a", "b": "reads state in a", "c": "reads state in a"}
	if !maps.Equal(got, want) {
		t.Errorf("Facts = %v, want %v", got, want)
	}
	// Pass 1 derives a (4 calls), pass 2 b (3), pass 3 c (2), pass 4
	// finds nothing new (1): each key is derived again only until it has
	// its fact.
	if derivations != 10 {
		t.Errorf("derive called %d times, want 10", derivations)
	}
}
