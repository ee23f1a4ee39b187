package cli

import (
	"bytes"
	"testing"

	"github.com/spf13/pflag"
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

// A flag stringsVar defines reads as pflag's StringArrayVar's does, and
// its help is the same.
func TestStringsVar(t *testing.T) {
	var got, want []string
	mine := pflag.NewFlagSet("mine", pflag.ContinueOnError)
	stringsVar(mine, &got, "class", "a class (repeatable)")
	theirs := pflag.NewFlagSet("theirs", pflag.ContinueOnError)
	theirs.StringArrayVar(&want, "class", nil, "a class (repeatable)")
	require.Equal(t, theirs.FlagUsages(), mine.FlagUsages())
	args := []string{"--class", "a,b", "--class=c d", "--class", ""}
	require.NoError(t, mine.Parse(args))
	require.NoError(t, theirs.Parse(args))
	require.Equal(t, want, got)
	require.Equal(t, []string{"a,b", "c d", ""}, got)
	require.Equal(t, `["a,b","c d",""]`, mine.Lookup("class").Value.String())
}
