package rt

import (
	"io/fs"

	"github.com/pp2go/pp2go/rt/rubyfn"
	"github.com/pp2go/pp2go/rt/values"
)

// Module is what a generated package (a module of the module path, or the
// environment) gives the program, as data: Go's static initialization lays
// it out, so that no code of the package runs when the process starts (a
// package's code, run at start, costs a page fault and 64 KiB of the
// binary's text in memory each, for every module of the environment,
// though a node uses a few). AddModules registers it: what each field
// holds in the order of the fields, as the calls named there would, then
// Register for what is too rare to be data.
//
// A generated package exports its Module as a handle, an any that holds
// the *Module (moduleOf), and nothing else: a package that exports a
// value of one of rt's types writes rt's API into its export data (~360
// KB), which each package that imports it reads as it compiles, and the
// module path's package imports every module's.
type Module struct {
	// Classes and Defines are the package's classes and defined types
	// and those of its parts, which a DefinitionIndex names by their
	// place here.
	Classes []*Class
	Defines []*Define
	// SideClasses and SideDefines are those of the module's manifests
	// that Puppet's autoloader does not load for their names: a compile
	// finds one once it has loaded its file (walk.side).
	SideClasses []*Class
	SideDefines []*Define
	// Templates are the package's ERB templates (AddTemplates).
	Templates *Templates
	// Functions are the functions written in Puppet (AddFunction), of
	// module Name.
	Functions []FunctionDef
	// Aliases are the type aliases (AddTypeAlias).
	Aliases []TypeAliasDef
	// EPP are the EPP templates (AddEPP).
	EPP []EPPDef
	// Name and Dir are the module's name and directory (AddModule), Dir
	// "" for the environment, which is no module, and NameValue the name
	// as a Puppet value, v.String(Name), which Go lays out (made from
	// Name, it would be an allocation of each module's). The module's
	// files/ are Files's directory FilesDir, nil when it has none.
	Name, Dir string
	NameValue values.Value
	Files     fs.FS
	FilesDir  string
	// Metadata is the module's metadata.json (AddModuleMetadata), when
	// HasMetadata.
	Metadata    string
	HasMetadata bool
	// Trees are the module's directories the file server serves
	// (AddModuleTree).
	Trees []TreeDef
	// Ruby are the module's functions written in Ruby, translated to Go,
	// registered with rt/fn in this order, their types resolved in the
	// program.
	Ruby []rubyfn.Func
	// Register registers the rest (load errors, strict issues, nodes and
	// main manifests...); nil for most modules.
	Register func(p *Program)
}

// FunctionDef is a function written in Puppet (AddFunction).
type FunctionDef struct {
	Name string
	Sig  *Signature
	Body func(s *Scope) values.Value
}

// TypeAliasDef is a type alias by its definition's text (AddTypeAlias).
// Key is the name in lowercase, which the program's registry finds it by:
// the build lowercases it, not each process as it starts (keystone's 92
// modules have 129 aliases). Resolves says that the build found that the
// definition resolves whatever the names in it name
// (values.DefinitionResolves): it is then resolved when the alias is
// first used, not when a type that names it is parsed
// (values.AliasRegistry.DefineDeferred).
type TypeAliasDef struct {
	Name, Key, Definition string
	Resolves              bool
}

// EPPDef is an EPP template by the name epp() finds it by (AddEPP), or
// when Inline, a template inline_epp() of a text known only at run time
// finds by its text, Name (AddInlineEPP).
type EPPDef struct {
	Name   string
	EPP    *EPP
	Inline bool
}

// TreeDef is a module directory the file server serves (AddModuleTree).
type TreeDef struct {
	Dir  string
	Tree *ModuleTree
}

// moduleOf is the *Module a generated package's handle holds.
func moduleOf(h *any) *Module { return (*h).(*Module) }

// AddModules registers the generated packages' modules, in order: each
// the address of a package's handle (moduleOf).
func (p *Program) AddModules(hs []*any) {
	ms := make([]*Module, len(hs))
	for i, h := range hs {
		ms[i] = moduleOf(h)
	}
	p.reserveModules(ms)
	var r values.TypeResolver
	for _, m := range ms {
		if m.Templates != nil {
			p.AddTemplates(m.Templates)
		}
		for _, f := range m.Functions {
			p.AddFunction(f.Name, m.Name, f.Sig, f.Body)
		}
		p.addSideDefinitions(m.SideClasses, m.SideDefines)
		for _, a := range m.Aliases {
			p.aliases.DefineKeyed(a.Key, a.Name, a.Definition, a.Resolves)
		}
		for _, t := range m.EPP {
			if t.Inline {
				p.AddInlineEPP(t.Name, t.EPP)
				continue
			}
			p.AddEPP(t.Name, t.EPP)
		}
		if m.Dir != "" {
			var files fs.FS
			if m.Files != nil {
				files = SubFS(m.Files, m.FilesDir)
			}
			name := m.NameValue
			if name == nil {
				name = values.String(m.Name)
			}
			p.addModule(m.Name, name, m.Dir, files)
			if m.HasMetadata {
				p.AddModuleMetadata(m.Name, m.Metadata)
			}
			for _, t := range m.Trees {
				p.AddModuleTree(m.Name, t.Dir, t.Tree)
			}
		}
		if len(m.Ruby) > 0 && r == nil {
			r = p.TypeResolver()
		}
		if len(m.Ruby) > 0 {
			rubyfn.RegisterAll(m.Ruby, m.Name, r)
		}
		if m.Register != nil {
			m.Register(p)
		}
	}
}

// reserveModules makes the program's tables of templates, type aliases
// and modules room for the modules' entries at once: a program adds its
// modules as it starts, and a table grown entry by entry is rehashed at
// each doubling (keystone's 92 modules add 774 entries).
func (p *Program) reserveModules(ms []*Module) {
	var nERB, nEPP, nAliases, nModules int
	for _, m := range ms {
		if m.Templates != nil {
			nERB += len(m.Templates.ERB)
		}
		nEPP += len(m.EPP)
		nAliases += len(m.Aliases)
		if m.Dir != "" {
			nModules++
		}
	}
	p.erb = reserve(p.erb, nERB)
	p.epp = reserve(p.epp, nEPP)
	p.modules = reserve(p.modules, nModules)
	p.aliases.Reserve(nAliases)
}

// reserve is m made with room for n entries when it is empty: a later
// call (the environment's own package, after the module path's) adds few
// entries to a table already made, which copying would cost more.
func reserve[V any](m map[string]V, n int) map[string]V {
	if n == 0 || len(m) > 0 {
		return m
	}
	return make(map[string]V, n)
}
