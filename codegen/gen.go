// Package codegen turns a loaded Puppet environment into a Go module: one
// package per Puppet module (a large module's manifests, templates and
// files in packages of its own, its parts), one for the environment's own
// code, a catalog package that registers them all into an rt.Program, and
// a main package for the catalog binary. Generated code calls package rt
// for everything Puppet does; it is deterministic, gofmt-clean and
// vet-clean.
package codegen

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/codegen/erbgen"
	"github.com/pp2go/pp2go/codegen/hieragen"
	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/erb"
	fhiera "github.com/pp2go/pp2go/frontend/hiera"
	"github.com/pp2go/pp2go/rt/fn"
	"github.com/pp2go/pp2go/rt/hiera"
	"github.com/pp2go/pp2go/rt/restype"
	"github.com/pp2go/pp2go/rt/values"
	"github.com/pp2go/pp2go/typecheck"
)

// Options control generation.
type Options struct {
	// ModulePath is the Go module path of the generated module.
	ModulePath string
	// Environment is the environment's name ($environment).
	Environment string
	// Runtime is pp2go's own module source (go.mod, go.sum and rt/), which
	// is written beside the generated code so that it builds offline.
	Runtime fs.FS
	// RuntimeDir, when set, is a directory holding pp2go's module source
	// to use instead of a copy of Runtime (for development); the module
	// then builds against the module cache, not vendor/.
	RuntimeDir string
	// ModCache is Go's module cache, where the runtime's dependencies are
	// copied from into vendor/; by default 'go env GOMODCACHE'.
	ModCache string
	// Version identifies the environment's code in the catalogs.
	Version string
	// HieraConfig is the global layer's hiera.yaml (Puppet's
	// $confdir/hiera.yaml); when it does not exist Puppet's default
	// configuration applies.
	HieraConfig string
	// Checked is the checker's result for the environment: with it, a
	// Ruby function the checked code calls that nothing stands in for is
	// a warning (see missingFunctions), and what the checker proved
	// binds calls to a dispatch, skips proven attributes' checks and makes
	// comparisons and conditions of known types Go's (typed.go).
	Checked *typecheck.Result
	// TypeLoads is the autoload analysis of the module types, the
	// checker's (nil: the generator makes its own).
	TypeLoads *TypeLoads
	// Puppet is the major version of the Puppet release the program
	// compiles as by default (rt.Puppet7, rt.Puppet8); 0 is 8.
	Puppet int
	// Settings are Puppet settings (NAME, VALUE as puppet.conf spells
	// them) the program compiles with by default; the binary's --setting
	// overrides them. The caller checks them (rt.Program.SetSetting).
	Settings [][2]string
	// BuildSettings are the settings the build acted on (rt.BuildSettings:
	// code, hiera_config, ...), which the program records for
	// $settings::* to show them.
	BuildSettings [][2]string
	// Reuse is the directory an earlier generation was written to
	// (Result.Write), usually the one this one goes to: a file whose
	// unformatted Go is unchanged is read from there instead of being
	// formatted again (format.go).
	Reuse string
}

// Result is a generated Go module: file contents by path, relative to the
// module's root.
type Result struct {
	// Files holds nil for a file found unchanged in Options.Reuse's
	// directory, which Write reads from there when it writes elsewhere.
	Files map[string][]byte
	Diags diag.List
	// Ruby are the module path's Ruby functions and what stands in for
	// each (ports.go).
	Ruby []*RubyFunction
	// formats is the record Write leaves for the next generation (format.go).
	formats *formatter
}

// GoBuildFlags are go build's flags for a generated module (pp2go build's,
// and the conformance tests', which share Go's build cache with it):
// -trimpath, and no DWARF debugging information, neither from the linker
// (-w: a third of a link's time after an edit, a sixth of the binary) nor
// from the compiler (-dwarf=false: a sixth of a large module's compile
// time, a quarter of its object file), nor an ELF symbol table (-s: 3 of a
// 92-module binary's 40 MB, and 0.1-0.2 s of a 3 s build after an edit).
// Go's tracebacks and profiles (runtime/pprof, the binary's --cpuprofile)
// read the binary's own function table and need none of them; perf and
// valgrind name functions from the symbol table, which go build in the
// work directory without these flags keeps (pp2go build's help says so).
//
// The linker also sets the binary's default GODEBUG (runtime.godebugDefault,
// which cmd/go sets the same way from //go:debug lines, which do not take
// runtime settings) to asyncpreemptoff=1: the runtime's monitor signals a
// goroutine that ran 10 ms to preempt it, and the collector each one it
// stops, where generated code, calls all the way down, stops at its next
// call anyway; a process compiling catalog after catalog paid for the
// signals (warm keystone median 2% lower without them, 6 pairs of 3 s
// runs, twice). GODEBUG=asyncpreemptoff=0 when the binary runs restores
// them. And to memprofilerate=0: heap profiling off from the process's
// first allocation (rt/internal/startup turns it off too, but only as it
// is initialized, after the standard library's packages): the samples
// taken before cost a one-shot keystone compile 1.0-1.35 ms of its 11-15
// ms (medians of 60-150 interleaved runs, three rounds; the sampled
// allocations record tracebacks and profile buckets). GODEBUG=
// memprofilerate=N when the binary runs profiles from the start.
//
// No -pgo: with a CPU profile of keystone's warm compiles (20 s of the
// binary's bench) the same binary's warm compile was slower, not faster
// (median 1.34-1.38 against 1.27-1.32 ms, three interleaved pairs of 4 s
// runs, December 2026), and its build recompiled every package, the
// standard library's too (42 s).
var GoBuildFlags = []string{"-trimpath", "-ldflags=-s -w " + BinaryGODEBUG, "-gcflags=all=-dwarf=false"}

// BinaryGODEBUG is the linker flag that sets a catalog binary's default
// GODEBUG (GoBuildFlags).
const BinaryGODEBUG = "-X=runtime.godebugDefault=asyncpreemptoff=1,memprofilerate=0"

// GoBuildEnv is go build's environment for a generated module: cgo off
// (unless CGO_ENABLED says otherwise), so that the binary is static, needs
// no C library and starts faster (no dynamic loader, no cgo
// initialization); and the compiler and linker at GOGC=400 (unless GOGC is
// set): they keep much of what they allocate, and at Go's default
// collected it over and over (compiling the apache module's package
// 6.3-6.8 -> 5.1-5.6 s of CPU, peak 320 -> 430 MB).
func GoBuildEnv() []string {
	env := os.Environ()
	if os.Getenv("CGO_ENABLED") == "" {
		env = append(env, "CGO_ENABLED=0")
	}
	if os.Getenv("GOGC") == "" {
		env = append(env, "GOGC=400")
	}
	return env
}

// runtimeDir is where the copy of pp2go's runtime goes in the module.
const runtimeDir = "pp2go-rt"

// Generate generates the Go module for an environment.
func Generate(e *env.Env, opts Options) (*Result, error) {
	if opts.Puppet != 0 && opts.Puppet != 7 && opts.Puppet != 8 {
		return nil, fmt.Errorf("codegen: Puppet %d: pp2go compiles as Puppet 7 or 8", opts.Puppet)
	}
	if opts.ModulePath == "" {
		opts.ModulePath = "pp2go.local/catalog"
	}
	if opts.Environment == "" {
		opts.Environment = "production"
	}
	g := &generator{e: e, opts: opts, res: &Result{Files: map[string][]byte{}}, goFuncs: map[string]bool{}, fmt: newFormatter(opts.Reuse)}
	g.res.formats = g.fmt
	if opts.ModCache == "" {
		g.modCache = moduleCacheAhead()
	}
	g.index()
	g.ahead = g.translateAhead()
	hasHiera, err := g.hiera()
	if err != nil {
		return nil, err
	}
	// a unit's source files render as the next unit is generated; its
	// tables (pp2go.go) are made and rendered once all are (a part's
	// registrations go to its module's package)
	rd := newRenderer(g.fmt)
	queue := func(u *unit) *unit {
		for _, name := range u.order {
			rd.add(g.unitFile(u, name), u.outputs[name])
		}
		return u
	}
	var units []*unit
	for _, m := range e.Modules {
		u := g.module(m)
		for _, p := range u.parts {
			queue(p)
		}
		units = append(units, queue(u))
	}
	units = append(units, queue(g.environment()))
	var kept []*unit
	for _, u := range units {
		if u.registers() {
			kept = append(kept, u)
			for _, p := range u.withParts() {
				rd.addBuilt(g.unitFile(p, "pp2go.go"), p.tables)
			}
		}
	}
	rendered, err := rd.wait()
	if err != nil {
		return nil, err
	}
	for _, u := range kept {
		// (a unit that registers nothing is not part of the module)
		for _, p := range u.withParts() {
			for _, name := range append(slices.Clone(p.order), "pp2go.go") {
				g.res.Files[g.unitFile(p, name)] = rendered[g.unitFile(p, name)]
			}
		}
	}
	if err := g.catalog(kept, hasHiera); err != nil {
		return nil, err
	}
	if err := g.mainPackage(); err != nil {
		return nil, err
	}
	if err := g.goMod(); err != nil {
		return nil, err
	}
	if err := g.userFunctions(); err != nil {
		return nil, err
	}
	g.missingFunctions()
	if err := g.environmentTable(); err != nil {
		return nil, err
	}
	return g.res, nil
}

type generator struct {
	e    *env.Env
	opts Options
	res  *Result
	// envFile and envFields are the environment package and its table,
	// which environment renders once the function bindings are known
	envFile   *jen.File
	envFields jen.Dict
	// names maps each definition Puppet would find to its name.
	names map[ast.Definition]string
	// side are the definitions of names Puppet finds only once another
	// lookup loaded their file (env.Index.SideClasses)
	side  map[ast.Definition]bool
	nodes map[ast.Definition]bool
	// known caches typeKnown by lower-case name.
	known     map[string]bool
	dataTypes map[string]bool
	// raising caches aliasRaises by lower-case name.
	raising map[string]map[int]string
	// mainDefs are the main manifests' classes, nodes and defined types
	// (see clash.go).
	mainDefs *defTables
	// userGo are the go/ directories of user functions; goFuncs the
	// Puppet functions they implement.
	userGo  []*userGo
	goFuncs map[string]bool
	// hieraTemplates are the Hiera data's texts with tags, which
	// inline_epp() or inline_template() may be given (templateTexts)
	hieraTemplates []string
	// ruby are the module path's Ruby functions and what stands in for
	// each (ports.go); translated and untranslatable are the Ruby
	// translator's verdicts, by function name and by Ruby file.
	ruby           []*RubyFunction
	translated     map[string]bool
	untranslatable map[string]string
	// pure are pureFunction's verdicts, by function name
	pure   map[string]bool
	pureMu sync.Mutex
	// layouts are classes' variables by number (classSlot), by class name
	layouts map[string]map[string]int
	// built are the types literal defaults are checked against at build
	// time (constfits.go)
	built builtTypes
	// fmt formats the files, reusing an earlier generation's (format.go)
	fmt *formatter
	// ahead translates the modules' Ruby as generation starts (prefetch.go)
	ahead *prefetch
	// modCache is Go's module cache, asked for as generation starts
	// (vendor.go), when Options.ModCache does not say
	modCache func() string
}

// index records which definitions Puppet would find, under which names:
// only those are generated.
func (g *generator) index() {
	g.names = map[ast.Definition]string{}
	g.nodes = map[ast.Definition]bool{}
	g.side = map[ast.Definition]bool{}
	ix := g.e.Index
	for _, m := range []map[string]*env.Def{ix.Classes, ix.Defines, ix.Functions, ix.TypeAliases} {
		for name, d := range m {
			g.names[d.Node] = name
		}
	}
	for _, m := range []map[string]*env.Def{ix.SideClasses, ix.SideDefines} {
		for name, d := range m {
			g.names[d.Node], g.side[d.Node] = name, true
		}
	}
	for _, d := range ix.Nodes {
		g.nodes[d.Node] = true
	}
}

func (g *generator) pkgPath(dir string) string { return g.opts.ModulePath + "/" + dir }

// unitFile is the path in the module of a file of a unit's package.
func (g *generator) unitFile(u *unit, name string) string {
	return path.Join(strings.TrimPrefix(u.dir, g.opts.ModulePath+"/"), name)
}

// module generates the package of a Puppet module.
func (g *generator) module(m *env.Module) *unit {
	u := newUnit(goPackageName(m.Name), g.pkgPath("modules/"+m.Name), m.Name)
	manifests := parts(u, m, "manifests", partFiles, m.Manifests, func(f *env.File) string { return relPath(m.Dir, f.Path) })
	for _, f := range m.Files {
		g.file(manifests(f), f, m.Dir, false)
		g.broken(u, m, f)
		g.loadFailure(u, m, f)
	}
	var erbs []string
	for _, name := range m.Templates {
		if !strings.HasSuffix(name, ".epp") {
			erbs = append(erbs, name)
		}
	}
	epps := parts(u, m, "epp", partFiles, m.EPP, func(f *env.File) string { return relPath(m.Dir, f.Path) })
	erbParts := parts(u, m, "erb", erbPartFiles, erbs, func(name string) string { return "templates/" + name })
	for _, f := range m.EPP {
		g.template(epps(f), m, f)
	}
	// template() renders any file of templates/ as ERB, whatever its
	// name (postgresql's pg_hba_rule.conf); EPP templates have their own.
	for _, name := range erbs {
		g.erbTemplate(erbParts(name), m, name)
	}
	g.moduleFiles(u, m)
	g.userGoDir(u, m.Name, m.Dir)
	g.translateRuby(u, m) // rubyfuncs.go
	return u
}

// partFiles is how many files of a kind (manifests, EPP templates) a
// module's package holds before they go into packages of their own,
// partFiles each: go build compiles a package whole, and a large module's
// (apache's 118 manifests and 100 templates, 1.2 MB of Go) took ~4 s, most
// of a rebuild after an edit of one file.
const partFiles = 16

// erbPartFiles is partFiles for ERB templates: a template's Go is one
// function, into which the compiler inlines the many calls of the ERB
// runtime, and compiles slowly: collectd's first 16 templates (37 KB of
// Go) took 0.7 s to compile (0.2 s without inlining), its first 16
// manifests (100 KB) 0.43 s. In parts of 8, go build after an edit of
// one of those templates took 2.41 s where it took 2.66 s (medians of 5).
const erbPartFiles = 8

// parts returns which unit generates each of a module's files of a kind:
// u itself, or, when there are more than size, one of u's parts:
// consecutive files in path order, size to a part, so that an edit of
// a file moves none and compiles its part alone (and what imports the
// part: u, or modulepath for a part's definitions). A part is named after
// its kind and place: modules/apache/manifests3 holds apache's third group
// of manifests.
func parts[F comparable](u *unit, m *env.Module, kind string, size int, files []F, rel func(F) string) func(F) *unit {
	if len(files) <= size {
		return func(F) *unit { return u }
	}
	files = slices.Clone(files)
	slices.SortFunc(files, func(a, b F) int { return strings.Compare(rel(a), rel(b)) })
	of := map[F]*unit{}
	for i, n := 0, 1; i < len(files); i, n = i+size, n+1 {
		group := files[i:min(i+size, len(files))]
		name := fmt.Sprintf("%s%d", kind, n)
		p := newUnit(name, u.dir+"/"+name, m.Name)
		p.home = u
		p.doc = fmt.Sprintf("Package %s holds the Go of module %s's %s to %s.", name, m.Name, rel(group[0]), rel(group[len(group)-1]))
		u.parts = append(u.parts, p)
		for _, f := range group {
			of[f] = p
		}
	}
	return func(f F) *unit {
		if p := of[f]; p != nil {
			return p
		}
		return u // (a module's functions and types)
	}
}

// relPath is path relative to dir, with slashes.
func relPath(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil {
		return filepath.ToSlash(rel)
	}
	return path
}

// maxModuleFile is the largest module file compiled in.
const maxModuleFile = 8 << 20

// broken registers a manifest or function file Puppet cannot parse under
// the name its path autoloads: Puppet reports the file's error only when
// a node looks for a definition there (or calls the function, from code
// or as a Hiera backend), and so does the binary.
func (g *generator) broken(u *unit, m *env.Module, f *env.File) {
	errs := f.Diags.Errors()
	if f.Program != nil || len(errs) == 0 {
		return
	}
	for _, dir := range []string{"manifests", "functions"} {
		rel, err := filepath.Rel(filepath.Join(m.Dir, dir), strings.TrimSuffix(f.Path, ".pp"))
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		name := m.Name
		if rel != "init" || dir == "functions" {
			name += "::" + strings.ReplaceAll(filepath.ToSlash(rel), "/", "::")
		}
		name, msg := strings.ToLower(name), errs[0].Error()
		if dir == "functions" {
			u.addRegister(jen.Id("p").Dot("AddBrokenFunction").Call(jen.Lit(name), jen.Lit(m.Name), jen.Lit(msg)))
			// a Ruby error of Puppet's lexer, which each call reports
			// ("Error while evaluating a Function Call, msg")
			g.loadRaise(u, f, "AddRaise", jen.Lit("function "+name))
		} else {
			u.addRegister(jen.Id("p").Dot("AddBroken").Call(jen.Lit(name), jen.Lit(msg)))
			g.loadRaise(u, f, "AddBrokenRaise", jen.Lit(name))
		}
		return
	}
}

// Untranslated reports whether a diagnostic of Generate is about Ruby
// pp2go does not translate: a warning that fails only the nodes that
// reach the code, which pp2go build --strict makes an error where nodes
// can reach it.
func Untranslated(d *diag.Diagnostic) bool {
	return d.Code == erb.CodeUnsupported || d.Code == erb.CodeSyntax || d.Code == CodeNoGoFunction
}

// erbTemplate translates an ERB template of a module to Go. One that pp2go
// cannot translate fails the nodes that render it with the construct that
// stops it (pp2go never renders a template otherwise than Ruby would), and
// is a build warning (Untranslated) when its name says it is ERB: a template
// no node renders never stops a build; --strict stops it when nodes can
// reach its module. Another file of templates/ (which may be meant for
// file() only) just fails the nodes that render it.
func (g *generator) erbTemplate(u *unit, m *env.Module, name string) {
	path := templatePath(m, name)
	tr := g.ahead.get(path, true)
	if tr.readErr != nil {
		return
	}
	fields := jen.Dict{jen.Id("Name"): jen.Lit(m.Name + "/" + name), jen.Id("Path"): jen.Lit(path)}
	t, err := tr.template, tr.err
	if err != nil {
		d, ok := err.(*diag.Diagnostic)
		if !ok {
			d = &diag.Diagnostic{Message: err.Error(), File: path}
		}
		if strings.HasSuffix(name, ".erb") {
			w := *d
			w.Severity = diag.Warning
			w.Hint = "the nodes that render this template fail with this error"
			g.res.Diags = append(g.res.Diags, &w)
		}
		fields[jen.Id("Error")] = jen.Lit(d.Error())
	} else {
		rel := "templates/" + name
		out := u.output(outputName(rel))
		out.HeaderComment(fmt.Sprintf("Code generated by pp2go from %s; DO NOT EDIT.", rel))
		out.ImportAlias(erbgen.RuntimePath, "erb")
		erbgen.VersionMarker(out)
		id := u.rootIdent("erb" + goName(name))
		t.CallsPure(g.pureFunction)
		t.Emit(out, id)
		fields[jen.Id("Render")] = jen.Qual(u.dir, id)
	}
	u.root().erbs = append(u.root().erbs, jen.Values(fields))
}

// template generates an EPP template of a module; one that does not parse
// is registered with its error, which the nodes that render it fail with.
func (g *generator) template(u *unit, m *env.Module, f *env.File) {
	rel, err := filepath.Rel(filepath.Join(m.Dir, "templates"), f.Path)
	if err != nil {
		return
	}
	rel = filepath.ToSlash(rel)
	if f.Program == nil {
		if errs := f.Diags.Errors(); len(errs) > 0 {
			broken := jen.Op("&").Qual(rtPath, "EPP").Values(jen.Dict{jen.Id("Error"): jen.Lit(errs[0].Error())})
			u.root().epps = append(u.root().epps, jen.Values(jen.Dict{jen.Id("Name"): jen.Lit(m.Name + "/" + rel), jen.Id("EPP"): broken}))
		}
		return
	}
	dg := &defGen{lowerer: lowerer{u: u, f: f, diags: &g.res.Diags, g: g}, rel: "templates/" + rel}
	dg.out = u.output(outputName(dg.rel))
	dg.lowerer.out = dg.out
	dg.out.HeaderComment(fmt.Sprintf("Code generated by pp2go from %s; DO NOT EDIT.", dg.rel))
	dg.eppTemplate(m.Name + "/" + rel)
}

// environment generates the package of the environment's own code: the
// main manifests, and the functions and types of its root.
func (g *generator) environment() *unit {
	u := newUnit("site", g.pkgPath("site"), "")
	// Definitions of the main manifests that clash fail every compilation.
	var clash string
	g.mainDefs, clash = g.mainDefinitions()
	if g.e.ManifestConflict != "" {
		// Compiler.compile checks the environment before it imports
		clash = g.e.ManifestConflict
	}
	if clash != "" {
		u.addRegister(jen.Id("p").Dot("AddEnvironmentError").Call(jen.Lit(clash)))
	}
	for _, f := range g.e.Manifests {
		g.loadRaise(u, f, "AddLoadRaise", jen.Lit(""), jen.Lit(""))
		g.loadWarnings(u, "", "", f)
		g.strictLoadError(u, "", "", f)
		g.file(u, f, g.e.Dir, true)
	}
	if g.e.Root != nil {
		for _, f := range g.e.Root.Files {
			g.file(u, f, g.e.Dir, false)
		}
	}
	if g.e.Dir != "" {
		g.userGoDir(u, "", g.e.Dir)
	}
	g.hieraInlineTemplates(u)
	return u
}

// templateTexts are the strings of the Hiera data with <% tags, in order:
// modules keep templates in their data for inline_epp() to render
// (puppet-bacula's package names, "bacula-<%= $db_type %>").
func templateTexts(d *hiera.Data) []string {
	seen := map[string]bool{}
	var walk func(v values.Value)
	walk = func(v values.Value) {
		switch x := v.(type) {
		case values.String:
			if strings.Contains(string(x), "<%") {
				seen[string(x)] = true
			}
		case *values.Array:
			for _, e := range x.Elems() {
				walk(e)
			}
		case *values.Hash:
			for i := 0; i < x.Len(); i++ {
				walk(x.ValueAt(i))
			}
		}
	}
	for _, f := range d.Files {
		if f.Data != nil {
			walk(f.Data)
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// hieraInlineTemplates registers the Hiera data's templates (templateTexts)
// as inline EPP templates and ERB fragments of the environment, as a main
// manifest's literal texts are (defGen.inlineTemplates).
func (g *generator) hieraInlineTemplates(u *unit) {
	if len(g.hieraTemplates) == 0 {
		return
	}
	const rel = "hieradata_templates"
	dg := &defGen{lowerer: lowerer{u: u, diags: &g.res.Diags, g: g}, rel: rel}
	dg.out = u.output(outputName(rel))
	dg.lowerer.out = dg.out
	dg.out.HeaderComment("Code generated by pp2go from the environment's Hiera data; DO NOT EDIT.")
	for _, text := range g.hieraTemplates {
		dg.tagTemplates(text)
	}
}

// file generates the definitions of one source file (and its top level
// code, for a main manifest).
func (g *generator) file(u *unit, f *env.File, base string, main bool) {
	// A file that does not parse or validate defines nothing: Puppet
	// fails to load it (a module's manifest registers the failure, see
	// loadFailure; a main manifest's errors stop the build).
	if f.Program == nil || len(f.Diags.Errors()) > 0 {
		return
	}
	rel, err := filepath.Rel(base, f.Path)
	switch {
	case f.Path == "":
		rel = "code" // the code setting's, which has no file
	case err != nil || strings.HasPrefix(rel, ".."):
		rel = filepath.Base(f.Path)
	}
	dg := &defGen{lowerer: lowerer{u: u, f: f, diags: &g.res.Diags, g: g}, rel: filepath.ToSlash(rel)}
	dg.out = u.output(outputName(dg.rel))
	dg.lowerer.out = dg.out
	dg.out.HeaderComment(fmt.Sprintf("Code generated by pp2go from %s; DO NOT EDIT.", dg.rel))
	for _, d := range f.Program.Definitions {
		name, found := g.names[d]
		if kind, params := definitionParams(d); main && found {
			// a main manifest's definitions load as every compile starts
			for i, p := range params {
				if p.Type != nil && g.computedParamType(p.Type) {
					u.addRegister(paramTypeLoad("", "", kind, name, i))
				}
			}
		}
		switch x := d.(type) {
		case *ast.HostClassDefinition:
			if found {
				dg.class(name, x)
			}
		case *ast.ResourceTypeDefinition:
			if found {
				dg.define(name, x)
			}
		case *ast.FunctionDefinition:
			if found {
				dg.function(name, x)
			}
		case *ast.TypeAlias:
			if found {
				dg.typeAlias(x)
			}
		case *ast.NodeDefinition:
			if g.nodes[d] {
				dg.node(x)
			}
		}
	}
	if main {
		dg.mainCode()
	}
	dg.inlineTemplates()
}

// render renders a file of the module.
func (g *generator) render(name string, f *jen.File) error {
	b, err := g.fmt.render(name, f)
	if err != nil {
		return err
	}
	g.res.Files[name] = b
	return nil
}

// hiera loads the Hiera configuration and data of the three layers and
// generates the package that holds them.
func (g *generator) hiera() (bool, error) {
	mods := map[string]string{}
	for _, m := range g.e.Modules {
		mods[m.Name] = m.Dir
	}
	d, diags := fhiera.Load(fhiera.Options{EnvDir: g.e.Dir, EnvName: g.opts.Environment, GlobalConfig: g.opts.HieraConfig, Modules: mods, EnvDataProvider: g.e.DataProvider,
		HasFunction: func(name string) bool {
			// a function file that does not parse: the lookups fail with its error
			f := g.e.File(g.e.FunctionFile(name))
			return g.e.FindFunction(name, nil) != nil || f != nil && f.Failed()
		}})
	g.res.Diags = append(g.res.Diags, diags...)
	if d == nil {
		return false, nil
	}
	g.hieraTemplates = templateTexts(d)
	src, err := hieragen.Generate(d, hieragen.Options{Package: "hieradata"})
	if err != nil {
		return false, err
	}
	g.res.Files["hieradata/hieradata.go"] = src
	return true, nil
}

// catalog generates the packages that assemble the program: the
// environment package's table, rt.Environment, which rt.Build builds the
// program of (its function bindings added by environmentTable, once
// known), and the catalog package, whose Program builds it for Go tests.
// The catalog binary's main package imports environment, not catalog:
// neither package that go build compiles again after an edit reads rt's
// API as it compiles (see rt.Environment).
func (g *generator) catalog(units []*unit, hasHiera bool) error {
	envPath := g.pkgPath("environment")
	ef := generatedFile(envPath, "environment",
		"Package environment is the compiled Puppet environment as a table, which",
		"rt.Build builds the program of: the catalog binary's, and package catalog's",
		"Program's.")
	ef.ImportAlias(rtPath, "rt")
	var libs []string
	for _, p := range []string{rtPath + "/fn/core", rtPath + "/hiera/hierafn"} {
		if g.runtimeHas(p) {
			libs = append(libs, p)
		}
	}
	for _, m := range g.e.Modules {
		if p, ok := fn.ModuleLibraries[m.Name]; ok && g.runtimeHas(p) {
			libs = append(libs, p)
		}
	}
	sort.Strings(libs)
	ef.Anon(libs...)

	fields := jen.Dict{
		jen.Id("Name"):    jen.Lit(g.opts.Environment),
		jen.Id("Version"): jen.Qual(g.pkgPath("version"), "Code"),
		jen.Id("Puppet"):  jen.Lit(g.puppetMajor()),
	}
	pairs := func(field string, kvs [][2]string) {
		if len(kvs) > 0 {
			fields[jen.Id(field)] = jen.Index().Index(jen.Lit(2)).String().ValuesFunc(func(g *jen.Group) {
				for _, kv := range kvs {
					g.Line().Values(jen.Lit(kv[0]), jen.Lit(kv[1]))
				}
				g.Line()
			})
		}
	}
	pairs("Settings", g.opts.Settings)
	if v := g.e.RichData; v != "" {
		// environment.conf's, which decides the catalogs' format over
		// --setting rich_data (Environment#rich_data?)
		pairs("EnvironmentConf", [][2]string{{"rich_data", v}})
	}
	pairs("BuildSettings", g.opts.BuildSettings)
	// the environment's settings, as $settings::* shows them
	if len(g.e.ModulePath) > 0 {
		fields[jen.Id("ModulePath")] = jen.Lit(strings.Join(g.e.ModulePath, ":"))
	}
	if g.e.Manifest != "" {
		fields[jen.Id("Manifest")] = jen.Lit(g.e.Manifest)
	}
	// What the module path gives is in a package of its own, modulepath:
	// it imports every module's package and is compiled again when one
	// changes (not when one of its parts does: see parts); the
	// environment package, compiled again after an edit of the main
	// manifests, holds only their part.
	mpPath := g.pkgPath("modulepath")
	mp := generatedFile(mpPath, "modulepath",
		"Package modulepath is what the module path's packages give the program: their",
		"modules, classes and defined types.")
	mp.ImportAlias(rtPath, "rt")
	if natives, err := g.natives(); err != nil {
		return err
	} else if natives != nil {
		fields[jen.Id("Natives")] = natives
	}
	var modUnits, siteUnits []*unit
	for _, u := range units {
		if u.module == "" {
			siteUnits = append(siteUnits, u)
		} else {
			modUnits = append(modUnits, u)
		}
	}
	var indexes []jen.Code
	if definitionIndex(mp, "Definitions", modUnits) {
		indexes = append(indexes, jen.Op("&").Qual(mpPath, "Definitions"))
	}
	if definitionIndex(ef, "definitions", siteUnits) {
		indexes = append(indexes, jen.Op("&").Id("definitions"))
	}
	if len(indexes) > 0 {
		fields[jen.Id("Definitions")] = jen.Index().Op("*").Qual(rtPath, "DefinitionIndex").Values(indexes...)
	}
	// the packages' modules, by address: a table the linker lays out, and
	// no code of theirs runs as the program is built
	var modules []jen.Code
	if len(modUnits) > 0 {
		moduleList(mp, "Modules", "the module path's packages give", modUnits)
		modules = append(modules, jen.Qual(mpPath, "Modules").Index(jen.Op(":")))
	}
	if len(siteUnits) > 0 {
		moduleList(ef, "modules", "the main manifests' package gives", siteUnits)
		modules = append(modules, jen.Id("modules").Index(jen.Op(":")))
	}
	if len(modules) > 0 {
		fields[jen.Id("Modules")] = jen.Index().Index().Op("*").Any().Values(modules...)
	}
	if len(modUnits) > 0 {
		if err := g.render("modulepath/modulepath.go", mp); err != nil {
			return err
		}
	}
	if hasHiera {
		fields[jen.Id("Hiera")] = jen.Qual(g.pkgPath("hieradata"), "Data")
	}
	if err := g.version(); err != nil {
		return err
	}
	g.envFile, g.envFields = ef, fields

	f := generatedFile(g.pkgPath("catalog"), "catalog",
		"Package catalog is the compiled Puppet environment: Program returns it, ready to",
		"compile catalogs for nodes (see package rt for the API). Go tests of the",
		"environment's Puppet code use it with package rt/spec:",
		"",
		"\tcat := spec.Compile(t, catalog.Program(), \"node.example.com\", spec.FactsFile(\"facts.json\"))",
		"\tcat.ContainClass(\"ntp\")")
	f.ImportAlias(rtPath, "rt")
	f.Var().Id("program").Op("=").Qual("sync", "OnceValue").Call(jen.Func().Params().Op("*").Qual(rtPath, "Program").Block(
		jen.Return(jen.Qual(rtPath, "Build").Call(jen.Qual(envPath, "Handle")))))
	f.Comment("Program returns the compiled environment; it is built on first use and")
	f.Comment("shared by all compilations.")
	f.Func().Id("Program").Params().Op("*").Qual(rtPath, "Program").Block(jen.Return(jen.Id("program").Call()))
	return g.render("catalog/catalog.go", f)
}

// version generates the packages that give the environment package the
// version, which changes with every edit of the environment's code:
// version/code holds it, and version reads it in a function the
// environment's table names (rt.Environment's Version). Why two: go build
// compiles again each package that imports a package whose compiled form
// changed, and version's does not change with the version (its function
// only names code's variable, whose value is not in the package's export
// data), so neither the environment package nor main, which imports it,
// is compiled again for the version.
func (g *generator) version() error {
	codePath := g.pkgPath("version/code")
	c := generatedFile(codePath, "code",
		"Package code holds the environment's code version, which package version gives",
		"the environment package.")
	c.Comment("Version is the catalogs' version.")
	c.Var().Id("Version").Op("=").Lit(g.opts.Version)
	if err := g.render("version/code/code.go", c); err != nil {
		return err
	}
	v := generatedFile(g.pkgPath("version"), "version",
		"Package version gives the environment package the environment's code version,",
		"which package version/code holds: this package does not change with it, and the",
		"environment package is not compiled again after each edit.")
	v.Comment("Code is the catalogs' version.")
	v.Func().Id("Code").Params().String().Block(jen.Return(jen.Qual(codePath, "Version")))
	return g.render("version/version.go", v)
}

// environmentTable renders the environment package (see catalog), its
// table completed with the function bindings (bindFunctions).
func (g *generator) environmentTable() error {
	g.bindFunctions(g.envFields)
	f := g.envFile
	f.Comment("environment is what rt.Build builds the program of.")
	f.Var().Id("environment").Op("=").Qual(rtPath, "Environment").Values(g.envFields)
	f.Line()
	f.Comment("Handle is the package's handle, which holds environment: untyped, so that the")
	f.Comment("main package, compiled again after every edit, does not read rt's API from")
	f.Comment("this package's export data.")
	f.Var().Id("Handle").Any().Op("=").Op("&").Id("environment")
	return g.render("environment/environment.go", f)
}

// natives generates the package of the module path's resource types
// written in Ruby, natives, and returns the environment's field that
// names them (nil when there are none). Why a package of their own: the
// table (thousands of lines for keystone's module path) changes only with
// a module's lib/puppet/type, and in modulepath, which every module's edit
// compiles again, it was a quarter of that compile.
func (g *generator) natives() (jen.Code, error) {
	var types []jen.Code
	loads := g.opts.TypeLoads
	if loads == nil {
		loads = NewTypeLoads(g.e)
	}
	for _, name := range sortedKeys(g.e.Types) {
		t := g.e.Types[name]
		if restype.Core(name) == t || restype.IsVendored(t) {
			continue // the runtime's, per release (vendored: Program.SetPuppet)
		}
		types = append(types, typeLiteral(t, loads.Error(t)))
	}
	if len(types) == 0 {
		return nil, nil
	}
	path := g.pkgPath("natives")
	f := generatedFile(path, "natives", "Package natives is the module path's resource types written in Ruby.")
	f.ImportAlias(rtPath+"/restype", "restype")
	// a table the linker lays out, not code that builds it
	f.Comment("Types are the module path's resource types written in Ruby.")
	f.Var().Id("Types").Op("=").Index().Op("*").Qual(rtPath+"/restype", "Type").Values(types...)
	return jen.Op("&").Qual(path, "Types"), g.render("natives/natives.go", f)
}

// generatedFile is a generated package's file of the package at path,
// named name, with the header go tools read as generated and the package's
// documentation, a line each.
func generatedFile(path, name string, doc ...string) *jen.File {
	f := jen.NewFilePathName(path, name)
	f.HeaderComment("Code generated by pp2go; DO NOT EDIT.")
	for _, line := range doc {
		f.PackageComment(line)
	}
	return f
}

// moduleList emits the table of the units' rt.Modules, in order: their
// handles' addresses.
func moduleList(f *jen.File, name, what string, units []*unit) {
	f.Comment(fmt.Sprintf("%s are what %s the program, in order.", name, what))
	f.Var().Id(name).Op("=").Index(jen.Op("...")).Op("*").Any().ValuesFunc(func(g *jen.Group) {
		for _, u := range units {
			f.ImportAlias(u.dir, u.pkg)
			g.Line().Op("&").Qual(u.dir, "Module")
		}
		g.Line()
	})
}

// definitionIndex emits the table of the units' classes and defined types
// by name, sorted (rt.DefinitionIndex), as the variable name; where units
// define the same name, the last one's, as registering them in order
// would keep. It reports whether there are any.
func definitionIndex(f *jen.File, name string, units []*unit) bool {
	// each entry's fields after its name
	classes, defines := map[string][]jen.Code{}, map[string][]jen.Code{}
	for _, u := range units {
		// by its place in its package's Module's table (definitions)
		cs, ds := u.definitions()
		for at, c := range cs {
			classes[c.name] = []jen.Code{jen.Id("In").Op(":").Op("&").Qual(u.dir, "Module"), jen.Id("At").Op(":").Lit(at)}
		}
		for at, d := range ds {
			defines[d.name] = []jen.Code{jen.Id("In").Op(":").Op("&").Qual(u.dir, "Module"), jen.Id("At").Op(":").Lit(at)}
		}
	}
	if len(classes)+len(defines) == 0 {
		return false
	}
	entries := func(m map[string][]jen.Code) jen.Code {
		return jen.ValuesFunc(func(g *jen.Group) {
			for _, name := range sortedKeys(m) {
				// (one line each: the table has thousands)
				g.Line().Values(append([]jen.Code{jen.Id("Name").Op(":").Lit(name)}, m[name]...)...)
			}
			g.Line()
		})
	}
	f.Comment(fmt.Sprintf("%s are the classes and defined types of the packages, sorted by name", name))
	f.Comment("for the program's binary search.")
	f.Var().Id(name).Op("=").Qual(rtPath, "DefinitionIndex").Values(jen.Dict{
		jen.Id("Classes"): jen.Index().Qual(rtPath, "ClassEntry").Add(entries(classes)),
		jen.Id("Defines"): jen.Index().Qual(rtPath, "DefineEntry").Add(entries(defines)),
	})
	return true
}

// runtimeHas reports whether the runtime has the package of an import
// path (function libraries of modules land one by one).
func (g *generator) runtimeHas(importPath string) bool {
	dir := strings.TrimPrefix(importPath, "github.com/pp2go/pp2go/")
	var entries []fs.DirEntry
	var err error
	if g.opts.RuntimeDir != "" {
		entries, err = os.ReadDir(filepath.Join(g.opts.RuntimeDir, dir))
	} else {
		entries, err = fs.ReadDir(g.opts.Runtime, dir)
	}
	if err != nil {
		return false
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".go") && !strings.HasSuffix(e.Name(), "_test.go") {
			return true
		}
	}
	return false
}

// typeLiteral is a resource type's metadata as a Go literal (an element of
// a []*restype.Type), with what its autoload fails with (TypeLoads.Error).
func typeLiteral(t *restype.Type, loadError string) jen.Code {
	attrs := make([]jen.Code, len(t.Attrs))
	for i, a := range t.Attrs {
		d := jen.Dict{jen.Id("Name"): jen.Lit(a.Name), jen.Id("Kind"): jen.Qual(rtPath+"/restype", kindName(a.Kind))}
		if a.Namevar {
			d[jen.Id("Namevar")] = jen.True()
		}
		attrs[i] = jen.Values(d)
	}
	fields := jen.Dict{
		jen.Id("Name"):       jen.Lit(t.Name),
		jen.Id("Attrs"):      jen.Index().Qual(rtPath+"/restype", "Attr").Values(attrs...),
		jen.Id("Isomorphic"): jen.Lit(t.Isomorphic),
	}
	if len(t.TitlePatterns) > 0 {
		ps := make([]jen.Code, len(t.TitlePatterns))
		for i, p := range t.TitlePatterns {
			names := make([]jen.Code, len(p.Attrs))
			for j, a := range p.Attrs {
				names[j] = jen.Lit(a)
			}
			ps[i] = jen.Values(jen.Dict{jen.Id("Regexp"): jen.Lit(p.Regexp), jen.Id("Flags"): jen.Lit(p.Flags),
				jen.Id("Attrs"): jen.Index().String().Values(names...)})
		}
		fields[jen.Id("TitlePatterns")] = jen.Index().Qual(rtPath+"/restype", "TitlePattern").Values(ps...)
	}
	if t.TitlePatternsUnknown {
		fields[jen.Id("TitlePatternsUnknown")] = jen.True()
	}
	if t.Open {
		fields[jen.Id("Open")] = jen.True()
	}
	if len(t.Requires) > 0 {
		libs := make([]jen.Code, len(t.Requires))
		for i, l := range t.Requires {
			libs[i] = jen.Lit(l)
		}
		fields[jen.Id("Requires")] = jen.Index().String().Values(libs...)
	}
	if loadError != "" {
		fields[jen.Id("LoadError")] = jen.Lit(loadError)
	}
	return jen.Values(fields)
}

func kindName(k restype.Kind) string {
	switch k {
	case restype.Property:
		return "Property"
	case restype.MetaParam:
		return "MetaParam"
	}
	return "Param"
}

// mainPackage generates the catalog binary's main.
func (g *generator) mainPackage() error {
	f := generatedFile(g.opts.ModulePath, "main", "Command catalog compiles Puppet catalogs for nodes; run it with --help.")
	f.Func().Id("main").Params().Block(jen.Qual(rtPath+"/cli", "Main").Call(jen.Qual(g.pkgPath("environment"), "Handle")))
	return g.render("main.go", f)
}

// goMod writes go.mod and go.sum, and the copy of pp2go's runtime the
// module builds against: with the runtime's dependencies in vendor/ when
// the module cache has them (see vendor.go), or else in pp2go-rt/, which
// go.mod's replace names, so that go build downloads the dependencies.
func (g *generator) goMod() error {
	var rtDir string
	var ppMod, ppSum []byte
	var err error
	rtFiles := map[string][]byte{}
	if g.opts.RuntimeDir != "" {
		rtDir = g.opts.RuntimeDir
		if ppMod, err = os.ReadFile(filepath.Join(rtDir, "go.mod")); err != nil {
			return err
		}
		ppSum, _ = os.ReadFile(filepath.Join(rtDir, "go.sum"))
	} else {
		rtDir = "./" + runtimeDir
		if ppMod, err = fs.ReadFile(g.opts.Runtime, "go.mod"); err != nil {
			return err
		}
		ppSum, _ = fs.ReadFile(g.opts.Runtime, "go.sum")
		err = fs.WalkDir(g.opts.Runtime, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			if strings.HasSuffix(p, "_test.go") || strings.Contains(p, "/testdata/") {
				return nil
			}
			// Go sources, and the files they embed (rt/erb's method names)
			b, err := fs.ReadFile(g.opts.Runtime, p)
			if err != nil {
				return err
			}
			rtFiles[p] = b
			return nil
		})
		if err != nil {
			return err
		}
	}
	goVersion, requires := parseGoMod(ppMod)
	vendored := false
	if g.opts.RuntimeDir == "" {
		for p, b := range rtFiles {
			if p != "go.mod" && p != "go.sum" {
				g.res.Files[path.Join(vendorDir, ppModule, p)] = b
			}
		}
		vendored = g.vendorModules(goVersion, parseRequirements(requires))
		if !vendored {
			for name := range g.res.Files {
				if strings.HasPrefix(name, vendorDir+"/") {
					delete(g.res.Files, name)
				}
			}
			for p, b := range rtFiles {
				g.res.Files[path.Join(runtimeDir, p)] = b
			}
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// Generated by pp2go; DO NOT EDIT.\n\nmodule %s\n\ngo %s\n\nrequire github.com/pp2go/pp2go v0.0.0\n", g.opts.ModulePath, goVersion)
	if len(requires) > 0 {
		b.WriteString("\nrequire (\n")
		for _, r := range requires {
			fmt.Fprintf(&b, "\t%s // indirect\n", r)
		}
		b.WriteString(")\n")
	}
	if !vendored {
		fmt.Fprintf(&b, "\nreplace github.com/pp2go/pp2go => %s\n", rtDir)
	}
	g.res.Files["go.mod"] = []byte(b.String())
	g.res.Files["go.sum"] = ppSum
	return nil
}

// parseGoMod reads the go version and the requirements of a go.mod.
func parseGoMod(b []byte) (goVersion string, requires []string) {
	inBlock := false
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if i := strings.Index(line, "//"); i >= 0 {
			line = strings.TrimSpace(line[:i])
		}
		switch {
		case strings.HasPrefix(line, "go "):
			goVersion = strings.TrimSpace(line[3:])
		case line == "require (":
			inBlock = true
		case inBlock && line == ")":
			inBlock = false
		case inBlock && line != "":
			requires = append(requires, line)
		case strings.HasPrefix(line, "require "):
			requires = append(requires, strings.TrimSpace(line[len("require "):]))
		}
	}
	return goVersion, requires
}

// Write writes the module into dir, removing generated files that are no
// longer part of it. A file already there as this generation has it is
// left as it is (its time too, so that builds stay cached): a formatted
// file the formatter found there, or one whose digest and stat are the
// earlier generation's record's (format.go: a module's embedded files,
// the vendored packages); any other is read to compare. Files are written
// by one goroutine a core, four at least: each is a few system calls,
// which take most of the time on a virtual machine.
func (r *Result) Write(dir string) error {
	// a record stays only with the files it describes: a Write that fails
	// leaves none, and the next generation formats and compares all
	if err := os.Remove(filepath.Join(dir, formatRecord)); err != nil && !os.IsNotExist(err) {
		return err
	}
	names := sortedKeys(r.Files)
	made := map[string]bool{} // directories made (or there) already
	for _, name := range names {
		if d := filepath.Dir(filepath.Join(dir, filepath.FromSlash(name))); !made[d] {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return err
			}
			made[d] = true
		}
	}
	errs := make([]error, len(names))
	work := make(chan int, len(names))
	for i := range names {
		work <- i
	}
	close(work)
	var wg sync.WaitGroup
	for range max(runtime.GOMAXPROCS(0), 4) {
		wg.Go(func() {
			for i := range work {
				errs[i] = r.writeFile(dir, names[i])
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err // the first, in the files' order
		}
	}
	if r.formats != nil {
		if err := os.WriteFile(filepath.Join(dir, formatRecord), r.formats.record(), 0o644); err != nil {
			return err
		}
	}
	return r.removeStale(dir)
}

// writeFile writes a file of the module into dir unless it is there
// already.
func (r *Result) writeFile(dir, name string) error {
	if r.formats.onDisk(dir, name) {
		return nil // there as this generation has it
	}
	b, err := r.content(name)
	if err != nil {
		return err
	}
	sum, same := r.formats.unchanged(dir, name, b)
	if same {
		return nil
	}
	p := filepath.Join(dir, filepath.FromSlash(name))
	if old, err := os.ReadFile(p); err != nil || !bytes.Equal(old, b) {
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	r.formats.stat(dir, name, sum)
	return nil
}

// content is a file's contents: Files', or for a file the formatter found
// unchanged in the earlier generation's directory (Files holds nil), read
// from there.
func (r *Result) content(name string) ([]byte, error) {
	if b := r.Files[name]; b != nil || r.formats == nil || !r.formats.read[name] {
		return b, nil
	}
	return os.ReadFile(filepath.Join(r.formats.dir, filepath.FromSlash(name)))
}

// removeStale removes the files of an earlier generation that this one
// does not have: those the earlier generation's record lists, or without
// a record, generated Go files, and anything in the runtime's copy or in
// vendor/ (which goes whole when this generation has none: Go builds in
// vendor mode whenever the directory exists).
func (r *Result) removeStale(dir string) error {
	if _, ok := r.Files[vendorDir+"/modules.txt"]; !ok {
		if _, err := os.Stat(filepath.Join(dir, vendorDir, "modules.txt")); err == nil {
			if err := os.RemoveAll(filepath.Join(dir, vendorDir)); err != nil {
				return err
			}
		}
	}
	if _, ok := r.Files[runtimeDir+"/go.mod"]; !ok {
		if err := os.RemoveAll(filepath.Join(dir, runtimeDir)); err != nil {
			return err
		}
	}
	if earlier, ok := r.formats.earlier(dir); ok {
		// the earlier generation's files, as its record lists them: no
		// need to look through the directory (a thousand of them)
		for _, rel := range earlier {
			if _, ok := r.Files[rel]; ok {
				continue
			}
			if err := os.Remove(filepath.Join(dir, filepath.FromSlash(rel))); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
		return nil
	}
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, ok := r.Files[rel]; ok {
			return nil
		}
		stale := strings.HasPrefix(rel, runtimeDir+"/") || strings.HasPrefix(rel, vendorDir+"/") || (strings.HasPrefix(rel, "modules/") && inCompiledDir(rel))
		if !stale && strings.HasSuffix(rel, ".go") {
			b, err := os.ReadFile(p)
			stale = err == nil && bytes.HasPrefix(b, []byte("// Code generated by pp2go"))
		}
		if stale {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				return err
			}
		}
		return nil
	})
}

// inCompiledDir reports whether a path of the module is in a copy of a
// module's compiledDirs (moduleFiles): a stale copy, which go:embed
// would embed, goes.
func inCompiledDir(rel string) bool {
	for _, d := range compiledDirs {
		if strings.Contains(rel, "/"+d+"/") {
			return true
		}
	}
	return false
}

// goPackageName makes a Puppet module name a Go package name.
func goPackageName(name string) string {
	n := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			return r
		}
		return '_'
	}, strings.ToLower(name))
	// (program, definitions and modules are the catalog package's variables)
	if n == "" || jen.IsReservedWord(n) || n == "rt" || n == "v" || n == "program" || n == "definitions" || n == "modules" || (n[0] >= '0' && n[0] <= '9') {
		n = "m_" + n
	}
	return n
}

// puppetMajor is the Puppet release the program compiles as by default.
func (g *generator) puppetMajor() int {
	if g.opts.Puppet == 0 {
		return 8
	}
	return g.opts.Puppet
}
