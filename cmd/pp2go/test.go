package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pp2go/pp2go/rt/spec/covreport"
)

// testsDir is where an environment keeps its Go tests, as rspec-puppet
// keeps its specs in spec/.
const testsDir = "spec"

func newTestCmd() *cobra.Command {
	var ef envFlags
	var work string
	cmd := &cobra.Command{
		Use:   "test [flags] ENV_DIR [go test flags]",
		Short: "Run the Go tests of a Puppet environment (ENV_DIR/spec)",
		Long: `Run the Go tests of a Puppet environment's code: the *_test.go files in
ENV_DIR/spec and its subdirectories (but testdata and those whose names start
with . or _), written with package
github.com/pp2go/pp2go/rt/spec (helpers named after rspec-puppet's matchers).
They get the environment from the generated catalog package, whose import path
is always pp2go.local/catalog/catalog:

  import (
      "github.com/pp2go/pp2go/rt/spec"
      "pp2go.local/catalog/catalog"
  )
  cat := spec.Compile(t, catalog.Program(), "web1.example.com", spec.FactsFile("nodes/web1.json"))

pp2go test generates the environment's Go module (in the work directory that
'pp2go build' uses, or --work) and runs 'go test' there on each directory of
tests, in the directory itself: relative paths (FactsFile("nodes/web1.json"))
are relative to the test file's directory, as in the repository. The files of
one directory make one package; besides the standard library, tests may import
pp2go's packages (rt/spec, rt/values, ...) and the generated ones. When the
repository is itself a Go module, a go.mod in spec/ keeps these tests out of it
(examples/hello/spec has one).

The packages whose TestMain calls spec.CoverageMain give pp2go test their
resource coverage: it prints the coverage of them all together at the end, as
rspec-puppet's Coverage.report! does (on standard error with -json), and fails
when it is below the highest percentage they require. pp2go test names each
directory on standard error before its tests run.

Arguments after ENV_DIR go to 'go test' (-run, -v, -count, ...); flags of
pp2go test come before ENV_DIR. The exit status is go test's (the highest
when several directories ran), or 1 when the tests pass but the coverage is
too low: 0 when every test passes.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			envDir, goFlags := args[0], args[1:]
			stderr := cmd.ErrOrStderr()
			absEnv, err := filepath.Abs(envDir)
			if err != nil {
				return err
			}
			dirs, err := testDirs(filepath.Join(absEnv, testsDir))
			if err != nil {
				return err
			}
			if work == "" {
				if work, err = workDir(envDir); err != nil {
					return err
				}
			}
			res, err := generate(stderr, envDir, &ef, false, work)
			if err != nil {
				return err
			}
			if err := res.Write(work); err != nil {
				return err
			}
			covDir, err := os.MkdirTemp("", "pp2go-test-coverage")
			if err != nil {
				return err
			}
			defer os.RemoveAll(covDir)
			status := 0
			for i, d := range dirs {
				files, err := goFiles(d)
				if err != nil {
					return err
				}
				rel, err := filepath.Rel(filepath.Join(absEnv, testsDir), d)
				if err != nil {
					rel = d
				}
				fmt.Fprintf(stderr, "pp2go test: %s\n", filepath.ToSlash(filepath.Join(testsDir, rel)))
				goTest := exec.Command("go", append(append([]string{"test"}, goFlags...), files...)...)
				goTest.Dir = work
				goTest.Env = append(os.Environ(), covreport.Env+"="+filepath.Join(covDir, fmt.Sprintf("%d.json", i)))
				goTest.Stdout, goTest.Stderr = cmd.OutOrStdout(), stderr
				if err := goTest.Run(); err != nil {
					var ee *exec.ExitError
					if !errors.As(err, &ee) {
						return fmt.Errorf("go test: %w", err)
					}
					status = max(status, ee.ExitCode())
				}
			}
			report := cmd.OutOrStdout()
			if jsonOutput(goFlags) {
				report = stderr // stdout is go test's JSON
			}
			if ok, err := reportCoverage(report, covDir); err != nil {
				return err
			} else if !ok && status == 0 {
				status = 1
			}
			if status != 0 {
				return &exitError{status: status}
			}
			return nil
		},
	}
	// everything after ENV_DIR is go test's
	cmd.Flags().SetInterspersed(false)
	ef.add(cmd)
	cmd.Flags().StringVar(&work, "work", "", "where to keep the generated Go module")
	return cmd
}

// goFiles are a directory's Go files, as go sees them: not those whose
// names start with . or _.
func goFiles(dir string) ([]string, error) {
	all, err := filepath.Glob(filepath.Join(dir, "*.go"))
	var out []string
	for _, f := range all {
		if name := filepath.Base(f); !strings.HasPrefix(name, ".") && !strings.HasPrefix(name, "_") {
			out = append(out, f)
		}
	}
	return out, err
}

// jsonOutput reports whether go test's flags ask for JSON output.
func jsonOutput(flags []string) bool {
	for _, f := range flags {
		if f == "--" {
			break
		}
		if f == "-json" || f == "--json" || f == "-json=true" || f == "--json=true" {
			return true
		}
	}
	return false
}

// testDirs are the directories under root that hold *_test.go files, in
// order (testdata and directories whose names start with . or _ left out,
// as go test ./... leaves them); none is an error.
func testDirs(root string) ([]string, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	err = filepath.WalkDir(abs, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		// as go's ./... does: testdata and what starts with . or _ are no packages
		if name := d.Name(); d.IsDir() && p != abs && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(p, "_test.go") {
			seen[filepath.Dir(p)] = true
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: no such directory: Go tests of the environment live there (*_test.go files)", root)
	}
	if err != nil {
		return nil, err
	}
	if len(seen) == 0 {
		return nil, fmt.Errorf("%s: no Go tests (*_test.go files)", root)
	}
	dirs := make([]string, 0, len(seen))
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs, nil
}

// reportCoverage reports the resource coverage of the packages of tests
// whose TestMain called spec.CoverageMain (each wrote its coverage in
// dir), together, as rspec-puppet reports a run's; false when it is below
// the highest percentage they require. Without such packages it reports
// nothing.
func reportCoverage(w io.Writer, dir string) (bool, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		return true, err
	}
	var all covreport.Data
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return false, err
		}
		var d covreport.Data
		if err := json.Unmarshal(b, &d); err != nil {
			return false, fmt.Errorf("coverage of the tests: %s: %w", f, err)
		}
		all.Merge(&d)
	}
	return covreport.Write(w, all.Result(), all.Required), nil
}
