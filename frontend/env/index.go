package env

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/rubyscan"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/rt/restype"
)

// DefKind is the kind of a Puppet definition.
type DefKind int

const (
	Class DefKind = iota + 1
	Define
	Node
	Function
	TypeAlias
	Plan
	TypeMapping
	TypeDefinition
)

var defKindNames = [...]string{"", "class", "defined type", "node", "function", "type alias", "plan", "type mapping", "type definition"}

func (k DefKind) String() string { return defKindNames[k] }

// Def is a definition found in a parsed file.
type Def struct {
	Kind   DefKind
	Name   string // lower case, without a leading "::"; "" for nodes and type mappings
	File   *File
	Node   ast.Definition
	Module *Module // nil for the main manifest's and the environment's files
}

// Position returns where the definition is.
func (d *Def) Position() source.Position {
	return d.File.Program.Position(d.Node)
}

// Index holds the definitions of the parsed files. The maps hold, for each
// name, the definition Puppet finds by that name (FindClass and friends);
// Lookup lists every definition of a name, found or not, duplicates
// included.
type Index struct {
	Classes     map[string]*Def
	Defines     map[string]*Def
	Functions   map[string]*Def // Puppet-language functions
	TypeAliases map[string]*Def // type aliases and type definitions, by lower-case name
	Nodes       []*Def          // node definitions, in the main manifest's order
	// SideClasses and SideDefines are the definitions of a module's
	// manifest that Puppet's autoloader does not load for their names
	// (puppet-varnish 4's acl.pp defines varnish::acl and
	// varnish::acl_member): Puppet knows one once a lookup of another
	// name has loaded its file, in that compilation. A name with another
	// definition found by name, or with side definitions in two files,
	// has none.
	SideClasses map[string]*Def
	SideDefines map[string]*Def

	byName [TypeDefinition + 1]map[string][]*Def
}

func newIndex() *Index {
	ix := &Index{Classes: map[string]*Def{}, Defines: map[string]*Def{}, SideClasses: map[string]*Def{}, SideDefines: map[string]*Def{}, Functions: map[string]*Def{}, TypeAliases: map[string]*Def{}}
	for i := range ix.byName {
		ix.byName[i] = map[string][]*Def{}
	}
	return ix
}

// Lookup returns every definition of that kind and name, anywhere.
func (ix *Index) Lookup(kind DefKind, name string) []*Def {
	return ix.byName[kind][normName(name)]
}

// Names returns the sorted names of the definitions of a kind.
func (ix *Index) Names(kind DefKind) []string {
	out := make([]string, 0, len(ix.byName[kind]))
	for n := range ix.byName[kind] {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// All returns every definition of a kind, sorted by name then file.
func (ix *Index) All(kind DefKind) []*Def {
	var out []*Def
	for _, n := range ix.Names(kind) {
		out = append(out, ix.byName[kind][n]...)
	}
	return out
}

func normName(name string) string {
	return strings.ToLower(strings.TrimPrefix(name, "::"))
}

func (e *Env) buildIndex() {
	for _, f := range e.Files {
		if f.Program != nil && f.Role != MainManifest {
			e.indexFile(f)
		}
	}
	for _, f := range e.Manifests { // in evaluation order, for nodes
		if f.Program != nil {
			e.indexFile(f)
		}
	}
	owners := append([]*Module(nil), e.Modules...)
	if e.Root != nil {
		owners = append(owners, e.Root)
	}
	for _, m := range owners {
		for _, f := range m.Functions {
			e.checkSingleDefinition(f, m, "functions", "function")
		}
		for _, f := range m.TypeAliases {
			e.checkSingleDefinition(f, m, "types", "type")
		}
	}
	ix := e.Index
	for name := range ix.byName[Class] {
		if d := e.FindClass(name); d != nil {
			ix.Classes[name] = d
		}
	}
	for name := range ix.byName[Define] {
		if d := e.FindDefine(name); d != nil {
			ix.Defines[name] = d
		}
	}
	e.sideDefinitions(Class, ix.Classes, ix.SideClasses)
	e.sideDefinitions(Define, ix.Defines, ix.SideDefines)
	for name := range ix.byName[Function] {
		if r := e.FindFunction(name, nil); r != nil && r.Def != nil && r.LoadedWith == nil {
			ix.Functions[name] = r.Def
		}
	}
	for _, kind := range []DefKind{TypeAlias, TypeDefinition} {
		for name := range ix.byName[kind] {
			if d := e.FindTypeAlias(name); d != nil {
				ix.TypeAliases[name] = d
			}
		}
	}
}

// sideDefinitions sets side to the definitions of kind in modules'
// manifests whose names found (the definitions found by name) lacks: those
// of one file each (see Index.SideClasses).
func (e *Env) sideDefinitions(kind DefKind, found, side map[string]*Def) {
	for name, defs := range e.Index.byName[kind] {
		if found[name] != nil {
			continue
		}
		var file *File
		for _, d := range defs {
			switch {
			case d.Module == nil || d.File.Role == MainManifest || d.File.Failed():
			case file == nil:
				file, side[name] = d.File, d
			case d.File != file:
				delete(side, name) // which one Puppet knows depends on the order the files load
			}
		}
	}
}

func (e *Env) indexFile(f *File) {
	defs := append([]ast.Definition(nil), f.Program.Definitions...)
	sort.SliceStable(defs, func(i, j int) bool { return defs[i].Span().Offset < defs[j].Span().Offset })
	for _, d := range defs {
		def := &Def{Node: d, File: f, Module: f.Module}
		switch n := d.(type) {
		case *ast.HostClassDefinition:
			def.Kind, def.Name = Class, n.Name
		case *ast.ResourceTypeDefinition:
			def.Kind, def.Name = Define, n.Name
		case *ast.NodeDefinition:
			def.Kind = Node
			e.Index.Nodes = append(e.Index.Nodes, def)
			continue
		case *ast.FunctionDefinition:
			def.Kind, def.Name = Function, n.Name
		case *ast.TypeAlias:
			def.Kind, def.Name = TypeAlias, n.Name
		case *ast.PlanDefinition:
			def.Kind, def.Name = Plan, n.Name
		case *ast.TypeMapping:
			def.Kind = TypeMapping
		case *ast.TypeDefinition:
			def.Kind, def.Name = TypeDefinition, n.Name
		default:
			continue
		}
		def.Name = normName(def.Name)
		e.Index.byName[def.Kind][def.Name] = append(e.Index.byName[def.Kind][def.Name], def)
	}
}

// autoloadName is the name a file under dir (functions/ or types/) is
// loaded for: a module's files get the module's namespace, the
// environment directory's files their path only.
func (e *Env) autoloadName(m *Module, dir, path string) string {
	rel, _ := filepath.Rel(filepath.Join(m.Dir, dir), strings.TrimSuffix(path, ".pp"))
	name := strings.ReplaceAll(filepath.ToSlash(rel), "/", "::")
	if m != e.Root {
		name = m.Name + "::" + name
	}
	return strings.ToLower(name)
}

// checkSingleDefinition applies the checks of Puppet's function and type
// instantiators to an autoloaded file, which Puppet makes when the name is
// first used: the file must contain exactly the definition its path names.
func (e *Env) checkSingleDefinition(f *File, m *Module, dir, what string) {
	if f.Failed() {
		return // Puppet stops at the parse or validation error
	}
	name := e.autoloadName(m, dir, f.Path)
	sev := diag.Error
	report := func(format string, args ...any) {
		d := &diag.Diagnostic{Severity: sev, Code: "BAD_AUTOLOAD_FILE", Message: fmt.Sprintf(format, args...)}
		d.At(f.Program.File, 0)
		f.Diags = append(f.Diags, d)
		e.Diags = append(e.Diags, d)
	}
	defs := f.Program.Definitions
	switch len(defs) {
	case 0:
		// An empty (comment-only) file is a defect only for whoever uses
		// the name, which then fails with this message.
		sev = diag.Warning
		report("The code loaded from %s does not define the %s '%s' - it is empty.", f.Path, what, name)
		return
	case 1:
	default:
		report("The code loaded from %s must contain only the %s '%s' - it has additional definitions.", f.Path, what, name)
		return
	}
	var actual string
	switch d := defs[0].(type) {
	case *ast.FunctionDefinition:
		if what == "function" {
			actual = d.Name
		}
	case *ast.TypeAlias:
		if what == "type" {
			actual = d.Name
		}
	case *ast.TypeDefinition:
		if what == "type" {
			actual = d.Name
		}
	}
	switch {
	case actual == "" && what == "function":
		report("The code loaded from %s does not define the function '%s' - no function found.", f.Path, name)
	case actual == "":
		report("The code loaded from %s does not define the type '%s' - no type alias or type definition found.", f.Path, name)
	case what == "function" && actual != name:
		report("The code loaded from %s produced function with the wrong name, expected %s, actual %s", f.Path, name, actual)
	case what == "type" && strings.ToLower(actual) != name:
		report("The code loaded from %s produced type with the wrong name, expected '%s', actual '%s'", f.Path, name, actual)
	case f.Program.Body != ast.Expr(defs[0]) && what == "function":
		report("The code loaded from %s contains additional logic - can only contain the function %s", f.Path, name)
	case f.Program.Body != ast.Expr(defs[0]):
		report("The code loaded from %s contains additional logic - can only contain the type '%s'", f.Path, name)
	}
}

// ---- classes and defined types ----

// FindClass returns the class Puppet finds by that name: one of the main
// manifest, or one in a file that Puppet's autoloader loads for the name
// (TypeLoader#try_load_fqname). nil when Puppet cannot find it by name.
func (e *Env) FindClass(name string) *Def {
	return e.findType(Class, name)
}

// FindDefine is FindClass for defined types.
func (e *Env) FindDefine(name string) *Def {
	return e.findType(Define, name)
}

func (e *Env) findType(kind DefKind, name string) *Def {
	name = normName(name)
	defs := e.Index.byName[kind][name]
	for _, d := range defs {
		if d.File.Role == MainManifest {
			return d
		}
	}
	for _, path := range e.AutoloadFiles(name) {
		for _, d := range defs {
			if d.File.Path == path && !d.File.Failed() {
				return d
			}
		}
	}
	return nil
}

// AutoloadFiles are the files Puppet's autoloader parses, in order, when
// it looks for the class or defined type name: for a::b::c it tries
// a/manifests/b/c.pp, then a/manifests/b.pp, then a/manifests/init.pp,
// always loading init.pp first. Only existing files are listed.
func (e *Env) AutoloadFiles(name string) []string {
	parts := strings.Split(normName(name), "::")
	m := e.modules[parts[0]]
	if m == nil {
		return nil
	}
	init := filepath.Join(m.Dir, "manifests", "init.pp")
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] && e.files[p] != nil {
			seen[p] = true
			out = append(out, p)
		}
	}
	for k := len(parts); k >= 1; k-- {
		add(init)
		if k > 1 {
			add(filepath.Join(m.Dir, "manifests", filepath.Join(parts[1:k]...)+".pp"))
		}
	}
	return out
}

// ---- functions ----

// FunctionKind is how a function is implemented.
type FunctionKind uint8

const (
	PuppetFunction FunctionKind = iota + 1 // written in Puppet (function ... { })
	Ruby4Function                          // lib/puppet/functions (4.x API)
	Ruby3Function                          // lib/puppet/parser/functions (3.x API)
)

// FunctionRef is a function found by name.
type FunctionRef struct {
	Name   string
	Kind   FunctionKind
	Def    *Def          // a Puppet function's definition
	Ruby   *RubyFunction // a Ruby function's file
	Module *Module       // the module that provides it; nil for the environment
	// LoadedWith is set for a function that a module manifest defines:
	// Puppet knows it only once that manifest has been loaded (by the
	// autoloading of a class or defined type of the same file).
	LoadedWith *File
}

// FindFunction finds a function that is not one of Puppet's own (those
// take precedence and are not part of an environment), as Puppet's loaders
// find it for code in module from (nil for the environment's code):
// functions of the main manifest and the environment directory, then the
// calling module's own, then the other modules': for a qualified name the
// module that its first segment names, for a top-level name every module,
// dependencies (metadata.json) first.
//
// Puppet 7.23 lets every module see every other module: its dependency
// loader lists the declared dependencies first and then all other modules,
// so the metadata dependencies decide only the order of the search.
func (e *Env) FindFunction(name string, from *Module) *FunctionRef {
	name = normName(name)
	parts := strings.Split(name, "::")
	for _, d := range e.Index.byName[Function][name] {
		if d.File.Role == MainManifest {
			return &FunctionRef{Name: name, Kind: PuppetFunction, Def: d}
		}
	}
	if e.Root != nil && (len(parts) == 1 || parts[0] == "environment") {
		if r := e.findModuleFunction(e.Root, name, true); r != nil {
			r.Module = nil
			return r
		}
	}
	if len(parts) > 1 {
		m := e.modules[parts[0]]
		if m == nil {
			return nil
		}
		return e.findModuleFunction(m, name, false)
	}
	if from != nil {
		if r := e.findModuleFunction(from, name, false); r != nil {
			return r
		}
	}
	for _, m := range e.SearchOrder(from) {
		if r := e.findModuleFunction(m, name, false); r != nil {
			return r
		}
	}
	return nil
}

// SearchOrder is the order in which code of module from searches the
// modules for a top-level name: its metadata dependencies first, then all
// modules (Loaders::ModuleResolver). For the environment's code (nil) and
// modules without metadata it is the modules' order.
func (e *Env) SearchOrder(from *Module) []*Module {
	if from == nil || from.Metadata == nil {
		return e.Modules
	}
	var out []*Module
	seen := map[*Module]bool{}
	for _, d := range from.Metadata.Dependencies {
		if m := e.modules[d.ModuleName()]; m != nil && !seen[m] {
			seen[m] = true
			out = append(out, m)
		}
	}
	for _, m := range e.Modules {
		if !seen[m] {
			out = append(out, m)
		}
	}
	return out
}

// findModuleFunction is a module loader's find for a function: the 4.x
// Ruby file, then the Puppet file (namespaced names only, except in the
// environment), then the 3.x Ruby file (top-level names only); then
// functions that the module's manifests define.
func (e *Env) findModuleFunction(m *Module, name string, global bool) *FunctionRef {
	parts := strings.Split(name, "::")
	if len(parts) > 1 && !global && parts[0] != m.Name {
		return nil
	}
	for _, rf := range m.RubyFunctions {
		if rf.API == 4 && rf.Name == name {
			return &FunctionRef{Name: name, Kind: Ruby4Function, Ruby: rf, Module: m}
		}
	}
	var pp string
	switch {
	case global:
		pp = filepath.Join(append([]string{m.Dir, "functions"}, parts...)...) + ".pp"
	case len(parts) > 1:
		pp = filepath.Join(append([]string{m.Dir, "functions"}, parts[1:]...)...) + ".pp"
	}
	if f := e.files[pp]; pp != "" && f != nil && f.Program != nil {
		for _, d := range e.Index.byName[Function][name] {
			if d.File == f {
				return &FunctionRef{Name: name, Kind: PuppetFunction, Def: d, Module: m}
			}
		}
	}
	if len(parts) == 1 {
		for _, rf := range m.RubyFunctions {
			if rf.API == 3 && rf.Name == name {
				return &FunctionRef{Name: name, Kind: Ruby3Function, Ruby: rf, Module: m}
			}
		}
	}
	// a function defined in one of the module's manifests, known once
	// that manifest has been loaded
	for _, d := range e.Index.byName[Function][name] {
		if d.File.Module == m && d.File.Role == ModuleManifest {
			return &FunctionRef{Name: name, Kind: PuppetFunction, Def: d, Module: m, LoadedWith: d.File}
		}
	}
	return nil
}

// Signatures returns the function's dispatch signatures when they are
// known: a Puppet function's parameters, or a Ruby function's scanned
// dispatches (unless it rewrites its arguments in its own call method).
// nil means unknown (any arguments).
func (r *FunctionRef) Signatures() []rubyscan.Signature {
	switch r.Kind {
	case PuppetFunction:
		fd, ok := r.Def.Node.(*ast.FunctionDefinition)
		if !ok {
			return nil
		}
		return []rubyscan.Signature{ParamsSignature(fd.Params)}
	default:
		if r.Ruby != nil && r.Ruby.Scan != nil && !r.Ruby.Scan.CustomCall {
			return r.Ruby.Scan.Signatures
		}
	}
	return nil
}

// ParamsSignature is the signature of a Puppet function or lambda.
func ParamsSignature(params []*ast.Parameter) rubyscan.Signature {
	var sig rubyscan.Signature
	for _, p := range params {
		kind := rubyscan.Required
		switch {
		case p.CapturesRest:
			kind = rubyscan.Repeated
		case p.Value != nil:
			kind = rubyscan.Optional
		}
		sig.Params = append(sig.Params, rubyscan.Param{Name: p.Name, Type: "Any", Kind: kind})
	}
	return sig
}

// FunctionFile is the Puppet-language file Puppet's loaders read for a
// namespaced function name (module/functions/x.pp or the environment's
// functions/environment/x.pp); "" when the name's first segment names no
// module. The file need not exist.
func (e *Env) FunctionFile(name string) string {
	parts := strings.Split(normName(name), "::")
	switch {
	case len(parts) < 2:
		if e.Root != nil {
			return filepath.Join(e.Dir, "functions", parts[0]+".pp")
		}
	case parts[0] == "environment" && e.Root != nil:
		return filepath.Join(append([]string{e.Dir, "functions"}, parts...)...) + ".pp"
	case e.modules[parts[0]] != nil:
		return filepath.Join(append([]string{e.modules[parts[0]].Dir, "functions"}, parts[1:]...)...) + ".pp"
	}
	return ""
}

// TypeAliasFile is the file Puppet's loaders read for a type alias name
// (module/types/x.pp, or the environment's types/); "" when there is
// none to read. The file need not exist.
func (e *Env) TypeAliasFile(name string) string {
	parts := strings.Split(normName(name), "::")
	switch {
	case e.Root != nil && (len(parts) == 1 || parts[0] == "environment"):
		return filepath.Join(append([]string{e.Dir, "types"}, parts...)...) + ".pp"
	case len(parts) > 1 && e.modules[parts[0]] != nil:
		return filepath.Join(append([]string{e.modules[parts[0]].Dir, "types"}, parts[1:]...)...) + ".pp"
	}
	return ""
}

// ---- type aliases ----

// FindTypeAlias finds a type alias (or type definition) by name as
// Puppet's loaders do: aliases of the main manifest; for a top-level or
// environment:: name the environment's types/; for a qualified name the
// types/ of the module its first segment names, then the module manifests
// that Puppet's autoloader loads for the name (the resource type lookup
// that precedes type aliases loads them, instantiating their aliases).
func (e *Env) FindTypeAlias(name string) *Def {
	name = normName(name)
	defs := append(append([]*Def(nil), e.Index.byName[TypeAlias][name]...), e.Index.byName[TypeDefinition][name]...)
	for _, d := range defs {
		if d.File.Role == MainManifest {
			return d
		}
	}
	file := e.TypeAliasFile(name)
	for _, d := range defs {
		if file != "" && d.File.Path == file && !d.File.Failed() {
			return d
		}
	}
	for _, path := range e.AutoloadFiles(name) {
		for _, d := range defs {
			if d.File.Path == path && !d.File.Failed() {
				return d
			}
		}
	}
	return nil
}

// ---- resource types ----

// FindResourceType finds what a resource type name means, as Puppet's
// compiler resolves it: a native type (from .resource_types, Puppet's core
// or a module's lib/puppet/type; top-level names only), else a defined
// type. Both nil when the name is unknown.
func (e *Env) FindResourceType(name string) (*ResourceType, *Def) {
	name = normName(name)
	if !strings.Contains(name, "::") {
		if t := e.pcoreTypes[name]; t != nil {
			return t, nil
		}
		if t := e.resourceTypes[name]; t != nil {
			return t, nil
		}
	}
	return nil, e.FindDefine(name)
}

// resolveResourceTypes builds the native types: Puppet's core types, then
// each module's, the first of a name winning; a type gets the implicit
// provider parameter when some module provides a provider for it.
func (e *Env) resolveResourceTypes() {
	providers := map[string]bool{}
	for _, m := range e.Modules {
		for t := range m.providers {
			providers[t] = true
		}
	}
	for _, t := range restype.CoreTypes() {
		rt := &ResourceType{Type: t}
		if _, has := t.Attr("provider"); providers[t.Name] && !has {
			cp := *t
			cp.Attrs = append([]restype.Attr(nil), t.Attrs...)
			rubyscan.AddProvider(&cp)
			rt.Type = &cp
		}
		e.resourceTypes[t.Name] = rt
		e.Types[t.Name] = rt.Type
	}
	for _, m := range e.Modules {
		for _, rt := range m.ResourceTypes {
			if rt.Type == nil {
				continue
			}
			if providers[rt.Name] {
				rubyscan.AddProvider(rt.Type)
			}
			if _, seen := e.resourceTypes[rt.Name]; !seen {
				e.resourceTypes[rt.Name] = rt
				e.Types[rt.Name] = rt.Type
			}
		}
	}
	// Puppet's vendored modules come last: their lib directories end
	// Ruby's load path, which its autoloader searches after the modules'.
	for _, t := range e.vendored {
		if _, seen := e.resourceTypes[t.Name]; !seen {
			e.resourceTypes[t.Name] = &ResourceType{Type: t, Path: t.Source, Vendored: true}
			e.Types[t.Name] = t
		}
	}
	for _, f := range e.Files {
		if f.Role != PcoreTypeFile || f.Program == nil {
			continue
		}
		t, err := pcoreType(f.Program)
		if err != nil {
			d := &diag.Diagnostic{Severity: diag.Warning, Code: "BAD_RESOURCE_TYPES_FILE", Message: err.Error()}
			e.Diags = append(e.Diags, d.At(f.Program.File, 0))
			continue
		}
		t.Source = f.Path
		e.pcoreTypes[t.Name] = &ResourceType{Type: t, Path: f.Path, Pcore: true}
		e.Types[t.Name] = t
	}
}
