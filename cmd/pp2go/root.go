package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/rt"
)

// Version is pp2go's version; release builds set it with -ldflags.
var Version = "0.1.0-dev"

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "pp2go",
		Short: "pp2go compiles Puppet code to Go",
		Long: `pp2go is a compiler for Puppet code. It turns a Puppet environment into Go
packages and a native binary that compiles catalogs for nodes, as Puppet
8.10 compiles them (OpenVox 8 has the same compiler) or, with --puppet 7,
as Puppet 7.23.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(&cobra.Command{
		Use:   "version",
		Short: "Print pp2go's version and the Puppet version it follows",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintf(cmd.OutOrStdout(), "pp2go %s (Puppet %s by default; also %s)\n", Version, rt.DefaultPuppet.Version, rt.Puppet7.Version)
		},
	})
	root.AddCommand(newParseCmd())
	root.AddCommand(newCheckCmd())
	root.AddCommand(newGenCmd())
	root.AddCommand(newBuildCmd())
	root.AddCommand(newMatrixCmd())
	root.AddCommand(newDiffCmd())
	root.AddCommand(newTestCmd())
	return root
}
