package codegen

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/erb"
	rtpkg "github.com/pp2go/pp2go/rt"
	rterb "github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/restype"
)

// A module's resource type fails to autoload, in every Puppet, when a
// file its autoload loads requires a gem that neither Puppet's Ruby nor a
// module has: puppetlabs-iis's providers require ruby-pwsh, which
// puppetlabs-pwshlib provides, and without that module every iis_site
// fails with "Could not autoload puppet/type/iis_site: Could not autoload
// puppet/provider/iis_site/webadministration: cannot load such file --
// ruby-pwsh". The build follows what the autoload loads as far as it can
// tell statically, and nothing it cannot tell fails a type:
//
//   - the statements that run as a file loads: its top level, the bodies
//     of its modules and classes and of the blocks it passes (newtype's,
//     provide's); not methods, branches or begin/rescue, which may not
//     run or may rescue the LoadError;
//   - there, require of a module's file (followed), of a path the build
//     can compute (require_relative, File.join(File.dirname(__FILE__),
//     ...), Pathname.new(__FILE__).dirname + ...: followed), and of a gem
//     (one name without a slash) that is neither a library of Puppet's
//     Ruby nor a module's file: the failure;
//   - Puppet::Type.type(:t).provider(:p), which autoloads that provider;
//   - after the type's newtype block, its providers of every module
//     (puppet/provider/TYPE/*.rb, in module path order, a name once),
//     which newtype loads.

// TypeLoads finds what autoloading each module resource type fails
// with, once a type, for the checker (resolve.Options.TypeLoadError: a
// resource of the type, or a reference to it, is an error where it is)
// and for the generated table of types (restype.Type.LoadError: a compile
// that reaches one fails as Puppet does).
type TypeLoads struct {
	e     *env.Env
	mu    sync.Mutex
	files rubyFiles // what the types before read, for the next one's
	errs  map[*restype.Type]string
}

// NewTypeLoads is the autoload analysis of e's module types.
func NewTypeLoads(e *env.Env) *TypeLoads {
	return &TypeLoads{e: e, errs: map[*restype.Type]string{}}
}

// InRelease is what autoloading type t fails with in release r, as the
// runtime words it (rt.Release.AutoloadError with Error's finding).
func (l *TypeLoads) InRelease(r *rtpkg.Release) func(*restype.Type) string {
	return func(t *restype.Type) string { return r.AutoloadError(t, l.Error(t)) }
}

// Error is what autoloading type t fails with after "Could not autoload
// puppet/type/NAME: ", or "" (a core type, one of the Resource API, or
// one whose autoload the build finds nothing wrong with).
func (l *TypeLoads) Error(t *restype.Type) string {
	if t.Source == "" || t.ResourceAPI {
		return ""
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	msg, ok := l.errs[t]
	if !ok {
		a := &autoloader{e: l.e, files: &l.files, seen: map[string]bool{}, typeName: t.Name}
		if msg = a.file(t.Source); msg == "" && !a.loaded {
			// a file that requires nothing, read no further, or one the
			// parser does not read: its newtype loads the providers
			msg = a.providers()
		}
		l.errs[t] = msg
	}
	return msg
}

// rubyFiles are the Ruby files TypeLoads.Error read: parsed, by path (nil:
// unreadable, or not Ruby pp2go parses), and the module path's provider
// files by type (providerFiles).
type rubyFiles struct {
	parsed    map[string][]erb.Node
	providers map[string][]string
}

type autoloader struct {
	e        *env.Env
	files    *rubyFiles
	seen     map[string]bool // files loaded (required or autoloaded)
	typeName string          // the type whose newtype loads its providers
	loaded   bool            // its providers are loaded
}

// file is the error of loading the Ruby file at path, "" when it loads
// (or was loaded before, or cannot be read: no finding then).
func (l *autoloader) file(path string) string {
	if l.seen[path] {
		return ""
	}
	l.seen[path] = true
	body, ok := l.files.parsed[path]
	if !ok {
		// (a file that requires nothing and names no provider loads
		// nothing: most are, and are not parsed)
		if src, err := os.ReadFile(path); err == nil && (bytes.Contains(src, []byte("require")) || bytes.Contains(src, []byte(".provider("))) {
			if t, err := erb.ParseRuby(path, src); err == nil {
				body = t.Body
			}
		}
		if l.files.parsed == nil {
			l.files.parsed = map[string][]erb.Node{}
		}
		l.files.parsed[path] = body
	}
	return l.stmts(path, body)
}

func (l *autoloader) stmts(path string, nodes []erb.Node) string {
	for _, n := range nodes {
		if msg := l.node(path, n); msg != "" {
			return msg
		}
	}
	return ""
}

// node is the error of running n as its file loads.
func (l *autoloader) node(path string, n erb.Node) string {
	switch x := n.(type) {
	case *erb.Module:
		return l.body(path, x.Body)
	case *erb.Class:
		return l.body(path, x.Body)
	case *erb.Begin:
		return l.body(path, x)
	case *erb.Call:
		return l.call(path, x)
	case *erb.Hash:
		// a call's keywords (provide(:p, parent: Puppet::Type.type(:t).provider(:q)))
		for _, p := range x.Pairs {
			if msg := l.node(path, p.Value); msg != "" {
				return msg
			}
		}
	}
	return ""
}

// body is the error of a body that rescues nothing.
func (l *autoloader) body(path string, b *erb.Begin) string {
	if b == nil || len(b.Rescues) > 0 || b.Modifier {
		return ""
	}
	return l.stmts(path, b.Body)
}

func (l *autoloader) call(path string, x *erb.Call) string {
	if x.Recv != nil {
		if msg := l.node(path, x.Recv); msg != "" {
			return msg
		}
	}
	for _, a := range x.Args {
		if msg := l.node(path, a); msg != "" {
			return msg
		}
	}
	if x.Recv == nil && len(x.Args) == 1 && x.Block == nil && (x.Name == "require" || x.Name == "require_relative") {
		return l.require(path, x)
	}
	if typ, prov, ok := providerRef(x); ok {
		return l.provider(typ, prov)
	}
	if x.Block != nil {
		if msg := l.stmts(path, x.Block.Body); msg != "" {
			return msg
		}
	}
	if x.Name == "newtype" && !l.loaded {
		if name, ok := symbolArg(x); ok && name == l.typeName {
			l.loaded = true
			return l.providers()
		}
	}
	return ""
}

// require is the error of require or require_relative x in the file at
// path.
func (l *autoloader) require(path string, x *erb.Call) string {
	arg := x.Args[0]
	if x.Name == "require" {
		if lib, ok := erb.LiteralString(arg); ok && !filepath.IsAbs(lib) {
			lib = strings.TrimSuffix(lib, ".rb")
			if file, _, ok := l.e.RequireRuby(lib); ok {
				return l.file(file)
			}
			if !strings.Contains(lib, "/") && !rterb.RubyLibrary(lib) {
				return "cannot load such file -- " + lib
			}
			return ""
		}
	}
	p, ok := staticPath(path, arg)
	if !ok {
		return ""
	}
	if x.Name == "require_relative" && !filepath.IsAbs(p) {
		p = filepath.Join(filepath.Dir(path), p)
	}
	if !filepath.IsAbs(p) {
		return ""
	}
	if !strings.HasSuffix(p, ".rb") {
		p += ".rb"
	}
	return l.file(filepath.Clean(p))
}

// providers is the error of loading the type's providers, as newtype
// does.
func (l *autoloader) providers() string {
	for _, p := range l.providerFiles(l.typeName) {
		if msg := l.autoloadProvider(l.typeName, p); msg != "" {
			return msg
		}
	}
	return ""
}

// provider is the error of autoloading provider prov of type typ
// (Puppet::Type.type(:typ).provider(:prov)).
func (l *autoloader) provider(typ, prov string) string {
	for _, p := range l.providerFiles(typ) {
		if strings.TrimSuffix(filepath.Base(p), ".rb") == prov {
			return l.autoloadProvider(typ, p)
		}
	}
	return ""
}

// autoloadProvider is the error of autoloading the provider file p of
// type typ, as Puppet's autoloader words it.
func (l *autoloader) autoloadProvider(typ, p string) string {
	if msg := l.file(p); msg != "" {
		return "Could not autoload puppet/provider/" + typ + "/" + strings.TrimSuffix(filepath.Base(p), ".rb") + ": " + msg
	}
	return ""
}

// providerFiles are the provider files of type typ of every module, in
// module path order, each name once (the first module's), each module's
// sorted. The module path's are listed once, for every type.
func (l *autoloader) providerFiles(typ string) []string {
	if l.files.providers == nil {
		l.files.providers = map[string][]string{}
		names := map[string]bool{} // type/file.rb
		for _, m := range l.e.Modules {
			dir := filepath.Join(m.Dir, "lib", "puppet", "provider")
			types, _ := os.ReadDir(dir)
			for _, t := range types {
				files, _ := filepath.Glob(filepath.Join(dir, t.Name(), "*.rb"))
				slices.Sort(files)
				for _, f := range files {
					if k := t.Name() + "/" + filepath.Base(f); !names[k] {
						names[k] = true
						l.files.providers[t.Name()] = append(l.files.providers[t.Name()], f)
					}
				}
			}
		}
	}
	return l.files.providers[typ]
}

// providerRef matches Puppet::Type.type(:typ).provider(:prov).
func providerRef(x *erb.Call) (typ, prov string, ok bool) {
	if x.Name != "provider" {
		return "", "", false
	}
	inner, isCall := x.Recv.(*erb.Call)
	if !isCall || inner.Name != "type" {
		return "", "", false
	}
	if c, isConst := inner.Recv.(*erb.Const); !isConst || c.Name != "Type" || c.Scope == nil || c.Scope.Name != "Puppet" {
		return "", "", false
	}
	typ, ok1 := symbolArg(inner)
	prov, ok2 := symbolArg(x)
	return typ, prov, ok1 && ok2
}

// symbolArg is a call's first argument, a symbol or string literal.
func symbolArg(x *erb.Call) (string, bool) {
	if len(x.Args) == 0 {
		return "", false
	}
	switch a := x.Args[0].(type) {
	case *erb.Sym:
		return a.Name, a.Parts == nil
	}
	return erb.LiteralString(x.Args[0])
}

// staticPath is a path expression's value: erbgen.StaticPath's, or
// Pathname.new(p).dirname + 'a' + 'b' (Pathname#+ joins).
func staticPath(file string, n erb.Node) (string, bool) {
	if p, ok := pathname(file, n); ok {
		return p, true
	}
	return erbgen.StaticPath(file, n, false)
}

// pathname is the path of a Pathname expression: Pathname.new(path),
// p.dirname, p + path.
func pathname(file string, n erb.Node) (string, bool) {
	switch x := n.(type) {
	case *erb.Binary:
		if x.Op != "+" {
			return "", false
		}
		l, ok := pathname(file, x.L)
		if !ok {
			return "", false
		}
		r, ok := erbgen.StaticPath(file, x.R, false)
		if !ok {
			return "", false
		}
		return filepath.Join(l, r), true
	case *erb.Call:
		switch {
		case x.Name == "dirname" && len(x.Args) == 0 && x.Recv != nil:
			p, ok := pathname(file, x.Recv)
			return filepath.Dir(p), ok
		case x.Name == "new" && len(x.Args) == 1:
			if c, ok := x.Recv.(*erb.Const); ok && c.Name == "Pathname" && c.Scope == nil {
				return erbgen.StaticPath(file, x.Args[0], false)
			}
		}
	}
	return "", false
}
