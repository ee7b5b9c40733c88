// Package stats has the arithmetic of the benchmark commands: medians of
// repeated measurements and ratios between them.
package stats

import (
	"fmt"
	"slices"
)

// Median returns the median of xs (the mean of the two middle values when
// there is an even number of them), or 0 for none.
func Median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// Ratio formats a/b with two decimals, or "n/a" when b is 0.
func Ratio(a, b float64) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f", a/b)
}
