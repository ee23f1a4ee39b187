package codegen

import (
	"fmt"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
)

// strictIssues are the codes of the validation issues whose severity is
// Puppet's strict setting (validator_factory_4_0.rb): warnings the file
// loads with, errors it fails to load with under strict=error (Puppet 8's
// default).
var strictIssues = map[string]bool{"DUPLICATE_KEY": true}

// strictLoadError registers the failure that loading a file that
// validates with strict issues is under strict=error, decided at compile
// time (rt.Program.AddStrictLoadError): module is "" for a main manifest,
// rel the manifest's path under the module's manifests/ without .pp.
func (g *generator) strictLoadError(u *unit, module, rel string, f *env.File) {
	var issues diag.List
	for _, d := range f.Diags {
		if strictIssues[d.Code] {
			issues = append(issues, d)
		}
	}
	if len(issues) == 0 {
		return
	}
	msg := issues[0].Error()
	if len(issues) > 1 {
		// as Puppet's assert_and_report gives up on several errors
		var b strings.Builder
		for _, d := range issues {
			b.WriteString(d.Message + "\n")
		}
		fmt.Fprintf(&b, "Language validation logged %d errors. Giving up (file: %s)", len(issues), f.Path)
		msg = b.String()
	}
	args := []jen.Code{jen.Lit(module), jen.Lit(rel), jen.Lit(msg)}
	for _, d := range issues {
		args = append(args, jen.Lit(d.Message))
	}
	u.register = append(u.register, jen.Id("p").Dot("AddStrictLoadError").Call(args...))
}
