//go:build !unix

package cputime

import "time"

// process cannot tell the process's CPU time on this platform.
func process() (time.Duration, bool) { return 0, false }
