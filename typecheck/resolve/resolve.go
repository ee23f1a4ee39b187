// Package resolve binds every name of a loaded environment to what Puppet
// 7.23 would bind it to, on every code path, and reports the references
// that cannot resolve: classes (include, require, contain, class { },
// Class[...], inherits), resource types and their attributes, functions
// and their argument counts, type aliases, and variables. Each diagnostic
// has a stable code, Puppet's wording where Puppet has one, and a "did you
// mean" hint when a near name exists.
//
// Side tables record what each function call and type reference resolved
// to, for the code generator.
package resolve

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	fhiera "github.com/pp2go/pp2go/frontend/hiera"
	"github.com/pp2go/pp2go/frontend/rubyscan"
	rthiera "github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck/corefn"
	"github.com/pp2go/pp2go/typecheck/facts"
	"github.com/pp2go/pp2go/typecheck/rubyresult"
)

// Diagnostic codes.
const (
	UnknownClass          = "UNKNOWN_CLASS"
	UnknownResourceType   = "UNKNOWN_RESOURCE_TYPE"
	UnknownParameter      = "UNKNOWN_PARAMETER"
	MissingParameter      = "MISSING_PARAMETER"
	TypeMismatch          = "TYPE_MISMATCH"           // a value (literal, or of an inferred type) that a declared type rejects
	MatchNotString        = "MATCH_NOT_STRING"        // a regexp match of a value that is no String
	ComparisonNotPossible = "COMPARISON_NOT_POSSIBLE" // an ordering of values Puppet cannot order
	OperatorNotApplicable = "OPERATOR_NOT_APPLICABLE" // arithmetic on a value of a kind the operator does not take (and _WHEN: with the other operand's)
	NotNumeric            = "NOT_NUMERIC"             // arithmetic on a value that is no number and converts to none
	DivByZero             = "DIV_BY_ZERO"             // an Integer divided by zero
	IllegalTitleType      = "ILLEGAL_TITLE_TYPE_AT"   // a resource title that is no String
	MissingTitle          = "MISSING_TITLE"           // a resource title that is undef (or the first of a list of them)
	UnmatchedSelector     = "UNMATCHED_SELECTOR"      // a selector none of whose options matches its test
	DuplicateDeclaration  = "DUPLICATE_DECLARATION"   // a block's second declaration of a resource
	IllegalReassignment   = "ILLEGAL_REASSIGNMENT"    // an assignment of a variable its scope binds already
	DuplicateAttribute    = "DUPLICATE_ATTRIBUTE"     // an attribute a resource body sets twice
	UnknownFunction       = "UNKNOWN_FUNCTION"
	WrongArguments        = "WRONG_ARGUMENTS"
	UnknownType           = "UNKNOWN_TYPE"
	UnknownVariable       = "UNKNOWN_VARIABLE"
	DuplicateDefinition   = "DUPLICATE_DEFINITION"
	LoadedByChance        = "LOADED_BY_CHANCE"
	UnknownFile           = "UNKNOWN_FILE"     // a template or file of a module that does not exist
	TypeLoadFailed        = "TYPE_LOAD_FAILED" // a resource of, or reference to, a module type whose autoload fails (Options.TypeLoadError)
)

// CoreFunctions are the functions Puppet itself provides. The checker's
// default is the table of package corefn; the runtime's function registry
// can take its place.
type CoreFunctions interface {
	// Signatures returns the function's dispatches and API (3 or 4), and
	// whether Puppet has a function of that name. nil signatures mean any
	// arguments.
	Signatures(name string) (sigs []rubyscan.Signature, api int, ok bool)
	// Names are all the names, for suggestions.
	Names() []string
	// MismatchHandled says whether the function answers arguments that
	// none of its signatures takes in its own way (argument_mismatch
	// dispatches): the checker then leaves their types to it.
	MismatchHandled(name string) bool
	// Result is what a call of the function returns, when it is known.
	Result(name string) (corefn.Result, bool)
}

// corefnTable is package corefn's table of a release's functions.
type corefnTable struct{ r *corefn.Release }

func (t corefnTable) Signatures(name string) ([]rubyscan.Signature, int, bool) {
	f, ok := t.r.Lookup(name)
	if !ok {
		return nil, 0, false
	}
	return f.Signatures, f.API, true
}

func (t corefnTable) Names() []string { return t.r.Names() }

func (t corefnTable) Result(name string) (corefn.Result, bool) { return t.r.Result(name) }

func (t corefnTable) MismatchHandled(name string) bool {
	f, ok := t.r.Lookup(name)
	return ok && f.MismatchHandled
}

// Options tune the checks.
type Options struct {
	// All checks every file of the module path. Otherwise, for an
	// environment, the checker checks the environment's own files (its
	// main manifest, functions/, types/ and the modules inside its
	// directory) and every definition they reach, on every code path:
	// modules of the base module path that the environment never uses are
	// not its code. A bare module path is always checked whole.
	All bool
	// Everywhere checks the code the environment does not reach too (the
	// classes an ENC or Hiera names, every class of a sweep), for the side
	// tables the code generator reads: what it finds there is not
	// reported.
	Everywhere bool
	// StrictVariables makes a reference to a variable that no scope
	// assigns an error, as Puppet's strict_variables setting does; by
	// default it is a warning.
	StrictVariables bool
	// Core are Puppet's own functions; nil means package corefn's table
	// of the Puppet release.
	Core CoreFunctions
	// Puppet is the major version of the Puppet release the code is
	// checked for (the wording of its messages): 7 or 8; 0 is 7.
	Puppet int
	// HieraConfig is the global Hiera layer's hiera.yaml ("" for none),
	// whose data binds class parameters as the environment's does.
	HieraConfig string
	// TypeLoadError is what autoloading a module's resource type fails
	// with in the release ("Could not autoload puppet/type/NAME: ...",
	// codegen.TypeLoads.InRelease), "" when it loads; nil: every type
	// loads. Puppet fails each resource of such a type and each reference
	// to it.
	TypeLoadError func(*restype.Type) string
}

// Callee is what a function call resolves to.
type Callee struct {
	Name string
	Core bool             // one of Puppet's own functions
	API  int              // 3 or 4 for Ruby functions (core or not); 0 for Puppet-language ones
	Env  *env.FunctionRef // the environment's function; nil for core ones
	File *env.File        // the file of the call (set for the environment's functions)
}

// TypeRef is what a capitalized name (ast.QualifiedReference) resolves to.
type TypeRef struct {
	Name    string
	Builtin bool              // one of Puppet's types (Integer, Class, Resource, ...)
	Alias   *env.Def          // a type alias or type definition
	Native  *env.ResourceType // a native resource type
	Define  *env.Def          // a defined type
}

// Result is what Check found.
type Result struct {
	Diags diag.List
	// Calls maps each call (*ast.CallNamedFunctionExpression or
	// *ast.CallMethodExpression) to its function; unknown ones are absent.
	Calls map[ast.Expr]*Callee
	// Types maps each resolved type reference to what it names.
	Types map[*ast.QualifiedReference]*TypeRef
	// ArgTypes maps the arguments of function calls (a method call's
	// receiver included) that are not literal to the type their value is
	// proven to have (infer.go), where the checker could prove one.
	ArgTypes map[ast.Expr]values.Type
	// ProvenAttrs holds the attributes (`name => value`) of class and
	// defined type declarations whose value the checker proved the
	// parameter's declared type accepts on every node: a literal it
	// accepts, or an expression of an inferred type assignable to it.
	// Their values need no check when the resource's parameters are bound.
	ProvenAttrs map[*ast.AttributeOperation]bool
	// Operands maps the operands of comparisons and arithmetic and the
	// conditions of if, unless, and, or and ! that are not literal to the
	// type their value is proven to have (infer.go), where the checker
	// could prove one: the code generator lowers operations on Booleans,
	// Integers and Strings to Go's operations on their values.
	Operands map[ast.Expr]values.Type
	// Constants maps the expressions that are not literals but whose
	// value the build knows, a String, Integer or Boolean, to it
	// (constants.go): the reads of local variables assigned such a value,
	// and interpolation and operations of such values. The code generator
	// puts the value in their place.
	Constants map[ast.Expr]values.Value
}

// Check resolves the environment's code (see Options.All) and returns its
// diagnostics, those of loading the files it checked included.
func Check(e *env.Env, opts Options) *Result {
	if opts.Core == nil {
		r := corefn.Of(opts.Puppet)
		if r == nil {
			r = corefn.Of(7)
		}
		opts.Core = corefnTable{r}
	}
	c := &checker{env: e, opts: opts, res: &Result{Calls: map[ast.Expr]*Callee{}, Types: map[*ast.QualifiedReference]*TypeRef{}, ArgTypes: map[ast.Expr]values.Type{}, ProvenAttrs: map[*ast.AttributeOperation]bool{}, Operands: map[ast.Expr]values.Type{}, Constants: map[ast.Expr]values.Value{}},
		checkedFiles: map[*env.File]bool{}, checkedDefs: map[ast.Definition]bool{}}
	c.prepare()
	all := opts.All || e.Dir == ""
	var own []*env.File
	for _, f := range e.Files {
		if all || isUnder(f.Path, e.Dir) {
			c.checkedFiles[f] = true
			own = append(own, f)
		}
	}
	for _, f := range own {
		if !f.Failed() && f.Role != env.PcoreTypeFile {
			c.checkFile(f)
		}
	}
	c.drain()
	c.checkDuplicates()
	if opts.Everywhere && !all {
		c.checkRest()
	}
	files := map[string]*env.File{}
	for _, f := range e.Files {
		files[f.Path] = f
	}
	var loadDiags []*diag.Diagnostic
	for _, d := range e.Diags {
		f := files[d.File]
		switch {
		case f != nil && !c.checkedFiles[f]:
		case d.Severity == diag.Error && c.outside(f):
			cp := *d
			cp.Severity = diag.Warning
			cp.Hint = outsideHint
			loadDiags = append(loadDiags, &cp)
		default:
			loadDiags = append(loadDiags, d)
		}
	}
	c.res.Diags = append(loadDiags, c.res.Diags...)
	env.SortDiags(c.res.Diags)
	return c.res
}

// checkRest checks the files and definitions the environment's own code
// does not reach, for the side tables alone (Options.Everywhere): what
// it finds there is not reported.
func (c *checker) checkRest() {
	reached := maps.Clone(c.checkedFiles)
	n := len(c.res.Diags)
	for _, f := range c.env.Files {
		if !c.checkedFiles[f] {
			c.checkedFiles[f] = true
			if !f.Failed() && f.Role != env.PcoreTypeFile {
				c.checkFile(f)
			}
		}
	}
	c.drain()
	c.res.Diags = c.res.Diags[:n]
	c.checkedFiles = reached
}

// drain checks the files and definitions the checks so far reached.
func (c *checker) drain() {
	for len(c.queue) > 0 || len(c.queueFiles) > 0 {
		if len(c.queueFiles) > 0 {
			f := c.queueFiles[0]
			c.queueFiles = c.queueFiles[1:]
			c.checkFile(f)
			continue
		}
		d := c.queue[0]
		c.queue = c.queue[1:]
		c.checkDef(d)
	}
}

// outsideHint explains why an error in a module outside the environment
// directory is reported as a warning.
const outsideHint = "in a module outside the environment directory, reached from it: a warning here, an error with --all or with pp2go check --modulepath"

// outside reports whether f is code that the environment uses but does not
// contain (a module of the base module path, for example): its errors are
// reported as warnings, since they are the module's defects on code paths
// the environment may never take; Options.All makes them errors.
func (c *checker) outside(f *env.File) bool {
	return !c.opts.All && c.env.Dir != "" && f != nil && !isUnder(f.Path, c.env.Dir)
}

func isUnder(path, dir string) bool {
	return dir != "" && len(path) > len(dir) && path[len(dir)] == filepath.Separator && strings.HasPrefix(path, dir)
}

// reach notes that checked code refers to a definition: it is checked in
// its turn (once), since it is on a code path of the environment.
func (c *checker) reach(d *env.Def) {
	if d == nil || c.checkedDefs[d.Node] || c.checkedFiles[d.File] {
		return
	}
	c.checkedDefs[d.Node] = true
	c.queue = append(c.queue, d)
}

// reachFile notes that checked code uses a file (an EPP template).
func (c *checker) reachFile(f *env.File) {
	if f == nil || c.checkedFiles[f] {
		return
	}
	c.checkedFiles[f] = true
	if !f.Failed() {
		c.queueFiles = append(c.queueFiles, f)
	}
}

// checkDef checks one reached definition in its file's context.
func (c *checker) checkDef(d *env.Def) {
	if d.File.Failed() {
		c.checkedFiles[d.File] = true // so that its errors are reported
		return
	}
	c.file, c.mod = d.File, d.File.Module
	c.expr(d.Node, &scope{vars: map[string]bool{}})
}

type checker struct {
	env  *env.Env
	opts Options
	res  *Result

	file *env.File
	mod  *env.Module

	topVars    map[string]bool // assigned at the main manifest's top level
	nodeVars   map[string]bool // assigned in node definitions (node scope)
	moduleFact map[string]bool // custom facts of modules (lib/facter)
	dataTypes  map[string]bool // Ruby data types (lib/puppet/datatypes), lower case
	classVars  map[*env.Def]map[string]bool
	defaults   map[string]map[string]bool // resource defaults and overrides anywhere: type ("*": any) -> attributes ("*": any, a splat)
	declared   map[string]bool            // classes declared resource-like somewhere (class { 'x': })
	hieraText  []string                   // the text of Hiera data files, for automatic parameter lookup
	hieraWords string                     // their words that may hold a key (hieraMentions)
	hieraAny   bool                       // a layer's lookup_key or data_dig function may give any key
	// the environment's Hiera data, read once (hieraData), and the keys
	// its lookup_options name (hieraOptions)
	hiera          *rthiera.Data
	hieraRead      bool
	hieraOptioned  map[string]bool
	dataOwners     map[string]*string                           // the module whose data each data file is, nil for the other layers' (hieraLayerOf)
	candidates     map[string][]string                          // suggestion candidates by kind
	types          map[ast.Expr]values.Type                     // parameter types known at build time (staticType)
	aliases        *values.AliasRegistry                        // the environment's type aliases (envAliases)
	exprTypes      map[exprIn]values.Type                       // the types typeOf inferred (nil: none)
	constants      map[exprIn]values.Value                      // the values constant evaluated (nil: not known)
	rubyResults    map[*env.RubyFunction]rubyresult.Result      // what Ruby functions return (rubyResult)
	classVarTypes  map[classVar]values.Type                     // the final types of classes' variables (classVarType)
	classReadTypes map[classVar]values.Type                     // the types of classes' variables read anywhere (classReadType)
	ownVars        map[*ast.HostClassDefinition]map[string]bool // a class's own variables (ownVariable)

	checkedFiles map[*env.File]bool      // files checked whole (their load diagnostics are reported)
	checkedDefs  map[ast.Definition]bool // definitions checked
	queue        []*env.Def              // reached definitions still to check
	queueFiles   []*env.File             // reached templates still to check
}

// scope is a variable scope: a definition's or a lambda's. Top-scope and
// node-scope variables and facts are visible from every scope.
type scope struct {
	vars   map[string]bool
	parent *scope
	// skip turns variable checks off: an EPP template without parameters
	// sees its caller's scope, which is not known here.
	skip bool
	// body is the code whose assignments vars holds (nil when unknown)
	body ast.Expr
	// types are the types of the typed parameters among vars (typedParams)
	types map[string]values.Type
	// class is the class whose scope this is (nil for another scope)
	class *ast.HostClassDefinition
	// allAssigns caches allAssignments()
	allAssigns map[string][]*ast.AssignmentExpression
	// reads are the variable reads of body (holds)
	reads map[*ast.VariableExpression]bool
}

func (s *scope) has(name string) bool {
	for ; s != nil; s = s.parent {
		if s.vars[name] {
			return true
		}
	}
	return false
}

func (c *checker) report(sev diag.Severity, code string, n ast.Positioned, hint string, format string, args ...any) {
	if sev == diag.Error && c.outside(c.file) {
		sev = diag.Warning
		if hint != "" {
			hint += "; "
		}
		hint += outsideHint
	}
	d := &diag.Diagnostic{Severity: sev, Code: code, Message: fmt.Sprintf(format, args...), Hint: hint}
	if n != nil && c.file != nil && c.file.Program != nil {
		d.At(c.file.Program.File, int(n.Span().Offset))
	} else if c.file != nil {
		d.File = c.file.Path
	}
	c.res.Diags = append(c.res.Diags, d)
}

func (c *checker) errorf(code string, n ast.Positioned, hint string, format string, args ...any) {
	c.report(diag.Error, code, n, hint, format, args...)
}

func (c *checker) warnf(code string, n ast.Positioned, hint string, format string, args ...any) {
	c.report(diag.Warning, code, n, hint, format, args...)
}

// mayProvide records that resource defaults or overrides may set the
// attributes ops set on resources of the type typeName ("*": of any
// type), all of them ("*") for a splat (c.defaults).
func (c *checker) mayProvide(typeName string, ops []ast.AttributeOp) {
	for _, o := range ops {
		name := "*"
		if a, ok := o.(*ast.AttributeOperation); ok {
			name = a.Name
		}
		m := c.defaults[typeName]
		if m == nil {
			m = map[string]bool{}
			c.defaults[typeName] = m
		}
		m[name] = true
	}
}

// provided reports whether resource defaults or overrides may set the
// attribute name of resources of the defined type typeName.
func (c *checker) provided(typeName, name string) bool {
	for _, t := range [...]string{typeName, "*"} {
		if m := c.defaults[t]; m[name] || m["*"] {
			return true
		}
	}
	return false
}

// overriddenTypes are the (lowercase) types of the resources a resource
// override names: D['x'] and lists of such; "*" where the expression does
// not say (a variable, Resource['d', 'x']).
func overriddenTypes(e ast.Expr) []string {
	switch x := e.(type) {
	case *ast.LiteralList:
		var out []string
		for _, v := range x.Values {
			out = append(out, overriddenTypes(v)...)
		}
		return out
	case *ast.AccessExpression:
		if r, ok := x.Left.(*ast.QualifiedReference); ok && r.Value() != "resource" {
			return []string{r.Value()}
		}
	}
	return []string{"*"}
}

// prepare collects what every check needs: top-scope and node-scope
// variables, resource defaults, resource-like class declarations, module
// facts and data types, and Hiera data.
func (c *checker) prepare() {
	c.topVars = map[string]bool{}
	c.nodeVars = map[string]bool{}
	c.classVars = map[*env.Def]map[string]bool{}
	c.defaults = map[string]map[string]bool{}
	c.declared = map[string]bool{}
	c.moduleFact = map[string]bool{}
	c.dataTypes = map[string]bool{}
	for _, f := range c.env.Manifests {
		if f.Program != nil {
			assignedNames(f.Program.Body, c.topVars)
		}
	}
	for _, n := range c.env.Index.Nodes {
		if nd, ok := n.Node.(*ast.NodeDefinition); ok {
			assignedNames(nd.Body, c.nodeVars)
		}
	}
	for _, f := range c.env.Files {
		if f.Program == nil {
			continue
		}
		var walk func(n ast.Expr)
		walk = func(n ast.Expr) {
			switch x := n.(type) {
			case *ast.ResourceDefaultsExpression:
				if r, ok := x.TypeRef.(*ast.QualifiedReference); ok {
					c.mayProvide(r.Value(), x.Operations)
				}
			case *ast.ResourceOverrideExpression:
				// D['x'] { a => v }: set before a defined type's
				// resource is evaluated (lazily), as a default is
				for _, t := range overriddenTypes(x.Resources) {
					c.mayProvide(t, x.Operations)
				}
			case *ast.CollectExpression:
				// D <| ... |> { a => v }, the same
				if r, ok := x.TypeExpr.(*ast.QualifiedReference); ok {
					c.mayProvide(r.Value(), x.Operations)
				}
			case *ast.ResourceExpression:
				if q, ok := x.TypeName.(*ast.QualifiedName); ok && q.Value == "class" {
					for _, b := range x.Bodies {
						for _, t := range literalStrings(b.Title) {
							c.declared[strings.TrimPrefix(strings.ToLower(t), "::")] = true
						}
					}
				}
			}
			children(n, walk)
		}
		walk(f.Program.Body)
	}
	roots := append([]*env.Module(nil), c.env.Modules...)
	if c.env.Dir != "" {
		roots = append(roots, &env.Module{Dir: c.env.Dir})
	}
	for _, m := range roots {
		for _, p := range globRb(filepath.Join(m.Dir, "lib", "facter")) {
			for _, n := range factNames(p) {
				c.moduleFact[n] = true
			}
		}
		dtdir := filepath.Join(m.Dir, "lib", "puppet", "datatypes")
		for _, p := range globRbRecursive(dtdir) {
			rel, _ := filepath.Rel(dtdir, strings.TrimSuffix(p, ".rb"))
			c.dataTypes[strings.ToLower(strings.ReplaceAll(filepath.ToSlash(rel), "/", "::"))] = true
		}
	}
	c.readHieraData(roots)
	c.readHieraFunctions()
}

// readHieraData keeps the text of the Hiera data files of the layers
// rooted at roots (hieraDataDirs), so that a class parameter that data
// could bind is not reported as missing.
func (c *checker) readHieraData(roots []*env.Module) {
	dirs := make([]string, len(roots))
	for i, m := range roots {
		dirs[i] = m.Dir
	}
	for _, d := range hieraDataDirs(dirs, c.hieraData()) {
		filepath.WalkDir(d, func(p string, de os.DirEntry, err error) error {
			if err == nil && !de.IsDir() {
				if text, err := os.ReadFile(p); err == nil {
					c.hieraText = append(c.hieraText, string(text))
				}
			}
			return nil
		})
	}
}

// readHieraFunctions keeps the text of the data_hash functions the
// Hiera levels name (a module's or the environment's Puppet or Ruby
// function: its hash names the keys it binds), and notes a lookup_key
// or data_dig function of theirs, which may bind any key.
func (c *checker) readHieraFunctions() {
	for _, b := range hieraBackends(c.hieraData()) {
		ref := c.env.FindFunction(b.Function, nil)
		switch {
		case ref == nil:
		case b.Kind == "lookup_key" || b.Kind == "data_dig":
			c.hieraAny = true
		case ref.Def != nil:
			c.hieraText = append(c.hieraText, ref.Def.File.Source.Text)
		case ref.Ruby != nil:
			if text, err := os.ReadFile(ref.Ruby.Path); err == nil {
				c.hieraText = append(c.hieraText, string(text))
			}
		}
	}
}

// loadHiera reads the Hiera configuration and data of e's layers, and
// of the global layer's hiera.yaml global ("" for none), as the build
// reads them (codegen). Their problems are the build's to report.
func loadHiera(e *env.Env, global string) *rthiera.Data {
	mods := map[string]string{}
	for _, m := range e.Modules {
		mods[m.Name] = m.Dir
	}
	d, _ := fhiera.Load(fhiera.Options{EnvDir: e.Dir, Modules: mods, GlobalConfig: global, EnvDataProvider: e.DataProvider})
	return d
}

// hieraEntries are the hierarchy levels of every layer of d, modules'
// default hierarchies included.
func hieraEntries(d *rthiera.Data) []*rthiera.Entry {
	if d == nil {
		return nil
	}
	configs := []*rthiera.Config{d.Global, d.Env}
	for _, n := range d.ModuleNames {
		configs = append(configs, d.Modules[n])
	}
	var out []*rthiera.Entry
	for _, c := range configs {
		if c != nil {
			out = append(out, c.Hierarchy...)
			out = append(out, c.DefaultHierarchy...)
		}
	}
	return out
}

// hieraBackends are the levels of d whose backend is a function of the
// environment, written in Puppet or Ruby (not one of pp2go's own, such
// as yaml_data), Puppet 4's data provider functions (MODULE::data)
// included.
func hieraBackends(d *rthiera.Data) []*rthiera.Entry {
	var out []*rthiera.Entry
	for _, e := range hieraEntries(d) {
		switch e.Kind {
		case "data_hash", "lookup_key", "data_dig", "v4_data_hash":
			if e.Function != "" && !rthiera.KnownFunction(e.Kind, e.Function) {
				out = append(out, e)
			}
		}
	}
	return out
}

// hieraDataDirs are the directories that may hold Hiera data: each
// root's data/ (Hiera 5's default datadir) and hieradata/ (an old
// habit), and every datadir a level of d names, each once.
func hieraDataDirs(roots []string, d *rthiera.Data) []string {
	var dirs []string
	for _, r := range roots {
		if r != "" {
			dirs = append(dirs, filepath.Join(r, "data"), filepath.Join(r, "hieradata"))
		}
	}
	for _, e := range hieraEntries(d) {
		if e.Datadir != "" {
			dirs = append(dirs, filepath.FromSlash(e.Datadir))
		}
	}
	slices.Sort(dirs)
	return slices.Compact(dirs)
}

// hieraMentions reports whether some Hiera data file mentions key, a
// class's or defined type's name and a parameter's.
func (c *checker) hieraMentions(key string) bool {
	if c.hieraAny {
		return true
	}
	if c.hieraWords == "" {
		c.hieraWords = keyWords(c.hieraText)
	}
	return strings.Contains(c.hieraWords, key)
}

// keyWords are the words of texts that may hold a parameter's key (runs
// of letters, digits, _ and : with a "::" in them), each once, one a
// line: a key is in a text only inside such a word, and the words are
// much less text to search than the files.
func keyWords(texts []string) string {
	seen := map[string]bool{}
	var b strings.Builder
	b.WriteByte('\n')
	for _, t := range texts {
		for i := 0; i < len(t); {
			j := i
			for j < len(t) && keyByte(t[j]) {
				j++
			}
			if w := t[i:j]; strings.Contains(w, "::") && !seen[w] {
				seen[w] = true
				b.WriteString(w)
				b.WriteByte('\n')
			}
			i = j + 1
		}
	}
	return b.String()
}

func keyByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == ':'
}

func (c *checker) checkFile(f *env.File) {
	c.file, c.mod = f, f.Module
	top := &scope{vars: map[string]bool{}}
	if f.Role == env.Template {
		if lambda, ok := f.Program.Body.(*ast.LambdaExpression); ok {
			epp, _ := lambda.Body.(*ast.EppExpression)
			s := &scope{vars: map[string]bool{}, skip: epp == nil || !epp.ParamsSpecified, types: c.typedParams(lambda.Params)}
			for _, p := range lambda.Params {
				s.vars[p.Name] = true
				c.expr(p.Type, s)
				c.expr(p.Value, s)
			}
			assignedNames(lambda.Body, s.vars)
			c.expr(lambda.Body, s)
			return
		}
	}
	if f.Role == env.MainManifest {
		// top scope: a variable's assignments in this file are in its body
		top.vars, top.body = c.topVars, f.Program.Body
		defer c.reassignments(f.Program.Body, nil)
	}
	c.expr(f.Program.Body, top)
}

// ---- expressions ----

// expr checks n and everything in it, in scope s.
func (c *checker) expr(n ast.Expr, s *scope) {
	if foldable(n) {
		c.recordConstant(n, s)
	}
	switch x := n.(type) {
	case nil:
		return
	case *ast.HostClassDefinition:
		c.checkedDefs[x] = true
		c.classDef(x, s)
		return
	case *ast.ResourceTypeDefinition:
		c.checkedDefs[x] = true
		c.defineDef(x)
		return
	case *ast.FunctionDefinition:
		c.checkedDefs[x] = true
		s := c.paramScope(x.Params, x.Body, x.ReturnType, c.globalScope())
		c.returned(x, s)
		return
	case *ast.PlanDefinition:
		return // plans run only under Bolt
	case *ast.NodeDefinition:
		ns := &scope{vars: c.nodeVars, body: x.Body} // vars: every node's; the body: this one's
		for _, h := range x.HostMatches {
			c.expr(h, ns)
		}
		c.expr(x.Body, ns)
		c.reassignments(x.Body, nil)
		return
	case *ast.TypeAlias:
		c.checkedDefs[x] = true
		c.expr(x.TypeExpr, s)
		return
	case *ast.LambdaExpression:
		c.paramScope(x.Params, x.Body, x.ReturnType, s)
		return
	case *ast.AssignmentExpression:
		if _, isVar := x.Left.(*ast.VariableExpression); !isVar {
			if _, isList := x.Left.(*ast.LiteralList); !isList {
				c.expr(x.Left, s)
			}
		}
		c.expr(x.Right, s)
		return
	case *ast.VariableExpression:
		c.variable(x, s)
		return
	case *ast.CallNamedFunctionExpression:
		if c.call(x, s) {
			return
		}
	case *ast.CallMethodExpression:
		c.methodCall(x, s)
	case *ast.MatchExpression:
		c.matchOperand(x, s)
	case *ast.ComparisonExpression:
		c.compareOperands(x, s)
		c.operandTypes(s, x.Left, x.Right)
	case *ast.IfExpression:
		c.operandTypes(s, x.Test)
	case *ast.UnlessExpression:
		c.operandTypes(s, x.Test)
	case *ast.AndExpression:
		c.operandTypes(s, x.Left, x.Right)
	case *ast.OrExpression:
		c.operandTypes(s, x.Left, x.Right)
	case *ast.NotExpression:
		c.operandTypes(s, x.Expr)
	case *ast.ArithmeticExpression:
		c.arithmeticOperands(x, s)
		c.operandTypes(s, x.Left, x.Right)
	case *ast.SelectorExpression:
		c.selectorOperand(x, s)
	case *ast.BlockExpression:
		c.duplicateDeclarations(x)
	case *ast.UnaryMinusExpression:
		c.negatedOperand(x, s)
	case *ast.QualifiedReference:
		c.typeRef(x)
		return
	case *ast.AccessExpression:
		if c.access(x, s, "") {
			return
		}
		c.accessOperand(x, s)
	case *ast.ResourceExpression:
		c.resource(x, s)
		return
	case *ast.ResourceDefaultsExpression:
		c.resourceDefaults(x, s)
		return
	case *ast.ResourceOverrideExpression:
		c.override(x, s)
		return
	case *ast.CollectExpression:
		c.collect(x, s)
		return
	case *ast.RelationshipExpression:
		// Puppet names the other side: "for relationship from 'Notify[a]'"
		// (a missing target), "for relationship on 'Notify[a]'" (a missing
		// source); the arrow's direction decides which is which.
		source, target := x.Left, x.Right
		if x.Op == "<-" || x.Op == "<~" {
			source, target = target, source
		}
		for _, side := range []ast.Expr{x.Left, x.Right} {
			context := "relationship"
			if side == target {
				if l := resourceLabel(source); l != "" {
					context = "relationship from '" + l + "'"
				}
			} else if l := resourceLabel(target); l != "" {
				context = "relationship on '" + l + "'"
			}
			if a, ok := side.(*ast.AccessExpression); ok && c.access(a, s, context) {
				continue
			}
			c.expr(side, s)
		}
		return
	}
	children(n, func(ch ast.Expr) { c.expr(ch, s) })
}

// globalScope is the scope of code that sees only top scope: functions.
func (c *checker) globalScope() *scope {
	return &scope{vars: c.topVars}
}

// paramScope checks a lambda or function: its parameters and body in a
// scope of their own under parent.
func (c *checker) paramScope(ps []*ast.Parameter, body, ret ast.Expr, parent *scope) *scope {
	s := &scope{vars: map[string]bool{}, parent: parent, skip: parent.skip, body: body, types: c.typedParams(ps)}
	for _, p := range ps {
		s.vars[p.Name] = true
	}
	assignedNames(body, s.vars)
	for _, p := range ps {
		c.expr(p.Type, s)
		c.expr(p.Value, s)
	}
	c.expr(ret, s)
	c.expr(body, s)
	c.reassignments(body, paramNames(ps))
	return s
}

// returned checks what a Puppet-language function's body gives, the
// value of its last statement (undef for none), against the function's
// declared return type: a value of an inferred type (typeOf) the return
// type never accepts fails every call (closure.rb call_by_name_internal:
// "value returned from f has wrong type, ..."). A body that may end
// before its last statement (return, next or break) is left to run time.
// s is the scope of the function's parameters (paramScope).
func (c *checker) returned(x *ast.FunctionDefinition, s *scope) {
	rt := c.staticType(x.ReturnType)
	if rt == nil || x.Body != nil && endsBlock(x.Body) {
		return
	}
	var last ast.Expr
	var at ast.Positioned = x
	if b, ok := x.Body.(*ast.BlockExpression); ok {
		if n := len(b.Statements); n > 0 {
			last = b.Statements[n-1]
		}
	} else if x.Body != nil {
		last = x.Body
	}
	v := values.Undef
	var st stand
	if last != nil {
		at = last
		if v = literal(last); v == nil {
			v, st = c.standInFor(last, s, rt)
		}
	}
	if v == nil {
		return
	}
	if err := values.AssertInstance("value returned from "+x.Name, rt, v); err != nil {
		c.standInFails(TypeMismatch, at, err.Error(), st)
	}
}

// ---- definitions ----

// defaultsScope is the scope of a class's or defined type's parameter
// defaults: s without its parameters' declared types. Puppet evaluates
// every default before it checks any parameter's type
// (set_resource_parameters, then validate_resource_hash), so a default
// reads an earlier parameter as it is: datadog_agent's
// `String $tags_join = join($tags, ',')` after `Array $tags =
// $datadog_agent::tags` calls join with undef when that class is not
// declared (Puppet 7: "'join' parameter 'arg' expects an Array value, got
// Undef").
func defaultsScope(s *scope) *scope {
	return &scope{vars: s.vars, parent: s.parent, skip: s.skip, body: s.body, class: s.class}
}

func (c *checker) classDef(x *ast.HostClassDefinition, _ *scope) {
	if x.ParentClass != "" {
		pd := c.env.FindClass(x.ParentClass)
		c.reach(pd)
		if pd == nil && !c.byChance(env.Class, x.ParentClass, x) {
			c.errorf(UnknownClass, x, c.suggestClass(x.ParentClass),
				"Could not find parent resource type '::%s' of type hostclass", strings.TrimPrefix(strings.ToLower(x.ParentClass), "::"))
		}
	}
	var def *env.Def
	for _, d := range c.env.Index.Lookup(env.Class, x.Name) {
		if d.Node == ast.Definition(x) {
			def = d
		}
	}
	s := c.classScope(def, x)
	defaults := defaultsScope(s)
	for _, p := range x.Params {
		c.expr(p.Type, s)
		c.expr(p.Value, defaults)
	}
	c.typedDefaults("Class["+capitalize(strings.TrimPrefix(strings.ToLower(x.Name), "::"))+"]", x.Params, x.Name, s)
	c.hieraTypes(x)
	c.expr(x.Body, s)
	c.reassignments(x.Body, paramNames(x.Params))
}

func (c *checker) defineDef(x *ast.ResourceTypeDefinition) {
	s := &scope{vars: map[string]bool{}, body: x.Body, types: c.typedParams(x.Params)}
	for _, p := range x.Params {
		s.vars[p.Name] = true
	}
	for _, v := range facts.ScopeVariables {
		s.vars[v] = true
	}
	assignedNames(x.Body, s.vars)
	defaults := defaultsScope(s)
	for _, p := range x.Params {
		c.expr(p.Type, s)
		c.expr(p.Value, defaults)
	}
	c.typedDefaults(capitalize(strings.TrimPrefix(strings.ToLower(x.Name), "::")), x.Params, "", s)
	c.expr(x.Body, s)
	c.reassignments(x.Body, paramNames(x.Params))
}

// classScope is the scope of a class's parameters and body.
func (c *checker) classScope(def *env.Def, x *ast.HostClassDefinition) *scope {
	return &scope{vars: c.classVariables(def, x), body: x.Body, types: c.typedParams(x.Params), class: x}
}

// classVariables are the variables a class scope has: its parameters,
// what its body assigns, Puppet's scope variables, and, by inheritance,
// those of its parent classes.
func (c *checker) classVariables(def *env.Def, x *ast.HostClassDefinition) map[string]bool {
	if def != nil {
		if v, ok := c.classVars[def]; ok {
			return v
		}
	}
	vars := map[string]bool{}
	if def != nil {
		c.classVars[def] = vars // guards inheritance cycles
	}
	for _, p := range x.Params {
		vars[p.Name] = true
	}
	for _, v := range facts.ScopeVariables {
		vars[v] = true
	}
	assignedNames(x.Body, vars)
	if pd, px := c.parentOf(x); px != nil {
		for v := range c.classVariables(pd, px) {
			vars[v] = true
		}
	}
	return vars
}

// byChance reports, as a warning, a definition that exists but that
// Puppet's autoloader does not find by name: Puppet knows it only if its
// file happened to be loaded before.
func (c *checker) byChance(kind env.DefKind, name string, at ast.Positioned) bool {
	defs := c.env.Index.Lookup(kind, name)
	for _, d := range defs {
		if !d.File.Failed() {
			c.warnf(LoadedByChance, at, "",
				"%s '%s' is defined in %s, which Puppet's autoloader does not load for that name: it is found only if that file was loaded before",
				capitalize(kind.String()), strings.TrimPrefix(strings.ToLower(name), "::"), d.File.Path)
			return true
		}
	}
	return false
}

// ---- duplicates ----

// checkDuplicates reports classes and defined types defined twice where
// Puppet loads both definitions: in the main manifest, or in files that
// the autoloader loads together for the name.
func (c *checker) checkDuplicates() {
	for _, kind := range []env.DefKind{env.Class, env.Define} {
		for _, name := range c.env.Index.Names(kind) {
			defs := c.env.Index.Lookup(kind, name)
			if len(defs) < 2 {
				continue
			}
			together := map[string]bool{}
			for _, p := range c.env.AutoloadFiles(name) {
				together[p] = true
			}
			var loaded []*env.Def
			for _, d := range defs {
				if d.File.Role == env.MainManifest || together[d.File.Path] {
					loaded = append(loaded, d)
				}
			}
			for i := 1; i < len(loaded); i++ {
				first, dup := loaded[0], loaded[i]
				c.file = dup.File
				p := first.Position()
				what := "Class"
				if kind == env.Define {
					what = "Definition"
				}
				c.errorf(DuplicateDefinition, dup.Node, "", "%s '%s' is already defined (file: %s, line: %d); cannot redefine", what, name, p.File, p.Line)
			}
		}
	}
}

// ---- helpers ----

// literalStrings returns the strings of a literal title or name argument:
// a string, a bare word, or a list of those. nil when any part is computed.
func literalStrings(e ast.Expr) []string {
	switch x := e.(type) {
	case *ast.LiteralString:
		return []string{x.Value}
	case *ast.QualifiedName:
		return []string{x.Value}
	case *ast.ConcatenatedString:
		if len(x.Segments) == 1 {
			if s, ok := x.Segments[0].(*ast.LiteralString); ok {
				return []string{s.Value}
			}
		}
	case *ast.LiteralList:
		var out []string
		for _, v := range x.Values {
			s := literalStrings(v)
			if s == nil {
				return nil
			}
			out = append(out, s...)
		}
		return out
	}
	return nil
}

// resourceLabel writes the resource an expression stands for, as Puppet
// names it in relationship errors (Notify[a], Class[Foo]), when the
// expression makes it plain; "" otherwise.
func resourceLabel(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.ResourceExpression:
		if q, ok := x.TypeName.(*ast.QualifiedName); ok && len(x.Bodies) == 1 {
			if t := literalStrings(x.Bodies[0].Title); len(t) == 1 {
				return label(q.Value, x.Bodies[0].Title)
			}
		}
	case *ast.AccessExpression:
		if q, ok := x.Left.(*ast.QualifiedReference); ok && len(x.Keys) == 1 {
			if t := literalStrings(x.Keys[0]); len(t) == 1 {
				return label(q.Value(), x.Keys[0])
			}
		}
	}
	return ""
}

// capitalize writes a name as Puppet writes type names: each segment
// capitalized (oslo::db -> Oslo::Db).
func capitalize(name string) string {
	parts := strings.Split(strings.TrimPrefix(name, "::"), "::")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "::")
}

// sigRange is a signature's argument count range (max -1: unlimited).
func sigRange(s rubyscan.Signature) (min, max int) {
	unlimited := false
	for _, p := range s.Params {
		switch p.Kind {
		case rubyscan.Required:
			min++
			max++
		case rubyscan.Optional:
			max++
		case rubyscan.Repeated:
			unlimited = true
		case rubyscan.RequiredRepeated:
			min++
			unlimited = true
		}
	}
	if unlimited {
		max = -1
	}
	return min, max
}

// toValuesSignatures turns signatures into rt/values signatures with
// parameters of type Any, so that values.DescribeSignatures words an
// argument count mismatch exactly as Puppet does.
func toValuesSignatures(sigs []rubyscan.Signature) []*values.Signature {
	out := make([]*values.Signature, len(sigs))
	for i, s := range sigs {
		vs := &values.Signature{}
		for _, p := range s.Params {
			vs.Params = append(vs.Params, values.SignatureParam{Name: p.Name, Type: values.AnyT, Kind: paramKind(p.Kind)})
		}
		out[i] = vs
	}
	return out
}

// paramKind is a scanned parameter's kind as values.Signature has it.
func paramKind(k rubyscan.ParamKind) values.ParamKind {
	switch k {
	case rubyscan.Optional:
		return values.ParamOptional
	case rubyscan.Repeated:
		return values.ParamRepeated
	case rubyscan.RequiredRepeated:
		return values.ParamRequiredRepeated
	}
	return values.ParamRequired
}

func isMetaparamOrName(name string) bool {
	return restype.IsMetaparam(name) || name == "name"
}

func globRb(dir string) []string {
	m, _ := filepath.Glob(filepath.Join(dir, "*.rb"))
	sort.Strings(m)
	return m
}

func globRbRecursive(dir string) []string {
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".rb") {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out
}
