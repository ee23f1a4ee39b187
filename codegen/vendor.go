package codegen

import (
	"fmt"
	"go/build"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"

	"github.com/pp2go/pp2go/frontend/diag"
)

// The generated module vendors what it builds against, so that 'go build'
// needs neither network nor module cache: pp2go's runtime, and the
// packages of the runtime's dependencies (cobra, regexp2, ...), copied
// from the local module cache at the versions of pp2go's go.mod, with the
// vendor/modules.txt 'go mod vendor' would write. Go builds a module with
// a vendor directory in vendor mode by default.

// ppModule is pp2go's own module path.
const ppModule = "github.com/pp2go/pp2go"

// vendorDir is where vendored packages go in the generated module.
const vendorDir = "vendor"

// requirement is a module of pp2go's go.mod.
type requirement struct {
	path, version string
}

func parseRequirements(lines []string) []requirement {
	var reqs []requirement
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) >= 2 {
			reqs = append(reqs, requirement{f[0], f[1]})
		}
	}
	return reqs
}

// vendorModules adds the runtime's dependencies to vendor/ and writes
// vendor/modules.txt; the runtime itself is already under
// vendor/github.com/pp2go/pp2go. It returns false, with a warning that
// says what to fetch, when the module cache lacks a module.
func (g *generator) vendorModules(ppGo string, reqs []requirement) bool {
	cache := g.opts.ModCache
	if cache == "" {
		cache = g.modCache()
	}
	version := map[string]string{}
	for _, r := range reqs {
		version[r.path] = r.version
	}
	// moduleOf finds the module of an import path among the requirements.
	moduleOf := func(imp string) string {
		best := ""
		for p := range version {
			if (imp == p || strings.HasPrefix(imp, p+"/")) && len(p) > len(best) {
				best = p
			}
		}
		return best
	}
	modDir := func(mod string) string {
		ep, err1 := module.EscapePath(mod)
		ev, err2 := module.EscapeVersion(version[mod])
		if err1 != nil || err2 != nil {
			return ""
		}
		return filepath.Join(cache, filepath.FromSlash(ep)+"@"+ev)
	}

	// Packages of the main module and of the runtime: their files are in
	// the result. Their imports are read whatever their build
	// constraints (the runtime's own have none that select imports).
	ppPkgs := map[string]bool{}
	var queue []string
	for _, name := range sortedKeys(g.res.Files) {
		if !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		if rt, ok := strings.CutPrefix(name, vendorDir+"/"+ppModule+"/"); ok {
			ppPkgs[ppModule+"/"+path.Dir(rt)] = true
		}
		imports, ok := g.fmt.imports[name] // a formatted file's, which may not have been read
		if !ok {
			imports = importsOf(name, g.res.Files[name]) // none when it does not parse: go build reports it
		}
		queue = append(queue, imports...)
	}

	// Third-party packages, read as go build will read them: for this
	// GOOS and GOARCH, with cgo and without.
	ctxs := []build.Context{build.Default, build.Default}
	ctxs[0].CgoEnabled, ctxs[1].CgoEnabled = false, true
	pkgs := map[string]string{} // import path -> directory
	missing := map[string]bool{}
	var unknown []string
	for len(queue) > 0 {
		imp := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		first, _, _ := strings.Cut(imp, "/")
		if !strings.Contains(first, ".") || imp == ppModule || strings.HasPrefix(imp, ppModule+"/") ||
			imp == g.opts.ModulePath || strings.HasPrefix(imp, g.opts.ModulePath+"/") {
			continue // the standard library, the runtime, the module itself
		}
		if _, done := pkgs[imp]; done {
			continue
		}
		mod := moduleOf(imp)
		if mod == "" {
			unknown = append(unknown, imp)
			pkgs[imp] = ""
			continue
		}
		root := modDir(mod)
		dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(imp, mod)))
		pkgs[imp] = dir
		if _, err := os.Stat(root); err != nil {
			missing[mod] = true
			continue
		}
		for _, ctx := range ctxs {
			p, err := ctx.ImportDir(dir, build.ImportComment)
			if err != nil && p == nil {
				continue
			}
			queue = append(queue, p.Imports...)
		}
	}
	if len(unknown) > 0 || len(missing) > 0 {
		g.res.Diags = append(g.res.Diags, notVendored(cache, unknown, missing, version))
		return false
	}

	// Copy each package's files (what 'go mod vendor' copies: every
	// regular file but tests, go.mod and go.sum) and its module's license.
	byModule := map[string][]string{}
	for imp, dir := range pkgs {
		mod := moduleOf(imp)
		byModule[mod] = append(byModule[mod], imp)
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			n := e.Name()
			if !e.Type().IsRegular() || strings.HasSuffix(n, "_test.go") || n == "go.mod" || n == "go.sum" {
				continue
			}
			if b, err := os.ReadFile(filepath.Join(dir, n)); err == nil {
				g.res.Files[path.Join(vendorDir, imp, n)] = b
			}
		}
	}
	for mod := range byModule {
		entries, _ := os.ReadDir(modDir(mod))
		for _, e := range entries {
			up := strings.ToUpper(e.Name())
			if e.Type().IsRegular() && (strings.HasPrefix(up, "LICENSE") || strings.HasPrefix(up, "LICENCE") ||
				strings.HasPrefix(up, "COPYING") || strings.HasPrefix(up, "NOTICE") || strings.HasPrefix(up, "PATENTS")) {
				if b, err := os.ReadFile(filepath.Join(modDir(mod), e.Name())); err == nil {
					g.res.Files[path.Join(vendorDir, mod, e.Name())] = b
				}
			}
		}
	}

	// modules.txt: every requirement of go.mod, explicit, with its go
	// version and the packages vendored from it.
	var b strings.Builder
	fmt.Fprintf(&b, "# %s v0.0.0\n## explicit; go %s\n", ppModule, ppGo)
	for _, p := range sortedKeys(ppPkgs) {
		b.WriteString(p + "\n")
	}
	sorted := append([]requirement(nil), reqs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].path < sorted[j].path })
	for _, r := range sorted {
		fmt.Fprintf(&b, "# %s %s\n## explicit", r.path, r.version)
		if v := moduleGoVersion(cache, r); v != "" {
			b.WriteString("; go " + v)
		}
		b.WriteString("\n")
		list := byModule[r.path]
		sort.Strings(list)
		for _, p := range list {
			b.WriteString(p + "\n")
		}
	}
	g.res.Files[vendorDir+"/modules.txt"] = []byte(b.String())
	return true
}

// notVendored says which modules the generated module needs from the
// network, and how to fetch them once.
func notVendored(cache string, unknown []string, missing map[string]bool, version map[string]string) *diag.Diagnostic {
	var parts []string
	if len(missing) > 0 {
		var mods []string
		for _, m := range sortedKeys(missing) {
			mods = append(mods, m+"@"+version[m])
		}
		// Their own dependencies are unknown until they are there: 'go mod
		// download' in the generated module fetches everything its go.mod
		// lists.
		parts = append(parts, fmt.Sprintf("the module cache (%s) lacks %s (and perhaps modules they import); "+
			"run 'go mod download' in the generated module, which fetches every module its go.mod lists, and generate again",
			cache, strings.Join(mods, ", ")))
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		parts = append(parts, fmt.Sprintf("no module of pp2go's go.mod provides %s", strings.Join(unknown, ", ")))
	}
	return &diag.Diagnostic{Severity: diag.Warning, Code: "NOT_VENDORED",
		Message: "the generated module is not vendored, so go build will download modules: " + strings.Join(parts, "; ")}
}

// moduleGoVersion is the go directive of a module's go.mod, as the cache
// keeps it ("" when it has none or the cache lacks it).
func moduleGoVersion(cache string, r requirement) string {
	ep, err1 := module.EscapePath(r.path)
	ev, err2 := module.EscapeVersion(r.version)
	if err1 != nil || err2 != nil {
		return ""
	}
	name := filepath.Join(cache, "cache", "download", filepath.FromSlash(ep), "@v", ev+".mod")
	b, err := os.ReadFile(name)
	if err != nil {
		return ""
	}
	f, err := modfile.ParseLax(name, b, nil)
	if err != nil || f.Go == nil {
		return ""
	}
	return f.Go.Version
}

// moduleCacheAhead starts asking for Go's module cache (moduleCache) and
// returns a function that waits for the answer: go env takes ~40 ms, which
// vendorModules, at the end of a generation, would otherwise wait for.
func moduleCacheAhead() func() string {
	answer := make(chan string, 1)
	go func() { answer <- moduleCache() }()
	return sync.OnceValue(func() string { return <-answer })
}

// moduleCache is Go's module cache: what 'go env GOMODCACHE' says, or
// where it is by default.
func moduleCache() string {
	if out, err := exec.Command("go", "env", "GOMODCACHE").Output(); err == nil {
		if d := strings.TrimSpace(string(out)); d != "" {
			return d
		}
	}
	if d := os.Getenv("GOMODCACHE"); d != "" {
		return d
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		home, _ := os.UserHomeDir()
		gopath = filepath.Join(home, "go")
	}
	return filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
}
