//go:build !race

package resolve

const raceEnabled = false
