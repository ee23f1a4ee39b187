package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVersionNamesReleases: `pp2go version` names the Puppet release a
// build compiles as by default (8.10) and the other it can (7.23), which
// it once gave as 7.23 alone.
func TestVersionNamesReleases(t *testing.T) {
	out, _, err := run(t, t.TempDir(), "version")
	require.NoError(t, err)
	require.Contains(t, out, "Puppet 8.10.0 by default")
	require.Contains(t, out, "7.23.0")
}
