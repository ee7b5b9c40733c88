//go:build !race

package singleuse_test

const raceEnabled = false
