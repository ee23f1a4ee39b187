package rt

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/values"
)

// The optional abilities of a function's context (package fn): what
// library functions may ask of the compiler beyond fn.Context.

var (
	_ fn.OnceWarner      = (*Scope)(nil)
	_ fn.Stacker         = (*Scope)(nil)
	_ fn.TypeParser      = (*Scope)(nil)
	_ fn.FileFinder      = (*Scope)(nil)
	_ fn.Catalog         = (*Scope)(nil)
	_ fn.DefaultsFinder  = (*Scope)(nil)
	_ fn.Strict          = (*Scope)(nil)
	_ fn.Releaser        = (*Scope)(nil)
	_ fn.UnlocatedWarner = (*Scope)(nil)
	_ fn.ModuleFiles     = (*Scope)(nil)
)

// module is a module's directory and files compiled in.
type module struct {
	name  values.Value // the module's name, $module_name of its definitions
	dir   string       // as found on the module path at build time
	files fs.FS        // its files/ directory; nil when it has none
	// trees are its directories for the file server, by name (modtree.go)
	trees map[string]*ModuleTree
	// metadata is its metadata.json, kept as the generated code's string
	// constant (copied only when read); hasMetadata: it has one
	metadata    string
	hasMetadata bool
}

// AddModule records a module's directory (for module_directory and
// find_file) and its files/ directory's content, which file() reads.
func (p *Program) AddModule(name, dir string, files fs.FS) {
	p.addModule(name, values.String(name), dir, files)
}

// addModule is AddModule with the module's name as a Puppet value too.
func (p *Program) addModule(name string, value values.Value, dir string, files fs.FS) {
	if p.modules == nil {
		p.modules = map[string]*module{}
	}
	if p.modules[name] == nil {
		p.moduleOrder = append(p.moduleOrder, name)
	}
	p.modules[name] = &module{name: value, dir: dir, files: files}
}

// AddModuleMetadata records a module's metadata.json, which module Ruby
// reads (stdlib's load_module_metadata, extlib's has_module): the binary
// answers for it without the environment's directory.
func (p *Program) AddModuleMetadata(name, data string) {
	if m := p.modules[name]; m != nil {
		m.metadata, m.hasMetadata = data, true
	}
}

// WarnOnce implements fn.OnceWarner: once per key and compilation
// (LogEntry.Once).
func (s *Scope) WarnOnce(key, msg string) {
	s.c.warnOnce(key, func() { s.Warn(msg) })
}

// warnOnce logs, with log, a warning of Puppet's warn_once, the first
// time the compilation meets its key; the entry carries the key.
func (c *Ctx) warnOnce(key string, log func()) {
	if c.warned == nil {
		c.warned = map[string]bool{}
	}
	if c.warned[key] {
		return
	}
	c.warned[key] = true
	n := len(c.logs)
	log()
	if len(c.logs) > n {
		c.logs[n].Once = key
	}
}

// WarningsDisabled implements fn.WarningsDisabler: the program's
// disable_warnings setting.
func (s *Scope) WarningsDisabled(kind string) bool { return s.c.prog.WarningsDisabled(kind) }

// Stacktrace implements fn.Stacker: the function calls in progress, the
// innermost first.
func (s *Scope) Stacktrace() []fn.Frame {
	out := make([]fn.Frame, 0, len(s.c.calls))
	for i := len(s.c.calls) - 1; i >= 0; i-- {
		site := s.c.calls[i].Site()
		if site == nil || site.File == nil {
			out = append(out, fn.Frame{File: "unknown"})
			continue
		}
		out = append(out, fn.Frame{File: site.File.Path, Line: int(site.Line)})
	}
	return out
}

// ParseType implements fn.TypeParser with the program's aliases and
// resource types.
func (s *Scope) ParseType(src string) (values.Type, error) {
	v, err := s.c.prog.parseType(src)
	if err != nil {
		return nil, err
	}
	t, ok := v.(values.Type)
	if !ok {
		return nil, &values.Error{Code: values.IssueInvalidTypeSpec, Message: "The expression <" + src + "> is not a valid type specification."}
	}
	return t, nil
}

// WarnOnceUnlocated implements fn.UnlocatedWarner.
func (s *Scope) WarnOnceUnlocated(key, msg string) { s.c.warnOnceUnlocated(key, msg) }

func (c *Ctx) warnOnceUnlocated(key, msg string) {
	c.warnOnce(key, func() { c.logAt("warning", nil, msg, nil) })
}

// PuppetVersion implements fn.Releaser.
func (s *Scope) PuppetVersion() string { return s.c.prog.Puppet().Version }

// Strict implements fn.Strict: the program's strict setting.
func (s *Scope) Strict() string { return s.c.prog.strict }

// ---- files ----

// splitModulePath splits "module/rest" as Puppet::Parser::Files does.
func splitModulePath(p string) (mod, rest string, ok bool) {
	i := strings.IndexByte(p, '/')
	if i <= 0 {
		return "", "", false
	}
	return p[:i], p[i+1:], true
}

// findFile is file()'s lookup: "module/path" in the module's files/, or an
// absolute path (a module's files are read from what was compiled in).
func (p *Program) findFile(name string) ([]byte, bool) {
	if strings.HasPrefix(name, "/") {
		if e, ok := p.moduleFile(name); ok && e.Known {
			return e.Data, e.Exists && !e.Dir
		}
		b, err := os.ReadFile(name)
		return b, err == nil
	}
	mod, rest, ok := splitModulePath(name)
	if !ok {
		return nil, false
	}
	m := p.module(mod)
	if m == nil {
		return nil, false
	}
	if m.files != nil {
		if b, err := fs.ReadFile(m.files, rest); err == nil {
			return b, true
		}
	}
	// a file whose name go:embed refuses is in the module's tree
	if t := m.trees["files"]; t != nil {
		if e, ok := t.Lookup(rest); ok && !e.Dir {
			b, err := t.Content(e)
			return b, err == nil
		}
	}
	return nil, false
}

// compiledDirs are the module directories the build compiles in whole
// (codegen's compiledDirs), when the module has them.
var compiledDirs = []string{"files", "lib", "facts.d", "locales", "templates"}

// moduleFile is what the build compiled in at an absolute path inside a
// module's directory (ok false: the path is in none): the directory
// itself, its metadata.json and the trees of compiledDirs; another part of
// the module (manifests/, ...) is not Known.
func (p *Program) moduleFile(name string) (fn.ModuleEntry, bool) {
	name = path.Clean(name)
	for _, mn := range p.moduleOrder {
		m := p.module(mn)
		if m == nil || m.dir == "" {
			continue
		}
		rel, ok := strings.CutPrefix(name, m.dir)
		if !ok || rel != "" && rel[0] != '/' {
			continue
		}
		rel = strings.TrimPrefix(rel, "/")
		switch {
		case rel == "":
			return fn.ModuleEntry{Known: true, Exists: true, Dir: true}, true
		case rel == "metadata.json":
			e := fn.ModuleEntry{Known: true, Exists: m.hasMetadata}
			if m.hasMetadata {
				e.Data = []byte(m.metadata)
			}
			return e, true
		}
		top, sub, _ := strings.Cut(rel, "/")
		if t := m.trees[top]; t != nil {
			if sub == "" {
				return fn.ModuleEntry{Known: true, Exists: true, Dir: true}, true
			}
			e, found := t.Lookup(sub)
			if !found {
				return fn.ModuleEntry{Known: true}, true
			}
			if e.Dir {
				return fn.ModuleEntry{Known: true, Exists: true, Dir: true}, true
			}
			b, err := t.Content(e)
			return fn.ModuleEntry{Known: true, Exists: err == nil, Data: b}, true
		}
		if top == "files" && m.files != nil {
			// no tree recorded: the embedded files alone
			if st, err := fs.Stat(m.files, sub); err == nil {
				if st.IsDir() {
					return fn.ModuleEntry{Known: true, Exists: true, Dir: true}, true
				}
				b, err := fs.ReadFile(m.files, sub)
				return fn.ModuleEntry{Known: true, Exists: err == nil, Data: b}, true
			}
			return fn.ModuleEntry{Known: true}, true
		}
		for _, d := range compiledDirs {
			if top == d {
				// the build found no such directory
				return fn.ModuleEntry{Known: true}, true
			}
		}
		return fn.ModuleEntry{}, true
	}
	return fn.ModuleEntry{}, false
}

// ModuleFile implements fn.ModuleFiles.
func (s *Scope) ModuleFile(path string) (fn.ModuleEntry, bool) { return s.c.prog.moduleFile(path) }

// FindFilePath implements fn.FileFinder: a module file's path.
func (s *Scope) FindFilePath(name string) (string, bool) {
	if strings.HasPrefix(name, "/") {
		_, err := os.Stat(name)
		return name, err == nil
	}
	mod, rest, ok := splitModulePath(name)
	if !ok {
		return "", false
	}
	m := s.c.prog.module(mod)
	if m == nil || m.files == nil {
		return "", false
	}
	if _, err := fs.Stat(m.files, rest); err != nil {
		return "", false
	}
	return path.Join(m.dir, "files", rest), true
}

// FindTemplatePath implements fn.FileFinder: a compiled-in template's path.
func (s *Scope) FindTemplatePath(name string) (string, bool) {
	p := s.c.prog
	if _, ok := p.epp[name]; !ok {
		if _, ok := p.erb[name]; !ok {
			return "", false
		}
	}
	mod, rest, _ := splitModulePath(name)
	if m := p.module(mod); m != nil {
		return path.Join(m.dir, "templates", rest), true
	}
	return "", false
}

// ModuleDirectory implements fn.FileFinder.
func (s *Scope) ModuleDirectory(name string) (string, bool) {
	m := s.c.prog.module(name)
	if m == nil {
		return "", false
	}
	return m.dir, true
}

// ---- the catalog ----

// catalogResource is a resource as functions see it.
type catalogResource struct{ r *Resource }

func (x catalogResource) Type() string  { return x.r.Type }
func (x catalogResource) Title() string { return x.r.Title }
func (x catalogResource) Param(name string) (values.Value, bool) {
	v := x.r.Get(name)
	return v, v != nil
}

// FindResource implements fn.Catalog.
func (s *Scope) FindResource(typeName, title string) (fn.Resource, bool) {
	r := s.c.findResourceByName(typeName, title)
	if r == nil {
		return nil, false
	}
	return catalogResource{r}, true
}

// ToHash implements fn.Resource: the title's fields, then the parameters
// whose value is not undef.
func (x catalogResource) ToHash() *values.Hash {
	fields := x.r.titleFields()
	b := values.NewHashBuilder(len(fields) + len(x.r.Params))
	for _, f := range fields {
		b.Put(values.String(f.Name), values.String(f.Value))
	}
	x.eachParam(func(name string, v values.Value) {
		if !values.IsUndef(v) {
			b.Put(values.String(name), v)
		}
	})
	return b.Build()
}

// Parameters implements erb.ParameterLister: every parameter set, undef
// too (a class's parameter whose default is undef).
func (x catalogResource) Parameters() *values.Hash {
	b := values.NewHashBuilder(len(x.r.Params))
	x.eachParam(func(name string, v values.Value) { b.Put(values.String(name), v) })
	return b.Build()
}

// eachParam calls f with each parameter set and its value as functions
// see it: the relationship metaparameters' arrays flattened, without
// undef.
func (x catalogResource) eachParam(f func(name string, v values.Value)) {
	for _, p := range x.r.Params {
		v := p.Value
		if a, ok := v.(*values.Array); ok && isRelationshipParam(p.Name) && !flatDefined(a) {
			var defined []values.Value
			for _, e := range flattenInto(nil, a) {
				if !values.IsUndef(e) {
					defined = append(defined, e)
				}
			}
			v = values.NewArray(defined...)
		}
		f(p.Name, v)
	}
}

// Resources implements fn.Catalog.
func (s *Scope) Resources() []fn.Resource {
	out := make([]fn.Resource, len(s.c.catalog.resources))
	for i, r := range s.c.catalog.resources {
		out[i] = catalogResource{r}
	}
	return out
}

// Classes implements fn.Catalog.
func (s *Scope) Classes() []string { return slices.Clone(s.c.catalog.Classes) }

// ResourceTypeKind implements fn.Catalog.
func (s *Scope) ResourceTypeKind(name string) string {
	p := s.c.prog
	switch {
	case p.findNative(name) != nil:
		return "type"
	case p.findDefine(name) != nil:
		return "define"
	case name != "" && p.findClass(name) != nil:
		return "class"
	}
	return ""
}

// CurrentResource implements fn.Catalog.
func (s *Scope) CurrentResource() fn.Resource {
	if s.resource == nil {
		return nil
	}
	return catalogResource{s.resource}
}

// ScopeSource implements fn.Catalog.
func (s *Scope) ScopeSource() (string, bool) {
	switch d := s.source.(type) {
	case *Class:
		if d.Name == "" {
			return "main", true
		}
		return d.Name, true
	case *Define:
		return d.Name, false
	case *NodeDef:
		return d.name(), true
	}
	return "main", true
}

// HasResourceDefault implements fn.DefaultsFinder.
func (s *Scope) HasResourceDefault(typeName, attr string) bool {
	for _, p := range s.lookupDefaults(capitalized.get(typeName)) {
		if p.Name == attr {
			return true
		}
	}
	return false
}

// ResourceDefaults implements fn.DefaultsLister.
func (s *Scope) ResourceDefaults(typeName string) ([]string, []values.Value) {
	ps := s.lookupDefaults(typeName)
	attrs, vals := make([]string, len(ps)), make([]values.Value, len(ps))
	for i, p := range ps {
		attrs[i], vals[i] = p.Name, p.Value
	}
	return attrs, vals
}

// SubFS is the subtree of a generated package's embedded files.
func SubFS(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}

// CommandsAllowed implements fn.Commander: module Ruby runs commands
// where generate() does.
func (s *Scope) CommandsAllowed() bool { return s.c.prog.AllowGenerate }

// Generate implements fn.Generator: generate() runs the command, without
// a shell, in the command's directory, its output and errors combined, as
// Puppet's Execution.execute runs it; only when the program allows it.
func (s *Scope) Generate(argv []string) (string, bool, error) {
	if !s.c.prog.AllowGenerate {
		return "", false, nil
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = filepath.Dir(argv[0])
	out, err := cmd.CombinedOutput()
	if err != nil {
		status := -1
		if ee, ok := err.(*exec.ExitError); ok {
			status = ee.ExitCode()
		} else {
			return "", true, err
		}
		return "", true, fmt.Errorf("Execution of '%s' returned %d: %s", strings.Join(argv, " "), status, strings.TrimSpace(string(out)))
	}
	return string(out), true, nil
}
