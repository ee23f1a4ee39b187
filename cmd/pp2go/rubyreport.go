package main

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"

	pp2go "github.com/pp2go/pp2go"
	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/erb"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// writeRubyReport prints what stands in for the environment's Ruby (check
// --ruby): how many of the Ruby functions Puppet finds on the module path
// run as Go (pp2go's port of that very Ruby, its translation, or a user's
// Go function) and how many ERB templates were translated, then each one
// that was not, with why. It generates the environment's Go as pp2go build
// does, without building it.
func writeRubyReport(w io.Writer, e *env.Env, checked *resolve.Result) error {
	res, err := codegen.Generate(e, codegen.Options{Runtime: pp2go.Runtime, Checked: checked})
	if err != nil {
		return err
	}
	var b strings.Builder
	by := map[string]int{}
	var not []*codegen.RubyFunction
	for _, r := range res.Ruby {
		by[r.By]++
		if r.By == "" {
			not = append(not, r)
		}
	}
	fmt.Fprintf(&b, "Ruby functions: %d of %d run as Go (%d pp2go ports of that Ruby, %d translated, %d users' Go functions)",
		len(res.Ruby)-len(not), len(res.Ruby), by[codegen.ByPort], by[codegen.ByTranslation], by[codegen.ByUserGo])
	if len(not) > 0 {
		fmt.Fprintf(&b, "; %d not, the nodes that call them fail:", len(not))
	}
	b.WriteString("\n")
	sort.Slice(not, func(i, j int) bool { return not[i].File < not[j].File })
	for _, r := range not {
		fmt.Fprintf(&b, "  %s: %s: %s\n", displayPath(r.File), r.Name, r.Why)
	}
	for _, r := range res.Ruby {
		if r.By == codegen.ByTranslation && r.Why != "" {
			fmt.Fprintf(&b, "  %s: %s: translated, but %s\n", displayPath(r.File), r.Name, r.Why)
		}
	}

	// ERB templates: every .erb of the modules' templates/; those with a
	// translation diagnostic were not translated
	failed := map[string]*diag.Diagnostic{}
	for _, d := range res.Diags {
		if (d.Code == erb.CodeUnsupported || d.Code == erb.CodeSyntax) && strings.HasSuffix(d.File, ".erb") && failed[d.File] == nil {
			failed[d.File] = d
		}
	}
	total := 0
	for _, m := range e.Modules {
		for _, name := range m.Templates {
			if strings.HasSuffix(name, ".erb") {
				total++
			}
		}
	}
	fmt.Fprintf(&b, "ERB templates: %d of %d translated", total-len(failed), total)
	if len(failed) > 0 {
		fmt.Fprintf(&b, "; %d not, the nodes that render them fail:", len(failed))
	}
	b.WriteString("\n")
	files := make([]string, 0, len(failed))
	for f := range failed {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		d := failed[f]
		loc := displayPath(filepath.Clean(f))
		if d.Line > 0 {
			loc = fmt.Sprintf("%s:%d:%d", loc, d.Line, d.Column)
		}
		fmt.Fprintf(&b, "  %s: %s\n", loc, d.Message)
	}
	_, err = io.WriteString(w, b.String())
	return err
}
