package conformance

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// Scenario is one environment of ../shared/conformance/scenarios with its
// nodes and the catalogs (or errors) Puppet produced for them.
type Scenario struct {
	Name        string
	Dir         string
	Description string            `yaml:"description"`
	Settings    map[string]string `yaml:"settings"`
	Nodes       []struct {
		Name     string `yaml:"name"`
		Facts    string `yaml:"facts"`
		Platform string `yaml:"platform"`
		Expect   string `yaml:"expect"`
	} `yaml:"nodes"`
}

// LoadScenarios reads every scenario of a directory, sorted by name.
func LoadScenarios(dir string) ([]*Scenario, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []*Scenario
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name(), "scenario.yaml"))
		if err != nil {
			continue
		}
		sc := &Scenario{Name: e.Name(), Dir: filepath.Join(dir, e.Name())}
		if err := yaml.Unmarshal(b, sc); err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		out = append(out, sc)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// RepoDir is the root of the pp2go repository (the generated modules
// build against its runtime).
func RepoDir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(file))
}

// Build generates a scenario's Go module into work and builds its catalog
// binary there, as pp2go build does; it returns the binary's path. The
// environment's module path is the oracle's ($basemodulepath is the Debian
// modules).
func (sc *Scenario) Build(work string) (string, error) {
	e, err := env.Load(sc.Dir, env.Options{BaseModulePath: ModulesDir(), Name: "production", Vendored: vendored(0)})
	if err != nil {
		return "", err
	}
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: RepoDir(), Version: "conformance", Reuse: work, Checked: typecheck.CheckWith(e, resolve.Options{Everywhere: true})})
	if err != nil {
		return "", err
	}
	if errs := res.Diags.Errors(); len(errs) > 0 {
		return "", fmt.Errorf("code generation: %s", diagText(errs))
	}
	if err := res.Write(work); err != nil {
		return "", err
	}
	bin := filepath.Join(work, "bin", "catalog")
	if err := goBuild(work, bin, ".", codegen.GoBuildEnv()); err != nil { // as pp2go build builds it
		return "", err
	}
	if err := codegen.SettleBinary(bin); err != nil {
		return "", err
	}
	return bin, nil
}

// goBuild builds package pkg of the module in dir into out with the flags
// pp2go build gives go build (codegen.GoBuildFlags), in environment env
// (nil: this process's).
func goBuild(dir, out, pkg string, env []string) error {
	cmd := exec.Command("go", slices.Concat([]string{"build"}, codegen.GoBuildFlags, []string{"-o", out, pkg})...)
	cmd.Dir, cmd.Env = dir, env
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, b)
	}
	return nil
}

func diagText(ds diag.List) string {
	var parts []string
	for i, d := range ds {
		if i == 5 {
			parts = append(parts, fmt.Sprintf("... and %d more", len(ds)-5))
			break
		}
		parts = append(parts, d.Short())
	}
	return strings.Join(parts, "; ")
}

// NodeOutcome is the comparison of one node's compilation with Puppet's.
type NodeOutcome struct {
	Node string
	Diff []string // empty when pp2go's result is Puppet's
}

// ScenarioVersions are the Puppet versions (majors) whose outputs the
// scenarios are compared with: 7.23 (the scenarios' expected/) and 8.10
// (testdata/puppet8/scenarios).
var ScenarioVersions = []int{7, 8}

// Run compiles every node of the scenario with the binary as Puppet major
// version puppet (--puppet 7; 8 is the binary's default, as pp2go build
// makes it) and compares the results with that version's: catalogs with
// catalog-diff's semantics, errors by their text.
func (sc *Scenario) Run(binary string, puppet int) ([]NodeOutcome, error) {
	var out []NodeOutcome
	for _, n := range sc.Nodes {
		o := NodeOutcome{Node: n.Name}
		expected, err := sc.expectedFile(puppet, n.Name)
		if err != nil {
			o.Diff = []string{err.Error()}
			out = append(out, o)
			continue
		}
		args := []string{"compile", n.Name, "--facts", filepath.Join(sc.Dir, n.Facts), "--quiet"}
		if puppet == 7 {
			args = append(args, "--puppet", "7")
		}
		cmd := exec.Command(binary, args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		var exit *exec.ExitError
		if runErr != nil && !errors.As(runErr, &exit) {
			return nil, runErr
		}
		expErr, errExpected := readExpectedError(expected)
		switch {
		case errExpected && runErr == nil:
			o.Diff = []string{"expected Puppet's error: " + expErr, "pp2go compiled a catalog"}
		case errExpected:
			got := sc.normalizeError(stderr.String())
			if got != expErr {
				o.Diff = []string{"error text differs:", "    expected: " + expErr, "    actual:   " + got}
			}
		case runErr != nil:
			o.Diff = []string{"pp2go failed: " + sc.normalizeError(stderr.String())}
		default:
			want, err := os.ReadFile(expected)
			if err != nil {
				return nil, err
			}
			o.Diff, err = DiffCatalogs(want, stdout.Bytes(), sc.Dir)
			if err != nil {
				return nil, err
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// RunDir compiles every node of the scenario in one process, as compile
// --facts-dir does (-j 1: one after another, each compile reusing the
// memory of the one before, Result.Release), and compares each catalog
// with the catalog Puppet (major version puppet) produced; a node Puppet
// fails must have none.
func (sc *Scenario) RunDir(binary string, puppet int, tmp string) ([]NodeOutcome, error) {
	factsDir, outDir := filepath.Join(tmp, "facts"), filepath.Join(tmp, "out")
	for _, d := range []string{factsDir, outDir} {
		if err := os.RemoveAll(d); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	for _, n := range sc.Nodes {
		facts, err := filepath.Abs(filepath.Join(sc.Dir, n.Facts))
		if err != nil {
			return nil, err
		}
		if err := os.Symlink(facts, filepath.Join(factsDir, n.Name+filepath.Ext(n.Facts))); err != nil {
			return nil, err
		}
	}
	args := []string{"compile", "--facts-dir", factsDir, "--out-dir", outDir, "-j", "1", "--quiet"}
	if puppet == 7 {
		args = append(args, "--puppet", "7")
	}
	if err := exec.Command(binary, args...).Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return nil, err
		}
	}
	var out []NodeOutcome
	for _, n := range sc.Nodes {
		o := NodeOutcome{Node: n.Name}
		expected, err := sc.expectedFile(puppet, n.Name)
		if err != nil {
			return nil, err
		}
		got, readErr := os.ReadFile(filepath.Join(outDir, n.Name+".json"))
		_, errExpected := readExpectedError(expected)
		switch {
		case errExpected && readErr == nil:
			o.Diff = []string{"expected Puppet's error, --facts-dir wrote a catalog"}
		case errExpected:
		case readErr != nil:
			o.Diff = []string{"--facts-dir wrote no catalog: " + readErr.Error()}
		default:
			want, err := os.ReadFile(expected)
			if err != nil {
				return nil, err
			}
			if o.Diff, err = DiffCatalogs(want, got, sc.Dir); err != nil {
				return nil, err
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// readExpectedError is the first line of an expected .error file, or
// false for a catalog.
func readExpectedError(path string) (string, bool) {
	if !strings.HasSuffix(path, ".error") {
		return "", false
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", false
	}
	return firstLine(strings.TrimSpace(string(b))), true
}

// expectedFile is the file of what Puppet (major version puppet) produced
// for a node: NODE.json or NODE.error. Puppet 7.23's are the scenario's
// expected/; Puppet 8.10's are those too where testdata/puppet8/scenarios'
// index says they are the same (and the 7.23 file is still the one it was
// compared with), else that directory's own.
func (sc *Scenario) expectedFile(puppet int, node string) (string, error) {
	p7, err := expectedIn(filepath.Join(sc.Dir, "expected"), node)
	if err != nil || puppet == 7 {
		return p7, err
	}
	regen := "run conformance/testdata/puppet8/regen-scenarios " + sc.Name
	idx, err := puppet8Index()
	if err != nil {
		return "", err
	}
	e, ok := idx[sc.Name+"/"+node]
	if !ok {
		return "", fmt.Errorf("no Puppet 8.10 expectation for %s/%s: %s", sc.Name, node, regen)
	}
	b, err := os.ReadFile(p7)
	if err != nil {
		return "", err
	}
	if fmt.Sprintf("%x", sha256.Sum256(b)) != e.sum {
		return "", fmt.Errorf("Puppet 7.23's expectation %s changed since Puppet 8.10's was made: %s", p7, regen)
	}
	if e.same {
		return p7, nil
	}
	return expectedIn(filepath.Join(Puppet8ScenariosDir(), sc.Name), node)
}

// expectedIn is dir/NODE.json or dir/NODE.error, whichever exists.
func expectedIn(dir, node string) (string, error) {
	for _, ext := range []string{".json", ".error"} {
		p := filepath.Join(dir, node+ext)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no expected outcome for %s in %s", node, dir)
}

// Puppet8ScenariosDir holds Puppet 8.10's expected outputs of the public
// scenarios (testdata/puppet8/regen-scenarios writes them).
func Puppet8ScenariosDir() string {
	return filepath.Join(RepoDir(), "conformance", "testdata", "puppet8", "scenarios")
}

// puppet8Entry is a line of Puppet8ScenariosDir's index.txt: whether
// Puppet 8.10's outcome is 7.23's, and the SHA-256 of the 7.23 file it was
// compared with.
type puppet8Entry struct {
	same bool
	sum  string
}

var puppet8Index = sync.OnceValues(func() (map[string]puppet8Entry, error) {
	path := filepath.Join(Puppet8ScenariosDir(), "index.txt")
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	idx := map[string]puppet8Entry{}
	for i, l := range strings.Split(string(b), "\n") {
		f := strings.Fields(l)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 3 || f[1] != "same" && f[1] != "differs" {
			return nil, fmt.Errorf("%s:%d: want NAME/NODE same|differs SHA256", path, i+1)
		}
		idx[f[0]] = puppet8Entry{same: f[1] == "same", sum: f[2]}
	}
	return idx, nil
})

// normalizeError is the first line of a binary's error, with paths written
// as the oracle writes them.
func (sc *Scenario) normalizeError(stderr string) string {
	var line string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(l, "Error: ") {
			line = strings.TrimPrefix(l, "Error: ")
			break
		}
	}
	if line == "" {
		line = firstLine(strings.TrimSpace(stderr))
	}
	line = strings.ReplaceAll(line, sc.Dir+"/", "")
	return strings.ReplaceAll(line, ModulesDir()+"/", "<modules>/")
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
