//go:build race

package resolve

// raceEnabled: the race detector makes more values escape and sync.Pool
// drop some of what it is given, so allocation counts mean nothing then.
const raceEnabled = true
