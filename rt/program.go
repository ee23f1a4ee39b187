package rt

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unsafe"

	"github.com/pp2go/pp2go/rt/cell"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// Program is a compiled environment: everything its generated packages
// register. It is immutable once built and shared by all compilations.
type Program struct {
	Environment string // the environment's name, "production"
	Version     string // the code version the catalogs carry
	// ServerFacts are $server_facts (besides "environment", which is
	// added): what the compiling server says of itself. nil: this host's
	// (see HostServerFacts).
	ServerFacts *values.Hash
	// Hiera is the environment's Hiera configuration and data.
	Hiera *hiera.Data
	// AllowGenerate lets generate() run commands on the compiling machine
	// (the binary's --allow-generate); without it generate() fails.
	AllowGenerate bool
	// DropDebug: debug messages are not wanted (the binary prints them
	// only with --debug): compiles leave them out of their logs, and
	// translated Ruby builds no message it would log at debug level.
	DropDebug bool
	// Exported, when set, is storeconfigs: the exported resources of other
	// nodes that a <<| |>> collector finds (PuppetDB's resources terminus,
	// rt/puppetdb); nil, exports and exported collectors are ignored with
	// Puppet's warnings, as without storeconfigs.
	Exported ExportedSource
	// PuppetDBQuery, when set, is PuppetDB's terminus's query as Puppet's
	// release puppet runs it (rt/puppetdb Client.PQL): the function puppetdb_query exists and runs its query
	// through it; nil, the terminus is not installed and puppetdb_query is
	// an unknown function, as in Puppet without it (neither Debian 12's
	// nor Debian 13's puppet-agent ships it).
	PuppetDBQuery func(query values.Value, puppet int) (values.Value, error)

	classes   map[string]*Class  // added one by one (AddClass)
	defines   map[string]*Define // added one by one (AddDefine)
	indexes   []*DefinitionIndex // the generated program's (SetDefinitions)
	nodes     []*NodeDef
	modules   map[string]*module // module directories and files, by name
	functions []puppetFunc       // Puppet-language functions, registered by Finish
	broken    map[string]string  // names whose manifest does not parse: the parse error
	// brokenRaises are, by name and release, the Ruby errors of Puppet's
	// lexer among them (AddBrokenRaise)
	brokenRaises map[string]map[int]string
	epp          map[string]*EPP // EPP templates by name ("module/path")
	inlineEPP    map[string]*EPP // inline EPP templates by their text (AddInlineEPP)
	// inlineERB are the literal ERB texts of the code and the Hiera data,
	// and their `<%= code %>` tags, by their text (ERB.Inline)
	inlineERB map[string]*ERB
	erb       map[string]*ERB // ERB templates by name
	natives   map[string]NativeType
	// failingTypes: some module type of natives may not autoload
	// (restype.Type.LoadError, Requires), which type names check
	failingTypes bool
	aliases      *values.AliasRegistry
	typeMu       sync.Mutex // serializes type parsing (alias resolution caches)
	// parsedTypes are the types parsed from their texts (parseType), with typeMu
	parsedTypes map[string]values.Value
	main        []func(s *Scope) // main manifest code, file by file
	mainClass   *Class
	// $settings::* (settings.go): built on first use from the settings
	// table and the roots SetSetting changed
	settingsMu   sync.Mutex
	settings     *varTable
	settingRoots map[string]string
	// the release compiled as (puppet.go), the settable settings set, and
	// what the compiler reads of them
	release          *Release
	settingVals      map[string]values.Value
	buildVals        map[string]any // the build's settings (buildsettings.go)
	strict           string
	strictVariables  bool
	dataBinding      string       // data_binding_terminus: hiera, none or ""
	digestAlgorithm  string       // digest_algorithm
	disabledWarnings []string     // disable_warnings
	noRichData       bool         // rich_data false
	envRichData      values.Value // environment.conf's rich_data, nil when unset
	// max_errors, max_warnings, max_deprecations: how many of a file's
	// validation issues are reported (Issues)
	maxErrors, maxWarnings, maxDeprecations int

	envError string // the error every compilation fails with; "" for none
	// strictEnv are, by Puppet release (major version), the main
	// manifests' strict validation issues, by file: the first fails every
	// compilation under strict=error, each is warnings under
	// strict=warning
	strictEnv map[int][]*Issues
	// envRaised is, by Puppet release, the error every compilation fails
	// with as a main manifest's validation raises a Ruby error
	// (AddLoadRaise)
	envRaised map[int]string
	// raises are the Ruby errors that loading a function's or an EPP
	// template's file raises, by what and release (AddRaise)
	raises map[string]map[int]string
	// faultyMetadata are the modules whose metadata.json does not parse,
	// with the error by release, in module path order (faultyOrder)
	// (AddFaultyMetadata)
	faultyMetadata map[string]map[int]string
	faultyOrder    []string
	// mainParamTypes are the parameters of the main manifests'
	// definitions whose types are computed at run time, in load order
	mainParamTypes []*paramRef
	// envWarnings are, by Puppet release, the warnings reading and
	// validating the main manifests logs in every compile
	// (AddLexWarnings, AddLoadWarnings)
	envWarnings map[int][]fileWarnings
	// strictAliases are, by type alias, the alias files with strict
	// issues resolving it loads (AddStrictAlias)
	strictAliases map[string]*loadFailure
	// aliasRaises are, by type alias (lower case) and release, the Ruby
	// errors resolving it raises (AddAliasRaise)
	aliasRaises map[string]map[int]string
	// moduleAliases are the modules of the type aliases of modules whose
	// metadata.json does not parse, by alias (AddModuleAlias)
	moduleAliases map[string]string
	// vendored are the natives of the release's vendored modules
	// (installVendored)
	vendored map[string]NativeType

	// moduleOrder are the modules' names in module path order
	moduleOrder []string

	// loadFailures are the manifests whose loading fails, by module/path;
	// walkingModules the modules whose walks are not inert (walksLoad),
	// found once
	loadFailures   map[string]*loadFailure
	walkingOnce    sync.Once
	walkingModules map[string]bool
	// sideClasses and sideDefines are the definitions a compile finds
	// only once it loaded their files (Module.SideClasses), by name
	sideClasses map[string]*Class
	sideDefines map[string]*Define

	// the size of the last catalog compiled, for the next one's tables:
	// its resources, its table's keys (titles and aliases), its edges and
	// its resources' types; its tags, relationships, classes' scopes and
	// collectors, and the class names it looked up (findClass), and
	// the type names its resource expressions named (resourceType)
	lastResources, lastKeys, lastEdges, lastTypes atomic.Int64
	lastTags, lastRelationships, lastClasses      atomic.Int64
	lastCollections, lastClassesFound             atomic.Int64
	lastTypeNames                                 atomic.Int64
	// and what its sized slabs handed out (Ctx.sizedSlabs)
	lastSlabUse [numSizedSlabs]atomic.Int64
	// the last compile's top scope variables of its facts (setNodeVariables)
	nodeLayout atomicptr.Pointer[nodeLayout]
	// the last compile's $server_facts (nodeVariables)
	serverFactsVar atomicptr.Pointer[serverFactsVar]
	// trustedVar is $trusted of the last node compiled with no trusted
	// information of its own
	trustedVar atomicptr.Pointer[trustedVar]
	// the walks autoload makes to find classes and defined types, by the
	// name looked up, and the numbers of the keys they walk (walkOf)
	classWalks, defineWalks readmap.Map[*walk]
	walkKeys                numbering
	// resourceTypes are what resource expressions' type names resolve to,
	// by the name (Ctx.resourceType)
	resourceTypes readmap.Map[*typeFound]
	// typeCounts are how many resources of each type (Resource.Type) the
	// first catalog that had one had, for a later one's list of them
	// (Ctx.typeList)
	typeCounts readmap.Map[int]
	// buffers for the catalogs' JSON
	jsonBufs jsonBuffers
}

// NewProgram makes an empty program for the named environment.
func NewProgram(environment string) *Program {
	p := &Program{
		Environment: environment,
		classes:     map[string]*Class{},
		defines:     map[string]*Define{},
		natives:     map[string]NativeType{},
		aliases:     values.NewAliasRegistry(),
		typeCounts:  readmap.Map[int]{Limit: maxCachedNames, Room: roomCachedNames},
		classWalks:  readmap.Map[*walk]{Limit: maxCachedNames, Room: roomCachedNames},
		defineWalks: readmap.Map[*walk]{Limit: maxCachedNames, Room: roomCachedNames},

		resourceTypes: readmap.Map[*typeFound]{Limit: maxCachedNames, Room: roomCachedNames},
		// the manifests and names a keystone compile walks: under 200
		walkKeys: numbering{m: make(map[string]int32, 256)},
	}
	p.applySettings()
	p.installVendored(p.Puppet())
	p.mainClass = &Class{Name: "", Body: func(s *Scope) {
		if pre := s.c.node.Pre; pre != nil {
			runMain(pre, s)
		}
		for _, m := range p.main {
			runMain(m, s)
		}
		if top := s.c.node.Top; top != nil {
			runMain(top, s)
		}
	}}
	return p
}

// definition is what Puppet calls a resource's source: the class, defined
// type or node whose code declared it.
type definition interface {
	name() string
	module() string
	// childOf reports whether the definition is a subclass of o in p,
	// which lets it override o's resources.
	childOf(p *Program, o definition) bool
}

// Parameter is a parameter of a class or defined type.
type Parameter struct {
	Name string
	Type *TypeRef // nil means Any, unless TypeExpr is set
	// TypeExpr is a type computed at run time (String[$n]): Puppet
	// evaluates it in the top scope as the definition's file loads
	// (pops_bridge.rb create_type_map; Program.AddParamTypeLoad).
	TypeExpr func(s *Scope) values.Value
	// Default evaluates the default value in the definition's scope; nil
	// when the parameter is required or its default is Const or DefaultVar.
	Default func(s *Scope) values.Value
	// DefaultVar is the default when it is a qualified variable
	// ($::os_service_default, $x::params::y: most defaults of OpenStack's
	// modules), read at DefaultAt; nil for the others. It is data where a
	// Default is a function of its own, thousands of which make the binary
	// larger and its start slower (the runtime checks the table of the
	// binary's functions as the program starts).
	DefaultVar *VarRef
	DefaultAt  SiteRef
	// Const is the default when it is a literal (a constant value): the
	// parameter gets it without code evaluated; nil for the others.
	Const values.Value
	// ConstFits: the build found Const an instance of Type, so binding
	// does not check it (false when the build could not tell)
	ConstFits bool
}

// compiledOnce reports whether a compile of the program succeeded (and
// recorded its figures, lastResources: a catalog has Stage[main]).
func (p *Program) compiledOnce() bool { return p.lastResources.Load() > 0 }

// ParamsOf is the addresses of ps's elements, as a definition's
// parameters: generated code makes them in one array, one allocation
// where a list of new Parameters would make one each.
func ParamsOf(ps []Parameter) []*Parameter {
	out := make([]*Parameter, len(ps))
	for i := range ps {
		out[i] = &ps[i]
	}
	return out
}

// hasDefault reports whether the parameter has a default (is optional).
func (p *Parameter) hasDefault() bool {
	return p.Default != nil || p.Const != nil || p.DefaultVar != nil
}

// Class is a Puppet class.
type Class struct {
	Name   string // lower-case and fully qualified; "" for the main class
	Parent string // the class inherited, "" for none
	// Params makes the class's parameters, nil for none; read through
	// parameters. Generated code makes them in a function, not as static
	// data: pointers in a binary's data cost each process at start (the
	// runtime decodes the data's pointer map, as large as the data), and
	// a compile uses the parameters of few of the module path's classes.
	Params func() []*Parameter
	// Locals are the variables the body assigns outside lambdas, other
	// than parameters, numbered after them (Scope.Local, Scope.SetLocal),
	// separated by spaces. One string, not a list: the binary lays out a
	// list of strings as an array whose pointer map the runtime decodes
	// with an instruction of its own at each start (runtime.runGCProg),
	// and a string is one pointer among the data's others.
	Locals string
	// Aliases are the body's variables assigned another variable as a
	// whole, "name=from" separated by spaces ($o = $m::opts: "o=m::opts"):
	// one Ruby object in Puppet, which a template may change in place
	// (Scope.updateVar).
	Aliases string
	Body    func(s *Scope)
	Module  string
	File    *File
	Line    int

	// noModule marks the settings class, which has no module name.
	noModule bool
	// Cell keeps the *madeDefinition (see made; package cell).
	Cell *Cell
}

// madeDefinition is what a process makes of a class or a defined type
// when a compile first needs it. It is on the heap, behind one pointer in
// the definition's cell, not in the Class or Define: generated code lays
// those out as static data, where at each start the runtime decodes the
// data's pointer map (a bit a word: keystone's 1,480 classes were a fifth
// of its 1.8 MB of data with these fields inline), and where each page a
// compile writes to is a page fault that copies it (package cell).
type madeDefinition struct {
	sig    paramSig
	params madeParams
	// locals is how many names the definition's Locals has
	locals int
	// moduleName is its module's name value ($module_name), kept when
	// first found (moduleValue)
	moduleName atomicptr.Pointer[values.Value]

	// A class's only:

	// hieraKeys are "class::param" for each parameter, the keys of their
	// automatic lookups (made into Hiera's keys once, not found by their
	// text at each lookup), made when a compile first looks them up
	hieraKeys atomicptr.Pointer[[]hiera.Key]
	// nameValue is Name as a value ($title and $name in the class's
	// scope), made when first needed
	nameValue atomicptr.Pointer[values.Value]
	// titleKept is title's, made when first needed
	titleKept atomicptr.Pointer[string]
	// nameTags are nameTags', found when first needed
	nameTags atomicptr.Pointer[classNameTags]
}

// madeOf is the madeDefinition kept in *p, made on the first call (a
// concurrent compile's if it made one first). A Class or Define keeps it
// in an unsafe.Pointer read with atomic.LoadPointer, not an
// atomic.Pointer, so that madeIn inlines: a compile asks for it several
// times for each class and defined resource it evaluates.
//
//go:noinline
func madeOf(p *unsafe.Pointer, locals string) *madeDefinition {
	m := &madeDefinition{locals: localCount(locals)}
	atomic.CompareAndSwapPointer(p, nil, unsafe.Pointer(m))
	return (*madeDefinition)(atomic.LoadPointer(p))
}

// madeIn is the madeDefinition kept in *p (madeOf when there is none) of
// a definition whose Locals are locals.
func madeIn(p *unsafe.Pointer, locals string) *madeDefinition {
	if m := atomic.LoadPointer(p); m != nil {
		return (*madeDefinition)(m)
	}
	return madeOf(p, locals)
}

// made is what the process made of the class.
func (c *Class) made() *madeDefinition { return madeIn(cell.Of(&c.Cell).Raw(), c.Locals) }

// title is the title of the class's resource (classTitle of its name),
// found once per process: a compile finds it for each class it evaluates
// several times.
func (c *Class) title() string {
	m := c.made()
	if t := atomicptr.Load(&m.titleKept); t != nil {
		return *t
	}
	t := classTitle(c.Name)
	atomicptr.Store(&m.titleKept, &t)
	return t
}

// classNameTags are the tags a class's resource takes from its name
// (Class.nameTags).
type classNameTags struct {
	tags []string
	// catalog: they are those adding the class to the catalog tags it
	// with (Catalog.addClass: the name in lowercase and its segments)
	catalog bool
}

// nameTags are the tags the class's resource takes from its name (or,
// for main and a name not in ASCII, its title): tagIfValid's, found once
// per process.
func (c *Class) nameTags() []string { return c.foundNameTags().tags }

// nameTagsCatalog says whether nameTags are those Catalog.addClass tags
// the catalog with for the class: a name in lowercase ASCII that is a
// valid tag. Then a catalog has them once the class's resource is
// declared (instantiate merges its tags), whether by its name or by its
// title (the name capitalized, whose tags are the same).
func (c *Class) nameTagsCatalog() bool { return c.foundNameTags().catalog }

func (c *Class) foundNameTags() *classNameTags {
	m := c.made()
	if t := atomicptr.Load(&m.nameTags); t != nil {
		return t
	}
	name := c.Name
	if name == "" || !values.IsASCII(name) {
		name = c.title()
	}
	t := &classNameTags{tags: titleTagsOf(name)}
	t.catalog = name == c.Name && len(t.tags) > 0 && t.tags[0] == name
	atomicptr.Store(&m.nameTags, t)
	return t
}

// value is the class's name as a value, made once per process.
func (c *Class) value() values.Value {
	m := c.made()
	if v := atomicptr.Load(&m.nameValue); v != nil {
		return *v
	}
	v := values.Value(values.String(c.Name))
	atomicptr.Store(&m.nameValue, &v)
	return v
}

// automaticKeys are the class's hieraKeys.
func (c *Class) automaticKeys() []hiera.Key {
	m := c.made()
	if keys := atomicptr.Load(&m.hieraKeys); keys != nil {
		return *keys
	}
	params := c.parameters()
	keys := hiera.ParameterKeys(strings.TrimPrefix(c.Name, "::"), len(params), func(i int) string { return params[i].Name })
	atomicptr.CompareAndSwap(&m.hieraKeys, nil, &keys) // a concurrent compile's are the same
	return keys
}

// parameters are the class's parameters, made once per process.
func (c *Class) parameters() []*Parameter { return c.made().params.get(c.Params) }

// Define is a defined resource type.
type Define struct {
	Name    string
	Params  func() []*Parameter // as Class.Params
	Locals  string              // as Class.Locals
	Aliases string              // as Class.Aliases
	Body    func(s *Scope)
	Module  string
	File    *File
	Line    int

	Cell *Cell // as Class.Cell
}

// made is what the process made of the defined type (madeDefinition).
func (d *Define) made() *madeDefinition { return madeIn(cell.Of(&d.Cell).Raw(), d.Locals) }

// parameters are the defined type's parameters, made once per process.
func (d *Define) parameters() []*Parameter { return d.made().params.get(d.Params) }

// madeParams keeps a definition's parameters once made: a compile finds a
// parameter's computed type by its address (Ctx.paramTypes), so each
// compile of the process must see the same ones.
type madeParams struct {
	made atomicptr.Pointer[[]*Parameter]
}

// get is the parameters that make made, made on the first call.
func (m *madeParams) get(make func() []*Parameter) []*Parameter {
	if ps := atomicptr.Load(&m.made); ps != nil {
		return *ps
	}
	var ps []*Parameter
	if make != nil {
		ps = make()
	}
	if !atomicptr.CompareAndSwap(&m.made, nil, &ps) {
		return *atomicptr.Load(&m.made) // a concurrent compile's
	}
	return ps
}

// NodeDef is a node definition.
type NodeDef struct {
	Matches []NodeMatch
	Body    func(s *Scope)
	File    *File
	Line    int
}

// NodeMatch is one host match of a node definition: a name, a regexp, or
// default.
type NodeMatch struct {
	Name    string // lower-case
	Regexp  *values.Regexp
	Default bool
}

func (c *Class) name() string   { return c.Name }
func (c *Class) module() string { return c.Module }
func (c *Class) childOf(p *Program, o definition) bool {
	for pc := c.parentClass(p); pc != nil; pc = pc.parentClass(p) {
		if definition(pc) == o {
			return true
		}
	}
	return false
}

func (c *Class) parentClass(p *Program) *Class {
	if c.Parent == "" {
		return nil
	}
	return p.findClass(c.Parent)
}

func (d *Define) name() string                      { return d.Name }
func (d *Define) module() string                    { return d.Module }
func (d *Define) childOf(*Program, definition) bool { return false }

func (n *NodeDef) name() string {
	for _, m := range n.Matches {
		switch {
		case m.Default:
			return "default"
		case m.Regexp != nil:
			return regexpNodeName(m.Regexp.Source())
		default:
			return m.Name
		}
	}
	return ""
}
func (n *NodeDef) module() string                    { return "" }
func (n *NodeDef) childOf(*Program, definition) bool { return false }

// ---- registration (from generated code) ----

// AddClass registers a class.
func (p *Program) AddClass(c *Class) { p.classes[c.Name] = c }

// AddDefine registers a defined type.
func (p *Program) AddDefine(d *Define) { p.defines[d.Name] = d }

// DefinitionIndex is a generated program's classes and defined types by
// name, sorted: a table the linker lays out, which the program searches as
// it looks a name up rather than loading it into maps as it starts (a
// one-shot compile uses few of the thousands of definitions).
type DefinitionIndex struct {
	Classes []ClassEntry
	Defines []DefineEntry
}

// ClassEntry is a class of a DefinitionIndex under its name: the At'th
// of the Classes of the Module that In holds, a generated package's
// exported handle (see Module): the index names the package's table
// rather than its classes or its parts', so that an edit of a part
// compiles that part and its module's package, not the index's package
// too. The entry has no methods (classOf): a method would bring *Class,
// and with it rt's API, into the export data of the package that holds
// the index, which that package writes and the environment package reads
// as they compile, again after every edit of a module.
type ClassEntry struct {
	Name string
	In   *any
	At   int
}

// classOf is the class e names.
func classOf(e *ClassEntry) *Class { return moduleOf(e.In).Classes[e.At] }

// DefineEntry is a defined type of a DefinitionIndex under its name, as
// ClassEntry.
type DefineEntry struct {
	Name string
	In   *any
	At   int
}

// defineOf is the defined type e names.
func defineOf(e *DefineEntry) *Define { return moduleOf(e.In).Defines[e.At] }

// SetDefinitions sets the program's indexes of classes and defined types,
// a name found in a later one before an earlier one (the main manifests'
// after the module path's: Puppet finds theirs first); those added one by
// one (AddClass, AddDefine) come before them.
func (p *Program) SetDefinitions(ix ...*DefinitionIndex) { p.indexes = ix }

// class is the class named name (lower-case, unqualified), nil if none.
func (p *Program) class(name string) *Class {
	if c := p.classes[name]; c != nil {
		return c
	}
	for i := len(p.indexes) - 1; i >= 0; i-- {
		e := p.indexes[i].Classes
		if j, ok := slices.BinarySearchFunc(e, name, func(e ClassEntry, name string) int { return strings.Compare(e.Name, name) }); ok {
			return classOf(&e[j])
		}
	}
	return nil
}

// define is the defined type named name (as class), nil if none.
func (p *Program) define(name string) *Define {
	if d := p.defines[name]; d != nil {
		return d
	}
	for i := len(p.indexes) - 1; i >= 0; i-- {
		e := p.indexes[i].Defines
		if j, ok := slices.BinarySearchFunc(e, name, func(e DefineEntry, name string) int { return strings.Compare(e.Name, name) }); ok {
			return defineOf(&e[j])
		}
	}
	return nil
}

// Templates are a generated package's ERB templates: a table its Module
// holds (AddTemplates).
type Templates struct {
	ERB []ERB
}

// AddTemplates registers a package's templates.
func (p *Program) AddTemplates(t *Templates) {
	for i := range t.ERB {
		p.AddERB(t.ERB[i].Name, &t.ERB[i])
	}
}

// AddNode registers a node definition; order matters for regexps.
func (p *Program) AddNode(n *NodeDef) { p.nodes = append(p.nodes, n) }

// AddMain adds the top level code of a main manifest file.
func (p *Program) AddMain(body func(s *Scope)) { p.main = append(p.main, body) }

// AddNative registers a native resource type.
func (p *Program) AddNative(t NativeType) { p.natives[t.Name()] = t }

// AddTypeAlias registers a type alias by its definition's source text;
// aliases resolve on first use, so they may refer to each other.
func (p *Program) AddTypeAlias(name, definition string) {
	p.aliases.Define(name, definition)
}

// Aliases is the program's type alias registry (for resolving type names).
func (p *Program) Aliases() *values.AliasRegistry { return p.aliases }

// paramSig is a definition's parameter types for validation, built on
// first use (its types resolve in the program).
type paramSig struct {
	once sync.Once
	// computed: some types are computed at run time (Parameter.TypeExpr)
	computed bool
	types    []values.ParamType
	layout   *paramLayout                          // set with types
	full     atomicptr.Pointer[[]values.ParamType] // withMetaparams(types), made when first needed
	// facts are what each parameter's type decides once (not for
	// computed types): binding skips the checks whose verdict they know
	facts []typeFacts
}

// get is the parameters' types and layout in compilation c: a type
// computed at run time is the one c evaluated as the definition's file
// loaded.
func (ps *paramSig) get(c *Ctx, params []*Parameter, locals string) ([]values.ParamType, *paramLayout) {
	ps.once.Do(func() {
		ps.types = make([]values.ParamType, len(params))
		for i, p := range params {
			var t values.Type = values.AnyT
			if p.Type != nil {
				v, err := p.Type.typeIn(c.prog)
				if tt, ok := v.(values.Type); ok && err == nil {
					t = tt
				}
			}
			ps.computed = ps.computed || p.TypeExpr != nil
			ps.types[i] = values.ParamType{Name: p.Name, Type: t, Optional: p.hasDefault()}
		}
		if !ps.computed {
			ps.facts = make([]typeFacts, len(params))
			for i, p := range params {
				t := ps.types[i].Type
				_, isAny := t.(*values.AnyType)
				ps.facts[i] = typeFacts{anyValue: isAny, constValid: p.Const != nil && (p.ConstFits || values.IsInstance(t, p.Const))}
			}
		}
		ps.layout = newParamLayout(params, locals)
	})
	if !ps.computed {
		return ps.types, ps.layout
	}
	types := slices.Clone(ps.types)
	for i, p := range params {
		if t, ok := c.paramTypes[p].(values.Type); ok {
			types[i].Type = t
		}
	}
	return types, ps.layout
}

// typeFacts are what a parameter's type decides for every binding of
// it: that every value is an instance (Any), that its literal default
// (Parameter.Const) is one.
type typeFacts struct {
	anyValue, constValid bool
}

// withMetaparams is types (as get returns them) with name and the
// metaparameters first, as ValidateParameterList takes them: made once,
// only for the resources whose check needs it (an error, a sensitive
// value), as it is the same list for each.
func (ps *paramSig) withMetaparams(types []values.ParamType) []values.ParamType {
	if ps.computed {
		return withMetaparams(types)
	}
	if full := atomicptr.Load(&ps.full); full != nil {
		return *full
	}
	full := withMetaparams(ps.types)
	atomicptr.CompareAndSwap(&ps.full, nil, &full) // a concurrent compile's is the same
	return full
}

// ---- lookups ----

// normalizeName is a class or defined type's name as Puppet looks it up:
// without a leading "::", in lowercase (lowered: a compile names the same
// classes, capitalized in references, as the one before).
func normalizeName(name string) string {
	return lowered.get(strings.TrimPrefix(name, "::"))
}

func (p *Program) findClass(name string) *Class {
	w := p.walkOf(name, false) // the process's: no lowercasing and search again
	return p.checkClass(w.norm, w.class)
}

// checkClass is findClass of a normalized name whose class is cl (nil
// for none).
func (p *Program) checkClass(name string, cl *Class) *Class {
	if name == "" {
		return p.mainClass
	}
	if cl != nil && !p.moduleAbsent(cl.Module) {
		return cl
	}
	p.failBroken(name)
	return nil
}

func (p *Program) findDefine(name string) *Define {
	w := p.walkOf(name, true) // the process's: no lowercasing and search again
	return p.checkDefine(w.norm, w.define)
}

// checkDefine is findDefine of a normalized name whose defined type is
// d (nil for none).
func (p *Program) checkDefine(name string, d *Define) *Define {
	if d != nil && !p.moduleAbsent(d.Module) {
		return d
	}
	p.failBroken(name)
	return nil
}

// AddBroken records a manifest that does not parse, under the name Puppet
// autoloads it by, with its parse error.
func (p *Program) AddBroken(name, err string) {
	if p.broken == nil {
		p.broken = map[string]string{}
	}
	p.broken[name] = err
}

// AddBrokenFunction registers the function of module that a file which
// does not parse would define: calling it (from code, or as a Hiera
// backend) raises the file's parse error, as Puppet's loader does.
func (p *Program) AddBrokenFunction(name, module, err string) {
	fn.New(name).Module(module).D("Any args*, Callable &block?", func(fn.Context, []values.Value, fn.Block) values.Value {
		p.raiseLoading("function " + name) // a Ruby error of Puppet's lexer (AddRaise)
		panic(&Error{Message: err})
	}).Register()
}

// AddEnvironmentError records an error that every compilation fails with
// as it starts: the clash of two definitions of the main manifests, which
// Puppet imports then (resource/type_collection.rb dupe_check).
func (p *Program) AddEnvironmentError(msg string) { p.envError = msg }

// AddBrokenRaise records that the manifest AddBroken recorded under name
// does not parse as Puppet's release puppet because its lexer raises a
// Ruby error, msg, which the expression that loads it reports ("Error
// while evaluating a Function Call, msg").
func (p *Program) AddBrokenRaise(name string, puppet int, msg string) {
	setByRelease(&p.brokenRaises, name, puppet, msg)
}

// failBroken raises the parse error of the manifest a name autoloads, as
// Puppet does when it loads it.
func (p *Program) failBroken(name string) {
	if msg := p.brokenRaises[name][p.Puppet().Major]; msg != "" {
		panic(&detailError{msg: msg})
	}
	if msg, ok := p.broken[name]; ok {
		panic(&Error{Message: msg})
	}
}

func (p *Program) findNative(name string) NativeType {
	// references' type names are capitalized: their lowercase forms are
	// cached, not made for each lookup
	name = lowered.get(strings.TrimPrefix(name, "::"))
	if strings.Contains(name, ":") {
		return nil
	}
	return p.natives[name]
}

// findNode finds the node definition for a node name: an exact name first,
// then the regexps in order, then default.
func (p *Program) findNode(name string) (*NodeDef, []values.Value) {
	name = strings.ToLower(name)
	for _, n := range p.nodes {
		for _, m := range n.Matches {
			if !m.Default && m.Regexp == nil && m.Name == name {
				return n, nil
			}
		}
	}
	for _, n := range p.nodes {
		for _, m := range n.Matches {
			if m.Regexp != nil {
				if groups, err := m.Regexp.Match(name); err == nil && groups != nil {
					return n, groups
				}
			}
		}
	}
	for _, n := range p.nodes {
		for _, m := range n.Matches {
			if m.Default {
				return n, nil
			}
		}
	}
	return nil, nil
}

// regexpNodeName is the name Puppet gives a node definition matched by a
// regexp: the pattern without the characters a name cannot have.
func regexpNodeName(src string) string {
	var b strings.Builder
	for _, r := range src {
		if r == '-' || r == '_' || r == ':' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return "__node_regexp__" + strings.TrimLeft(b.String(), ".")
}
