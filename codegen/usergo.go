package codegen

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/dave/jennifer/jen"
	"github.com/pp2go/pp2go/codegen/gofuncs"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt/fn"
	_ "github.com/pp2go/pp2go/rt/fn/all" // the library, to know what it implements
)

// userGo is a go/ directory of Go functions a user wrote for a module's
// Ruby functions (or the environment's): its sources are copied into the
// generated module, under dir, and registered from the package of unit.
type userGo struct {
	module string // "" for the environment's own functions
	src    string // the go/ directory
	dir    string // its copy, relative to the generated module
	unit   *unit
}

// userGoDir copies the go/ directory of a module or of the environment
// into the generated module, when it has Go files. Their registration is
// generated once the whole module exists (userFunctions).
func (g *generator) userGoDir(u *unit, module, base string) {
	src := filepath.Join(base, "go")
	entries, err := os.ReadDir(src)
	if err != nil {
		return
	}
	dir := path.Join(strings.TrimPrefix(u.dir, g.opts.ModulePath+"/"), "go")
	copied := 0
	for _, ent := range entries {
		name := ent.Name()
		if !ent.Type().IsRegular() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			continue
		}
		g.res.Files[path.Join(dir, name)] = b
		copied++
	}
	if copied == 0 {
		return
	}
	g.userGo = append(g.userGo, &userGo{module: module, src: src, dir: dir, unit: u})
	// keeps the unit's package, whose init registers the functions
	u.register = append(u.register, jen.Comment("functions written in Go: "+src))
}

// userFunctions reads the copied go/ packages with go/packages, in a
// temporary copy of the generated module (they import pp2go's runtime),
// and generates each one's registration in its unit's package. A package
// that does not compile, or whose functions do not map to Puppet
// signatures, is an error.
func (g *generator) userFunctions() error {
	if len(g.userGo) == 0 {
		return nil
	}
	tmp, err := os.MkdirTemp("", "pp2go-gofuncs-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := g.res.Write(tmp); err != nil {
		return err
	}
	for _, ug := range g.userGo {
		p, err := gofuncs.Scan(filepath.Join(tmp, filepath.FromSlash(ug.dir)), ug.module)
		if err != nil {
			msg := strings.ReplaceAll(err.Error(), tmp+string(filepath.Separator)+filepath.FromSlash(ug.dir), ug.src)
			g.res.Diags = append(g.res.Diags, &diag.Diagnostic{Severity: diag.Error, Code: "GO_FUNCTIONS", File: ug.src, Message: msg})
			continue
		}
		p.Dir = ug.src
		for _, f := range p.Functions {
			g.goFuncs[f.Name] = true
		}
		src, err := gofuncs.Emit(p, ug.unit.pkg)
		if err != nil {
			return err
		}
		name := strings.TrimPrefix(ug.unit.dir, g.opts.ModulePath+"/")
		g.res.Files[path.Join(name, "go_functions.go")] = src
	}
	return nil
}

// missingFunctions reports each Ruby function the checked code calls that
// has no Go implementation (pp2go's library, or the user's go/
// directories): Puppet would run the Ruby, pp2go cannot, so the build
// fails naming the function, its call sites, the Ruby file and the Go
// function to write.
func (g *generator) missingFunctions() {
	if g.opts.Checked == nil {
		return
	}
	byName := map[string]*gofuncs.Missing{}
	for call, callee := range g.opts.Checked.Calls {
		ref := callee.Env
		if ref == nil || ref.Ruby == nil || g.goFuncs[ref.Name] || inLibrary(ref) {
			continue
		}
		m := byName[ref.Name]
		if m == nil {
			m = &gofuncs.Missing{Name: ref.Name, RubyFile: ref.Ruby.Path, Ruby: ref.Ruby.Scan}
			if ref.Module != nil {
				m.Module = ref.Module.Name
			}
			byName[ref.Name] = m
		}
		if f := callee.File; f != nil && f.Source != nil {
			sp := call.Span()
			m.Sites = append(m.Sites, f.Source.Position(int(sp.Offset), int(sp.Length)).String())
		}
	}
	for _, name := range sortedKeys(byName) {
		m := byName[name]
		sort.Strings(m.Sites)
		g.res.Diags = append(g.res.Diags, &diag.Diagnostic{Severity: diag.Error, Code: "NO_GO_FUNCTION", File: m.RubyFile, Message: m.Error()})
	}
}

// inLibrary reports whether pp2go's library implements a module's Ruby
// function: a function of that module's library (which generated code
// links when the module is in the environment), or a core one.
func inLibrary(ref *env.FunctionRef) bool {
	f := fn.Lookup(ref.Name)
	return f != nil && (f.Module == "" || ref.Module != nil && f.Module == ref.Module.Name)
}
