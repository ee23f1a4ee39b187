package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/tools/txtar"
)

// writeEnv makes an environment of files (path -> text) in a temporary
// directory.
func writeEnv(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, text := range files {
		full := filepath.Join(dir, p)
		require.NoError(t, os.MkdirAll(filepath.Dir(full), 0o755))
		require.NoError(t, os.WriteFile(full, []byte(text), 0o644))
	}
	return dir
}

// The expected messages and positions are Puppet 7.23's (the cases p01 and
// p09 of typecheck/testdata/puppet-messages).
func TestCheckText(t *testing.T) {
	dir := writeEnv(t, map[string]string{
		"environment.conf":  "modulepath = modules\n",
		"manifests/site.pp": "include nope\nwarn('x')\n",
	})
	out, _, err := run(t, dir, "check", "--puppet", "7", ".")
	require.Equal(t, errSilent, err, "errors make the command fail")
	require.Equal(t, "manifests/site.pp:1:1: error: Could not find class ::nope [UNKNOWN_CLASS]\n"+
		"manifests/site.pp:2:1: error: Unknown function: 'warn'. [UNKNOWN_FUNCTION]\n"+
		"\tdid you mean 'warning'?\n"+
		"2 errors, 0 warnings\n", out)

	clean := writeEnv(t, map[string]string{
		"environment.conf":  "modulepath = modules\n",
		"manifests/site.pp": "notice('hi')\n",
	})
	out, _, err = run(t, clean, "check", "--puppet", "7", ".")
	require.NoError(t, err)
	require.Equal(t, "0 errors, 0 warnings\n", out)
}

func TestCheckJSON(t *testing.T) {
	dir := writeEnv(t, map[string]string{
		"environment.conf":  "modulepath = modules\n",
		"manifests/site.pp": "notice($nope)\n",
	})
	out, _, err := run(t, dir, "check", "--puppet", "7", "--format", "json", dir)
	require.NoError(t, err, "an unassigned variable is a warning, as with strict_variables=false")
	var got struct {
		Version     int
		Diagnostics []map[string]any
		Errors      int
		Warnings    int
	}
	require.NoError(t, json.Unmarshal([]byte(out), &got))
	require.Equal(t, 1, got.Version)
	require.Equal(t, 0, got.Errors)
	require.Equal(t, 1, got.Warnings)
	d := got.Diagnostics[0]
	require.Equal(t, "warning", d["severity"])
	require.Equal(t, "UNKNOWN_VARIABLE", d["code"])
	require.Equal(t, "Unknown variable: 'nope'.", d["message"])
	require.Equal(t, filepath.Join(dir, "manifests/site.pp"), d["file"])
	require.Equal(t, 1.0, d["line"])
	require.Equal(t, 8.0, d["column"])
	require.NotContains(t, d, "hint")

	_, _, err = run(t, dir, "check", "--puppet", "7", "--strict-variables", dir)
	require.Equal(t, errSilent, err, "--strict-variables makes it an error")
	_, _, err = run(t, dir, "check", "--puppet", "7", "--setting", "strict=error", dir)
	require.Equal(t, errSilent, err, "strict=error makes it an error")
	out, _, err = run(t, dir, "check", "--format", "json", dir)
	require.Equal(t, errSilent, err, "Puppet 8's defaults (strict_variables=true) make it an error")
	require.Contains(t, out, `"severity": "error"`)
	_, _, err = run(t, dir, "check", "--setting", "strict_variables=false", "--setting", "strict=warning", dir)
	require.NoError(t, err, "Puppet 8 with Puppet 7's settings")
	_, _, err = run(t, dir, "check", "--setting", "ordering=random", dir)
	require.ErrorContains(t, err, `setting "ordering" cannot be set`)
	_, _, err = run(t, dir, "check", "--puppet", "6", dir)
	require.ErrorContains(t, err, `unknown Puppet version "6"`)
}

// TestCheckModulePath checks a bare module path: the fixture of
// frontend/env, where Puppet reports the Unacceptable location error
// (frontend/env/testdata/expected.json).
func TestCheckModulePath(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	mp := filepath.Join(wd, "..", "..", "frontend", "env", "testdata", "fx", "envs", "production", "modules")
	out, _, err := run(t, wd, "check", "--puppet", "7", "--modulepath", mp)
	require.Equal(t, errSilent, err)
	require.Contains(t, out, "wrongloc/manifests/init.pp:1:1: error: Unacceptable location. The name 'notwrongloc' is unacceptable in file '"+
		filepath.Clean(mp)+"/wrongloc/manifests/init.pp' [ILLEGAL_DEFINITION_LOCATION]\n")
	require.Regexp(t, `\n\d+ errors?, \d+ warnings?\n$`, out)

	_, _, err = run(t, wd, "check")
	require.ErrorContains(t, err, "nothing to check")
}

// TestCheckGitHub: workflow commands as GitHub documents them, with the
// escaping its runner undoes (%, CR, LF in messages; also ':' and ',' in
// properties). The messages are Puppet 7.23's, as in TestCheckText.
func TestCheckGitHub(t *testing.T) {
	dir := writeEnv(t, map[string]string{
		"environment.conf":       "modulepath = modules\n",
		"manifests/a,b:c.pp":     "include nope\nwarn('x')\n",
		"manifests/variables.pp": "notice($nope)\n",
	})
	out, _, err := run(t, dir, "check", "--puppet", "7", "--format", "github", ".")
	require.Equal(t, errSilent, err, "errors make the command fail")
	require.Equal(t, "::error file=manifests/a%2Cb%3Ac.pp,line=1,col=1,title=UNKNOWN_CLASS::Could not find class ::nope\n"+
		"::error file=manifests/a%2Cb%3Ac.pp,line=2,col=1,title=UNKNOWN_FUNCTION::Unknown function: 'warn'.%0Adid you mean 'warning'?\n"+
		"::warning file=manifests/variables.pp,line=1,col=8,title=UNKNOWN_VARIABLE::Unknown variable: 'nope'.\n"+
		"2 errors, 1 warning\n", out)

	require.Equal(t, "100%25 a%0D%0Ab", githubData("100% a\r\nb"))
	require.Equal(t, "a%3A b%2C c%25%0A", githubProperty("a: b, c%\n"))

	_, _, err = run(t, dir, "check", "--puppet", "7", "--format", "yaml", ".")
	require.ErrorContains(t, err, `unknown format "yaml": use text, json or github`)
}

// A diagnostic of one Puppet release only is reported under that release:
// Puppet 8.10 logs the deprecation of a non-literal class parameter type
// (conformance/testdata/lang/puppet8_nonliteral_param_type.txtar), Puppet
// 7.23 logs nothing.
func TestReleaseOnlyDiagnostics(t *testing.T) {
	dir := writeEnv(t, map[string]string{
		"environment.conf":  "modulepath = modules\n",
		"manifests/site.pp": "class c(Integer[(1)] $b = 1) { }\ninclude c\n",
	})
	const msg = "The parameter '$b' must be a literal type, not a Puppet::Pops::Model::AccessExpression"
	for _, puppet := range []string{"7", "8"} {
		out, _, err := run(t, dir, "check", "--puppet", puppet, ".")
		require.NoError(t, err)
		var build bytes.Buffer
		ef := &envFlags{baseModulePath: t.TempDir(), environment: "production", hieraConfig: "/nonexistent/hiera.yaml", puppetFlags: puppetFlags{puppet: puppet}}
		_, err = generate(&build, dir, ef, false, "")
		require.NoError(t, err, build.String())
		if puppet == "7" {
			require.NotContains(t, out, msg)
			require.NotContains(t, build.String(), msg)
		} else {
			require.Contains(t, out, msg)
			require.Contains(t, build.String(), msg)
		}
	}
}

// A module type that Puppet cannot autoload (a provider requires a gem
// nobody has; under Puppet 7.23, a Resource API type) fails every node
// that declares a resource of it or names it (a reference, defaults, a
// collector): check reports each place as an error, with the message and
// position of Puppet's failure there. The expected places are Puppet's
// errors recorded in the lang corpus's archives (want/ for 7.23, want8/
// for 8.10), one node each.
func TestCheckTypeLoad(t *testing.T) {
	puppetErr := regexp.MustCompile(`(?s)Error while evaluating a [^,]+, (Could not autoload .*) \(file: (\S+), line: (\d+), column: (\d+)\) on node`)
	for _, name := range []string{"type_autoload_missing_gem", "type_autoload_references"} {
		ar, err := txtar.ParseFile("../../conformance/testdata/lang/" + name + ".txtar")
		require.NoError(t, err)
		files := map[string]string{"environment.conf": "modulepath = modules\n"}
		outcome := map[string]string{} // want/NODE.error, want8/NODE.error: Puppet's error
		same8 := ""                    // want8/same: the nodes where 8.10 did as 7.23
		for _, f := range ar.Files {
			switch {
			case f.Name == "want8/same":
				same8 = string(f.Data)
			case strings.HasSuffix(f.Name, ".error"):
				outcome[f.Name] = string(f.Data)
			case !strings.HasPrefix(f.Name, "want"):
				files[f.Name] = string(f.Data)
			}
		}
		dir := writeEnv(t, files)
		for _, puppet := range []string{"7", "8"} {
			var want []string
			for file, text := range outcome {
				node := strings.TrimSuffix(path.Base(file), ".error")
				if puppet == "8" && path.Dir(file) == "want" && !slices.Contains(strings.Fields(same8), node) ||
					puppet == "7" && path.Dir(file) == "want8" {
					continue
				}
				if m := puppetErr.FindStringSubmatch(text); m != nil {
					want = append(want, fmt.Sprintf("%s:%s:%s: %s", m[2], m[3], m[4], m[1]))
				}
			}
			out, _, _ := run(t, dir, "check", "--puppet", puppet, "--format", "json", ".")
			var got struct{ Diagnostics []jsonDiag }
			require.NoError(t, json.Unmarshal([]byte(out), &got))
			var places []string
			for _, d := range got.Diagnostics {
				if d.Code == "TYPE_LOAD_FAILED" {
					require.Equal(t, "error", d.Severity)
					file, err := filepath.Rel(dir, d.File)
					require.NoError(t, err)
					places = append(places, fmt.Sprintf("%s:%d:%d: %s", file, d.Line, d.Column, d.Message))
				}
			}
			require.NotEmpty(t, want, "%s as Puppet %s", name, puppet)
			require.ElementsMatch(t, want, places, "%s as Puppet %s", name, puppet)
		}
	}
}
