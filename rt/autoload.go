package rt

import (
	"slices"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/values"
)

// Puppet loads a module's manifests as it looks definitions up, and
// loading a file can fail: it evaluates the parameter types of every class
// and defined type of the file as it instantiates them (pops_bridge.rb
// create_type_map), so a type name there that names no type fails the
// lookup of anything the file comes with, even of a class that does not
// use it. The generated code registers such files; the lookups of classes
// and defined types replay Puppet's loading order to raise their errors
// where Puppet does.

// loadFailure is what loading a manifest does besides defining its
// classes and defines, in Puppet's order: its validation (errors; strict
// issues), then the evaluation of its parameter types (a type name that
// names no type; a type alias whose file fails strict validation). The
// first step that fails under the program's release and strict setting
// is the load's error.
type loadFailure struct {
	steps []loadStep
}

// loadStep is one way loading a file can fail: a parameter type that
// names no type (site, typeName), or else msg, Puppet's error as is.
type loadStep struct {
	site     *Site
	typeName string
	msg      string
	// puppet is the one release (major version) the step applies to, 0
	// for any
	puppet int
	// strict: the step fails only under strict=error (Puppet's validation
	// makes its strict issues, DUPLICATE_KEY, errors then); under
	// strict=warning it logs warnings, once per compilation and once key
	// (a type alias's file is loaded once)
	strict bool
	// issues are the validation issues the step fails with (their
	// failure), and under strict=warning logs (their errors' messages)
	issues *Issues
	once   string
	// logged: the step only logs these warnings, whatever strict is
	logged *fileWarnings
	// raised: msg is a Ruby error, which the nearest expression reports
	// ("Error while evaluating a Function Call, msg")
	raised bool
	// param: the step evaluates a parameter type computed at run time
	param *paramRef
	// alias: the step resolves a type alias at site (AddAliasLoad)
	alias string
}

// paramRef names a parameter of a class or defined type.
type paramRef struct {
	define bool
	name   string
	index  int
}

// parameter is the parameter ref names, nil if there is none.
func (p *Program) parameter(ref *paramRef) *Parameter {
	var params []*Parameter
	if ref.define {
		if d := p.define(ref.name); d != nil {
			params = d.parameters()
		}
	} else if cl := p.class(ref.name); cl != nil {
		params = cl.parameters()
	}
	if ref.index < len(params) {
		return params[ref.index]
	}
	return nil
}

// AddParamTypeLoad records that loading a manifest evaluates the type
// computed at run time (Parameter.TypeExpr) of parameter index of a class
// (kind "class") or defined type ("define") name, in the top scope:
// pops_bridge.rb create_type_map evaluates a file's parameter types as it
// instantiates its definitions, in order, and an error there fails the
// load. module is "" for a main manifest, whose definitions every compile
// loads as it starts, before the node's facts are set.
func (p *Program) AddParamTypeLoad(module, file, kind, name string, index int) {
	ref := &paramRef{define: kind == "define", name: name, index: index}
	if module == "" {
		p.mainParamTypes = append(p.mainParamTypes, ref)
		return
	}
	p.addLoadStep(module, file, loadStep{param: ref})
}

// loadParamType evaluates a parameter type computed at run time in the
// top scope, as its file loads.
func (c *Ctx) loadParamType(ref *paramRef) {
	p := c.prog.parameter(ref)
	if p == nil || p.TypeExpr == nil {
		return
	}
	if c.paramTypes == nil {
		c.paramTypes = map[*Parameter]values.Value{}
	}
	c.paramTypes[p] = p.TypeExpr(c.top)
}

func (p *Program) addLoadStep(module, file string, st loadStep) {
	if p.loadFailures == nil {
		p.loadFailures = map[string]*loadFailure{}
	}
	key := module + "/" + file
	f := p.loadFailures[key]
	if f == nil {
		f = &loadFailure{}
		p.loadFailures[key] = f
	}
	f.steps = append(f.steps, st)
}

// AddLoadError records that loading a module's manifest fails with an
// error, reported as is.
func (p *Program) AddLoadError(module, file, msg string) {
	p.addLoadStep(module, file, loadStep{msg: msg})
}

// AddValidationError records that loading a module's manifest fails with
// its validation errors, as the max_errors setting reports them.
func (p *Program) AddValidationError(module, file string, v Issues) {
	p.addLoadStep(module, file, loadStep{issues: &v})
}

// AddReleaseValidationError is AddValidationError as Puppet's release
// puppet (a major version) validates the manifest, where the releases'
// errors differ (a heredoc's json, which each release's Ruby words its
// own way).
func (p *Program) AddReleaseValidationError(module, file string, puppet int, v Issues) {
	p.addLoadStep(module, file, loadStep{issues: &v, puppet: puppet})
}

// AddStrictLoadError records that loading a manifest as Puppet's release
// puppet (a major version; 0 for any) fails under strict=error with a
// validation issue that is only a warning otherwise
// (validator_factory_4_0.rb: DUPLICATE_KEY's severity is Puppet[:strict]).
// module is "" for a main manifest, whose failure fails every compile as
// a file that does not parse does ("Could not parse for environment E:
// ..."); a module's manifest fails with its issues alone. Under
// strict=warning loading the file logs the issues' messages (warnings, at
// most max_warnings), without their positions, as Puppet does.
func (p *Program) AddStrictLoadError(module, file string, puppet int, v Issues) {
	if module == "" {
		if p.strictEnv == nil {
			p.strictEnv = map[int][]*Issues{}
		}
		p.strictEnv[puppet] = append(p.strictEnv[puppet], &v)
		return
	}
	p.addLoadStep(module, file, loadStep{issues: &v, puppet: puppet, strict: true})
}

// AddLoadWarnings records the warnings loading a file logs as Puppet's
// release puppet whatever the strict setting (its validation's
// deprecations, at most max_deprecations); module is "" for a main
// manifest, whose warnings every compile logs first.
func (p *Program) AddLoadWarnings(module, file string, puppet int, warnings ...string) {
	if module == "" {
		p.addEnvWarnings(puppet, fileWarnings{deprecations: warnings})
		return
	}
	p.addLoadStep(module, file, loadStep{puppet: puppet, logged: &fileWarnings{deprecations: warnings}})
}

// fileWarnings are the warnings loading a file logs whatever the strict
// setting: its lexer's, then its validation's deprecations.
type fileWarnings struct{ lexed, deprecations []string }

func (p *Program) addEnvWarnings(puppet int, w fileWarnings) {
	if p.envWarnings == nil {
		p.envWarnings = map[int][]fileWarnings{}
	}
	p.envWarnings[puppet] = append(p.envWarnings[puppet], w)
}

// logFileWarnings logs a file's load warnings: the lexer's all, the
// deprecations under max_deprecations and disable_warnings.
func (c *Ctx) logFileWarnings(w fileWarnings) {
	for _, m := range w.lexed {
		c.logAt("warning", nil, m, nil)
	}
	c.logDeprecations(w.deprecations)
}

// AddLexWarnings records the warnings Puppet's lexer logs reading a file
// in any release (an unrecognized escape), whatever the settings: before
// its validation's (AddLoadWarnings); module is "" for a main manifest,
// whose warnings every compile logs first.
func (p *Program) AddLexWarnings(module, file string, warnings ...string) {
	if module == "" {
		for _, puppet := range []int{7, 8} {
			p.addEnvWarnings(puppet, fileWarnings{lexed: warnings})
		}
		return
	}
	p.addLoadStep(module, file, loadStep{logged: &fileWarnings{lexed: warnings}})
}

// AddLoadRaise records that loading a manifest as Puppet's release
// puppet raises a Ruby error, msg, in its validation (Puppet 8.10's
// literal evaluator: "undefined method `-@' for nil"), whatever strict.
// module is "" for a main manifest, which fails every compile ("Could not
// parse for environment E: msg"); a module's manifest fails the
// expression that loads it.
func (p *Program) AddLoadRaise(module, file string, puppet int, msg string) {
	if module == "" {
		if p.envRaised == nil {
			p.envRaised = map[int]string{}
		}
		if p.envRaised[puppet] == "" {
			p.envRaised[puppet] = "Could not parse for environment " + p.Environment + ": " + msg
		}
		return
	}
	p.addLoadStep(module, file, loadStep{msg: msg, puppet: puppet, raised: true})
}

// AddRaise records that loading the file of what, "function NAME" (a
// Puppet-language function) or "epp NAME" (an EPP template, by the name
// epp() finds it by), raises a Ruby error, msg, in its validation as
// Puppet's release puppet (see AddLoadRaise): each call or rendering
// fails.
func (p *Program) AddRaise(what string, puppet int, msg string) {
	setByRelease(&p.raises, what, puppet, msg)
}

// setByRelease sets (*m)[key][puppet], making the maps it needs.
func setByRelease(m *map[string]map[int]string, key string, puppet int, msg string) {
	if *m == nil {
		*m = map[string]map[int]string{}
	}
	if (*m)[key] == nil {
		(*m)[key] = map[int]string{}
	}
	(*m)[key][puppet] = msg
}

// raiseLoading fails as loading the file of what does (AddRaise), if it
// does under the program's release.
func (p *Program) raiseLoading(what string) {
	if msg := p.raises[what][p.Puppet().Major]; msg != "" {
		panic(&detailError{msg: msg})
	}
}

// AddStrictAlias records that resolving the type alias alias (lower
// case) loads the file of the alias failing (itself, or one its
// definition names), which fails strict validation as release puppet
// (see AddStrictLoadError): a type expression naming alias fails (or
// warns, once per compilation) as it is first evaluated.
func (p *Program) AddStrictAlias(alias, failing string, puppet int, v Issues) {
	if p.strictAliases == nil {
		p.strictAliases = map[string]*loadFailure{}
	}
	f := p.strictAliases[alias]
	if f == nil {
		f = &loadFailure{}
		p.strictAliases[alias] = f
	}
	f.steps = append(f.steps, loadStep{issues: &v, puppet: puppet, strict: true, once: "type " + failing})
}

// AddAliasRaise records that resolving the type alias alias (lower case)
// raises a Ruby error, msg, as release puppet: its definition's type
// parser does (validate.TypeRaise), or one of an alias it names. Each
// expression naming it fails where it names it ("Error while evaluating a
// Type-Name, msg"), a module's manifest whose parameter types name it as
// it loads (AddAliasLoad).
func (p *Program) AddAliasRaise(alias string, puppet int, msg string) {
	setByRelease(&p.aliasRaises, alias, puppet, msg)
}

// AddModuleAlias records that the type alias alias (lower case) is defined
// in the types/ of module, whose metadata.json does not parse
// (AddFaultyMetadata): where Puppet leaves the module out of the
// environment (moduleAbsent), the alias names no type ("Resource type not
// found: M::Alias" where an expression names it, or where a module's
// manifest whose parameter types name it loads: AddAliasLoad; a type
// reference in another alias's definition: absentAlias).
func (p *Program) AddModuleAlias(module, alias string) {
	if p.moduleAliases == nil {
		p.moduleAliases = map[string]string{}
		p.aliases.Hidden = p.absentAlias
	}
	p.moduleAliases[alias] = module
}

// absentAlias reports whether the type alias name (lower case) is of a
// module Puppet left out of the environment: an alias's definition that
// names it names no type (a type reference, which matches nothing and
// fails a parameter's check as 'references an unresolved type'), as
// Puppet's loader does not find it.
func (p *Program) absentAlias(name string) bool {
	m, ok := p.moduleAliases[name]
	return ok && p.moduleAbsent(m)
}

// AddAliasLoad records that loading a module's manifest resolves the type
// alias alias (lower case) at site, a parameter type's name: the load
// fails as resolving the alias does (AddAliasRaise, AddModuleAlias).
func (p *Program) AddAliasLoad(module, file string, site *Site, alias string) {
	p.addLoadStep(module, file, loadStep{site: site, alias: alias})
}

// hasAliasIssues reports whether naming a type alias may load a file or
// fail (AddStrictAlias, AddAliasRaise, AddModuleAlias): the types of the
// program's expressions then keep the names they name.
func (p *Program) hasAliasIssues() bool {
	return len(p.strictAliases) > 0 || len(p.aliasRaises) > 0 || len(p.moduleAliases) > 0
}

// namesAliasWithIssues says whether one of the type names (as written)
// is an alias that loadAliases loads a file for or resolveAlias may fail
// on: for the others, both do nothing.
func (p *Program) namesAliasWithIssues(names []string) bool {
	for _, n := range names {
		lower := lowered.get(strings.TrimPrefix(n, "::"))
		_, raises := p.aliasRaises[lower]
		_, inModule := p.moduleAliases[lower]
		if raises || inModule || p.strictAliases[lowered.get(n)] != nil {
			return true
		}
	}
	return false
}

// resolveAlias fails as Puppet resolving the type name name (as written)
// at site does: an alias whose resolution raises a Ruby error, or one of a
// module Puppet left out of the environment.
func (p *Program) resolveAlias(site *Site, name string) {
	lower := lowered.get(strings.TrimPrefix(name, "::"))
	if msg := p.aliasRaises[lower][p.Puppet().Major]; msg != "" {
		if site == nil { // a signature's type: the call reports it
			panic(&detailError{msg: msg})
		}
		panic(runtimeError(site, msg))
	}
	if p.absentAlias(lower) {
		IssueAt(site, values.IssueUnknownResourceType, "Resource type not found: %s", strings.TrimPrefix(name, "::"))
	}
}

// loadAliases loads, as Puppet does resolving them, the alias files with
// strict issues that a type's text names (Program.AddStrictAlias), and
// fails where resolving a name fails (resolveAlias).
func (c *Ctx) loadAliases(site *Site, names []string) {
	for _, n := range names {
		if f := c.prog.strictAliases[lowered.get(n)]; f != nil {
			c.load(-1, f)
		}
		c.prog.resolveAlias(site, n)
	}
}

// typeNames are the type names a type's text names, outside its quoted
// strings, as written.
func typeNames(text string) []string {
	var names []string
	for i := 0; i < len(text); i++ {
		ch := text[i]
		switch {
		case ch == '\'' || ch == '"':
			for i++; i < len(text) && text[i] != ch; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		case ch >= 'A' && ch <= 'Z' && (i == 0 || !isNameByte(text[i-1])):
			j := i
			for j < len(text) && (isNameByte(text[j]) || text[j] == ':') {
				j++
			}
			names = append(names, text[i:j])
			i = j - 1
		}
	}
	return names
}

func isNameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// AddStrictTypeError records that loading a module's manifest loads a
// type alias (name) whose file fails strict validation as release puppet
// (see AddStrictLoadError): its parameter types refer to the alias,
// directly or through other aliases.
func (p *Program) AddStrictTypeError(module, file, name string, puppet int, v Issues) {
	p.addLoadStep(module, file, loadStep{issues: &v, puppet: puppet, strict: true, once: "type " + name})
}

// AddLoadFailure records that loading a module's manifest fails on a
// parameter type naming no type. file is the manifest's path below the
// module's manifests directory without ".pp" ("init", "server/config").
func (p *Program) AddLoadFailure(module, file string, site *Site, typeName string) {
	p.addLoadStep(module, file, loadStep{site: site, typeName: typeName})
}

// strictEnvError are the main manifests' strict validation issues, by
// file: under strict=error the first fails every compilation, under
// strict=warning each file's are logged.
func (p *Program) strictEnvError() []*Issues {
	return p.strictEnv[p.Puppet().Major]
}

// load fails or warns as loading a file does (its steps, in order).
// key is the manifest's walk key, -1 for a type alias's file: Puppet's
// type loader keeps a manifest as loaded once it parses and validates
// (type_loader.rb load_files), before it imports its definitions, so a
// manifest whose import fails (a parameter type: importing) is loaded
// with none of its definitions (lostDefs), and one whose validation fails
// is not loaded, each lookup failing again.
func (c *Ctx) load(key int32, f *loadFailure) {
	importing := false
	for _, st := range f.steps {
		if st.puppet != 0 && st.puppet != c.prog.Puppet().Major {
			continue
		}
		if key >= 0 && !importing && st.importing() {
			// validated: the file is loaded, its definitions lost unless
			// the import succeeds
			importing = true
			c.markWalked(key)
			if c.lostDefs == nil {
				c.lostDefs = map[int32]bool{}
			}
			c.lostDefs[key] = true
		}
		if st.raised {
			panic(&detailError{msg: st.msg})
		}
		if st.param != nil {
			c.loadParamType(st.param)
			continue
		}
		if st.alias != "" {
			c.prog.resolveAlias(st.site, st.alias)
			continue
		}
		if st.logged != nil {
			c.logFileWarnings(*st.logged) // as the main manifest's (compile)
			continue
		}
		if st.strict && c.prog.strict != "error" {
			if c.prog.strict == "warning" && (st.once == "" || !c.loaded[st.once]) {
				for _, w := range firstN(st.issues.Errors, c.prog.maxWarnings) {
					c.logAt("warning", nil, w, nil)
				}
			}
			if st.once != "" {
				if c.loaded == nil {
					c.loaded = map[string]bool{}
				}
				c.loaded[st.once] = true
			}
			continue
		}
		if st.issues != nil {
			panic(&Error{Message: c.prog.failure(st.issues)})
		}
		if st.msg != "" {
			panic(&Error{Message: st.msg})
		}
		IssueAt(st.site, values.IssueUnknownResourceType, "Resource type not found: %s", st.typeName)
	}
	if importing {
		delete(c.lostDefs, key)
	}
}

// importing reports whether the step is of a manifest's import, after
// its validation: the evaluation of its definitions' parameter types.
func (st *loadStep) importing() bool {
	return st.param != nil || st.alias != "" || st.typeName != ""
}

// findClass finds a class as the compiler's find_hostclass does, loading
// the manifests Puppet would load to find it.
//
// A name is looked up once per compile (include names a class again and
// again): what finding it loads is loaded then, and the lookup that
// returns finds the same class (or none) every time; one that fails
// (a manifest's error, which a qualified variable's lookup rescues) is
// not kept: a manifest that fails validation fails the next lookup
// again, one whose import failed has none of its definitions (lostDef).
func (c *Ctx) findClass(name string) *Class {
	if cl, ok := c.classesFound[name]; ok {
		return cl
	}
	w := c.prog.walkOf(name, false)
	if c.side(w) {
		return w.sideClass
	}
	c.autoload(w)
	if c.lostDef(w) {
		return nil // not kept: the class stays unknown whatever finds it
	}
	cl := c.prog.checkClass(w.norm, w.class)
	if w.sideClass != nil {
		return cl // none kept: a lookup after its file loads finds it
	}
	if c.classesFound == nil {
		// as many as the last compile's, 64 in a first
		n := c.prog.lastClassesFound.Load()
		if n == 0 {
			n = 64
		}
		c.classesFound = make(map[string]*Class, n)
	}
	c.classesFound[name] = cl
	return cl
}

// findClassRescued is findClass for a qualified variable's lookup, which
// takes a class whose manifests fail to load for an unknown one (scope.rb
// lookup_qualified_variable rescues the error: the variable is not found).
func (c *Ctx) findClassRescued(name string) (cl *Class) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			panic(&detailError{msg: e.Message})
		}
	}()
	return c.findClass(name)
}

// findDefine finds a defined type as find_definition does.
func (c *Ctx) findDefine(name string) *Define {
	return c.defineOf(c.prog.walkOf(name, true))
}

// defineOf is the defined type a walk finds: its name's side definition
// once the compile loaded that file, else what loading finds.
func (c *Ctx) defineOf(w *walk) *Define {
	if c.side(w) {
		return w.sideDefine
	}
	c.autoload(w)
	if c.lostDef(w) {
		return nil
	}
	return c.prog.checkDefine(w.norm, w.define)
}

// lostDef reports whether the definition a walk finds is in a manifest
// whose import failed (load): Puppet's type loader has none of its
// definitions then.
func (c *Ctx) lostDef(w *walk) bool {
	return c.lostDefs != nil && w.found && w.def >= 0 && c.lostDefs[w.def]
}

// autoload loads what Puppet's type loader imports to find a definition
// that is not loaded yet (type_loader.rb try_load_fqname): for a::b::c the
// manifest a/b/c, then a/b, then a, each with the module's init.pp first
// (module.rb match_manifests), until the definition's file is among them;
// a file is loaded once per compilation. Loading a file that fails raises
// its error.
func (c *Ctx) autoload(w *walk) {
	if w.inert {
		return
	}
	if w.found && (w.def < 0 || c.walked(w.def)) {
		return // the main manifest's, or loaded already
	}
	// a name walked to the end before loads nothing walked again
	if c.walked(w.name) {
		return
	}
	for _, st := range w.steps {
		if !c.walked(st.key) {
			if st.fail != nil {
				c.load(st.key, st.fail)
			}
			c.markWalked(st.key)
		}
	}
	if !w.hit {
		c.markWalked(w.name)
	}
}

// walk is what autoload walks for a name the code looks a class or a
// defined type up by, worked out once per process (Program.walkOf): the
// manifests' keys ("module/path") and the name are numbered
// (Program.walkKey), and a compile marks those it walked in a bitset
// (Ctx.walked) instead of a map of their texts.
type walk struct {
	norm   string  // the name normalized
	class  *Class  // the class of that name, for findClass
	define *Define // the defined type, for findDefine
	// found: the definition is known, and the walk stops at its
	// manifest, def (-1 when it is in no module's manifests: nothing
	// to load)
	found bool
	def   int32
	name  int32 // the name's own key: walked to the end
	// steps are the manifests loaded, in Puppet's order: for a::b::c the
	// module's init with a/b/c, init with a/b, init alone, up to the pair
	// that holds def (hit), or all of them; none when the program has no
	// such module
	steps []walkStep
	hit   bool
	// inert: the walk would load none of the manifests that fail to
	// load, and mark none whose mark a walk asks about (Program.walksLoad):
	// autoload has nothing to do, and the walk has no keys or steps
	inert bool
	// side is the key of the manifest of a definition of the name that
	// the autoloader does not load for it (sideClass or sideDefine), -1
	// for none: a compile that loaded that manifest finds it (Ctx.side)
	side       int32
	sideClass  *Class
	sideDefine *Define
}

// walkStep is a manifest a walk loads: its key, and how its loading
// fails (nil for none).
type walkStep struct {
	key  int32
	fail *loadFailure
}

// walkOf is the walk for finding the class (or, define, the defined type)
// name: made once and kept for the process's later compiles (the
// program's definitions and manifests do not change once it compiles).
func (p *Program) walkOf(name string, define bool) *walk {
	cache := &p.classWalks
	if define {
		cache = &p.defineWalks
	}
	if w, ok := readmap.Load(cache, name); ok {
		return w
	}
	norm := normalizeName(name)
	w := &walk{norm: norm, def: -1, side: -1}
	var module string
	var file *File
	if define {
		if w.define = p.define(norm); w.define != nil {
			w.found, module, file = true, w.define.Module, w.define.File
		} else if w.sideDefine = p.sideDefines[norm]; w.sideDefine != nil {
			w.side = p.sideKey(w.sideDefine.Module, w.sideDefine.File)
		}
	} else if w.class = p.class(norm); w.class != nil {
		w.found, module, file = true, w.class.Module, w.class.File
	} else if w.sideClass = p.sideClasses[norm]; w.sideClass != nil {
		w.side = p.sideKey(w.sideClass.Module, w.sideClass.File)
	}
	mod, rest, nested := strings.Cut(norm, "::")
	if !p.walksLoad(mod) {
		w.inert = true
		return readmap.Store(cache, name, w)
	}
	defKey := ""
	if w.found {
		if defKey = p.makeManifestKey(module, file); defKey != "" {
			w.def = p.walkKey(defKey)
		}
	}
	w.name = p.walkKey(norm)
	if p.module(mod) != nil {
		// for a::b::c: init, then the path a/b/c, init, a/b, ... until
		// the last init alone, each key once; path is "" at the last
		init, path := mod+"/init", ""
		if nested {
			path = mod + "/" + strings.ReplaceAll(rest, "::", "/")
		}
		w.steps = make([]walkStep, 1, strings.Count(rest, "::")+2)
		w.steps[0] = p.walkStep(init)
		for {
			if path != "" {
				if st := p.walkStep(path); !slices.Contains(w.steps, st) {
					w.steps = append(w.steps, st)
				}
			}
			if w.def >= 0 && (defKey == init || defKey == path) {
				w.hit = true
				break
			}
			if path == "" {
				break
			}
			if i := strings.LastIndexByte(path, '/'); i > len(mod) {
				path = path[:i]
			} else {
				path = ""
			}
		}
	}
	return readmap.Store(cache, name, w)
}

// addSideDefinitions registers a module's side definitions
// (Module.SideClasses).
func (p *Program) addSideDefinitions(classes []*Class, defines []*Define) {
	for _, c := range classes {
		if p.sideClasses == nil {
			p.sideClasses = map[string]*Class{}
		}
		p.sideClasses[c.Name] = c
	}
	for _, d := range defines {
		if p.sideDefines == nil {
			p.sideDefines = map[string]*Define{}
		}
		p.sideDefines[d.Name] = d
	}
}

// sideKey is the walk key of a side definition's manifest, -1 for none.
func (p *Program) sideKey(module string, file *File) int32 {
	if key := p.makeManifestKey(module, file); key != "" {
		return p.walkKey(key)
	}
	return -1
}

// moduleOfName is the module a class or defined type's name is in.
func moduleOfName(name string) string {
	m, _, _ := strings.Cut(name, "::")
	return m
}

// side reports whether the compile loaded the manifest of w's side
// definition: Puppet then finds it by name, without loading more.
func (c *Ctx) side(w *walk) bool { return w.side >= 0 && c.walked(w.side) }

// sideKnown reports whether the compile knows name as a side definition
// whose file it loaded: a defined type (define) or a class.
func (c *Ctx) sideKnown(name string, define bool) bool {
	if c.prog.sideClasses == nil && c.prog.sideDefines == nil {
		return false
	}
	return c.side(c.prog.walkOf(name, define))
}

// walksLoad reports whether the walks of names in module mod are not
// inert: mod has a manifest whose loading fails, or holds the manifest
// of a definition named in such a module, whose walk asks whether a walk
// of mod loaded it (walked its key). A walk of any other module's names
// loads nothing that fails, and marks nothing a walk asks about.
func (p *Program) walksLoad(mod string) bool {
	p.walkingOnce.Do(p.findWalkingModules)
	return p.walkingModules[mod]
}

// findWalkingModules sets walkingModules: the modules with a manifest
// that fails to load, then, until it adds none, the modules holding a
// definition named in a module it has.
func (p *Program) findWalkingModules() {
	p.walkingModules = map[string]bool{}
	var todo []string
	add := func(module string) {
		if module != "" && !p.walkingModules[module] {
			p.walkingModules[module] = true
			todo = append(todo, module)
		}
	}
	for key := range p.loadFailures {
		m, _, _ := strings.Cut(key, "/") // module/path
		add(m)
	}
	// a side definition's module, whose walks load its manifest, and
	// its name's, whose walk asks whether one did
	for name, c := range p.sideClasses {
		add(c.Module)
		add(moduleOfName(name))
	}
	for name, d := range p.sideDefines {
		add(d.Module)
		add(moduleOfName(name))
	}
	for len(todo) > 0 {
		m := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		p.definitionsNamedIn(m, func(c *Class) { add(c.Module) }, func(d *Define) { add(d.Module) })
	}
}

// definitionsNamedIn calls class and define with each class and defined
// type named in module m (m, or m::...), shadowed ones included.
func (p *Program) definitionsNamedIn(m string, class func(*Class), define func(*Define)) {
	prefix := m + "::"
	named := func(name string) bool { return name == m || strings.HasPrefix(name, prefix) }
	for name, c := range p.classes {
		if named(name) {
			class(c)
		}
	}
	for name, d := range p.defines {
		if named(name) {
			define(d)
		}
	}
	for _, ix := range p.indexes {
		entriesNamedIn(m, ix.Classes, func(e *ClassEntry) string { return e.Name }, func(e *ClassEntry) { class(classOf(e)) })
		entriesNamedIn(m, ix.Defines, func(e *DefineEntry) string { return e.Name }, func(e *DefineEntry) { define(defineOf(e)) })
	}
}

// entriesNamedIn calls f with each entry of a sorted index that is named
// m or m::... (those are two runs: "m0" sorts between "m" and "m::a").
func entriesNamedIn[E any](m string, entries []E, name func(*E) string, f func(*E)) {
	first := func(s string) int {
		return sort.Search(len(entries), func(i int) bool { return name(&entries[i]) >= s })
	}
	if i := first(m); i < len(entries) && name(&entries[i]) == m {
		f(&entries[i])
	}
	prefix := m + "::"
	for i := first(prefix); i < len(entries) && strings.HasPrefix(name(&entries[i]), prefix); i++ {
		f(&entries[i])
	}
}

// walkKey is the program's number for a manifest's key or a name walked.
func (p *Program) walkKey(key string) int32 { return int32(p.walkKeys.number(key)) }

// walkStep is the step of a walk that loads the manifest of key.
func (p *Program) walkStep(key string) walkStep {
	return walkStep{key: p.walkKey(key), fail: p.loadFailures[key]}
}

// walked tells whether the compile walked a key (Program.walkKey).
func (c *Ctx) walked(key int32) bool {
	i := int(key >> 6)
	return i < len(c.walkedBits) && c.walkedBits[i]&(1<<(key&63)) != 0
}

// markWalked marks a key walked, the bitset growing to the keys the
// process has numbered.
func (c *Ctx) markWalked(key int32) {
	i := int(key >> 6)
	if i >= len(c.walkedBits) {
		n := max((c.prog.walkKeys.room(int(key))+63)/64, i+1)
		c.walkedBits = append(c.walkedBits, make([]uint64, n-len(c.walkedBits))...)
	}
	c.walkedBits[i] |= 1 << (key & 63)
}

func (p *Program) makeManifestKey(module string, file *File) string {
	m := p.module(module)
	if m == nil || file == nil {
		return ""
	}
	// file.Path is under dir + "/manifests/" (not made: one string less)
	rel, ok := strings.CutPrefix(file.Path, strings.TrimSuffix(m.dir, "/"))
	if !ok {
		return ""
	}
	if rel, ok = strings.CutPrefix(rel, "/manifests/"); !ok {
		return ""
	}
	return module + "/" + strings.TrimSuffix(rel, ".pp")
}

// AddFaultyMetadata records that a module's metadata.json does not parse
// as Puppet's release puppet: msg is the error Puppet::Module#read_metadata
// makes of it ("m has an invalid and unparsable metadata.json file. The
// parse error: ...", the JSON gem's message, which differs between
// releases). Every compilation logs it as Environment#modules lists the
// modules: under strict=warning a warning, under strict=error an error,
// and the module is then left out of the environment (moduleAbsent).
func (p *Program) AddFaultyMetadata(module string, puppet int, msg string) {
	if p.faultyMetadata == nil {
		p.faultyMetadata = map[string]map[int]string{}
	}
	if p.faultyMetadata[module] == nil {
		p.faultyMetadata[module] = map[int]string{}
		p.faultyOrder = append(p.faultyOrder, module)
	}
	p.faultyMetadata[module][puppet] = msg
}

// logFaultyMetadata logs the modules' faulty metadata.json files, as the
// compilation starts (AddFaultyMetadata).
func (c *Ctx) logFaultyMetadata() {
	var level string
	switch c.prog.strict {
	case "warning":
		level = "warning"
	case "error":
		level = "err"
	default:
		return // strict=off: a debug message
	}
	for _, m := range c.prog.faultyOrder {
		if msg := c.prog.faultyMetadata[m][c.prog.Puppet().Major]; msg != "" {
			c.logAt(level, nil, msg, nil)
		}
	}
}

// moduleAbsent reports whether Puppet leaves a module out of the
// environment: its metadata.json does not parse, under strict=error.
func (p *Program) moduleAbsent(name string) bool {
	return p.strict == "error" && p.faultyMetadata[name][p.Puppet().Major] != ""
}

// module is the module of a name in the environment, nil if none.
func (p *Program) module(name string) *module {
	if p.moduleAbsent(name) {
		return nil
	}
	return p.modules[name]
}
