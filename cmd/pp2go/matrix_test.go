package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	junitparser "github.com/joshdk/go-junit"
	"github.com/stretchr/testify/require"

	"github.com/pp2go/pp2go/conformance"
	"github.com/pp2go/pp2go/internal/onceover"
)

// matrixTestdata holds the matrix of TestMatrix: spec/onceover.yaml and two
// fact sets in onceover's spec/factsets (debian12 in PuppetDB's form,
// ubuntu2204 as facter prints it), a facterdb-style fact set
// (facterdb/4.3/redhat-9-x86_64.facts), all made by the oracle's gen-facts;
// and expected.json, Puppet's outcome for each cell (see regen).
const matrixTestdata = "testdata/matrix"

// matrixNode is the node name of the cells (--node-name): the fact sets
// have no trusted certname.
const matrixNode = "testhost.example.com"

// expectedCell is Puppet's outcome for a cell, as regen recorded it.
type expectedCell struct {
	Class    string `json:"class"`
	Node     string `json:"node"`
	Compiles bool   `json:"compiles"`
	Error    string `json:"error,omitempty"` // its first line, paths as the oracle writes them
	// Digest is the catalog's digest as the module sweep makes it
	// (conformance.CatalogDigest: paths relative to the environment or
	// under <modules>/).
	Digest string `json:"digest,omitempty"`
}

// matrixEnv assembles the environment of TestMatrix in dir: the modules of
// every public mod_* scenario of ../shared/conformance (role, profile, app,
// motd; their names do not clash), their Hiera data merged (their
// hiera.yaml are the same, their keys distinct), the Debian modules from
// the base module path, and testdata/matrix/spec.
func matrixEnv(t *testing.T, dir string) {
	t.Helper()
	scen := filepath.Join(conformance.SharedDir(), "conformance", "scenarios")
	dirs, _ := filepath.Glob(filepath.Join(scen, "mod_*"))
	if len(dirs) == 0 {
		t.Skipf("no mod_* scenarios in %s (../shared is absent)", scen)
	}
	for _, m := range []string{"apache", "stdlib", "concat", "keystone", "redis", "postgresql"} {
		if _, err := os.Stat(filepath.Join(conformance.ModulesDir(), m)); err != nil {
			t.Skipf("Debian's puppet-module-* packages are not installed (%s has no %s)", conformance.ModulesDir(), m)
		}
	}
	require.NoError(t, os.RemoveAll(dir))
	data := map[string][]string{}
	for _, s := range dirs {
		err := filepath.WalkDir(s, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(s, p)
			switch {
			case strings.HasPrefix(rel, "modules/"):
				return copyFile(p, filepath.Join(dir, rel))
			case strings.HasPrefix(rel, "data/"):
				b, err := os.ReadFile(p)
				data[rel] = append(data[rel], strings.TrimPrefix(string(b), "---\n"))
				return err
			case rel == "hiera.yaml":
				return copyFile(p, filepath.Join(dir, rel))
			}
			return nil
		})
		require.NoError(t, err)
	}
	for rel, parts := range data {
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(dir, rel)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, rel), []byte("---\n"+strings.Join(parts, "")), 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "environment.conf"), []byte("modulepath = modules:$basemodulepath\n"), 0o644))
	for _, f := range []string{"spec/onceover.yaml", "spec/factsets/debian12.json", "spec/factsets/ubuntu2204.json"} {
		require.NoError(t, copyFile(filepath.Join(matrixTestdata, f), filepath.Join(dir, f)))
	}
}

func copyFile(from, to string) error {
	b, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	return os.WriteFile(to, b, 0o644)
}

// normalizeMatrixError writes an error's first line as the oracle writes
// it: paths under the environment relative to it, the system modules'
// under <modules>/.
func normalizeMatrixError(text, envDir string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	line = strings.TrimPrefix(line, "Error: ")
	line = strings.ReplaceAll(line, envDir+"/", "")
	return strings.ReplaceAll(line, conformance.ModulesDir()+"/", "<modules>/")
}

func readExpectedCells(t *testing.T) []expectedCell {
	b, err := os.ReadFile(filepath.Join(matrixTestdata, "expected.json"))
	require.NoError(t, err)
	var cells []expectedCell
	require.NoError(t, json.Unmarshal(b, &cells))
	return cells
}

// TestMatrix runs the onceover matrix of testdata/matrix over the roles and
// profiles of the mod_* scenarios on three platforms (one build), and
// checks each cell's outcome, the table, the exit status and the JUnit XML
// (read back with a JUnit parser) against Puppet's outcomes.
func TestMatrix(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	root := filepath.Join(os.TempDir(), "pp2go-matrix-test")
	envDir := filepath.Join(root, "env")
	matrixEnv(t, envDir)
	junitFile := filepath.Join(t.TempDir(), "matrix.xml")
	outDir := filepath.Join(t.TempDir(), "catalogs")
	stdout, stderr, err := run(t, ".", "matrix", "--puppet", "7", envDir,
		"--factsets", filepath.Join(envDir, "spec", "factsets"), "--factsets", filepath.Join(matrixTestdata, "facterdb", "4.3"),
		"--node-name", matrixNode, "--work", filepath.Join(root, "work"), "--junit", junitFile, "--out-dir", outDir, "-j", "2")
	t.Log(stdout)
	expected := readExpectedCells(t)
	failing := 0
	for _, c := range expected {
		if !c.Compiles {
			failing++
		}
	}
	require.NotZero(t, failing, "the matrix has cells that Puppet fails to compile")
	var ee *exitError
	require.True(t, errors.As(err, &ee), "a failing cell fails the command: %v\n%s", err, stderr)
	require.Equal(t, 1, ee.status, "exit status 1 when a cell fails: %v\n%s", ee.err, stderr)

	// The JUnit XML, read by a JUnit parser: a suite per class, a test per
	// cell named after the fact set, failures with Puppet's error.
	suites, err := junitparser.IngestFile(junitFile)
	require.NoError(t, err)
	got := map[onceover.Cell]junitparser.Test{}
	var classes []string
	for _, s := range suites {
		classes = append(classes, s.Name)
		for _, tc := range s.Tests {
			require.Equal(t, s.Name, tc.Classname)
			got[onceover.Cell{Class: tc.Classname, Node: tc.Name}] = tc
		}
	}
	wantClasses := map[string]bool{}
	for _, c := range expected {
		wantClasses[c.Class] = true
	}
	require.Len(t, classes, len(wantClasses), "a testsuite per class")
	require.Len(t, got, len(expected), "a testcase per cell of the matrix")
	for _, c := range expected {
		tc, ok := got[onceover.Cell{Class: c.Class, Node: c.Node}]
		require.True(t, ok, "no testcase for %s on %s", c.Class, c.Node)
		catalog := filepath.Join(outDir, strings.ReplaceAll(c.Class, "::", "__")+"_on_"+c.Node+".json")
		if c.Compiles {
			require.Equal(t, junitparser.StatusPassed, tc.Status, "%s on %s compiles with Puppet; pp2go: %v", c.Class, c.Node, tc.Error)
			b, err := os.ReadFile(catalog)
			require.NoError(t, err, "the catalog is written to --out-dir")
			var cat struct{ Classes []string }
			require.NoError(t, json.Unmarshal(b, &cat))
			require.Contains(t, cat.Classes, c.Class, "the cell's catalog includes its class")
			require.Equal(t, c.Digest, conformance.CatalogDigest(conformance.ParseCatalog(b), conformance.DigestRoots(envDir)), "%s on %s: the catalog is Puppet's", c.Class, c.Node)
			continue
		}
		require.Equal(t, junitparser.StatusFailed, tc.Status, "%s on %s fails with Puppet: %s", c.Class, c.Node, c.Error)
		require.Equal(t, c.Error, normalizeMatrixError(tc.Message, envDir), "%s on %s: Puppet's error", c.Class, c.Node)
		require.Contains(t, stdout, c.Class+" on "+c.Node+" (node "+matrixNode+"):\n  "+strings.TrimSpace(tc.Message), "the failure and its error are printed")
		require.NoFileExists(t, catalog)
	}

	// The table: a row per class, a column per fact set with the time or
	// FAIL, "-" where the matrix has no cell (profile::openstack::identity
	// is left out on the redhat fact set), and the summary.
	nodes := []string{"debian12", "ubuntu2204", "redhat-9-x86_64"}
	require.Regexp(t, `^CLASS +debian12 +ubuntu2204 +redhat-9-x86_64\n`, stdout)
	outcome := map[onceover.Cell]bool{}
	for _, c := range expected {
		outcome[onceover.Cell{Class: c.Class, Node: c.Node}] = c.Compiles
	}
	for class := range wantClasses {
		row := `(?m)^` + regexp.QuoteMeta(class)
		for _, n := range nodes {
			compiles, ok := outcome[onceover.Cell{Class: class, Node: n}]
			switch {
			case !ok:
				row += ` +-`
			case compiles:
				row += ` +ok [0-9.]+m?s`
			default:
				row += ` +FAIL`
			}
		}
		require.Regexp(t, row+` *$`, stdout)
	}
	_, identityOnRedhat := outcome[onceover.Cell{Class: "profile::openstack::identity", Node: "redhat-9-x86_64"}]
	require.False(t, identityOnRedhat)
	require.Contains(t, stdout, fmt.Sprintf("Matrix: %d cells (%d classes × 3 fact sets), %d compiled, %d failed in ", len(expected), len(wantClasses), len(expected)-failing, failing))
}

// TestMatrixOracle regenerates testdata/matrix/expected.json from Puppet
// (the oracle's compile-catalog, one environment per class whose site.pp is
// `include CLASS`, as onceover's spec compiles it). It runs only with
// PP2GO_MATRIX_REGEN=1 (testdata/matrix/regen), and needs Puppet 7.23.
func TestMatrixOracle(t *testing.T) {
	if os.Getenv("PP2GO_MATRIX_REGEN") == "" {
		t.Skip("regenerates testdata/matrix/expected.json from Puppet: run testdata/matrix/regen")
	}
	root := t.TempDir()
	envDir := filepath.Join(root, "env")
	matrixEnv(t, envDir)
	cfgFile := filepath.Join(envDir, "spec", "onceover.yaml")
	mf := &matrixFlags{config: cfgFile, factsets: []string{filepath.Join(envDir, "spec", "factsets"), filepath.Join(matrixTestdata, "facterdb", "4.3")}}
	mf.ef.baseModulePath = conformance.ModulesDir()
	var log strings.Builder
	cfg, factsets, err := loadMatrix(&log, envDir, mf)
	require.NoError(t, err, log.String())
	cells := cfg.Cells()
	var batch strings.Builder
	envs := map[string]string{}
	for i, c := range cells {
		cenv, ok := envs[c.Class]
		if !ok {
			// The class's environment: the assembled one, with a site.pp
			// that includes the class.
			cenv = filepath.Join(root, "envs", strings.ReplaceAll(c.Class, "::", "__"))
			require.NoError(t, os.MkdirAll(filepath.Join(cenv, "manifests"), 0o755))
			for _, e := range []string{"modules", "data", "hiera.yaml", "environment.conf"} {
				require.NoError(t, os.Symlink(filepath.Join(envDir, e), filepath.Join(cenv, e)))
			}
			require.NoError(t, os.WriteFile(filepath.Join(cenv, "manifests", "site.pp"), []byte("include "+c.Class+"\n"), 0o644))
			envs[c.Class] = cenv
		}
		facts, err := filepath.Abs(factsets[c.Node].File)
		require.NoError(t, err)
		fmt.Fprintf(&batch, "%s %s %s %s\n", cenv, matrixNode, facts, filepath.Join(root, "out", fmt.Sprint(i)))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(root, "out"), 0o755))
	list := filepath.Join(root, "batch.txt")
	require.NoError(t, os.WriteFile(list, []byte(batch.String()), 0o644))
	cmd := exec.Command(filepath.Join(conformance.OracleDir(), "compile-catalog"), "--batch", list)
	cmd.Env = append(os.Environ(), "PP_ORACLE_QUIET=1", "PUPPET_MODULES="+conformance.ModulesDir())
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, string(out))
	var expected []expectedCell
	for i, c := range cells {
		prefix := filepath.Join(root, "out", fmt.Sprint(i))
		e := expectedCell{Class: c.Class, Node: c.Node}
		if b, err := os.ReadFile(prefix + ".error"); err == nil {
			e.Error = normalizeMatrixError(string(b), envs[c.Class])
		} else {
			b, err := os.ReadFile(prefix + ".json")
			require.NoError(t, err, "the oracle wrote neither a catalog nor an error for %s on %s", c.Class, c.Node)
			cat := conformance.ParseCatalog(b)
			require.NotNil(t, cat, "%s.json", prefix)
			e.Compiles = true
			e.Digest = conformance.CatalogDigest(cat, append(conformance.DigestRoots(envs[c.Class]), conformance.DigestRoots(envDir)...))
		}
		expected = append(expected, e)
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	require.NoError(t, enc.Encode(expected))
	require.NoError(t, os.WriteFile(filepath.Join(matrixTestdata, "expected.json"), []byte(b.String()), 0o644))
}

// TestMatrixErrors: what stops the matrix before any compile exits with
// status 2 and says where.
func TestMatrixErrors(t *testing.T) {
	base := map[string]string{
		"environment.conf":                  "modulepath = site\n",
		"site/role/manifests/web.pp":        "class role::web {}\n",
		"spec/factsets/debian12.json":       `{"os": {"family": "Debian"}}`,
		"spec/factsets/bad.json":            `[1]`,
		"spec/pre_conditions/README.md":     "not code\n",
		"site/profile/manifests/init.pp":    "class profile {}\n",
		"site/profile/manifests/nothing.pp": "# no class\n",
	}
	tests := []struct{ name, yaml, err string }{
		{"a configuration error", "nodes: [debian12]\ntest_matrix:\n  - rhel9: {classes: all_classes, tests: spec}\n",
			"spec/onceover.yaml:3:5: rhel9 was not found in the list of nodes or groups!"},
		{"a missing fact set", "classes: [/^role::/]\nnodes: [debian12, rhel9]\ntest_matrix:\n  - all_nodes: {classes: all_classes, tests: spec}\n",
			"spec/onceover.yaml: no fact set for node rhel9 (looked for NAME.json and NAME.facts in "},
		{"a fact set that is no facts hash", "classes: [role::web]\nnodes: [bad]\ntest_matrix:\n  - bad: {classes: role::web, tests: spec}\n",
			"fact set "},
		{"no cell", "classes: [/^nothing/]\nnodes: [debian12]\ntest_matrix:\n  - all_nodes: {classes: all_classes, tests: spec}\n",
			"spec/onceover.yaml: the test matrix has no cell to compile"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"spec/onceover.yaml": tc.yaml}
			for k, v := range base {
				files[k] = v
			}
			dir := writeEnv(t, files)
			_, _, err := run(t, dir, "matrix", "--puppet", "7", ".", "--work", t.TempDir())
			var ee *exitError
			require.True(t, errors.As(err, &ee), "%v", err)
			require.Equal(t, 2, ee.status)
			require.Contains(t, ee.Error(), tc.err)
		})
	}
	for _, args := range [][]string{{"matrix"}, {"matrix", "a", "b"}, {"matrix", ".", "--no-such-flag"}, {"matrix", ".", "-j", "x"}} {
		_, _, err := run(t, ".", args...)
		var ee *exitError
		require.True(t, errors.As(err, &ee), "%v: %v", args, err)
		require.Equal(t, 2, ee.status, "%v", args)
	}
	_, _, err := run(t, ".", "matrix", "--puppet", "7", "testdata/nowhere")
	var ee *exitError
	require.True(t, errors.As(err, &ee))
	require.Equal(t, 2, ee.status)
	require.Contains(t, err.Error(), "testdata/nowhere/spec/onceover.yaml")
}

// TestMatrixAsOnceover: a cell compiles as onceover's spec does. The main
// manifest is not used (its fail() would stop every cell), the
// spec/pre_conditions run first, the node is named after the fact set's
// trusted certname (else --node-name) and $trusted carries the fact set's
// extensions and external data, onceover's two ways each.
func TestMatrixAsOnceover(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("needs the go command to build the environment")
	}
	dir := writeEnv(t, map[string]string{
		"environment.conf":                   "modulepath = site\n",
		"manifests/site.pp":                  "fail('site.pp is not used')\nnode default {}\n",
		"spec/pre_conditions/vars.pp":        "$pre = \"from pre_conditions of ${onceover_class} on ${onceover_node}\"\n",
		"site/role/manifests/web.pp":         "class role::web {\n  if $facts['os']['family'] != 'Debian' { fail(\"no ${facts['os']['family']}\") }\n  notify { \"${trusted['certname']} ${trusted['extensions']['pp_role']} ${trusted['external']['f']['dc']} ${::pre}\": }\n}\n",
		"site/role/manifests/db.pp":          "class role::db {}\n",
		"spec/factsets/deb.json":             `{"name": "x", "values": {"os": {"family": "Debian"}, "trusted": {"extensions": {"pp_role": "web", "certname": "web1.example.com"}, "external": {"f": {"dc": "dc1"}}}}}`,
		"spec/factsets/deb-top.json":         `{"trusted": {"pp_role": "top"}, "trusted_external": {"f": {"dc": "dc2"}}, "values": {"os": {"family": "Debian"}, "trusted": {"extensions": {"pp_role": "ignored"}}}}`,
		"spec/factsets/rhel.json":            `{"os": {"family": "RedHat"}}`,
		"spec/onceover.yaml":                 "classes: [/^role::/]\nnodes: [deb, deb-top, rhel]\ntest_matrix:\n  - all_nodes: {classes: role::web, tests: spec}\n  - deb: {classes: all_classes, tests: spec}\n",
		"site/role/manifests/unmatched.pp.x": "",
	})
	out := filepath.Join(t.TempDir(), "out")
	junitFile := filepath.Join(t.TempDir(), "j.xml")
	stdout, stderr, err := run(t, ".", "matrix", "--puppet", "7", dir, "--work", filepath.Join(os.TempDir(), "pp2go-matrix-test", "work-small"),
		"--node-name", "ci.example.com", "--out-dir", out, "--junit", junitFile)
	var ee *exitError
	require.True(t, errors.As(err, &ee), "%v\n%s", err, stderr)
	require.Equal(t, 1, ee.status, "the rhel cell fails: %v\n%s\n%s", ee.err, stdout, stderr)
	require.Contains(t, stdout, "role::web on rhel (node ci.example.com):\n  Evaluation Error: Error while evaluating a Function Call, no RedHat")
	require.Contains(t, stdout, "Matrix: 4 cells (2 classes × 3 fact sets), 3 compiled, 1 failed in ")
	notify := func(file string) string {
		b, err := os.ReadFile(filepath.Join(out, file))
		require.NoError(t, err)
		var cat struct {
			Resources []struct{ Type, Title string }
		}
		require.NoError(t, json.Unmarshal(b, &cat))
		for _, r := range cat.Resources {
			if r.Type == "Notify" {
				return r.Title
			}
		}
		return ""
	}
	// onceover's spec sets $onceover_class and $onceover_node before the
	// pre_conditions.
	require.Equal(t, "web1.example.com web dc1 from pre_conditions of role::web on deb", notify("role__web_on_deb.json"))
	require.Equal(t, "ci.example.com top dc2 from pre_conditions of role::web on deb-top", notify("role__web_on_deb-top.json"))
	suites, err := junitparser.IngestFile(junitFile)
	require.NoError(t, err)
	require.Len(t, suites, 2)
	require.Equal(t, "role::web", suites[0].Name)
	require.Equal(t, []string{"deb", "deb-top", "rhel"}, []string{suites[0].Tests[0].Name, suites[0].Tests[1].Name, suites[0].Tests[2].Name})
	require.Equal(t, junitparser.StatusFailed, suites[0].Tests[2].Status)
	require.Equal(t, "role::db", suites[1].Name)
}
