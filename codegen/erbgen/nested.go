package erbgen

import (
	"os"
	"strings"

	"github.com/dave/jennifer/jen"

	erb "github.com/pp2go/pp2go/frontend/erb"
)

// nestedERB translates ERB.new(File.read(PATH)[, safe_level, trim_mode,
// eoutvar]).result(binding) in a template, PATH a file beside the
// template that the build can fold (templatePath): theforeman's modules
// render their _header.erb so. The file's template is translated where
// the call is, its output captured (R.Capture) and, with an eoutvar of an
// instance variable, assigned to it as Ruby's compiled ERB does. It sees
// the template's instance variables and locals, as the binding gives
// them; a local it assigns is the template's here, where Ruby keeps it in
// the eval. False for anything else.
func (t *translator) nestedERB(x *erb.Call) (*jen.Statement, bool) {
	if x.Name != "result" || x.Block != nil || len(x.Args) != 1 || t.api != 0 {
		return nil, false
	}
	if b, ok := x.Args[0].(*erb.Call); !ok || b.Recv != nil || b.Name != "binding" || len(b.Args) != 0 {
		return nil, false
	}
	n, ok := x.Recv.(*erb.Call)
	if !ok || n.Name != "new" || n.Block != nil || len(n.Args) == 0 || len(n.Args) > 4 {
		return nil, false
	}
	if c, ok := n.Recv.(*erb.Const); !ok || constPath(c) != "ERB" {
		return nil, false
	}
	read, ok := n.Args[0].(*erb.Call)
	if !ok || read.Name != "read" || len(read.Args) != 1 || read.Block != nil {
		return nil, false
	}
	if c, ok := read.Recv.(*erb.Const); !ok || constPath(c) != "File" {
		return nil, false
	}
	path, ok := templatePath(t.t.Name, read.Args[0])
	if !ok {
		return nil, false
	}
	trim := ""
	if len(n.Args) >= 3 {
		if _, isNil := n.Args[2].(*erb.Nil); !isNil {
			if trim, ok = erb.LiteralString(n.Args[2]); !ok || trim != "-" {
				t.unsupported(x, "ERB.new with the trim mode of a computed or other value")
			}
		}
	}
	eoutvar := ""
	if len(n.Args) == 4 {
		if eoutvar, ok = erb.LiteralString(n.Args[3]); !ok || !strings.HasPrefix(eoutvar, "@") || strings.HasPrefix(eoutvar, "@@") {
			t.unsupported(x, "ERB.new with an eoutvar other than an instance variable")
		}
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.unsupported(x, "ERB.new of a file the build cannot read (%v)", err)
	}
	if trim == "" && (strings.Contains(string(src), "-%>") || strings.Contains(string(src), "<%-")) {
		t.unsupported(x, "ERB.new without the trim mode '-' of a text with -%%> or <%%-")
	}
	nested, err := erb.Parse(path, src)
	if err != nil {
		t.unsupported(x, "ERB.new of %s: %v", path, err)
	}
	body := t.stmts(nested.Body)
	out := t.lineFor(x).call("Capture", jen.Func().Params().Block(body...))
	if eoutvar != "" {
		return rcall("SetIVar", jen.Lit(strings.TrimPrefix(eoutvar, "@")), out), true
	}
	return out, true
}
