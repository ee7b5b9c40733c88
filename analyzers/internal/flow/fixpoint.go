package flow

// Fixpoint returns the fact of each key that has one, for facts that
// follow from each other (a function has a fact if its own body shows it,
// or if it calls a function that has it). derive returns the fact of k
// given the facts known so far (known), or false if none is known yet; it
// is called again for every key without a fact each time another key
// gains one, until no key does. A key's fact, once found, never changes,
// so Fixpoint ends after at most len(keys)+1 passes. Keys are tried in
// their order, so the fact found for each is deterministic.
func Fixpoint[K comparable, V any](keys []K, derive func(k K, known map[K]V) (V, bool)) map[K]V {
	known := make(map[K]V)
	for changed := true; changed; {
		changed = false
		for _, k := range keys {
			if _, done := known[k]; done {
				continue
			}
			if v, ok := derive(k, known); ok {
				known[k] = v
				changed = true
			}
		}
	}
	return known
}
