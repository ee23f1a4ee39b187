package codegen

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStaticSignaturesFile checks that rt/fn/staticsigs.go is what
// StaticSignatures writes for the library's functions now (go generate in
// rt/fn rewrites it).
func TestStaticSignaturesFile(t *testing.T) {
	want, err := StaticSignatures()
	require.NoError(t, err)
	got, err := os.ReadFile("../rt/fn/staticsigs.go")
	require.NoError(t, err)
	assert.Equal(t, string(want), string(got), "rt/fn/staticsigs.go is stale: run go generate in rt/fn")
}
