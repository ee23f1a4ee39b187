package main

import (
	"fmt"

	"github.com/spf13/cobra"
)

// Version is pp2go's version; release builds set it with -ldflags.
var Version = "0.1.0-dev"

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "pp2go",
		Short: "pp2go compiles Puppet code to Go",
		Long: `pp2go is a compiler for Puppet 7 code. It turns a Puppet environment into Go
packages and a native binary that compiles catalogs for nodes.`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(&cobra.Command{
		Use:   "version",
		Short: "Print pp2go's version and the Puppet version it follows",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, _ []string) {
			fmt.Fprintf(cmd.OutOrStdout(), "pp2go %s (Puppet 7.23 language)\n", Version)
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
