package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

func newCheckCmd() *cobra.Command {
	var opts env.Options
	var format, hieraConfigFlag string
	var all, strict, ruby bool
	var pf puppetFlags
	cmd := &cobra.Command{
		Use:   "check [flags] { ENV_DIR | --modulepath DIR[:DIR...] }",
		Short: "Report every broken reference of a Puppet environment or module path",
		Long: `check loads a Puppet environment as Puppet does (environment.conf, module
path, metadata.json, main manifest), parses and validates every file, and
resolves every name on every code path, whether or not a node reaches it:
classes, defined and native resource types and their attributes (and the
module types Puppet cannot autoload: a provider that requires a gem neither
Puppet's Ruby nor a module has), functions and their argument counts, type
aliases and variables. It reports the values
that the declared types (Puppet's own and the environment's type aliases)
reject, in the wording of the --puppet release: the values and defaults given
to class and defined type parameters, the arguments of function calls and the
parameters of epp() templates, when they are literal or of a type the build
infers whatever their value (a typed parameter in its body, a string
interpolation, a comparison, a selector, an if, unless or case, a literal
array or hash, a Struct's member, a Hash's value, an Array's element,
arithmetic on numbers, a call of a type such as Integer($x) or
Integer.new($x), a function's declared return type (a Puppet function's, a
module's 4.x Ruby function's when each dispatch declares one), what one of
Puppet's own functions returns (join a String, split an Array of Strings,
versioncmp an Integer, downcase what it is given...), what a module's Ruby
function evidently returns (every value its Ruby can give is a literal, an
interpolation, the arguments array, a comparison..., or one of its
arguments, as stdlib's pick and pick_default return, as Puppet passes it: an
undef as an empty string, a Regexp as its source), a variable of a class that the
reading class inherits or that a statement before includes
(as the class assigns it before it may evaluate another class), and a local
variable assigned on every path before its use, of what each assignment
before it gives; the value itself where the only assignment gives a literal,
or an interpolation or operation of values so known), and the Hiera data
values (the global
layer's, the environment's and the modules') that automatic parameter lookup
gives class parameters, that lookup() asks for with a value type, or that a
lookup() gives a typed parameter or a function (warnings, where the data
is), the values assert_type() asserts a type of, the regexp matches whose
left operand is no String, the orderings
(<, <=, >, >=) of values Puppet cannot order (a String and a number), the
arguments of calls with a lambda (the lambda as a block of its Callable
type), and what fails wherever it runs: arithmetic on values no number
converts from (undef, a Boolean, 'abc') or of a kind the operator does not
take (a Hash shifted, a Float's remainder), an Integer divided by a literal
zero, [] on an Integer, a Boolean or undef, or with three keys on a String
or an Array, a resource title that is an Integer, a Boolean or undef, a
selector none of whose literal options matches, a block's second
declaration of a resource (same type and literal title), a body setting an
attribute twice, and an assignment of a variable the scope binds already
(a parameter of the class, defined type, function or lambda, or what a
statement before in the same or an enclosing block assigned). A fact
counts as of the kind Facter's schema gives it ($facts['os']['release']
['major'] is a String): what that makes fail is a warning. A value that
is one of a few (a selector's or an if's literals), or of a few kinds (an
Optional String ordered against a number), is reported when each of them
fails, named by the first. It prints each
problem with file:line:col, a stable code and Puppet's wording, sorted, and
exits with status 1 when there is an error.

With ENV_DIR it checks the environment's own files (main manifest,
functions/, types/, the modules inside ENV_DIR) and every definition they
reach elsewhere on the module path; problems inside modules outside ENV_DIR
(the base module path) are warnings unless --all.

With --modulepath and no ENV_DIR it checks every definition of every module
of that module path.

Variables that no scope sets are errors under Puppet 8's defaults
(strict_variables=true, strict=error; --puppet 8, the default) and warnings
under Puppet 7's (--puppet 7: strict_variables=false, strict=warning);
--setting strict_variables=true or strict=error makes them errors under 7,
--strict-variables too.

--format selects the output:
  text    one line per problem, FILE:LINE:COL: SEVERITY: MESSAGE [CODE], a
          hint indented below it, then "N errors, M warnings"
  json    one JSON document (see the README for its fields):
          {"version": 1, "errors": N, "warnings": M, "diagnostics": [
            {"severity": "error"|"warning", "code": "UNKNOWN_CLASS",
             "message": "...", "hint": "...", "file": "/abs/path.pp",
             "line": 1, "column": 1}, ...]}
          hint, file, line and column are left out when unknown; lines
          and columns count from 1, columns in characters as Puppet counts
  github  GitHub Actions workflow commands, one per problem:
          ::error file=F,line=L,col=C,title=CODE::MESSAGE (::warning for
          warnings), so that a workflow step annotates the lines; files
          are relative to the working directory, then the summary line.
          GitHub annotates at most 10 errors and 10 warnings of a step;
          its log keeps every line
--ruby then reports, for the Ruby functions Puppet finds on the module path,
how many run as Go (pp2go's Go port of that very Ruby, tied to it by the
file's SHA-256; its translation; or a user's Go function from a module's
go/) and lists the others with why, and the same for the modules' ERB
templates; the nodes that call or render those fail. It generates the Go as
pp2go build does (without building it), which takes longer than the check.
The exit status is 1 when there is an error, whatever the format.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := pf.parse(); err != nil {
				return err
			}
			strict = strict || pf.unknownVariableError()
			opts.Vendored = pf.release.Vendored()
			write, ok := checkWriters[format]
			if !ok {
				return fmt.Errorf("unknown format %q: use text, json or github", format)
			}
			if ruby && format != "text" {
				return fmt.Errorf("--ruby prints text: use it with --format text")
			}
			var e *env.Env
			var err error
			switch {
			case len(args) == 1:
				e, err = env.Load(args[0], opts)
			case opts.ModulePath != "":
				e, err = env.LoadModulePath(opts.ModulePath, opts)
			default:
				return fmt.Errorf("nothing to check: give ENV_DIR or --modulepath")
			}
			if err != nil {
				return err
			}
			hieraConfig, _, err := pf.hieraConfigFile(hieraConfigFlag, "production")
			if err != nil {
				return err
			}
			res := resolve.Check(e, resolve.Options{All: all, StrictVariables: strict, Puppet: pf.release.Major, HieraConfig: hieraConfig,
				TypeLoadError: codegen.NewTypeLoads(e).InRelease(pf.release)})
			res.Diags = slices.DeleteFunc(res.Diags, func(d *diag.Diagnostic) bool { return !pf.reports(d) })
			if err := write(cmd.OutOrStdout(), res.Diags); err != nil {
				return err
			}
			if ruby {
				if err := writeRubyReport(cmd.OutOrStdout(), e, res); err != nil {
					return err
				}
			}
			if len(res.Diags.Errors()) > 0 {
				return errSilent
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opts.ModulePath, "modulepath", "", "module path (DIR[:DIR...]); replaces environment.conf's; $basemodulepath may be used")
	f.StringVar(&opts.BaseModulePath, "basemodulepath", env.DefaultBaseModulePath, "what $basemodulepath means")
	f.StringVar(&opts.Manifest, "manifest", "", "main manifest (file or directory); replaces environment.conf's")
	f.StringVar(&format, "format", "text", "output format: text, json or github (GitHub Actions annotations)")
	f.BoolVar(&all, "all", false, "check every file of the module path, and report errors outside ENV_DIR as errors")
	f.BoolVar(&ruby, "ruby", false, "then report what runs the module path's Ruby functions and ERB templates as Go, and which do not, with why (generates the Go: slower)")
	f.BoolVar(&strict, "strict-variables", false, "report variables that no scope sets as errors (Puppet's strict_variables)")
	f.StringVar(&hieraConfigFlag, "hiera-config", "", "the global Hiera configuration, whose data is checked as the environment's (default: as pp2go build's)")
	pf.add(f)
	return cmd
}

// checkWriters print diagnostics in each --format.
var checkWriters = map[string]func(io.Writer, diag.List) error{
	"text":   writeCheckText,
	"json":   writeCheckJSON,
	"github": writeCheckGitHub,
}

// displayPath writes a path relative to the working directory when it is
// under it.
func displayPath(p string) string {
	wd, err := os.Getwd()
	if err != nil || p == "" {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

func writeCheckText(w io.Writer, diags diag.List) error {
	var b strings.Builder
	errors := 0
	for _, d := range diags {
		if d.Severity == diag.Error {
			errors++
		}
		loc := displayPath(d.File)
		switch {
		case d.Line > 0:
			loc = fmt.Sprintf("%s:%d:%d", loc, d.Line, d.Column)
		case loc == "":
			loc = "-"
		}
		fmt.Fprintf(&b, "%s: %s: %s [%s]\n", loc, d.Severity, d.Message, d.Code)
		if d.Hint != "" {
			fmt.Fprintf(&b, "\t%s\n", d.Hint)
		}
	}
	fmt.Fprintf(&b, "%s, %s\n", plural(errors, "error"), plural(len(diags)-errors, "warning"))
	_, err := io.WriteString(w, b.String())
	return err
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

type jsonDiag struct {
	Severity string `json:"severity"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
	File     string `json:"file,omitempty"`
	Line     int    `json:"line,omitempty"`
	Column   int    `json:"column,omitempty"`
}

func writeCheckJSON(w io.Writer, diags diag.List) error {
	// The document's structure is part of pp2go's interface (README,
	// check --help): version changes when a field changes meaning.
	out := struct {
		Version     int        `json:"version"`
		Errors      int        `json:"errors"`
		Warnings    int        `json:"warnings"`
		Diagnostics []jsonDiag `json:"diagnostics"`
	}{Version: 1, Diagnostics: []jsonDiag{}}
	for _, d := range diags {
		if d.Severity == diag.Error {
			out.Errors++
		} else {
			out.Warnings++
		}
		out.Diagnostics = append(out.Diagnostics, jsonDiag{Severity: d.Severity.String(), Code: d.Code, Message: d.Message,
			Hint: d.Hint, File: d.File, Line: d.Line, Column: d.Column})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// writeCheckGitHub prints GitHub Actions workflow commands
// (::error file=F,line=L,col=C,title=CODE::MESSAGE), which annotate the
// lines in a workflow run, then the summary line.
func writeCheckGitHub(w io.Writer, diags diag.List) error {
	var b strings.Builder
	errors := 0
	for _, d := range diags {
		cmd := "warning"
		if d.Severity == diag.Error {
			cmd = "error"
			errors++
		}
		var props []string
		if d.File != "" {
			props = append(props, "file="+githubProperty(displayPath(d.File)))
			if d.Line > 0 {
				props = append(props, fmt.Sprintf("line=%d", d.Line))
				if d.Column > 0 {
					props = append(props, fmt.Sprintf("col=%d", d.Column))
				}
			}
		}
		props = append(props, "title="+githubProperty(d.Code))
		msg := d.Message
		if d.Hint != "" {
			msg += "\n" + d.Hint
		}
		fmt.Fprintf(&b, "::%s %s::%s\n", cmd, strings.Join(props, ","), githubData(msg))
	}
	fmt.Fprintf(&b, "%s, %s\n", plural(errors, "error"), plural(len(diags)-errors, "warning"))
	_, err := io.WriteString(w, b.String())
	return err
}

// githubData escapes a workflow command's message as GitHub's runner
// unescapes it: %, CR and LF.
func githubData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// githubProperty escapes a workflow command's property value: as data,
// and the ':' and ',' that separate properties.
func githubProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
