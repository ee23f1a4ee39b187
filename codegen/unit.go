package codegen

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/pp2go/pp2go/frontend/ast"
	"github.com/pp2go/pp2go/frontend/env"
)

// Import paths of the runtime packages generated code uses.
const (
	rtPath     = "github.com/pp2go/pp2go/rt"
	valuesPath = "github.com/pp2go/pp2go/rt/values"
)

// unit is one generated Go package: a Puppet module, or the environment
// (its main manifests and its own functions and types). It owns the
// package's tables: source files, sites, type, function and regexp
// references, and hoisted constants.
type unit struct {
	pkg    string // Go package name
	dir    string // directory in the generated module
	module string // Puppet module name; "" for the environment

	// parts are the packages holding a large module's manifests and
	// templates (codegen's parts); a part (doc says which files it holds)
	// has its own tables but no Module: what it registers goes to its
	// module's package (home), whose Classes and Defines list its
	// definitions for the module path's index.
	parts []*unit
	home  *unit
	doc   string

	files   []string // source files, by index
	fileIdx map[string]int

	sites    []siteEntry
	siteIdx  map[siteKey]int
	operands []int // triples: site, left operand's site, right operand's site
	// per access expression: its site, the number of its keys, their sites
	accessKeys []int
	labels     []string
	lblIdx     map[string]int

	types   refTable // *rt.TypeRef by type text
	funcs   refTable // *rt.FuncRef by function name
	regexps refTable // *rt.RegexpRef by source
	consts  refTable // hoisted constant values by their Go text
	vars    refTable // *rt.VarRef by qualified variable name
	rtypes  refTable // rt.ResourceTypeRef by resource type name
	// strSites is how many interpolations the package's code has: each
	// has its rt.StrSite in the package's interps
	strSites int
	// cells is how many of the package's references (its definitions,
	// types, functions, variables, site table...) keep what they find at
	// run time: each has its rt.Cell in the package's cells
	cells int

	erbMarked map[*jen.File]bool // files that carry the ERB runtime's version marker

	idents map[string]bool // package-level identifiers in use
	// the package's classes and defined types, which the catalog
	// package's index lists, and ERB templates (rt.ERB literals), which
	// its templates table lists
	classes, defines []named
	// sideClasses and sideDefines are those Puppet finds only once their
	// file is loaded (env.Index.SideClasses): the Module lists them apart
	sideClasses, sideDefines []named
	erbs                     []jen.Code
	// what the package's Module gives the program, as data (rt.Module):
	// its functions written in Puppet, type aliases, EPP templates (each
	// the composite literal of its rt type), the module's directory,
	// its embedded files/ (&moduleFiles), its metadata.json and trees, and
	// its functions written in Ruby
	functions, aliases, epps []jen.Code
	// inlineEPP are the texts of inline templates registered (defGen's
	// inlineTemplates), in the root
	inlineEPP map[string]bool
	// inlineERB are the ERB texts translated as inline templates
	// (lowerer.inlineERBTexts)
	inlineERB   map[string]bool
	modDir      string
	filesFS     jen.Code
	metadata    string
	hasMetadata bool
	trees, ruby []jen.Code
	// register are the statements of the package's register(p), what is
	// too rare to be data (rt.Module.Register)
	register []jen.Code
	// goFuncs: the package has functions written in Go, which its init
	// registers (usergo.go)
	goFuncs bool
	outputs map[string]*jen.File
	order   []string // output file names in creation order
}

// named is a definition's Puppet name and its Go identifier.
type named struct{ name, id string }

type siteKey struct {
	file   int
	offset int32
	label  string
}

type siteEntry struct {
	file, line, column, label int
}

// refTable is a package's table of named references, in creation order.
type refTable struct {
	names map[string]string // key -> identifier
	keys  []string
	init  map[string]jen.Code // key -> initializer
}

func newUnit(pkg, dir, module string) *unit {
	u := &unit{pkg: pkg, dir: dir, module: module, fileIdx: map[string]int{}, siteIdx: map[siteKey]int{},
		lblIdx: map[string]int{}, idents: map[string]bool{}, outputs: map[string]*jen.File{}}
	for _, reserved := range []string{"pos", "sites", "interps", "cells", "treeCells", "files", "labels", "Register", "register", "Module", "module", "init", "moduleFiles", "templates"} {
		u.idents[reserved] = true
	}
	return u
}

// withParts is u and its parts, the packages it generates.
func (u *unit) withParts() []*unit { return append([]*unit{u}, u.parts...) }

// root is the package whose Module registers what u generates: u's
// module's package for a part, u itself otherwise.
func (u *unit) root() *unit {
	if u.home != nil {
		return u.home
	}
	return u
}

// addRegister adds statements to the register function of u's root.
func (u *unit) addRegister(code ...jen.Code) {
	r := u.root()
	r.register = append(r.register, code...)
}

// rootIdent reserves a package-level identifier based on want for
// something the root's Module names: exported in a part.
func (u *unit) rootIdent(want string) string {
	if u.home != nil {
		want = strings.ToUpper(want[:1]) + want[1:]
	}
	return u.ident(want)
}

// ident reserves a package-level identifier based on want.
func (u *unit) ident(want string) string {
	name := want
	for i := 2; u.idents[name] || jen.IsReservedWord(name); i++ {
		name = want + strconv.Itoa(i)
	}
	u.idents[name] = true
	return name
}

// output returns the generated file for a Puppet source file.
func (u *unit) output(name string) *jen.File {
	if f := u.outputs[name]; f != nil {
		return f
	}
	f := jen.NewFilePathName(u.dir, u.pkg)
	f.ImportAlias(rtPath, "rt")
	f.ImportAlias(valuesPath, "v")
	u.outputs[name] = f
	u.order = append(u.order, name)
	return f
}

// file returns the index of a source file in the package's file table.
func (u *unit) file(path string) int {
	if i, ok := u.fileIdx[path]; ok {
		return i
	}
	u.files = append(u.files, path)
	u.fileIdx[path] = len(u.files) - 1
	return len(u.files) - 1
}

// site returns the index of the site for a node of a file, labelled as
// Puppet labels it in errors.
func (u *unit) site(f *env.File, n ast.Positioned, label string) int {
	fi := u.file(f.Path)
	span := n.Span()
	k := siteKey{fi, span.Offset, label}
	if i, ok := u.siteIdx[k]; ok {
		return i
	}
	li, ok := u.lblIdx[label]
	if !ok {
		li = len(u.labels)
		u.labels = append(u.labels, label)
		u.lblIdx[label] = li
	}
	pos := f.Source.Position(int(span.Offset), int(span.Length))
	u.sites = append(u.sites, siteEntry{file: fi, line: pos.Line, column: pos.Column, label: li})
	u.siteIdx[k] = len(u.sites) - 1
	return len(u.sites) - 1
}

// binarySite is the site of a binary expression whose operands are
// located too (arithmetic, where Puppet reports errors at an operand).
func (u *unit) binarySite(f *env.File, n, left, right ast.Expr, label string) jen.Code {
	return jen.Id("pos").Call(jen.Lit(u.operandSites(f, n, left, right, label)))
}

// lazyBinarySite is binarySite for an operation that needs its site only
// when it fails (rt.SiteRef).
func (u *unit) lazyBinarySite(f *env.File, n, left, right ast.Expr, label string) jen.Code {
	return siteRef(u.operandSites(f, n, left, right, label))
}

// operandSites is the index of the site of a binary expression, recorded
// with its operands' sites.
func (u *unit) operandSites(f *env.File, n, left, right ast.Expr, label string) int {
	i := u.site(f, n, label)
	u.operands = append(u.operands, i, u.site(f, left, ""), u.site(f, right, ""))
	return i
}

// accessSite is the site of an access expression whose keys are located
// too (Puppet reports a key that does not apply at the key).
func (u *unit) accessSite(f *env.File, n ast.Expr, keys []ast.Expr, label string) jen.Code {
	i := u.site(f, n, label)
	u.accessKeys = append(u.accessKeys, i, len(keys))
	for _, k := range keys {
		u.accessKeys = append(u.accessKeys, u.site(f, k, ""))
	}
	// its site and the keys' are needed only when the access fails
	// (rt.Scope.Access)
	return siteRef(i)
}

// pos is the Go expression for a site.
func (u *unit) pos(f *env.File, n ast.Positioned, label string) jen.Code {
	return jen.Id("pos").Call(jen.Lit(u.site(f, n, label)))
}

// lazyPos is the Go expression for a site that the operation needs only
// when it fails or warns (rt.SiteRef): no call to build it when the
// operation succeeds, as pos's would.
func (u *unit) lazyPos(f *env.File, n ast.Positioned, label string) jen.Code {
	return siteRef(u.site(f, n, label))
}

// siteRef is `sites.Ref(i)` as one token: the code has one at nearly
// every operation (~80,000 in a 92-module environment), and jennifer
// builds and renders each token apart (an allocation or two and a
// fmt.Sprintf each).
func siteRef(i int) jen.Code {
	return jen.Id("sites.Ref(" + strconv.Itoa(i) + ")")
}

// ref returns the identifier of a reference in table t, creating it with
// a name based on want and an initializer.
func (u *unit) ref(t *refTable, key, want string, init func() jen.Code) string {
	if t.names == nil {
		t.names = map[string]string{}
		t.init = map[string]jen.Code{}
	}
	if id, ok := t.names[key]; ok {
		return id
	}
	id := u.ident(want)
	t.names[key] = id
	t.keys = append(t.keys, key)
	t.init[key] = init()
	return id
}

// typeRef is a reference to a type known at build time, by its text.
// The package variable is the TypeRef itself and uses take its address:
// an address is laid out by the linker in any static data (a parameter's
// Type), where copying a pointer variable is left to code at start-up
// once any initializer of the package calls a function (Go's staticinit),
// which writes into, and so copies, the pages of that data.
func (u *unit) typeRef(text string) jen.Code {
	id := u.ref(&u.types, text, "t"+goName(text), func() jen.Code {
		fields := []jen.Code{jen.Id("Text").Op(":").Lit(text)}
		if t := staticType(text); t != nil {
			fields = append(fields, jen.Id("Static").Op(":").Add(t)) // used as it is, never resolved
		} else {
			fields = append(fields, u.cell())
		}
		return jen.Qual(rtPath, "TypeRef").Values(fields...)
	})
	return jen.Op("&").Id(id)
}

// resourceTypeRef is a reference to the resource type a resource
// expression names (lowercase); as typeRef's, uses take its address.
func (u *unit) resourceTypeRef(name string) jen.Code {
	id := u.ref(&u.rtypes, name, "res"+goName(name), func() jen.Code {
		return jen.Qual(rtPath, "ResourceTypeRef").Values(jen.Id("Name").Op(":").Lit(name), u.cell())
	})
	return jen.Op("&").Id(id)
}

// funcRef is a reference to a function by name.
func (u *unit) funcRef(name string) jen.Code {
	id := u.ref(&u.funcs, name, "fn"+goName(name), func() jen.Code {
		return jen.Op("&").Qual(rtPath, "FuncRef").Values(jen.Id("Name").Op(":").Lit(name), u.cell())
	})
	return jen.Id(id)
}

// boundFuncRef is a reference to a function by name whose dispatch d
// (counting from 0) the call is bound to at build time, which checks the
// arguments of check when it runs (rt.FuncRef.Check).
func (u *unit) boundFuncRef(name string, d int, check uint64) jen.Code {
	key, want := fmt.Sprintf("%s#%d", name, d+1), fmt.Sprintf("fn%sD%d", goName(name), d+1)
	fields := []jen.Code{jen.Id("Name").Op(":").Lit(name), jen.Id("Dispatch").Op(":").Lit(d + 1)}
	if check != 0 {
		key, want = fmt.Sprintf("%s/%#x", key, check), fmt.Sprintf("%sCheck%x", want, check)
		fields = append(fields, jen.Id("Check").Op(":").Id(fmt.Sprintf("%#x", check)))
	}
	id := u.ref(&u.funcs, key, want, func() jen.Code {
		return jen.Op("&").Qual(rtPath, "FuncRef").Values(append(fields, u.cell())...)
	})
	return jen.Id(id)
}

// varRef is a reference to a qualified variable ($::fact, $class::var)
// and its slot in its class's layout (-1 for none).
func (u *unit) varRef(name string, slot int) jen.Code {
	want := "var" + goName(name)
	if strings.HasPrefix(name, "::") && !strings.Contains(name[2:], "::") {
		want = "varTop" + goName(name)
	}
	id := u.ref(&u.vars, name, want, func() jen.Code {
		// split as rt.QualifiedVar splits it, so that the linker lays
		// the reference out and no code makes it at start-up
		class, leaf := "", strings.TrimPrefix(name, "::")
		if i := strings.LastIndex(leaf, "::"); i >= 0 {
			class, leaf = leaf[:i], leaf[i+2:]
		}
		fields := []jen.Code{jen.Id("Name").Op(":").Lit(name)}
		if class != "" {
			fields = append(fields, jen.Id("Class").Op(":").Lit(class))
		}
		fields = append(fields, jen.Id("Leaf").Op(":").Lit(leaf), jen.Id("Slot").Op(":").Lit(slot), u.cell())
		return jen.Op("&").Qual(rtPath, "VarRef").Values(fields...)
	})
	return jen.Id(id)
}

// cellAddr is the address of a new reference's rt.Cell in the package's
// cells, and cell the field that gives it.
func (u *unit) cellAddr() jen.Code {
	u.cells++
	return jen.Op("&").Id("cells").Index(jen.Lit(u.cells - 1))
}

func (u *unit) cell() jen.Code { return jen.Id("Cell").Op(":").Add(u.cellAddr()) }

// strSite is the place of a new interpolation in the package's interps.
func (u *unit) strSite() jen.Code {
	u.strSites++
	return jen.Op("&").Id("interps").Index(jen.Lit(u.strSites - 1))
}

// regexpRef is a regular expression literal.
func (u *unit) regexpRef(src string) jen.Code {
	id := u.ref(&u.regexps, src, "re"+strconv.Itoa(len(u.regexps.keys)+1), func() jen.Code {
		return jen.Op("&").Qual(rtPath, "RegexpRef").Values(jen.Id("Src").Op(":").Lit(src), u.cell())
	})
	return jen.Id(id)
}

// constant hoists a constant value (an array or hash literal, identified
// by its Puppet text) into a package variable.
func (u *unit) constant(key string, code jen.Code) jen.Code {
	id := u.ref(&u.consts, key, "lit"+strconv.Itoa(len(u.consts.keys)+1), func() jen.Code { return code })
	return jen.Id(id)
}

// constantAddr hoists a constant value that the package variable holds
// itself (v.ArrayLit), used by its address as typeRef's are.
func (u *unit) constantAddr(key string, code jen.Code) jen.Code {
	return jen.Op("&").Add(u.constant(key, code))
}

// tables emits the package's tables and its Module (and register function) into the
// file pp2go.go.
func (u *unit) tables() *jen.File {
	f := jen.NewFilePathName(u.dir, u.pkg)
	f.ImportAlias(rtPath, "rt")
	f.ImportAlias(valuesPath, "v")
	f.HeaderComment("Code generated by pp2go; DO NOT EDIT.")
	if u.doc != "" {
		f.PackageComment(u.doc)
	}
	if u.home == nil {
		// Module comes before the tables, which grow with the code: its
		// line is in the package's export data, whose fingerprint the
		// importers' compiled forms record, so a Module that an edit of a
		// body moved had go build compile modulepath to a new object and
		// the environment package again
		f.Comment("Module is the package's handle, which holds module: untyped, so that the")
		f.Comment("packages that import this one do not read rt's API from its export data.")
		f.Var().Id("Module").Any().Op("=").Op("&").Id("module")
		f.Line()
	}
	f.Comment("The package's tables: its source files, the sites that errors point at,")
	f.Comment("and the references its code uses.")
	f.Line()
	f.Const().Id("_").Op("=").Qual(rtPath, "IsVersion1")
	f.Line()
	files := make([]jen.Code, len(u.files))
	for i, p := range u.files {
		files[i] = jen.Values(jen.Dict{jen.Id("Path"): jen.Lit(p)})
	}
	f.Var().Id("files").Op("=").Index(jen.Op("...")).Qual(rtPath, "File").ValuesFunc(func(g *jen.Group) {
		for _, c := range files {
			g.Line().Add(c)
		}
		if len(files) > 0 {
			g.Line()
		}
	})
	f.Comment("sites holds four numbers per site: file, line, column and label.")
	// a line a site, "0, 4, 3, 0, // config.pp:4:3 Function Call", written
	// with strconv: fmt would box each number (~80,000 sites a generation)
	bases := make([]string, len(u.files))
	for i, p := range u.files {
		bases[i] = filepath.Base(p)
	}
	data := append(make([]byte, 0, 48*len(u.sites)+16), "[]int32{\n"...)
	for _, s := range u.sites {
		for _, n := range [...]int{s.file, s.line, s.column, s.label} {
			data = append(strconv.AppendInt(data, int64(n), 10), ", "...)
		}
		data = append(append(data, "// "...), bases[s.file]...)
		data = strconv.AppendInt(append(data, ':'), int64(s.line), 10)
		data = strconv.AppendInt(append(data, ':'), int64(s.column), 10)
		data = append(append(append(data, ' '), u.labels[s.label]...), '\n')
	}
	data = append(data, '}')
	// the table gives the files by the first one's address and their
	// number, and the labels themselves (in one string, separated by
	// newlines, as a definition's Locals): Go's static initialization lays
	// those out, where a slice of an array (files[:]) in the table's
	// literal makes the whole table a variable that the package's init
	// makes at start-up, which runs the package's code (a page of the
	// binary's text) and writes the table's data page, and a list of the
	// files' addresses is a static array, which the runtime's GC program
	// for the binary's data decodes at every start
	table := jen.Dict{
		jen.Id("Labels"): jen.Lit(strings.Join(u.labels, "\n")),
		jen.Id("Data"):   jen.Op(string(data)),
		jen.Id("Cell"):   u.cellAddr(),
	}
	if len(u.files) > 0 {
		table[jen.Id("Files")] = jen.Op("&").Id("files").Index(jen.Lit(0))
		table[jen.Id("FileCount")] = jen.Lit(len(u.files))
	}
	if len(u.operands) > 0 {
		items := make([]jen.Code, len(u.operands))
		for i, n := range u.operands {
			items[i] = jen.Lit(n)
		}
		table[jen.Id("Operands")] = jen.Index().Int32().Values(items...)
	}
	if len(u.accessKeys) > 0 {
		items := make([]jen.Code, len(u.accessKeys))
		for i, n := range u.accessKeys {
			items[i] = jen.Lit(n)
		}
		table[jen.Id("AccessKeys")] = jen.Index().Int32().Values(items...)
	}
	f.Var().Id("sites").Op("=").Op("&").Qual(rtPath, "SiteTable").Values(table)
	// pos stays out of line: SiteTable.At does not inline, so pos
	// would, and each of the package's thousands of uses would grow by
	// At's call and an inlining record
	f.Comment("//go:noinline")
	f.Func().Id("pos").Params(jen.Id("i").Int()).Op("*").Qual(rtPath, "Site").Block(jen.Return(jen.Id("sites").Dot("At").Call(jen.Id("i"))))

	if u.strSites > 0 {
		f.Line()
		f.Comment("interps are where the code interpolates strings (rt.InterpolateAt).")
		f.Var().Id("interps").Index(jen.Lit(u.strSites)).Qual(rtPath, "StrSite")
	}

	if u.cells > 0 {
		f.Line()
		f.Comment("cells are where the package's references keep what they find at run time")
		f.Comment("(rt.Cell): zero-valued, not in the binary's data that the references are.")
		f.Var().Id("cells").Index(jen.Lit(u.cells)).Qual(rtPath, "Cell")
	}

	for _, t := range []*refTable{&u.types, &u.rtypes, &u.funcs, &u.regexps, &u.vars, &u.consts} {
		if len(t.keys) == 0 {
			continue
		}
		f.Line()
		f.Var().DefsFunc(func(g *jen.Group) {
			for _, k := range t.keys {
				g.Id(t.names[k]).Op("=").Add(t.init[k])
			}
		})
	}
	if u.home != nil {
		return f // a part: its module's package registers what it holds
	}
	if len(u.erbs) > 0 {
		f.Line()
		f.Comment("templates are the package's ERB templates.")
		f.Var().Id("templates").Op("=").Qual(rtPath, "Templates").Values(jen.Dict{
			jen.Id("ERB"): jen.Index().Qual(rtPath, "ERB").Values(u.erbs...),
		})
	}
	f.Line()
	f.Comment("module is what the package gives the program, registered by rt.Program.AddModules.")
	f.Var().Id("module").Op("=").Qual(rtPath, "Module").Values(u.moduleFields())
	if len(u.register) > 0 {
		f.Line()
		f.Comment("register registers what the package's Module does not hold.")
		f.Func().Id("register").Params(jen.Id("p").Op("*").Qual(rtPath, "Program")).Block(u.register...)
	}
	return f
}

// placed is a class or defined type of a part of a package, where its
// variable is.
type placed struct {
	named
	dir string
}

// definitions are the classes and defined types of u and of its parts,
// in order: a definition's index is its place in the Classes or Defines of
// u's Module, which the index names it by (definitionIndex).
func (u *unit) definitions() (classes, defines []placed) {
	return u.placedOf(func(p *unit) ([]named, []named) { return p.classes, p.defines })
}

// sideDefinitions is definitions for the side definitions (sideClasses,
// sideDefines), which the Module lists apart.
func (u *unit) sideDefinitions() (classes, defines []placed) {
	return u.placedOf(func(p *unit) ([]named, []named) { return p.sideClasses, p.sideDefines })
}

// placedOf is the classes and defined types that lists gives of u and of
// each of its parts, in order, with the package each is in.
func (u *unit) placedOf(lists func(*unit) (classes, defines []named)) (classes, defines []placed) {
	for _, p := range u.withParts() {
		cs, ds := lists(p)
		for _, c := range cs {
			classes = append(classes, placed{c, p.dir})
		}
		for _, d := range ds {
			defines = append(defines, placed{d, p.dir})
		}
	}
	return classes, defines
}

// addressesOf is the addresses of the definitions' variables, a line each.
func addressesOf(defs []placed) jen.Code {
	items := make([]jen.Code, len(defs))
	for i, d := range defs {
		items[i] = jen.Op("&").Qual(d.dir, d.id)
	}
	return addresses(items)
}

// addresses is a composite literal's values, one a line.
func addresses(items []jen.Code) jen.Code {
	return jen.ValuesFunc(func(g *jen.Group) {
		for _, it := range items {
			g.Line().Add(it)
		}
		if len(items) > 0 {
			g.Line()
		}
	})
}

// registers reports whether the package gives the program anything: a
// package that does not is left out of the program.
func (u *unit) registers() bool {
	return len(u.erbs)+len(u.functions)+len(u.aliases)+len(u.epps)+len(u.trees)+len(u.ruby)+len(u.register) > 0 ||
		u.modDir != "" || u.hasMetadata || u.goFuncs
}

// moduleFields are the fields of the package's rt.Module, a table that Go
// lays out: no code of the package runs when the program is built.
func (u *unit) moduleFields() jen.Dict {
	d := jen.Dict{}
	classes, defines := u.definitions()
	// (a class is a variable whose address the table holds: static data,
	// as the index's)
	if len(classes) > 0 {
		d[jen.Id("Classes")] = jen.Index().Op("*").Qual(rtPath, "Class").Add(addressesOf(classes))
	}
	if len(defines) > 0 {
		d[jen.Id("Defines")] = jen.Index().Op("*").Qual(rtPath, "Define").Add(addressesOf(defines))
	}
	sideClasses, sideDefines := u.sideDefinitions()
	if len(sideClasses) > 0 {
		d[jen.Id("SideClasses")] = jen.Index().Op("*").Qual(rtPath, "Class").Add(addressesOf(sideClasses))
	}
	if len(sideDefines) > 0 {
		d[jen.Id("SideDefines")] = jen.Index().Op("*").Qual(rtPath, "Define").Add(addressesOf(sideDefines))
	}
	list := func(field, pkg, typ string, items []jen.Code) {
		if len(items) > 0 {
			d[jen.Id(field)] = jen.Index().Qual(pkg, typ).ValuesFunc(func(g *jen.Group) {
				for _, it := range items {
					g.Line().Add(it)
				}
				g.Line()
			})
		}
	}
	if len(u.erbs) > 0 {
		d[jen.Id("Templates")] = jen.Op("&").Id("templates")
	}
	list("Functions", rtPath, "FunctionDef", u.functions)
	list("Aliases", rtPath, "TypeAliasDef", u.aliases)
	list("EPP", rtPath, "EPPDef", u.epps)
	if u.modDir != "" {
		d[jen.Id("Name")] = jen.Lit(u.module)
		d[jen.Id("NameValue")] = jen.Qual(valuesPath, "String").Call(jen.Lit(u.module))
		d[jen.Id("Dir")] = jen.Lit(u.modDir)
		if u.filesFS != nil {
			d[jen.Id("Files")] = u.filesFS
			d[jen.Id("FilesDir")] = jen.Lit("files")
		}
	} else if u.module != "" {
		d[jen.Id("Name")] = jen.Lit(u.module)
	}
	if u.hasMetadata {
		d[jen.Id("Metadata")] = jen.Lit(u.metadata)
		d[jen.Id("HasMetadata")] = jen.True()
	}
	list("Trees", rtPath, "TreeDef", u.trees)
	list("Ruby", rtPath+"/rubyfn", "Func", u.ruby)
	if len(u.register) > 0 {
		d[jen.Id("Register")] = jen.Id("register")
	}
	return d
}

// goName turns a Puppet name or text into the tail of a Go identifier:
// ntp::config -> NtpConfig.
func goName(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z':
			if up {
				r -= 'a' - 'A'
			}
			b.WriteRune(r)
			up = false
		case r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
			b.WriteRune(r)
			up = false
		default:
			up = true
		}
		if b.Len() > 40 {
			break
		}
	}
	return b.String()
}

// sortedKeys returns a map's keys sorted.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
