package rubyfn

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/erb"
	"github.com/pp2go/pp2go/frontend/rubyscan"
	rterb "github.com/pp2go/pp2go/rt/erb"
)

// moduleRuby finds the module Ruby file a function file (fnPath) requires:
// require 'puppet_x/a/b' in the lib directory of the function's module,
// require_relative 'x' beside the requiring file, an absolute path as it
// is. "" when there is none.
func moduleRuby(fnPath, lib string, relative bool) string {
	var p string
	switch {
	case filepath.IsAbs(lib):
		p = lib
	case relative:
		p = filepath.Join(filepath.Dir(fnPath), lib)
	default:
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

// requiredPath is the name a require of the file file gives when the build
// can work it out (erbgen.StaticPath).
func requiredPath(n erb.Node, file string) (string, bool) {
	return erbgen.StaticPath(file, n, false)
}

// requireModule reads require 'lib' or require_relative 'lib' (call x)
// of a module's own Ruby file, whose classes and modules are translated
// with the function; when the file (or one it requires) does what pp2go
// does not translate, the function is not translated, with why. It
// records lib as required (the translator takes a method's require of it
// as done) and returns false when lib is no module file.
func (r *reader) requireModule(x *erb.Call, relative bool) bool {
	lib, ok := requiredPath(x.Args[0], r.t.Name)
	if !ok {
		return false
	}
	path := moduleRuby(r.t.Name, lib, relative)
	if path == "" {
		return false
	}
	if r.required == nil {
		r.required = map[string]bool{}
	}
	r.required[lib] = true
	r.readModuleFile(x, path, func() string { return x.Name + " of " + describe(x.Args[0]) })
	return true
}

// readModuleFile reads the module Ruby file at path, once, with the
// classes it defines; what it does that pp2go does not translate fails
// the function at n, which why names.
func (r *reader) readModuleFile(n erb.Node, path string, why func() string) {
	if r.modules == nil {
		r.modules = &moduleReader{seen: map[string]bool{}, byName: map[string]*erbgen.ModuleClass{}}
	}
	if r.modules.seen[path] {
		return
	}
	r.modules.file(path)
	if w := r.modules.why; w != "" {
		w = strings.TrimPrefix(w, "unsupported Ruby: ")
		r.fail(n, "%s, the module's %s: %s", why(), filepath.Base(path), w)
	}
	r.classes = r.modules.classes
}

// impliedRequires reads the module Ruby file that defines a constant the
// function uses and no file it requires defines. simplib's parse_hosts
// uses PuppetX::SIMP::Simplib, which puppetx/simp/simplib.rb defines: the
// function it calls first requires that file, and in Puppet the constant
// is there once any code has loaded it. The file is the one Ruby's naming
// convention gives in the module's lib (PuppetX::SIMP::Simplib:
// puppet_x/simp/simplib.rb or puppetx/simp/simplib.rb), of the constant
// or of the module holding it; a constant no such file defines stays
// unknown, as it was.
func (r *reader) impliedRequires() {
	tried := map[string]bool{}
	for _, n := range r.t.Body {
		erb.Walk(n, func(n erb.Node) {
			c, ok := n.(*erb.Const)
			if !ok {
				return
			}
			names := strings.Split(constText(c), "::")
			if tried[strings.Join(names, "::")] || r.definesConst(names) {
				return
			}
			tried[strings.Join(names, "::")] = true
			for k := len(names); k >= 2; k-- {
				for _, lib := range conventionalPaths(names[:k]) {
					if path := moduleRuby(r.t.Name, lib, false); path != "" {
						r.readModuleFile(c, path, func() string { return "the file that defines " + strings.Join(names, "::") })
						return
					}
				}
			}
		})
	}
}

// definesConst reports whether the constant names (or a class or module
// holding it) is one the function's files define or one Ruby or Puppet
// has.
func (r *reader) definesConst(names []string) bool {
	for k := len(names); k >= 1; k-- {
		p := strings.Join(names[:k], "::")
		if r.modules != nil && r.modules.byName[p] != nil {
			return true
		}
	}
	p := strings.Join(names, "::")
	return rterb.KnownConst(p) || rterb.ReleaseConst(p)
}

// conventionalPaths are the files Ruby's naming convention puts a
// constant path in, relative to lib: each name in snake case, PuppetX in
// both the puppet_x and the older puppetx directory.
func conventionalPaths(names []string) []string {
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = rubyscan.SnakeCase(n)
	}
	paths := []string{strings.Join(parts, "/")}
	if names[0] == "PuppetX" {
		paths = append(paths, "puppetx/"+strings.Join(parts[1:], "/"))
	}
	return paths
}

// moduleReader reads module Ruby files (and the module files they
// require) for the classes and modules pp2go translates with the
// function: their instance methods (def, attr_reader, private and public),
// singleton methods (def self.x, class << self, module_function, extend
// self) and superclasses. why is what else the file does, which stops the
// function ("" when nothing).
type moduleReader struct {
	seen    map[string]bool
	classes []*erbgen.ModuleClass
	byName  map[string]*erbgen.ModuleClass
	why     string
}

func (m *moduleReader) file(path string) {
	m.seen[path] = true
	src, err := os.ReadFile(path)
	if err != nil {
		m.why = err.Error()
		return
	}
	t, err := erb.ParseRuby(path, src)
	if err != nil {
		m.why = err.Error()
		return
	}
	m.body(t, path, t.Body, "", nil, nil)
}

func (m *moduleReader) fail(t *erb.Template, n erb.Node, format string, args ...any) {
	if m.why == "" {
		m.why = t.Errorf(erb.CodeUnsupported, n.Offset(), format, args...).Error()
	}
}

// class is the class or module name of file t, made or reopened, whose
// body's lexical nesting is nesting (the class itself first).
func (m *moduleReader) class(t *erb.Template, n erb.Node, name string, module bool, nesting []string) *erbgen.ModuleClass {
	c := m.byName[name]
	if c == nil {
		c = &erbgen.ModuleClass{Name: name, Template: t, Module: module, Private: map[string]bool{}, Nesting: nesting}
		m.byName[name] = c
		m.classes = append(m.classes, c)
		return c
	}
	if c.Module != module {
		m.fail(t, n, "%s reopened as a %s", name, map[bool]string{true: "module", false: "class"}[module])
	}
	if strings.Join(c.Nesting, " ") != strings.Join(nesting, " ") {
		// its methods would see other constants
		m.fail(t, n, "%s reopened in another nesting of modules", name)
	}
	// (reopened in another file: its methods and constants are
	// translated with the file that defines them, defsIn)
	return c
}

// defsIn checks that the methods and constants file t gives class c (a
// module or class reopened in several files, as Ruby allows) are all of
// one file: pp2go translates a class's methods and constants with the one
// file they are in.
func (m *moduleReader) defsIn(t *erb.Template, n erb.Node, c *erbgen.ModuleClass) {
	if c.Template == t {
		return
	}
	if len(c.Defs)+len(c.SDefs)+len(c.Consts) > 0 {
		m.fail(t, n, "methods or constants of %s in two files (%s and %s)", c.Name, filepath.Base(c.Template.Name), filepath.Base(t.Name))
		return
	}
	c.Template = t
}

// body reads the statements of a file (cur nil) or of the body of the
// class or module cur, whose constant path is prefix without its "::";
// nesting is the body's lexical nesting (cur's name first).
func (m *moduleReader) body(t *erb.Template, path string, nodes []erb.Node, prefix string, cur *erbgen.ModuleClass, nesting []string) {
	private, moduleFunction, extendSelf := false, false, false
	for _, n := range nodes {
		if x, ok := n.(*erb.Call); ok && cur != nil && x.Recv == nil && len(x.Args) == 1 && x.Block == nil {
			if d, ok := x.Args[0].(*erb.Def); ok && defVisibility[x.Name] != "" {
				// private def x ... end (a def's value is its name): the
				// method, then its visibility
				m.body(t, path, []erb.Node{d}, prefix, cur, nesting)
				switch defVisibility[x.Name] {
				case "private":
					if !d.Singleton {
						cur.Private[d.Name] = true
					}
				case "public":
					cur.Private[d.Name] = false
				case "module_function":
					if cur.Module && !d.Singleton {
						cur.Private[d.Name] = true
						cur.SDefs = append(cur.SDefs, d)
					}
				}
				continue
			}
		}
		switch x := n.(type) {
		case *erb.Call:
			switch {
			case x.Recv == nil && len(x.Args) == 1 && x.Block == nil && (x.Name == "require" || x.Name == "require_relative"):
				m.require(t, path, x)
			case cur != nil && x.Recv == nil && (x.Name == "private" || x.Name == "public" || x.Name == "protected") && len(x.Args) == 0 && x.Block == nil:
				// a protected method is called from the class's own
				// methods, as a private one is
				private, moduleFunction = x.Name != "public", false
			case cur != nil && x.Recv == nil && (x.Name == "private" || x.Name == "public" || x.Name == "protected") && x.Block == nil:
				// private :name, ...: those methods
				for _, a := range x.Args {
					sym, ok := a.(*erb.Sym)
					if !ok || sym.Parts != nil {
						m.fail(t, a, "%s of a computed name", x.Name)
						continue
					}
					cur.Private[sym.Name] = x.Name != "public"
				}
			case cur != nil && cur.Module && x.Recv == nil && x.Name == "module_function" && len(x.Args) == 0 && x.Block == nil:
				// the methods after it are singleton methods too
				moduleFunction = true
			case cur != nil && cur.Module && x.Recv == nil && x.Name == "module_function" && x.Block == nil:
				// module_function :name, ...: those methods, defined
				// before it, are singleton methods too (and private
				// instance methods)
				for _, a := range x.Args {
					sym, ok := a.(*erb.Sym)
					var d *erb.Def
					if ok && sym.Parts == nil {
						d = defNamed(cur, sym.Name)
					}
					if d == nil {
						m.fail(t, a, "module_function of a method the module does not define before it")
						continue
					}
					cur.SDefs = append(cur.SDefs, d)
					cur.Private[d.Name] = true
				}
			case cur != nil && cur.Module && x.Recv == nil && x.Name == "extend" && len(x.Args) == 1 && x.Block == nil:
				if _, ok := x.Args[0].(*erb.Self); !ok {
					m.fail(t, x, "extend of a module other than self")
					continue
				}
				extendSelf = true
			case cur != nil && x.Recv == nil && (x.Name == "attr_reader" || x.Name == "attr_writer" || x.Name == "attr_accessor") && len(x.Args) > 0 && x.Block == nil:
				for _, a := range x.Args {
					s, ok := a.(*erb.Sym)
					if !ok || s.Parts != nil {
						m.fail(t, a, "%s of a computed name", x.Name)
						continue
					}
					m.defsIn(t, x, cur)
					if x.Name != "attr_writer" {
						// def name; @name; end
						cur.Defs = append(cur.Defs, &erb.Def{At: x.At, Name: s.Name, Body: &erb.Begin{At: x.At, Body: []erb.Node{&erb.IVar{At: x.At, Name: s.Name}}}})
						cur.Private[s.Name] = private
					}
					if x.Name != "attr_reader" {
						// def name=(value); @name = value; end
						set := &erb.Assign{At: x.At, Target: &erb.IVar{At: x.At, Name: s.Name}, Value: &erb.LVar{At: x.At, Name: "value"}}
						cur.Defs = append(cur.Defs, &erb.Def{At: x.At, Name: s.Name + "=", Params: []erb.Param{{Name: "value"}}, Body: &erb.Begin{At: x.At, Body: []erb.Node{set}}})
						cur.Private[s.Name+"="] = private
					}
				}
			default:
				m.fail(t, x, "%s in a module's Ruby file", nodeName(x))
			}
		case *erb.Module:
			k, ok := x.Name.(*erb.Const)
			if !ok || len(x.Body.Rescues) > 0 || x.Body.Ensure != nil {
				m.fail(t, x, "this module definition")
				continue
			}
			name := prefix + constText(k)
			in := append([]string{name}, nesting...)
			m.body(t, path, x.Body.Body, name+"::", m.class(t, x, name, true, in), in)
		case *erb.Class:
			if len(x.Body.Rescues) > 0 || x.Body.Ensure != nil {
				m.fail(t, x, "rescue in a class body")
				continue
			}
			if x.Singleton {
				if _, ok := x.Name.(*erb.Self); !ok || cur == nil {
					m.fail(t, x, "class << of an object other than self")
					continue
				}
				m.singletonBody(t, x.Body.Body, cur)
				continue
			}
			k, ok := x.Name.(*erb.Const)
			if !ok {
				m.fail(t, x, "this class definition")
				continue
			}
			name := prefix + constText(k)
			in := append([]string{name}, nesting...)
			c := m.class(t, x, name, false, in)
			if prefix == "" && coreClasses[name] {
				// class String ... end: Ruby's String, its objects
				// given the methods
				if x.Super != nil {
					m.fail(t, x, "class %s reopened with a superclass", name)
					continue
				}
				c.Core = name
			}
			if x.Super != nil {
				sk, ok := x.Super.(*erb.Const)
				if !ok {
					m.fail(t, x.Super, "a superclass that is not a constant")
					continue
				}
				c.Super = m.resolve(prefix, constText(sk))
			}
			m.body(t, path, x.Body.Body, name+"::", c, in)
		case *erb.Assign:
			// NAME = value in a class or module body: its constant
			k, ok := x.Target.(*erb.Const)
			if !ok || cur == nil || k.Scope != nil || k.Top {
				m.fail(t, x, "an assignment in a module's Ruby file")
				continue
			}
			m.defsIn(t, x, cur)
			cur.Consts = append(cur.Consts, x)
		case *erb.Alias:
			// alias new old: a method of its own with old's body as it is now
			var d *erb.Def
			if cur != nil {
				d = defNamed(cur, x.Old)
			}
			if d == nil {
				m.fail(t, x, "alias of a method the class does not define before it")
				continue
			}
			m.defsIn(t, x, cur)
			a := *d
			a.Name = x.New
			cur.Defs = append(cur.Defs, &a)
			cur.Private[x.New] = cur.Private[x.Old] // the method's visibility
		case *erb.If:
			// if RUBY_VERSION >= '1.9' ... else ... end: the branch
			// every Ruby pp2go runs as takes
			then, ok := rubyVersionTest(x)
			if !ok {
				m.fail(t, x, "a conditional in a module's Ruby file")
				continue
			}
			branch := x.Else
			if then {
				branch = x.Then
			}
			m.body(t, path, branch, prefix, cur, nesting)
		case *erb.Def:
			if cur == nil {
				m.fail(t, x, "a method definition at the top level of a module's Ruby file")
				continue
			}
			m.defsIn(t, x, cur)
			switch {
			case x.Singleton:
				cur.SDefs = append(cur.SDefs, x)
				cur.SDefs = append(cur.SDefs, hoistSingletonDefs(x)...)
			case moduleFunction:
				// a private instance method and a public singleton one
				cur.Defs = append(cur.Defs, x)
				cur.Private[x.Name] = true
				cur.SDefs = append(cur.SDefs, x)
			default:
				cur.Defs = append(cur.Defs, x)
				cur.Private[x.Name] = private
			}
		default:
			m.fail(t, n, "%s in a module's Ruby file", nodeName(n))
		}
	}
	if extendSelf {
		// extend self: the module's instance methods are its singleton
		// methods too (the public ones: a private one is callable only
		// without a receiver, from its other methods)
		for _, d := range cur.Defs {
			cur.SDefs = append(cur.SDefs, d)
		}
	}
}

// defVisibility is what a call of these names given a def (private def
// x) makes of the method. A private singleton method
// (private_class_method def self.x) is called as a public one: only a
// call with a receiver from outside its class would tell them apart,
// which fails in Ruby.
var defVisibility = map[string]string{
	"private": "private", "protected": "private", "private_class_method": "private",
	"public": "public", "public_class_method": "public", "module_function": "module_function",
}

// hoistSingletonDefs takes the singleton methods a singleton method's
// body defines (def self.x inside def self.attributes: puppet-icinga2's
// utils.rb) out of the body, as methods of the same object, and leaves
// their names (a def's value) in their place: Ruby defines them as the
// outer method first runs, pp2go with the class. A call made before that
// finds them in pp2go, where Ruby raises NoMethodError.
func hoistSingletonDefs(x *erb.Def) []*erb.Def {
	if x.Body == nil {
		return nil
	}
	var out []*erb.Def
	for i, n := range x.Body.Body {
		d, ok := n.(*erb.Def)
		if !ok || !d.Singleton {
			continue
		}
		out = append(out, d)
		out = append(out, hoistSingletonDefs(d)...)
		x.Body.Body[i] = &erb.Sym{At: d.At, Name: d.Name}
	}
	return out
}

// defNamed is c's instance method name as defined last so far, nil for
// none (what alias and module_function :name refer to).
func defNamed(c *erbgen.ModuleClass, name string) *erb.Def {
	var d *erb.Def
	for _, x := range c.Defs {
		if x.Name == name {
			d = x
		}
	}
	return d
}

// coreClasses are the Ruby classes a module's Ruby may reopen to give
// their objects methods (monkey patching).
var coreClasses = map[string]bool{"String": true, "Integer": true, "Float": true, "Array": true, "Hash": true, "Symbol": true}

// rubyVersionTest is the value of an if's condition that compares
// RUBY_VERSION with a string, when it is the same under every Ruby a
// translation runs as (rterb.RubyVersions); ok false otherwise.
func rubyVersionTest(x *erb.If) (then, ok bool) {
	b, isBin := x.Cond.(*erb.Binary)
	if !isBin {
		return false, false
	}
	k, isConst := b.L.(*erb.Const)
	lit, isLit := erb.LiteralString(b.R)
	if !isConst || !isLit || k.Name != "RUBY_VERSION" || k.Scope != nil {
		return false, false
	}
	for i, v := range rterb.RubyVersions() {
		var r bool
		switch c := strings.Compare(v, lit); b.Op {
		case ">=":
			r = c >= 0
		case ">":
			r = c > 0
		case "<=":
			r = c <= 0
		case "<":
			r = c < 0
		case "==":
			r = c == 0
		case "!=":
			r = c != 0
		default:
			return false, false
		}
		if i > 0 && r != then {
			return false, false // the releases' Rubies differ
		}
		then = r
	}
	return then != x.Unless, true
}

// singletonBody reads class << self ... end: its defs are cur's singleton
// methods.
func (m *moduleReader) singletonBody(t *erb.Template, nodes []erb.Node, cur *erbgen.ModuleClass) {
	for _, n := range nodes {
		switch x := n.(type) {
		case *erb.Def:
			if x.Singleton {
				m.fail(t, x, "def self.%s inside class << self", x.Name)
				continue
			}
			m.defsIn(t, x, cur)
			cur.SDefs = append(cur.SDefs, x)
		case *erb.Call:
			if x.Recv == nil && x.Name == "public" && len(x.Args) == 0 {
				continue
			}
			m.fail(t, x, "%s in class << self", nodeName(x))
		default:
			m.fail(t, n, "%s in class << self", nodeName(n))
		}
	}
}

// resolve is the constant path name refers to inside the module prefix
// (PuppetX::Bodeco::): a class of the files read, found from the
// innermost module out as Ruby does, else name itself.
func (m *moduleReader) resolve(prefix, name string) string {
	for p := strings.TrimSuffix(prefix, "::"); p != ""; {
		if m.byName[p+"::"+name] != nil {
			return p + "::" + name
		}
		i := strings.LastIndex(p, "::")
		if i < 0 {
			break
		}
		p = p[:i]
	}
	return name
}

// require reads require 'lib' and require_relative 'lib' of a module
// Ruby file: a module file is read too; a library of Puppet's Ruby loads
// (what uses one pp2go lacks is not translated); a gem Puppet's Ruby does
// not have stops the function.
func (m *moduleReader) require(t *erb.Template, path string, x *erb.Call) {
	lib, ok := requiredPath(x.Args[0], path)
	switch {
	case !ok:
		m.fail(t, x, "%s of a computed name", x.Name)
	case x.Name == "require" && (rterb.RubyLibrary(lib) || erbgen.PuppetLibrary(lib) || lib == "puppet_x") && moduleRuby(path, lib, false) == "":
	default:
		next := moduleRuby(path, lib, x.Name == "require_relative")
		switch {
		case next == "" && x.Name == "require":
			m.fail(t, x, "require of %s, which Puppet's Ruby does not have (LoadError)", describe(x.Args[0]))
		case next == "":
			m.fail(t, x, "%s of %s", x.Name, describe(x.Args[0]))
		case !m.seen[next]:
			m.file(next)
		}
	}
}

func constText(c *erb.Const) string {
	if c.Scope != nil {
		return constText(c.Scope) + "::" + c.Name
	}
	return c.Name
}

// TranslateTemplate translates the ERB template at path of a module
// (MODULE/templates/...), with the module Ruby it requires from the
// module's lib/ (require 'puppet_x/a/b'), as
// functions' are: its classes and modules are translated with it.
func TranslateTemplate(path string, src []byte) (*erbgen.Template, error) {
	i := strings.LastIndex(path, string(filepath.Separator)+"templates"+string(filepath.Separator))
	if i < 0 {
		return erbgen.Translate(path, src)
	}
	t, err := erb.Parse(path, src)
	if err != nil {
		return nil, err
	}
	lib := filepath.Join(path[:i], "lib")
	var m *moduleReader
	required := map[string]bool{}
	// requires at the top level or in a tag's code (kibana's kibana.yml.erb
	// requires its helper inside the <%= %> tag that uses it)
	var reqs []*erb.Call
	for _, n := range t.Body {
		erb.Walk(n, func(n erb.Node) {
			if x, ok := n.(*erb.Call); ok && x.Recv == nil && x.Name == "require" && len(x.Args) == 1 && x.Block == nil {
				reqs = append(reqs, x)
			}
		})
	}
	for _, x := range reqs {
		name, ok := erb.LiteralString(x.Args[0])
		if !ok {
			continue
		}
		file := moduleRuby(filepath.Join(lib, "_"), name, false)
		if file == "" {
			continue
		}
		if m == nil {
			m = &moduleReader{seen: map[string]bool{}, byName: map[string]*erbgen.ModuleClass{}}
		}
		required[name] = true
		if !m.seen[file] {
			m.file(file)
		}
		if m.why != "" {
			why := strings.TrimPrefix(m.why, "unsupported Ruby: ")
			return nil, t.Errorf(erb.CodeUnsupported, x.Offset(), "require of %s, the module's %s: %s", describe(x.Args[0]), filepath.Base(file), why)
		}
	}
	if m == nil {
		return erbgen.Translate(path, src)
	}
	return erbgen.TranslateWith(path, src, &erbgen.ModuleRuby{Lib: lib, Required: required, Classes: m.classes})
}
