package rubyfn

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/erb"
	rterb "github.com/pp2go/pp2go/rt/erb"
)

// moduleRuby finds the module Ruby file a function file (fnPath) requires:
// require 'puppet_x/a/b' in the lib directory of the function's module,
// require_relative 'x' beside the requiring file. "" when there is none.
func moduleRuby(fnPath, lib string, relative bool) string {
	var p string
	if relative {
		p = filepath.Join(filepath.Dir(fnPath), lib)
	} else {
		i := strings.LastIndex(fnPath, "/lib/")
		if i < 0 {
			return ""
		}
		p = filepath.Join(fnPath[:i+len("/lib")], lib)
	}
	if !strings.HasSuffix(p, ".rb") {
		p += ".rb"
	}
	if st, err := os.Stat(p); err != nil || st.IsDir() {
		return ""
	}
	return p
}

// requireModule reads require 'lib' or require_relative 'lib' (call x)
// of a module's own Ruby file: pp2go does not translate the modules and
// classes such files define, so the function is not translated, with what
// the required file (or one it requires) does first that pp2go lacks:
// a library it requires, else its first class or module with methods.
// It returns false when lib is no module file.
func (r *reader) requireModule(x *erb.Call, relative bool) bool {
	lib, ok := erb.LiteralString(x.Args[0])
	if !ok {
		return false
	}
	path := moduleRuby(r.t.Name, lib, relative)
	if path == "" {
		return false
	}
	why := strings.TrimPrefix(requiredWhy(path, map[string]bool{}), "unsupported Ruby: ")
	r.fail(x, "%s of %s, the module's %s: %s", x.Name, describe(x.Args[0]), filepath.Base(path), why)
	return true
}

// requiredWhy says what in the module Ruby file path pp2go does not
// translate (a diagnostic naming the file, line and column).
func requiredWhy(path string, seen map[string]bool) string {
	seen[path] = true
	src, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		return err.Error()
	}
	var why string
	var firstDef erb.Node
	for _, n := range t.Body {
		erbgen.WalkNodes(n, func(n erb.Node) {
			switch x := n.(type) {
			case *erb.Call:
				if why != "" || x.Recv != nil || len(x.Args) != 1 || x.Name != "require" && x.Name != "require_relative" {
					return
				}
				lib, ok := erb.LiteralString(x.Args[0])
				switch {
				case !ok:
					why = t.Errorf(erb.CodeUnsupported, x.Offset(), "%s of a computed name", x.Name).Error()
				case x.Name == "require" && (rterb.KnownLibrary(lib) || erbgen.PuppetLibrary(lib) || lib == "puppet_x"):
					// (puppet_x.rb is Puppet's: module PuppetX)
				default:
					next := moduleRuby(path, lib, x.Name == "require_relative")
					if next == "" {
						why = t.Errorf(erb.CodeUnsupported, x.Offset(), "%s of %s", x.Name, describe(x.Args[0])).Error()
					} else if !seen[next] {
						if w := requiredWhy(next, seen); !strings.HasPrefix(w, "pp2go translates") {
							why = w
						}
					}
				}
			case *erb.Def:
				if firstDef == nil {
					firstDef = n
				}
			}
		})
	}
	if why != "" {
		return why
	}
	if firstDef != nil {
		d := firstDef.(*erb.Def)
		name := d.Name
		if d.Singleton {
			name = "self." + name
		}
		return t.Errorf(erb.CodeUnsupported, d.Offset(), "pp2go translates no methods of the modules and classes of a module's Ruby (def %s)", name).Error()
	}
	return fmt.Sprintf("pp2go translates no modules or classes of a module's Ruby (%s)", filepath.Base(path))
}
