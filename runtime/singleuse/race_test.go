//go:build race

package singleuse_test

// raceEnabled: the race detector is on, and slows and bloats memory-heavy tests.
const raceEnabled = true
