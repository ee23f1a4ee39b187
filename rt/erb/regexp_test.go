package erb

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Matching goes on while regexp2's timeout clock ticks: no match may fail
// with a timeout (MatchTimeout = -1 once made matches that span a tick fail
// at random; see rt/values' test of the same).
func TestRegexpNeverTimesOut(t *testing.T) {
	re, err := NewRegexp(`(?=\w)b`, "")
	require.NoError(t, err)
	s := strings.Repeat("a", 5000) + "b"
	runes := []rune(s)
	for start, n := time.Now(), 0; time.Since(start) < 150*time.Millisecond; n++ {
		if re.findAt(s, runes, 0) == nil {
			t.Fatalf("match %d failed", n)
		}
	}
}
