package conformance

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// The module sweep (../shared/conformance/sweep/README.md): every class of
// the Debian modules included alone on a node, `node default { include
// CLASS }` with modulepath $basemodulepath, on two platforms, compared with
// Puppet's outcome recorded as a digest (or Puppet's error text).
//
// All jobs compile the same environment but for the main manifest, so one
// Go module is generated for an environment holding every module and an
// empty site.pp, and a driver program beside its catalog package compiles
// each job with rt.CompileWith and Node.Main standing for the job's
// site.pp: one build instead of 1,204.

// SweepNode is the node every sweep job compiles.
const SweepNode = "sweep.example.com"

// SweepJob is one job of the sweep with Puppet's outcome.
type SweepJob struct {
	Module, Class, Platform string
	Outcome                 string // "catalog" or "error"
	Resources, Edges        string
	Digest                  string
	Error                   string // Puppet's error, paths normalized
}

// Name is the job's output file name without extension, as the sweep's
// score script expects it.
func (j *SweepJob) Name() string { return j.Module + "__" + j.Class + "__" + j.Platform }

// SweepDir is the shared sweep directory (expected-*.tsv, scripts).
func SweepDir() string { return filepath.Join(SharedDir(), "conformance", "sweep") }

// LoadSweepJobs reads every expected-PLATFORM.tsv of the sweep dir, in
// platform then file order.
func LoadSweepJobs(dir string) ([]*SweepJob, error) {
	files, err := filepath.Glob(filepath.Join(dir, "expected-*.tsv"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var jobs []*SweepJob
	for _, f := range files {
		plat := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(f), "expected-"), ".tsv")
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(strings.TrimRight(string(b), "\n"), "\n")
		for _, line := range lines[1:] {
			c := strings.Split(line, "\t")
			if len(c) < 7 {
				return nil, fmt.Errorf("%s: bad line %q", f, line)
			}
			jobs = append(jobs, &SweepJob{Module: c[0], Class: c[1], Platform: plat, Outcome: c[2],
				Resources: c[3], Edges: c[4], Digest: c[5], Error: c[6]})
		}
	}
	if len(jobs) == 0 {
		return nil, fmt.Errorf("no expected-*.tsv in %s", dir)
	}
	return jobs, nil
}

// sweepFactsDir holds gen-facts' fact sets for the sweep's node, one per
// platform (oracle/gen-facts PLATFORM sweep.example.com 192.0.2.10).
func sweepFactsDir() string { return filepath.Join(RepoDir(), "conformance", "testdata", "sweep") }

// Sweep is a built sweep: its environment and driver binary.
type Sweep struct {
	Work   string // the work directory
	EnvDir string // the environment: every module, an empty site.pp
	Driver string // the driver binary
	// Timings of the build.
	GenTime, BuildTime time.Duration
}

// BuildSweep writes the sweep environment into work/env (every module of
// $basemodulepath, an empty site.pp), generates its Go module into
// work/gen with the driver in work/gen/sweep, and builds the driver, which
// compiles as Puppet 7.23 (the first sweep's outcomes are Puppet 7.23's).
func BuildSweep(work string) (*Sweep, error) { return BuildSweepAs(work, 7) }

// BuildSweepAs is BuildSweep with the Puppet release (7 or 8) the driver
// compiles as.
func BuildSweepAs(work string, puppet int) (*Sweep, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	envDir := filepath.Join(work, "env")
	if err := os.MkdirAll(filepath.Join(envDir, "manifests"), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(envDir, "environment.conf"), []byte("modulepath = $basemodulepath\n"), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(envDir, "manifests", "site.pp"), nil, 0o644); err != nil {
		return nil, err
	}
	return BuildDriver(envDir, work, puppet)
}

// BuildDriver generates the Go module of an environment into work/gen,
// with the sweep's driver in work/gen/sweep, and builds the driver: a
// program that compiles `node default { include CLASS }` for any class of
// the environment (whose own site.pp must have no node definitions),
// compiling as Puppet `puppet` (7 or 8).
func BuildDriver(envDir, work string, puppet int) (*Sweep, error) {
	work, err := filepath.Abs(work)
	if err != nil {
		return nil, err
	}
	if envDir, err = filepath.Abs(envDir); err != nil {
		return nil, err
	}
	sw := &Sweep{Work: work, EnvDir: envDir}
	start := time.Now()
	e, err := env.Load(sw.EnvDir, env.Options{BaseModulePath: ModulesDir(), Name: "production", Vendored: vendored(puppet)})
	if err != nil {
		return nil, err
	}
	const modPath = "pp2go.local/sweep"
	res, err := codegen.Generate(e, codegen.Options{ModulePath: modPath, RuntimeDir: RepoDir(), Version: "sweep", Puppet: puppet, Checked: typecheck.CheckWith(e, resolve.Options{Puppet: puppet, Everywhere: true})})
	if err != nil {
		return nil, err
	}
	if errs := res.Diags.Errors(); len(errs) > 0 {
		return nil, fmt.Errorf("code generation: %s", diagText(errs))
	}
	driver := strings.ReplaceAll(fmt.Sprintf(sweepDriver, modPath, oracleServerName, oracleServerIP), "{{ORACLE_ROOT}}", oracleRoot(puppet))
	res.Files["sweep/main.go"] = []byte(driver + driverErrorText)
	gen := filepath.Join(work, "gen")
	if err := res.Write(gen); err != nil {
		return nil, err
	}
	sw.GenTime = time.Since(start)
	start = time.Now()
	sw.Driver = filepath.Join(work, "bin", "sweep")
	if err := goBuild(gen, sw.Driver, "./sweep", nil); err != nil {
		return nil, err
	}
	sw.BuildTime = time.Since(start)
	return sw, nil
}

// The oracle's name and address, which its $server_facts give (see its
// README; the lang corpus driver's serverFacts has them too).
const (
	oracleServerName = "puppet.oracle.test"
	oracleServerIP   = "192.0.2.1"
)

// sweepDriver is the driver's source (%s: the generated module's path;
// %q, %q: the oracle's name and address, its $server_facts'; {{ORACLE_ROOT}}:
// oracleRoot's, under which the oracle's settings put its directories). It
// reads jobs from standard input, one `MODULE CLASS PLATFORM` line each,
// compiles each as `node default { include CLASS }` in the environment's
// manifests/site.pp (line 1, column 16, where that include stands), writes
// OUT/NAME.json or OUT/NAME.error, and answers each job with a line `done`
// so that the harness can see a job that crashes or hangs.
const sweepDriver = `// Code generated by pp2go's conformance sweep; DO NOT EDIT.

// Command sweep compiles module sweep jobs: each class included alone.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"%s/catalog"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/cli"
	"github.com/pp2go/pp2go/rt/values"
)

func main() {
	facts := flag.String("facts", "", "directory of facts-PLATFORM.json")
	out := flag.String("out", "", "output directory")
	site := flag.String("site", "", "the environment's manifests/site.pp")
	node := flag.String("node", "sweep.example.com", "node name")
	flag.Parse()
	prog := catalog.Program()
	// the oracle's settings (compile-catalog's settings_argv: its
	// directories under PP_ORACLE_ROOT's default for the release, its
	// certname), which $settings::* show
	for _, kv := range [][2]string{
		{"confdir", "{{ORACLE_ROOT}}/conf"},
		{"vardir", "{{ORACLE_ROOT}}/var"},
		{"codedir", "{{ORACLE_ROOT}}/code"},
		{"environmentpath", "{{ORACLE_ROOT}}/envs"},
		{"certname", "puppet.oracle.test"},
	} {
		if err := prog.SetSetting(kv[0], kv[1]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	// $server_facts as the oracle's compiles have them
	serverFacts := values.NewHashFromPairs(
		values.String("serverversion"), values.String(prog.Puppet().Version),
		values.String("servername"), values.String(%q),
		values.String("serverip"), values.String(%q),
	)
	factsOf := map[string]*values.Hash{}
	include := &rt.FuncRef{Name: "include"}
	at := rt.SiteRefOf(&rt.Site{File: &rt.File{Path: *site}, Line: 1, Column: 16, Label: "Function Call"})
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) != 3 {
			continue
		}
		module, class, plat := f[0], f[1], f[2]
		fs, ok := factsOf[plat]
		if !ok {
			var err error
			if fs, err = cli.LoadFacts(filepath.Join(*facts, "facts-"+plat+".json")); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(2)
			}
			factsOf[plat] = fs
		}
		start := time.Now()
		res := rt.CompileWith(prog, &rt.Node{Name: *node, Facts: fs, ServerFacts: serverFacts, Main: func(s *rt.Scope) {
			s.Fn(at, include, nil, values.String(class))
		}})
		elapsed := time.Since(start)
		name := filepath.Join(*out, module+"__"+class+"__"+plat)
		var err error
		if res.Err != nil {
			err = os.WriteFile(name+".error", []byte(errorText(res)), 0o644)
		} else {
			err = os.WriteFile(name+".json", res.JSON, 0o644)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		fmt.Printf("done %%d\n", elapsed.Microseconds())
	}
}
`

// SweepRun is the outcome of running jobs.
type SweepRun struct {
	Out     string        // the output directory
	Elapsed time.Duration // wall time
	CPU     time.Duration // sum of the jobs' compile times
	Crashed int           // jobs whose driver died or hung
}

// Run compiles the jobs with `procs` driver processes into out (emptied
// first). A job whose driver dies or takes longer than timeout gets a
// .error file saying so, and a new driver takes the remaining jobs.
func (sw *Sweep) Run(jobs []*SweepJob, out string, procs int, timeout time.Duration) (*SweepRun, error) {
	if err := os.RemoveAll(out); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	if procs < 1 {
		procs = 1
	}
	run := &SweepRun{Out: out}
	start := time.Now()
	queue := make(chan *SweepJob)
	var mu sync.Mutex
	var firstErr error
	var wg sync.WaitGroup
	for i := 0; i < procs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var d *driverProc
			for j := range queue {
				if d == nil {
					var err error
					if d, err = sw.startDriver(out); err != nil {
						mu.Lock()
						firstErr = err
						mu.Unlock()
						continue
					}
				}
				micros, err := d.do(j, timeout)
				mu.Lock()
				if err != nil {
					run.Crashed++
					msg := fmt.Sprintf("pp2go sweep driver failed on this job: %v\n%s", err, d.stderrTail())
					os.WriteFile(filepath.Join(out, j.Name()+".error"), []byte(msg), 0o644)
					d.kill()
					d = nil
				} else {
					run.CPU += time.Duration(micros) * time.Microsecond
				}
				mu.Unlock()
			}
			if d != nil {
				d.close()
			}
		}()
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()
	run.Elapsed = time.Since(start)
	return run, firstErr
}

type driverProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *tailBuffer
}

func (sw *Sweep) startDriver(out string) (*driverProc, error) {
	cmd := exec.Command(sw.Driver, "-facts", sweepFactsDir(), "-out", out,
		"-site", filepath.Join(sw.EnvDir, "manifests", "site.pp"), "-node", SweepNode)
	d := &driverProc{cmd: cmd, lines: make(chan string), stderr: &tailBuffer{max: 4096}}
	cmd.Stderr = d.stderr
	var err error
	if d.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			d.lines <- sc.Text()
		}
		close(d.lines)
	}()
	return d, nil
}

// do runs one job: the time it took to compile, or why the driver failed.
func (d *driverProc) do(j *SweepJob, timeout time.Duration) (int64, error) {
	if _, err := fmt.Fprintf(d.stdin, "%s %s %s\n", j.Module, j.Class, j.Platform); err != nil {
		return 0, err
	}
	select {
	case line, ok := <-d.lines:
		if !ok {
			err := d.cmd.Wait()
			if err == nil {
				err = errors.New("driver exited")
			}
			return 0, err
		}
		var micros int64
		if _, err := fmt.Sscanf(line, "done %d", &micros); err != nil {
			return 0, fmt.Errorf("driver said %q", line)
		}
		return micros, nil
	case <-time.After(timeout):
		return 0, fmt.Errorf("no result after %s", timeout)
	}
}

func (d *driverProc) kill() {
	d.cmd.Process.Kill()
	d.cmd.Wait()
}

func (d *driverProc) close() {
	d.stdin.Close()
	d.cmd.Wait()
}

func (d *driverProc) stderrTail() string { return d.stderr.String() }

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.b = append(t.b, p...)
	if len(t.b) > t.max {
		t.b = t.b[len(t.b)-t.max:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.b)
}

// SweepResult is one job's comparison with Puppet.
type SweepResult struct {
	Job *SweepJob
	// Kind is "" when the job passes as the sweep's score counts it,
	// else "digest", "error" (pp2go failed where Puppet compiled),
	// "catalog" (pp2go compiled where Puppet failed) or "missing".
	Kind   string
	Detail string // what differs
	// Got is pp2go's error text (paths normalized) when it failed.
	Got string
	// SameError reports, for a job where both failed, whether the error
	// texts are the same.
	SameError bool
}

// Passed is whether the job passes as score counts it.
func (r *SweepResult) Passed() bool { return r.Kind == "" }

// Differs is whether the job differs from Puppet at all: it fails, or
// both failed with different errors.
func (r *SweepResult) Differs() bool {
	return r.Kind != "" || r.Job.Outcome == "error" && !r.SameError
}

// DiffKind is Kind, or "error-text" for a job whose only difference is
// the error's text.
func (r *SweepResult) DiffKind() string {
	if r.Kind == "" && r.Differs() {
		return "error-text"
	}
	return r.Kind
}

// Score compares the outputs of a run with Puppet's outcomes.
func (sw *Sweep) Score(jobs []*SweepJob, out string) []*SweepResult {
	roots := DigestRoots(sw.EnvDir)
	var results []*SweepResult
	for _, j := range jobs {
		r := &SweepResult{Job: j}
		results = append(results, r)
		base := filepath.Join(out, j.Name())
		var cat map[string]any
		if b, err := os.ReadFile(base + ".json"); err == nil {
			if cat = ParseCatalog(b); cat == nil {
				r.Got = "not a catalog"
			}
		} else if b, err := os.ReadFile(base + ".error"); err == nil {
			r.Got = sw.NormalizeError(string(b))
		} else {
			r.Kind, r.Detail = "missing", "no output"
			continue
		}
		switch {
		case j.Outcome == "error" && cat != nil:
			r.Kind, r.Detail = "catalog", "pp2go compiles, Puppet fails: "+j.Error
		case j.Outcome == "error":
			r.SameError = r.Got == j.Error
			if !r.SameError {
				r.Detail = "expected: " + j.Error + "\n  actual:   " + r.Got
			}
		case cat == nil:
			r.Kind, r.Detail = "error", "pp2go fails: "+r.Got
		default:
			if d := CatalogDigest(cat, roots); d != j.Digest {
				n, e := CatalogStats(cat)
				r.Kind = "digest"
				r.Detail = fmt.Sprintf("digest differs (resources %d vs %s, edges %d vs %s)", n, j.Resources, e, j.Edges)
			}
		}
	}
	return results
}

// NormalizeError is the first line of an error, with paths written as the
// sweep's expected files write them: relative to the environment, or
// under <modules>/.
func (sw *Sweep) NormalizeError(text string) string {
	line := firstLine(strings.TrimSpace(text))
	line = strings.TrimPrefix(line, "Error: ")
	for _, r := range DigestRoots(sw.EnvDir) {
		line = strings.ReplaceAll(line, r.Prefix, r.Replace)
	}
	return line
}

// SweepReport prints per-module results as the sweep's score script does,
// with a column for the error jobs whose error text is Puppet's, then the
// totals per platform; the caller prints the closing `N passed, M failed`.
func SweepReport(w io.Writer, results []*SweepResult, verbose bool) (passed, failed int) {
	type counts struct{ passed, total, catPassed, catTotal, errTotal, errSame int }
	per := map[string]*counts{}
	plats := map[string]*counts{}
	var mods, platNames []string
	for _, r := range results {
		j := r.Job
		c := per[j.Module]
		if c == nil {
			c = &counts{}
			per[j.Module] = c
			mods = append(mods, j.Module)
		}
		p := plats[j.Platform]
		if p == nil {
			p = &counts{}
			plats[j.Platform] = p
			platNames = append(platNames, j.Platform)
		}
		for _, c := range []*counts{c, p} {
			c.total++
			if r.Passed() {
				c.passed++
			}
			if j.Outcome == "catalog" {
				c.catTotal++
				if r.Passed() {
					c.catPassed++
				}
			} else {
				c.errTotal++
				if r.SameError {
					c.errSame++
				}
			}
		}
		if r.Passed() {
			passed++
		} else {
			failed++
		}
	}
	sort.Strings(mods)
	sort.Strings(platNames)
	width := 6
	for _, m := range mods {
		width = max(width, len(m))
	}
	fmt.Fprintf(w, "%-*s  %9s  %-12s  %s\n", width, "module", "passed", "(catalogs)", "(same error text)")
	for _, m := range mods {
		c := per[m]
		fmt.Fprintf(w, "%-*s  %4d/%-4d  %-12s  %s\n", width, m, c.passed, c.total,
			fmt.Sprintf("(%d/%d)", c.catPassed, c.catTotal), fmt.Sprintf("(%d/%d)", c.errSame, c.errTotal))
	}
	if verbose {
		fmt.Fprintln(w, "\njobs that differ:")
		for _, r := range results {
			if r.Differs() {
				fmt.Fprintf(w, "  %s: %s: %s\n", r.Job.Name(), r.DiffKind(), r.Detail)
			}
		}
		fmt.Fprintln(w)
	}
	for _, p := range platNames {
		c := plats[p]
		fmt.Fprintf(w, "%s: catalog jobs: %d/%d passed (%.1f%%); error jobs: %d/%d passed, %d with Puppet's error text\n",
			p, c.catPassed, c.catTotal, 100*float64(c.catPassed)/float64(max(c.catTotal, 1)),
			c.passed-c.catPassed, c.errTotal, c.errSame)
	}
	return passed, failed
}

// FilterSweepJobs keeps the jobs of the given platforms and modules (all
// when a list is empty).
func FilterSweepJobs(jobs []*SweepJob, platforms, modules []string) []*SweepJob {
	in := func(list []string, s string) bool {
		if len(list) == 0 {
			return true
		}
		for _, x := range list {
			if x == s {
				return true
			}
		}
		return false
	}
	var out []*SweepJob
	for _, j := range jobs {
		if in(platforms, j.Platform) && in(modules, j.Module) {
			out = append(out, j)
		}
	}
	return out
}

// WriteSweepResults writes one row per job: module, class, platform,
// Puppet's outcome, the difference kind ("" when equal), pp2go's error
// (paths normalized, "-" when it compiled) and Puppet's ("-").
func WriteSweepResults(path string, results []*SweepResult) error {
	var b strings.Builder
	b.WriteString("module\tclass\tplatform\toutcome\tdiff\tdetail\tgot_error\texpected_error\n")
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return strings.NewReplacer("\t", " ", "\n", " ").Replace(s)
	}
	for _, r := range results {
		j := r.Job
		fmt.Fprintf(&b, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", j.Module, j.Class, j.Platform, j.Outcome,
			dash(r.DiffKind()), dash(r.Detail), dash(r.Got), dash(j.Error))
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
