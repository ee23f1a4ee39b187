package conformance

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// The language corpus (testdata/lang): small environments, each a txtar
// archive whose sections are its files (manifests/site.pp, modules/...,
// optional environment.conf and facts.json) and what Puppet produced for
// each of its nodes (testdata/lang/regen writes them): under want/, Puppet
// 7.23's want/NODE.json, or want/NODE.error, and want/NODE.warnings; under
// want8/, Puppet 8.10's: want8/same lists the nodes where it is exactly
// 7.23's outcome, the others have their own want8/NODE.json or .error and
// .warnings. A case is one node of one archive, compiled as each version.
// An archive's comment lists its nodes on "nodes:" lines and the Puppet
// settings its nodes compile with on "settings:" lines (NAME=VALUE words,
// as puppet.conf spells them; default: Puppet's defaults). Its
// global/hiera.yaml, if any, is the global Hiera layer (hiera_config).
//
// Every archive is generated into one Go module per Puppet version, each
// under its own import path, with a driver that compiles any node of any
// archive: one go build for the whole corpus and version.

// LangDefaultNode is the node compiled for an archive that lists none.
const LangDefaultNode = "lang.example.com"

// LangArchive is one environment of the corpus.
type LangArchive struct {
	Name  string // file name without .txtar
	Path  string
	Nodes []string
	// Settings are the archive's Puppet settings (NAME, VALUE), which its
	// program is built with, as by pp2go build --setting.
	Settings [][2]string
	Files    map[string][]byte // environment files by relative path
	Want     map[string][]byte // want/ sections by name (without want/): Puppet 7.23's outcomes
	Want8    map[string][]byte // want8/ sections by name (without want8/): Puppet 8.10's where they differ
	Same8    map[string]bool   // the nodes of want8/same: Puppet 8.10's outcome is 7.23's
	// Set by Build:
	EnvDir string
	// maxErrors is the archive's max_errors setting, which reports its
	// validation errors (buildErrorText)
	maxErrors int
}

// LangVersions are the Puppet versions (majors) the corpus holds outcomes
// of: 7.23 and 8.10.
var LangVersions = []int{7, 8}

// expected is what Puppet (major version puppet) produced for a node: its
// outcome sections by suffix (".json" or ".error", and ".warnings"), or
// false when the archive holds none for that version.
func (a *LangArchive) expected(puppet int, node string) (map[string][]byte, bool) {
	from := a.Want
	if puppet == 8 && !a.Same8[node] {
		from = a.Want8
	}
	out := map[string][]byte{}
	for _, ext := range []string{".json", ".error", ".warnings"} {
		if b, ok := from[node+ext]; ok {
			out[ext] = b
		}
	}
	_, cat := out[".json"]
	_, fail := out[".error"]
	return out, cat || fail
}

// LangDir is the corpus' directory.
func LangDir() string { return filepath.Join(RepoDir(), "conformance", "testdata", "lang") }

// LoadLangArchives reads every archive of dir, sorted by name.
func LoadLangArchives(dir string) ([]*LangArchive, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []*LangArchive
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			return nil, err
		}
		a := &LangArchive{Name: strings.TrimSuffix(filepath.Base(p), ".txtar"), Path: p,
			Files: map[string][]byte{}, Want: map[string][]byte{}, Want8: map[string][]byte{}, Same8: map[string]bool{}}
		for _, l := range strings.Split(string(ar.Comment), "\n") {
			if rest, ok := strings.CutPrefix(l, "nodes:"); ok {
				a.Nodes = append(a.Nodes, strings.Fields(rest)...)
			} else if rest, ok := strings.CutPrefix(l, "node:"); ok {
				a.Nodes = append(a.Nodes, strings.Fields(rest)...)
			} else if rest, ok := strings.CutPrefix(l, "settings:"); ok {
				for _, w := range strings.Fields(rest) {
					name, value, ok := strings.Cut(w, "=")
					if !ok || name == "" {
						return nil, fmt.Errorf("%s: setting %q: give NAME=VALUE", p, w)
					}
					a.Settings = append(a.Settings, [2]string{name, value})
				}
			}
		}
		if len(a.Nodes) == 0 {
			a.Nodes = []string{LangDefaultNode}
		}
		for _, f := range ar.Files {
			if name, ok := strings.CutPrefix(f.Name, "want/"); ok {
				a.Want[name] = f.Data
			} else if f.Name == "want8/same" {
				for _, n := range strings.Fields(string(f.Data)) {
					a.Same8[n] = true
				}
			} else if name, ok := strings.CutPrefix(f.Name, "want8/"); ok {
				a.Want8[name] = f.Data
			} else {
				a.Files[f.Name] = f.Data
			}
		}
		if _, ok := a.Files["environment.conf"]; !ok {
			a.Files["environment.conf"] = []byte("modulepath = modules\n")
		}
		out = append(out, a)
	}
	return out, nil
}

// LangCorpus is the corpus built into one driver for one Puppet version.
type LangCorpus struct {
	Work     string
	Puppet   int // the major version compiled as (codegen.Options.Puppet)
	Archives []*LangArchive
	// BuildErr holds, by archive name, the errors that stop pp2go's build
	// of an archive (left out of the driver).
	BuildErr map[string]diag.List
	Dir      string // the generated Go module
	Driver   string
	GenTime  time.Duration
	Build    time.Duration
}

// LockWork takes the lock of a work directory, for test runs that share it
// (the go build cache works best with stable paths): two runs at once, from
// two checkouts, would build each other's generated code; the returned
// function releases it.
func LockWork(work string) (func(), error) {
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(filepath.Join(work, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() { f.Close() }, nil
}

// BuildLangCorpus writes each archive's environment under work/env,
// generates them all, compiling as Puppet major version puppet (7 or 8),
// into one Go module under work/gen-puppetN and builds its driver. An
// archive whose code pp2go refuses to build (Puppet's parse and validation
// errors) keeps its diagnostics in BuildErr and is left out of the driver.
func BuildLangCorpus(archives []*LangArchive, work string, puppet int) (*LangCorpus, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	lc := &LangCorpus{Work: work, Puppet: puppet, Archives: archives, BuildErr: map[string]diag.List{}}
	start := time.Now()
	gen := filepath.Join(work, fmt.Sprintf("gen-puppet%d", puppet))
	if err := os.RemoveAll(gen); err != nil {
		return nil, err
	}
	const root = "pp2go.local/lang"
	var goMod, goSum []byte
	var imports []string
	var entries []string
	for i, a := range archives {
		a.EnvDir = filepath.Join(work, "env", a.Name)
		if err := os.RemoveAll(a.EnvDir); err != nil {
			return nil, err
		}
		for name, data := range a.Files {
			p := filepath.Join(a.EnvDir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return nil, err
			}
		}
		e, err := env.Load(a.EnvDir, env.Options{BaseModulePath: filepath.Join(work, "no-modules"), Name: "production", Vendored: vendored(puppet)})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Name, err)
		}
		settings := a.Settings // environment.conf's rich_data: codegen's
		check := rt.NewProgram("production")
		for _, kv := range settings {
			if err := check.SetSetting(kv[0], kv[1]); err != nil {
				return nil, fmt.Errorf("%s: %w", a.Name, err)
			}
		}
		a.maxErrors = check.MaxErrors()
		modPath := root + "/" + a.Name
		// the global layer: the archive's global/hiera.yaml, as regen gives it
		// to Puppet, else none
		hieraConfig := filepath.Join(work, "no-hiera.yaml")
		if _, ok := a.Files["global/hiera.yaml"]; ok {
			hieraConfig = filepath.Join(a.EnvDir, "global", "hiera.yaml")
		}
		res, err := codegen.Generate(e, codegen.Options{ModulePath: modPath, RuntimeDir: RepoDir(), Version: "lang",
			HieraConfig: hieraConfig, Puppet: puppet, Settings: settings, Checked: typecheck.CheckWith(e, resolve.Options{Puppet: puppet, HieraConfig: hieraConfig, Everywhere: true})})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", a.Name, err)
		}
		if errs := buildErrors(e, res.Diags, puppet); len(errs) > 0 {
			lc.BuildErr[a.Name] = errs
			continue
		}
		for name, data := range res.Files {
			switch name {
			case "go.mod":
				goMod = data
				continue
			case "go.sum":
				goSum = data
				continue
			case "main.go":
				continue
			}
			p := filepath.Join(gen, a.Name, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return nil, err
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				return nil, err
			}
		}
		imports = append(imports, fmt.Sprintf("\tc%d %q\n", i, modPath+"/catalog"))
		entries = append(entries, fmt.Sprintf("\t%q: c%d.Program,\n", a.Name, i))
	}
	if goMod == nil {
		return nil, errors.New("no archive of the corpus builds")
	}
	goMod = regexp.MustCompile(`(?m)^module .*$`).ReplaceAll(goMod, []byte("module "+root))
	if err := os.WriteFile(filepath.Join(gen, "go.mod"), goMod, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(gen, "go.sum"), goSum, 0o644); err != nil {
		return nil, err
	}
	driver := strings.Replace(langDriver, "\t// IMPORTS\n", strings.Join(imports, ""), 1)
	driver = strings.ReplaceAll(driver, "{{ORACLE_ROOT}}", oracleRoot(puppet))
	driver = strings.Replace(driver, "\t// PROGRAMS\n", strings.Join(entries, ""), 1)
	if err := os.MkdirAll(filepath.Join(gen, "driver"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(gen, "driver", "main.go"), []byte(driver), 0o644); err != nil {
		return nil, err
	}
	lc.Dir, lc.GenTime = gen, time.Since(start)
	start = time.Now()
	lc.Driver = filepath.Join(work, "bin", fmt.Sprintf("lang-puppet%d", puppet))
	if err := goBuild(gen, lc.Driver, "./driver", nil); err != nil {
		return nil, err
	}
	lc.Build = time.Since(start)
	return lc, nil
}

// Vet runs go vet over the corpus's generated packages, and returns its
// report when it finds anything.
func (lc *LangCorpus) Vet() error {
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = lc.Dir
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go vet: %v\n%s", err, lastLines(string(b), 40))
	}
	return nil
}

// buildErrors are the diagnostics that stop pp2go build as Puppet's
// release puppet (see cmd/pp2go's generate): errors of the main
// manifests, and errors of code generation.
func buildErrors(e *env.Env, gen diag.List, puppet int) diag.List {
	mainFiles := map[string]bool{}
	var out diag.List
	seen := map[string]bool{}
	add := func(d *diag.Diagnostic) {
		if d.Severity == diag.Error && (d.Puppet == 0 || d.Puppet == puppet) && !seen[d.Short()] {
			seen[d.Short()] = true
			out = append(out, d)
		}
	}
	for _, f := range e.Manifests {
		mainFiles[f.Path] = true
		for _, d := range f.Diags {
			add(d)
		}
	}
	for _, d := range e.Diags {
		if mainFiles[d.File] {
			add(d)
		}
	}
	for _, d := range gen {
		add(d)
	}
	return out
}

// oracleRoot is the oracle's PP_ORACLE_ROOT under a Puppet version (its
// default; oracle8's for 8), whose directories $settings::* show.
func oracleRoot(puppet int) string {
	if puppet == 8 {
		return "/tmp/pp2go-oracle8"
	}
	return "/tmp/pp2go-oracle"
}

// langDriver compiles jobs read from standard input, one `ARCHIVE NODE
// FACTS NAME` line each, into NAME.json or NAME.error, with NAME.warnings
// holding the warnings logged (a message a line), and answers each with a
// line `done`.
const langDriver = `// Code generated by pp2go's language corpus test; DO NOT EDIT.

// Command driver compiles the nodes of the language corpus.
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/cli"
	"github.com/pp2go/pp2go/rt/values"
	// IMPORTS
)

var programs = map[string]func() *rt.Program{
	// PROGRAMS
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) != 4 {
			continue
		}
		compile(f[0], f[1], f[2], f[3])
		fmt.Println("done")
	}
}

var factsCache = map[string]*values.Hash{}

// serverFacts are the oracle's $server_facts (see its README), with the
// program's Puppet version.
func serverFacts(p *rt.Program) *values.Hash {
	return values.NewHashFromPairs(
		values.String("serverversion"), values.String(p.Puppet().Version),
		values.String("servername"), values.String("puppet.oracle.test"),
		values.String("serverip"), values.String("192.0.2.1"),
	)
}

// oracleSettings are the settings compile-catalog gives Puppet (see its
// settings_argv, with PP_ORACLE_ROOT's default under the version).
var oracleSettings = [][2]string{
	{"confdir", "{{ORACLE_ROOT}}/conf"},
	{"vardir", "{{ORACLE_ROOT}}/var"},
	{"codedir", "{{ORACLE_ROOT}}/code"},
	{"basemodulepath", "/usr/share/puppet/modules"},
	{"environmentpath", "{{ORACLE_ROOT}}/envs"},
	{"certname", "puppet.oracle.test"},
}

var configured = map[string]bool{}

func compile(archive, node, factsFile, name string) {
	os.MkdirAll(filepath.Dir(name), 0o755)
	defer func() {
		if r := recover(); r != nil {
			os.WriteFile(name+".error", []byte(fmt.Sprintf("driver panic: %v\n", r)), 0o644)
		}
	}()
	facts, ok := factsCache[factsFile]
	if !ok {
		var err error
		if facts, err = cli.LoadFacts(factsFile); err != nil {
			panic(err)
		}
		factsCache[factsFile] = facts
	}
	p := programs[archive]()
	if !configured[archive] {
		for _, kv := range oracleSettings {
			p.SetSetting(kv[0], kv[1])
		}
		configured[archive] = true
	}
	res := rt.CompileWith(p, &rt.Node{Name: node, Facts: facts, ServerFacts: serverFacts(p)})
	var warnings strings.Builder
	for _, l := range res.Logs {
		if l.Level == "warning" {
			warnings.WriteString(l.Message + "\n")
		}
	}
	if warnings.Len() > 0 {
		os.WriteFile(name+".warnings", []byte(warnings.String()), 0o644)
	}
	if res.Err != nil {
		os.WriteFile(name+".error", []byte(errorText(res)), 0o644)
	} else {
		os.WriteFile(name+".json", res.JSON, 0o644)
	}
	res.Release() // the next compile reuses its memory, as compile --facts-dir does
}
` + driverErrorText

// driverErrorText is the drivers' errorText: a failed compile's error as
// the oracle's error_text writes it, the error-level messages logged
// before the error (those apart from it), then the error.
const driverErrorText = `
func errorText(res *rt.Result) string {
	final := res.Err.Error()
	var text []string
	seen := map[string]bool{}
	for _, l := range res.Logs {
		m := l.Message
		if l.Level == "err" && !seen[m] && !strings.Contains(final, m) && !strings.Contains(m, final) {
			seen[m] = true
			text = append(text, strings.TrimSpace(m))
		}
	}
	text = append(text, strings.TrimSpace(final))
	return strings.Join(text, "\n") + "\n"
}
`

// LangJob is one case: a node of an archive.
type LangJob struct {
	Archive *LangArchive
	Node    string
	// FactsFile, when set, is the node's facts (else Facts' default), and
	// Out where its outcome goes (Out.json, .error, .warnings; else under
	// Run's directory, by archive and node).
	FactsFile, Out string
}

// Name is archive/node.
func (j LangJob) Name() string { return j.Archive.Name + "/" + j.Node }

// Facts is the facts file of the job.
func (j LangJob) Facts() string {
	if j.FactsFile != "" {
		return j.FactsFile
	}
	if _, ok := j.Archive.Files["facts.json"]; ok {
		return filepath.Join(j.Archive.EnvDir, "facts.json")
	}
	return filepath.Join(LangDir(), "facts.json")
}

// outName is where the job's outcome goes: Out, or under Run's directory.
func (j LangJob) outName(out string) string {
	if j.Out != "" {
		return j.Out
	}
	return filepath.Join(out, j.Archive.Name, j.Node)
}

// Run compiles every job of the archives that built into
// work/out-puppetN, one driver process for all (restarted after a job that
// kills it).
func (lc *LangCorpus) Run(jobs []LangJob, timeout time.Duration) (string, error) {
	out := filepath.Join(lc.Work, fmt.Sprintf("out-puppet%d", lc.Puppet))
	if err := os.RemoveAll(out); err != nil {
		return "", err
	}
	var d *driverProc
	defer func() {
		if d != nil {
			d.close()
		}
	}()
	for _, j := range jobs {
		if lc.BuildErr[j.Archive.Name] != nil {
			continue
		}
		if d == nil {
			cmd := exec.Command(lc.Driver)
			d = &driverProc{cmd: cmd, lines: make(chan string), stderr: &tailBuffer{max: 4096}}
			cmd.Stderr = d.stderr
			var err error
			if d.stdin, err = cmd.StdinPipe(); err != nil {
				return "", err
			}
			stdout, err := cmd.StdoutPipe()
			if err != nil {
				return "", err
			}
			if err := cmd.Start(); err != nil {
				return "", err
			}
			go func() {
				sc := bufio.NewScanner(stdout)
				for sc.Scan() {
					d.lines <- sc.Text()
				}
				close(d.lines)
			}()
		}
		if err := lc.runJob(d, j, out, timeout); err != nil {
			name := j.outName(out)
			os.MkdirAll(filepath.Dir(name), 0o755)
			os.WriteFile(name+".error", []byte(fmt.Sprintf("driver failed: %v\n%s", err, d.stderrTail())), 0o644)
			d.kill()
			d = nil
		}
	}
	return out, nil
}

func (lc *LangCorpus) runJob(d *driverProc, j LangJob, out string, timeout time.Duration) error {
	if _, err := fmt.Fprintf(d.stdin, "%s %s %s %s\n", j.Archive.Name, j.Node, j.Facts(), j.outName(out)); err != nil {
		return err
	}
	select {
	case line, ok := <-d.lines:
		if !ok {
			err := d.cmd.Wait()
			if err == nil {
				err = errors.New("driver exited")
			}
			return err
		}
		if line != "done" {
			return fmt.Errorf("driver said %q", line)
		}
		return nil
	case <-time.After(timeout):
		return fmt.Errorf("no result after %s", timeout)
	}
}

// Compare compares a job's outcome in out (Run's) with what the corpus'
// Puppet version produced: the catalog as catalog-diff compares it, or the
// error's first line, and the warnings. It returns what differs.
func (lc *LangCorpus) Compare(j LangJob, out string) ([]string, error) {
	a := j.Archive
	want, ok := a.expected(lc.Puppet, j.Node)
	if !ok {
		return []string{fmt.Sprintf("no expected outcome of Puppet %d (run testdata/lang/regen)", lc.Puppet)}, nil
	}
	wantErr, errExpected := want[".error"]
	wantCat := want[".json"]
	var diffs []string
	if errs := lc.BuildErr[a.Name]; errs != nil {
		got := a.buildErrorText(errs, j.Node)
		if !errExpected {
			return []string{"pp2go's build fails: " + firstLine(got)}, nil
		}
		if w := strings.TrimSpace(string(wantErr)); got != w {
			diffs = append(diffs, "build error differs:", "    expected: "+w, "    actual:   "+got)
		}
		return diffs, nil
	}
	name := j.outName(out)
	gotErr, err := os.ReadFile(name + ".error")
	failed := err == nil
	switch {
	case errExpected && failed:
		w, g := maskAddresses(strings.TrimSpace(string(wantErr))), a.normalize(strings.TrimSpace(string(gotErr)))
		if w != g {
			diffs = append(diffs, "error differs:", "    expected: "+w, "    actual:   "+g)
		}
	case errExpected:
		diffs = append(diffs, "Puppet fails ("+firstLine(string(wantErr))+"), pp2go compiles")
	case failed:
		diffs = append(diffs, "pp2go fails: "+a.normalize(firstLine(string(gotErr))))
	default:
		have, err := os.ReadFile(name + ".json")
		if err != nil {
			return nil, err
		}
		d, err := DiffCatalogs(wantCat, have, a.EnvDir)
		if err != nil {
			return nil, err
		}
		diffs = append(diffs, d...)
		if len(d) == 0 {
			d, err := diffOrder(wantCat, have)
			if err != nil {
				return nil, err
			}
			diffs = append(diffs, d...)
		}
	}
	gotWarn, _ := os.ReadFile(name + ".warnings")
	if w, g := string(want[".warnings"]), a.normalize(string(gotWarn)); w != g {
		diffs = append(diffs, "warnings differ:", "    expected: "+strings.ReplaceAll(strings.TrimSpace(w), "\n", "\n              "),
			"    actual:   "+strings.ReplaceAll(strings.TrimSpace(g), "\n", "\n              "))
	}
	return diffs, nil
}

// rubyAddress is the address of a Ruby object in its inspect
// (#<Puppet::Parser::Scope:0x00007f8334a1f6f8>), which changes from run
// to run.
var rubyAddress = regexp.MustCompile(`:0x[0-9a-f]{16}\b`)

// maskAddresses writes zeros for the addresses of Ruby objects in
// Puppet's message, as pp2go does where Ruby shows one.
func maskAddresses(s string) string { return rubyAddress.ReplaceAllString(s, ":0x0000000000000000") }

// normalize writes paths of the archive's environment as the oracle does.
func (a *LangArchive) normalize(s string) string {
	return strings.ReplaceAll(s, a.EnvDir+"/", "")
}

// buildErrorText is pp2go's build errors written as Puppet reports parse
// and validation errors: the one error with its location (also the first
// of several under a max_errors of at most 1), or the message of each of
// the first max_errors errors on a line and then the count.
func (a *LangArchive) buildErrorText(errs diag.List, node string) string {
	const prefix = "Could not parse for environment production: "
	if len(errs) == 1 || a.maxErrors <= 1 {
		return a.normalize(prefix + errs[0].Error() + " on node " + node)
	}
	var b strings.Builder
	for _, d := range errs[:min(len(errs), a.maxErrors)] {
		b.WriteString(d.Message + "\n")
	}
	file := a.normalize(errs[len(errs)-1].File)
	fmt.Fprintf(&b, "%sLanguage validation logged %d errors. Giving up (file: %s) on node %s", prefix, len(errs), file, node)
	return a.normalize(b.String())
}

// LangJobs lists the cases of the archives in order.
func LangJobs(archives []*LangArchive) []LangJob {
	var jobs []LangJob
	for _, a := range archives {
		for _, n := range a.Nodes {
			jobs = append(jobs, LangJob{Archive: a, Node: n})
		}
	}
	return jobs
}

// diffOrder compares what catalog-diff leaves out: the order of the
// resources (Puppet's evaluation order, which the agent follows for
// resources with no relationship between them, ordering=manifest), the
// order of the classes, and the catalog's tags.
func diffOrder(want, have []byte) ([]string, error) {
	type cat struct {
		Tags      []string `json:"tags"`
		Classes   []string `json:"classes"`
		Resources []struct {
			Type  string `json:"type"`
			Title string `json:"title"`
		} `json:"resources"`
	}
	var w, h cat
	if err := json.Unmarshal(want, &w); err != nil {
		return nil, err
	}
	if err := json.Unmarshal(have, &h); err != nil {
		return nil, err
	}
	refs := func(c *cat) string {
		var b strings.Builder
		for _, r := range c.Resources {
			b.WriteString(" " + r.Type + "[" + r.Title + "]")
		}
		return b.String()
	}
	var out []string
	if rw, rh := refs(&w), refs(&h); rw != rh {
		out = append(out, "resource order differs:", "    expected:"+rw, "    actual:  "+rh)
	}
	if strings.Join(w.Classes, " ") != strings.Join(h.Classes, " ") {
		out = append(out, fmt.Sprintf("class order differs: expected %v, actual %v", w.Classes, h.Classes))
	}
	sort.Strings(w.Tags)
	sort.Strings(h.Tags)
	if strings.Join(w.Tags, " ") != strings.Join(h.Tags, " ") {
		out = append(out, fmt.Sprintf("catalog tags differ: expected %v, actual %v", w.Tags, h.Tags))
	}
	return out, nil
}
