package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	pp2go "github.com/pp2go/pp2go"
	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/frontend/hiera"
	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// envFlags are the Puppet settings that decide what an environment holds.
type envFlags struct {
	modulePath, baseModulePath, manifest, environment, hieraConfig string
	puppetFlags
}

func (f *envFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.modulePath, "modulepath", "", "the module path (replaces environment.conf's; may use $basemodulepath)")
	fl.StringVar(&f.baseModulePath, "basemodulepath", env.DefaultBaseModulePath, "Puppet's basemodulepath")
	fl.StringVar(&f.manifest, "manifest", "", "the main manifest, a file or directory (replaces environment.conf's)")
	fl.StringVar(&f.environment, "environment", "production", "the environment's name, as $environment and catalogs show it")
	fl.StringVar(&f.hieraConfig, "hiera-config", "", "the global Hiera configuration, as --setting hiera_config (default: $codedir/hiera.yaml if it exists, else $confdir/hiera.yaml; Puppet's default configuration when the file does not exist)")
	f.puppetFlags.add(fl)
}

func (f *envFlags) load(dir string) (*env.Env, error) {
	release := f.release
	if release == nil {
		release = rt.DefaultPuppet
	}
	opts := env.Options{ModulePath: f.modulePath, BaseModulePath: f.baseModulePath, Manifest: f.manifest, Name: f.environment,
		Vendored: release.Vendored(), Settings: map[string]string{}}
	opts.Code = f.build["code"]
	opts.DefaultManifest = f.build["default_manifest"]
	opts.DisablePerEnvironmentManifest = f.build["disable_per_environment_manifest"] == "true"
	for _, name := range []string{"confdir", "codedir", "vardir", "environmentpath"} {
		if v, ok := f.setting(name); ok {
			opts.Settings[name] = v
		}
	}
	return env.Load(dir, opts)
}

// hieraConfigFile is the global layer's hiera.yaml: --hiera-config or
// the hiera_config setting, else Puppet's default (defaults.rb):
// $codedir/hiera.yaml when it exists, else $confdir/hiera.yaml. record
// says whether $settings::hiera_config must show it: not the default that
// follows confdir.
func (f *envFlags) hieraConfigFile() (path string, record bool, err error) {
	return f.puppetFlags.hieraConfigFile(f.hieraConfig, f.environment)
}

// hieraConfigFile is envFlags.hieraConfigFile for a command whose
// --hiera-config is flag, in the environment of that name.
func (f *puppetFlags) hieraConfigFile(flag, environment string) (path string, record bool, err error) {
	set, ok := f.build["hiera_config"]
	switch {
	case flag != "" && ok && set != flag:
		return "", false, fmt.Errorf("--hiera-config %s and --setting hiera_config=%s: give one", flag, set)
	case flag != "":
		return flag, true, nil
	case ok:
		return set, true, nil
	}
	dirs := rt.NewProgram(environment) // the directories' defaults
	for _, kv := range f.settings {
		_ = dirs.SetSetting(kv[0], kv[1]) // checked by parse
	}
	if p := filepath.Join(dirs.Setting("codedir"), "hiera.yaml"); isRegular(p) {
		return p, true, nil
	}
	return filepath.Join(dirs.Setting("confdir"), "hiera.yaml"), false, nil
}

func isRegular(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// configVersion runs the environment's config_version command (or the
// setting's) as Puppet's TypeCollection#version does, once for the
// build: its output is the catalogs' version. "" when there is none.
func (f *envFlags) configVersion(e *env.Env) (string, error) {
	cmd, ok := f.build["config_version"]
	if !ok {
		cmd = e.ConfigVersion
	}
	if cmd == "" {
		return "", nil
	}
	f.build["config_version"] = cmd
	out, err := exec.Command(cmd).CombinedOutput()
	if err != nil {
		// Puppet::Util::Execution.execute's ExecutionFailure: a command
		// that cannot start is its forked child's exit status 1
		status := 1
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			status = ee.ExitCode()
		}
		return "", fmt.Errorf("Execution of config_version command `%s` failed: Execution of '%s' returned %d: %s",
			cmd, cmd, status, strings.TrimSpace(string(out)))
	}
	return strings.TrimSpace(string(out)), nil
}

func newGenCmd() *cobra.Command {
	var ef envFlags
	var out string
	cmd := &cobra.Command{
		Use:   "gen ENV_DIR -o DIR",
		Short: "Generate the Go module of a Puppet environment",
		Long: `Generate the Go module of a Puppet environment into DIR: one package per Puppet
module (a module of more than 16 manifests or EPP templates has them in
packages of 16, modules/MOD/manifests1, epp1, ..., more than 8 ERB templates
in packages of 8, erb1, ..., and its files in modules/MOD/tree, so that an
edit compiles a part of it), one for the
environment's own code (site), the tables that assemble them (modulepath,
natives, hieradata, version, environment), a catalog package whose Program
gives Go tests the compiled environment, and a main package for the catalog
binary.

DIR/vendor receives pp2go's runtime and the packages of the Go modules it
uses (cobra, regexp2, yaml, ...), copied from the local module cache at the
versions pp2go was built with, with a vendor/modules.txt: 'go build' in DIR
then needs no network and no module cache (Go builds in vendor mode when
vendor/ exists). The vendored packages are those of the platform of
GOOS/GOARCH at generation. When the module cache lacks one of those modules,
gen warns, naming them, and writes the runtime to DIR/pp2go-rt instead: go
build then downloads the modules. 'go mod download' in DIR fetches them all
into the module cache; generate again to vendor them.

Build the binary with 'go build -o BINARY .' in DIR, or use 'pp2go build'.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("give the output directory with -o")
			}
			res, err := generate(cmd.ErrOrStderr(), args[0], &ef, false, out)
			if err != nil {
				return err
			}
			return res.Write(out)
		},
	}
	ef.add(cmd)
	cmd.Flags().StringVarP(&out, "out", "o", "", "the directory to write the Go module into")
	return cmd
}

func newBuildCmd() *cobra.Command {
	var ef envFlags
	var out, work string
	var strict bool
	cmd := &cobra.Command{
		Use:   "build ENV_DIR -o BINARY",
		Short: "Compile a Puppet environment into a catalog binary",
		Long: `Compile a Puppet environment into one native binary that compiles catalogs:

  BINARY compile NODE --facts FACTS.json            # catalog JSON on stdout
  BINARY compile --facts-dir DIR --out-dir DIR -j 8  # every node

The environment is loaded as Puppet loads it (environment.conf, the
module path, the main manifest), turned into Go, and built with 'go build'
(Go must be installed). The binary compiles as --puppet says: 8 (Puppet
8.10, OpenVox 8; the default) or 7 (Puppet 7.23), with that release's
default settings but for those given with --setting NAME=VALUE (strict,
strict_variables, data_binding_terminus, digest_algorithm,
disable_warnings, max_errors, max_warnings, max_deprecations, rich_data,
the directories and the certname of $settings::*); the binary's own
--puppet and --setting override them. environment.conf's rich_data decides
the catalogs' format over both, as Environment#rich_data? reads it first.

The settings that decide what the build reads act here, as Puppet's do:
code (compiled instead of the main manifest), default_manifest and
disable_per_environment_manifest (the main manifest when environment.conf
names none, or whatever it names; a conflicting environment.conf manifest
fails every compile with Puppet's error), hiera_config (as --hiera-config;
by default $codedir/hiera.yaml if it exists, else $confdir/hiera.yaml, after
--setting codedir and confdir, which environment.conf may also
interpolate), and config_version (environment.conf's, or the setting's:
the build runs the command once and its output is the catalogs' version).
The binary shows them in $settings::* and refuses to change them.
environment.conf's static_catalogs shows in $settings::static_catalogs
(no catalog changes: pp2go's server sends no code_id).

What Puppet reports only when a node's evaluation reaches it is printed
as a warning here, and the binary fails with Puppet's error for exactly
the nodes that reach it.

--strict makes such warnings fatal when they are in code that nodes can
reach, found statically: the main manifest's top-level code and node
definitions, then the classes they include, require, contain or declare
(and their parents), the defined types they declare, the functions they
call, the type aliases they name, the EPP templates they render, and the
files Puppet's autoloader reads for those names, transitively. A class
name computed at run time reaches its whole module when it starts with
"module::", the classes Hiera data lists under the key when it comes from
lookup('KEY') (or hiera_include), and all code otherwise (a note says
where). Resources whose type is computed at run time (create_resources with
a variable type, as stdlib::manage does) are not followed (a note says
where). Errors in code no node reaches (a module of the base module path
that nothing uses) stay warnings.

The generated module is kept in a work directory (--work, by default in the
user's cache directory) so that rebuilding after an edit formats only the Go
files and recompiles only the packages that changed. The binary has no DWARF
debugging information and no symbol table (go build -ldflags="-s -w"
-gcflags=all=-dwarf=false: a faster compile and link, a smaller file); Go's
tracebacks and profiles (the binary's --cpuprofile) do not need them. Its
default GODEBUG is asyncpreemptoff=1,memprofilerate=0 (go build
-ldflags=` + codegen.BinaryGODEBUG + `): no signals to preempt the compiler's
goroutines, which stop at their next call anyway, and no heap profiling;
GODEBUG=asyncpreemptoff=0 restores the signals, GODEBUG=memprofilerate=N the
profiling. After go build links it, the binary is written once more, in
64 KiB writes: where the filesystem caches a file's pages in blocks (ext4
from Linux 6.16, XFS), a run then maps them 16 pages at a time, a
millisecond or two less of each one-shot compile. For perf or valgrind, which
name functions from the symbol table, build one with them in the work
directory: CGO_ENABLED=0 go build -ldflags=` + codegen.BinaryGODEBUG + ` -o BINARY .`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return errors.New("give the binary's path with -o")
			}
			stderr := cmd.ErrOrStderr()
			start := time.Now()
			if work == "" {
				var err error
				if work, err = workDir(args[0]); err != nil {
					return err
				}
			}
			res, err := generate(stderr, args[0], &ef, strict, work)
			if err != nil {
				return err
			}
			ph := newPhases(stderr)
			ph.begin("Writing the Go module to " + work)
			if err := res.Write(work); err != nil {
				ph.clear()
				return err
			}
			ph.end(fmt.Sprintf("Wrote the Go module (%d files) to %s", len(res.Files), work))
			binary, err := filepath.Abs(out)
			if err != nil {
				return err
			}
			if err := goBuild(stderr, work, binary); err != nil {
				return err
			}
			if err := codegen.SettleBinary(binary); err != nil {
				return fmt.Errorf("rewriting %s: %w", out, err)
			}
			fmt.Fprintf(stderr, "Built %s in %.1fs\n", out, time.Since(start).Seconds())
			return nil
		},
	}
	ef.add(cmd)
	cmd.Flags().StringVarP(&out, "out", "o", "", "the binary to write")
	cmd.Flags().StringVar(&work, "work", "", "where to keep the generated Go module")
	cmd.Flags().BoolVar(&strict, "strict", false, "fail on the errors of code that nodes can reach (see above)")
	return cmd
}

// generate loads an environment, checks it and generates its Go module.
// A main manifest that does not parse stops it. What Puppet reports only
// when a node's evaluation reaches it (an unknown class on one branch, a
// module file that does not parse) is a warning, or an error with strict.
//
// On a terminal it shows each phase as it runs, then what it did and how
// long it took (a large environment takes seconds to load, check and
// generate); elsewhere it prints only diagnostics.
//
// reuse is the directory the module goes to, where an earlier generation
// may have left files that need no formatting again (codegen.Options.Reuse).
func generate(stderr io.Writer, dir string, ef *envFlags, strict bool, reuse string) (*codegen.Result, error) {
	if err := ef.puppetFlags.parse(); err != nil {
		return nil, err
	}
	readyHugeHeap()
	ph := newPhases(stderr)
	ph.begin("Loading the environment " + dir)
	e, err := ef.load(dir)
	if err != nil {
		ph.clear()
		return nil, err
	}
	ph.end(fmt.Sprintf("Loaded %s and %s", plural(len(e.Modules), "module"), plural(len(e.Files), "Puppet file")))
	mainFiles := map[string]bool{}
	for _, f := range e.Manifests {
		mainFiles[f.Path] = true
	}
	hieraConfig, record, err := ef.hieraConfigFile()
	if err != nil {
		return nil, err
	}
	if record {
		ef.build["hiera_config"] = hieraConfig
	}
	// --strict judges the code that nodes can reach: an error in a module
	// no node uses (augeas_core's misplaced classes on Debian's module
	// path) stays a warning.
	var reach *resolve.Reach
	if strict {
		reach = resolve.Reachable(e, hieraConfig)
	}
	fatal, unreached := 0, 0
	seen := map[string]bool{}
	report := func(d *diag.Diagnostic, isFatal bool) {
		if !ef.reports(d) {
			return
		}
		text := d.Short()
		if seen[text] {
			return
		}
		seen[text] = true
		if !isFatal && strict && d.Severity == diag.Error {
			if !reach.Covers(d) {
				unreached++
				fmt.Fprintln(stderr, "Warning:", text, "(in code no node reaches)")
				return
			}
			isFatal = true
		}
		if isFatal {
			fatal++
			fmt.Fprintln(stderr, "Error:", text)
			return
		}
		fmt.Fprintln(stderr, "Warning:", text)
	}
	for _, f := range e.Manifests {
		for _, d := range f.Diags {
			report(d, d.Severity == diag.Error)
		}
	}
	for _, d := range e.Diags {
		report(d, d.Severity == diag.Error && mainFiles[d.File])
	}
	ph.begin("Checking every name on every code path")
	loads := codegen.NewTypeLoads(e)
	checked := typecheck.CheckWith(e, resolve.Options{Puppet: ef.release.Major, HieraConfig: hieraConfig, Everywhere: true, TypeLoadError: loads.InRelease(ef.release)})
	ph.end(fmt.Sprintf("Checked: %s", plural(len(checked.Diags), "problem")))
	for _, d := range checked.Diags {
		report(d, false)
	}
	version, err := ef.configVersion(e)
	if err != nil {
		return nil, err
	}
	if version == "" {
		version = codeVersion(e)
	}
	// environment.conf's settings, which win over puppet.conf's (Puppet's
	// ValuesFromEnvironmentConf)
	settings := slices.Clone(ef.settings)
	if v := e.StaticCatalogs; v != "" {
		if _, err := rt.CheckBuildSetting("static_catalogs", v); err != nil {
			return nil, fmt.Errorf("%s: %w", filepath.Join(e.Dir, "environment.conf"), err)
		}
		settings = append(settings, [2]string{"static_catalogs", v})
	}
	if v := e.RichData; v != "" {
		// the generated program sets it (codegen), over --setting's
		if err := rt.NewProgram(ef.environment).SetEnvironmentConf("rich_data", v); err != nil {
			return nil, fmt.Errorf("%s: rich_data = %s: %w", filepath.Join(e.Dir, "environment.conf"), v, err)
		}
	}
	ph.begin("Generating Go")
	res, err := codegen.Generate(e, codegen.Options{Environment: ef.environment, Runtime: pp2go.Runtime, Version: version, HieraConfig: hieraConfig, Checked: checked, TypeLoads: loads,
		Puppet: ef.release.Major, Settings: settings, BuildSettings: ef.buildSettings(), Reuse: reuse})
	if err != nil {
		ph.clear()
		return nil, err
	}
	ph.end(fmt.Sprintf("Generated %s", plural(generatedGoFiles(res), "Go file")))
	for _, d := range res.Diags {
		// Ruby pp2go does not translate, and a Hiera data file that does
		// not parse, fail only the nodes that reach them; --strict judges
		// them as it judges the errors of such code.
		if strict && (codegen.Untranslated(d) || d.Code == hiera.CodeFailsLookups) {
			e := *d
			e.Severity = diag.Error
			report(&e, false)
			continue
		}
		report(d, d.Severity == diag.Error)
	}
	if strict && unreached > 0 {
		fmt.Fprintf(stderr, "Note: --strict fails on errors in code that nodes can reach; %s in code no node reaches stayed warnings\n",
			plural(unreached, "error"))
		if n := len(reach.Unfollowed); n > 0 {
			fmt.Fprintf(stderr, "Note: --strict does not follow resources whose type is computed at run time: %s%s\n", reach.Unfollowed[0], morePlaces(n))
		}
	}
	if strict && fatal > 0 && reach.All && len(reach.Dynamic) > 0 {
		fmt.Fprintf(stderr, "Note: --strict judged all code as reachable: a class name is computed at run time at %s%s\n",
			reach.Dynamic[0], morePlaces(len(reach.Dynamic)))
	}
	switch {
	case fatal == 1:
		return nil, errors.New("stopped by 1 error")
	case fatal > 1:
		return nil, fmt.Errorf("stopped by %d errors", fatal)
	}
	return res, nil
}

// morePlaces says how many places a note names besides the first.
func morePlaces(n int) string {
	switch {
	case n == 2:
		return " and 1 more place"
	case n > 2:
		return fmt.Sprintf(" and %d more places", n-1)
	}
	return ""
}

// codeVersion identifies the environment's code: a digest of its files.
func codeVersion(e *env.Env) string {
	h := sha256.New()
	for _, f := range e.Files {
		io.WriteString(h, f.Path)
		h.Write([]byte{0})
		io.WriteString(h, f.Source.Text)
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:12]
}

// workDir is the default directory for an environment's generated module.
func workDir(envDir string) (string, error) {
	abs, err := filepath.Abs(envDir)
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(cache, "pp2go", "build", filepath.Base(abs)+"-"+hex.EncodeToString(sum[:6])), nil
}

// goBuild runs go build in the generated module, showing which package it
// is compiling.
func goBuild(stderr io.Writer, dir, binary string) error {
	// the progress line's count of packages: the one go list gave for the
	// same packages before (packagesRecord), or go list's while go build
	// starts (each takes a few tenths of a second to read the module)
	key := packagesKey(dir)
	total, known := recordedPackages(dir, key)
	listed := make(chan error, 1)
	if known {
		listed <- nil
	} else {
		list := exec.Command("go", "list", "-deps", ".")
		list.Dir = dir
		list.Env = codegen.GoBuildEnv()
		go func() {
			pkgs, err := list.Output()
			total = bytes.Count(pkgs, []byte("\n"))
			listed <- err
		}()
	}
	cmd := exec.Command("go", slices.Concat([]string{"build"}, codegen.GoBuildFlags, []string{"-v", "-o", binary, "."})...)
	cmd.Dir = dir
	cmd.Env = codegen.GoBuildEnv()
	pipe, err := cmd.StderrPipe()
	if err != nil {
		<-listed
		return err
	}
	if err := cmd.Start(); err != nil {
		<-listed
		return err
	}
	if err := <-listed; err != nil {
		cmd.Process.Kill()
		io.Copy(io.Discard, pipe)
		cmd.Wait()
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return fmt.Errorf("go list: %s", strings.TrimSpace(string(ee.Stderr)))
		}
		return fmt.Errorf("go list: %w", err)
	}
	if !known {
		recordPackages(dir, key, total)
	}
	fmt.Fprintf(stderr, "Building %d Go packages with go build (cached packages are skipped)\n", total)
	tty := isTerminal(stderr)
	var errs []string
	n := 0
	sc := bufio.NewScanner(pipe)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.Contains(line, ":") || strings.HasPrefix(line, "\t") {
			errs = append(errs, line)
			continue
		}
		n++
		if tty {
			fmt.Fprintf(stderr, "\r\033[K[%d/%d] %s", n, total, line)
		}
	}
	err = cmd.Wait()
	if tty {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err != nil {
		return fmt.Errorf("go build failed:\n%s", strings.Join(errs, "\n"))
	}
	return nil
}

// packagesRecord is where goBuild keeps, in the module's directory, the
// count of packages go list gave, and for which module: the digest of its
// go.mod, vendor/modules.txt and the directories that hold Go files
// (packagesKey). An edit of a file changes none of them, and a build
// after it does not run go list again.
const packagesRecord = ".pp2go-packages"

// packagesKey is that digest of the module in dir ("" if it cannot be
// read).
func packagesKey(dir string) string {
	h := sha256.New()
	for _, name := range []string{"go.mod", filepath.Join("vendor", "modules.txt")} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !errors.Is(err, os.ErrNotExist) {
			return ""
		}
		fmt.Fprintf(h, "%s %d\n", name, len(b))
		h.Write(b)
	}
	last := ""
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && (d.Name() == "vendor" || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") || strings.HasPrefix(d.Name(), "_")) {
			return filepath.SkipDir
		}
		if p := filepath.Dir(path); !d.IsDir() && strings.HasSuffix(path, ".go") && p != last {
			fmt.Fprintf(h, "dir %s\n", p)
			last = p
		}
		return nil
	})
	if err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// recordedPackages is the count recorded for key, if any.
func recordedPackages(dir, key string) (int, bool) {
	b, err := os.ReadFile(filepath.Join(dir, packagesRecord))
	if key == "" || err != nil {
		return 0, false
	}
	var k string
	var n int
	if _, err := fmt.Sscanf(string(b), "%s %d", &k, &n); err != nil || k != key || n <= 0 {
		return 0, false
	}
	return n, true
}

// recordPackages records n for key (a record that cannot be written is
// only a go list more next time).
func recordPackages(dir, key string, n int) {
	if key != "" {
		os.WriteFile(filepath.Join(dir, packagesRecord), fmt.Appendf(nil, "%s %d\n", key, n), 0o644)
	}
}

// generatedGoFiles counts the Go files generated for the environment
// (not the runtime's copy or vendored packages).
func generatedGoFiles(res *codegen.Result) int {
	n := 0
	for name := range res.Files {
		if strings.HasSuffix(name, ".go") && !strings.HasPrefix(name, "vendor/") && !strings.HasPrefix(name, "pp2go-rt/") {
			n++
		}
	}
	return n
}

// phases shows the phases of a build on a terminal: a line saying what
// runs, replaced when it is done by what it did and its time. It prints
// nothing when the output is no terminal.
type phases struct {
	w     io.Writer
	tty   bool
	start time.Time
}

func newPhases(w io.Writer) *phases { return &phases{w: w, tty: isTerminal(w)} }

func (p *phases) begin(what string) {
	p.start = time.Now()
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s ...", what)
	}
}

func (p *phases) end(done string) {
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s in %.1fs\n", done, time.Since(p.start).Seconds())
	}
}

// clear removes the line of a phase that failed.
func (p *phases) clear() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
