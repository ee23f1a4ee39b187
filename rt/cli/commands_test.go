package cli

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/rt"
)

// run is what the command line of a run with args prints and returns,
// its root made for the arguments made (rootCommand).
func run(made, args []string) (out string, err error) {
	program := func() *rt.Program { panic("no compile in this test") }
	root := rootCommand(program, made)
	var b bytes.Buffer
	root.SetOut(&b)
	root.SetErr(&b)
	root.SetArgs(args)
	err = root.Execute()
	return b.String(), err
}

// A run that names its command makes only that one (commandsFor), and
// prints and fails as a run with every command does: its help, its flag
// errors. A run that names none lists every command in its help, and
// cobra's completion command.
func TestCommandsFor(t *testing.T) {
	all := [][]string{nil, {}, {"help"}, {"--help"}, {"completion", "bash"}, {"nosuch"}, {"__complete", "comp"}}
	for _, args := range all {
		require.Len(t, commandsFor(args), len(commands), "%q", args)
	}
	for _, args := range [][]string{
		{"compile", "--help"}, {"lookup", "--help"}, {"bench", "--help"}, {"serve", "--help"},
		{"compile", "--nosuch"}, {"compile", "a", "b"}, {"lookup"},
	} {
		require.Len(t, commandsFor(args), 1, "%q", args)
		wantOut, wantErr := run(nil, args)
		out, err := run(args, args)
		require.Equal(t, wantOut, out, "%q", args)
		require.Equal(t, wantErr, err, "%q", args)
	}
	out, err := run(nil, []string{"help"})
	require.NoError(t, err)
	for _, name := range []string{"compile", "lookup", "bench", "serve", "completion"} {
		require.Regexp(t, "\n  "+name+" ", out)
	}
}
