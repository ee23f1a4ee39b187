package cli

import (
	"fmt"
	"github.com/pp2go/pp2go/rt/erb"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/values"
)

func lookupCommand(program func() *rt.Program) *cobra.Command {
	var node, factsFile, merge, dflt, typ string
	var explain bool
	var pf puppetFlags
	cmd := &cobra.Command{
		Use:   "lookup KEY --node NODE --facts FILE",
		Short: "Look a key up in Hiera for a node, as puppet lookup does",
		Long: `Look a key up in the environment's Hiera data (the global, environment and
module layers compiled into this binary) for a node with the given facts, and
print the value as YAML, as 'puppet lookup' does. Nothing is printed and the
exit status is 1 when the key is not found.

--explain prints how the value was found, as 'puppet lookup --explain' does.
--puppet and --setting are compile's. What the lookup logs (a notice() in a
backend function of the environment) goes to standard error, as compile's
logs do: puppet lookup prints notices on standard output, before the value.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if node == "" || factsFile == "" {
				return fmt.Errorf("give the node with --node and its facts with --facts")
			}
			facts, err := LoadFacts(factsFile)
			if err != nil {
				return err
			}
			p := program()
			if err := pf.apply(p); err != nil {
				return err
			}
			la := &hiera.LookupArgs{Name: values.String(args[0])}
			if merge != "" {
				la.Merge = values.String(merge)
			}
			if typ != "" {
				t, err := values.ParseType(typ, p)
				if err != nil {
					return err
				}
				la.ValueType = t
			}
			if cmd.Flags().Changed("default") {
				la.DefaultValue, la.HasDefault = values.String(dflt), true
			}
			v, explanation, logs, err := rt.LookupKey(p, &rt.Node{Name: node, Facts: facts}, la, explain)
			printLogs(os.Stderr, logs, logRank["notice"])
			if explain {
				fmt.Print(explanation)
				if err != nil {
					fmt.Println(err)
					os.Exit(1)
				}
				return nil
			}
			if err != nil {
				// Like puppet lookup, say nothing when nothing is found.
				if strings.Contains(err.Error(), "did not find a value for") {
					os.Exit(1)
				}
				return err
			}
			text, err := erb.YAML(v)
			if err != nil {
				return err
			}
			fmt.Print(text)
			return nil
		},
	}
	f := cmd.Flags()
	pf.add(f)
	f.StringVar(&node, "node", "", "the node to look the key up for")
	f.StringVar(&factsFile, "facts", "", "the node's facts (JSON or YAML)")
	f.StringVar(&merge, "merge", "", "merge behavior: first, unique, hash or deep")
	f.StringVar(&dflt, "default", "", "the value when the key is not found")
	f.StringVar(&typ, "type", "", "the type the value must have")
	f.BoolVar(&explain, "explain", false, "explain how the value was found")
	return cmd
}
