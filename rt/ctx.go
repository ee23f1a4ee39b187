package rt

import (
	"fmt"
	"strings"
	"unsafe"

	"github.com/pp2go/pp2go/rt/erb"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/internal/atomicptr"
	"github.com/pp2go/pp2go/rt/internal/readmap"
	"github.com/pp2go/pp2go/rt/rubyfn"
	"github.com/pp2go/pp2go/rt/values"
)

// Node is what a catalog is compiled for: its name and facts.
type Node struct {
	Name  string
	Facts *values.Hash
	// FactsDigest identifies Facts in the catalog's UUID: a digest of
	// their source (the facts file's bytes), which its reader has at
	// hand; empty, CompileWith makes one of Facts themselves.
	FactsDigest string
	// Main, when set, replaces the program's node definitions with
	// `node default { <Main> }` (rspec-puppet style class tests, sweeps).
	Main func(s *Scope)
	// Top, when set, is top-level code that runs after the main
	// manifest's, in Class[main], before the node definitions: the code
	// rspec-puppet appends to site.pp (pre_condition, a class spec's
	// `include`).
	Top func(s *Scope)
	// Pre, when set, is top-level code that runs before the main
	// manifest's, in Class[main]: what a spec's pre_condition puts before
	// the code it includes (onceover's $onceover_class and $onceover_node).
	Pre func(s *Scope)
	// ServerFacts are $server_facts (without "environment", which is added).
	ServerFacts *values.Hash
	// Trusted is $trusted; nil means the data of an authenticated agent whose
	// certificate name is Name.
	Trusted *values.Hash
}

// LogEntry is a message the compilation logged (notice, warning, ...).
type LogEntry struct {
	Level   string // "notice", "warning", "err", ...
	Message string
	File    string
	Line    int
	Column  int
	Scope   string // for notice and friends: the scope they ran in
	// Once is the key of a warning Puppet logs with warn_once (or
	// deprecation_warning): once per key and process. A compilation logs
	// it once (its log is the node's, whatever else the binary compiled);
	// a process that compiles for many nodes may log it once (serve
	// does, as a puppetserver's JRuby instance)
	Once string
}

// Ctx is the state of one compilation (Puppet's Compiler).
type Ctx struct {
	prog    *Program
	node    *Node
	catalog *Catalog

	top       *Scope
	nodeScope *Scope
	main      *Resource

	resources     []*Resource             // every resource added by code, in order
	byType        map[string]*[]*Resource // the same, by type (what collectors search: ofType)
	collections   []*Collector
	relationships []*relationship
	// untitledRefs says a parameter was given a reference of no title
	// (paramValue), whose title the finished catalog checks
	untitledRefs bool
	// relationshipIndex and relationshipOrder hold the references
	// relationships add to parameters while finish evaluates them; the
	// index is by the source's position in the catalog, its before then
	// its notify (relationshipAt)
	relationshipIndex []*relationshipEnds
	relationshipOrder []*relationshipEnds
	// sharedRelationshipEnds are the ends that hold the list of a shared
	// parameter (Param.shared) with an Array value, by what is shared:
	// the *Param, or the *values.Array (sharedKey)
	sharedRelationshipEnds map[any]*relationshipEnds
	relationshipSlab       slab[relationship]
	relationshipEndsSlab   slab[relationshipEnds]
	// resourceTypes are the types resource expressions named, by the
	// names they gave (Ctx.resourceType); classesFound are findClass's
	resourceTypes map[string]*resourceType
	typeSlab      slab[resourceType]
	classesFound  map[string]*Class
	// freeDecls are resource expressions done with, for reuse
	freeDecls []*Declaration
	// defaultTypes are the types some scope has resource defaults for
	// (Scope.defaults), by capitalized name: a resource of another type
	// does not look for them up its scopes. defaultsGen counts the
	// defaults expressions evaluated (resourceType.mayHaveDefaults).
	defaultTypes  []string
	defaultTypes0 [8]string // room for them
	defaultsGen   int
	overrides     map[string][]*Resource // pending overrides by ref
	overrideOrder []string               // their refs, first seen first
	overriders    map[definition]bool    // sources that may override anything (collectors with overrides)

	logs []LogEntry

	// calls are the function calls in progress, the innermost last (the
	// frames of Puppet::Pops::PuppetStack).
	calls []SiteRef

	warned map[string]bool // keys of the warnings given once
	// walkedBits are the manifests loaded and the names walked to the
	// end, by their numbers (autoload)
	walkedBits []uint64
	// lostDefs are the manifests loaded whose import failed, by their
	// numbers: their definitions are unknown (autoload's load)
	lostDefs map[int32]bool
	// classScopes are top.classes' scopes that qualified variables read,
	// by their class's number (classNumbers)
	classScopes []*Scope
	// metaSeen is the set of resources addResourceMetaparams visited
	metaSeen map[*Resource]bool
	// typesByNumber are the types resource expressions named, by
	// their names' numbers (resourceTypeNumbers)
	typesByNumber []*resourceType
	loaded        map[string]bool // the type alias files whose strict issues were logged (load)
	// paramTypes are the types computed at run time of the definitions
	// loaded (Parameter.TypeExpr)
	paramTypes map[*Parameter]values.Value
	// funcSigs are the signatures of the Puppet functions with parameter
	// types computed at run time, as the compilation evaluated them
	// (Ctx.computedSig)
	funcSigs map[*Signature]*resolvedSig
	// noScope is the scope a Puppet function's return type computed at
	// run time is evaluated in (Ctx.nilScope)
	noScope *Scope

	erbMethods map[string]*erb.Def // the methods templates defined (erb.WrapperMethods)

	hiera    *hiera.Session // created on the first lookup
	hieraCur *Scope         // the scope of the lookup being made
	// hieraKept is the session of the context's compiles, renewed for
	// each (HieraSession)
	hieraKept *hiera.Session

	// the compile's parameters, resources and scopes, allocated in chunks,
	// most of them the arena's (useArena)
	arena        *arena
	paramSlab    slab[Param]
	resourceSlab slab[Resource]
	scopeSlab    slab[Scope]
	// paramLists and tagLists back resources' Params and Tags
	paramLists sliceSlab[*Param]
	tagLists   sliceSlab[string]
	// freeParamTables are bindParameters' tables done with, for reuse;
	// int32Lists, nameLists and valueLists back their lists
	freeParamTables []*varTable
	int32Lists      sliceSlab[int32]
	nameLists       sliceSlab[string]
	valueLists      sliceSlab[values.Value]
	// defaultsLists back scopes' lists of resource defaults (scopeDefaults)
	defaultsLists sliceSlab[typeDefaults]
	// byTypeSlab and resourceLists back byType's lists
	byTypeSlab    slab[[]*Resource]
	resourceLists sliceSlab[*Resource]
	// arraySlab and refSlab hold the Arrays and references the compile
	// makes for resources and array literals (newArray, Scope.Access,
	// Scope.ArrayCopy), hashSlab its hash literals' Hashes (Scope.HashOf),
	// collectorSlab its collectors, querySlab their queries
	arraySlab     slab[values.Array]
	refSlab       slab[values.ResourceType]
	hashSlab      slab[values.Hash]
	collectorSlab slab[Collector]
	querySlab     slab[QueryExpr]
	// viewSlab holds the VarViews of its templates' renderings, strSlab
	// the boxes of Strings (newString)
	viewSlab slab[VarView]
	strSlab  slab[values.String]
	// rubyFrames are the frames of its calls of translated Ruby done
	// with (Scope.RubyFrames)
	rubyFrames rubyfn.Frames
	// tableSlab holds the local tables of lambdas, functions and
	// templates (pushLocal)
	tableSlab slab[varTable]
	// nodeLayout is the layout of the top scope's node variables, if any
	// (setNodeVariables)
	nodeLayout *nodeLayout
	// collectBuf is the list collectors' runs reuse (Collector.evaluate)
	collectBuf []*Resource
	// pendingBuf is the list evaluateDefinitions' rounds reuse
	pendingBuf []*Resource
	// refsFound are references validateReferences found
	refsFound foundRefs
	// attrsKnown are attribute names validate found its types have
	// (knownAttrs), kept from the arena's compile before: the names are
	// the program's (its code's and data's strings), mostly the same
	attrsKnown *knownAttrs
	// checkNames and checkVals are validateDefinition's scratch lists
	checkNames []string
	checkVals  []values.Value
	// paramReplaced: some Param.replaced is set
	paramReplaced bool
	// tagGen counts the changes to the tags of resources in the catalog
	// (Resource.tagsChanged): a tag collector that ran at the same count
	// looks only at the resources added since
	tagGen uint64
	// definedFrom: the resources before it are evaluated or native
	// (evaluateDefinitions)
	definedFrom int
	// relTargets is relationship.evaluate's list of the targets found,
	// for a relationship of many
	relTargets []relTarget
}

// Compile compiles the catalog of a node. A failure is returned as an
// *Error with Puppet's message.
func Compile(p *Program, n *Node) (cat *Catalog, logs []LogEntry, err error) {
	return compileIn(p, n, nil)
}

// compileIn is Compile with the arena's chunks (nil: chunks of its own).
func compileIn(p *Program, n *Node, a *arena) (cat *Catalog, logs []LogEntry, err error) {
	c := newCtxIn(a, p, n)
	if a != nil {
		c.useArena(a)
		defer c.noteUnused() // runs after the recover below
	}
	defer func() {
		if r := recover(); r != nil {
			err = c.toError(r)
			cat, logs = nil, c.logs
		}
	}()
	c.compile()
	return c.catalog, c.logs, nil
}

func newCtx(p *Program, n *Node) *Ctx {
	return &Ctx{prog: p, node: n}
}

// newCtxIn is newCtx in the context the arena's last compile left there
// (noteUnused), when there is one: a new context's state, with that
// compile's tables emptied and its lists' room, its Ruby frames,
// resource expressions and parameter tables done with (each reset as it
// is reused), its Hiera session (renewed on first use) and the attribute
// names it found its types have. A Ctx is ~2.3 kB of pointers that a
// compile zeroed anyway; its tables (types, classes found, resources by
// type) had grown to what a compile of the program needs, and its lists
// to as many elements.
// Nothing of the context is the result's, which the arena's compile
// released.
func newCtxIn(a *arena, p *Program, n *Node) *Ctx {
	if a == nil || a.ctx == nil {
		return newCtx(p, n)
	}
	c := a.ctx
	a.ctx = nil
	// what it keeps, taken one by one (not a copy of the whole context)
	frames, attrs, decls, session := c.rubyFrames, c.attrsKnown, c.freeDecls, c.hieraKept
	tables, classScopes, order, seen := c.freeParamTables, c.classScopes, c.relationshipOrder, c.metaSeen
	clear(classScopes)
	byType, types, found := emptied(c.byType), emptied(c.resourceTypes), emptied(c.classesFound)
	typesByNumber := c.typesByNumber // as long, with no type found
	clear(typesByNumber)
	rels, colls, calls := c.relationships[:0], c.collections[:0], c.calls[:0] // start clears them
	collectBuf, pendingBuf := clearedRoom(c.collectBuf, 0), clearedRoom(c.pendingBuf, 0)
	*c = Ctx{prog: p, node: n, rubyFrames: frames, attrsKnown: attrs, freeDecls: decls, hieraKept: session, freeParamTables: tables, classScopes: classScopes,
		relationshipOrder: order, metaSeen: seen, byType: byType, resourceTypes: types, classesFound: found,
		typesByNumber: typesByNumber, relationships: rels, collections: colls, calls: calls, collectBuf: collectBuf, pendingBuf: pendingBuf}
	return c
}

// emptied is m, cleared (nil stays nil).
func emptied[K comparable, V any](m map[K]V) map[K]V {
	clear(m)
	return m
}

// toError turns what a compilation raised into the error it reports.
func (c *Ctx) toError(r any) *Error {
	var e *Error
	switch x := r.(type) {
	case *Error:
		e = x
	case *detailError:
		e = &Error{Message: x.msg, Code: x.code}
	case controlFlow:
		e = &Error{Message: x.outsideMessage()}
	case *fn.FatalError:
		// a Ruby ScriptError (LoadError): Puppet prints its message alone
		return &Error{Message: x.Message}
	case *fn.BreakSignal:
		// break() that no iteration stopped: Puppet's StopIteration
		// reaches Compiler.compile, which reports it by its class name
		// (PuppetStopIteration has a message but no to_s).
		e = &Error{Message: "Puppet::Pops::Evaluator::PuppetStopIteration"}
	case error:
		e = &Error{Message: x.Error()}
	default:
		panic(r)
	}
	e.Node = c.node.Name
	return e
}

func (c *Ctx) compile() {
	if c.prog.envError != "" {
		panic(&Error{Message: c.prog.envError})
	}
	c.logFaultyMetadata()
	if msg := c.prog.envRaised[c.prog.Puppet().Major]; msg != "" {
		panic(&Error{Message: msg})
	}
	for _, w := range c.prog.envWarnings[c.prog.Puppet().Major] {
		c.logFileWarnings(w)
	}
	if issues := c.prog.strictEnvError(); len(issues) > 0 {
		switch c.prog.strict {
		case "error":
			// the errors logged before are lines of their own; the
			// prefix is the last line's, which raises
			msg := c.prog.failure(issues[0])
			last := strings.LastIndexByte(msg, '\n') + 1
			panic(&Error{Message: msg[:last] + "Could not parse for environment " + c.prog.Environment + ": " + msg[last:]})
		case "warning":
			for _, v := range issues {
				for _, w := range firstN(v.Errors, c.prog.maxWarnings) {
					c.logAt("warning", nil, w, nil)
				}
			}
		}
	}
	c.start()
	c.evaluateMain()
	c.evaluateNodeDefinition()
	c.evaluateGenerators()
	c.finish()
	c.failOnUnevaluated()
	c.validateRelationships()
	if c.untitledRefs {
		c.checkUntitledRefs()
	}
	c.learnTopNames()
	c.prog.lastResources.Store(int64(len(c.catalog.resources)))
	c.prog.lastKeys.Store(int64(c.catalog.table.n))
	c.prog.lastEdges.Store(int64(len(c.catalog.edges)))
	c.prog.lastTypes.Store(int64(len(c.byType)))
	c.prog.lastTags.Store(int64(len(c.catalog.Tags)))
	c.prog.lastRelationships.Store(int64(len(c.relationships)))
	c.prog.lastClasses.Store(int64(len(c.top.classes)))
	c.prog.lastCollections.Store(int64(len(c.collections)))
	c.prog.lastClassesFound.Store(int64(len(c.classesFound)))
	c.prog.lastTypeNames.Store(int64(len(c.resourceTypes)))
	c.recordSlabs()
	for typ, list := range c.byType {
		if _, ok := readmap.Load(&c.prog.typeCounts, typ); !ok {
			readmap.Store(&c.prog.typeCounts, typ, len(*list))
		}
	}
}

// start makes the catalog with Stage[main] and the top scope with the
// node's parameters and $settings.
func (c *Ctx) start() {
	c.startSlabs()
	last := int(c.prog.lastResources.Load())
	c.catalog = newCatalogIn(c.arena, c.node.Name, c.prog.Environment, last, int(c.prog.lastKeys.Load()), int(c.prog.lastEdges.Load()))
	c.resources = reuseList(c.arena, func(a *arena) *[]*Resource { return &a.ctxResources }, last)
	c.catalog.Tags = reuseList(c.arena, func(a *arena) *[]string { return &a.catTags }, int(c.prog.lastTags.Load()))
	c.relationships = clearedRoom(c.relationships, int(c.prog.lastRelationships.Load()))
	c.catalog.Classes = reuseList(c.arena, func(a *arena) *[]string { return &a.catClasses }, int(c.prog.lastClasses.Load()))
	c.collections = clearedRoom(c.collections, int(c.prog.lastCollections.Load()))
	c.calls = clearedRoom(c.calls, 32) // the function calls running, a few deep
	c.catalog.jsonBufs = &c.prog.jsonBufs
	c.top = alloc(&c.scopeSlab, 11).init(c, nil, nil, nil) // as newChild's
	stage := c.newResource(Resource{Type: "Stage", Title: "main", mainTitle: true, Kind: kindCompilable, scope: c.top})
	c.firstTag(stage, "stage", 0)
	c.catalog.add(stage)
	// the main manifests' definitions load before the node's facts are
	// set (Program.AddParamTypeLoad)
	for _, ref := range c.prog.mainParamTypes {
		c.loadParamType(ref)
	}
	c.setNodeParameters()
	c.createSettingsScope()
}

// ---- node and settings ----

func (c *Ctx) setNodeParameters() {
	facts := c.node.Facts
	if facts == nil {
		facts = values.EmptyHash
	}
	serverFacts := c.node.ServerFacts
	if serverFacts == nil {
		serverFacts = values.EmptyHash
	}
	// Facts and server facts are node parameters: top scope variables
	// (the first of a name wins; notNodeVariable's are none).
	if c.setNodeVariables(facts, serverFacts) {
		return
	}
	n := facts.Len() + serverFacts.Len() + 8
	c.top.symtable.reserve(n)
	for _, h := range []*values.Hash{facts, serverFacts} {
		for i := 0; i < h.Len(); i++ {
			name := values.ToString(h.KeyAt(i))
			if notNodeVariable(name) || c.top.symtable.find(name) >= 0 {
				continue
			}
			c.top.setvar(name, h.ValueAt(i), true)
		}
	}
	vars := c.nodeVariables(facts, serverFacts)
	for i, name := range nodeVariableNames {
		c.top.setvar(name, vars[i], true)
	}
}

// nodeVariableNames are the top scope variables set after the facts, in
// this order, with nodeVariables' values.
var nodeVariableNames = [...]string{"environment", "trusted", "server_facts", "facts"}

// notNodeVariable reports whether a fact of this name is no top scope
// variable: environment is the environment's; a fact named trusted is
// dropped, as Puppet's Node#sanitize drops it, and stays in $facts only.
func notNodeVariable(name string) bool { return name == "environment" || name == "trusted" }

func (c *Ctx) nodeVariables(facts, serverFacts *values.Hash) [len(nodeVariableNames)]values.Value {
	trusted := c.node.Trusted
	if trusted == nil {
		tv := atomicptr.Load(&c.prog.trustedVar)
		if tv == nil || tv.certname != c.node.Name {
			tv = &trustedVar{certname: c.node.Name, trusted: trustedFor(c.node.Name)}
			atomicptr.Store(&c.prog.trustedVar, tv)
		}
		trusted = tv.trusted
	}
	sv := atomicptr.Load(&c.prog.serverFactsVar)
	if sv == nil || sv.src != serverFacts || sv.envName != c.prog.Environment {
		env := values.Value(values.String(c.prog.Environment))
		sv = &serverFactsVar{src: serverFacts, envName: c.prog.Environment, env: env,
			merged: serverFacts.Merge(values.NewHashFromPairs(values.String("environment"), env))}
		atomicptr.Store(&c.prog.serverFactsVar, sv)
	}
	return [...]values.Value{sv.env, trusted, sv.merged, facts}
}

// trustedVar is $trusted of the compiles of the node certname with no
// trusted information of their own (an authenticated agent's with no
// extensions): made once, as the hash is a value no code changes.
type trustedVar struct {
	certname string
	trusted  *values.Hash
}

// serverFactsVar is $server_facts of the compiles whose node's server
// facts are src (the program's, mostly: the same hash each compile), in
// the environment named envName: src with the environment, made once, as
// the environment's name (env) is boxed once.
type serverFactsVar struct {
	src     *values.Hash
	envName string
	env     values.Value
	merged  *values.Hash
}

// nodeLayout is the top scope's variables that a node's facts and server
// facts make (setNodeParameters), for nodes whose facts have the same
// names in the same order: a batch's nodes, or one node compiled again.
// Its names and index are the program's, shared by the compiles that use
// it: each table takes the index as its base (varTable.base), which it
// never writes, indexing the variables it adds apart, and the names as a
// list whose room, if any, holds the names that an earlier compile's top
// scope added after them (learned), which a table extends its list over
// while it adds the same names, never writing them (varTable.sharedRoom).
type nodeLayout struct {
	facts, serverFacts []string // the keys it was made from
	names              []string // the variables, nodeVariableNames last
	// runs are where the variables' values are in the facts and server
	// facts: runs of entries copied as one (most of a hash is one)
	runs  []valueRun
	index map[string]int
	odd   int
	// fitKeys are the lists of keys (their first element) of the facts
	// and server facts last found to fit (keysFit)
	fitKeys [2]atomicptr.Pointer[values.Value]
	// learned is names followed by the names the top scope of the first
	// compile through the layout that added any added after them (main's
	// $title and $name, the main manifest's variables): set once, never
	// written after
	learned atomicptr.Pointer[[]string]
}

// valueRun is n variables of a nodeLayout from at, whose values are the
// facts' (or with server, the server facts') n values from src.
type valueRun struct {
	at, src, n int
	server     bool
}

// maxLearned bounds the names a nodeLayout learns (nodeLayout.learned).
const maxLearned = 256

// setNodeVariables sets the node's variables on an empty top scope
// through the program's nodeLayout, made anew when the facts' names are
// not its; false when a name is one setvar treats apart (digits).
func (c *Ctx) setNodeVariables(facts, serverFacts *values.Hash) bool {
	t := c.top.symtable
	if len(t.names) > 0 || t.layout != nil {
		return false
	}
	l := atomicptr.Load(&c.prog.nodeLayout)
	if !l.fits(facts, serverFacts) {
		if l = newNodeLayout(facts, serverFacts); l == nil {
			return false
		}
		atomicptr.Store(&c.prog.nodeLayout, l)
	}
	vals := reuseList(c.arena, func(a *arena) *[]values.Value { return &a.topVals }, len(l.names)+8)[:len(l.names)]
	for _, r := range l.runs {
		h := facts
		if r.server {
			h = serverFacts
		}
		copy(vals[r.at:r.at+r.n], h.Values()[r.src:])
	}
	node := c.nodeVariables(facts, serverFacts)
	copy(vals[len(vals)-len(node):], node[:])
	names := l.names[:len(l.names):len(l.names)]
	if learned := atomicptr.Load(&l.learned); learned != nil {
		names = (*learned)[:len(l.names)]
		t.sharedRoom = true
	}
	t.names, t.vals, t.base, t.odd = names, vals, l.index, l.odd
	c.nodeLayout = l
	return true
}

// learnTopNames gives the compile's nodeLayout, unless it has them, the
// names its top scope added after the node's variables, for the compiles
// after it (nodeLayout.learned).
func (c *Ctx) learnTopNames() {
	l, t := c.nodeLayout, c.top.symtable
	if l == nil || len(t.names) == len(l.names) || atomicptr.Load(&l.learned) != nil {
		return
	}
	n := min(len(t.names), len(l.names)+maxLearned)
	learned := append(make([]string, 0, n), t.names[:n]...)
	atomicptr.CompareAndSwap(&l.learned, nil, &learned)
}

// fits reports whether the facts' and server facts' keys are the ones l
// was made from.
func (l *nodeLayout) fits(facts, serverFacts *values.Hash) bool {
	return l != nil && l.keysFit(0, facts, l.facts) && l.keysFit(1, serverFacts, l.serverFacts)
}

// keysFit is keysAre(h, names), for the facts (i 0) or the server facts
// (1): at once for a hash whose list of keys is one l found to be names
// before (fitKeys). A fleet's facts, read one after another, share their
// keys' list (values.Hash.WithValues), which no hash changes, and which
// fitKeys keeps from being another's.
func (l *nodeLayout) keysFit(i int, h *values.Hash, names []string) bool {
	keys := h.Keys()
	if len(keys) > 0 && len(keys) == len(names) && unsafe.SliceData(keys) == atomicptr.Load(&l.fitKeys[i]) {
		return true
	}
	if !keysAre(h, names) {
		return false
	}
	if len(keys) > 0 {
		atomicptr.Store(&l.fitKeys[i], unsafe.SliceData(keys))
	}
	return true
}

// keysAre reports whether h's keys are the strings names, in order. The
// keys of facts read for a layout's nodes are mostly names' very strings
// (a facts reader keeps its strings): the same bytes are equal, without a
// call to compare them.
func keysAre(h *values.Hash, names []string) bool {
	keys := h.Keys()
	if len(keys) != len(names) {
		return false
	}
	for i, key := range keys {
		k, ok := key.(values.String)
		if name := names[i]; !ok || len(k) != len(name) || (!sameBytes(string(k), name) && string(k) != name) {
			return false
		}
	}
	return true
}

// newNodeLayout is the layout of facts and server facts' variables, as
// setNodeParameters' loop sets them, or nil when a key is no string or a
// name is one setvar fails on (digits, or a node variable's set later).
func newNodeLayout(facts, serverFacts *values.Hash) *nodeLayout {
	l := &nodeLayout{index: make(map[string]int, facts.Len()+serverFacts.Len()+len(nodeVariableNames))}
	for j, h := range []*values.Hash{facts, serverFacts} {
		keys := make([]string, h.Len())
		for i := range keys {
			k, ok := h.KeyAt(i).(values.String)
			if !ok || isDigits(string(k)) || k == "server_facts" || k == "facts" {
				return nil // setvar fails (setNodeParameters' loop)
			}
			keys[i] = string(k)
			if _, dup := l.index[keys[i]]; dup || notNodeVariable(keys[i]) {
				continue
			}
			l.index[keys[i]] = len(l.names)
			l.addValue(len(l.names), i, j == 1)
			l.names = append(l.names, keys[i])
			if erb.OddName(keys[i]) {
				l.odd++
			}
		}
		if j == 0 {
			l.facts = keys
		} else {
			l.serverFacts = keys
		}
	}
	for _, name := range nodeVariableNames {
		l.index[name] = len(l.names)
		l.names = append(l.names, name)
	}
	return l
}

// addValue adds the variable at, whose value is the facts' (or with
// server, the server facts') value src, to l's runs: to the last run when
// it is the next of both.
func (l *nodeLayout) addValue(at, src int, server bool) {
	if n := len(l.runs); n > 0 {
		if r := &l.runs[n-1]; r.server == server && r.at+r.n == at && r.src+r.n == src {
			r.n++
			return
		}
	}
	l.runs = append(l.runs, valueRun{at: at, src: src, n: 1, server: server})
}

// trustedFor is $trusted for an authenticated agent with a certificate name.
func trustedFor(certname string) *values.Hash { return TrustedFor(certname, nil, nil) }

// TrustedFor is $trusted for an authenticated agent with a certificate
// name, its certificate's extensions and trusted external data (nil for
// none), as Puppet's TrustedInformation makes it. Each compile of a
// server's (and of a fleet's) makes one: its hash, entries and Strings
// are one allocation (trustedRoom), its keys distinct and the program's.
func TrustedFor(certname string, extensions, external *values.Hash) *values.Hash {
	if extensions == nil {
		extensions = values.EmptyHash
	}
	if external == nil {
		external = values.EmptyHash
	}
	host, domain, hasDomain := strings.Cut(certname, ".")
	r := &trustedRoom{strs: [...]values.String{values.String(certname), values.String(host), values.String(domain)}}
	var dom values.Value = values.Undef
	if hasDomain {
		dom = values.StringAt(&r.strs[2])
	}
	r.vals = [...]values.Value{authenticatedRemote, values.StringAt(&r.strs[0]), extensions, values.StringAt(&r.strs[1]), dom, external}
	r.hash = values.HashLit(trustedKeys[:], r.vals[:])
	return &r.hash
}

// trustedRoom is what TrustedFor makes, together.
type trustedRoom struct {
	hash values.Hash
	vals [len(trustedKeys)]values.Value
	strs [3]values.String // certname, hostname, domain
}

// trustedKeys are $trusted's keys, in Puppet's order.
var trustedKeys = [...]values.Value{values.String("authenticated"), values.String("certname"),
	values.String("extensions"), values.String("hostname"), values.String("domain"), values.String("external")}

var authenticatedRemote values.Value = values.String("remote")

func (c *Ctx) createSettingsScope() {
	settings := &settingsClass
	res := c.newResource(Resource{Type: "Class", Title: "Settings", Kind: kindUnknown, scope: c.top, source: settings, class: settings})
	c.firstTag(res, "class", 1)
	res.tagIfValid("Settings")
	c.catalog.add(res)
	// What evaluateCode does for a class with no parent, parameters or
	// body, but the variables: the scope's table, its title and name
	// followed by the settings, is the program's, shared by its
	// compiles (no code runs in the settings scope, so nothing sets a
	// variable in it), and the parameters' check, which no parameter
	// fails, is made once.
	s := c.top.newChild(settings, res)
	s.settingsPending = true // its variables are set on its first lookup (ready)
	c.catalog.addClass(settings.Name, false)
	s.setClassScope(settings.Name, s)
	c.addEdgeToStage(res)
	_, layout := settings.made().sig.get(c, nil, "")
	res.checked = !layout.checkAgain
	res.evaluated = true
}

// settingsClass is the class of the settings scope, which Puppet makes
// without a module name, parameters or code: one for every compile.
var settingsClass = Class{Name: "settings", noModule: true}

// ---- main and node ----

func (c *Ctx) evaluateMain() {
	c.evaluateCode(c.addMain(), c.prog.mainClass)
}

// addMain adds the resource of the main class, Class[main], the top
// scope's resource, and returns it.
func (c *Ctx) addMain() *Resource {
	main := c.prog.mainClass
	c.top.source = main
	// The title is the symbol :main, which is not a valid tag.
	res := c.newResource(Resource{Type: "Class", Title: "main", mainTitle: true, Kind: kindUnknown, scope: c.top, source: main, class: main})
	c.firstTag(res, "class", 0)
	c.top.resource = res
	c.main = res
	c.addResource(c.top, res)
	res.evaluated = true
	return res
}

func (c *Ctx) evaluateNodeDefinition() {
	if c.node.Main != nil {
		def := &NodeDef{Matches: []NodeMatch{{Default: true}}, Body: c.node.Main}
		res := c.newResource(Resource{Type: "Node", Title: "default", Kind: kindUnknown, scope: c.top, source: def})
		c.firstTag(res, "node", 2)
		res.tagIfValid("default")
		c.catalog.mergeTags(res.Tags)
		c.addResource(c.top, res)
		res.evaluated = true
		c.evaluateNodeCode(res, def, nil)
		return
	}
	if len(c.prog.nodes) == 0 {
		return
	}
	def, match := c.prog.findNode(c.node.Name)
	if def == nil {
		panic(&detailError{msg: fmt.Sprintf("Could not find node statement with name 'default' or '%s'", c.node.Name)})
	}
	title := def.name()
	for _, m := range def.Matches {
		if !m.Default && m.Regexp == nil && m.Name == strings.ToLower(c.node.Name) {
			title = m.Name
		}
	}
	res := c.newResource(Resource{Type: "Node", Title: title, Kind: kindUnknown, scope: c.top, source: def})
	c.firstTag(res, "node", 2)
	res.tagIfValid(title)
	c.catalog.mergeTags(res.Tags)
	c.addResource(c.top, res)
	res.evaluated = true
	c.evaluateNodeCode(res, def, match)
}

// firstTag gives r, a resource the compile makes itself before it joins
// the catalog (the main stage, the main and settings classes, the node),
// its first tag t, a valid lowercase tag of one segment, as r.tag(t)
// would, in a list of the compile's chunks with room for more tags.
func (c *Ctx) firstTag(r *Resource, t string, more int) {
	r.Tags = append(makeSlice(&c.tagLists, 1+more, 512), t)
}

// ---- adding resources ----

// addResource is Compiler#add_resource: the resource joins the catalog and,
// unless it is a class or stage, is contained by its scope's resource.
func (c *Ctx) addResource(s *Scope, r *Resource) {
	c.addResourceTo(s, r, c.typeList(r.Type))
}

// typeList is c.byType's list of the resources of a type, made for a type
// that has none yet: the list is appended in place.
func (c *Ctx) typeList(typ string) *[]*Resource {
	if c.byType == nil {
		c.byType = make(map[string]*[]*Resource, c.prog.lastTypes.Load())
	}
	list := c.byType[typ]
	if list == nil {
		n, ok := readmap.Load(&c.prog.typeCounts, typ)
		if !ok {
			n = 4
		}
		list = alloc(&c.byTypeSlab, 32)
		*list = makeSlice(&c.resourceLists, n, 256)
		c.byType[typ] = list
	}
	return list
}

// addResourceTo is addResource with r's type's list (typeList(r.Type)).
func (c *Ctx) addResourceTo(s *Scope, r *Resource, list *[]*Resource) {
	c.resources = append(c.resources, r)
	*list = append(*list, r)
	if stage := c.catalog.add(r); stage != nil && !r.isClass() {
		Errorf("Only classes can set 'stage'; normal resources like %s cannot change run stage", r.Ref())
	}
	if r.isStage() {
		return
	}
	if !r.isClass() {
		c.catalog.addEdge(s.resource, r)
	}
}

// ofType is the resources of a type that code added, in order.
func (c *Ctx) ofType(typ string) []*Resource {
	if list := c.byType[typ]; list != nil {
		return *list
	}
	return nil
}

// ---- the generator loop ----

// evaluateGenerators evaluates collections and defined type instances until
// neither finds anything new (Compiler#evaluate_generators).
func (c *Ctx) evaluateGenerators() {
	for count := 0; ; count++ {
		done := true
		if c.evaluateCollections() {
			done = false
		}
		if c.evaluateDefinitions() {
			done = false
		}
		if done {
			return
		}
		if count > 1000 {
			Fail("Somehow looped more than 1000 times while evaluating host catalog")
		}
	}
}

// evaluateCollections runs the collectors there are as it starts: those
// made meanwhile are appended to c.collections, beyond the list range
// took, and run in the next round.
func (c *Ctx) evaluateCollections() bool {
	found := false
	for _, coll := range c.collections {
		if coll.evaluate(c) {
			found = true
		}
	}
	return found
}

// evaluateDefinitions evaluates the defined type instances and classes that
// are in the catalog but not evaluated yet.
func (c *Ctx) evaluateDefinitions() bool {
	// the resources before definedFrom are evaluated or native, for
	// good: each round looks only at those after
	from := c.definedFrom
	for from < len(c.resources) && (c.resources[from].evaluated || c.resources[from].builtin()) {
		from++
	}
	c.definedFrom = from
	// the list of the round before, unless a round runs within this one
	pending := c.pendingBuf[:0]
	if pending == nil { // room for all: made once
		pending = make([]*Resource, 0, len(c.resources))
	}
	c.pendingBuf = nil
	for _, r := range c.resources[from:] {
		if !r.evaluated && !r.Virtual && !r.builtin() {
			pending = append(pending, r)
		}
	}
	for _, r := range pending {
		c.evaluateLazily(r)
	}
	clear(pending)
	c.pendingBuf = pending[:0]
	return len(pending) > 0
}

// evaluateLazily evaluates a defined type instance in the generator loop.
// Puppet reports what fails there as an error of the resource's statement,
// around the complete inner message.
func (c *Ctx) evaluateLazily(r *Resource) {
	defer func() {
		rec := recover()
		if rec == nil {
			return
		}
		var detail string
		switch e := rec.(type) {
		case *Error:
			detail = e.Message
		case *detailError:
			detail = e.msg
		case controlFlow, *fn.FatalError:
			// a FatalError is no StandardError: Puppet's generator loop
			// lets it through as it is
			panic(rec)
		case *fn.BreakSignal:
			// Compiler#evaluate_definitions fails with the
			// PuppetStopIteration itself as the semantic object: an
			// Object, at the break's file and line.
			msg := "Evaluation Error: Error while evaluating an Object, " + breakSignal{}.outsideMessage()
			if loc := locationString(e.File, e.Line, 0); loc != "" {
				msg += " " + loc
			}
			panic(&Error{Message: msg, File: e.File, Line: e.Line, Code: "RUNTIME_ERROR"})
		case error:
			detail = e.Error()
		default:
			panic(rec)
		}
		msg := "Evaluation Error: Error while evaluating a Resource Statement, " + detail
		if loc := locationString(r.File, r.Line, 0); loc != "" {
			msg += " " + loc
		}
		panic(&Error{Message: msg, File: r.File, Line: r.Line, Code: "RUNTIME_ERROR"})
	}()
	c.evaluateResource(r)
}

// evaluateResource evaluates a class, node or defined type instance once.
func (c *Ctx) evaluateResource(r *Resource) {
	if r.evaluated {
		return
	}
	r.evaluated = true
	c.finishEvaluation(r)
	switch {
	case r.define != nil:
		c.evaluateDefine(r)
	case r.class != nil:
		c.evaluateCode(r, r.class)
	default:
		Errorf("Cannot find definition %s", r.Type)
	}
}

// finishEvaluation adds the tags of the resource's scope (Puppet's
// finish_evaluation, done before a definition's code runs and at finish).
func (c *Ctx) finishEvaluation(r *Resource) {
	if r.tagsMerged {
		return
	}
	r.tagsMerged = true
	if sr := r.scope.resource; sr != nil && sr != r {
		// no tag collector's verdict changes (tagsChanged): r is
		// tagged (rawTagged) with its scope resource's tags already
		r.scopeTagsHeld = int32(len(sr.Tags))
		// a native resource is finished last, with no code of its own
		// to run: it takes the tags when they are read (most are
		// written as a catalog before wrote them, keptResource.same,
		// without their list)
		r.tagsDeferred = true
		if r.native == nil {
			r.takeScopeTags()
		}
	}
}

func (c *Ctx) failOnUnevaluated() {
	var remaining []string
	for _, key := range c.overrideOrder {
		for _, o := range c.overrides[key] {
			remaining = append(remaining, o.Ref())
		}
	}
	if len(remaining) > 0 {
		Fail("Could not find resource(s) " + strings.Join(remaining, ", ") + " for overriding")
	}
	var unresolved []string
	for _, coll := range c.collections {
		unresolved = append(unresolved, coll.unresolved()...)
	}
	if len(unresolved) > 0 {
		Fail("Failed to realize virtual resources " + strings.Join(unresolved, ", "))
	}
}

// ---- logging ----

// logAt records a message at a level (notice, warning, err, ...), located
// at a site; s is the scope of a log function's call, which Puppet names
// as the message's source.
func (c *Ctx) logAt(level string, site *Site, msg string, s *Scope) {
	if c.prog.DropDebug && level == "debug" {
		return
	}
	e := LogEntry{Level: level, Message: msg}
	if site != nil && site.File != nil {
		e.File, e.Line, e.Column = site.File.Path, int(site.Line), int(site.Column)
	}
	if s != nil && s.resource != nil {
		e.Scope = "Scope(" + s.resource.Ref() + ")"
	}
	c.logs = append(c.logs, e)
}

// Warning logs a warning located at a site.
func (c *Ctx) Warning(site *Site, msg string) { c.logAt("warning", site, msg, nil) }

// Logs returns what the compilation logged so far.
func (c *Ctx) Logs() []LogEntry { return c.logs }

// Program is the environment being compiled.
func (c *Ctx) Program() *Program { return c.prog }

// NodeName is the name of the node being compiled.
func (c *Ctx) NodeName() string { return c.node.Name }
