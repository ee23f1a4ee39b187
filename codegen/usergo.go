package codegen

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/pp2go/pp2go/codegen/gofuncs"
	"github.com/pp2go/pp2go/frontend/diag"
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
	dir := g.unitFile(u, "go")
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
	u.goFuncs = true
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

// missingFunctions decides what stands in for each Ruby function of the
// module path (rubyFunctions), which the environment's table binds
// (bindFunctions), and warns about each one the checked code calls
// that nothing stands in for: Puppet would run the Ruby, pp2go cannot, so
// the nodes that reach the call fail, naming the function and why; the
// warning names its call sites, the Ruby file and the Go function a user
// may write instead (pp2go build --strict makes it an error).
func (g *generator) missingFunctions() {
	g.ruby = g.rubyFunctions()
	g.res.Ruby = g.ruby
	if g.opts.Checked == nil {
		return
	}
	why := map[string]*RubyFunction{}
	for _, r := range g.ruby {
		if r.By == "" {
			why[r.Name] = r
		}
	}
	byName := map[string]*gofuncs.Missing{}
	for call, callee := range g.opts.Checked.Calls {
		ref := callee.Env
		if ref == nil || ref.Ruby == nil || why[ref.Name] == nil {
			continue
		}
		m := byName[ref.Name]
		if m == nil {
			m = &gofuncs.Missing{Name: ref.Name, RubyFile: ref.Ruby.Path, Ruby: ref.Ruby.Scan, Why: why[ref.Name].Why}
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
		g.res.Diags = append(g.res.Diags, &diag.Diagnostic{Severity: diag.Warning, Code: CodeNoGoFunction, File: m.RubyFile, Message: m.Error(),
			Hint: "the nodes that call it fail with this error"})
	}
}

// CodeNoGoFunction is the warning for a Ruby function that the checked
// code calls and nothing stands in for.
const CodeNoGoFunction = "NO_GO_FUNCTION"
