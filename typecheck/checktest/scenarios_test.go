package checktest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pp2go/pp2go/frontend/diag"
	"github.com/pp2go/pp2go/frontend/env"
	"github.com/pp2go/pp2go/typecheck/resolve"
)

// scenarios is the conformance corpus beside the repository.
const scenarios = "../../../shared/conformance/scenarios"

// TestScenarios checks every conformance scenario the way the oracle
// compiled it (basemodulepath the Debian modules). Those whose nodes all
// compiled must have no error; err_* scenarios may have errors, and the
// ones listed in wantErrors must report that error.
func TestScenarios(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join(scenarios, "*", "scenario.yaml"))
	if len(dirs) == 0 {
		t.Skip("no conformance scenarios beside the repository")
	}
	if _, err := os.Stat(debianModules); err != nil {
		t.Skip("Debian puppet-module-* packages not installed")
	}
	// wantErrors are the err_* scenarios whose failure is a broken reference
	// the checker finds without running the code.
	wantErrors := map[string]string{
		"err_unknown_class": "manifests/site.pp:3:3: Could not find class ::does_not::exist",
	}
	for _, y := range dirs {
		dir := filepath.Dir(y)
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(y)
			if err != nil {
				t.Fatal(err)
			}
			expectsError := strings.Contains(string(data), "expect: error")
			e, err := env.Load(dir, env.Options{BaseModulePath: debianModules})
			if err != nil {
				t.Fatal(err)
			}
			res := resolve.Check(e, resolve.Options{})
			abs, _ := filepath.Abs(dir)
			var errs []string
			for _, d := range res.Diags {
				if d.Severity == diag.Error {
					errs = append(errs, strings.TrimPrefix(d.Short(), abs+"/"))
				}
			}
			if want, ok := wantErrors[name]; ok {
				found := false
				for _, l := range errs {
					found = found || strings.HasPrefix(l, want)
				}
				if !found {
					t.Errorf("want error %q, got %q", want, errs)
				}
				return
			}
			if !expectsError && len(errs) > 0 {
				t.Errorf("Puppet compiled this scenario, but check reports:\n  %s", strings.Join(errs, "\n  "))
			}
		})
	}
}
