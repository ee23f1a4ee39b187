package env

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/parser"
	"github.com/pp2go/pp2go/frontend/rubyscan"
	"github.com/pp2go/pp2go/frontend/source"
	"github.com/pp2go/pp2go/frontend/validate"
	"github.com/pp2go/pp2go/rt/restype"
)

// moduleDirName is Puppet::Module.is_module_directory_name?: only such
// directories of a module path are modules.
var moduleDirName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// load finds the modules and files, parses and validates every Puppet
// file in parallel, scans the Ruby files and builds the index.
func (e *Env) load() {
	e.findModules()
	var jobs []*File
	if e.Dir != "" {
		e.Root = &Module{Name: "environment", Dir: e.Dir}
		jobs = append(jobs, e.collectAutoloadDirs(e.Root, nil)...)
		for _, p := range globFiles(filepath.Join(e.Dir, ".resource_types"), ".pp", false) {
			jobs = append(jobs, &File{Path: p, Role: PcoreTypeFile})
		}
	}
	jobs = append(jobs, e.mainManifest()...)
	for _, m := range e.Modules {
		jobs = append(jobs, e.collectModule(m)...)
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		e.scanRuby()
	}()
	e.parseAll(jobs)
	wg.Wait()
	for _, f := range jobs {
		if e.files[f.Path] != nil {
			continue // the main manifest may be inside a module path
		}
		e.files[f.Path] = f
		e.Files = append(e.Files, f)
		e.Diags = append(e.Diags, f.Diags...)
	}
	sort.Slice(e.Files, func(i, j int) bool { return e.Files[i].Path < e.Files[j].Path })
	e.buildIndex()
	e.resolveResourceTypes()
	SortDiags(e.Diags)
}

// findModules lists the modules of the module path as Puppet's
// Environment#modules does: valid module directory names, the first module
// of a name wins, modules whose metadata.json lacks a required key are
// dropped (Puppet logs the error and ignores them).
func (e *Env) findModules() {
	for _, dir := range e.ModulePath {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue // Puppet skips module path entries that are not directories
		}
		names := make([]string, 0, len(entries))
		for _, ent := range entries {
			names = append(names, ent.Name())
		}
		sort.Strings(names)
		for _, name := range names {
			path := filepath.Join(dir, name)
			if !isDir(path) {
				continue
			}
			if !moduleDirName.MatchString(name) {
				if !strings.HasPrefix(name, ".") {
					e.Diags = append(e.Diags, &diag.Diagnostic{Severity: diag.Warning, Code: "INVALID_MODULE_NAME", File: path,
						Message: fmt.Sprintf("Directory '%s' in the module path is not a module: module names must match /^[a-z][a-z0-9_]*$/; Puppet ignores it", name)})
				}
				continue
			}
			if e.modules[name] != nil {
				continue
			}
			m := &Module{Name: name, Dir: path}
			if !e.readMetadata(m) {
				continue
			}
			e.modules[name] = m
			e.Modules = append(e.Modules, m)
		}
	}
}

// readMetadata reads metadata.json. It returns false when Puppet would
// drop the module: metadata that lacks source, author, version, license
// or dependencies, or with dependencies that are not an array.
func (e *Env) readMetadata(m *Module) bool {
	path := filepath.Join(m.Dir, "metadata.json")
	data, err := os.ReadFile(path)
	if err != nil {
		return true
	}
	if len(data) == 0 {
		return true
	}
	if msg := validate.RubyJSONError(string(data)); msg != "" {
		// Puppet::Module#read_metadata: the JSON gem's message, which
		// Puppet 8.10's Ruby gives without the "NNN: " prefix
		msg8 := msg[strings.IndexByte(msg, ' ')+1:]
		m.MetadataError = map[int]string{}
		for puppet, text := range map[int]string{7: msg, 8: msg8} {
			m.MetadataError[puppet] = fmt.Sprintf("%s has an invalid and unparsable metadata.json file. The parse error: %s", m.Name, text)
		}
		for _, puppet := range []int{7, 8} {
			e.Diags = append(e.Diags, &diag.Diagnostic{Severity: diag.Warning, Code: "INVALID_METADATA", File: path, Puppet: puppet,
				Message: m.MetadataError[puppet], Hint: "a warning in every compile under strict=warning; under strict=error " +
					"(Puppet 8's default) an error, and Puppet leaves the module out of the environment"})
		}
		return true
	}
	var raw map[string]any
	if err := json.Unmarshal(data, &raw); err != nil {
		return true // what Ruby parses and Go does not (a comment): no metadata read
	}
	if len(raw) == 0 {
		return true
	}
	md := &Metadata{}
	str := func(k string) string { s, _ := raw[k].(string); return s }
	md.Name = strings.Replace(str("name"), "-", "/", 1)
	md.Summary = str("summary")
	for _, k := range []string{"source", "author", "version", "license", "dependencies"} {
		v, ok := raw[k]
		if !ok || v == nil {
			e.Diags = append(e.Diags, &diag.Diagnostic{Severity: diag.Error, Code: "MISSING_METADATA", File: path,
				Message: fmt.Sprintf("No %s module metadata provided for %s", k, m.Name)})
			return false
		}
		switch k {
		case "source":
			md.Source = fmt.Sprint(v)
		case "author":
			md.Author = fmt.Sprint(v)
		case "version":
			md.Version = fmt.Sprint(v)
		case "license":
			md.License = fmt.Sprint(v)
		case "dependencies":
			deps, ok := v.([]any)
			if !ok {
				e.Diags = append(e.Diags, &diag.Diagnostic{Severity: diag.Error, Code: "MISSING_METADATA", File: path,
					Message: fmt.Sprintf("The value for the key dependencies in the file metadata.json of the module %s must be an array, not: '%v'", m.Name, v)})
				return false
			}
			for _, d := range deps {
				dm, _ := d.(map[string]any)
				name, _ := dm["name"].(string)
				req, _ := dm["version_requirement"].(string)
				if req == "" {
					req = ">= 0.0.0"
				}
				md.Dependencies = append(md.Dependencies, Dependency{Name: strings.ReplaceAll(name, "-", "/"), VersionRequirement: req})
			}
		}
	}
	m.Metadata = md
	return true
}

// mainManifest lists the main manifest's files: the file itself, or every
// .pp under the directory in Puppet's order (Dir.glob("**/*.pp").sort).
func (e *Env) mainManifest() []*File {
	if e.code != "" {
		// Puppet[:code] replaces the manifest (perform_initial_import)
		e.Manifests = []*File{{Role: MainManifest, Source: source.NewFile("", e.code)}}
		return e.Manifests
	}
	if e.Manifest == "" {
		return nil
	}
	var paths []string
	switch {
	case isDir(e.Manifest):
		paths = globFiles(e.Manifest, ".pp", true)
	case isFile(e.Manifest):
		paths = []string{e.Manifest}
	default:
		e.Diags = append(e.Diags, &diag.Diagnostic{Severity: diag.Warning, Code: "NO_MANIFEST", File: e.Manifest,
			Message: fmt.Sprintf("manifest of environment '%s' appoints '%s'. It does not exist", e.Name, e.Manifest)})
	}
	for _, p := range paths {
		e.Manifests = append(e.Manifests, &File{Path: p, Role: MainManifest})
	}
	return e.Manifests
}

// collectModule lists a module's Puppet files and other contents.
func (e *Env) collectModule(m *Module) []*File {
	var jobs []*File
	for _, p := range globFiles(filepath.Join(m.Dir, "manifests"), ".pp", true) {
		f := &File{Path: p, Role: ModuleManifest, Module: m}
		m.Manifests = append(m.Manifests, f)
		jobs = append(jobs, f)
	}
	jobs = append(jobs, e.collectAutoloadDirs(m, m)...)
	tdir := filepath.Join(m.Dir, "templates")
	for _, p := range globFiles(tdir, "", true) {
		rel, _ := filepath.Rel(tdir, p)
		m.Templates = append(m.Templates, rel)
		if strings.HasSuffix(p, ".epp") {
			f := &File{Path: p, Role: Template, Module: m}
			m.EPP = append(m.EPP, f)
			jobs = append(jobs, f)
		}
	}
	fdir := filepath.Join(m.Dir, "files")
	for _, p := range globFiles(fdir, "", true) {
		rel, _ := filepath.Rel(fdir, p)
		m.FileNames = append(m.FileNames, rel)
	}
	if h := filepath.Join(m.Dir, "hiera.yaml"); isFile(h) {
		m.HieraConfig = h
		m.HasHiera = true
	}
	for _, f := range jobs {
		if f.Role != Template {
			m.Files = append(m.Files, f)
		}
	}
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	return jobs
}

// collectAutoloadDirs lists functions/ and types/ of a module or of the
// environment directory (owner nil), and notes its Ruby function files.
func (e *Env) collectAutoloadDirs(m *Module, owner *Module) []*File {
	var jobs []*File
	for _, p := range globFiles(filepath.Join(m.Dir, "functions"), ".pp", true) {
		f := &File{Path: p, Role: FunctionFile, Module: owner}
		m.Functions = append(m.Functions, f)
		jobs = append(jobs, f)
	}
	for _, p := range globFiles(filepath.Join(m.Dir, "types"), ".pp", true) {
		f := &File{Path: p, Role: TypeAliasFile, Module: owner}
		m.TypeAliases = append(m.TypeAliases, f)
		jobs = append(jobs, f)
	}
	fdir := filepath.Join(m.Dir, "lib", "puppet", "functions")
	for _, p := range globFiles(fdir, ".rb", true) {
		rel, _ := filepath.Rel(fdir, strings.TrimSuffix(p, ".rb"))
		name := strings.ReplaceAll(filepath.ToSlash(rel), "/", "::")
		m.RubyFunctions = append(m.RubyFunctions, &RubyFunction{Name: name, API: 4, Path: p, Module: owner})
	}
	for _, p := range globFiles(filepath.Join(m.Dir, "lib", "puppet", "parser", "functions"), ".rb", false) {
		name := strings.TrimSuffix(filepath.Base(p), ".rb")
		m.RubyFunctions = append(m.RubyFunctions, &RubyFunction{Name: name, API: 3, Path: p, Module: owner})
	}
	return jobs
}

// globFiles lists the files under root ending in ext ("" for any) as
// Ruby's Dir.glob("root/**/*ext").sort does: hidden files and directories
// are skipped, symbolic links to directories are not followed (links to
// files are listed), and the result is sorted bytewise. Without recursive
// only root's own files are listed.
func globFiles(root, ext string, recursive bool) []string {
	var out []string
	var walk func(dir string)
	walk = func(dir string) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return
		}
		for _, ent := range entries {
			name := ent.Name()
			if strings.HasPrefix(name, ".") {
				continue
			}
			p := filepath.Join(dir, name)
			switch t := ent.Type(); {
			case t.IsDir():
				if recursive {
					walk(p)
				}
			case t&os.ModeSymlink != 0:
				if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && strings.HasSuffix(name, ext) {
					out = append(out, p)
				}
			case t.IsRegular():
				if strings.HasSuffix(name, ext) {
					out = append(out, p)
				}
			}
		}
	}
	walk(root)
	sort.Strings(out)
	return out
}

// parseAll reads, parses and validates the files on all cores.
func (e *Env) parseAll(files []*File) {
	opts := validate.Options{ModulePath: e.ModulePath, Manifest: e.Manifest}
	work := make(chan *File, len(files))
	for _, f := range files {
		work <- f
	}
	close(work)
	var wg sync.WaitGroup
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range work {
				parseFile(f, opts)
			}
		}()
	}
	wg.Wait()
}

func parseFile(f *File, opts validate.Options) {
	src := f.Source // the code setting's
	if src == nil {
		text, err := os.ReadFile(f.Path)
		if err != nil {
			f.Diags = diag.List{{Severity: diag.Error, Code: "UNREADABLE_FILE", Message: err.Error(), File: f.Path}}
			return
		}
		src = source.NewFile(f.Path, string(text))
		f.Source = src
	}
	parse := parser.ParseFile
	if f.Role == Template {
		parse = parser.ParseEPP
	}
	res, d := parse(src)
	if res != nil {
		f.Diags = append(f.Diags, res.Warnings...)
	}
	if d != nil {
		errs := diag.List{d}
		if len(res.Raised) > 0 {
			errs = res.Raised // one for each release
		}
		for _, d := range errs {
			if d.File == "" {
				d.File = f.Path
			}
		}
		f.Diags = append(f.Diags, errs...)
		return
	}
	f.Program = res.Program
	vopts := opts
	if f.Role == Template || f.Role == PcoreTypeFile {
		vopts = validate.Options{} // not subject to the module file rules
	}
	f.Diags = append(f.Diags, validate.Program(res.Program, vopts)...)
}

// scanRuby scans the Ruby function and type files of the environment and
// its modules in parallel.
func (e *Env) scanRuby() {
	var jobs []func()
	owners := append([]*Module(nil), e.Modules...)
	if e.Root != nil {
		owners = append(owners, e.Root)
	}
	for _, m := range owners {
		for _, rf := range m.RubyFunctions {
			rf := rf
			jobs = append(jobs, func() {
				text, err := os.ReadFile(rf.Path)
				if err != nil {
					return
				}
				var fns []*rubyscan.Function
				if rf.API == 4 {
					fns, _ = rubyscan.Functions4x(rf.Path, string(text))
				} else {
					fns, _ = rubyscan.Functions3x(rf.Path, string(text))
				}
				for _, f := range fns {
					if strings.TrimPrefix(f.Name, "::") == rf.Name {
						rf.Scan = f
					}
				}
			})
		}
	}
	for _, m := range e.Modules {
		m.providers = map[string]bool{}
		pdir := filepath.Join(m.Dir, "lib", "puppet", "provider")
		if entries, err := os.ReadDir(pdir); err == nil {
			for _, ent := range entries {
				if len(globFiles(filepath.Join(pdir, ent.Name()), ".rb", false)) > 0 {
					m.providers[ent.Name()] = true
				}
			}
		}
		for _, p := range globFiles(filepath.Join(m.Dir, "lib", "puppet", "type"), ".rb", false) {
			p := p
			rt := &ResourceType{Module: m, Path: p}
			m.ResourceTypes = append(m.ResourceTypes, rt)
			jobs = append(jobs, func() {
				name := strings.TrimSuffix(filepath.Base(p), ".rb")
				text, err := os.ReadFile(p)
				if err == nil {
					types, _ := rubyscan.Types(p, string(text), e.RequireRuby)
					for _, t := range types {
						if t.Name == name {
							rt.Type = t
						}
					}
					if rt.Type != nil && rt.Type.TitlePatternsUnknown {
						// title patterns computed in Ruby, for types pp2go has a port of
						if tp, ok := restype.ComputedTitlePatterns(name, string(text)); ok {
							rt.Type.TitlePatterns, rt.Type.TitlePatternsUnknown = tp, false
						}
					}
				}
				if rt.Type == nil {
					// Puppet autoloads type X from puppet/type/X.rb; a file
					// that does not declare it in a form the scan reads is
					// taken as a type that accepts anything.
					rt.Type = &restype.Type{Name: name, Open: true, TitlePatternsUnknown: true, Isomorphic: true, Source: p}
				}
				for _, f := range rubyscan.TopLevelRequires(string(text)) {
					if _, _, ok := e.RequireRuby(f); !ok {
						rt.Type.Requires = append(rt.Type.Requires, f)
					}
				}
			})
		}
	}
	work := make(chan func(), len(jobs))
	for _, j := range jobs {
		work <- j
	}
	close(work)
	var wg sync.WaitGroup
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				j()
			}
		}()
	}
	wg.Wait()
}

// RequireRuby finds a required Ruby feature in the modules' lib
// directories, as Ruby's load path with those directories would (once a
// feature: rubyFeatures).
func (e *Env) RequireRuby(feature string) (string, string, bool) {
	if f, ok := e.rubyFeatures.Load(feature); ok {
		f := f.(rubyFeature)
		return f.path, f.text, f.found
	}
	var f rubyFeature
	for _, m := range e.Modules {
		p := filepath.Join(m.Dir, "lib", filepath.FromSlash(feature)+".rb")
		if text, err := os.ReadFile(p); err == nil {
			f = rubyFeature{p, string(text), true}
			break
		}
	}
	e.rubyFeatures.Store(feature, f)
	return f.path, f.text, f.found
}

// rubyFeature is where RequireRuby found a feature, and its text.
type rubyFeature struct {
	path, text string
	found      bool
}

// SortDiags sorts diagnostics by file, line, column, code and message, for
// deterministic output.
func SortDiags(l diag.List) {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
}
