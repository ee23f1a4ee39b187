// Package datacat implements the datacat module's Ruby function that
// manifests call: template_body (the text of templates, unevaluated).
package datacat

import (
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	v "github.com/pp2go/pp2go/rt/values"
)

func init() {
	f := fn.New3("template_body", -1, func(c fn.Context, a []v.Value, b fn.Block) v.Value {
		var sb strings.Builder
		for _, t := range a {
			name := fn.RubyToS(t)
			ff, ok := c.(fn.FileFinder)
			var p string
			if ok {
				p, ok = ff.FindTemplatePath(name)
			}
			if !ok {
				panic(fn.Errorf("Could not find template '%s'", name))
			}
			data, found := c.FindFile(p)
			if !found {
				panic(fn.Errorf("Could not find template '%s'", name))
			}
			sb.Write(data)
		}
		return v.String(sb.String())
	})
	f.Module = "datacat"
	fn.Register(f)
}
