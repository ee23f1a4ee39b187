package codegen

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSettleBinary: the rewritten binary has the linked one's bytes and
// permissions, is a new file renamed over it (the old one's cached pages
// go with it), and leaves nothing else behind; a binary that cannot be
// read is an error and leaves the directory as it was.
func TestSettleBinary(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "catalog")
	data := make([]byte, 3*SettleChunk+12345) // a last write shorter than the others
	r := rand.New(rand.NewPCG(1, 2))
	for i := range data {
		data[i] = byte(r.Uint32())
	}
	require.NoError(t, os.WriteFile(bin, data, 0o750))
	before, err := os.Stat(bin)
	require.NoError(t, err)

	require.NoError(t, SettleBinary(bin))
	got, err := os.ReadFile(bin)
	require.NoError(t, err)
	require.Equal(t, data, got)
	after, err := os.Stat(bin)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o750), after.Mode().Perm())
	require.False(t, os.SameFile(before, after), "a new file, renamed over the linked one")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)

	err = SettleBinary(filepath.Join(dir, "missing"))
	require.ErrorIs(t, err, os.ErrNotExist)
	entries, err = os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
}
