package conformance

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/pp2go/pp2go/codegen"
	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
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
	e, err := env.Load(sc.Dir, env.Options{BaseModulePath: ModulesDir(), Name: "production"})
	if err != nil {
		return "", err
	}
	res, err := codegen.Generate(e, codegen.Options{RuntimeDir: RepoDir(), Version: "conformance"})
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
	cmd := exec.Command("go", "build", "-trimpath", "-o", bin, ".")
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0") // as pp2go build builds it
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
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

// Run compiles every node of the scenario with the binary and compares the
// results with Puppet's: catalogs with catalog-diff's semantics, errors by
// their text.
func (sc *Scenario) Run(binary string) ([]NodeOutcome, error) {
	var out []NodeOutcome
	for _, n := range sc.Nodes {
		o := NodeOutcome{Node: n.Name}
		cmd := exec.Command(binary, "compile", n.Name, "--facts", filepath.Join(sc.Dir, n.Facts), "--quiet")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		runErr := cmd.Run()
		var exit *exec.ExitError
		if runErr != nil && !errors.As(runErr, &exit) {
			return nil, runErr
		}
		expErr, errExpected := readExpectedError(sc.Dir, n.Name)
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
			want, err := os.ReadFile(filepath.Join(sc.Dir, "expected", n.Name+".json"))
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

func readExpectedError(dir, node string) (string, bool) {
	b, err := os.ReadFile(filepath.Join(dir, "expected", node+".error"))
	if err != nil {
		return "", false
	}
	return firstLine(strings.TrimSpace(string(b))), true
}

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
