package rt

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestGenerate: generate() runs commands only when the program allows it,
// in the command's directory, failing as Puppet's Execution.execute fails.
func TestGenerate(t *testing.T) {
	c := &Ctx{prog: NewProgram("production")}
	s := newScope(c, nil, nil, nil)
	_, allowed, _ := s.Generate([]string{"/bin/echo", "hi"})
	require.False(t, allowed, "refused by default")

	c.prog.AllowGenerate = true
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	script := filepath.Join(dir, "where")
	require.NoError(t, os.WriteFile(script, []byte("#!/bin/sh\npwd\n"), 0o755))
	out, allowed, err := s.Generate([]string{script})
	require.True(t, allowed)
	require.NoError(t, err)
	require.Equal(t, dir+"\n", out, "run in the command's directory")

	out, _, err = s.Generate([]string{"/bin/sh", "-c", "echo out; echo err >&2"})
	require.NoError(t, err)
	require.Equal(t, "out\nerr\n", out, "output and errors combined")

	_, _, err = s.Generate([]string{"/bin/sh", "-c", "echo no; exit 3"})
	require.EqualError(t, err, "Execution of '/bin/sh -c echo no; exit 3' returned 3: no")
}
