package rubyfn

import (
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
	if r.required[path] {
		return true
	}
	classes, why := moduleClasses(path, r.required)
	if why == "" {
		r.classes = append(r.classes, classes...)
		return true
	}
	if lib := requiredWhy(path, map[string]bool{}); lib != "" {
		// a library pp2go lacks says more than the construct
		why = lib
	}
	why = strings.TrimPrefix(why, "unsupported Ruby: ")
	r.fail(x, "%s of %s, the module's %s: %s", x.Name, describe(x.Args[0]), filepath.Base(path), why)
	return true
}

// requiredWhy names the first library the module Ruby file path (or a
// module file it requires) requires that pp2go does not have: a
// diagnostic naming the file, line and column ("" when none).
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
						why = requiredWhy(next, seen)
					}
				}
			}
		})
	}
	return why
}

// moduleClasses reads a module Ruby file (and the module files it
// requires) for the classes pp2go translates with the function: classes
// without a superclass whose bodies hold instance methods, attr_reader
// and private/public. why is what else the file does, which stops the
// function ("" when nothing).
func moduleClasses(path string, seen map[string]bool) (classes []*erbgen.ModuleClass, why string) {
	seen[path] = true
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err.Error()
	}
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		return nil, err.Error()
	}
	fail := func(n erb.Node, format string, args ...any) {
		if why == "" {
			why = t.Errorf(erb.CodeUnsupported, n.Offset(), format, args...).Error()
		}
	}
	var body func(nodes []erb.Node, prefix string)
	body = func(nodes []erb.Node, prefix string) {
		for _, n := range nodes {
			switch x := n.(type) {
			case *erb.Call:
				if x.Recv != nil || len(x.Args) != 1 || x.Block != nil || x.Name != "require" && x.Name != "require_relative" {
					fail(x, "%s in a module's Ruby file", nodeName(x))
					continue
				}
				lib, ok := erb.LiteralString(x.Args[0])
				switch {
				case !ok:
					fail(x, "%s of a computed name", x.Name)
				case x.Name == "require" && (rterb.KnownLibrary(lib) || erbgen.PuppetLibrary(lib) || lib == "puppet_x"):
				default:
					next := moduleRuby(path, lib, x.Name == "require_relative")
					if next == "" {
						fail(x, "%s of %s", x.Name, describe(x.Args[0]))
					} else if !seen[next] {
						more, w := moduleClasses(next, seen)
						classes = append(classes, more...)
						if w != "" && why == "" {
							why = w
						}
					}
				}
			case *erb.Module:
				k, ok := x.Name.(*erb.Const)
				if !ok || len(x.Body.Rescues) > 0 || x.Body.Ensure != nil {
					fail(x, "this module definition")
					continue
				}
				body(x.Body.Body, prefix+constText(k)+"::")
			case *erb.Class:
				k, ok := x.Name.(*erb.Const)
				if !ok || x.Singleton || x.Super != nil || len(x.Body.Rescues) > 0 || x.Body.Ensure != nil {
					fail(x, "a class with a superclass, or class << self")
					continue
				}
				if c := classBody(t, prefix+constText(k), x.Body.Body, fail); c != nil {
					classes = append(classes, c)
				}
			default:
				fail(n, "%s in a module's Ruby file", nodeName(n))
			}
		}
	}
	body(t.Body, "")
	return classes, why
}

// classBody reads a class's methods: def (not def self.x), attr_reader
// :names, private and public (without arguments: the methods after them).
func classBody(t *erb.Template, name string, nodes []erb.Node, fail func(erb.Node, string, ...any)) *erbgen.ModuleClass {
	c := &erbgen.ModuleClass{Name: name, Template: t, Private: map[string]bool{}}
	private := false
	for _, n := range nodes {
		switch x := n.(type) {
		case *erb.Def:
			if x.Singleton {
				fail(x, "class methods (def self.%s) of a module's Ruby file", x.Name)
				return nil
			}
			c.Defs = append(c.Defs, x)
			c.Private[x.Name] = private
		case *erb.Call:
			switch {
			case x.Recv == nil && (x.Name == "private" || x.Name == "public") && len(x.Args) == 0 && x.Block == nil:
				private = x.Name == "private"
			case x.Recv == nil && x.Name == "attr_reader" && len(x.Args) > 0 && x.Block == nil:
				for _, a := range x.Args {
					s, ok := a.(*erb.Sym)
					if !ok || s.Parts != nil {
						fail(a, "attr_reader of a computed name")
						return nil
					}
					// def name; @name; end
					c.Defs = append(c.Defs, &erb.Def{At: x.At, Name: s.Name, Body: &erb.Begin{At: x.At, Body: []erb.Node{&erb.IVar{At: x.At, Name: s.Name}}}})
					c.Private[s.Name] = private
				}
			default:
				fail(x, "%s in a class body", nodeName(x))
				return nil
			}
		default:
			fail(n, "%s in a class body", nodeName(n))
			return nil
		}
	}
	return c
}

func constText(c *erb.Const) string {
	if c.Scope != nil {
		return constText(c.Scope) + "::" + c.Name
	}
	return c.Name
}
