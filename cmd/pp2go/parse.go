package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/pn"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
)

func newParseCmd() *cobra.Command {
	var format string
	var pretty, noValidate bool
	var expr string
	cmd := &cobra.Command{
		Use:   "parse [--format pn|json] [--pretty] { -e SOURCE | FILE... }",
		Short: "Print the syntax tree of Puppet files, as `puppet parser dump` does",
		Long: `parse reads Puppet manifests (and EPP templates: files ending in .epp) and
prints their syntax tree exactly as Puppet 7.23's 'puppet parser dump' prints
it: in PN, Puppet's S-expression notation (--format pn, the default), or in its
JSON form (--format json). Like Puppet, each file's dump is preceded by
"--- FILE" in PN format, and the source is validated unless --no-validate.

A file that does not parse or validate prints Puppet's error, with file, line
and column, on stderr; the command then exits with status 1.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "pn" && format != "json" {
				return fmt.Errorf("unknown format %q: use pn or json", format)
			}
			if expr == "" && len(args) == 0 {
				return fmt.Errorf("no input: give files or -e SOURCE")
			}
			d := dumper{format: format, pretty: pretty, validate: !noValidate, out: cmd.OutOrStdout(), errOut: cmd.ErrOrStderr()}
			if expr != "" {
				d.dump(source.NewFile("", expr), false)
			}
			for _, name := range args {
				text, err := os.ReadFile(name)
				if err != nil {
					fmt.Fprintf(d.errOut, "Error: %v\n", err)
					d.failed = true
					continue
				}
				d.dump(source.NewFile(name, string(text)), true)
			}
			if d.wrote {
				fmt.Fprintln(d.out)
			}
			if d.failed {
				return errSilent
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "pn", "output format: pn or json")
	cmd.Flags().BoolVar(&pretty, "pretty", false, "indent the output")
	cmd.Flags().BoolVar(&noValidate, "no-validate", false, "report syntax errors only, skip Puppet's validation rules")
	cmd.Flags().StringVarP(&expr, "e", "e", "", "parse SOURCE given on the command line")
	return cmd
}

type dumper struct {
	format           string
	pretty, validate bool
	out, errOut      io.Writer
	wrote, failed    bool
}

func (d *dumper) dump(f *source.File, showName bool) {
	parse := parser.ParseFile
	if strings.HasSuffix(f.Name, ".epp") {
		parse = parser.ParseEPP
	}
	res, err := parse(f)
	if err == nil && d.validate {
		for _, w := range res.Warnings {
			fmt.Fprintf(d.errOut, "Warning: %s\n", w.Error())
		}
		var logged diag.List
		// as Puppet 7.23's puppet parser dump, which the dumps follow
		logged, err = validate.Report(validate.ForPuppet(validate.Program(res.Program, validate.Options{}), 7, "warning"))
		for _, l := range logged {
			level := "Warning"
			if l.Severity == diag.Error {
				level = "Error"
			}
			fmt.Fprintf(d.errOut, "%s: %s\n", level, l.Error())
		}
	}
	if err != nil {
		d.failed = true
		if showName {
			fmt.Fprintf(d.errOut, "Error: --- %s\n", f.Name)
		}
		if err.File == "" && f.Name != "" {
			err.File = f.Name
		}
		fmt.Fprintf(d.errOut, "Error: %s\n", err.Error())
		return
	}
	tree := pn.Transform(res.Program)
	switch {
	case d.format == "json":
		fmt.Fprint(d.out, pn.JSON(tree, d.pretty))
	case showName:
		fmt.Fprintf(d.out, "--- %s", f.Name)
		fallthrough
	default:
		if d.pretty {
			fmt.Fprint(d.out, pn.FormatIndented(tree))
		} else {
			fmt.Fprint(d.out, pn.Format(tree))
		}
	}
	d.wrote = true
}
